//! Save-to-first-result latency through the workbench's own pieces (watcher, adapter):
//! Ctrl-S (atomic write, compile, run) and another editor's atomic save (rename, debounced
//! watcher, read, compile, run), each against the baseline of starting the same run directly.
//!
//! `cargo bench --bench save_latency`; best of 5 of each.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use dealbench::run::Event;
use dealbench::tui::TuiOptions;
use dealbench::tui::config::Config;
use dealbench::tui::engine;
use dealbench::tui::runtime::atomic_write;
use dealbench::tui::watcher;

const SCRIPT: &str = "produce 1000\ncondition hcp(north) >= 10\naction printoneline, average hcp(south)\n";
const TRIES: usize = 5;

/// Compile, start and wait for the first matched deal.
fn first_result(source: &str) -> Duration {
    let t = Instant::now();
    let compiled = engine::compile(source, "p.dlr").expect("compiles");
    let (tx, rx) = mpsc::sync_channel(64);
    let options = TuiOptions::default().switches().resolve("p.dlr").expect("options").options;
    let _ctl = engine::start(&compiled, options, 1, tx, |_, e| e);
    loop {
        if let Event::Matched(_) = rx.recv_timeout(Duration::from_secs(10)).expect("an event") {
            return t.elapsed();
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let dir = std::env::temp_dir().join(format!("dealbench-latency-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("p.dlr");
    std::fs::write(&file, SCRIPT).expect("write");
    let debounce = Duration::from_millis(Config::default().debounce_ms);
    let (tx, rx) = mpsc::channel();
    let _w = watcher::watch(&file, debounce, move || {
        let _ = tx.send(Instant::now());
    })
    .expect("watch");
    std::thread::sleep(Duration::from_millis(100));
    let (mut base, mut own, mut external) = (Duration::MAX, Duration::MAX, Duration::MAX);
    for i in 0..TRIES {
        base = base.min(first_result(SCRIPT));
        let t = Instant::now();
        atomic_write(&file, SCRIPT).expect("save");
        first_result(SCRIPT);
        own = own.min(t.elapsed());
        while rx.recv_timeout(debounce * 4).is_ok() {}
        let tmp = dir.join(".p.swp");
        std::fs::write(&tmp, SCRIPT.replace(">= 10", &format!(">= {}", 11 + i))).expect("write");
        let t = Instant::now();
        std::fs::rename(&tmp, &file).expect("rename");
        rx.recv_timeout(Duration::from_secs(5)).expect("the watcher fires");
        first_result(&std::fs::read_to_string(&file).expect("read"));
        external = external.min(t.elapsed());
    }
    println!("run start to first deal (baseline) {:.1} ms", ms(base));
    println!("Ctrl-S save to first deal {:.1} ms ({:.2}x the baseline)", ms(own), ms(own) / ms(base));
    println!(
        "another editor's atomic save to first deal {:.1} ms ({:.2}x the baseline; {} ms debounce)",
        ms(external),
        ms(external) / ms(base),
        debounce.as_millis()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
