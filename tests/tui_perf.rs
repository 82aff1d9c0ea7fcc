//! Saves rerun the script, and memory stays flat over a long run, through the workbench's own
//! pieces (watcher, adapter, app). The latencies are measured by `benches/save_latency.rs`.

mod tui_common;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use dealbench::cards::Deal;

use dealbench::run::{Event, RunOptions};
use dealbench::tui::TuiOptions;
use dealbench::tui::app::App;
use dealbench::tui::config::Config;
use dealbench::tui::engine;
use dealbench::tui::runtime::atomic_write;
use dealbench::tui::watcher;

const SCRIPT: &str = "produce 1000\ncondition spades(north) >= 6\naction printoneline, average hcp(south)\n";

/// Compiles and runs `source`; returns the first matched deal.
fn first_match(source: &str) -> Deal {
    let compiled = engine::compile(source, "p.dlr").unwrap();
    let (tx, rx) = mpsc::sync_channel(64);
    let _ctl = engine::start(&compiled, options(None), 1, tx, |_, e| e);
    loop {
        if let Event::Matched(m) = rx.recv_timeout(Duration::from_secs(10)).unwrap() {
            return m[0].deal;
        }
    }
}

/// The workbench's run options for a seed.
fn options(seed: Option<i64>) -> RunOptions {
    TuiOptions { seed, ..TuiOptions::default() }.switches().resolve("p.dlr").unwrap().options
}

/// North's spades.
fn spades(deal: &Deal) -> u32 {
    deal.hands[0].len(dealbench::cards::Suit::Spades)
}

#[test]
fn an_atomic_save_by_another_editor_reruns_the_new_text() {
    let dir = tui_common::common::Scratch::new("perf");
    let file = dir.join("p.dlr");
    atomic_write(&file, SCRIPT).unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), SCRIPT);
    assert!(spades(&first_match(SCRIPT)) >= 6, "the saved script runs");

    let (tx, rx) = mpsc::channel();
    let debounce = Duration::from_millis(Config::default().debounce_ms);
    let _w = watcher::watch(&file, debounce, move || {
        let _ = tx.send(());
    })
    .unwrap();
    std::thread::sleep(Duration::from_millis(100));
    let tmp = dir.join(".p.swp");
    let edited = SCRIPT.replace(">= 6", ">= 8");
    std::fs::write(&tmp, &edited).unwrap();
    std::fs::rename(&tmp, &file).unwrap();
    rx.recv_timeout(Duration::from_secs(5)).expect("the watcher fires on a rename over the script");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text, edited);
    assert!(spades(&first_match(&text)) >= 8, "the new text runs");
}

fn rss_kib() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

#[test]
fn memory_stays_bounded_over_a_long_run() {
    let n: u64 = std::env::var("DEALBENCH_PERF_DEALS").ok().and_then(|v| v.parse().ok()).unwrap_or(200_000);
    let mut app: App = tui_common::app("dark", (120, 40));
    app.keep = 1000;
    let g = app.generation + 1;
    let _ = app.request_run();
    let src = format!("produce {n}\naction printoneline, average hcp(north), frequency (hcp(north), 0, 37)\n");
    let compiled = engine::compile(&src, "m.dlr").unwrap();
    app.on_run_started(g, compiled.table, Vec::new());
    let (tx, rx) = mpsc::sync_channel(256);
    let _ctl = engine::start(&compiled, options(Some(1)), g, tx, |g, e| (g, e));
    let before = rss_kib();
    let t = Instant::now();
    let mut peak = before;
    let mut batches = 0u64;
    loop {
        let (generation, event) = rx.recv_timeout(Duration::from_secs(60)).unwrap();
        let done = matches!(event, Event::Finished(_));
        let _ = app.on_run_msgs(generation, vec![event]);
        batches += 1;
        if batches.is_multiple_of(64) {
            peak = peak.max(rss_kib());
        }
        if done {
            break;
        }
    }
    peak = peak.max(rss_kib());
    eprintln!(
        "memory: {n} deals in {:.2} s, {batches} batches, kept {} deals; RSS {} KiB before, peak {} KiB (+{} KiB)",
        t.elapsed().as_secs_f64(),
        app.results.deals.len(),
        before,
        peak,
        peak.saturating_sub(before)
    );
    assert_eq!(app.results.produced, n);
    assert_eq!(app.results.deals.len(), 1000);
    assert!(peak.saturating_sub(before) < 64 * 1024, "grew by {} KiB", peak - before);
}
