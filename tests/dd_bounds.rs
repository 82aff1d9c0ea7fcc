//! Single results and bound tests ("does declarer take at least t tricks?") agree with the
//! golden full tables (DDS list100, deals100-hard) for all 20 results and thresholds 0..=14,
//! asked cold, after other questions about the deal, and before a full table that reuses them.

mod common;

use common::golden_dd::{GoldenDeal, golden_sets, limit};
use dealbench::cards::Seat;
use dealbench::dd::{Known, Solver};

/// Checks one deal; returns what disagrees.
fn check_deal(solver: &mut Solver, g: &GoldenDeal, i: usize) -> Vec<String> {
    let mut errors = Vec::new();
    let deal = &g.deal;
    // Each result alone, nothing known.
    for (d, s) in (0..20).map(|k| (k % 4, k / 4)) {
        let got = solver.tricks(deal, Seat::from_index(d), s).unwrap();
        if got != g.tricks[d][s] {
            errors.push(format!("deal {i}: tricks({d}, {s}) = {got}, want {}", g.tricks[d][s]));
        }
    }
    // Bound tests, each with nothing known of the deal (the solver's table may hold the strain).
    for (d, s) in (0..20).map(|k| (k / 5, k % 5)) {
        let want = i32::from(g.tricks[d][s]);
        for t in [0, want - 1, want, want + 1, want + 2, 7, 10, 14] {
            let got = solver.at_least(deal, Seat::from_index(d), s, t).unwrap();
            if got != (want >= t) {
                errors.push(format!("deal {i}: at_least({d}, {s}, {t}) = {got}, want {}", want >= t));
            }
        }
    }
    // Bounds learnt into one `Known`, then the full table from it.
    let mut known = Known::of(deal);
    for (k, t) in (0..20).zip([9, 4, 7, 11, 6].into_iter().cycle()) {
        let (d, s) = (k % 4, (k * 3) % 5);
        let got = solver.at_least_known(deal, &mut known, Seat::from_index(d), s, t).unwrap();
        if got != (i32::from(g.tricks[d][s]) >= t) {
            errors.push(format!("deal {i}: at_least_known({d}, {s}, {t}) = {got}"));
        }
    }
    if i.is_multiple_of(2) {
        let got = solver.tricks_known(deal, &mut known, Seat::from_index(i), i % 5).unwrap();
        if got != g.tricks[i % 4][i % 5] {
            errors.push(format!("deal {i}: tricks_known after bounds = {got}"));
        }
    }
    let table = solver.table_known(deal, &mut known).unwrap();
    if table.tricks != g.tricks {
        errors.push(format!("deal {i}: table after bounds {:?}, want {:?}", table.tricks, g.tricks));
    }
    errors
}

#[test]
fn single_results_and_bound_tests_agree_with_the_golden_tables() {
    let Some(sets) = golden_sets(limit("dd_bounds")) else { return };
    for (name, deals) in sets {
        let errors: Vec<String> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|w| {
                    let deals = &deals;
                    scope.spawn(move || {
                        let mut solver = Solver::with_memory_mib(64);
                        let mine = deals.iter().enumerate().skip(w).step_by(2);
                        mine.flat_map(|(i, g)| check_deal(&mut solver, g, i)).collect::<Vec<_>>()
                    })
                })
                .collect();
            workers.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        println!("{name}: {} deals, {} disagreements", deals.len(), errors.len());
        assert!(errors.is_empty(), "{name}:\n{}", errors.join("\n"));
    }
}

#[test]
fn known_ranges_decide_what_they_can() {
    let mut k = Known::new(13);
    assert_eq!(k.at_least(2, 3, 0), Some(true));
    assert_eq!(k.at_least(2, 3, 1), None);
    assert_eq!(k.at_least(2, 3, 14), Some(false));
    k.narrow(2, 3, 9, 13);
    assert_eq!(k.at_least(2, 3, 9), Some(true));
    assert_eq!(k.at_least(2, 3, 10), None);
    k.narrow(2, 3, 0, 9);
    assert_eq!(k.exact(2, 3), Some(9));
    assert_eq!(k.at_least(2, 3, 10), Some(false));
    assert_eq!(k.table(), None, "19 results are still unknown");
}
