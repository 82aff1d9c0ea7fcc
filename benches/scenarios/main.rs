//! Real scenarios on one thread: dealbench against dealer 1.24 and, when they are built,
//! DealerV2_4 and dealer3, each script for a fixed number of deals with its own
//! `produce`/`generate` removed: CPU time (user + system of the child, from `wait4`), peak
//! memory (GNU time's report) and whether the outputs agree.
//!
//! `cargo bench --bench scenarios`; docs/benchmarks.md says how the baselines are built and
//! which environment variables point at them, at more scripts, and set the run length.

mod measure;
mod scripts;
mod table;
mod tools;

use std::path::Path;

use measure::Sample;
use table::{Cell, Row};
use tools::Tool;

const SEED: u64 = 1;

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    // `cargo bench` passes `--bench`; under `cargo test --benches` there is nothing to check.
    if !std::env::args().any(|a| a == "--bench") {
        println!("scenarios: compares with external programs; run `cargo bench --bench scenarios`");
        return;
    }
    let deals = env_num("DEALBENCH_DEALS", 300_000);
    let repeat = env_num("DEALBENCH_REPEAT", 3).max(1);
    let (tools, skipped) = tools::discover();
    let scripts = scripts::all();
    table::header(&tools, &skipped, deals, repeat, SEED, scripts.len());
    let work = tempfile::tempdir().expect("a scratch directory");
    let mut rows = Vec::new();
    for script in &scripts {
        let row = bench_script(script, &tools, deals, repeat, work.path());
        table::print_row(&row, &tools);
        rows.push(row);
    }
    table::summary(&rows, &tools);
}

/// Every tool on one script, `repeat` rounds interleaved, keeping each tool's fastest round.
fn bench_script(script: &scripts::Script, tools: &[Tool], deals: u64, repeat: u64, dir: &Path) -> Row {
    let copy = dir.join(format!("{}.dlr", script.id));
    std::fs::write(&copy, scripts::strip_run_length(&script.text)).expect("the script's copy is written");
    // Every round of a tool writes the same output (one seed) to the same file.
    let out = |k: usize| dir.join(format!("{}.{}.out", script.id, tools[k].key));
    let mut best: Vec<Option<Result<Sample, String>>> = vec![None; tools.len()];
    for _ in 0..repeat {
        for (k, tool) in tools.iter().enumerate() {
            if matches!(best[k], Some(Err(_))) {
                continue;
            }
            let got = measure::run(&tool.bin, &tool.args(&copy, deals, SEED, script.silent), &out(k));
            best[k] = Some(match (got, best[k].take()) {
                (Err(e), _) => Err(e),
                (Ok(s), Some(Ok(b))) => Ok(measure::better(b, s)),
                (Ok(s), _) => Ok(s),
            });
        }
    }
    let check = output_check(script, tools, &best, &out);
    for k in 0..tools.len() {
        let _ = std::fs::remove_file(out(k));
    }
    let cells = best.into_iter().map(|b| b.map(Cell::from).unwrap_or(Cell::Failed("not run".into()))).collect();
    Row { name: script.name.clone(), origin: script.origin, cells, check }
}

/// Whether the programs that deal dealer.exe's stream printed what dealer 1.24 printed.
fn output_check(
    script: &scripts::Script,
    tools: &[Tool],
    best: &[Option<Result<Sample, String>>],
    out: &impl Fn(usize) -> std::path::PathBuf,
) -> String {
    let Some(reference) = tools.iter().position(|t| t.key == "d124") else {
        return "no reference".into();
    };
    if !matches!(best[reference], Some(Ok(_))) {
        return "d124 failed".into();
    }
    if script.draws_rnd {
        return "rnd: own stream".into();
    }
    let mut differ = Vec::new();
    for (k, tool) in tools.iter().enumerate() {
        if !tool.same_stream || k == reference || !matches!(best[k], Some(Ok(_))) {
            continue;
        }
        // dealer3 drops the space dealer ends each printoneline line with: compare it without.
        let trim = tool.key == "dealer3";
        if measure::masked(&out(k), trim) != measure::masked(&out(reference), trim) {
            differ.push(tool.key);
        }
    }
    if differ.is_empty() { "same".into() } else { format!("DIFFERS: {}", differ.join(",")) }
}
