//! Every hand function on a fixed deal, against values worked out by hand from the reference
//! and dealer 1.24's count tables (North holds S AKQT3, H J6, D KJ42, C 95).

use dealbench::cards::parse_deal;
use dealbench::eval::compile;
use dealbench::run::{self, Event, RunOptions};
use dealbench::script::CompileOptions;
use std::sync::Arc;

const DEAL: &str = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72";

fn value_with(prelude: &str, expr: &str) -> i32 {
    let src = format!("{prelude}\naction printes({expr}, \\n)\n");
    let program = compile(&src, "t.dlr", &CompileOptions::default()).unwrap_or_else(|d| panic!("{}", d[0].render()));
    let deals = Arc::new(vec![parse_deal(DEAL).unwrap()]);
    let opts = RunOptions { deals: Some(deals), print_stats: false, ..RunOptions::default() };
    let handle = run::start(Arc::new(program), opts);
    for ev in handle.events().iter() {
        match ev {
            Event::Matched(m) => return m[0].printed.trim().parse().unwrap(),
            Event::Failed(d) => panic!("{}", d.render()),
            _ => {}
        }
    }
    panic!("no deal matched")
}

fn value(expr: &str) -> i32 {
    value_with("", expr)
}

#[test]
fn point_counts() {
    assert_eq!(value("hcp(north)"), 14);
    assert_eq!(value("hcps(north, spades)"), 9);
    assert_eq!(value("hcp(east)"), 13);
    assert_eq!(value("controls(north)"), 4);
    assert_eq!(value("control(north, diamonds)"), 1);
    assert_eq!(value("c13(north)"), 18);
    assert_eq!(value("pt9(north)"), 18);
}

#[test]
fn honour_counts_and_aliases() {
    let want = [
        ("tens", 1),
        ("jacks", 2),
        ("queens", 1),
        ("kings", 2),
        ("aces", 1),
        ("top2", 3),
        ("top3", 4),
        ("top4", 6),
        ("top5", 7),
    ];
    for (i, (name, v)) in want.iter().enumerate() {
        assert_eq!(value(&format!("{name}(north)")), *v, "{name}");
        if i < 9 {
            let alias = format!("pt{}(north)", [0, 1, 2, 3, 4, 5, 6, 7, 8][i]);
            assert_eq!(value(&alias), *v, "{alias}");
        }
    }
    assert_eq!(value("ten(north, spades)"), 1);
    assert_eq!(value("jack(north, hearts)"), 1);
    assert_eq!(value("top4(north, diamonds)"), 2);
}

#[test]
fn losers_lengths_shape_cards() {
    assert_eq!(value("losers(north)"), 6);
    assert_eq!(value("loser(north, hearts)"), 2);
    assert_eq!(value("losers(north, spades)"), 0);
    assert_eq!(value("spades(north) * 1000 + hearts(north) * 100 + diamonds(north) * 10 + clubs(north)"), 5242);
    assert_eq!(value("spade(north) + heart(north) + diamond(north) + club(north)"), 13);
    assert_eq!(value("shape(north, 5242)"), 1);
    assert_eq!(value("shape(north, any 4252)"), 1);
    assert_eq!(value("shape(north, any 5332)"), 0);
    assert_eq!(value("shape(north, 5xxx - 5242)"), 0);
    assert_eq!(value("shape(north, x2x2)"), 1);
    assert_eq!(value("hascard(north, TS)"), 1);
    assert_eq!(value("hascard(north, TC)"), 0);
}

#[test]
fn quality_and_cccc() {
    // AKQT3: SF 50, A 200 + K 150 + Q 100, ten with two honours above +50.
    assert_eq!(value("quality(north, spades)"), 500);
    // clubs 0, diamonds 200+25+160, hearts 0+20, spades 600+500; shortness 200 - 100.
    assert_eq!(value("cccc(north)"), 1605);
}

#[test]
fn pointcount_and_altcount_rows() {
    assert_eq!(value_with("pointcount 6 4 2 1", "hcp(north)"), 6 + 4 + 2 + 1 + 4 + 1);
    // Row 2 (tens) now scores A K Q J T: AKQT in spades, J in hearts, KJ in diamonds.
    assert_eq!(value_with("altcount 2 1 1 1 1 1", "tens(north)"), 7);
    assert_eq!(value_with("altcount 0 1", "hcp(north)"), 1);
    // Zeroed controls row: the doubleton J6 stays 2 losers, but the losers of AKQT3 use top3.
    assert_eq!(value_with("altcount 1 0 0", "losers(north)"), 6);
    assert_eq!(value_with("altcount 8 0 0 0", "losers(north)"), 6 + 3 + 1);
}

#[test]
fn arithmetic_logic_and_errors() {
    assert_eq!(value("0 - 7 / 2"), -3);
    assert_eq!(value("(0 - 7) % 2"), -1);
    assert_eq!(value("3 * 5 / 2"), 7);
    assert_eq!(value("2 == 2 == 2"), 1);
    assert_eq!(value("3 == 3 == 4"), 0);
    assert_eq!(value("not hcp(north) >= 15"), 1);
    assert_eq!(value("1 ? 2 : 3 ? 4 : 5"), 2);
    assert_eq!(value("-hcp(north)"), -14);
    assert_eq!(value("6.25 + 6"), 631);
    assert_eq!(value("score(nv, x3N, 9)"), 400);
    assert_eq!(value("score(vul, x4Sx, 10)"), 790);
    assert_eq!(value("imps(420)"), 9);
    let r = value("rnd(10)");
    assert!((0..10).contains(&r));
}

#[test]
fn division_by_zero_stops_with_position() {
    let src = "action printes(hcp(north) / (spades(north) - 5), \\n)\n";
    let program = compile(src, "z.dlr", &CompileOptions::default()).unwrap();
    let opts = RunOptions { deals: Some(Arc::new(vec![parse_deal(DEAL).unwrap()])), ..RunOptions::default() };
    let handle = run::start(Arc::new(program), opts);
    let failed = handle.events().iter().find_map(|e| if let Event::Failed(d) = e { Some(d) } else { None });
    let d = failed.expect("the run fails");
    assert_eq!((d.line, d.column), (1, 27));
    assert!(d.message.contains("division by zero"));
}
