//! What one deal's evaluation remembers: each variable's value, stamped with the deal it was
//! computed for, so that nothing is cleared between deals.

/// Each variable's value on the current deal, by the variable's index.
#[derive(Debug, Default)]
pub struct Memo {
    /// The current deal's stamp (never 0 once a deal has started).
    stamp: u32,
    /// Per variable: the stamp of the deal its value belongs to, and the value.
    slots: Vec<(u32, i32)>,
}

impl Memo {
    /// Starts a new deal: every value held becomes stale.
    pub(super) fn next_deal(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
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

#[cfg(test)]
mod tests {
    use super::Memo;

    #[test]
    fn a_value_lasts_one_deal() {
        let mut m = Memo::default();
        m.next_deal();
        m.set(3, 7, 4);
        assert_eq!((m.get(3), m.get(2), m.get(9)), (Some(7), None, None));
        m.next_deal();
        assert_eq!(m.get(3), None);
    }

    #[test]
    fn the_stamp_wrapping_forgets_everything() {
        let mut m = Memo { stamp: u32::MAX - 1, slots: Vec::new() };
        m.next_deal();
        m.set(0, 5, 1);
        m.next_deal();
        assert_eq!(m.stamp, 1);
        assert_eq!(m.get(0), None);
    }
}
