//! Quick tricks at notrump from both hands of the side on lead, suit by suit (macroxue's idea):
//! the side's winners in a suit are its cards above every opponent's, and the hands' holdings
//! decide how many of them it can cash and in which hand the lead ends.

use super::search::{Search, above, suit_bits, top_bit};

/// One hand's winners in a suit and its whole holding there.
#[derive(Clone, Copy)]
struct Holding {
    cards: u64,
    winners: i32,
}

/// Can partner reach `me` in this suit: does my top winner cover partner's lowest card?
#[inline(always)]
fn entry(me: Holding, pd: Holding) -> bool {
    pd.cards != 0 && me.winners > 0 && top_bit(me.cards) > (pd.cards & pd.cards.wrapping_neg())
}

/// Tricks one hand (`me`) takes in a suit, leading it with partner (`pd`) following or
/// overtaking, when the suit is played from `me`'s side.
#[inline(always)]
fn suit_tricks(me: Holding, pd: Holding) -> i32 {
    if pd.winners == 0 {
        return me.winners;
    }
    if me.winners == 0 {
        // A small card to partner's winners.
        return if me.cards != 0 { pd.winners } else { 0 };
    }
    if top_bit(me.cards) < (pd.cards & pd.cards.wrapping_neg()) {
        // Blocked by partner: every card of his is higher; he cashes his winners.
        return pd.winners;
    }
    if (me.cards & me.cards.wrapping_neg()) > top_bit(pd.cards) {
        // Blocked by me: partner's cards all fall under mine.
        return me.winners;
    }
    // Partner with only winners keeps one as his small card to cross back.
    let pd_winners = pd.winners - i32::from(pd.winners == pd.cards.count_ones() as i32);
    (me.winners + pd_winners).min(me.cards.count_ones() as i32)
}

impl Search {
    /// At notrump, the tricks the leader's side cashes with its winners suit by suit, played
    /// from the leader's hand or, when the leader can reach partner, from partner's; with the
    /// cards relied on (the side's winners).
    #[inline(always)]
    pub(crate) fn combined_tricks(&self, leader: usize) -> (i32, u64) {
        let pd = leader ^ 2;
        let (mut mine, mut theirs, mut to_pd) = (0, 0, false);
        let mut rel = 0u64;
        for s in 0..4 {
            let (m, p) = (suit_bits(self.hands[leader], s), suit_bits(self.hands[pd], s));
            if m | p == 0 {
                continue;
            }
            let opp = suit_bits(self.all, s) & !(m | p);
            let win = above(m | p, opp);
            let me = Holding { cards: m, winners: (win & m).count_ones() as i32 };
            let partner = Holding { cards: p, winners: (win & p).count_ones() as i32 };
            mine += suit_tricks(me, partner);
            theirs += suit_tricks(partner, me);
            to_pd |= entry(partner, me);
            rel |= win << (16 * s);
        }
        let t = if to_pd { mine.max(theirs) } else { mine };
        (t.min(self.tricks_left), rel)
    }
}

#[cfg(test)]
mod tests {
    use super::{Holding, entry, suit_tricks};

    /// A holding from rank letters (2..9, T, J, Q, K, A) and how many of its top cards win.
    fn h(ranks: &str, winners: i32) -> Holding {
        let cards = ranks.chars().map(|c| 1u64 << "23456789TJQKA".find(c).unwrap()).fold(0, |a, b| a | b);
        Holding { cards, winners }
    }

    #[test]
    fn both_hands_winners() {
        // Opponents hold the suit's other seven cards, so each count is the most it gives.
        // AK54 opposite QJ: a small card to the queen, the jack overtaken by the king, the ace.
        assert_eq!(suit_tricks(h("AK54", 2), h("QJ", 2)), 3);
        // 2 opposite AK: a small card to partner's two winners.
        assert_eq!(suit_tricks(h("2", 0), h("AK", 2)), 2);
        // AKQ opposite J: the jack falls under the ace.
        assert_eq!(suit_tricks(h("AKQ", 3), h("J", 1)), 3);
        // Partner reaches AK54 from QJ (the ace covers his jack), not AKQ from a void.
        assert!(entry(h("AK54", 2), h("QJ", 2)));
        assert!(!entry(h("AKQ", 3), h("", 0)));
    }
}
