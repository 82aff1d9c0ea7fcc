//! Single-thread benchmark: one double-dummy result per deal, as a script's `tricks` asks it.
//!
//! `cargo bench --bench dd_single` reads `../shared/golden/dd/canonical/dds-list100.dt` (env
//! `DD_FILE` picks another `.dt` file, `DD_LIMIT` caps the deals). Deal `i` asks declarer
//! `i % 4` (N, E, S, W) in strain `i % 5` (C, D, H, S, NT), so every result is asked equally
//! often. Four passes, each deal solved cold (a new deal clears the transposition table):
//! - exact: `tricks(declarer, strain)`;
//! - `>= t` at t = the result (the test succeeds) and at t = the result + 1 (it fails): the
//!   hardest thresholds, one null-window search each;
//! - `>= 7`: a fixed threshold, as scripts write it;
//! - partner: the result of declarer's partner, then declarer's (declarer's nodes counted
//!   apart), as a script asking `tricks(north, s)` and `tricks(south, s)` solves them.
//!
//! `DD_FIXED=d,s` asks declarer `d` in strain `s` of every deal instead; the file's second
//! field then holds that one result (the partner pass then checks only declarer's).
//!
//! Prints CPU ms and search nodes per deal for each pass; every answer is checked against the
//! file.

use dealbench::cards::{Deal, Seat, parse_deal};
use dealbench::dd::{Known, Solver};

mod common;

fn main() {
    let Some((path, lines)) = common::dt_lines() else { return };
    let fixed: Option<(usize, usize)> = std::env::var("DD_FIXED").ok().map(|v| {
        let p: Vec<usize> = v.split(',').map(|x| x.trim().parse().expect("DD_FIXED=declarer,strain")).collect();
        (p[0], p[1])
    });
    let cases: Vec<(Deal, Seat, usize, u8, Option<u8>)> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let mut fields = line.split('|');
            let deal = parse_deal(fields.next().unwrap()).expect("deal");
            let want: Vec<u8> = fields.next().unwrap().split_whitespace().map(|v| v.parse().unwrap()).collect();
            if let Some((declarer, strain)) = fixed {
                return (deal, Seat::from_index(declarer), strain, want[0], None);
            }
            let (declarer, strain) = (i % 4, i % 5);
            // The file's order: strain S, H, D, C, NT outer, declarer N, E, S, W inner.
            let dds_strain = if strain == 4 { 4 } else { 3 - strain };
            let (at, partner) = (dds_strain * 4, (declarer + 2) % 4);
            (deal, Seat::from_index(declarer), strain, want[at + declarer], Some(want[at + partner]))
        })
        .collect();
    let mut solver = Solver::new();
    // Card nodes and trick-start nodes after each pass.
    let mut nodes = [(0u64, 0u64); 6];
    let counts = |s: &Solver| (s.nodes(), s.trick_nodes());
    let exact = pass(&cases, |(d, decl, s, want, _)| solver.tricks(d, *decl, *s).unwrap() == *want);
    nodes[1] = counts(&solver);
    let meets = pass(&cases, |(d, decl, s, want, _)| solver.at_least(d, *decl, *s, i32::from(*want)).unwrap());
    nodes[2] = counts(&solver);
    let fails = pass(&cases, |(d, decl, s, want, _)| !solver.at_least(d, *decl, *s, i32::from(*want) + 1).unwrap());
    nodes[3] = counts(&solver);
    let seven = pass(&cases, |(d, decl, s, want, _)| solver.at_least(d, *decl, *s, 7).unwrap() == (*want >= 7));
    nodes[4] = counts(&solver);
    let (mut second, mut second_tricks) = (0, 0);
    let partner = pass(&cases, |(d, decl, s, want, pwant)| {
        let mut known = Known::of(d);
        let p = Seat::from_index((decl.index() + 2) % 4);
        let got = solver.tricks_known(d, &mut known, p, *s).unwrap();
        let first = pwant.is_none_or(|w| w == got);
        let at = counts(&solver);
        let ok = first && solver.tricks_known(d, &mut known, *decl, *s).unwrap() == *want;
        second += solver.nodes() - at.0;
        second_tricks += solver.trick_nodes() - at.1;
        ok
    });
    nodes[5] = counts(&solver);
    let n = cases.len();
    let per = |i: usize| ((nodes[i].0 - nodes[i - 1].0) / n as u64, (nodes[i].1 - nodes[i - 1].1) / n as u64);
    println!("{path}: {n} deals, one result per deal, CPU ms/deal (wrong answers), card and trick-start nodes/deal:");
    let row = |name: &str, (ms, wrong): (f64, usize), (card, trick): (u64, u64)| {
        println!("  {name:<20}{ms:7.2} ms ({wrong} wrong) {card:8} nodes {trick:7} trick nodes")
    };
    row("exact tricks", exact, per(1));
    row(">= result (holds)", meets, per(2));
    row(">= result+1 (fails)", fails, per(3));
    row(">= 7", seven, per(4));
    row("partner, then it", partner, per(5));
    println!("  of which declarer's {:8} nodes {:7} trick nodes", second / n as u64, second_tricks / n as u64);
    let bound = (meets.0 + fails.0) / 2.0;
    println!("  bound at the edge / exact: {:.2}; >= 7 / exact: {:.2}", bound / exact.0, seven.0 / exact.0);
}

/// Runs `check` on every case; mean CPU ms per case and the number of wrong answers.
fn pass<T>(cases: &[T], mut check: impl FnMut(&T) -> bool) -> (f64, usize) {
    let mut wrong = 0;
    let start = common::thread_cpu_ns();
    let wall = std::time::Instant::now();
    for c in cases {
        wrong += usize::from(!check(c));
    }
    let ns = match (start, common::thread_cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64,
        _ => wall.elapsed().as_nanos() as f64,
    };
    (ns / 1e6 / cases.len() as f64, wrong)
}
