//! Single-thread benchmark: full 20-result tables of DDS list100, mean and median ms per deal.
//!
//! `cargo bench --bench dd_list100` reads `../shared/golden/dd/canonical/dds-list100.dt`;
//! env `DD_FILE` picks another `.dt` file, `DD_LIMIT` caps the number of deals and `DD_MIB`
//! sets the transposition-table budget.
//! Each table is also checked against the file and mismatches are reported.

use dealbench::cards::parse_deal;
use dealbench::dd::Solver;
use std::time::Instant;

mod common;

fn main() {
    let Some((path, lines)) = common::dt_lines() else { return };
    // `DD_MIB` sets the transposition-table budget.
    let mut solver = match std::env::var("DD_MIB").ok().and_then(|v| v.parse().ok()) {
        Some(mib) => Solver::with_memory_mib(mib),
        None => Solver::new(),
    };
    let mut times = Vec::new();
    let mut wall = Vec::new();
    let mut wrong = 0;
    for (i, line) in lines.iter().enumerate() {
        let mut fields = line.split('|');
        let deal = parse_deal(fields.next().unwrap()).expect("deal");
        let want: Vec<u8> = fields.next().unwrap().split_whitespace().map(|v| v.parse().unwrap()).collect();
        let start = Instant::now();
        let cpu_start = common::thread_cpu_ns();
        let table = solver.table(&deal).expect("solvable");
        let wall_ms = start.elapsed().as_secs_f64() * 1000.0;
        // CPU time of this thread when the kernel reports it (the machine may be shared).
        let ms = match (cpu_start, common::thread_cpu_ns()) {
            (Some(a), Some(b)) => (b - a) as f64 / 1e6,
            _ => wall_ms,
        };
        times.push(ms);
        wall.push(wall_ms);
        let got: Vec<u8> = (0..20).map(|k| table.tricks[k % 4][[3, 2, 1, 0, 4][k / 4]]).collect();
        if got != want {
            wrong += 1;
            println!("deal {i}: MISMATCH got {got:?} want {want:?}");
        }
        if std::env::var("DD_VERBOSE").is_ok() {
            println!("deal {i}: {ms:.1} ms");
        }
    }
    let n = times.len();
    let mean = times.iter().sum::<f64>() / n as f64;
    let mut sorted = times.clone();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 };
    let p90 = sorted[(n * 9 / 10).min(n - 1)];
    let wall_mean = wall.iter().sum::<f64>() / n as f64;
    println!(
        "{path}: {n} deals, CPU ms/deal: mean {mean:.1} ms (wall {wall_mean:.1}), median {median:.1} ms, p90 {p90:.1} ms, max {:.1} ms, {wrong} wrong, {} nodes, {} trick nodes",
        sorted[n - 1],
        solver.nodes(),
        solver.trick_nodes()
    );
}
