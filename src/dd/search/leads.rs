//! Searches that start after the opening lead: the leader's card is on the table and the
//! second hand is to play (the lead solver's per-card tests).

use super::{Search, Trick};

impl Search {
    /// One null-window test from the loaded position after `leader` leads `card`: North-South's
    /// tricks as a bound, a lower bound when at least `beta` and an upper bound otherwise, and
    /// the cards whose ranks the bound relies on.
    pub fn test_after_lead(&mut self, leader: usize, card: u32, beta: i32) -> (i32, u64) {
        #[cfg(target_arch = "x86_64")]
        if self.fast {
            // SAFETY: `fast` is set only when `fast_cpu` found every feature.
            return unsafe { self.after_lead_fast(leader, card, beta) };
        }
        self.after_lead::<false>(leader, card, beta)
    }

    #[inline(always)]
    fn after_lead<const F: bool>(&mut self, leader: usize, card: u32, beta: i32) -> (i32, u64) {
        let t = Trick { leader, lead_suit: 0, win_card: 0, win_seat: leader, played: 0 };
        let (v, rel) = self.try_card::<F, 0>(&t, leader, card, beta);
        (v.clamp(0, self.tricks_left), rel)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    fn after_lead_fast(&mut self, leader: usize, card: u32, beta: i32) -> (i32, u64) {
        self.after_lead::<true>(leader, card, beta)
    }
}
