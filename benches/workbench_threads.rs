//! The workbench's deals per second with its default threads (every core) against
//! `--threads 1`, through its own engine adapter, on a condition that never holds.
//!
//! `cargo bench --bench workbench_threads`; best of 3 of each, 5 M deals a run.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use dealbench::run::Event;
use dealbench::tui::TuiOptions;
use dealbench::tui::engine;

const SCRIPT: &str = "generate 5000000\ncondition hcp(north) > 37\naction printoneline\n";

/// Seconds for one run of the script as the workbench runs it with `threads`.
fn run(threads: Option<usize>) -> f64 {
    let compiled = engine::compile(SCRIPT, "t.dlr").expect("compiles");
    let opts = TuiOptions { seed: Some(1), threads, ..TuiOptions::default() };
    let options = opts.switches().resolve("t.dlr").expect("options").options;
    let (tx, rx) = mpsc::sync_channel(256);
    let t = Instant::now();
    let _ctl = engine::start(&compiled, options, 1, tx, |_, e| e);
    loop {
        match rx.recv_timeout(Duration::from_secs(120)).expect("the run reports") {
            Event::Finished(s) => {
                assert_eq!(s.generated, 5_000_000);
                return t.elapsed().as_secs_f64();
            }
            Event::Failed(d) => panic!("{}", d.message),
            _ => {}
        }
    }
}

fn best(threads: Option<usize>) -> f64 {
    (0..3).map(|_| run(threads)).fold(f64::INFINITY, f64::min)
}

fn main() {
    let one = best(Some(1));
    let default = best(None);
    let rate = |s: f64| 5.0 / s;
    println!("workbench, --threads 1: {:.2} M deals/s", rate(one));
    println!(
        "workbench, default ({} threads): {:.2} M deals/s ({:.2}x)",
        dealbench::run::switches::cores(),
        rate(default),
        one / default
    );
}
