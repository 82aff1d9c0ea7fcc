//! dealer 1.24's own copy of the old BSD `random()`: TYPE_3 additive feedback, x^31 + x^3 + 1,
//! seeded by an LCG with multiplier 1103515145.

/// Words generated per refill (a multiple of 3).
const BATCH: usize = 249;

/// The generator's state: `x[n] = x[n-31] + x[n-3]`, refilled `BATCH` words at a time into a
/// linear buffer whose first 31 words are the previous batch's last 31. This is the same
/// sequence as the original's front and rear pointers, with far less work per draw.
#[derive(Clone, Debug)]
pub struct BsdRandom {
    buf: [u32; 31 + BATCH],
    next: usize,
}

impl BsdRandom {
    /// `srandom(seed)` with the seed taken mod 2^32.
    pub fn new(seed: u32) -> BsdRandom {
        let mut state = [0u32; 31];
        state[0] = seed;
        for i in 1..31 {
            state[i] = state[i - 1].wrapping_mul(1_103_515_145).wrapping_add(12_345);
        }
        // The original's front pointer starts at 3: that word is the oldest.
        let mut buf = [0u32; 31 + BATCH];
        for (i, b) in buf[BATCH..].iter_mut().enumerate() {
            *b = state[(3 + i) % 31];
        }
        let mut g = BsdRandom { buf, next: 31 + BATCH };
        for _ in 0..310 {
            g.step();
        }
        g
    }

    #[cold]
    fn refill(&mut self) {
        let b = &mut self.buf;
        b.copy_within(BATCH.., 0);
        // The last three words stay in registers: reading them back from memory would chain
        // every word to a store three words before.
        let (mut x3, mut x2, mut x1) = (b[28], b[29], b[30]);
        for k in (31..31 + BATCH).step_by(3) {
            let w0 = b[k - 31].wrapping_add(x3);
            let w1 = b[k - 30].wrapping_add(x2);
            let w2 = b[k - 29].wrapping_add(x1);
            b[k] = w0;
            b[k + 1] = w1;
            b[k + 2] = w2;
            (x3, x2, x1) = (w0, w1, w2);
        }
        self.next = 31;
    }

    /// One generator step: the 32-bit word just written.
    #[inline(always)]
    pub fn step(&mut self) -> u32 {
        if self.next == 31 + BATCH {
            self.refill();
        }
        let w = self.buf[self.next];
        self.next += 1;
        w
    }

    /// Fills `out` with `table[w >> 16]` for the words `w` to come, skipping (and consuming) the
    /// words whose entry is `reject`: as many draws with rejection as `out` is long.
    #[inline]
    pub fn draw_into(&mut self, out: &mut [u8], table: &[u8; 65536], reject: u8) {
        let mut k = 0;
        while k < out.len() {
            if self.next == 31 + BATCH {
                self.refill();
            }
            // One word fills at most one place, so this many words cannot overfill `out`.
            let take = (31 + BATCH - self.next).min(out.len() - k);
            for &w in &self.buf[self.next..self.next + take] {
                let t = table[(w >> 16) as usize];
                out[k] = t;
                k += usize::from(t != reject);
            }
            self.next += take;
        }
    }

    /// What dealer.exe's `random()` returns (31 bits).
    pub fn random31(&mut self) -> u32 {
        (self.step() >> 1) & 0x7FFF_FFFF
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_values_seed_1_and_2() {
        let mut g = BsdRandom::new(1);
        let first: Vec<u32> = (0..20).map(|_| g.random31()).collect();
        let want = [
            269167349, 1169529124, 889801541, 1254073978, 374297457, 2065258565, 1482041942, 628309313, 1207992583,
            234901288, 1768143021, 1535290225, 1807873307, 1033140246, 963662197, 1145084505, 249139303, 1601222392,
            841330414, 146139516,
        ];
        assert_eq!(first, want);
        let mut g = BsdRandom::new(2);
        let first: Vec<u32> = (0..4).map(|_| g.random31()).collect();
        assert_eq!(first, [1858980908, 1463972797, 867357405, 46344911]);
    }

    #[test]
    fn first_words_after_seeding() {
        let mut g = BsdRandom::new(1);
        let w: Vec<u32> = (0..3).map(|_| g.step()).collect();
        assert_eq!(w, [0x201655EB, 0x8B6B3248, 0x6A12968B]);
    }
}
