//! What profiling the condition costs: dealing a million deals of dealer.exe's stream (and
//! of the fast stream) and testing the condition, with and without the profile's counting,
//! on this thread. Each figure is this thread's CPU time (Linux's
//! /proc/thread-self/schedstat; wall time elsewhere), so other load on the machine moves it
//! little; best of several interleaved repetitions, as a ratio in the same process. The
//! README quotes the figures.

use dealbench::cards::Deal;
use dealbench::dealing::{DealerStream, FastStream};
use dealbench::eval::{Ctx, Program, compile};
use dealbench::run::profile::{Counts, Spec};
use dealbench::script::CompileOptions;
use std::hint::black_box;
use std::time::{Duration, Instant};

const DEALS: u64 = 1_000_000;

const SCRIPTS: &[(&str, &str)] = &[
    ("two terms", "condition hcp(north) >= 15 && spades(north) >= 5\n"),
    (
        "1NT opener, 3 terms",
        "condition hcp(north)>=15 && hcp(north)<=17 && shape(north, any 4333 + any 4432 + any 5332)\n",
    ),
    (
        "variables, 2 + 3 parts",
        "nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)\n\
         fit = spades(north) + spades(south) >= 8 || hearts(north) + hearts(south) >= 8\n\
         condition nt && fit\n",
    ),
    ("never true, 1 term", "condition hcp(north) > 37\n"),
];

/// This thread's CPU time so far.
fn cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or_else(|| START.with(|t| t.elapsed()), Duration::from_nanos)
}

thread_local! {
    static START: Instant = Instant::now();
}

/// Deals `DEALS` deals and tests each, profiled or not; returns the CPU time and the matches.
fn time(program: &Program, spec: Option<&Spec>, fast: bool) -> (Duration, u64) {
    let mut counts = spec.map(Counts::new);
    let (mut dealer, stream) = (DealerStream::new(1, &[]), FastStream::new(1, &[]));
    let t = cpu();
    let mut hits = 0;
    let mut memo = dealbench::eval::Memo::default();
    for i in 0..DEALS {
        let deal: Deal = if fast { stream.deal(i) } else { dealer.next_deal() };
        let mut ctx = Ctx::new(&deal, &mut memo);
        let hit = match (&mut counts, spec) {
            (Some(c), Some(s)) => c.test(s, program, &mut ctx),
            _ => program.matches(&mut ctx),
        };
        hits += u64::from(hit.expect("evaluates"));
    }
    black_box(&counts);
    (cpu() - t, hits)
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this once.
    let quick = !std::env::args().any(|a| a == "--bench");
    let reps =
        std::env::var("PROFILE_COST_REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(if quick { 1 } else { 7 });
    println!("profile cost: deal and test {DEALS} deals on one thread, CPU time, best of {reps}:");
    for fast in [false, true] {
        for (name, src) in SCRIPTS {
            let program = compile(src, "bench.dlr", &CompileOptions::default()).expect("compiles");
            let spec = Spec::of(&program).expect("a condition");
            let (mut off, mut on) = (Duration::MAX, Duration::MAX);
            for _ in 0..reps {
                let (a, hits_off) = time(&program, None, fast);
                let (b, hits_on) = time(&program, Some(&spec), fast);
                assert_eq!(hits_off, hits_on, "profiling changes no result");
                (off, on) = (off.min(a), on.min(b));
            }
            let stream = if fast { "fast" } else { "dealer.exe" };
            println!(
                "  {stream:>10} stream, {name:<24} off {:>6.1} ms  on {:>6.1} ms  cost {:+.1}%",
                off.as_secs_f64() * 1e3,
                on.as_secs_f64() * 1e3,
                (on.as_secs_f64() / off.as_secs_f64() - 1.0) * 100.0
            );
        }
    }
}
