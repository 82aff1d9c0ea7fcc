//! Double-dummy batches on two threads against one, in one process: each figure is the best of
//! a few runs (wall clock) and the report is the ratio.
//!
//! `cargo bench --bench dd_threads`: DDS list100 (`../shared/golden/dd/canonical/dds-list100.dt`,
//! `DD_FILE` picks another `.dt` file, `DD_LIMIT` caps the deals) read as a deal file, with
//! `tricks` in the condition and with the full table in the action; DDS list1000 (whose deals
//! often repeat on the next line) with `tricks` in the condition; and the issue's 1NT script (one
//! `dds` result per produced deal in a `frequency` action) on dealer.exe's stream with seed 11.
//!
//! On list100 the condition's run is short (a quarter of a second) and three deals take a third
//! of it, so taking deals in order cannot give two threads equal shares (a simulation of that
//! order with each deal's one-thread time gives 1.83).

use dealbench::cards::{Deal, parse_deal};
use dealbench::eval::compile;
use dealbench::run::{self, Event, RunOptions};
use dealbench::script::CompileOptions;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod common;

const TRIES: usize = 2;
const LIST1000: &str = "../shared/golden/dd/canonical/dds-list1000.dt";
const IN_CONDITION: &str =
    "condition tricks(north, notrump) >= 7 || tricks(south, spades) < 9\naction average hcp(north)\n";
const TABLE_ACTION: &str = "action average par(NS)\n";
const ISSUE_1NT: &str = "generate 10000000\nproduce 200\ncondition shape(north, any 4333 + any 4432 + any 5332) and hcp(north) >= 15 and hcp(north) <= 17 and hcp(south) <= 12\naction frequency \"tricks\" (dds(north, notrumps), 5, 11)\n";

fn run_once(src: &str, deals: Option<&Arc<Vec<Deal>>>, threads: usize) -> Duration {
    let program = Arc::new(compile(src, "bench.dlr", &CompileOptions::default()).expect("compiles"));
    let opts = RunOptions { seed: Some(11), threads, deals: deals.cloned(), ..RunOptions::default() };
    let start = Instant::now();
    let handle = run::start(program, opts);
    for ev in handle.events().iter() {
        match ev {
            Event::Finished(_) => break,
            Event::Failed(d) => panic!("{d:?}"),
            _ => {}
        }
    }
    start.elapsed()
}

fn best(src: &str, deals: Option<&Arc<Vec<Deal>>>, threads: usize) -> Duration {
    (0..TRIES).map(|_| run_once(src, deals, threads)).min().expect("tries")
}

/// The deals of a `.dt` file's lines (each line's first field).
fn deals_of<'a>(lines: impl Iterator<Item = &'a str>) -> Arc<Vec<Deal>> {
    Arc::new(lines.map(|l| parse_deal(l.split('|').next().unwrap_or(l)).expect("deal")).collect())
}

fn main() {
    let Some((_, lines)) = common::dt_lines() else { return };
    let list = deals_of(lines.iter().map(String::as_str));
    let list1000 = std::fs::read_to_string(LIST1000).ok().map(|t| deals_of(t.lines().filter(|l| !l.trim().is_empty())));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("best of {TRIES} runs (wall clock); {cores} cores");
    let mut cases = vec![
        ("list100, tricks in the condition", IN_CONDITION, Some(&list)),
        ("list100, par (full table) in the action", TABLE_ACTION, Some(&list)),
    ];
    match &list1000 {
        Some(deals) => cases.push(("list1000, tricks in the condition", IN_CONDITION, Some(deals))),
        None => println!("SKIPPED: list1000, {LIST1000} not found"),
    }
    cases.push(("issue 18's 1NT script, dds in the action", ISSUE_1NT, None));
    for (name, src, deals) in cases {
        let one = best(src, deals, 1);
        let two = best(src, deals, 2);
        println!(
            "{name:>42}: 1 thread {:7.2} s, 2 threads {:7.2} s, ratio {:.2}",
            one.as_secs_f64(),
            two.as_secs_f64(),
            one.as_secs_f64() / two.as_secs_f64()
        );
    }
}
