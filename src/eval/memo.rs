//! What one deal's evaluation remembers: each variable's value, stamped with the deal it was
//! computed for, so that nothing is cleared between deals.

/// Each variable's value on the current deal, by the variable's index.
#[derive(Debug)]
pub struct Memo {
    /// The current deal's stamp (never 0 once a deal has started).
    stamp: u32,
    /// Per variable: the stamp of the deal its value belongs to, and the value.
    slots: Vec<(u32, i32)>,
    /// Hand facts, per seat: the whole hand's count-table row sums (0..12), losers (12) and
    /// shape number (13), each stamped as the variables are.
    totals: [[(u32, i32); TOTALS]; 4],
}

/// The whole-hand facts kept per seat: 12 count-table rows, losers, the shape number.
pub(super) const TOTALS: usize = 14;

/// Where losers are kept among a seat's facts.
pub(super) const LOSERS: usize = 12;

/// Where the shape number is kept among a seat's facts.
pub(super) const SHAPE: usize = 13;

impl Default for Memo {
    fn default() -> Memo {
        Memo { stamp: 0, slots: Vec::new(), totals: [[(0, 0); TOTALS]; 4] }
    }
}

impl Memo {
    /// Starts a new deal: every value held becomes stale.
    pub(super) fn next_deal(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.totals = [[(0, 0); TOTALS]; 4];
            self.stamp = 1;
        }
    }

    /// Variable `i`'s value on this deal, when computed.
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> Option<i32> {
        match self.slots.get(i) {
            Some(&(stamp, v)) if stamp == self.stamp => Some(v),
            _ => None,
        }
    }

    /// Keeps variable `i` (of `n`) 's value on this deal.
    #[inline(always)]
    pub(super) fn set(&mut self, i: usize, v: i32, n: usize) {
        if i >= self.slots.len() {
            self.slots.resize(n.max(i + 1), (0, 0));
        }
        self.slots[i] = (self.stamp, v);
    }
}

impl Memo {
    /// Whole-hand fact `k` of `seat` on this deal, computed by `f` the first time.
    #[inline(always)]
    pub(super) fn total(&mut self, seat: usize, k: usize, f: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.totals[seat][k];
        if slot.0 != self.stamp {
            *slot = (self.stamp, f());
        }
        slot.1
    }
}

#[cfg(test)]
mod tests {
    use super::Memo;

    #[test]
    fn a_value_lasts_one_deal() {
        let mut m = Memo::default();
        m.next_deal();
        m.set(3, 7, 4);
        assert_eq!((m.get(3), m.get(2), m.get(9)), (Some(7), None, None));
        assert_eq!((m.total(1, 0, || 12), m.total(1, 0, || 99)), (12, 12));
        m.next_deal();
        assert_eq!(m.get(3), None);
        assert_eq!(m.total(1, 0, || 7), 7);
    }

    #[test]
    fn the_stamp_wrapping_forgets_everything() {
        let mut m = Memo { stamp: u32::MAX - 1, ..Memo::default() };
        m.next_deal();
        m.set(0, 5, 1);
        assert_eq!(m.total(2, 0, || 9), 9);
        m.next_deal();
        assert_eq!(m.stamp, 1);
        assert_eq!(m.get(0), None);
        assert_eq!(m.total(2, 0, || 4), 4);
    }
}
