//! Threads against one thread, for both streams, in one process: each figure is the best of
//! several runs of the same script (wall clock), and the report is the ratio.
//!
//! `cargo bench --bench thread_scaling` (DEALS=… to change the run length).

use dealbench::eval::compile;
use dealbench::run::{self, Event, RunOptions, StreamKind};
use dealbench::script::CompileOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};

const NEVER: &str = "condition hcp(north) > 37\naction average hcp(north)\n";
const ONE_NT: &str = "condition hcp(north)>=15 && hcp(north)<=17 && shape(north, any 4333 + any 4432 + any 5332)\naction average hcp(north)\n";
const TRIES: usize = 5;

fn run_once(src: &str, deals: u64, threads: usize, stream: StreamKind) -> Duration {
    let program = Arc::new(compile(src, "bench.dlr", &CompileOptions::default()).expect("compiles"));
    let opts = RunOptions {
        seed: Some(1),
        generate: Some(deals),
        matched_events: false,
        threads,
        stream,
        ..RunOptions::default()
    };
    let start = Instant::now();
    let handle = run::start(program, opts);
    for ev in handle.events().iter() {
        if let Event::Finished(s) = ev {
            assert_eq!(s.generated, deals);
            break;
        }
    }
    start.elapsed()
}

fn best(src: &str, deals: u64, threads: usize, stream: StreamKind) -> Duration {
    (0..TRIES).map(|_| run_once(src, deals, threads, stream)).min().expect("tries")
}

fn main() {
    let deals: u64 = std::env::var("DEALS").ok().and_then(|s| s.parse().ok()).unwrap_or(5_000_000);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{deals} deals per run, best of {TRIES}; {cores} cores");
    for (name, src) in [("never true", NEVER), ("1NT opener", ONE_NT)] {
        for (sname, stream) in [("dealer", StreamKind::Dealer), ("fast", StreamKind::Fast)] {
            let one = best(src, deals, 1, stream);
            let two = best(src, deals, 2, stream);
            let rate = |d: Duration| deals as f64 / d.as_secs_f64() / 1e6;
            println!(
                "{name:>10}, {sname:>6} stream: 1 thread {:6.2} M/s, 2 threads {:6.2} M/s, ratio {:.2}",
                rate(one),
                rate(two),
                one.as_secs_f64() / two.as_secs_f64()
            );
        }
    }
}
