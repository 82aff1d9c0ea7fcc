use super::*;
use crate::cards::{Deal, parse_deal};
use crate::report::session::{self, Order};

fn deal() -> Deal {
    parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72").unwrap()
}

fn drawn(n: usize, types: u64) -> Vec<Drawn> {
    (0..n).map(|k| Drawn { scenario: 0, deal: deal().turned(k), hand_types: types }).collect()
}

fn opener() -> Scenario {
    Scenario {
        title: "1NT openings".into(),
        dealer: Some(Seat::South),
        teaching: Some("Open 1NT.\n\nWith 15-17.".into()),
        ..Scenario::default()
    }
}

fn stayman() -> Scenario {
    Scenario { title: "Stayman".into(), hand_types: vec!["major4".into(), "both".into()], ..Scenario::default() }
}

/// A set as `dealbench session` writes it: two scenarios, two boards each, from `first`.
fn session_set(format: SetFormat, first: u64) -> String {
    let per = vec![drawn(2, 0), drawn(2, 1).into_iter().map(|d| Drawn { scenario: 1, ..d }).collect()];
    let boards = session::number(&[opener(), stayman()], &session::arrange(per, Order::Grouped, 1), first, false);
    session_write::write(format, &[opener(), stayman()], &boards, &[])
}

fn numbers(rows: &[Row]) -> Vec<u64> {
    rows.iter().map(|r| r.number).collect()
}

#[test]
fn a_new_file_holds_the_boards_numbered_from_one_with_their_scenario() {
    let a = add(SetFormat::Pbn, None, "s.pbn", &stayman(), &drawn(3, 2), false).unwrap();
    assert!(a.text.starts_with("% PBN 2.1\n"));
    assert_eq!((a.before, a.renumbered, numbers(&a.rows)), (0, false, vec![1, 2, 3]));
    // Stayman names no dealer: each board has its number's.
    let dealers: Vec<Seat> = a.rows.iter().map(|r| r.dealer).collect();
    assert_eq!(dealers, [Seat::North, Seat::East, Seat::South]);
    assert!(a.rows.iter().all(|r| r.scenario == "Stayman" && r.hand_type == "both"));
    assert_eq!(a.text.matches("{Hand type: both}").count(), 3);
}

#[test]
fn boards_added_to_a_session_set_follow_its_own_and_keep_it_byte_for_byte() {
    let old = session_set(SetFormat::Pbn, 1);
    let a = add(SetFormat::Pbn, Some(&old), "c.pbn", &opener(), &drawn(3, 0), false).unwrap();
    assert!(a.text.starts_with(&old), "the old boards, their teaching text over two paragraphs too, unchanged");
    assert_eq!((a.before, a.renumbered, numbers(&a.rows)), (4, false, vec![1, 2, 3, 4, 5, 6, 7]));
    let scenarios: Vec<&str> = a.rows.iter().map(|r| r.scenario.as_str()).collect();
    assert_eq!(
        scenarios,
        ["1NT openings", "1NT openings", "Stayman", "Stayman", "1NT openings", "1NT openings", "1NT openings"]
    );
    assert!(a.rows[4..].iter().all(|r| r.dealer == Seat::South), "the opener's dealer");
    assert_eq!(a.rows[6].vulnerable, Vul::of_board(7));
    let boards = read_pbn(&a.text, "c.pbn").unwrap();
    assert_eq!(boards[5].deal, deal().turned(1));
    assert_eq!(boards[5].teaching, "Open 1NT.\n\nWith 15-17.");
}

#[test]
fn a_set_whose_numbers_do_not_run_in_order_is_renumbered_from_its_first() {
    let old = session_set(SetFormat::Pbn, 5).replace("[Board \"7\"]", "[Board \"12\"]");
    let a = add(SetFormat::Pbn, Some(&old), "c.pbn", &stayman(), &drawn(1, 0), true).unwrap();
    assert!(a.renumbered);
    assert_eq!(numbers(&a.rows), [5, 6, 7, 8, 9]);
    // Rotated: board 9's dealer is its number's (North), the deal unturned (no script dealer).
    assert_eq!((a.rows[4].dealer, a.rows[4].vulnerable), (Seat::North, Vul::of_board(9)));
}

#[test]
fn lin_sets_grow_the_same_way() {
    let old = session_set(SetFormat::Lin, 1).replace("|ah|Board 2|", "|ah|Board 9|");
    let a = add(SetFormat::Lin, Some(&old), "c.lin", &stayman(), &drawn(2, 1), false).unwrap();
    assert_eq!((a.before, a.renumbered, numbers(&a.rows)), (4, true, vec![1, 2, 3, 4, 5, 6]));
    assert_eq!(a.text.lines().count(), 6);
    assert_eq!(a.text.lines().next(), old.lines().next());
    assert!(a.text.lines().nth(1).unwrap().contains("|ah|Board 2|"));
    assert_eq!(a.rows[0].scenario, "1NT openings");
    assert_eq!(a.rows[0].dealer, Seat::South);
    assert_eq!(a.rows[5].scenario, "Stayman: major4");
}

#[test]
fn a_file_that_is_not_a_set_is_refused_with_its_line() {
    let e = add(SetFormat::Pbn, Some("[Board \"1\"]\n[Deal \"N:AKQ\"]\n"), "x.pbn", &opener(), &drawn(1, 0), false);
    assert!(e.unwrap_err().starts_with("x.pbn: [Deal \"N:AKQ\"]"));
    let e = rows(SetFormat::Lin, "\npn|,,,|st||md|7S|ah|Board 1|\n", "x.lin").unwrap_err();
    assert!(e.starts_with("x.lin:2: `md|7S|`: expected the dealer's digit"), "{e}");
    assert_eq!(rows(SetFormat::Pbn, " \n", "e.pbn").unwrap(), []);
}
