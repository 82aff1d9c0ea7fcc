//! Move generation (one card per rank-equivalent sequence) and heuristic move ordering.

use super::lead_fit::{NOTRUMP_WEIGHTS, SUIT_WEIGHTS, SuitLead};
use super::search::{Search, Trick, suit_bits, top_bit};

/// Weight of each of the opponents' choices in a lead's score (see `tree_cost`).
const CHOICE_WEIGHT: i32 = 14;
/// What a void counts as among the opponents' choices.
const VOID_CHOICES: i32 = 6;
/// At notrump, the cost of leading a suit partner is void in.
const PARTNER_VOID: i32 = 20;

/// Candidate cards of a node, best first after [`MoveList::sort`].
#[derive(Default)]
pub(crate) struct MoveList {
    pub cards: [u8; 13],
    pub scores: [i16; 13],
    pub len: usize,
}

impl MoveList {
    #[inline(always)]
    fn push(&mut self, card: u32, score: i32) {
        self.cards[self.len] = card as u8;
        self.scores[self.len] = score as i16;
        self.len += 1;
    }

    /// Insertion sort by descending score (stable).
    #[inline(always)]
    fn sort(&mut self) {
        for i in 1..self.len {
            let (c, s) = (self.cards[i], self.scores[i]);
            let mut j = i;
            while j > 0 && self.scores[j - 1] < s {
                self.cards[j] = self.cards[j - 1];
                self.scores[j] = self.scores[j - 1];
                j -= 1;
            }
            self.cards[j] = c;
            self.scores[j] = s;
        }
    }
}

/// One card per run of cards adjacent among `all` (the suit's cards left at the start of the
/// trick) and held by the same hand: the highest of each run.
#[inline(always)]
fn representatives<const F: bool>(h: u64, all: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if F {
        use std::arch::x86_64::{_pdep_u64, _pext_u64};
        // SAFETY: `F` is true only in the build for CPUs with BMI2 (see `search::dispatch`).
        return unsafe {
            let rel = _pext_u64(h, all);
            _pdep_u64(rel & !(rel >> 1), all)
        };
    }
    let mut reps = 0;
    let mut x = h;
    while x != 0 {
        let c = x & x.wrapping_neg();
        x ^= c;
        let above = all & !(c | (c - 1));
        let next = above & above.wrapping_neg();
        if next & h == 0 {
            reps |= c;
        }
    }
    reps
}

impl Search {
    /// The one card `player` can follow suit with, when all his cards of the suit led are
    /// equivalent (he has no choice).
    #[inline(always)]
    pub(crate) fn only_follow<const F: bool>(&self, t: &Trick, player: usize) -> Option<u32> {
        let follow = suit_bits(self.hands[player], t.lead_suit);
        let reps = representatives::<F>(follow, suit_bits(self.all, t.lead_suit));
        (reps != 0 && reps & (reps - 1) == 0).then(|| (t.lead_suit * 16) as u32 + reps.trailing_zeros())
    }

    /// Fills `list` with the legal, non-equivalent cards of `player`, ordered (for a search
    /// against `beta`).
    #[inline(always)]
    pub(crate) fn gen_moves<const F: bool>(
        &self,
        t: &Trick,
        pos: usize,
        player: usize,
        beta: i32,
        list: &mut MoveList,
    ) {
        let hand = self.hands[player];
        if pos > 0 {
            let follow = suit_bits(hand, t.lead_suit);
            if follow != 0 {
                self.follow_moves::<F>(t, pos, player, follow, list);
            } else {
                self.void_moves::<F>(t, pos, player, list);
            }
        } else {
            self.lead_moves::<F>(player, self.side_need(player & 1 == 0, beta), list);
        }
        list.sort();
    }

    /// Leads, by the suit's class (best first): toward partner's honours sitting over LHO's, then
    /// ordinary suits (those where partner holds the top card or can ruff first), then trumps,
    /// then leads into RHO's tenace (suit contracts); within a class the suit's top and bottom
    /// cards (the bottom first when partner holds the top). Other cards follow, high first, and
    /// suits an opponent can ruff (and leads into a tenace at notrump) come last. Every score
    /// then falls with the suit's [`Search::tree_cost`], which can reorder the classes, and
    /// on deals like those they were fitted on gets the fitted terms of `lead_fit.rs` (`need`:
    /// the tricks the leader's side needs).
    #[inline(always)]
    fn lead_moves<const F: bool>(&self, p: usize, need: i32, list: &mut MoveList) {
        let w = match (self.fitted_leads, self.trump < 4) {
            (false, _) => None,
            (true, true) => Some(&SUIT_WEIGHTS),
            (true, false) => Some(&NOTRUMP_WEIGHTS),
        };
        let highest = w.map_or(0, |w| w.highest_term(need, self.tricks_left));
        for s in 0..4 {
            let h = suit_bits(self.hands[p], s);
            if h == 0 {
                continue;
            }
            let all_s = suit_bits(self.all, s);
            let reps = representatives::<F>(h, all_s);
            let lead = SuitLead {
                class: self.lead_class(p, s),
                tree_cost: self.tree_cost(p, s),
                bonus: self.second_cards_bonus(p, s, all_s),
                need,
            };
            let (class, cost) = (lead.class, lead.tree_cost - lead.bonus);
            let fitted = w.map_or(0, |w| self.fitted_suit_terms(w, p, s, &lead));
            let (top, bottom) = (top_bit(reps), reps & reps.wrapping_neg());
            let low_first = suit_bits(self.hands[p ^ 2], s) & top_bit(all_s) != 0;
            let mut x = reps;
            while x != 0 {
                let c = x & x.wrapping_neg();
                x ^= c;
                let rank = c.trailing_zeros() as i32;
                let preferred = class > 0 && (if low_first { c == bottom } else { c == top });
                let sc = if class > 0 && (c == top || c == bottom) {
                    class * 4 + preferred as i32
                } else if class == 0 {
                    rank - 40
                } else {
                    rank - 20
                } - cost;
                let sc = sc + fitted + w.map_or(0, |w| w.card_terms(c, reps, all_s, preferred, highest));
                list.push(s as u32 * 16 + rank as u32, sc);
            }
        }
    }

    /// DDS's notrump adjustments of a lead in suit `s` for the owners of its second and third
    /// cards, in DDS's units (about half our scale), at every strain. When the leader's side
    /// holds the top card: +22 when LHO holds the second (+16 as a singleton), -1 when RHO holds
    /// it guarded, +27 unless an opponent holds it guarded. Otherwise: -10 when RHO holds the
    /// first or second guarded, else +31 when LHO holds the first and partner a guarded second;
    /// +35 when partner holds the second and third, +25 when the side holds them (partner
    /// guarded). With trump leads at 35 (see `lead_class`): 6% fewer nodes on
    /// list100's single results, 8% on list1000's and mx-1k's first 300, 5% on list100's
    /// tables, 0.3% more on the freak set (docs/benchmarks.md).
    #[inline(always)]
    fn second_cards_bonus(&self, p: usize, s: usize, all_s: u64) -> i32 {
        let (pd, lho, rho) = (p ^ 2, (p + 1) & 3, (p + 3) & 3);
        let len = |h: usize| suit_bits(self.hands[h], s).count_ones();
        // Owners of the top three cards (4: no such card).
        let own = self.owners(s);
        let n = all_s.count_ones();
        let owner = |j: u32| if j < n { (own >> (2 * j) & 3) as usize } else { 4 };
        let (o1, o2, o3) = (owner(0), owner(1), owner(2));
        let guarded = |h: usize| len(h) != 1;
        if o1 == p || o1 == pd {
            let second = if o2 == lho {
                if guarded(lho) { 22 } else { 16 }
            } else if o2 == rho && guarded(rho) {
                -1
            } else {
                0
            };
            let unguarded = (o2 != lho || !guarded(lho)) && (o2 != rho || !guarded(rho));
            return second + if unguarded { 27 } else { 0 };
        }
        let against = if (o1 == rho || o2 == rho) && guarded(rho) {
            -10
        } else if o1 == lho && o2 == pd && guarded(pd) {
            31
        } else {
            0
        };
        let next_round = if o2 == pd && o3 == pd {
            35
        } else if ((o2 == p && o3 == pd) || (o2 == pd && o3 == p)) && len(pd) > 1 {
            25
        } else {
            0
        };
        against + next_round
    }

    /// What a lead in suit `s` costs in the size of the tree, as DDS estimates it: the choices
    /// it gives the opponents (their lengths in it, a void counting as [`VOID_CHOICES`]; counted
    /// as the tricks left, as DDS does, thomas1's notrump took 2.5 times longer) and, at
    /// notrump, partner's void.
    #[inline(always)]
    fn tree_cost(&self, p: usize, s: usize) -> i32 {
        let len = |h: usize| match suit_bits(self.hands[h], s).count_ones() as i32 {
            0 => VOID_CHOICES,
            n => n,
        };
        let pd_void = self.trump == 4 && suit_bits(self.hands[p ^ 2], s) == 0;
        (len((p + 1) & 3) + len((p + 3) & 3)) * CHOICE_WEIGHT + PARTNER_VOID * i32::from(pd_void)
    }

    /// The class of leading suit `s` from seat `p` (see `lead_moves`; 0 = last).
    #[inline(always)]
    fn lead_class(&self, p: usize, s: usize) -> i32 {
        let (pd, lho, rho) = (p ^ 2, (p + 1) & 3, (p + 3) & 3);
        let trump = self.trump;
        let has_trumps = |h: usize| trump < 4 && suit_bits(self.hands[h], trump) != 0;
        let held = |h: usize| suit_bits(self.hands[h], s);
        let (h, pd_s, l_s, r_s) = (held(p), held(pd), held(lho), held(rho));
        if s == trump {
            // Just below the ordinary suits (at 30, about 1% more nodes on list100's results
            // and tables, list1000 and the freak set).
            return 35;
        }
        if (l_s == 0 && has_trumps(lho)) || (r_s == 0 && has_trumps(rho)) {
            return 0;
        }
        // The suit's four top cards left.
        let next = |x: u64| if x == 0 { (0, 0) } else { (top_bit(x), x & !top_bit(x)) };
        let (t1, r1) = next(suit_bits(self.all, s));
        let (t2, r2) = next(r1);
        let (t3, r3) = next(r2);
        let (t4, _) = next(r3);
        let two = |x: u64| x.count_ones() >= 2;
        let toward_partner = two(pd_s)
            && two(l_s)
            && ((pd_s & t1 != 0 && l_s & t2 != 0 && (pd_s & t3 != 0 || (h & t3 != 0 && h & t4 != 0)))
                || (pd_s & t2 != 0 && l_s & t1 != 0));
        let into_tenace = two(h)
            && two(r_s)
            && ((h & t1 != 0 && r_s & t2 != 0) || (h & t2 != 0 && r_s & t1 != 0 && (h | pd_s) & t3 == 0));
        if toward_partner {
            50
        } else if into_tenace {
            if trump < 4 { 20 } else { 0 }
        } else if pd_s & t1 != 0 || (pd_s == 0 && has_trumps(pd)) {
            45
        } else {
            40
        }
    }

    #[inline(always)]
    fn follow_moves<const F: bool>(&self, t: &Trick, pos: usize, p: usize, follow: u64, list: &mut MoveList) {
        let s = t.lead_suit;
        let all_s = suit_bits(self.all, s);
        let reps = representatives::<F>(follow, all_s);
        let partner_wins = t.win_seat == p ^ 2;
        let win_in_suit = t.win_card as usize / 16 == s;
        let win_rank = t.win_card as i32 % 16;
        // Cards of the players still to come in this trick.
        let mut later = 0u64;
        for i in pos + 1..4 {
            later |= suit_bits(self.hands[(t.leader + i) & 3], s);
        }
        let later_top = if later == 0 { -1 } else { 63 - later.leading_zeros() as i32 };
        let mut x = reps;
        while x != 0 {
            let c = x & x.wrapping_neg();
            x ^= c;
            let rank = c.trailing_zeros() as i32;
            let beats = win_in_suit && rank > win_rank;
            let sc = if partner_wins && (pos == 3 || win_rank > later_top || !win_in_suit) {
                -rank
            } else if beats {
                if pos == 3 || rank > later_top {
                    60 - rank
                } else if pos == 2 {
                    20 - rank
                } else {
                    -20 - rank
                }
            } else {
                -rank
            };
            list.push(s as u32 * 16 + rank as u32, sc);
        }
    }

    #[inline(always)]
    fn void_moves<const F: bool>(&self, t: &Trick, pos: usize, p: usize, list: &mut MoveList) {
        let partner_wins = t.win_seat == p ^ 2;
        let trump = self.trump;
        // Partner's card stays winning: fourth hand, or third hand (partner led) with LHO
        // following below it.
        let partner_safe = partner_wins
            && (pos == 3 || {
                let l = suit_bits(self.hands[(p + 1) & 3], t.lead_suit);
                l != 0 && top_bit(l) < 1 << (t.win_card % 16)
            });
        for s in 0..4 {
            let h = suit_bits(self.hands[p], s);
            if h == 0 {
                continue;
            }
            let all_s = suit_bits(self.all, s);
            let reps = representatives::<F>(h, all_s);
            let len = h.count_ones() as i32;
            let lowest = reps & reps.wrapping_neg();
            let mut x = reps;
            while x != 0 {
                let c = x & x.wrapping_neg();
                x ^= c;
                let rank = c.trailing_zeros() as i32;
                let card = s as u32 * 16 + rank as u32;
                let sc = if s == trump {
                    if partner_safe {
                        -100 - rank
                    } else if self.beats(card, t.win_card) {
                        50 - rank
                    } else {
                        -80 - rank
                    }
                } else if c == lowest {
                    len - 20
                } else {
                    -40 - rank
                };
                list.push(card, sc);
            }
        }
    }
}
