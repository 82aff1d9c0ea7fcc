//! The lead solver: declarer's tricks after each card the opening leader can lead, as DDS's
//! `SolveBoard` with solutions 3 gives them. The deal's result is solved first; each group of
//! equal cards (one suit, no other hand's card between them) is then tested once from the
//! position after its lead, bounded by that result, all with one transposition table.

use super::search::mtd;
use super::solver::Solver;
use super::{DdError, check_deal};
use crate::cards::{Card, Deal, Seat, Suit};

/// Declarer's tricks after each lead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leads {
    /// Declarer's tricks against the best lead: the table's result.
    pub best: u8,
    /// Every card the leader holds with declarer's tricks after it, spades first and each
    /// suit from the ace down.
    pub cards: Vec<(Card, u8)>,
}

/// The leader's cards in DDS's order (spades to clubs, ace down), each with the highest card of
/// its group of equal cards.
fn lead_groups(deal: &Deal, leader: usize) -> Vec<(Card, Card)> {
    let hand = deal.hands[leader].0;
    let all = deal.hands.iter().fold(0, |a, h| a | h.0);
    let mut out = Vec::with_capacity(13);
    for suit in Suit::ALL.into_iter().rev() {
        let mut top: Option<Card> = None;
        for rank in (0..13).rev() {
            let card = Card::new(suit, rank);
            if hand & card.bit() == 0 {
                if all & card.bit() != 0 {
                    top = None;
                }
                continue;
            }
            let head = *top.get_or_insert(card);
            out.push((card, head));
        }
    }
    out
}

/// When `card` lies below every card of its suit in `rel` (the cards a result relied on), the
/// cards of its suit below them all, which give the same result; otherwise none.
fn unranked_below(card: Card, rel: u64) -> u64 {
    let suit = 0x1FFFu64 << (16 * card.suit().index());
    let r = rel & suit;
    let floor = if r == 0 { suit } else { (r & r.wrapping_neg()) - 1 };
    if card.bit() & floor != 0 { floor & suit } else { 0 }
}

/// The search's bit index of a card.
fn bit_index(card: Card) -> u32 {
    card.bit().trailing_zeros()
}

impl Solver {
    /// Declarer's tricks in `strain` (0 C .. 4 NT) after each card declarer's left-hand
    /// opponent can lead. Partial deals are accepted as by [`Solver::table`].
    pub fn leads(&mut self, deal: &Deal, declarer: Seat, strain: usize) -> Result<Leads, DdError> {
        if strain > 4 {
            return Err(DdError::Invalid(format!("bad strain {strain} (0 clubs .. 4 notrump)")));
        }
        let n = check_deal(deal)?;
        if n == 0 {
            return Ok(Leads { best: 0, cards: Vec::new() });
        }
        let declarer = declarer.index();
        let leader = (declarer + 1) & 3;
        self.load(deal, strain);
        let guess = self.search.estimate(leader);
        let ns_best = self.search.solve(leader, guess, 0, n);
        self.check_cancelled()?;
        // The leader's side takes at most its best: North-South's tricks lie on one side of it.
        let (lo, hi) = if leader & 1 == 0 { (0, ns_best) } else { (ns_best, n) };
        let guess = if leader & 1 == 0 { hi } else { lo + 1 };
        let ns_declarer = |ns: i32| if declarer & 1 == 0 { ns } else { n - ns } as u8;
        let mut cards = Vec::with_capacity(13);
        // Cards known to give `same_ns`: the lower cards of a suit whose ranks a result ignored.
        let (mut same, mut same_ns, mut head_ns) = (0u64, 0, 0);
        for (card, head) in lead_groups(deal, leader) {
            if card == head && same & card.bit() != 0 {
                head_ns = same_ns;
            } else if card == head {
                let (ns, rel) = self.solve_after_lead(leader, bit_index(card), lo, hi, guess);
                self.check_cancelled()?;
                (same, same_ns, head_ns) = (unranked_below(card, rel), ns, ns);
            }
            cards.push((card, ns_declarer(head_ns)));
        }
        Ok(Leads { best: ns_declarer(ns_best), cards })
    }

    /// North-South's tricks after `leader` leads `card`, known to lie in `lo..=hi` (MTD:
    /// null-window tests starting at `guess`), with the cards the tests' bounds relied on.
    fn solve_after_lead(&mut self, leader: usize, card: u32, lo: i32, hi: i32, guess: i32) -> (i32, u64) {
        mtd(lo, hi, guess, |beta| self.search.test_after_lead(leader, card, beta))
    }
}
