//! Several threads: workers take turns cutting the stream into batches in order, deal and test
//! the condition on them, and the run's thread takes the matching deals back in deal order, so
//! the output is the same for any thread count. No thread only cuts: on a machine with as many
//! cores as workers, a cutting thread would have to preempt a worker for every batch.
//!
//! How a batch is dealt depends on the stream. The fast stream's deals need only their
//! numbers. dealer.exe's stream reshuffles the previous arrangement, so cutting a batch only
//! draws its swaps ([`Block`]); workers shuffle their blocks from the identity arrangement at
//! once and a [`Chain`] gives each block the arrangement it starts from. Other sources (a deal
//! file, the bias dealer) are dealt while cutting.

use super::chain::Chain;
use super::dd_cache::DdCache;
use super::dd_needs::DdNeeds;
use super::engine::{Consumer, Engine, Halt, Limits};
use super::profile::Counts;
use super::source::Source;
use crate::cards::{Deal, Vul};
use crate::dd::{DdError, Known};
use crate::dealing::dealer_stream::slot_bits;
use crate::dealing::{Block, DealerStream, FastStream};
use crate::eval::{EvalError, Memo};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// A batch of consecutive deals to test.
struct Job {
    number: u64,
    first: u64,
    count: u64,
    deals: Batch,
}

/// What a worker deals a batch from.
enum Batch {
    /// The deals themselves.
    Dealt(Vec<Deal>),
    /// Their numbers in the fast stream.
    Numbers,
    /// A block of dealer.exe's stream.
    Shuffles(Box<Block>),
}

/// How batches are made.
enum Cutter {
    Deals(Source),
    Numbers,
    Blocks(Box<DealerStream>),
}

/// The cutting state workers share: the next batch's first deal and number.
struct Cutting {
    cutter: Cutter,
    first: u64,
    number: u64,
    generate: u64,
    batch: u64,
}

/// What workers share to deal batches.
#[derive(Clone, Copy)]
struct Dealing<'a> {
    fast: Option<&'a Fast>,
    dealer: Option<(&'a DealerStream, &'a Chain)>,
}

/// A matching deal: its serial number, the deal, and what the test learnt of it double dummy.
type Hit = (u64, Deal, Option<Known>);

/// What a worker found in a batch.
struct Found {
    number: u64,
    first: u64,
    count: u64,
    hits: Vec<Hit>,
    error: Option<(u64, EvalError)>,
    /// The profile's counts of the batch.
    profile: Option<Counts>,
}

/// The fast stream as workers see it: deal `serial` is stream index `serial * step + k`.
#[derive(Clone)]
struct Fast {
    stream: Arc<FastStream>,
    k: u64,
    step: u64,
}

/// Runs with `options.threads` workers; returns the deals generated and why it stopped early.
pub(super) fn run(engine: &Engine, lim: &Limits, source: Source, c: &mut Consumer) -> (u64, Option<Halt>) {
    // Small batches when the condition solves deals, so every worker gets a share.
    let script = &engine.program.script;
    let solves = script.condition.as_ref().is_some_and(|c| c.solves(&script.vars));
    // What the actions will solve, solved by the worker that finds the deal.
    let needs = DdNeeds::of(&engine.program.actions, &script.vars).with_studies(&engine.options.studies);
    let solves = if solves {
        Solves::Condition
    } else if needs.is_empty() {
        Solves::Nothing
    } else {
        Solves::Actions
    };
    let threads = engine.options.threads.max(1);
    // Also read by the workers' double-dummy solves, so they stop midway.
    let stop = Arc::new(AtomicBool::new(false));
    let (found_tx, found_rx) = sync_channel::<Found>(threads * 4);
    let (mut fast, mut dealer) = (None, None);
    let cutter = match source {
        Source::Fast { stream, next, step } => {
            fast = Some(Fast { stream: Arc::new(stream), k: next, step });
            Cutter::Numbers
        }
        Source::Dealer(stream) => {
            dealer = Some((stream.clone(), Chain::new(stream.slots())));
            Cutter::Blocks(stream)
        }
        other => Cutter::Deals(other),
    };
    let batch = batch_size(&cutter, solves, lim.generate, threads);
    let cutting = Mutex::new(Cutting { cutter, first: 0, number: 0, generate: lim.generate, batch });
    let dealing = Dealing { fast: fast.as_ref(), dealer: dealer.as_ref().map(|(s, c)| (&**s, c)) };
    std::thread::scope(|sc| {
        let (stop, cutting) = (&stop, &cutting);
        for _ in 0..threads {
            let tx = found_tx.clone();
            // The run's own thread's stack: evaluation recurses through nested variables.
            let worker = std::thread::Builder::new().stack_size(16 << 20);
            let spawned = worker.spawn_scoped(sc, move || work(engine, cutting, &tx, dealing, c_vul(engine), stop));
            spawned.expect("a worker thread starts");
        }
        drop(found_tx);
        let out = consume(&found_rx, c);
        stop.store(true, Ordering::Relaxed);
        drop(found_rx);
        out
    })
}

fn c_vul(engine: &Engine) -> Vul {
    engine.options.vulnerable.or(engine.program.script.vulnerable).unwrap_or_default()
}

/// Where deals are solved double dummy.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Solves {
    Nothing,
    /// The condition solves every deal it tests.
    Condition,
    /// Only the matching deals are solved, for the actions.
    Actions,
}

/// Deals per batch: one from a deal file whose deals are solved (files are short, and a few
/// hard deals take most of the time, so the last batch should be small); a few when the
/// condition solves deals, so every worker gets a share; when the matching deals are solved for
/// the actions, not many more, and fewer in a short run (so that each worker gets several
/// batches); otherwise enough that handing batches over costs little, yet a block of
/// dealer.exe's stream and its permutations stay in a core's cache.
fn batch_size(cutter: &Cutter, solves: Solves, generate: u64, threads: usize) -> u64 {
    match cutter {
        Cutter::Deals(_) if solves != Solves::Nothing => 1,
        _ if solves == Solves::Condition => 8,
        _ if solves == Solves::Actions => (generate / (threads as u64 * 8)).clamp(1, 128),
        Cutter::Numbers => 16_384,
        Cutter::Blocks(_) => 4_096,
        Cutter::Deals(_) => 2_048,
    }
}

impl Cutting {
    /// Cuts the next batch, in order; `None` when the stream is done.
    fn next_job(&mut self) -> Option<Job> {
        if self.first >= self.generate {
            return None;
        }
        let mut count = self.batch.min(self.generate - self.first);
        let deals = match &mut self.cutter {
            Cutter::Deals(s) => {
                let mut v: Vec<Deal> = (0..count).map_while(|_| s.next()).collect();
                // Repeats of the batch's last deal join it: one worker's solver answers them
                // from what it learnt of the deal.
                while (v.len() as u64) < self.generate - self.first {
                    match v.last().and_then(|d| s.next_repeat(d)) {
                        Some(d) => v.push(d),
                        None => break,
                    }
                }
                if v.is_empty() {
                    return None;
                }
                count = v.len() as u64;
                Batch::Dealt(v)
            }
            Cutter::Numbers => Batch::Numbers,
            Cutter::Blocks(s) => Batch::Shuffles(Box::new(s.split_block(count))),
        };
        let job = Job { number: self.number, first: self.first, count, deals };
        self.first += count;
        self.number += 1;
        Some(job)
    }
}

/// Tests the condition on batches until there are none.
fn work(
    engine: &Engine,
    cutting: &Mutex<Cutting>,
    tx: &SyncSender<Found>,
    dealing: Dealing,
    vul: Vul,
    stop: &Arc<AtomicBool>,
) {
    let mut dd = engine.dd_cache(Some(stop));
    let mut memo = Memo::default();
    let mut perms = Vec::new();
    loop {
        if stop.load(Ordering::Relaxed) || engine.cancel.load(Ordering::Relaxed) {
            return;
        }
        let job = match cutting.lock() {
            Ok(mut c) => c.next_job(),
            Err(_) => return,
        };
        let Some(job) = job else { return };
        let (number, first, count) = (job.number, job.first, job.count);
        let mut found = Found { number, first, count, hits: Vec::new(), error: None, profile: engine.new_counts() };
        let Some(deals) = Deals::of(&job, dealing, &mut perms, stop) else { return };
        for k in 0..job.count {
            let serial = job.first + k;
            let Some(deal) = deals.get(k, serial) else { break };
            match engine.test(&deal, &mut dd, &mut memo, vul, found.profile.as_mut()) {
                Ok(true) => {
                    if presolve(&mut dd, &deal).is_err() {
                        return;
                    }
                    found.hits.push((serial, deal, dd.solved(&deal)));
                }
                Ok(false) => {}
                // Stopped midway: the batch is not reported, so none of it is counted.
                Err(e) if engine.solve_cancelled(&e) => return,
                Err(e) => {
                    found.error = Some((serial, e));
                    break;
                }
            }
        }
        if tx.send(found).is_err() {
            return;
        }
    }
}

/// Solves what the actions will ask of a matching deal; `Err` when the solve was cancelled
/// (other errors are left for the actions to report where they occur).
fn presolve(dd: &mut DdCache, deal: &Deal) -> Result<(), ()> {
    match dd.presolve(deal) {
        Err(DdError::Cancelled) => Err(()),
        _ => Ok(()),
    }
}

/// A batch ready to be dealt deal by deal.
enum Deals<'a> {
    Dealt(&'a [Deal]),
    Fast(&'a Fast),
    /// Each deal's permutation, and the hand bit of each slot of the block's start.
    Shuffled(&'a [[u8; 52]], Box<[u64; 64]>),
}

impl<'a> Deals<'a> {
    /// Shuffles a block into `perms` and collects its start; `None` when the run stops first.
    fn of(job: &'a Job, dealing: Dealing<'a>, perms: &'a mut Vec<[u8; 52]>, stop: &AtomicBool) -> Option<Self> {
        Some(match (&job.deals, dealing.fast, dealing.dealer) {
            (Batch::Dealt(v), _, _) => Deals::Dealt(v),
            (Batch::Numbers, Some(f), _) => Deals::Fast(f),
            (Batch::Shuffles(block), _, Some((stream, chain))) => {
                let total = stream.block_perms(block, perms);
                let start = chain.start_of(job.number, total, stop)?;
                Deals::Shuffled(perms, Box::new(slot_bits(&start)))
            }
            _ => Deals::Dealt(&[]),
        })
    }

    fn get(&self, k: u64, serial: u64) -> Option<Deal> {
        match self {
            Deals::Dealt(v) => v.get(k as usize).copied(),
            Deals::Fast(f) => Some(f.stream.deal(serial * f.step + f.k)),
            Deals::Shuffled(perms, bits) => perms.get(k as usize).map(|p| Deal::from_slots_with(p, bits)),
        }
    }
}

/// Takes batches back in order and hands their matches to the consumer.
fn consume(rx: &Receiver<Found>, c: &mut Consumer) -> (u64, Option<Halt>) {
    let mut waiting: BTreeMap<u64, Found> = BTreeMap::new();
    let (mut next, mut generated) = (0u64, 0u64);
    let tick = c.engine_progress_every();
    loop {
        match rx.recv_timeout(tick) {
            Ok(f) => {
                waiting.insert(f.number, f);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return (generated, None),
        }
        while let Some(f) = waiting.remove(&next) {
            next += 1;
            // The profile counts every deal tested: a batch the produce limit cuts short too.
            if let (Some(total), Some(batch)) = (&mut c.profile, &f.profile) {
                total.merge(batch);
            }
            for (serial, deal, table) in f.hits {
                match c.matched(serial + 1, deal, table) {
                    Ok(true) => return (serial + 1, None),
                    Ok(false) => {}
                    Err(h) => return (serial + 1, Some(h)),
                }
            }
            if let Some((serial, e)) = f.error {
                return (serial + 1, Some(Halt::Failed(e)));
            }

            generated = f.first + f.count;
        }
        if !c.tick(generated) {
            return (generated, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_deal;

    /// Batch sizes cut from a list of deals, one deal a batch, `generate` deals in all.
    fn batch_sizes(list: Vec<Deal>, generate: u64) -> Vec<u64> {
        let source = Source::List(Arc::new(list), 0);
        let mut c = Cutting { cutter: Cutter::Deals(source), first: 0, number: 0, generate, batch: 1 };
        std::iter::from_fn(|| c.next_job().map(|j| j.count)).collect()
    }

    #[test]
    fn a_repeated_deal_stays_in_one_batch() {
        let a = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
        let b = parse_deal("N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75").unwrap();
        assert_eq!(batch_sizes(vec![a, a, b, b, b, a], 10), [2, 3, 1]);
        // The generate limit still counts every deal.
        assert_eq!(batch_sizes(vec![a, a, b, b, b, a], 4), [2, 2]);
    }
}
