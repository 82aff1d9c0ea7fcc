use super::*;
use crate::cards::{Deal, parse_deal};

#[test]
fn list1_table() {
    let deal = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
    let t = Solver::new().table(&deal).unwrap();
    // DDS order strain S,H,D,C,NT outer, declarer N,E,S,W inner.
    let dds = [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6];
    for (i, &v) in dds.iter().enumerate() {
        let strain = [3, 2, 1, 0, 4][i / 4];
        assert_eq!(t.tricks[i % 4][strain], v, "strain {strain} declarer {}", i % 4);
    }
}

#[test]
fn wrong_card_counts_are_errors() {
    let mut deal = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
    let mut solver = Solver::with_memory_mib(8);
    let moved = deal.hands[0].0 & deal.hands[0].0.wrapping_neg();
    deal.hands[0].0 ^= moved;
    deal.hands[1].0 |= moved;
    assert!(solver.table(&deal).is_err());
    assert!(solver.tricks(&deal, 0, 4).is_err());
    let mut dup = deal;
    dup.hands[1].0 ^= moved;
    dup.hands[0].0 |= dup.hands[1].0 & dup.hands[1].0.wrapping_neg();
    assert!(solver.table(&dup).is_err());
    let mut bogus = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
    bogus.hands[2].0 |= 1 << 14;
    assert!(solver.table(&bogus).is_err());
    assert!(solver.tricks(&deal, 4, 0).is_err());
}

/// A hand from `S.H.D.C`.
fn hand(text: &str) -> crate::cards::Hand {
    let mut h = crate::cards::Hand::default();
    for (i, ranks) in text.split('.').enumerate() {
        for ch in ranks.bytes() {
            h.add(crate::cards::Card::new(3 - i, crate::cards::rank_of_char(ch).unwrap()));
        }
    }
    h
}

#[test]
fn small_endings() {
    let mut solver = Solver::with_memory_mib(8);
    // One card each: N SA, E S2, S S3, W H2.
    let deal = Deal { hands: [hand("A..."), hand("2..."), hand("3..."), hand(".2..")] };
    let t = solver.table(&deal).unwrap();
    assert_eq!(t.tricks[0][4], 1); // N declares NT: E leads S2, N wins with the ace.
    assert_eq!(t.tricks[3][4], 0); // W declares NT: N leads the ace and wins.
    assert_eq!(t.tricks[3][2], 1); // W declares hearts: N leads the ace, W ruffs.
    // Two cards each: N SAK, E D32, S D54, W C32.
    let deal = Deal { hands: [hand("AK..."), hand("..32."), hand("..54."), hand("...32")] };
    let t = solver.table(&deal).unwrap();
    assert_eq!(t.tricks[2][4], 0); // S declares NT: W cashes both clubs.
    assert_eq!(t.tricks[0][4], 2); // N declares NT: E leads diamonds, S wins both.
    assert_eq!(t.tricks[1][3], 0); // E declares spades: S leads a diamond, N ruffs and cashes.
    // Empty deal.
    assert_eq!(solver.table(&Deal::default()).unwrap().tricks, [[0; 5]; 4]);
}

#[test]
fn voids_everywhere_do_not_panic() {
    // Every hand holds one whole suit: N spades, E hearts, S diamonds, W clubs.
    let deal = Deal {
        hands: [hand("AKQJT98765432..."), hand(".AKQJT98765432.."), hand("..AKQJT98765432."), hand("...AKQJT98765432")],
    };
    let t = Solver::with_memory_mib(8).table(&deal).unwrap();
    assert_eq!(t.tricks[0][3], 13); // N in spades: ruffs the opening lead, then draws nothing.
    assert_eq!(t.tricks[0][4], 0); // N in notrump: E runs the hearts.
    assert_eq!(t.tricks[1][4], 0); // E in notrump: S runs the diamonds.
    assert_eq!(t.tricks[2][0], 0); // S in clubs: W leads clubs (trumps) and wins all.
    assert_eq!(t.tricks[2][1], 13); // S in diamonds: ruffs W's club lead.
}

#[test]
fn hot_par_tables() {
    // Only N and E can make 1NT (7 tricks); nothing else makes (dd-solvers.md §10.6).
    let mut t = DdTable { tricks: [[6, 6, 6, 6, 7], [6, 6, 6, 6, 7], [6, 6, 6, 6, 6], [6, 6, 6, 6, 6]] };
    let p = par(&t, 0);
    assert_eq!(p.score_ns, 90);
    assert_eq!(p.contracts, "1N-N");
    // Only N and W make 1S: NS bidding first get +80.
    t = DdTable { tricks: [[6, 6, 6, 7, 6], [6, 6, 6, 6, 6], [6, 6, 6, 6, 6], [6, 6, 6, 7, 6]] };
    let p = par(&t, 0);
    assert_eq!(p.score_ns, 80);
    assert_eq!(p.contracts, "1S-N");
    // Nobody makes anything: passed out.
    t = DdTable { tricks: [[6; 5]; 4] };
    assert_eq!(par(&t, 3), Par { score_ns: 0, contracts: "pass".into() });
}
