//! Sure-trick bounds. At the start of a trick: quick tricks the side on lead can cash at once
//! (or one trick by partner's ruff), and sure tricks for the defenders (their high trumps; a
//! first trick when they hold the top card of every suit the leader has, at notrump one trick
//! a suit when one defender holds them all; one trick when the leader's side cannot take them
//! all: a defender's guarded trump, or with no trumps left, the suits the leader's side can
//! run are too short). At second hand: the tricks its side surely takes when it surely wins
//! the trick.

use super::search::{SUIT, Search, Trick, above, suit_bits, top_bit};

impl Search {
    /// Sure tricks for the leader's side: the leader cashing winners, or crossing to partner's
    /// top card and partner cashing, or at notrump both hands' winners suit by suit (see
    /// `combined_tricks`), or when one trick is enough a guarded trump (see `guarded_trump`) or
    /// partner's ruff (see `partner_ruffs`);
    /// with the cards whose ranks the count relies on. Stops looking once `enough` tricks are
    /// found.
    #[inline(always)]
    pub(crate) fn quick_tricks(&self, leader: usize, enough: i32) -> (i32, u64) {
        if self.quick_ceiling(leader) < enough {
            // Every plan below finds fewer: only a trump trick can still give one.
            return if enough == 1 && self.trump < 4 { self.one_trump_trick(leader) } else { (0, 0) };
        }
        let own = self.cash(leader);
        if own.0 >= enough {
            return (own.0, own.1);
        }
        let trumps = self.trump_plan(leader, &own);
        if trumps.0 >= enough {
            return trumps;
        }
        let cashed = self.cash_plans(leader, &own);
        let best = if trumps.0 > cashed.0 { trumps } else { cashed };
        if best.0 == 0 && enough == 1 && self.trump < 4 {
            return self.one_trump_trick(leader);
        }
        if self.trump == 4 && best.0 < enough {
            let both = self.combined_tricks(leader);
            if both.0 > best.0 {
                return both;
            }
        }
        best
    }

    /// One sure trick for the side on lead in a suit contract: a defender's guarded trump is
    /// not in the way (see `guarded_trump`), or partner ruffs the lead (see `partner_ruffs`).
    #[inline(never)]
    fn one_trump_trick(&self, leader: usize) -> (i32, u64) {
        let g = self.guarded_trump(leader, (leader + 1) & 3);
        if g.0 > 0 { g } else { self.partner_ruffs(leader) }
    }

    /// In a suit contract, does partner surely win the first trick by ruffing? The leader leads
    /// a side suit partner is void in, and each opponent follows suit, holds no trump or holds
    /// only trumps below partner's top one. Returns `(1, partner's top trump when an opponent
    /// could ruff)`, else `(0, 0)`.
    #[inline(always)]
    pub(crate) fn partner_ruffs(&self, leader: usize) -> (i32, u64) {
        let t = self.trump;
        let pd = leader ^ 2;
        let pd_trumps = suit_bits(self.hands[pd], t);
        if pd_trumps == 0 {
            return (0, 0);
        }
        let top = top_bit(pd_trumps);
        let (l, r) = ((leader + 1) & 3, (leader + 3) & 3);
        let mut best = None;
        for s in (0..4).filter(|&s| s != t) {
            if suit_bits(self.hands[leader], s) == 0 || suit_bits(self.hands[pd], s) != 0 {
                continue;
            }
            // An opponent void in `s` and holding trumps ruffs: below partner's top trump?
            let ruffs = |h: usize| suit_bits(self.hands[h], s) == 0 && suit_bits(self.hands[h], t) != 0;
            let over = |h: usize| ruffs(h) && top < suit_bits(self.hands[h], t);
            if over(l) || over(r) {
                continue;
            }
            if !ruffs(l) && !ruffs(r) {
                return (1, 0);
            }
            best = Some(top << (16 * t));
        }
        best.map_or((0, 0), |rel| (1, rel))
    }

    /// At most the tricks any plan of `quick_tricks` (the guarded trump aside) can count: in
    /// each suit, none without a winner (a card above both opponents'); in a side suit when an
    /// opponent holds trumps, the winners but no more than such an opponent's cards there;
    /// else the longer hand's length when the winners outnumber both opponents' cards, else
    /// the winners.
    #[inline(always)]
    fn quick_ceiling(&self, leader: usize) -> i32 {
        let (a, b) = (self.hands[leader], self.hands[leader ^ 2]);
        let (lho, rho) = (self.hands[(leader + 1) & 3], self.hands[(leader + 3) & 3]);
        let t = self.trump;
        let ruffs = |h: u64| t < 4 && suit_bits(h, t) != 0;
        let (l_ruffs, r_ruffs) = (ruffs(lho), ruffs(rho));
        let mut n = 0;
        for s in 0..4 {
            let (x, y) = (suit_bits(a, s), suit_bits(b, s));
            let w = above(x | y, suit_bits(lho | rho, s)).count_ones();
            let (l, r) = (suit_bits(lho, s).count_ones(), suit_bits(rho, s).count_ones());
            n += if s != t && (l_ruffs || r_ruffs) {
                w.min(if l_ruffs { l } else { 13 }).min(if r_ruffs { r } else { 13 })
            } else if l.max(r) <= w {
                x.count_ones().max(y.count_ones())
            } else {
                w
            };
        }
        n as i32
    }

    /// The leader cashes his side-suit winners, then the side's high trumps each win a trick
    /// (or the leader cashes his trumps instead).
    #[inline(always)]
    fn trump_plan(&self, leader: usize, own: &(i32, u64, i32)) -> (i32, u64) {
        let (high, rel) = self.high_trumps(leader);
        if high == 0 {
            return (0, 0);
        }
        let side = own.0 - own.2;
        // Partner could be forced to ruff (and take the lead) unless he has side cards enough.
        if self.forced_to_ruff(leader ^ 2, side) {
            return (high, rel);
        }
        (side + own.2.max(high), own.1 | rel)
    }

    /// Tricks cashed by the leader, by partner after a crossing, or by both in turn.
    #[inline(always)]
    fn cash_plans(&self, leader: usize, own: &(i32, u64, i32)) -> (i32, u64) {
        let pd = leader ^ 2;
        let Some(entry) = self.entry_to(leader, pd) else {
            return (own.0, own.1);
        };
        let mut via = self.cash(pd);
        via.1 |= entry;
        // The leader cashes his winners, then crosses to partner, who cashes his (the two count
        // disjoint suits: each counts only suits whose top card it holds).
        if own.0 > 0 && via.0 > 0 && self.no_forced_ruffs(leader, own, &via) {
            return ((own.0 + via.0).min(self.tricks_left), own.1 | via.1);
        }
        if via.0 > own.0 { (via.0, via.1) } else { (own.0, own.1) }
    }

    /// In a suit contract, can the leader and partner follow or discard to all the tricks of the
    /// plan without being forced to ruff (and take the lead)? The leader plays his side-suit
    /// winners and then one card a trick of partner's; partner plays one card a trick of the
    /// leader's and keeps his side-suit winners.
    #[inline(always)]
    fn no_forced_ruffs(&self, leader: usize, own: &(i32, u64, i32), via: &(i32, u64, i32)) -> bool {
        !self.forced_to_ruff(leader, own.0 - own.2 + via.0) && !self.forced_to_ruff(leader ^ 2, own.0 + via.0 - via.2)
    }

    /// In a suit contract, could hand `h`, holding trumps, run out of side-suit cards within
    /// `plays` tricks of other suits and have to ruff?
    #[inline(always)]
    fn forced_to_ruff(&self, h: usize, plays: i32) -> bool {
        let t = self.trump;
        if t == 4 {
            return false;
        }
        let trumps = self.hands[h] & (SUIT << (16 * t));
        trumps != 0 && ((self.hands[h] ^ trumps).count_ones() as i32) < plays
    }

    /// Can `leader` reach `pd` by leading to a top card that cannot be ruffed? Returns that card.
    #[inline(always)]
    fn entry_to(&self, leader: usize, pd: usize) -> Option<u64> {
        let (lho, rho) = ((leader + 1) & 3, (leader + 3) & 3);
        let trump = self.trump;
        for s in 0..4 {
            let all_s = suit_bits(self.all, s);
            if suit_bits(self.hands[leader], s) == 0 || all_s == 0 || suit_bits(self.hands[pd], s) & top_bit(all_s) == 0
            {
                continue;
            }
            let card = top_bit(all_s) << (16 * s);
            if trump == 4 || s == trump {
                return Some(card);
            }
            let safe = |o: usize| suit_bits(self.hands[o], s) != 0 || suit_bits(self.hands[o], trump) == 0;
            if safe(lho) && safe(rho) {
                return Some(card);
            }
        }
        None
    }

    /// Tricks `p` can cash from its own hand, leading winner after winner, with the cards relied
    /// on and how many of the tricks are in trumps.
    #[inline(always)]
    fn cash(&self, p: usize) -> (i32, u64, i32) {
        let (pd, lho, rho) = (p ^ 2, (p + 1) & 3, (p + 3) & 3);
        let trump = self.trump;
        let trumps = |h: usize| trump < 4 && suit_bits(self.hands[h], trump) != 0;
        let (l_ruffs, r_ruffs) = (trumps(lho), trumps(rho));
        let (mut count, mut in_trumps) = (0, 0);
        let mut rel = 0u64;
        for s in 0..4 {
            let mine = suit_bits(self.hands[p], s);
            if mine == 0 {
                continue;
            }
            let (l, r) = (suit_bits(self.hands[lho], s), suit_bits(self.hands[rho], s));
            let pd_s = suit_bits(self.hands[pd], s);
            let ruff_risk = s != trump && (l_ruffs || r_ruffs);
            // Top sequence of `p` among the suit's remaining cards.
            let others = suit_bits(self.all, s) & !mine;
            let top = above(mine, others);
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
                used = if pd_s != 0 {
                    mine
                } else if opp_len == 0 {
                    0
                } else {
                    top
                };
            }
            count += n as i32;
            if s == trump {
                in_trumps = n as i32;
            }
            rel |= used << (16 * s);
        }
        (count, rel, in_trumps)
    }

    /// Trumps of seat `a` and of its partner higher than every trump of the other side (each
    /// wins the trick it is played to), and the lowest of them (the ranks relied on).
    #[inline(always)]
    fn high_trump_counts(&self, a: usize) -> (i32, i32, u64) {
        let t = self.trump;
        if t == 4 {
            return (0, 0, 0);
        }
        let (x, y) = (suit_bits(self.hands[a], t), suit_bits(self.hands[a ^ 2], t));
        let opp = suit_bits(self.hands[(a + 1) & 3] | self.hands[(a + 3) & 3], t);
        if opp == 0 {
            return (x.count_ones() as i32, y.count_ones() as i32, 0);
        }
        let (hx, hy) = (above(x, opp), above(y, opp));
        let high = hx | hy;
        // The lowest of them wins by rank (over the other side's top trump).
        (hx.count_ones() as i32, hy.count_ones() as i32, (high & high.wrapping_neg()) << (16 * t))
    }

    /// Tricks the side of seat `a` surely wins with its high trumps: the longer hand's, or two
    /// when both hands hold one and either has another trump to play when its partner's high
    /// trump falls (DDS's later tricks).
    #[inline(always)]
    fn high_trumps(&self, a: usize) -> (i32, u64) {
        let (x, y, rel) = self.high_trump_counts(a);
        let spare = |h: usize| suit_bits(self.hands[h], self.trump).count_ones() > 1;
        if x == 1 && y == 1 && (spare(a) || spare(a ^ 2)) {
            return (2, rel);
        }
        (x.max(y), rel)
    }

    /// Tricks the side not on lead surely wins: its high trumps, plus the first trick when the
    /// leader must lead a side suit whose top card they hold (and keep their trumps for later).
    #[inline(always)]
    pub(crate) fn defenders_tricks(&self, leader: usize) -> (i32, u64) {
        let (lho, rho) = ((leader + 1) & 3, (leader + 3) & 3);
        let (m, rel) = self.high_trumps(lho);
        let Some(first) = self.defenders_sure_trick(leader) else {
            return (m, rel);
        };
        if m == 0 {
            // At notrump, one defender holding all those top cards cashes them all in turn.
            let one_holds = |h: usize| self.hands[h] & first == first;
            let n = if self.trump == 4 && (one_holds(lho) || one_holds(rho)) { first.count_ones() } else { 1 };
            return (n as i32, first);
        }
        let t = self.trump;
        let only_trumps = |h: usize| self.hands[h] == suit_bits(self.hands[h], t) << (16 * t);
        if suit_bits(self.hands[leader], t) != 0 || only_trumps(lho) || only_trumps(rho) {
            return (m, rel);
        }
        (m + 1, rel | first)
    }

    /// Does the side not on lead surely win a trick? True when, in every suit the leader holds,
    /// an opponent holds the top card and the leader's partner cannot ruff it. Returns the top
    /// cards relied on.
    #[inline(always)]
    fn defenders_sure_trick(&self, leader: usize) -> Option<u64> {
        let pd = leader ^ 2;
        let trump = self.trump;
        let pd_trumps = trump < 4 && suit_bits(self.hands[pd], trump) != 0;
        let mut rel = 0u64;
        for s in 0..4 {
            if suit_bits(self.hands[leader], s) == 0 {
                continue;
            }
            let top = top_bit(suit_bits(self.all, s));
            let side = suit_bits(self.hands[leader] | self.hands[pd], s);
            if side & top != 0 {
                return None;
            }
            if trump < 4 && s != trump && pd_trumps && suit_bits(self.hands[pd], s) == 0 {
                return None;
            }
            rel |= top << (16 * s);
        }
        Some(rel)
    }

    /// At second hand, sure tricks for the second hand's side from this trick on: none unless
    /// it surely wins this trick (a ruff third hand cannot overruff, or the suit's top card over
    /// the card led and third hand's); at notrump, the winner then cashes his other top cards.
    /// Stops once `enough` are found. Returns the count and the cards relied on.
    #[inline(always)]
    pub(crate) fn second_hand_tricks(&self, t: &Trick, player: usize, enough: i32) -> (i32, u64) {
        let (s, pd, third) = (t.lead_suit, player ^ 2, (player + 1) & 3);
        let trump = self.trump;
        if trump < 4 && enough > 1 {
            return (0, 0);
        }
        let ruffs = |h: usize| {
            trump < 4 && s != trump && suit_bits(self.hands[h], s) == 0 && suit_bits(self.hands[h], trump) != 0
        };
        if ruffs(third) {
            return (0, 0);
        }
        if ruffs(player) || ruffs(pd) {
            return (1, 0);
        }
        let side = suit_bits(self.hands[player] | self.hands[pd], s);
        let beaten = suit_bits(self.hands[third], s) | 1 << (t.win_card % 16);
        if side == 0 || top_bit(side) < beaten {
            return (0, 0);
        }
        let top = top_bit(side);
        let rel = top << (16 * s);
        if enough <= 1 {
            return (1, rel);
        }
        let hh = if suit_bits(self.hands[player], s) & top != 0 { player } else { pd };
        self.cash_after_win(hh, s, top, enough, (1, rel))
    }

    /// At notrump, `hh` wins this trick in suit `s` with `top` and leads on: counts on
    /// `(tricks, rel)` its cards above every other hand's, in `s` and in each other suit (all of
    /// a suit nobody else holds).
    #[inline(always)]
    fn cash_after_win(&self, hh: usize, s: usize, top: u64, enough: i32, (mut n, mut rel): (i32, u64)) -> (i32, u64) {
        for x in std::iter::once(s).chain((0..4).filter(|&x| x != s)) {
            if n >= enough {
                break;
            }
            let mine = suit_bits(self.hands[hh], x) & if x == s { !top } else { SUIT };
            let others = (0..4).filter(|&h| h != hh).fold(0, |a, h| a | suit_bits(self.hands[h], x));
            let seq = above(mine, others);
            n += seq.count_ones() as i32;
            if others != 0 {
                rel |= (seq & seq.wrapping_neg()) << (16 * x);
            }
        }
        (n, rel)
    }

    /// Can the side on lead take every trick? With trumps left, not against a defender's
    /// guarded trump (see `guarded_trump`). With none, only by leading suits whose top card it
    /// holds (the other side would win any other lead with its top card, and it gets the lead
    /// only by winning a trick), each at most as often as the longer of its two hands holds it.
    /// When those add up to fewer than the tricks left, the defenders surely win one: returns
    /// `(1, the defenders' top cards relied on)`, else `(0, 0)`.
    #[inline(always)]
    pub(crate) fn all_tricks_out_of_reach(&self, leader: usize) -> (i32, u64) {
        if self.trump < 4 && suit_bits(self.all, self.trump) != 0 {
            return self.guarded_trump(leader, leader);
        }
        let (a, b) = (self.hands[leader], self.hands[leader ^ 2]);
        let (mut reach, mut rel) = (0, 0u64);
        for s in 0..4 {
            let all_s = suit_bits(self.all, s);
            if all_s == 0 {
                continue;
            }
            let top = top_bit(all_s);
            let (x, y) = (suit_bits(a, s), suit_bits(b, s));
            if (x | y) & top != 0 {
                reach += x.count_ones().max(y.count_ones()) as i32;
            } else if self.hands.iter().all(|&h| suit_bits(h, s) != all_s) {
                // Relied on unless its holder holds the whole suit.
                rel |= top << (16 * s);
            }
        }
        if reach < self.tricks_left { (1, rel) } else { (0, 0) }
    }

    /// A sure trump trick for the side not holding the top trump (`top_side` is a seat of the
    /// side that does): a player with the second trump and another, sitting over (left of) the
    /// hand holding the top one, plays the second trump when the top one is not played before
    /// him and a small trump under it otherwise; a player holding the second and third trumps
    /// keeps one of them; a player with the third trump and two others, sitting over the hand
    /// holding the two top ones, keeps it until they are gone. Sitting over the holder fails
    /// only for a player on lead, who must hold a card outside trumps to lead first. Returns
    /// `(1, the top trumps relied on)`, else `(0, 0)`.
    #[inline(always)]
    fn guarded_trump(&self, leader: usize, top_side: usize) -> (i32, u64) {
        let t = self.trump;
        let trumps = suit_bits(self.all, t);
        if trumps.count_ones() < 3 {
            return (0, 0);
        }
        let ace = top_bit(trumps);
        let king = top_bit(trumps & !ace);
        let queen = top_bit(trumps & !ace & !king);
        let held = |h: usize| suit_bits(self.hands[h], t);
        for holder in [top_side, top_side ^ 2] {
            let (mine, over, under) = (held(holder), held((holder + 1) & 3), held((holder + 3) & 3));
            if mine & ace == 0 {
                continue;
            }
            let kq = king | queen;
            if over & kq == kq || under & kq == kq {
                return (1, (ace | kq) << (16 * t));
            }
            let seated = (holder + 1) & 3 != leader || self.hands[leader] != over << (16 * t);
            if seated && over & king != 0 && over.count_ones() >= 2 {
                return (1, (ace | king) << (16 * t));
            }
            if seated && mine & king != 0 && over & queen != 0 && over.count_ones() >= 3 {
                return (1, (ace | kq) << (16 * t));
            }
        }
        (0, 0)
    }
}
