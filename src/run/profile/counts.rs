//! Counting: the condition evaluated term by term in short-circuit order, with the terms the
//! short circuit skips evaluated on the side.

use super::spec::{Node, Spec};
use crate::eval::{Ctx, EvalError, Program};
use crate::script::explain::Join;

/// One deal in this many is profiled (counted by its place in the stream, so the sample
/// does not depend on the deals): 4 per term, at least 8 and at most 64. Profiling every
/// deal costs 30–180 ns a deal (1 to 7 terms) against 60–120 ns to deal and test one, so
/// this keeps the cost under a tenth of the run's time (benches/profile_cost.rs; the README
/// has the figures).
fn stride(terms: usize) -> u64 {
    (4 * terms as u64).clamp(8, 64)
}

/// Deals a figure rests on, and on how many of them the term held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Count {
    /// Deals on which the term held.
    pub held: u64,
    /// Deals counted.
    pub deals: u64,
}

impl Count {
    fn add(&mut self, held: bool) {
        self.held += u64::from(held);
        self.deals += 1;
    }

    fn merge(&mut self, o: Count) {
        self.held += o.held;
        self.deals += o.deals;
    }

    /// The share that held, in percent (`None` before any deal).
    pub fn percent(&self) -> Option<f64> {
        (self.deals > 0).then(|| 100.0 * self.held as f64 / self.deals as f64)
    }
}

/// The counts of every term, indexed as the spec's terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Deals profiled.
    pub deals: u64,
    /// Deals profiled by these counts themselves, not merged in.
    here: u64,
    /// Deals seen by the other threads' counts merged into these ([`Counts::seen`]).
    merged_seen: u64,
    /// One deal in this many is profiled.
    pub stride: u64,
    /// Deals to pass over before the next profiled one (a count down, not a division).
    skip: u64,
    /// Per term: held on its own.
    pub alone: Vec<Count>,
    /// Per term: held among the deals the short circuit brought to it.
    pub order: Vec<Count>,
    /// Deals on which the condition solved double dummy.
    pub solves: u64,
    /// Solves made only to measure a term on its own.
    pub extra_solves: u64,
}

/// One deal's evaluation state.
struct Deal<'c, 'a> {
    program: &'c Program,
    ctx: &'c mut Ctx<'a>,
    /// Count the solving terms on their own on this deal (their sample).
    dd_sample: bool,
    /// The condition solved the deal.
    solved: bool,
    /// The profile solved it.
    extra: bool,
}

impl Counts {
    /// Zero counts for the terms of `spec`.
    pub fn new(spec: &Spec) -> Counts {
        let n = spec.len();
        let stride = stride(n);
        Counts { stride, alone: vec![Count::default(); n], order: vec![Count::default(); n], ..Counts::default() }
    }

    /// Adds another thread's counts.
    pub fn merge(&mut self, o: &Counts) {
        self.deals += o.deals;
        self.merged_seen += o.seen();
        self.solves += o.solves;
        self.extra_solves += o.extra_solves;
        for (a, b) in self.alone.iter_mut().zip(&o.alone) {
            a.merge(*b);
        }
        for (a, b) in self.order.iter_mut().zip(&o.order) {
            a.merge(*b);
        }
    }

    /// Deals seen, profiled or not: each profiled one and the `stride - 1` after it, less
    /// those still to pass over (counted so, not one by one, to spare the deal loop).
    pub fn seen(&self) -> u64 {
        let own = if self.here == 0 { 0 } else { self.here * self.stride - self.skip };
        own + self.merged_seen
    }

    /// Evaluates the condition on the context's deal, counting every term when the deal is in
    /// the sample; the result is [`Program::matches`]'s.
    #[inline]
    pub fn test(&mut self, spec: &Spec, program: &Program, ctx: &mut Ctx) -> Result<bool, EvalError> {
        if self.skip > 0 {
            self.skip -= 1;
            return program.matches(ctx);
        }
        self.skip = self.stride - 1;
        self.profiled(spec, program, ctx)
    }

    #[cold]
    #[inline(never)]
    fn profiled(&mut self, spec: &Spec, program: &Program, ctx: &mut Ctx) -> Result<bool, EvalError> {
        self.deals += 1;
        self.here += 1;
        // Decided before looking at the deal, so the sample is not biased by it.
        let dd_sample = spec.solves() && self.extra_solves * 10 < self.solves + 1;
        let mut d = Deal { program, ctx, dd_sample, solved: false, extra: false };
        let held = self.chain(spec, spec.join, &spec.tops, &mut d)?;
        self.solves += u64::from(d.solved);
        Ok(held)
    }

    /// A chain's terms in order; those after the short circuit decides, on the side.
    fn chain(&mut self, spec: &Spec, join: Option<Join>, ids: &[usize], d: &mut Deal) -> Result<bool, EvalError> {
        // `&&`: true until a term fails; `||`: false until one holds.
        let (mut value, mut decided) = (join != Some(Join::Or), false);
        for &i in ids {
            if decided {
                self.aside(spec, i, d);
                continue;
            }
            let held = self.term(spec, i, d)?;
            self.order[i].add(held);
            if !spec.nodes[i].solves || d.dd_sample {
                self.alone[i].add(held);
            }
            match join {
                None => value = held,
                Some(Join::And) if !held => (value, decided) = (false, true),
                Some(Join::Or) if held => (value, decided) = (true, true),
                _ => {}
            }
        }
        Ok(value)
    }

    /// A term the short circuit reached: through its parts when it has them.
    fn term(&mut self, spec: &Spec, i: usize, d: &mut Deal) -> Result<bool, EvalError> {
        let node: &Node = &spec.nodes[i];
        if let Some((join, parts)) = &node.parts {
            return self.chain(spec, Some(*join), parts, d);
        }
        let v = d.program.term(i, d.ctx)?;
        d.solved |= node.solves;
        Ok(v != 0)
    }

    /// A term the short circuit skipped, evaluated for its own rate with the deal's `rnd`
    /// stream set aside; an error here is not the run's, and is not counted.
    fn aside(&mut self, spec: &Spec, i: usize, d: &mut Deal) {
        let node: &Node = &spec.nodes[i];
        if let Some((_, parts)) = &node.parts {
            for &p in parts {
                self.aside(spec, p, d);
            }
        }
        if node.solves && !d.dd_sample {
            return;
        }
        if node.solves && !d.solved && !d.extra {
            d.extra = true;
            self.extra_solves += 1;
        }
        let rnd = d.ctx.rnd.take();
        let r = d.program.term(i, d.ctx);
        d.ctx.rnd = rnd;
        if let Ok(v) = r {
            self.alone[i].add(v != 0);
        }
    }
}
