//! The lead solver against DDS's all-leads results in `../shared/golden/dd/leads` (`SolveBoard`
//! with solutions 3: list100 under five contracts, 300 of macroxue's random deals): every card
//! of every deal, and the best lead's figure equal to the table's result.

mod common;

use dealbench::cards::{Seat, parse_deal};
use dealbench::dd::Solver;

/// Checks every line of one `.leads` file; returns the number of deals checked.
fn check_file(name: &str) -> usize {
    let Some(dir) = common::shared("golden/dd/leads") else { return 0 };
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // NAME-DECL-STRAIN.leads
    let stem = name.trim_end_matches(".leads");
    let parts: Vec<&str> = stem.rsplitn(3, '-').collect();
    let declarer = Seat::from_index("NESW".find(parts[1]).expect("declarer letter"));
    let strain = "CDHSN".find(parts[0]).expect("strain letter");
    let mut solver = Solver::new();
    let mut deals = 0;
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let (deal_text, want) = line.split_once('|').expect("deal|leads");
        let deal = parse_deal(deal_text).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
        let got = solver.leads(&deal, declarer, strain).unwrap();
        let got_text: Vec<String> = got
            .cards
            .iter()
            .map(|(c, t)| format!("{}{}:{t}", c.suit().letter(), dealbench::cards::RANK_CHARS[c.rank()] as char))
            .collect();
        assert_eq!(got_text.join(" "), want, "{name} line {}: {deal_text}", i + 1);
        let min = got.cards.iter().map(|c| c.1).min().unwrap();
        assert_eq!(got.best, min, "{name} line {}: best lead", i + 1);
        deals += 1;
    }
    deals
}

#[test]
fn list100_north_spades() {
    check_file("list100-N-S.leads");
}

#[test]
fn list100_east_hearts() {
    check_file("list100-E-H.leads");
}

#[test]
fn list100_north_diamonds() {
    check_file("list100-N-D.leads");
}

#[test]
fn list100_south_notrump() {
    check_file("list100-S-N.leads");
}

#[test]
fn list100_west_clubs() {
    check_file("list100-W-C.leads");
}

#[test]
fn macroxue_300_south_notrump() {
    check_file("mx300-S-N.leads");
}
