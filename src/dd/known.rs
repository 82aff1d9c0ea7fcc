//! What is known of one deal's double-dummy results: per declarer and strain, the range the
//! declarer's tricks lie in, narrowed by bound tests and exact solves.

use super::DdTable;
use crate::cards::Deal;

/// Ranges of declarer's tricks by declarer (N, E, S, W) and strain (C, D, H, S, NT).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    lo: [[u8; 5]; 4],
    hi: [[u8; 5]; 4],
}

impl Known {
    /// Nothing known of a deal of `tricks` tricks (every result lies in `0..=tricks`).
    pub fn new(tricks: u8) -> Known {
        Known { lo: [[0; 5]; 4], hi: [[tricks; 5]; 4] }
    }

    /// Nothing known of `deal` (its hands' size is the number of tricks, at most 13).
    pub fn of(deal: &Deal) -> Known {
        Known::new(deal.hands[0].count().min(13) as u8)
    }

    /// Every result known exactly: a solved table.
    pub fn from_table(t: &DdTable) -> Known {
        Known { lo: t.tricks, hi: t.tricks }
    }

    /// The range `(lo, hi)` of declarer's tricks.
    pub fn range(&self, declarer: usize, strain: usize) -> (u8, u8) {
        (self.lo[declarer][strain], self.hi[declarer][strain])
    }

    /// Declarer's tricks, when known exactly.
    pub fn exact(&self, declarer: usize, strain: usize) -> Option<u8> {
        let (lo, hi) = self.range(declarer, strain);
        (lo == hi).then_some(lo)
    }

    /// Whether declarer takes at least `target` tricks, when the range decides it.
    pub fn at_least(&self, declarer: usize, strain: usize, target: i32) -> Option<bool> {
        let (lo, hi) = self.range(declarer, strain);
        if target <= i32::from(lo) {
            Some(true)
        } else if target > i32::from(hi) {
            Some(false)
        } else {
            None
        }
    }

    /// The whole table, when every result is known exactly.
    pub fn table(&self) -> Option<DdTable> {
        (self.lo == self.hi).then_some(DdTable { tricks: self.lo })
    }

    /// Learns that declarer's tricks lie in `lo..=hi` (kept within what was known).
    pub fn narrow(&mut self, declarer: usize, strain: usize, lo: u8, hi: u8) {
        let (l, h) = (&mut self.lo[declarer][strain], &mut self.hi[declarer][strain]);
        *l = (*l).max(lo).min(*h);
        *h = (*h).min(hi).max(*l);
    }
}
