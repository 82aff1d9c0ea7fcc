//! Running a compiled script in-process under small limits: the run ends (or stops when
//! cancelled), never panics, and every deal it produces holds 52 different cards.

use super::{Finding, Findings, finding};
use dealbench::cards::{Card, Deal};
use dealbench::run::{Event, RunOptions, StreamKind, start};
use dealbench::script::CompileOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Bytes at the front of an input that choose the run's options; the script follows.
pub const HEADER: usize = 20;

/// How long a run may deal before it is cancelled.
const DEAL_FOR: Duration = Duration::from_secs(2);

/// How long a run may take to stop when cancelled: the deal in hand is finished first,
/// and one double-dummy solve of a hard deal takes seconds.
const STOP_WITHIN: Duration = Duration::from_secs(5);
const STOP_WITHIN_DD: Duration = Duration::from_secs(30);

/// The words of the functions that solve double dummy.
const DD_WORDS: [&str; 6] = ["tricks", "trix", "par", "dds", "dd(", "evalcontract"];

/// Compiles the script after the header and, when it compiles, runs it.
pub fn check(input: &[u8], found: &mut Findings) {
    let (head, body) = input.split_at(input.len().min(HEADER));
    let mut h = [0u8; HEADER];
    h[..head.len()].copy_from_slice(head);
    let src = String::from_utf8_lossy(body);
    let Ok(program) = dealbench::eval::compile(&src, "fuzz.dlr", &CompileOptions::default()) else { return };
    if solves_dd(&src) && h[1] % 4 != 0 {
        return; // a solve takes up to seconds: one such script in four is run
    }
    let options = options(&h, &src);
    let limits = (options.generate.unwrap_or(0), options.produce.unwrap_or(0));
    let stop = if solves_dd(&src) { STOP_WITHIN_DD } else { STOP_WITHIN };
    found.add(watch(start(Arc::new(program), options), limits, stop, &src));
}

/// Small limits (one deal when the script solves double dummy), a fixed seed, and
/// the header's choice of stream, threads, shard,
/// predealt cards (`-N` … may repeat a card across seats) and a list of deals.
pub fn options(h: &[u8; HEADER], src: &str) -> RunOptions {
    let (generate, produce) = if solves_dd(src) { (1, 1) } else { (1 + u64::from(h[1]) * 8, 1 + u64::from(h[2] % 16)) };
    let mut o = RunOptions {
        seed: Some(i64::from(h[3]) - 20),
        generate: Some(generate),
        produce: Some(produce),
        threads: if h[0] & 2 != 0 { 2 } else { 1 },
        stream: if h[0] & 1 != 0 { StreamKind::Fast } else { StreamKind::Dealer },
        dd_memory_mib: Some(16),
        progress_every: Duration::from_millis(5),
        date: Some("2026.12.04".into()),
        ..RunOptions::default()
    };
    if o.stream == StreamKind::Fast && h[0] & 4 != 0 {
        let n = 1 + u64::from(h[4] % 4);
        o.shard = Some((u64::from(h[5]) % n, n));
    }
    if h[0] & 8 != 0 {
        for &b in &h[7..7 + usize::from(h[6] % 13)] {
            let seat = dealbench::cards::Seat::from_index(usize::from(b >> 6));
            let card = Card(b % 52);
            match o.predeal_override.iter_mut().find(|(s, _)| *s == seat) {
                Some((_, cards)) => cards.push(card),
                None => o.predeal_override.push((seat, vec![card])),
            }
        }
    }
    if h[0] & 16 != 0 {
        o.deals = Some(Arc::new((0..3).map(|k| shuffled(u64::from(h[19]) + k)).collect()));
    }
    o
}

/// True when the script may solve deals double dummy (a few such deals take seconds).
pub fn solves_dd(src: &str) -> bool {
    DD_WORDS.iter().any(|w| src.contains(w))
}

/// A complete deal from a small linear congruential shuffle.
fn shuffled(seed: u64) -> Deal {
    let mut slots: [u8; 52] = std::array::from_fn(|i| i as u8);
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    for i in (1..52).rev() {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        slots.swap(i, ((x >> 33) % (i as u64 + 1)) as usize);
    }
    Deal::from_slots(&slots)
}

/// Reads the run's events to the end, cancelling it after [`DEAL_FOR`].
fn watch(handle: dealbench::run::RunHandle, limits: (u64, u64), stop: Duration, src: &str) -> Result<(), Finding> {
    let (generate, produce) = limits;
    let start = Instant::now();
    let mut last = 0;
    let mut cancelled = false;
    loop {
        let limit = if cancelled { DEAL_FOR + stop } else { DEAL_FOR };
        let left = limit.saturating_sub(start.elapsed());
        match handle.events().recv_timeout(left) {
            Ok(Event::Matched(deals)) => {
                for m in deals {
                    if !m.deal.is_complete() {
                        return Err(finding("a produced deal does not hold 52 different cards", m.deal.oneline()));
                    }
                    if m.number != last + 1 || m.number > produce {
                        return Err(finding(
                            "produced deals out of order or past the limit",
                            format!("{} after {last}", m.number),
                        ));
                    }
                    last = m.number;
                }
            }
            Ok(Event::Failed(d)) => {
                if d.message.contains("internal error") {
                    return Err(finding("the run panicked", d.message.clone()));
                }
                return super::compile::positioned(&d, src);
            }
            Ok(Event::Finished(s)) => {
                if s.generated > generate || s.produced > produce || s.produced != last {
                    return Err(finding(
                        "run counts past their limits",
                        format!("{s:?} (limits {generate}, {produce})"),
                    ));
                }
                return Ok(());
            }
            Ok(_) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) if !cancelled => {
                handle.cancel();
                cancelled = true;
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                return Err(finding("the run did not stop when cancelled", format!("{stop:?} after cancel")));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(finding("the run ended without a Finished or Failed event", ""));
            }
        }
    }
}
