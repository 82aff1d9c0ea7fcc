//! What profiling the condition costs: the same run with and without `profile`, as a ratio
//! measured in the same process (best of several interleaved repetitions, one thread, so
//! other load on the machine moves both alike). The README quotes the figures.

use dealbench::eval::compile;
use dealbench::run::{self, Event, RunOptions, StreamKind};
use dealbench::script::CompileOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};

const DEALS: u64 = 1_000_000;

const SCRIPTS: &[(&str, &str)] = &[
    ("two terms", "condition hcp(north) >= 15 && spades(north) >= 5\naction average hcp(north)\n"),
    (
        "1NT opener, 3 terms",
        "condition hcp(north)>=15 && hcp(north)<=17 && shape(north, any 4333 + any 4432 + any 5332)\naction average hcp(north)\n",
    ),
    (
        "variables, 2 + 3 parts",
        "nt = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)\nfit = spades(north) + spades(south) >= 8 || hearts(north) + hearts(south) >= 8\ncondition nt && fit\naction average hcp(north)\n",
    ),
    ("never true", "condition hcp(north) > 37\naction average hcp(north)\n"),
];

fn time(src: &str, profile: bool, stream: StreamKind) -> Duration {
    let program = Arc::new(compile(src, "bench.dlr", &CompileOptions::default()).expect("compiles"));
    let opts = RunOptions {
        seed: Some(1),
        generate: Some(DEALS),
        matched_events: false,
        profile,
        stream,
        ..RunOptions::default()
    };
    let t = Instant::now();
    let handle = run::start(program, opts);
    for ev in handle.events().iter() {
        if let Event::Finished(s) = ev {
            assert_eq!(s.generated, DEALS);
            break;
        }
    }
    t.elapsed()
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this once, quickly.
    let quick = !std::env::args().any(|a| a == "--bench");
    let reps =
        std::env::var("PROFILE_COST_REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(if quick { 1 } else { 5 });
    println!("profile cost, {DEALS} deals, one thread, best of {reps}:");
    for stream in [StreamKind::Dealer, StreamKind::Fast] {
        for (name, src) in SCRIPTS {
            let (mut off, mut on) = (Duration::MAX, Duration::MAX);
            for _ in 0..reps {
                off = off.min(time(src, false, stream));
                on = on.min(time(src, true, stream));
            }
            let ratio = on.as_secs_f64() / off.as_secs_f64();
            println!(
                "  {stream:?} stream, {name:<24} off {:>7.1} ms  on {:>7.1} ms  cost {:+.1}%",
                off.as_secs_f64() * 1e3,
                on.as_secs_f64() * 1e3,
                (ratio - 1.0) * 100.0
            );
        }
    }
}
