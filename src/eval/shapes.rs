//! Shape tests on a compact index: the 560 shapes a 13-card hand can have, numbered, so that
//! each `shape()` call's set is 9 words (72 bytes) instead of the 4,802-byte table over every
//! length quadruple, and a script of many shape calls stays in the first-level cache.

use crate::cards::{Hand, Suit};
use crate::script::shape::{ShapeTable, index};

/// Shapes a hand of 13 cards can have.
pub(super) const SHAPES: usize = 560;
const WORDS: usize = SHAPES.div_ceil(64);

/// Each (spades, hearts, diamonds) length triple's shape number, at `(s * 14 + h) * 14 + d`
/// (clubs make 13); `u16::MAX` where the three hold more than 13 cards.
static NUMBER: [u16; 14 * 14 * 14] = numbers();

const fn numbers() -> [u16; 14 * 14 * 14] {
    let mut t = [u16::MAX; 14 * 14 * 14];
    let (mut next, mut s) = (0u16, 0);
    while s < 14 {
        let mut h = 0;
        while s + h < 14 {
            let mut d = 0;
            while s + h + d < 14 {
                t[(s * 14 + h) * 14 + d] = next;
                next += 1;
                d += 1;
            }
            h += 1;
        }
        s += 1;
    }
    t
}

/// The hand's shape number, 0..560.
#[inline]
pub(super) fn number(h: Hand) -> usize {
    let (s, he, d) = (h.len(Suit::Spades), h.len(Suit::Hearts), h.len(Suit::Diamonds));
    NUMBER[(s as usize * 14 + he as usize) * 14 + d as usize] as usize
}

/// Every `shape()` call's set of shapes, by shape number.
#[derive(Debug, Default)]
pub(super) struct ShapeSets {
    sets: Vec<[u64; WORDS]>,
}

impl ShapeSets {
    pub(super) fn new(tables: &[ShapeTable]) -> ShapeSets {
        let sets = tables.iter().map(compact).collect();
        ShapeSets { sets }
    }

    /// Whether set `t` holds shape number `n`.
    #[inline(always)]
    pub(super) fn holds(&self, t: usize, n: usize) -> bool {
        self.sets[t][n >> 6] >> (n & 63) & 1 != 0
    }
}

/// Each shape number's suit lengths, clubs to spades.
pub(super) fn lengths() -> [[u8; 4]; SHAPES] {
    let mut out = [[0u8; 4]; SHAPES];
    for s in 0..14u8 {
        for h in 0..14 - s {
            for d in 0..14 - s - h {
                let n = NUMBER[((s as usize * 14) + h as usize) * 14 + d as usize] as usize;
                out[n] = [13 - s - h - d, d, h, s];
            }
        }
    }
    out
}

fn compact(table: &ShapeTable) -> [u64; WORDS] {
    let mut set = [0u64; WORDS];
    for s in 0..14u32 {
        for h in 0..14 - s {
            for d in 0..14 - s - h {
                let n = NUMBER[((s * 14 + h) * 14 + d) as usize] as usize;
                if table.contains(index(s, h, d, 13 - s - h - d)) {
                    set[n >> 6] |= 1 << (n & 63);
                }
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::{NUMBER, SHAPES, lengths, number};
    use crate::cards::{Suit, parse_deal};

    #[test]
    fn every_shape_has_its_own_number() {
        let mut seen: Vec<u16> = NUMBER.iter().copied().filter(|&n| n != u16::MAX).collect();
        assert_eq!(seen.len(), SHAPES);
        seen.sort_unstable();
        assert!(seen.iter().enumerate().all(|(i, &n)| n as usize == i));
    }

    #[test]
    fn a_shape_number_gives_back_the_lengths() {
        let d = parse_deal("n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72").unwrap();
        let table = lengths();
        for h in d.hands {
            assert_eq!(table[number(h)], Suit::ALL.map(|s| h.len(s) as u8));
        }
    }
}
