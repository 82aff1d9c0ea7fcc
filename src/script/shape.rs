//! Shape tables: the set of the 560 shapes a `shape()` list admits, tested by table lookup.

/// Number of entries: lengths 0..=13 in each of the four suits.
pub const SIZE: usize = 14 * 14 * 14 * 14;

/// Index of the lengths of spades, hearts, diamonds and clubs.
#[inline]
pub fn index(s: u32, h: u32, d: u32, c: u32) -> usize {
    (((s * 14 + h) * 14 + d) * 14 + c) as usize
}

/// The shapes one `shape()` call admits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeTable {
    bits: Vec<u64>,
}

impl Default for ShapeTable {
    fn default() -> Self {
        ShapeTable { bits: vec![0; SIZE.div_ceil(64)] }
    }
}

impl ShapeTable {
    /// True when the lengths (spades, hearts, diamonds, clubs) are admitted.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.bits[i >> 6] >> (i & 63) & 1 != 0
    }
    /// Admits or excludes one shape.
    pub fn set(&mut self, lens: [u32; 4], on: bool) {
        let i = index(lens[0], lens[1], lens[2], lens[3]);
        if on {
            self.bits[i >> 6] |= 1 << (i & 63);
        } else {
            self.bits[i >> 6] &= !(1 << (i & 63));
        }
    }
    /// Number of admitted shapes.
    pub fn count(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// Why a pattern cannot be expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// Digits without `x` not summing to 13.
    WrongSum(u32),
    /// Digits with `x` already over 13.
    TooMany(u32),
}

/// Expands one 4-character pattern (`4333`, `5xx3`) into complete shapes, S H D C order;
/// with `any`, every permutation of each.
pub fn expand(pattern: &str, any: bool) -> Result<Vec<[u32; 4]>, PatternError> {
    let digits: Vec<Option<u32>> = pattern.bytes().map(|b| (b != b'x').then(|| u32::from(b - b'0'))).collect();
    let fixed: u32 = digits.iter().flatten().sum();
    let xs = digits.iter().filter(|d| d.is_none()).count();
    if xs == 0 && fixed != 13 {
        return Err(PatternError::WrongSum(fixed));
    }
    if fixed > 13 {
        return Err(PatternError::TooMany(fixed));
    }
    let mut out = Vec::new();
    fill(&digits, 0, [0; 4], 13 - fixed, xs, &mut out);
    if any {
        let mut all = Vec::new();
        for s in out {
            permutations(s, &mut all);
        }
        all.sort_unstable();
        all.dedup();
        return Ok(all);
    }
    Ok(out)
}

fn fill(d: &[Option<u32>], i: usize, cur: [u32; 4], left: u32, xs: usize, out: &mut Vec<[u32; 4]>) {
    if i == 4 {
        out.push(cur);
        return;
    }
    let mut next = cur;
    match d[i] {
        Some(v) => {
            next[i] = v;
            fill(d, i + 1, next, left, xs, out);
        }
        None if xs == 1 => {
            next[i] = left;
            fill(d, i + 1, next, 0, 0, out);
        }
        None => {
            for v in 0..=left {
                next[i] = v;
                fill(d, i + 1, next, left - v, xs - 1, out);
            }
        }
    }
}

fn permutations(s: [u32; 4], out: &mut Vec<[u32; 4]>) {
    const P: [[usize; 4]; 24] = perms();
    for p in P {
        out.push([s[p[0]], s[p[1]], s[p[2]], s[p[3]]]);
    }
}

const fn perms() -> [[usize; 4]; 24] {
    let mut out = [[0; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                let d = if a + b + c <= 6 { 6 - a - b - c } else { 9 };
                if a != b && a != c && b != c && d < 4 && d != a && d != b && d != c {
                    out[n] = [a, b, c, d];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expansion_counts() {
        assert_eq!(expand("4333", false).unwrap(), vec![[4, 3, 3, 3]]);
        assert_eq!(expand("4333", true).unwrap().len(), 4);
        assert_eq!(expand("5431", true).unwrap().len(), 24);
        assert_eq!(expand("5xxx", false).unwrap().len(), 45); // 8 cards in 3 suits: C(10,2)
        assert_eq!(expand("x000", false).unwrap(), vec![[13, 0, 0, 0]]);
        assert_eq!(expand("4334", false), Err(PatternError::WrongSum(14)));
        assert_eq!(expand("9xx5", false), Err(PatternError::TooMany(14)));
    }

    #[test]
    fn table_set_and_count() {
        let mut t = ShapeTable::default();
        for s in expand("4333", true).unwrap() {
            t.set(s, true);
        }
        t.set([4, 3, 3, 3], false);
        assert_eq!(t.count(), 3);
        assert!(t.contains(index(3, 4, 3, 3)));
        assert!(!t.contains(index(4, 3, 3, 3)));
    }
}
