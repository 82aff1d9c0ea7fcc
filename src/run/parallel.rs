//! Several threads: one deals in order (dealer.exe's stream is sequential; the fast stream
//! only hands out numbers), workers test the condition on batches, and the run's thread takes
//! the matching deals back in deal order, so the output is the same for any thread count.

use super::dd_cache::DdCache;
use super::engine::{Consumer, Engine, Halt, Limits};
use super::source::Source;
use crate::cards::Deal;
use crate::dealing::FastStream;
use crate::eval::EvalError;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// A batch of consecutive deals to test.
struct Job {
    number: u64,
    first: u64,
    count: u64,
    /// The deals, or `None` when the worker deals them from the fast stream.
    deals: Option<Vec<Deal>>,
}

/// A matching deal: its serial number, the deal, and its double-dummy table if the test solved it.
type Hit = (u64, Deal, Option<[[u8; 5]; 4]>);

/// What a worker found in a batch.
struct Found {
    number: u64,
    first: u64,
    count: u64,
    hits: Vec<Hit>,
    error: Option<(u64, EvalError)>,
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
    let src = &engine.program.source;
    let uses_dd =
        ["tricks", "trick(", "par(", "dds(", "trix", "evalcontract", "parcontract"].iter().any(|w| src.contains(w));
    let batch = if uses_dd { 8 } else { 2048 };
    let threads = engine.options.threads.max(1);
    let stop = AtomicBool::new(false);
    let (job_tx, job_rx) = sync_channel::<Job>(threads * 2);
    let (found_tx, found_rx) = sync_channel::<Found>(threads * 4);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (fast, source) = match source {
        Source::Fast { stream, next, step } => (Some(Fast { stream: Arc::new(stream), k: next, step }), None),
        other => (None, Some(other)),
    };
    std::thread::scope(|sc| {
        let stop = &stop;
        sc.spawn(move || produce(source, lim.generate, batch, &job_tx, stop));
        for _ in 0..threads {
            let (rx, tx, fast) = (job_rx.clone(), found_tx.clone(), fast.clone());
            sc.spawn(move || work(engine, &rx, &tx, fast.as_ref(), c_vul(engine), stop));
        }
        drop(job_rx);
        drop(found_tx);
        let out = consume(&found_rx, c);
        stop.store(true, Ordering::Relaxed);
        drop(found_rx);
        out
    })
}

fn c_vul(engine: &Engine) -> u8 {
    engine.options.vulnerable.or(engine.program.script.vulnerable).unwrap_or(0)
}

/// Cuts the stream into numbered batches, in order.
fn produce(mut source: Option<Source>, generate: u64, batch: u64, tx: &SyncSender<Job>, stop: &AtomicBool) {
    let (mut first, mut number) = (0u64, 0u64);
    while first < generate && !stop.load(Ordering::Relaxed) {
        let count = batch.min(generate - first);
        let deals = match &mut source {
            Some(s) => {
                let v: Vec<Deal> = (0..count).map_while(|_| s.next()).collect();
                if v.is_empty() {
                    return;
                }
                Some(v)
            }
            None => None,
        };
        let count = deals.as_ref().map_or(count, |v| v.len() as u64);
        if tx.send(Job { number, first, count, deals }).is_err() {
            return;
        }
        first += count;
        number += 1;
    }
}

/// Tests the condition on batches until there are none.
fn work(
    engine: &Engine,
    rx: &Mutex<Receiver<Job>>,
    tx: &SyncSender<Found>,
    fast: Option<&Fast>,
    vul: u8,
    stop: &AtomicBool,
) {
    let mut dd = DdCache::default();
    loop {
        let job = match rx.lock() {
            Ok(r) => r.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let mut found = Found { number: job.number, first: job.first, count: job.count, hits: Vec::new(), error: None };
        for k in 0..job.count {
            let serial = job.first + k;
            let deal = match (&job.deals, fast) {
                (Some(v), _) => v[k as usize],
                (None, Some(f)) => f.stream.deal(serial * f.step + f.k),
                (None, None) => break,
            };
            match engine.test(&deal, &mut dd, vul) {
                Ok(true) => found.hits.push((serial, deal, dd.solved(&deal))),
                Ok(false) => {}
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
