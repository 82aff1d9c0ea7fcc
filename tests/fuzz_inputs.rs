//! Fuzzing the four entry points that read outside input: script compile, running a compiled
//! script, the `--deals` reader and the `--stats-json` reader with `merge`. Each target runs a
//! fixed number of cases under seed 1; `FUZZ_SEED`, `FUZZ_CASES` or `FUZZ_SECONDS` change the
//! budget. A finding fails the test and its input is written under `target/tmp/fuzz/`;
//! `FUZZ_WORKER=TARGET FUZZ_REPLAY=FILE cargo test --test fuzz_inputs worker -- --nocapture`
//! runs one such input again; `FUZZ_DUMP=1` with `FUZZ_SEED`, `FUZZ_FROM`, `FUZZ_TO`,
//! `FUZZ_UNTIL_MS` (any number) writes those cases' inputs out instead of running them;
//! `FUZZ_SEEDS_OUT=DIR` writes the target's seeds as a cargo-fuzz corpus.

mod common;
mod fuzz;

use fuzz::supervise::{Budget, run};
use std::io::Write;
use std::path::PathBuf;

/// Cases per target by default: together about a minute on two cores.
const DEFAULT_CASES: [(&str, u64); 4] = [("compile", 8000), ("run", 8000), ("deals", 8000), ("stats", 20000)];

fn work_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz")
}

fn fuzz_target(target: &str) {
    let Some(shared) = common::shared("") else { return };
    let work = work_dir();
    std::fs::create_dir_all(&work).unwrap();
    if target == "stats" {
        fuzz::seeds::write_stats_seeds(&shared, &work.join("stats"));
    }
    let seeds = fuzz::seeds::load(&shared, &work);
    let cases = DEFAULT_CASES.iter().find(|(t, _)| *t == target).unwrap().1;
    let budget = Budget::from_env(cases);
    let out = run(target, &budget, &seeds, &work);
    // Written to the stderr handle itself, which the test harness does not capture.
    let _ = writeln!(
        std::io::stderr(),
        "fuzz {target}: {} cases in {:.1} s, seed {}, {} kinds of finding",
        out.cases,
        out.elapsed.as_secs_f64(),
        budget.seed,
        out.found.len()
    );
    let mut report = String::new();
    for (sig, f) in &out.found {
        report.push_str(&format!(
            "\n{sig}\n    {} case(s), first case {}: {}\n    input: {}\n",
            f.count,
            f.case,
            f.detail.escape_debug(),
            f.file.display()
        ));
    }
    assert!(out.found.is_empty(), "fuzz {target} found:{report}");
}

#[test]
fn compile_never_panics() {
    fuzz_target("compile");
}

#[test]
fn runs_end_with_complete_deals() {
    fuzz_target("run");
}

#[test]
fn deal_files_read_without_loss() {
    fuzz_target("deals");
}

#[test]
fn stats_files_merge_safely() {
    fuzz_target("stats");
}

/// The worker process the supervisor starts (does nothing unless `FUZZ_WORKER` is set).
#[test]
fn worker() {
    let Ok(target) = std::env::var("FUZZ_WORKER") else { return };
    if let Ok(file) = std::env::var("FUZZ_REPLAY") {
        return fuzz::worker::replay(&target, std::path::Path::new(&file));
    }
    if let Ok(dir) = std::env::var("FUZZ_SEEDS_OUT") {
        let shared = common::shared("").unwrap();
        fuzz::seeds::write_stats_seeds(&shared, &work_dir().join("stats"));
        let seeds = fuzz::seeds::load(&shared, &work_dir());
        return fuzz::worker::export_seeds(&target, &seeds, std::path::Path::new(&dir));
    }
    let var = |n: &str| std::env::var(n).unwrap().parse::<u128>().unwrap();
    let job = fuzz::worker::Job {
        target,
        seed: var("FUZZ_SEED") as u64,
        from: var("FUZZ_FROM") as u64,
        to: var("FUZZ_TO") as u64,
        until_ms: var("FUZZ_UNTIL_MS"),
    };
    let shared = common::shared("").unwrap();
    let seeds = fuzz::seeds::load(&shared, &work_dir());
    if std::env::var("FUZZ_DUMP").is_ok() {
        return fuzz::worker::dump(&job, &seeds, &work_dir());
    }
    fuzz::worker::work(&job, &seeds);
}
