//! A run's hand types: each matching deal's membership, levelling's keep decision, and
//! `--interleave`'s rounds (one deal of each type before any type repeats).

use super::level::Leveller;
use crate::cards::Deal;
use crate::script::ast::Expr;
use std::collections::VecDeque;

/// A deal kept, waiting for its actions.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pending {
    /// Its 1-based number among the deals dealt.
    pub(super) generated: u64,
    pub(super) deal: Deal,
    /// Its double-dummy table, if the condition solved it.
    pub(super) table: Option<[[u8; 5]; 4]>,
    /// Bit `i` set when it is in hand type `i`.
    pub(super) mask: u64,
}

/// The hand types' expressions and what the run does with them.
pub(super) struct Types {
    pub(super) exprs: Vec<Expr>,
    pub(super) leveller: Option<Leveller>,
    pub(super) interleave: Option<Interleave>,
}

/// Kept deals queued by type (the last queue: deals in no type) until a round is complete.
pub(super) struct Interleave {
    queues: Vec<VecDeque<Pending>>,
    /// The types a round needs (those a levelled run keeps; every type otherwise).
    wanted: Vec<bool>,
    /// The round being released.
    round: VecDeque<Pending>,
}

impl Interleave {
    /// Queues for `wanted.len()` types.
    pub(super) fn new(wanted: Vec<bool>) -> Interleave {
        let queues = vec![VecDeque::new(); wanted.len() + 1];
        Interleave { queues, wanted, round: VecDeque::new() }
    }

    /// Queues a kept deal under the first type it is in.
    pub(super) fn push(&mut self, p: Pending) {
        let q = if p.mask == 0 { self.wanted.len() } else { p.mask.trailing_zeros() as usize };
        self.queues[q].push_back(p);
    }

    /// The next deal to act on: from a round, made once every wanted type has a deal waiting
    /// (or, with `flush`, from whatever waits), in type order.
    pub(super) fn pop(&mut self, flush: bool) -> Option<Pending> {
        if self.round.is_empty() {
            let ready = self.queues.iter().zip(self.wanted.iter().chain([&false])).all(|(q, &w)| !w || !q.is_empty());
            if ready || flush {
                let round: Vec<Pending> = self.queues.iter_mut().filter_map(|q| q.pop_front()).collect();
                self.round.extend(round);
            }
        }
        self.round.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(generated: u64, mask: u64) -> Pending {
        Pending { generated, deal: Deal::default(), table: None, mask }
    }

    #[test]
    fn each_type_appears_before_any_repeats() {
        let mut il = Interleave::new(vec![true, true, true]);
        let mut out = Vec::new();
        for (g, m) in [(1, 1), (2, 1), (3, 2), (4, 1), (5, 4), (6, 2), (7, 4), (8, 4)] {
            il.push(p(g, m));
            while let Some(x) = il.pop(false) {
                out.push(x.generated);
            }
        }
        assert_eq!(out, vec![1, 3, 5, 2, 6, 7]);
        while let Some(x) = il.pop(true) {
            out.push(x.generated);
        }
        assert_eq!(out, vec![1, 3, 5, 2, 6, 7, 4, 8]);
    }
}
