//! Twenty saves in quick succession of a script that solves every deal double dummy: each
//! run cancels the one before, and the cancelled runs must stop solving at once, not finish
//! their batches. A binary of its own, so the threads it counts are only its runs'.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use dealbench::run::{Event, RunControl, RunOptions};
use dealbench::tui::engine;

/// Threads of this process named like a run's (its workers inherit the name).
fn run_threads() -> usize {
    let tasks = std::fs::read_dir("/proc/self/task").expect("/proc/self/task");
    tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
        .filter(|name| name.trim_end() == "dealbench-run")
        .count()
}

#[test]
fn twenty_quick_saves_leave_no_stale_run_solving() {
    let src = "produce 3\ncondition tricks(south, notrump) >= 7\naction printoneline\n";
    let compiled = engine::compile(src, "t.dlr").expect("compiles");
    let threads = 3;
    let options = RunOptions { seed: Some(5), threads, matched_events: true, ..RunOptions::default() };
    let (tx, rx) = mpsc::sync_channel(256);
    let mut ctl: Option<RunControl> = None;
    for generation in 1..=20u64 {
        if let Some(c) = ctl.take() {
            c.cancel();
        }
        ctl = Some(engine::start(&compiled, options.clone(), generation, tx.clone(), |g, e| (g, e)));
        std::thread::sleep(Duration::from_millis(15));
    }
    let started = Instant::now();
    // The stale runs' threads end within milliseconds of their cancel; allow for a busy machine.
    let mut left = run_threads();
    while left > 1 + threads && started.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(5));
        left = run_threads();
    }
    eprintln!("run threads {:.0} ms after the last start: {left}", started.elapsed().as_secs_f64() * 1e3);
    assert!(left <= 1 + threads, "{left} run threads: stale runs are still solving");
    loop {
        let (g, event) = rx.recv_timeout(Duration::from_secs(60)).expect("the newest run reports");
        if g == 20 && matches!(event, Event::Matched(_)) {
            break;
        }
    }
    eprintln!("the newest run's first deal came {:.0} ms after it started", started.elapsed().as_secs_f64() * 1e3);
}
