//! The generation loop of dealer 1.24 (compat.md §1.8) over the dealer.exe stream.

use super::actions::ActionState;
use super::{Event, Matched, RunOptions, Summary};
use crate::cards::{Card, Seat};
use crate::dealing::bias::BiasDealer;
use crate::dealing::DealerStream;
use crate::eval::{Ctx, Program};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::SyncSender;
use std::time::{Duration, Instant};

pub(super) struct Engine<'a> {
    program: &'a Program,
    options: &'a RunOptions,
    tx: &'a SyncSender<Event>,
    cancel: &'a AtomicBool,
}

/// The limits a run works to.
struct Limits {
    seed: i64,
    generate: u64,
    produce: u64,
}

impl<'a> Engine<'a> {
    pub(super) fn new(program: &'a Program, options: &'a RunOptions, tx: &'a SyncSender<Event>, cancel: &'a AtomicBool) -> Self {
        Engine { program, options, tx, cancel }
    }

    fn limits(&self) -> Limits {
        let s = &self.program.script;
        let seed = self.options.seed.or(s.seed).unwrap_or_else(now_seconds);
        let generate = self.options.generate.or(s.generate).filter(|&g| g > 0).unwrap_or(10_000_000);
        let prints = self.program.actions.iter().any(|a| a.prints());
        let produce = self.options.produce.or(s.produce).filter(|&p| p > 0);
        let produce = produce.unwrap_or(if prints { 40 } else { generate });
        Limits { seed, generate, produce }
    }

    fn predeal(&self) -> Vec<(Seat, Card)> {
        let over = &self.options.predeal_override;
        let mut p: Vec<(Seat, Card)> =
            self.program.script.predeal.iter().filter(|(s, _)| !over.iter().any(|(o, _)| o == s)).copied().collect();
        for (seat, cards) in over {
            p.extend(cards.iter().map(|&c| (*seat, c)));
        }
        p
    }

    pub(super) fn run(&self) {
        let start = Instant::now();
        let lim = self.limits();
        let mut source = match &self.options.deals {
            Some(list) => Source::List(list.clone(), 0),
            None if self.program.script.bias_span.is_some() => match self.bias_dealer(lim.seed) {
                Ok(b) => Source::Bias(Box::new(b), None),
                Err(e) => return self.fail(&e, &mut String::new()),
            },
            None => Source::Stream(Box::new(DealerStream::new(lim.seed, &self.predeal()))),
        };
        let mut state = ActionState::new(self.program, self.options, lim.seed);
        let vulnerable = self.options.vulnerable.or(self.program.script.vulnerable).unwrap_or(0);
        let (mut ngen, mut nprod) = (0u64, 0u64);
        let mut last_report = start;
        let mut cancelled = false;
        let mut pending = String::new();
        while ngen < lim.generate && nprod < lim.produce {
            let Some(deal) = source.next() else { break };
            ngen += 1;
            let mut ctx = Ctx { deal: &deal, rnd: None, rnd_seed: self.options.rnd_seed, dd: None, vulnerable };
            let hit = match self.program.matches(&mut ctx) {
                Ok(h) => h,
                Err(e) => return self.fail(&e, &mut pending),
            };
            if hit {
                nprod += 1;
                let printed = match state.per_deal(&mut ctx, nprod) {
                    Ok(p) => p,
                    Err(e) => return self.fail(&e, &mut pending),
                };
                if !self.deliver(&mut pending, Matched { number: nprod, generated: ngen, deal, printed }) {
                    return;
                }
            }
            if ngen & 0x3FFF == 0 || hit {
                if self.cancel.load(Ordering::Relaxed) {
                    cancelled = true;
                    break;
                }
                let now = Instant::now();
                if now - last_report >= self.options.progress_every {
                    last_report = now;
                    self.progress(&state, ngen, nprod, now - start);
                }
            }
        }
        if let Source::Bias(_, Some(e)) = &source {
            let span = self.program.script.bias_span.unwrap_or_default();
            return self.fail(&crate::eval::EvalError { span, ..e.clone() }, &mut pending);
        }
        let elapsed = start.elapsed();
        if !pending.is_empty() {
            let _ = self.tx.send(Event::Output(std::mem::take(&mut pending)));
        }
        self.progress(&state, ngen, nprod, elapsed);
        let text = state.finish(ngen, nprod, elapsed.as_secs_f64());
        let _ = self.tx.send(Event::Output(text));
        let summary = Summary { generated: ngen, produced: nprod, seed: lim.seed, elapsed, cancelled };
        let _ = self.tx.send(Event::Finished(summary));
    }

    /// DealerV2_4's bias dealer for a script with `predeal spades(north) == 5`.
    fn bias_dealer(&self, seed: i64) -> Result<BiasDealer, crate::eval::EvalError> {
        let span = self.program.script.bias_span.unwrap_or_default();
        BiasDealer::new(seed, &self.predeal(), self.program.script.bias)
            .map_err(|message| crate::eval::EvalError { span, message })
    }

    /// Sends a matching deal, or batches its printed text; false when nobody listens.
    fn deliver(&self, pending: &mut String, m: Matched) -> bool {
        if self.options.matched_events {
            return self.tx.send(Event::Matched(Box::new(m))).is_ok();
        }
        pending.push_str(&m.printed);
        if pending.len() >= 1 << 16 {
            return self.tx.send(Event::Output(std::mem::take(pending))).is_ok();
        }
        true
    }

    fn progress(&self, state: &ActionState, generated: u64, produced: u64, elapsed: Duration) {
        let _ = self.tx.send(Event::Progress { generated, produced, elapsed });
        let _ = self.tx.send(Event::Stats(Box::new(state.snapshot(generated, produced))));
    }

    fn fail(&self, e: &crate::eval::EvalError, pending: &mut String) {
        if !pending.is_empty() {
            let _ = self.tx.send(Event::Output(std::mem::take(pending)));
        }
        let _ = self.tx.send(Event::Failed(Box::new(self.program.diagnostic(e))));
    }
}

/// Where deals come from: dealer.exe's stream, DealerV2_4's bias dealer (with the error that
/// stopped it), or a list read from a file.
enum Source {
    Stream(Box<DealerStream>),
    Bias(Box<BiasDealer>, Option<crate::eval::EvalError>),
    List(std::sync::Arc<Vec<crate::cards::Deal>>, usize),
}

impl Source {
    #[inline]
    fn next(&mut self) -> Option<crate::cards::Deal> {
        match self {
            Source::Stream(s) => Some(s.next_deal()),
            Source::Bias(b, err) => b.next_deal().map_err(|m| *err = Some(crate::eval::EvalError { span: Default::default(), message: m })).ok(),
            Source::List(list, i) => {
                let d = list.get(*i).copied();
                *i += 1;
                d
            }
        }
    }
}

fn now_seconds() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}
