use super::*;
use crate::cards::{Deal, Vul, parse_deal};
use crate::report::set::Board;

fn deal() -> Deal {
    parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72").unwrap()
}

fn one(hand_type: &str) -> (Vec<Scenario>, Vec<SessionBoard>) {
    let s = Scenario {
        title: "1NT \"strong\"".into(),
        teaching: Some("Open {1NT}\nwith 15-17.".into()),
        ..Default::default()
    };
    let board = Board { number: 3, dealer: Seat::South, vulnerable: Vul::EW, deal: deal() };
    (vec![s], vec![SessionBoard { board, scenario: 0, hand_type: hand_type.into() }])
}

#[test]
fn pbn_carries_the_title_the_hand_type_and_the_teaching_text() {
    let (s, b) = one("weak");
    let text = write(SetFormat::Pbn, &s, &b, &[]);
    assert!(text.starts_with("% PBN 2.1\n"), "{text}");
    assert!(text.contains("[Event \"1NT \\\"strong\\\"\"]\n"), "{text}");
    assert!(text.contains("[Board \"3\"]\n") && text.contains("[Dealer \"S\"]\n"), "{text}");
    assert!(text.ends_with("[Result \"?\"]\n{Hand type: weak}\n{Teaching: Open {1NT)\nwith 15-17.}\n\n"), "{text}");
}

#[test]
fn lin_carries_the_scenario_in_st_and_keeps_ah_for_the_number() {
    let (s, b) = one("weak|x");
    let text = write(SetFormat::Lin, &s, &b, &[]);
    assert!(text.starts_with("pn|,,,|st|1NT \"strong\": weak x|md|1"), "{text}");
    assert!(text.ends_with("|ah|Board 3|sv|e|pg||\n"), "{text}");
}

#[test]
fn dd_tags_list_declarers_n_s_e_w_and_strains_from_notrump() {
    let (s, b) = one("");
    let mut tricks = [[0u8; 5]; 4];
    for (seat, row) in tricks.iter_mut().enumerate() {
        for (strain, t) in row.iter_mut().enumerate() {
            *t = (seat * 5 + strain) as u8 % 14;
        }
    }
    let dd = DdTags { table: DdTable { tricks }, par: Par { score_ns: -420, contracts: "4S-EW".into() } };
    let text = write(SetFormat::Pbn, &s, &b, &[dd]);
    // N: NT 4 … C 0; S (seat 2): 14…10 mod 14; E (seat 1): 9…5; W (seat 3): 19…15 mod 14.
    assert!(text.contains("[DoubleDummyTricks \"432100dcba9876554321\"]\n"), "{text}");
    assert!(text.contains("[OptimumScore \"NS -420\"]\n[ParContract \"4S-EW\"]\n"), "{text}");
    assert!(!text.contains("Hand type"), "{text}");
}
