use super::*;
use crate::cards::parse_deal;

fn deal() -> Deal {
    parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72").unwrap()
}

/// `n` deals of scenario `s`, told apart by how far each is turned.
fn drawn(s: usize, n: usize) -> Vec<Drawn> {
    (0..n).map(|k| Drawn { scenario: s, deal: deal().turned(k), hand_types: 0 }).collect()
}

fn tags(d: &[Drawn]) -> Vec<(usize, Deal)> {
    d.iter().map(|d| (d.scenario, d.deal)).collect()
}

#[test]
fn grouped_keeps_each_script_together_interleaved_takes_turns() {
    let per = || vec![drawn(0, 3), drawn(1, 1), drawn(2, 2)];
    let g: Vec<usize> = arrange(per(), Order::Grouped, 1).iter().map(|d| d.scenario).collect();
    assert_eq!(g, [0, 0, 0, 1, 2, 2]);
    let i = arrange(per(), Order::Interleaved, 1);
    assert_eq!(i.iter().map(|d| d.scenario).collect::<Vec<_>>(), [0, 1, 2, 0, 2, 0]);
    // Each script's own deals keep their order.
    assert_eq!(i[3].deal, deal().turned(1));
    assert_eq!(i[5].deal, deal().turned(2));
}

#[test]
fn shuffled_is_a_permutation_fixed_by_the_seed() {
    let per = || vec![drawn(0, 8), drawn(1, 8), drawn(2, 8)];
    let a = arrange(per(), Order::Shuffled, 7);
    assert_eq!(tags(&a), tags(&arrange(per(), Order::Shuffled, 7)));
    assert_ne!(tags(&a), tags(&arrange(per(), Order::Shuffled, 8)));
    assert_ne!(tags(&a), tags(&arrange(per(), Order::Grouped, 7)));
    let mut sorted = tags(&a);
    sorted.sort_by_key(|(s, d)| (*s, d.pbn()));
    let mut want = tags(&arrange(per(), Order::Grouped, 7));
    want.sort_by_key(|(s, d)| (*s, d.pbn()));
    assert_eq!(sorted, want);
}

#[test]
fn boards_take_their_own_scenario_s_dealer_or_rotate() {
    let scenarios = vec![
        Scenario { title: "a".into(), dealer: Some(Seat::South), vulnerable: Some(Vul::EW), ..Default::default() },
        Scenario { title: "b".into(), hand_types: vec!["weak".into(), "strong".into()], ..Default::default() },
    ];
    let mut d = arrange(vec![drawn(0, 2), drawn(1, 2)], Order::Interleaved, 0);
    d[1].hand_types = 0b10;
    d[3].hand_types = 0b11;
    let b = number(&scenarios, &d, 5, false);
    let seen: Vec<(u64, Seat, Vul, &str)> =
        b.iter().map(|b| (b.board.number, b.board.dealer, b.board.vulnerable, b.hand_type.as_str())).collect();
    assert_eq!(
        seen,
        [
            (5, Seat::South, Vul::EW, ""),
            (6, Seat::East, Vul::EW, "strong"),
            (7, Seat::South, Vul::EW, ""),
            (8, Seat::West, Vul::None, "weak, strong"),
        ]
    );
    let r = number(&scenarios, &d, 1, true);
    // Board 2's dealer is East: scenario a's South hand moves there; b has no dealer to turn.
    assert_eq!((r[1].board.dealer, r[1].board.deal), (Seat::East, d[1].deal));
    assert_eq!((r[2].board.dealer, r[2].board.vulnerable), (Seat::South, Vul::EW));
    assert_eq!(r[2].board.deal.hands[Seat::South.index()], d[2].deal.hands[Seat::South.index()]);
    assert_eq!(r[0].board.deal.hands[Seat::North.index()], d[0].deal.hands[Seat::South.index()]);
}

#[test]
fn teaching_text_is_what_the_chat_blocks_hold() {
    let src = "# x\n/*@chat\n   Open 1NT with 15-17.\n   Balanced.\n@chat*/\ncondition 1\n/* plain */\n/*@chat Then bid. @chat*/";
    assert_eq!(teaching_text(src).as_deref(), Some("Open 1NT with 15-17.\nBalanced.\n\nThen bid."));
    assert_eq!(teaching_text("condition 1 /* note */"), None);
    assert_eq!(teaching_text("/*@chat unclosed"), None);
}

#[test]
fn orders_and_seeds_read_as_written() {
    assert_eq!("shuffled".parse::<Order>(), Ok(Order::Shuffled));
    assert!("random".parse::<Order>().unwrap_err().contains("grouped, interleaved or shuffled"));
    assert_eq!((script_seed(10, 0), script_seed(10, 2)), (10, 12));
}
