//! Single-thread benchmark of the lead solver: every lead of every deal, against DDS's
//! `SolveBoard` with solutions 3.
//!
//! `cargo bench --bench dd_leads` reads the five list100 files of `../shared/golden/dd/leads`
//! (`LEADS_FILES=a.leads,b.leads` picks others, `DD_LIMIT` caps the deals a file, `DD_ROUNDS`
//! sets the rounds, 2). Each deal is solved cold (a new deal clears the transposition table)
//! and every card's figure is checked against the file. `DDS_BENCH=PROGRAM` also runs the DDS
//! baseline built outside the repository (`PROGRAM leads FILE LIMIT` prints `CPU X ms/deal`:
//! `SolveBoard` target -1, solutions 3, one thread) on the same files in each round, and the
//! ratio to it is printed.

use dealbench::cards::{Deal, RANK_CHARS, Seat, parse_deal};
use dealbench::dd::Solver;

mod common;

/// One `.leads` file: its path, declarer, strain and deals with their expected lines.
struct Set {
    path: String,
    declarer: Seat,
    strain: usize,
    deals: Vec<(Deal, String)>,
}

fn read_set(path: &str, limit: usize) -> Option<Set> {
    let text = std::fs::read_to_string(path).ok()?;
    let stem = std::path::Path::new(path).file_stem()?.to_str()?.to_string();
    let parts: Vec<&str> = stem.rsplitn(3, '-').collect();
    let declarer = Seat::from_index("NESW".find(parts[1])?);
    let strain = "CDHSN".find(parts[0])?;
    let deals = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
        .map(|l| {
            let (d, want) = l.split_once('|').expect("deal|leads");
            (parse_deal(d).expect("deal"), want.to_string())
        })
        .collect();
    Some(Set { path: path.to_string(), declarer, strain, deals })
}

/// Solves every deal of a set; CPU ms per deal and the number of deals that differ.
fn run_set(solver: &mut Solver, set: &Set) -> (f64, usize) {
    let mut wrong = 0;
    let start = common::thread_cpu_ns().expect("thread CPU clock");
    for (deal, want) in &set.deals {
        let got = solver.leads(deal, set.declarer, set.strain).expect("solved");
        let text: Vec<String> = got
            .cards
            .iter()
            .map(|(c, t)| format!("{}{}:{t}", c.suit().letter(), RANK_CHARS[c.rank()] as char))
            .collect();
        wrong += usize::from(text.join(" ") != *want);
    }
    let ns = common::thread_cpu_ns().expect("thread CPU clock") - start;
    (ns as f64 / 1e6 / set.deals.len() as f64, wrong)
}

fn dds_ms(program: &str, set: &Set) -> f64 {
    let n = set.deals.len().to_string();
    let out = std::process::Command::new(program).args(["leads", &set.path, &n]).output().expect("DDS_BENCH");
    let text = String::from_utf8_lossy(&out.stdout);
    print!("    {text}");
    let ms = text.split("CPU ").nth(1).and_then(|t| t.split_whitespace().next()).and_then(|v| v.parse().ok());
    ms.expect("DDS_BENCH prints `CPU X ms/deal`")
}

fn main() {
    let dir = "../shared/golden/dd/leads";
    let names = std::env::var("LEADS_FILES")
        .unwrap_or_else(|_| ["N-S", "E-H", "N-D", "S-N", "W-C"].map(|c| format!("{dir}/list100-{c}.leads")).join(","));
    let limit: usize = std::env::var("DD_LIMIT").ok().and_then(|v| v.parse().ok()).unwrap_or(usize::MAX);
    let rounds: usize = std::env::var("DD_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    let Some(sets) = names.split(',').map(|p| read_set(p, limit)).collect::<Option<Vec<Set>>>() else {
        println!("SKIPPED: {names}: not found");
        return;
    };
    let dds = std::env::var("DDS_BENCH").ok();
    let mut solver = Solver::new();
    let (mut ours, mut theirs) = (0.0, 0.0);
    for round in 1..=rounds {
        for set in &sets {
            let before = solver.nodes();
            let (ms, wrong) = run_set(&mut solver, set);
            let nodes = (solver.nodes() - before) / set.deals.len() as u64;
            println!("round {round}: {}: all leads {ms:.2} ms/deal ({wrong} wrong), {nodes} nodes/deal", set.path);
            ours += ms;
            if let Some(p) = &dds {
                theirs += dds_ms(p, set);
            }
        }
    }
    let k = (rounds * sets.len()) as f64;
    println!("mean all leads: {:.2} ms/deal", ours / k);
    if dds.is_some() {
        println!("mean DDS SolveBoard solutions 3: {:.2} ms/deal; dealbench / DDS {:.2}", theirs / k, ours / theirs);
    }
}
