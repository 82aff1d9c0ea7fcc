//! Single-thread benchmark: a script printing each deal's whole table through twenty `tricks`
//! calls against one printing `trix(deal)`, both on DDS list100 read as a deal file (CPU time
//! of the run, the rounds interleaved; every printed result checked against the file).
//!
//! `cargo bench --bench dd_scripts`: `DD_FILE` picks another `.dt` file, `DD_LIMIT` caps the
//! deals, `DD_ROUNDS` sets the rounds (2). `DDS_BENCH=PROGRAM` also runs the DDS baseline built
//! outside the repository (`PROGRAM table FILE LIMIT` prints `CPU X ms/deal`, `CalcDDtableN` on
//! one thread) in each round, and the ratios to it are printed.

use dealbench::cards::{Deal, parse_deal};
use dealbench::eval::compile;
use dealbench::run::{self, Event, RunOptions};
use dealbench::script::CompileOptions;
use std::sync::Arc;

mod common;

const SEATS: [&str; 4] = ["north", "east", "south", "west"];
const STRAINS: [&str; 5] = ["clubs", "diamonds", "hearts", "spades", "notrumps"];

/// `printes` of the twenty results, declarer N, E, S, W outer and strain C .. NT inner.
fn twenty_calls() -> String {
    let calls: Vec<String> =
        SEATS.iter().flat_map(|d| STRAINS.iter().map(move |s| format!("tricks({d}, {s}), \" \""))).collect();
    format!("action printes({}, \"|\")\n", calls.join(", "))
}

/// CPU seconds of the whole process (every thread), from /proc/self/stat.
fn process_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

/// Runs `src` on the deals on one thread; the CPU seconds and the printed text.
fn run_once(src: &str, deals: &Arc<Vec<Deal>>) -> (f64, String) {
    let program = Arc::new(compile(src, "bench.dlr", &CompileOptions::default()).expect("compiles"));
    let produce = Some(deals.len() as u64);
    let opts = RunOptions { seed: Some(1), threads: 1, produce, deals: Some(deals.clone()), ..RunOptions::default() };
    let start = process_cpu();
    let handle = run::start(program, opts);
    let mut out = String::new();
    for ev in handle.events().iter() {
        match ev {
            Event::Matched(m) => m.iter().for_each(|m| out.push_str(&m.printed)),
            Event::Output(text) => out.push_str(&text),
            Event::Finished(_) => break,
            Event::Failed(d) => panic!("{d:?}"),
            _ => {}
        }
    }
    (process_cpu() - start, out)
}

/// Wrong tables among the twenty-calls script's printed ones (the file's order: strain S, H,
/// D, C, NT outer, declarer N, E, S, W inner).
fn wrong_tables(out: &str, lines: &[String]) -> usize {
    let printed = out.split('|').filter(|t| t.split_whitespace().count() == 20);
    let mut wrong = lines.len() - printed.clone().count();
    for (got, line) in printed.zip(lines) {
        let want: Vec<&str> = line.split('|').nth(1).unwrap_or("").split_whitespace().collect();
        let got: Vec<&str> = got.split_whitespace().collect();
        let same = (0..20).all(|k| got[(k % 4) * 5 + [3, 2, 1, 0, 4][k / 4]] == want[k]);
        wrong += usize::from(!same);
    }
    wrong
}

/// The DDS baseline's CPU ms per deal on the same deals.
fn dds_ms(program: &str, path: &str, n: usize) -> f64 {
    let out = std::process::Command::new(program).args(["table", path, &n.to_string()]).output().expect("DDS_BENCH");
    let text = String::from_utf8_lossy(&out.stdout);
    print!("    {text}");
    let ms = text.split("CPU ").nth(1).and_then(|t| t.split_whitespace().next()).and_then(|v| v.parse().ok());
    ms.expect("DDS_BENCH prints `CPU X ms/deal`")
}

fn main() {
    let Some((path, lines)) = common::dt_lines() else { return };
    let deals: Arc<Vec<Deal>> =
        Arc::new(lines.iter().map(|l| parse_deal(l.split('|').next().unwrap_or(l)).expect("deal")).collect());
    let rounds: usize = std::env::var("DD_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    let dds = std::env::var("DDS_BENCH").ok();
    let (twenty, n) = (twenty_calls(), deals.len() as f64);
    let mut sums = [0.0f64; 3];
    for round in 1..=rounds {
        let (calls, out) = run_once(&twenty, &deals);
        let (trix, _) = run_once("action printrpt(trix(deal))\n", &deals);
        let wrong = wrong_tables(&out, &lines);
        let (calls, trix) = (calls * 1000.0 / n, trix * 1000.0 / n);
        println!("round {round}: twenty tricks calls {calls:.1} ms/deal ({wrong} wrong), trix(deal) {trix:.1} ms/deal");
        sums[0] += calls;
        sums[1] += trix;
        if let Some(p) = &dds {
            sums[2] += dds_ms(p, &path, deals.len());
        }
    }
    let [calls, trix, dds_table] = sums.map(|s| s / rounds as f64);
    println!("{path}: {n} deals, {rounds} rounds, CPU ms/deal: twenty calls {calls:.1}, trix {trix:.1}");
    println!("  twenty calls / trix: {:.2}", calls / trix);
    if dds.is_some() {
        println!(
            "  DDS CalcDDtableN {dds_table:.1}; twenty calls / DDS {:.2}, trix / DDS {:.2}",
            calls / dds_table,
            trix / dds_table
        );
    }
}
