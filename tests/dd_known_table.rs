//! A full table completed from what single results and bound tests learnt (a `Known`) is the
//! golden DDS list100 table, and a table already known exactly costs no search at all.

mod common;

use common::golden_dd::{GoldenDeal, golden_sets, limit};
use dealbench::cards::Seat;
use dealbench::dd::{Known, Solver};

/// The golden list100 deals (`None` without ../shared).
fn list100() -> Option<Vec<GoldenDeal>> {
    let sets = golden_sets(limit("dd_known_table"))?;
    sets.into_iter().find(|(name, _)| *name == "dds-list100").map(|(_, deals)| deals)
}

/// Fills `known` with two exact results and two bound tests (one holds, one fails), each
/// checked against the golden table.
fn prefill(solver: &mut Solver, g: &GoldenDeal, i: usize, known: &mut Known) {
    let deal = &g.deal;
    for (d, s) in [(i % 4, i % 5), ((i + 1) % 4, (i + 3) % 5)] {
        let got = solver.tricks_known(deal, known, Seat::from_index(d), s).unwrap();
        assert_eq!(got, g.tricks[d][s], "deal {i}: tricks_known({d}, {s})");
    }
    let (d, s) = ((i + 2) % 4, (i + 1) % 5);
    let want = i32::from(g.tricks[d][s]);
    assert!(solver.at_least_known(deal, known, Seat::from_index(d), s, want).unwrap(), "deal {i}: >= {want}");
    let (d, s) = ((i + 3) % 4, (i + 2) % 5);
    let want = i32::from(g.tricks[d][s]);
    assert!(!solver.at_least_known(deal, known, Seat::from_index(d), s, want + 1).unwrap(), "deal {i}: >= {want}+1");
}

#[test]
fn a_table_completed_from_what_is_known_is_the_golden_table() {
    let Some(deals) = list100() else { return };
    let mut solver = Solver::with_memory_mib(64);
    for (i, g) in deals.iter().enumerate() {
        let mut known = Known::of(&g.deal);
        prefill(&mut solver, g, i, &mut known);
        for (d, s) in (0..20).map(|k| (k / 5, k % 5)) {
            let (lo, hi) = known.range(d, s);
            assert!(lo <= g.tricks[d][s] && g.tricks[d][s] <= hi, "deal {i}: ({d}, {s}) known {lo}..={hi}");
        }
        assert_eq!(known.exact(i % 4, i % 5), Some(g.tricks[i % 4][i % 5]));
        let table = solver.table_known(&g.deal, &mut known).unwrap();
        assert_eq!(table.tricks, g.tricks, "deal {i}");
        assert_eq!(known.table().map(|t| t.tricks), Some(g.tricks), "deal {i}: every result recorded");
    }
    println!("list100: {} deals completed from single results and bounds", deals.len());
}

#[test]
fn a_table_known_exactly_is_not_searched() {
    let Some(deals) = list100() else { return };
    let mut solver = Solver::with_memory_mib(16);
    for (i, g) in deals.iter().take(4).enumerate() {
        // A fresh solve searches; a second one from what it recorded does not.
        let before = solver.nodes();
        let mut known = Known::of(&g.deal);
        assert_eq!(solver.table_known(&g.deal, &mut known).unwrap().tricks, g.tricks, "deal {i}");
        let searched = solver.nodes();
        assert!(searched > before, "deal {i}: the first solve searched");
        assert_eq!(solver.table_known(&g.deal, &mut known).unwrap().tricks, g.tricks, "deal {i}");
        assert_eq!(solver.nodes(), searched, "deal {i}: nothing left to search");
        // The golden table given as known, to a solver holding another deal.
        let mut given = Known::from_table(&dealbench::dd::DdTable { tricks: g.tricks });
        let other = &deals[(i + 1) % deals.len()].deal;
        solver.tricks(other, Seat::South, 4).unwrap();
        let at = solver.nodes();
        assert_eq!(solver.table_known(&g.deal, &mut given).unwrap().tricks, g.tricks, "deal {i}");
        for (d, s) in (0..20).map(|k| (k / 5, k % 5)) {
            let seat = Seat::from_index(d);
            assert_eq!(solver.tricks_known(&g.deal, &mut given, seat, s).unwrap(), g.tricks[d][s]);
            let t = i32::from(g.tricks[d][s]);
            assert!(solver.at_least_known(&g.deal, &mut given, seat, s, t).unwrap());
            assert!(!solver.at_least_known(&g.deal, &mut given, seat, s, t + 1).unwrap());
        }
        assert_eq!(solver.nodes(), at, "deal {i}: answered from the known table alone");
    }
}

#[test]
fn a_result_solved_after_partners_is_the_golden_result() {
    let Some(deals) = list100() else { return };
    let mut solver = Solver::with_memory_mib(16);
    for (i, g) in deals.iter().take(20).enumerate() {
        // Partner's exact result is the first guess of the second solve of each side.
        let s = i % 5;
        let mut known = Known::of(&g.deal);
        for d in [i % 4, (i + 2) % 4, (i + 1) % 4, (i + 3) % 4] {
            let got = solver.tricks_known(&g.deal, &mut known, Seat::from_index(d), s).unwrap();
            assert_eq!(got, g.tricks[d][s], "deal {i}: declarer {d}, strain {s}, after partner's");
        }
    }
}
