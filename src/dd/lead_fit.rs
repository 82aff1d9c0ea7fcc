//! Fitted terms of a lead's score: a linear correction, per suit and per card, to the
//! hand-written ordering of `moves.rs`, fitted to which leads cut off (docs/benchmarks.md,
//! "A lead scorer fitted to the cut-offs").
//!
//! Fitted (docs/lead-fit/) on lead nodes sampled from the search of single results: DDS
//! list1000's first 600 deals and macroxue's 1k deals' first 300 and 5k deals' first 1500
//! (DDS list100, the benchmark, held out). At each, every lead was tried, counting its
//! subtree's nodes and whether it cut off; a pairwise logistic fit ranks the cheapest cutting
//! lead above each other lead, weighted by the log of what trying the other first costs.
//! Twelve weights were then moved by a coordinate descent on the search's card nodes over
//! list1000's and mx-1k's first 300 deals (docs/lead-fit/README.md, section 3).
//! Weights are in score units (a lead class is 4).

use super::search::{Search, suit_bits, top_bit};

/// The weights of one kind of contract (suit or notrump).
pub(crate) struct LeadWeights {
    /// A trump lead.
    trump: i32,
    /// A trump lead, per trump the side holds beyond the opponents.
    trump_excess: i32,
    /// A trump lead, per trump of the leader and of partner.
    trump_len: i32,
    trump_len_partner: i32,
    /// A trump lead when the opponents hold at most two trumps.
    trump_few_left: i32,
    /// A trump lead when the side needs every trick left.
    trump_all_needed: i32,
    /// A trump lead, times the share of the tricks left the side needs.
    trump_need_share: i32,
    /// A side suit partner, LHO or RHO can ruff.
    partner_ruffs: i32,
    lho_ruffs: i32,
    rho_ruffs: i32,
    /// The holder of the suit's top card and of its second (side suits and notrump): the
    /// leader, LHO, partner, RHO.
    top_holder: [i32; 4],
    second_holder: [i32; 4],
    /// The card is the highest, the lowest or neither of the leader's non-equivalent cards
    /// of the suit; the one the class scores first; the suit's only such card.
    highest: i32,
    lowest: i32,
    preferred: i32,
    only: i32,
    middle: i32,
    /// Per card of the suit held by the leader, LHO, partner, RHO.
    len: [i32; 4],
    /// Partner, LHO, RHO void in the suit.
    void: [i32; 3],
    /// The leader holds one or two cards of the suit.
    singleton: i32,
    doubleton: i32,
    /// The leader's highest card, times the share of the tricks left the side needs.
    highest_need_share: i32,
    /// The card is the suit's highest left.
    master: i32,
    /// Per ten of [`Search::second_cards_bonus`] and of [`Search::tree_cost`].
    bonus_tenths: i32,
    cost_tenths: i32,
    /// The suit's class (see [`Search::lead_class`]): 50, 45, 40, 20, 0.
    class: [i32; 5],
}

/// Suit contracts.
pub(crate) const SUIT_WEIGHTS: LeadWeights = LeadWeights {
    trump: 5,
    trump_excess: 62,
    trump_len: -66,
    trump_len_partner: -13,
    trump_few_left: 25,
    trump_all_needed: 11,
    trump_need_share: 38,
    partner_ruffs: 109,
    lho_ruffs: -43,
    rho_ruffs: 25,
    highest: -102,
    lowest: 10,
    preferred: 116,
    only: -20,
    middle: 57,
    singleton: 35,
    doubleton: -20,
    highest_need_share: -69,
    master: 203,
    bonus_tenths: 84,
    cost_tenths: -90,
    top_holder: [-158, -34, 175, 11],
    second_holder: [-61, -37, 80, 8],
    len: [-11, 29, -78, 55],
    void: [-34, -116, 76],
    class: [-5, 114, 1, -110, 25],
};

/// Notrump (no trump or ruff terms).
pub(crate) const NOTRUMP_WEIGHTS: LeadWeights = LeadWeights {
    trump: 0,
    trump_excess: 0,
    trump_len: 0,
    trump_len_partner: 0,
    trump_few_left: 0,
    trump_all_needed: 0,
    trump_need_share: 0,
    partner_ruffs: 0,
    lho_ruffs: 0,
    rho_ruffs: 0,
    highest: -132,
    lowest: 9,
    preferred: 79,
    only: -11,
    middle: 112,
    singleton: -57,
    doubleton: -13,
    highest_need_share: -73,
    master: 199,
    bonus_tenths: 75,
    cost_tenths: -72,
    top_holder: [-99, -57, 159, -3],
    second_holder: [-28, -29, 92, -63],
    len: [10, -22, -35, 11],
    void: [-53, -100, 106],
    class: [54, 46, 21, 0, -92],
};

/// What a lead's score needs of its suit, worked out once per suit.
pub(crate) struct SuitLead {
    pub class: i32,
    pub tree_cost: i32,
    pub bonus: i32,
    /// Tricks the leader's side needs.
    pub need: i32,
}

impl LeadWeights {
    /// The terms of leading the highest of one's cards of a suit, when the side needs `need`
    /// of the `tricks_left` tricks.
    #[inline(always)]
    pub(crate) fn highest_term(&self, need: i32, tricks_left: i32) -> i32 {
        self.highest + self.highest_need_share * need / tricks_left
    }

    /// The terms of leading the card `c` (a one-bit mask of the suit's ranks) among the
    /// leader's non-equivalent cards `reps` of the suit (`all_s` its cards left), `preferred`
    /// when its class scores it first; `highest` is [`LeadWeights::highest_term`].
    #[inline(always)]
    pub(crate) fn card_terms(&self, c: u64, reps: u64, all_s: u64, preferred: bool, highest: i32) -> i32 {
        let (top, bottom) = (top_bit(reps), reps & reps.wrapping_neg());
        let mut v = if c == top { highest } else { 0 };
        v += if c == bottom {
            self.lowest
        } else if c != top {
            self.middle
        } else {
            0
        };
        v += self.preferred * i32::from(preferred) + self.only * i32::from(top == bottom);
        v + self.master * i32::from(c == top_bit(all_s))
    }
}

impl Search {
    /// The fitted terms that depend only on the suit `s` led from seat `p`.
    #[inline(always)]
    pub(crate) fn fitted_suit_terms(&self, w: &LeadWeights, p: usize, s: usize, lead: &SuitLead) -> i32 {
        let seats = [p, (p + 1) & 3, p ^ 2, (p + 3) & 3];
        let len = seats.map(|h| suit_bits(self.hands[h], s).count_ones() as i32);
        let mut v = w.bonus_tenths * lead.bonus / 10 + w.cost_tenths * lead.tree_cost / 10;
        v += (0..4).map(|i| w.len[i] * len[i]).sum::<i32>();
        v += match len[0] {
            1 => w.singleton,
            2 => w.doubleton,
            _ => 0,
        };
        // Partner, LHO, RHO: `void`'s order.
        for (k, i) in [2, 1, 3].into_iter().enumerate() {
            v += w.void[k] * i32::from(len[i] == 0);
        }
        if s != self.trump {
            v + self.side_suit_terms(w, s, seats, len, lead.class)
        } else {
            v + self.trump_terms(w, seats, len, lead.need)
        }
    }

    /// The terms of a side suit or a notrump lead: its class, the ruffs and the holders of its
    /// top two cards (`seats` and `len` in the order leader, LHO, partner, RHO).
    #[inline(always)]
    fn side_suit_terms(&self, w: &LeadWeights, s: usize, seats: [usize; 4], len: [i32; 4], class: i32) -> i32 {
        let mut v = w.class[match class {
            50 => 0,
            45 => 1,
            40 => 2,
            20 => 3,
            _ => 4,
        }];
        if self.trump < 4 {
            let ruffs = |i: usize| len[i] == 0 && suit_bits(self.hands[seats[i]], self.trump) != 0;
            v += w.partner_ruffs * i32::from(ruffs(2))
                + w.lho_ruffs * i32::from(ruffs(1))
                + w.rho_ruffs * i32::from(ruffs(3));
        }
        let own = self.owners(s);
        // `seats` runs clockwise from the leader: seat `o`'s place is its distance from him.
        let at = |o: u32| (o as usize + 4 - seats[0]) & 3;
        v += w.top_holder[at(own & 3)];
        if len.iter().sum::<i32>() > 1 {
            v += w.second_holder[at(own >> 2 & 3)];
        }
        v
    }

    /// The terms of a trump lead.
    #[inline(always)]
    fn trump_terms(&self, w: &LeadWeights, seats: [usize; 4], len: [i32; 4], need: i32) -> i32 {
        let trumps = |i: usize| suit_bits(self.hands[seats[i]], self.trump).count_ones() as i32;
        let (side, opps) = (trumps(0) + trumps(2), trumps(1) + trumps(3));
        let mut v = w.trump + w.trump_excess * (side - opps);
        v += w.trump_len * len[0] + w.trump_len_partner * len[2];
        v += w.trump_few_left * i32::from(opps <= 2) + w.trump_all_needed * i32::from(need == self.tricks_left);
        v + w.trump_need_share * need / self.tricks_left
    }
}
