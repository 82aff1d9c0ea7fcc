//! The search: trick-boundary node (targets, TT, quick tricks) and card-by-card alpha-beta.
//!
//! Cards are bits `suit*16 + rank` of a `u64`, as in [`crate::cards::Hand`]. A search against
//! `beta` is fail-soft: it returns North-South's tricks in all as a bound, a lower bound when it
//! is at least `beta` and an upper bound otherwise, with the set of cards whose ranks the bound
//! depends on (winning-rank back-up, for the partition-search transposition table).

use super::moves::MoveList;
use super::tt::Tt;
use crate::cards::Deal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

mod dispatch;
mod leads;

pub(crate) use dispatch::fast_cpu;

/// The 13 rank bits of one suit.
pub(crate) const SUIT: u64 = 0x1FFF;

/// Ranks of one suit in `cards`.
#[inline(always)]
pub(crate) fn suit_bits(cards: u64, s: usize) -> u64 {
    (cards >> (s * 16)) & SUIT
}

/// The highest card (as a one-bit mask) of a non-empty set.
#[inline(always)]
pub(crate) fn top_bit(x: u64) -> u64 {
    1u64 << (63 - x.leading_zeros())
}

/// The cards of `cards` above every card of `others` (all of them when `others` is empty).
#[inline(always)]
pub(crate) fn above(cards: u64, others: u64) -> u64 {
    if others == 0 { cards } else { cards & !((top_bit(others) << 1) - 1) }
}

/// The `k` highest cards of the non-empty set `x` (`k` at most its size).
#[inline(always)]
pub(crate) fn top_k<const F: bool>(x: u64, k: u32) -> u64 {
    let len = x.count_ones();
    #[cfg(target_arch = "x86_64")]
    if F {
        // SAFETY: `F` is true only in the build for CPUs with BMI2 (see `dispatch`).
        return unsafe { std::arch::x86_64::_pdep_u64(((1u64 << k) - 1) << (len - k), x) };
    }
    if 2 * k <= len {
        let mut out = 0;
        for _ in 0..k {
            out |= top_bit(x & !out);
        }
        out
    } else {
        let mut out = x;
        for _ in k..len {
            out &= out - 1;
        }
        out
    }
}

/// Nodes between two reads of the cancel flags (a few hundred microseconds of search).
const CANCEL_EVERY: u64 = 4096;

/// The cut-off card cache has `2^CUTOFF_BITS` slots, indexed by the top bits of a key (1 MiB:
/// its loads miss the cache, so they are prefetched; 2^15 slots fit the L2 cache but cost the
/// freak deals 17% more nodes; 16-bit entries, 512 KiB, were no faster).
const CUTOFF_BITS: u32 = 18;
const CUTOFF_SLOTS: usize = 1 << CUTOFF_BITS;
/// Shift from a cut-off key to its slot.
const CUTOFF_SHIFT: u32 = 64 - CUTOFF_BITS;

/// What the moves tried at a node that all failed add up to: the best bound among them, the
/// union of the cards they relied on, and the cards shown irrelevant (lower than every relevant
/// card of their suit), which need not be tried.
struct Failed {
    best: i32,
    rel: u64,
    skip: u64,
}

impl Failed {
    /// Adds a failed move: `card` gave the bound `v` relying on `rel`.
    #[inline(always)]
    fn add(&mut self, card: u32, v: i32, rel: u64, ns_to_move: bool) {
        self.best = if ns_to_move { self.best.max(v) } else { self.best.min(v) };
        self.rel |= rel;
        let suit = SUIT << (16 * (card / 16));
        let r = rel & suit;
        let floor = if r == 0 { suit } else { (r & r.wrapping_neg()) - 1 };
        if 1u64 << card & floor != 0 {
            self.skip |= floor & suit;
        }
    }
}

/// Are cards `a` and `b` of `hand` equivalent: of one suit, with no card of `all` between them
/// held by another hand?
#[inline(always)]
fn equivalent(all: u64, hand: u64, a: u32, b: u32) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    let between = ((1u64 << hi) - 1) & !((2u64 << lo) - 1);
    a / 16 == b / 16 && all & between & !hand == 0
}

/// The MTD driver: the value known to lie in `lo..=hi`, found by null-window tests
/// (`test(beta)` gives a value and the cards its bound relied on) starting at `guess`; with
/// the union of the cards every test relied on.
pub(crate) fn mtd(mut lo: i32, mut hi: i32, guess: i32, mut test: impl FnMut(i32) -> (i32, u64)) -> (i32, u64) {
    let (mut beta, mut rel) = (guess, 0);
    while lo < hi {
        beta = beta.clamp(lo + 1, hi);
        let (v, r) = test(beta);
        rel |= r;
        if v >= beta {
            lo = v.min(hi);
            beta = lo + 1;
        } else {
            hi = v.max(lo);
            beta = hi;
        }
    }
    (lo, rel)
}

/// State of the trick in progress.
#[derive(Clone, Copy)]
pub(crate) struct Trick {
    pub leader: usize,
    pub lead_suit: usize,
    /// Bit index of the card winning so far.
    pub win_card: u32,
    pub win_seat: usize,
    /// Cards played to this trick.
    pub played: u64,
}

/// Search state for one deal and strain.
pub(crate) struct Search {
    pub hands: [u64; 4],
    /// Cards not in completed tricks (the current trick's cards included).
    pub all: u64,
    /// Trump suit 0..3, or 4 for notrump.
    pub trump: usize,
    pub ns_won: i32,
    pub tricks_left: i32,
    /// Suit lengths of all hands, one nibble per (hand, suit), kept up to date by `play`.
    shape: u64,
    /// Owner pattern per suit and subset of remaining cards: `own[s * 8192 + subset]`.
    own: Vec<u32>,
    /// The hands `own` was filled for.
    own_of: [u64; 4],
    pub tt: Tt,
    /// Cut-off card cache by hash of the holding and the trick so far (every seat): per slot,
    /// 26 bits of the key above the card (see [`Search::cutoff_entry`]).
    pub cutoffs: Vec<u32>,
    /// Mixed into every cut-off key; changing it forgets the cache's entries (their keys no
    /// longer match) without clearing its megabyte.
    cutoff_salt: u64,
    pub nodes: u64,
    /// Trick-start positions entered (calls of `lead`, whatever happens there: DDS's
    /// `trickNodes`).
    pub trick_nodes: u64,
    /// Flags that stop the search; read every [`CANCEL_EVERY`] nodes.
    cancel: Vec<Arc<AtomicBool>>,
    /// The node count at which the flags are next read (0 once stopped: every node returns).
    check_at: u64,
    /// A flag was seen set: the values returned since mean nothing.
    cancelled: bool,
    /// The CPU has popcnt, lzcnt, BMI1 and BMI2: search with the code compiled for them.
    fast: bool,
    /// Leads are scored with the fitted terms (`lead_fit.rs`): the deal loaded had at most
    /// [`FITTED_MAX_VOIDS`] voids, as the deals they were fitted on.
    pub(crate) fitted_leads: bool,
}

/// The most voids a deal may have for its leads to be scored with the fitted terms (fitted on
/// deals of two voids at most; with them thomas1, of four, took 2.3 times the nodes).
const FITTED_MAX_VOIDS: u32 = 3;

/// Asks the CPU to start loading the cache line at `p` (no effect on any result).
#[inline(always)]
pub(crate) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p.cast())
    };
}

impl Search {
    pub fn new(max_bytes: usize) -> Search {
        Search {
            hands: [0; 4],
            all: 0,
            trump: 4,
            ns_won: 0,
            tricks_left: 0,
            shape: 0,
            own: vec![0; 4 * 8192],
            own_of: [0; 4],
            tt: Tt::new(max_bytes),
            cutoffs: vec![0; CUTOFF_SLOTS],
            cutoff_salt: 0,
            nodes: 0,
            trick_nodes: 0,
            cancel: Vec::new(),
            check_at: u64::MAX,
            cancelled: false,
            fast: fast_cpu(),
            fitted_leads: false,
        }
    }

    /// Stops the search soon (within [`CANCEL_EVERY`] nodes) after any of `flags` is set.
    pub fn set_cancel(&mut self, flags: Vec<Arc<AtomicBool>>) {
        self.check_at = if flags.is_empty() { u64::MAX } else { self.nodes };
        self.cancel = flags;
    }

    /// True when a flag stopped the search since the last call; the tables it filled with
    /// meaningless bounds are then cleared.
    pub fn take_cancelled(&mut self) -> bool {
        if !self.cancelled {
            return false;
        }
        self.cancelled = false;
        self.check_at = self.nodes;
        self.tt.clear();
        self.clear_cutoffs();
        true
    }

    /// Reads the cancel flags: true when the search must stop.
    #[cold]
    #[inline(never)]
    fn stop_here(&mut self) -> bool {
        self.cancelled |= self.cancel.iter().any(|f| f.load(Ordering::Relaxed));
        self.check_at = if self.cancelled { 0 } else { self.nodes + CANCEL_EVERY };
        self.cancelled
    }

    /// Loads a deal (validated by the caller) and precomputes the relative-rank owner tables.
    pub fn set_deal(&mut self, deal: &Deal) {
        for (h, hand) in deal.hands.iter().enumerate() {
            self.hands[h] = hand.0;
        }
        self.all = self.hands.iter().fold(0, |a, h| a | h);
        self.tricks_left = self.hands[0].count_ones() as i32;
        self.ns_won = 0;
        self.shape = self.compute_shape();
        self.fitted_leads = self.voids() <= FITTED_MAX_VOIDS;
        if self.own_of != self.hands {
            self.own_of = self.hands;
            (0..4).for_each(|s| self.fill_owners(s));
        }
    }

    /// Fills suit `s`'s part of the owner table (see [`Search::pattern`]).
    fn fill_owners(&mut self, s: usize) {
        let mut owner = [0u32; 16];
        for (h, hand) in self.hands.iter().enumerate() {
            let mut b = suit_bits(*hand, s);
            while b != 0 {
                owner[b.trailing_zeros() as usize] = h as u32;
                b &= b - 1;
            }
        }
        // A subset's pattern is its top card's owner, then the pattern of the cards below it
        // (one place lower): a loop over contiguous entries for each top card.
        let table = &mut self.own[s * 8192..(s + 1) * 8192];
        for (top, &o) in owner.iter().enumerate().take(13) {
            let (below, with_top) = table[..2 << top].split_at_mut(1 << top);
            for (t, &b) in with_top.iter_mut().zip(below.iter()) {
                *t = o | b << 2;
            }
        }
    }

    /// Sets the trump suit (4 = notrump) and forgets what was learnt for another strain.
    pub fn set_trump(&mut self, trump: usize) {
        self.trump = trump;
        self.tt.clear();
        self.clear_cutoffs();
    }

    /// Forgets the cut-off cards (kept otherwise across leaders of the same deal and strain): a
    /// new salt, so that an old entry matches a key only by chance, as an entry of another key
    /// can (a cut-off card only orders the moves, and is tried only when legal).
    pub fn clear_cutoffs(&mut self) {
        self.cutoff_salt = self.cutoff_salt.wrapping_add(0x2545_F491_4F6C_DD1D);
    }

    /// Forgets the transposition table (kept otherwise across leaders of the same deal and strain).
    pub fn clear_table(&mut self) {
        self.tt.clear();
    }

    /// Voids among the four hands.
    pub fn voids(&self) -> u32 {
        (0..4).map(|h| (0..4).filter(|&s| suit_bits(self.hands[h], s) == 0).count() as u32).sum()
    }

    /// A first guess of North-South's tricks: a linear fit (on DDS list1000, North leading) of the
    /// tricks on the high-card share and, in a suit, North-South's trump length.
    pub fn estimate(&self, _leader: usize) -> i32 {
        let hcp = |h: u64| -> i32 {
            (0..4)
                .map(|s| {
                    let b = suit_bits(h, s);
                    4 * (b >> 12 & 1) + 3 * (b >> 11 & 1) + 2 * (b >> 10 & 1) + (b >> 9 & 1)
                })
                .sum::<u64>() as i32
        };
        let ns = hcp(self.hands[0]) + hcp(self.hands[2]);
        let total = ns + hcp(self.hands[1]) + hcp(self.hands[3]);
        let n = self.tricks_left as f64;
        let share = if total == 0 { n / 2.0 } else { n * ns as f64 / total as f64 };
        let mut y = 1.253 * share - 1.418 * n / 13.0;
        if self.trump < 4 {
            let fit = (suit_bits(self.hands[0] | self.hands[2], self.trump).count_ones() as f64) - n / 2.0;
            y += 1.529 * fit - 0.189 * fit * fit.abs();
        } else {
            y += 0.283;
        }
        (y.round() as i32).clamp(0, self.tricks_left)
    }

    /// North-South's tricks with `leader` on lead from the loaded position, known to lie in
    /// `lo..=hi` (MTD driver: null-window tests starting at `guess`).
    pub fn solve(&mut self, leader: usize, guess: i32, lo: i32, hi: i32) -> i32 {
        mtd(lo.max(0), hi.min(self.tricks_left), guess, |beta| (self.lead_d::<false>(leader, beta).0, 0)).0
    }

    /// One null-window test from the loaded position: North-South's tricks with `leader` on
    /// lead as a bound, a lower bound when at least `beta` and an upper bound otherwise.
    pub fn test(&mut self, leader: usize, beta: i32) -> i32 {
        self.lead_d::<false>(leader, beta).0.clamp(0, self.tricks_left)
    }

    /// Suit lengths of all hands, one nibble per (hand, suit).
    fn compute_shape(&self) -> u64 {
        let mut key = 0u64;
        for h in 0..4 {
            for s in 0..4 {
                key |= (suit_bits(self.hands[h], s).count_ones() as u64) << ((h * 4 + s) * 4);
            }
        }
        key
    }

    /// The owners of suit `s`'s remaining cards, two bits a card, the highest first.
    #[inline(always)]
    pub(crate) fn owners(&self, s: usize) -> u32 {
        self.own[s * 8192 + suit_bits(self.all, s) as usize]
    }

    /// Owner pattern of the remaining cards, 26 bits a suit (two suits a word).
    #[inline(always)]
    fn pattern(&self) -> [u32; 4] {
        let mut p = [0u32; 4];
        for (s, ps) in p.iter_mut().enumerate() {
            *ps = self.owners(s);
        }
        p
    }

    /// Start of a trick: North-South's tricks in all, bounded against `beta` (fail-soft).
    #[inline(always)]
    fn lead<const F: bool>(&mut self, leader: usize, beta: i32) -> (i32, u64) {
        self.trick_nodes += 1;
        let need = beta - self.ns_won;
        if need <= 0 {
            return (self.ns_won, 0);
        }
        if need > self.tricks_left {
            return (self.ns_won + self.tricks_left, 0);
        }
        if self.tricks_left == 1 {
            return self.last_trick(leader);
        }
        // The table's slot and, for the search below the probe, the cut-off card's slot.
        self.tt.prefetch_slot(self.shape);
        let trick = Trick { leader, lead_suit: 0, win_card: 0, win_seat: leader, played: 0 };
        self.prefetch_cutoff(&trick, 0, leader, beta);
        let ns_leads = leader & 1 == 0;
        let side_need = self.side_need(ns_leads, beta);
        let own = self.pattern();
        let pat = [own[0] as u64 | (own[1] as u64) << 26, own[2] as u64 | (own[3] as u64) << 26];
        if let Some(hit) = self.tt.probe(self.shape, leader, pat, need) {
            return (self.ns_won + hit.bound, self.top_cards::<F>(hit.ks));
        }
        let (qt, qrel) = self.quick_tricks(leader, side_need);
        if qt >= side_need {
            let ns = self.ns_from(ns_leads, qt);
            // Stored too: the entry's pattern may decide positions the quick tricks do not.
            return (self.ns_won + ns, self.remember::<F>(leader, pat, &own, qrel, ns, ns_leads));
        }
        let (mut d, mut rel) = self.defenders_tricks(leader);
        if d == 0 && side_need == self.tricks_left {
            (d, rel) = self.all_tricks_out_of_reach(leader);
        }
        if self.tricks_left - d < side_need {
            return (self.ns_won + self.ns_from(!ns_leads, d), self.without_bottoms(rel));
        }
        let (v, rel) = self.play_d::<F, 0>(&trick, beta);
        (v, self.remember::<F>(leader, pat, &own, rel, v - self.ns_won, v >= beta))
    }

    /// Tricks North-South (`ns`) or East-West still need for North-South to reach `beta`
    /// (East-West: to keep them below it).
    #[inline(always)]
    pub(crate) fn side_need(&self, ns: bool, beta: i32) -> i32 {
        if ns { beta - self.ns_won } else { self.ns_won + self.tricks_left - beta + 1 }
    }

    /// North-South's tricks from here when North-South (`ns`) or East-West take `t` of them.
    #[inline(always)]
    fn ns_from(&self, ns: bool, t: i32) -> i32 {
        if ns { t } else { self.tricks_left - t }
    }

    /// Stores `got`, North-South's tricks from here, as a lower bound (`lower`) or an upper
    /// bound for every position whose relevant ranks (from `rel`) have the owners in `own`;
    /// returns the cards the bound relies on.
    #[inline(always)]
    fn remember<const F: bool>(
        &mut self,
        leader: usize,
        pat: [u64; 2],
        own: &[u32; 4],
        rel: u64,
        got: i32,
        lower: bool,
    ) -> u64 {
        let ks = self.relevant(rel, own);
        let bounds = if lower { (got, self.tricks_left) } else { (0, got) };
        self.tt.store(self.shape, leader, pat, ks, bounds);
        self.top_cards::<F>(ks)
    }

    /// Per suit, how many top relative ranks the result depends on: down to the lowest card of
    /// `rel` above the suit's bottom card, extended over lower cards of the same owner (never to
    /// the bottom card, whose owner the shape gives). Returns the counts, a nibble a suit.
    #[inline(always)]
    fn relevant(&self, rel: u64, own: &[u32; 4]) -> u16 {
        let mut ks = 0u16;
        for (s, &own_s) in own.iter().enumerate() {
            let all_s = suit_bits(self.all, s);
            // The suit's lowest card never wins by rank (and its owner follows from the shape).
            let r = suit_bits(rel, s) & all_s & all_s.wrapping_sub(1);
            if r == 0 {
                continue;
            }
            let above_bottom = all_s.count_ones() - 1;
            let lowest = r & r.wrapping_neg();
            let mut k = (all_s & !(lowest - 1)).count_ones();
            let owner_at = |j: u32| (own_s >> (2 * j)) & 3;
            while k < above_bottom && owner_at(k) == owner_at(k - 1) {
                k += 1;
            }
            ks |= (k as u16) << (4 * s);
        }
        ks
    }

    /// `rel` without the lowest remaining card of each suit.
    #[inline(always)]
    fn without_bottoms(&self, rel: u64) -> u64 {
        let mut low = 0u64;
        for s in 0..4 {
            let a = suit_bits(self.all, s);
            low |= (a & a.wrapping_neg()) << (16 * s);
        }
        rel & !low
    }

    /// The top `k` remaining cards of each suit, `k` one nibble a suit.
    #[inline(always)]
    fn top_cards<const F: bool>(&self, ks: u16) -> u64 {
        let mut out = 0u64;
        for s in 0..4 {
            let k = (ks >> (4 * s)) as u32 & 15;
            if k != 0 {
                out |= top_k::<F>(suit_bits(self.all, s), k) << (16 * s);
            }
        }
        out
    }

    /// The last trick, every hand holding one card.
    #[inline(always)]
    fn last_trick(&mut self, leader: usize) -> (i32, u64) {
        let lead = self.hands[leader];
        let (mut win, mut seat) = (lead, leader);
        let mut by_rank = false;
        for i in 1..4 {
            let p = (leader + i) & 3;
            let c = self.hands[p];
            let cs = c.trailing_zeros() as usize / 16;
            let ws = win.trailing_zeros() as usize / 16;
            if cs == ws {
                by_rank = true;
                if c > win {
                    win = c;
                    seat = p;
                }
            } else if cs == self.trump {
                win = c;
                seat = p;
                by_rank = false;
            }
        }
        let ns = (seat & 1 == 0) as i32;
        (self.ns_won + ns, if by_rank { win } else { 0 })
    }

    /// A card node: `P` cards of the trick already played (a constant, so each position is
    /// compiled on its own). The card that last cut off here is tried before the others are
    /// generated and ordered.
    #[inline(always)]
    fn play<const F: bool, const P: usize>(&mut self, t: &Trick, beta: i32) -> (i32, u64) {
        let pos = P;
        self.nodes += 1;
        if self.nodes >= self.check_at && self.stop_here() {
            return (0, 0);
        }
        let player = (t.leader + pos) & 3;
        let ns_to_move = player & 1 == 0;
        if P == 1 {
            // Loaded while the second hand's sure tricks are counted.
            self.prefetch_cutoff(t, pos, player, beta);
            let need = self.side_need(ns_to_move, beta);
            let (q, rel) = self.second_hand_tricks(t, player, need);
            if q >= need {
                return (self.ns_won + self.ns_from(ns_to_move, q), rel);
            }
        }
        if P == 1 || P == 2 {
            // The next hand's slot, guessing this hand does not take the lead of the trick.
            self.prefetch_cutoff(t, pos + 1, (player + 1) & 3, beta);
        }
        if P > 0
            && let Some(card) = self.only_follow::<F>(t, player)
        {
            // No choice: no cut-off card to look up or remember.
            return self.try_card::<F, P>(t, player, card, beta);
        }
        let key = self.cutoff_key(t, pos, player, beta);
        let slot = (key >> CUTOFF_SHIFT) as usize;
        let entry = self.cutoffs[slot];
        let mut failed = Failed { best: if ns_to_move { 0 } else { 13 }, rel: 0, skip: 0 };
        let mut killer = None;
        if entry & !63 == Self::cutoff_entry(key, 0) && self.legal(t, pos, player, entry & 63) {
            let card = entry & 63;
            let (v, rel) = self.try_card::<F, P>(t, player, card, beta);
            if (v >= beta) == ns_to_move {
                return (v, rel);
            }
            failed.add(card, v, rel, ns_to_move);
            killer = Some(card);
        }
        let mut list = MoveList::default();
        self.gen_moves::<F>(t, pos, player, beta, &mut list);
        let hand = self.hands[player];
        for i in 0..list.len {
            let card = list.cards[i] as u32;
            if failed.skip & 1u64 << card != 0 || killer.is_some_and(|k| equivalent(self.all, hand, k, card)) {
                continue;
            }
            let (v, rel) = self.try_card::<F, P>(t, player, card, beta);
            if (v >= beta) == ns_to_move {
                self.cutoffs[slot] = Self::cutoff_entry(key, card);
                return (v, rel);
            }
            failed.add(card, v, rel, ns_to_move);
        }
        (failed.best, failed.rel)
    }

    /// Is `card` a legal play for `player`, `pos` cards into trick `t`?
    #[inline(always)]
    fn legal(&self, t: &Trick, pos: usize, player: usize, card: u32) -> bool {
        let hand = self.hands[player];
        hand >> card & 1 != 0 && (pos == 0 || card as usize / 16 == t.lead_suit || suit_bits(hand, t.lead_suit) == 0)
    }

    /// Plays `card` for `player` and searches on; North-South's tricks as a bound and the
    /// cards it relies on.
    #[inline(always)]
    fn try_card<const F: bool, const P: usize>(
        &mut self,
        t: &Trick,
        player: usize,
        card: u32,
        beta: i32,
    ) -> (i32, u64) {
        let bit = 1u64 << card;
        let mut nt = *t;
        if P == 0 {
            nt.lead_suit = card as usize / 16;
            nt.win_card = card;
            nt.win_seat = player;
        } else if self.beats(card, t.win_card) {
            nt.win_card = card;
            nt.win_seat = player;
        }
        nt.played |= bit;
        let nibble = 1u64 << ((player * 4 + card as usize / 16) * 4);
        self.hands[player] ^= bit;
        self.shape -= nibble;
        let out = match P {
            0 => self.play_d::<F, 1>(&nt, beta),
            1 => self.play_d::<F, 2>(&nt, beta),
            2 => self.play_d::<F, 3>(&nt, beta),
            _ => self.finish_trick::<F>(&nt, beta),
        };
        self.hands[player] ^= bit;
        self.shape += nibble;
        out
    }

    /// Key of the cut-off cache: the seat and position in the trick with, for a lead, the
    /// leader's hand and the tricks North-South still need against `beta` (a lead that cuts when
    /// a trick or two will do need not be the one that takes them all); for a follower,
    /// the suit led's remaining cards (which fix the follower's holding) or, when void, the
    /// hand, and the card winning so far.
    #[inline(always)]
    pub fn cutoff_key(&self, t: &Trick, pos: usize, player: usize, beta: i32) -> u64 {
        let hand = self.hands[player];
        let (cards, extra) = if pos == 0 {
            (hand, player as u64 | ((beta - self.ns_won) as u64 & 15) << 2)
        } else {
            let suit = SUIT << (16 * t.lead_suit);
            let cards = if hand & suit != 0 { self.all & suit } else { hand };
            (cards, (player | pos << 2) as u64 | (t.win_card as u64) << 4)
        };
        (cards.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ extra ^ self.cutoff_salt).wrapping_mul(0xD6E8_FEB8_6659_FD93) | 1
    }

    /// Starts loading the cut-off cache slot of `player`, `pos` cards into trick `t`.
    #[inline(always)]
    fn prefetch_cutoff(&self, t: &Trick, pos: usize, player: usize, beta: i32) {
        let slot = (self.cutoff_key(t, pos, player, beta) >> CUTOFF_SHIFT) as usize;
        prefetch(self.cutoffs.as_ptr().wrapping_add(slot));
    }

    /// A cut-off cache entry: bits of `key` below those that index the slot, with `card` in the
    /// low 6 bits.
    #[inline(always)]
    pub fn cutoff_entry(key: u64, card: u32) -> u32 {
        (key >> (CUTOFF_SHIFT - 32)) as u32 & !63 | card
    }

    /// Does `card` beat the card winning so far?
    #[inline(always)]
    pub fn beats(&self, card: u32, win: u32) -> bool {
        let (cs, ws) = (card as usize / 16, win as usize / 16);
        if cs == ws { card > win } else { cs == self.trump }
    }

    /// Completes a trick and searches on from the next trick.
    #[inline(always)]
    fn finish_trick<const F: bool>(&mut self, t: &Trick, beta: i32) -> (i32, u64) {
        let ns = (t.win_seat & 1 == 0) as i32;
        self.all ^= t.played;
        self.tricks_left -= 1;
        self.ns_won += ns;
        let (v, mut rel) = self.lead_d::<F>(t.win_seat, beta);
        self.all ^= t.played;
        self.tricks_left += 1;
        self.ns_won -= ns;
        let ws = t.win_card as usize / 16;
        if suit_bits(t.played, ws).count_ones() > 1 {
            rel |= 1u64 << t.win_card;
        }
        (v, rel)
    }
}

#[cfg(test)]
mod owner_table_tests {
    use super::{Search, suit_bits};
    use crate::cards::parse_deal;

    /// Every subset's entry holds the owner of its `j`-th highest card in bits `2j..2j+2`.
    #[test]
    fn owner_table_gives_each_cards_owner_from_the_top() {
        let deal = parse_deal("N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75").unwrap();
        let mut search = Search::new(1 << 20);
        search.set_deal(&deal);
        for s in 0..4 {
            let owner = |rank: u32| (0..4).find(|&h| suit_bits(search.hands[h], s) >> rank & 1 == 1).unwrap() as u32;
            for subset in 0..8192u32 {
                let mut want = 0;
                for (j, rank) in (0..13).rev().filter(|r| subset >> r & 1 == 1).enumerate() {
                    want |= owner(rank) << (2 * j);
                }
                assert_eq!(search.own[s * 8192 + subset as usize], want, "suit {s} subset {subset:#b}");
            }
        }
    }
}
