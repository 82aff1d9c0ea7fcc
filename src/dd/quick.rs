//! Quick tricks: tricks the side on lead can cash at once from the leader's hand.

use super::search::{suit_bits, top_bit, Search};

impl Search {
    /// Sure tricks for the leader's side taken by the leader cashing winners, with the cards
    /// whose ranks the count relies on.
    pub(crate) fn quick_tricks(&self, leader: usize) -> (i32, u64) {
        let (pd, lho, rho) = (leader ^ 2, (leader + 1) & 3, (leader + 3) & 3);
        let trump = self.trump;
        let trumps = |h: usize| trump < 4 && suit_bits(self.hands[h], trump) != 0;
        let (l_ruffs, r_ruffs) = (trumps(lho), trumps(rho));
        let mut count = 0;
        let mut rel = 0u64;
        for s in 0..4 {
            let mine = suit_bits(self.hands[leader], s);
            if mine == 0 {
                continue;
            }
            let (l, r) = (suit_bits(self.hands[lho], s), suit_bits(self.hands[rho], s));
            let pd_s = suit_bits(self.hands[pd], s);
            let ruff_risk = s != trump && (l_ruffs || r_ruffs);
            // Top sequence of the leader among the suit's remaining cards.
            let mut rest = suit_bits(self.all, s);
            let mut top = 0u64;
            while rest != 0 {
                let t = top_bit(rest);
                if t & mine == 0 {
                    break;
                }
                top |= t;
                rest ^= t;
            }
            let k = top.count_ones();
            let opp_len = l.count_ones().max(r.count_ones());
            let partner_low = pd_s == 0 || top_bit(pd_s) < (mine & mine.wrapping_neg());
            let mut n = k;
            let mut used = top;
            if ruff_risk {
                if l_ruffs {
                    n = n.min(l.count_ones());
                }
                if r_ruffs {
                    n = n.min(r.count_ones());
                }
                // Only the top n cards are relied on.
                for _ in n..k {
                    used &= used - 1;
                }
            } else if opp_len <= k && partner_low {
                n = mine.count_ones();
                // With partner holding cards, "partner's are lower" relies on all of ours.
                used = if pd_s != 0 { mine } else if opp_len == 0 { 0 } else { top };
            }
            count += n as i32;
            rel |= used << (16 * s);
        }
        (count, rel)
    }
}
