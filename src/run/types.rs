//! A run's hand types: each matching deal's membership, `--round-robin`'s quotas, and
//! `--interleave`'s rounds (one deal of each type before any type repeats).

use super::engine::{Consumer, Halt};
use crate::cards::Deal;
use crate::dd::Known;
use crate::eval::{Ctx, EvalError};
use crate::script::ast::Expr;
use crate::script::diag::Span;
use std::collections::VecDeque;

/// Salt that gives the hand types' expressions an `rnd` stream of their own.
const TYPES_RND_SALT: u64 = 0x7E9E_5A17_0F7E_9E5A;

/// Most deals `--interleave` holds back waiting for a round (about 10 MB).
pub(super) const MAX_HELD: usize = 100_000;

/// A deal kept, waiting for its actions.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pending {
    /// Its 1-based number among the deals dealt.
    pub(super) generated: u64,
    pub(super) deal: Deal,
    /// What the condition's double-dummy solves learnt of it.
    pub(super) known: Option<Known>,
    /// Bit `i` set when it is in hand type `i`.
    pub(super) mask: u64,
}

/// The hand types' expressions and what the run does with them.
pub(super) struct Types {
    pub(super) exprs: Vec<Expr>,
    /// Each type's name and where it is defined, for the errors.
    pub(super) defs: Vec<(String, Span)>,
    pub(super) interleave: Option<Interleave>,
    /// `--round-robin`'s quotas.
    pub(super) quota: Option<super::dealer3::quota::Quota>,
}

impl Consumer<'_> {
    /// Takes a matching deal (`generated` is its 1-based number among all dealt): measures
    /// its hand types, levels, interleaves, and runs the actions on the deals that come out;
    /// true when the produce limit is reached.
    pub(super) fn matched(&mut self, generated: u64, deal: Deal, known: Option<Known>) -> Result<bool, Halt> {
        let mut p = Pending { generated, deal, known, mask: 0 };
        if self.types.is_none() {
            return self.produce(p);
        }
        if let Some(k) = known {
            self.dd.prime(deal, k);
        }
        p.mask = self.type_mask(&deal)?;
        self.state.measure_types(p.mask);
        let Some(types) = &mut self.types else { return self.produce(p) };
        if let Some(q) = &mut types.quota {
            let t = (p.mask.count_ones() == 1).then(|| p.mask.trailing_zeros() as usize);
            if !q.take(t) {
                return Ok(false);
            }
        }
        let Some(il) = &mut types.interleave else { return self.produce(p) };
        il.push(p);
        if self.release(false)? {
            return Ok(true);
        }
        match self.types.as_ref().and_then(|t| Some((t.interleave.as_ref()?.starved()?, &t.defs))) {
            Some((starved, defs)) => Err(Halt::Starved(starved.error(defs))),
            None => Ok(false),
        }
    }

    /// Acts on the deals `--interleave` holds back, once the deals run out.
    pub(super) fn flush(&mut self) -> Result<bool, Halt> {
        self.release(true)
    }

    /// Acts on interleaved deals while a round is ready (`flush`: whatever waits).
    fn release(&mut self, flush: bool) -> Result<bool, Halt> {
        while self.produced < self.produce_limit
            && let Some(p) = self.types.as_mut().and_then(|t| t.interleave.as_mut()).and_then(|il| il.pop(flush))
        {
            if self.produce(p)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Bit `i` set when the deal is in hand type `i`.
    fn type_mask(&mut self, deal: &Deal) -> Result<u64, Halt> {
        let o = self.engine.options;
        let program = self.engine.program;
        let exprs = self.types.as_ref().map_or(&[][..], |t| &t.exprs[..]);
        let mut mask = 0u64;
        for (i, e) in exprs.iter().enumerate() {
            let rnd_seed = o.rnd_seed ^ TYPES_RND_SALT;
            let mut ctx = Ctx::new(deal, &mut self.memo);
            ctx.dd = Some(&mut self.dd);
            (ctx.rnd_seed, ctx.vulnerable) = (rnd_seed, self.vulnerable);
            match program.eval(e, &mut ctx) {
                Ok(v) => mask |= u64::from(v != 0) << i,
                Err(e) if self.engine.solve_cancelled(&e) => return Err(Halt::Cancelled),
                Err(e) => return Err(Halt::Failed(e)),
            }
        }
        Ok(mask)
    }
}

/// Kept deals queued by type (the last queue: deals in no type) until a round is complete.
/// A round holds each type's quota (its levelling weight over the weights' greatest common
/// divisor; 1 unlevelled) in passes, so every type appears before any type repeats within it.
pub(super) struct Interleave {
    queues: Vec<VecDeque<Pending>>,
    /// Deals of each type a round holds.
    quota: Vec<u64>,
    /// The round being released.
    round: VecDeque<Pending>,
    /// Kept deals in each type, and those queued under it (a deal in two goes to the first).
    seen: Vec<u64>,
    queued: Vec<u64>,
}

/// The type `--interleave` holds deals back for, once it holds [`MAX_HELD`].
pub(super) struct Starved {
    index: usize,
    seen: u64,
    queued: u64,
    total: u64,
}

impl Starved {
    /// The error that stops the run, at the type's definition.
    pub(super) fn error(&self, defs: &[(String, Span)]) -> EvalError {
        let (name, span) = &defs[self.index];
        let why = if self.seen > self.queued {
            format!(
                "{} of the {} kept deals were `{name}`, and {} of them were also in an earlier type, which takes them",
                self.seen,
                self.total,
                self.seen - self.queued
            )
        } else {
            format!("{} of the {} kept deals were `{name}`", self.seen, self.total)
        };
        let message = format!(
            "--interleave holds {MAX_HELD} deals waiting for a deal of type `{name}`, which every round needs \
             ({why}): the run stops with the deals it holds written. Widen `{name}`, give it weight 0 with \
             --level, or leave out --interleave"
        );
        EvalError::new(*span, message)
    }
}

impl Interleave {
    /// Queues for types of these weights.
    pub(super) fn new(weights: &[u64]) -> Interleave {
        let g = weights.iter().copied().fold(0, gcd).max(1);
        let quota = weights.iter().map(|w| w / g).collect();
        let n = weights.len();
        let queues = vec![VecDeque::new(); n + 1];
        Interleave { queues, quota, round: VecDeque::new(), seen: vec![0; n], queued: vec![0; n] }
    }

    /// Queues a kept deal under the first type it is in.
    pub(super) fn push(&mut self, p: Pending) {
        let q = if p.mask == 0 { self.quota.len() } else { p.mask.trailing_zeros() as usize };
        for (i, s) in self.seen.iter_mut().enumerate() {
            *s += (p.mask >> i) & 1;
        }
        if let Some(c) = self.queued.get_mut(q) {
            *c += 1;
        }
        self.queues[q].push_back(p);
    }

    /// The type whose empty queue holds the others back, once [`MAX_HELD`] deals wait.
    pub(super) fn starved(&self) -> Option<Starved> {
        if self.queues.iter().map(VecDeque::len).sum::<usize>() < MAX_HELD {
            return None;
        }
        let index = (0..self.quota.len()).find(|&i| (self.queues[i].len() as u64) < self.quota[i])?;
        let total = self.queued.iter().sum::<u64>() + self.queues.last().map_or(0, |q| q.len() as u64);
        Some(Starved { index, seen: self.seen[index], queued: self.queued[index], total })
    }

    /// The next deal to act on: from a round, made once every type has its quota waiting
    /// (or, with `flush`, from whatever waits, one of each type per round), in type order.
    pub(super) fn pop(&mut self, flush: bool) -> Option<Pending> {
        if self.round.is_empty() {
            let ready = self.queues.iter().zip(&self.quota).all(|(q, &n)| q.len() as u64 >= n);
            if ready {
                let most = self.quota.iter().copied().max().unwrap_or(0);
                for pass in 0..most {
                    for (q, &n) in self.queues.iter_mut().zip(&self.quota) {
                        if pass < n {
                            self.round.extend(q.pop_front());
                        }
                    }
                }
                self.round.extend(self.queues.last_mut().and_then(VecDeque::pop_front));
            } else if flush {
                let round: Vec<Pending> = self.queues.iter_mut().filter_map(|q| q.pop_front()).collect();
                self.round.extend(round);
            }
        }
        self.round.pop_front()
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(generated: u64, mask: u64) -> Pending {
        Pending { generated, deal: Deal::default(), known: None, mask }
    }

    #[test]
    fn each_type_appears_before_any_repeats() {
        let mut il = Interleave::new(&[1, 1, 1]);
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

    #[test]
    fn weighted_rounds_keep_the_mix_and_pass_through_every_type() {
        let mut il = Interleave::new(&[4, 2, 2]);
        for (g, m) in [(1, 1), (2, 1), (3, 2), (4, 4)] {
            il.push(p(g, m));
        }
        let out: Vec<u64> = std::iter::from_fn(|| il.pop(false)).map(|x| x.generated).collect();
        assert_eq!(out, vec![1, 3, 4, 2]);
    }
}
