//! The generation loop of dealer 1.24: deal, test the condition, run the
//! actions of matching deals in deal order, stop at the produce or generate limit.

use super::actions::ActionState;
use super::dd_cache::DdCache;
use super::dd_needs::DdNeeds;
use super::outbox::Outbox;
use super::printed::Printed;
use super::profile::{Counts, Profile, Spec};
use super::source::{Source, StreamKind};
use super::types::{Interleave, Pending, Types};
use super::{Event, EventSink, Matched, RunOptions, Summary};
use crate::cards::{Card, Deal, Seat, Vul};
use crate::dealing::bias::BiasDealer;
use crate::dealing::swap::{Swapper, Swapping};
use crate::dealing::{DealerStream, FastStream};
use crate::eval::{Ctx, EvalError, Memo, Program};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Salt that gives the actions an `rnd` stream of their own, apart from the condition's,
/// so results are the same whichever thread tested the condition.
const ACTION_RND_SALT: u64 = 0x5DEE_CE66_D1CE_5EED;

pub(super) struct Engine<'a> {
    pub(super) program: &'a Program,
    pub(super) options: &'a RunOptions,
    tx: &'a dyn EventSink,
    /// Set to cancel the run; double-dummy solves read it too.
    pub(super) cancel: &'a Arc<AtomicBool>,
    /// The condition's terms, when the run profiles it.
    pub(super) profile: Option<Spec>,
}

/// The limits a run works to.
pub(super) struct Limits {
    pub(super) seed: i64,
    pub(super) generate: u64,
    pub(super) produce: u64,
}

/// Why dealing stopped early.
pub(super) enum Halt {
    /// The script failed on a deal.
    Failed(EvalError),
    /// Nobody listens any more.
    Hangup,
    /// The run was cancelled in the middle of a double-dummy solve.
    Cancelled,
    /// `--interleave` holds too many deals waiting for a type: what it holds is written,
    /// then the run stops with this error.
    Starved(EvalError),
}

/// Takes matching deals in deal order and runs the actions on them.
pub(super) struct Consumer<'a> {
    pub(super) engine: &'a Engine<'a>,
    pub(super) state: ActionState<'a>,
    pub(super) dd: DdCache,
    /// The variables' values on the deal being tested or acted on.
    pub(super) memo: Memo,
    outbox: Outbox,
    pub(super) produced: u64,
    pub(super) produce_limit: u64,
    pub(super) vulnerable: Vul,
    /// The script's hand types, when it defines any.
    pub(super) types: Option<Types>,
    start: Instant,
    last_report: Instant,
    /// The profile's counts of the deals taken so far.
    pub(super) profile: Option<Counts>,
}

impl<'a> Consumer<'a> {
    /// Runs the actions on a deal to produce; true when the produce limit is reached.
    pub(super) fn produce(&mut self, p: Pending) -> Result<bool, Halt> {
        let Pending { generated, deal, known, mask } = p;
        self.produced += 1;
        if let Some(k) = known {
            self.dd.prime(deal, k);
        }
        self.dd.acting(&deal);
        let o = self.engine.options;
        let mut ctx = Ctx::new(&deal, &mut self.memo);
        ctx.dd = Some(&mut self.dd);
        (ctx.rnd_seed, ctx.vulnerable) = (o.rnd_seed ^ ACTION_RND_SALT, self.vulnerable);
        let from = self.outbox.text().len();
        if let Err(e) = self.state.per_deal(&mut ctx, self.produced, self.outbox.text()) {
            self.outbox.text().truncate(from);
            let cancelled = self.engine.solve_cancelled(&e);
            // A deal whose actions were cut short is not counted.
            self.produced -= u64::from(cancelled);
            return Err(if cancelled { Halt::Cancelled } else { Halt::Failed(e) });
        }
        self.state.add_types(mask);
        let known = self.dd.solved(&deal);
        let m =
            Matched { number: self.produced, generated, deal, printed: Printed::default(), known, hand_types: mask };
        if !self.outbox.push(self.engine.tx, m, from, self.engine.options.matched_events) {
            return Err(Halt::Hangup);
        }
        Ok(self.produced >= self.produce_limit)
    }

    /// How long the run's thread may wait before reporting progress.
    pub(super) fn engine_progress_every(&self) -> Duration {
        self.engine.options.progress_every
    }

    /// Progress every so often; false when the run was cancelled.
    pub(super) fn tick(&mut self, generated: u64) -> bool {
        if self.engine.cancel.load(Ordering::Relaxed) {
            return false;
        }
        let now = Instant::now();
        if now - self.last_report >= self.engine.options.progress_every {
            self.last_report = now;
            if !self.outbox.send(self.engine.tx) {
                return false;
            }
            self.engine.progress(&self.state, self.profile.as_ref(), generated, self.produced, now - self.start);
        }
        true
    }
}

/// Deals to generate and to produce: the options, then the script, then dealer's defaults
/// (10,000,000 generated; 40 produced when a deal is printed, else as many as generated).
pub(super) fn counts(program: &Program, options: &RunOptions) -> (u64, u64) {
    let s = &program.script;
    let generate = options.generate.or(s.generate).filter(|&g| g > 0).unwrap_or(10_000_000);
    let prints = program.actions.iter().any(|a| a.prints());
    let produce = options.produce.or(s.produce).filter(|&p| p > 0);
    (generate, produce.unwrap_or(if prints { 40 } else { generate }))
}

impl<'a> Engine<'a> {
    pub(super) fn new(
        program: &'a Program,
        options: &'a RunOptions,
        tx: &'a dyn EventSink,
        cancel: &'a Arc<AtomicBool>,
    ) -> Self {
        let profile = if options.profile { Spec::of(program) } else { None };
        Engine { program, options, tx, cancel, profile }
    }

    fn limits(&self) -> Limits {
        let seed = self.options.seed.or(self.program.script.seed).unwrap_or_else(now_seconds);
        let (generate, produce) = counts(self.program, self.options);
        Limits { seed, generate, produce }
    }

    fn predeal(&self) -> Vec<(Seat, Card)> {
        let all = super::predeal::merged(&self.program.script, &self.options.predeal_override);
        all.into_iter().map(|(s, c, _)| (s, c)).collect()
    }

    /// A card the script and the switches predeal twice (the CLI reports it before the run).
    fn predeal_error(&self) -> Option<EvalError> {
        let clash = super::predeal::check(&self.program.script, &self.options.predeal_override).err()?;
        Some(EvalError::new(clash.span().unwrap_or_default(), clash.message()))
    }

    /// Why the bias predeals cannot be dealt with this run's predealt cards (`-N` … included).
    fn bias_error(&self) -> Option<EvalError> {
        let span = self.program.script.bias_span?;
        let message = crate::dealing::bias::check(&self.predeal(), &self.program.script.bias).err()?;
        Some(EvalError::new(span, message.0))
    }

    /// The script's hand types and what `--level` and `--interleave` ask of them.
    fn types(&self) -> Option<Types> {
        let defs = &self.program.script.hand_types;
        if defs.is_empty() {
            return None;
        }
        let weights = self.options.level.as_ref().and_then(|l| l.weights(defs).ok());
        let weights = weights.unwrap_or_else(|| vec![1; defs.len()]);
        let interleave = self.options.interleave.then(|| Interleave::new(&weights));
        let quota = self.options.round_robin.then(|| {
            let per_round: Vec<u64> = defs.iter().map(|t| t.share.map_or(1, |(n, _)| n.max(1) as u64)).collect();
            super::dealer3::quota::Quota::new(&per_round, counts(self.program, self.options).1)
        });
        Some(Types {
            quota,
            exprs: defs.iter().map(|t| t.expr.clone()).collect(),
            defs: defs.iter().map(|t| (t.name.clone(), t.span)).collect(),
            interleave,
        })
    }

    /// Why `--level` cannot level this script.
    fn level_error(&self) -> Option<EvalError> {
        let level = self.options.level.as_ref()?;
        let span = self.program.script.hand_types.first().map(|t| t.span).unwrap_or_default();
        if self.options.shard.is_some_and(|(_, n)| n > 1) {
            return Some(EvalError::new(span, super::level::SHARDED));
        }
        let message = level.weights(&self.program.script.hand_types).err()?.0;
        Some(EvalError::new(span, message))
    }

    fn source(&self, seed: i64) -> Source {
        if let Some(list) = &self.options.deals {
            return Source::List(list.clone(), 0);
        }
        if let Some(feed) = &self.options.deal_feed {
            return Source::Feed(feed.take().peekable());
        }
        if self.program.script.bias_span.is_some() {
            // checked by `bias_error` before the run starts
            if let Ok(b) = BiasDealer::new(seed, &self.predeal(), self.program.script.bias) {
                return Source::Bias(Box::new(b));
            }
        }
        let dealt = match self.options.stream {
            StreamKind::Dealer => Source::Dealer(Box::new(DealerStream::new(seed, &self.predeal()))),
            StreamKind::Fast => {
                let (k, n) = self.options.shard.unwrap_or((0, 1));
                Source::Fast { stream: FastStream::new(seed as u64, &self.predeal()), next: k, step: n.max(1) }
            }
        };
        match self.options.swap {
            Swapping::Off => dealt,
            mode => Source::Swapped(Box::new(dealt), Swapper::new(mode)),
        }
    }

    /// Why this run cannot swap (checked before it starts): a predeal to a seat that moves,
    /// a bias predeal, or deals read from a file.
    fn swap_error(&self) -> Option<EvalError> {
        let mode = self.options.swap;
        if mode == Swapping::Off {
            return None;
        }
        let n = mode.number();
        if self.options.deals.is_some() || self.options.deal_feed.is_some() {
            return Some(EvalError::new(Default::default(), format!("-{n}: deals read from a file cannot be swapped")));
        }
        if let Some(span) = self.program.script.bias_span {
            return Some(EvalError::new(span, format!("-{n}: a predeal of suit lengths cannot be swapped")));
        }
        let all = super::predeal::merged(&self.program.script, &self.options.predeal_override);
        let (seat, _, origin) = all.iter().find(|(s, _, _)| mode.moved_seats().contains(s))?;
        let span = match origin {
            super::predeal::Origin::Script(at) => *at,
            super::predeal::Origin::Switch => Default::default(),
        };
        mode.refusal(std::iter::once(*seat)).map(|m| EvalError::new(span, m))
    }

    /// True when `e` is a double-dummy solve stopped because the run was cancelled (or its
    /// workers told to stop), not an error in the script.
    pub(super) fn solve_cancelled(&self, e: &EvalError) -> bool {
        e.cancelled
    }

    /// A double-dummy cache whose solves stop when the run is cancelled or `more` is set.
    pub(super) fn dd_cache(&self, more: Option<&Arc<AtomicBool>>) -> DdCache {
        let mut flags = vec![self.cancel.clone()];
        flags.extend(more.cloned());
        let needs = DdNeeds::of(&self.program.actions, &self.program.script.vars).with_studies(&self.options.studies);
        DdCache::with_memory(self.options.dd_memory_mib)
            .cancelled_by(flags)
            .planned(&needs)
            .with_tables(self.options.known_tables.clone())
    }

    /// True when the condition holds; the context a worker or the sequential loop evaluates
    /// in. With the profile's counts, the condition is evaluated term by term into them.
    pub(super) fn test(
        &self,
        deal: &Deal,
        dd: &mut DdCache,
        memo: &mut Memo,
        vulnerable: Vul,
        counts: Option<&mut Counts>,
    ) -> Result<bool, EvalError> {
        let mut ctx = Ctx::new(deal, memo);
        ctx.dd = Some(dd);
        (ctx.rnd_seed, ctx.vulnerable) = (self.options.rnd_seed, vulnerable);
        match (&self.profile, counts) {
            (Some(spec), Some(c)) => c.test(spec, self.program, &mut ctx),
            _ => self.program.matches(&mut ctx),
        }
    }

    /// Fresh profile counts, when the run profiles.
    pub(super) fn new_counts(&self) -> Option<Counts> {
        self.profile.as_ref().map(Counts::new)
    }

    pub(super) fn run(&self) {
        let start = Instant::now();
        let lim = self.limits();
        if let Some(e) = self
            .predeal_error()
            .or_else(|| self.swap_error())
            .or_else(|| self.bias_error())
            .or_else(|| self.level_error())
        {
            return self.fail(&e);
        }
        let source = self.source(lim.seed);
        let vulnerable = self.options.vulnerable.or(self.program.script.vulnerable).unwrap_or_default();
        let mut c = Consumer {
            engine: self,
            state: ActionState::new(self.program, self.options, lim.seed),
            dd: self.dd_cache(None),
            memo: Memo::default(),
            outbox: Outbox::default(),
            produced: 0,
            produce_limit: lim.produce,
            vulnerable,
            types: self.types(),
            start,
            last_report: start,
            profile: self.new_counts(),
        };
        let (generated, mut halt) = if self.options.threads > 1 {
            super::parallel::run(self, &lim, source, &mut c)
        } else {
            self.sequential(&lim, source, &mut c)
        };
        // The deals `--interleave` holds are written also when the run was stopped (`-t`).
        halt = match halt {
            None => c.flush().err(),
            Some(Halt::Starved(e)) => Some(c.flush().err().unwrap_or(Halt::Failed(e))),
            h => h,
        };
        if !c.outbox.send(self.tx) {
            return;
        }
        let cancelled = match halt {
            Some(Halt::Failed(e) | Halt::Starved(e)) => return self.fail(&e),
            Some(Halt::Hangup) => return,
            Some(Halt::Cancelled) => true,
            None => self.cancel.load(Ordering::Relaxed),
        };
        let elapsed = start.elapsed();
        self.progress(&c.state, c.profile.as_ref(), generated, c.produced, elapsed);
        let mut emit = |text: String| {
            let _ = self.tx.deliver(Event::Output(text));
        };
        if let Err(e) = c.state.finish(generated, c.produced, elapsed.as_secs_f64(), &mut emit) {
            return self.fail(&e);
        }
        let summary = Summary { generated, produced: c.produced, seed: lim.seed, elapsed, cancelled };
        let _ = self.tx.deliver(Event::Finished(summary));
    }

    /// One thread: deal, test, act. Returns the deals generated and why it stopped early.
    fn sequential(&self, lim: &Limits, source: Source, c: &mut Consumer) -> (u64, Option<Halt>) {
        match source {
            // dealer.exe's stream, the default, dealt inside the loop rather than by a call
            Source::Dealer(mut s) => self.deal_loop(lim, c, || Some(s.next_deal())),
            mut other => self.deal_loop(lim, c, || other.next()),
        }
    }

    /// [`Self::sequential`] with the deals from `next`.
    #[inline(always)]
    fn deal_loop(&self, lim: &Limits, c: &mut Consumer, mut next: impl FnMut() -> Option<Deal>) -> (u64, Option<Halt>) {
        let mut ngen = 0u64;
        while ngen < lim.generate && c.produced < lim.produce {
            let Some(deal) = next() else { break };
            ngen += 1;
            let hit = match self.test(&deal, &mut c.dd, &mut c.memo, c.vulnerable, c.profile.as_mut()) {
                Ok(h) => h,
                // The deal whose solve was cut short is not counted.
                Err(e) if self.solve_cancelled(&e) => return (ngen - 1, Some(Halt::Cancelled)),
                Err(e) => return (ngen, Some(Halt::Failed(e))),
            };
            // What the test learnt goes with the deal (hand types may hold it back a while).
            if hit && let Err(h) = c.matched(ngen, deal, c.dd.solved(&deal)) {
                return (ngen, Some(h));
            }
            if (ngen & 0x3FFF == 0 || hit) && !c.tick(ngen) {
                break;
            }
        }
        (ngen, None)
    }

    fn progress(&self, state: &ActionState, counts: Option<&Counts>, generated: u64, produced: u64, elapsed: Duration) {
        let _ = self.tx.deliver(Event::Progress { generated, produced, elapsed });
        if let (Some(spec), Some(c)) = (&self.profile, counts) {
            let _ = self.tx.deliver(Event::Profile(Box::new(Profile::new(spec, c))));
        }
        let _ = self.tx.deliver(Event::Stats(Box::new(state.snapshot(generated, produced))));
    }

    fn fail(&self, e: &EvalError) {
        let _ = self.tx.deliver(Event::Failed(Box::new(self.program.diagnostic(e))));
    }
}

fn now_seconds() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}
