use super::*;
use crate::cards::{Deal, SEAT_NAMES};
use crate::dealing::bias::BiasDealer;
use crate::dealing::{DealerStream, FastStream};
use crate::script::parse_script;
use crate::script::parser::card_name;
use proptest::prelude::*;

fn script(src: &str) -> Script {
    parse_script(src, "x.dlr").unwrap()
}

fn cards(names: &[&str]) -> Vec<Card> {
    let script = script(&format!("predeal north {}\n", names.join(",")));
    script.predeal.into_iter().map(|(_, c)| c).collect()
}

#[test]
fn a_card_on_two_switches_clashes() {
    let clash = check(&script(""), &[(Seat::North, cards(&["SA"])), (Seat::South, cards(&["SA"]))]).unwrap_err();
    assert_eq!(clash.message(), "card SA is predealt twice: to North by -N and to South by -S");
    assert_eq!(clash.span(), None);
}

#[test]
fn a_switch_clashes_with_the_script_of_another_seat() {
    let src = "predeal north SA\n";
    let clash = check(&script(src), &[(Seat::South, cards(&["SA"]))]).unwrap_err();
    assert_eq!(clash.message(), "card SA is predealt twice: to North here and to South by -S");
    assert_eq!(clash.span(), Some(Span::new(14, 16)));
}

#[test]
fn a_switch_replaces_the_script_of_its_own_seat() {
    let s = script("predeal north SA\npredeal south HK\n");
    assert_eq!(check(&s, &[(Seat::North, cards(&["HA"]))]), Ok(()));
    assert_eq!(check(&s, &[(Seat::North, cards(&["SA"]))]), Ok(()));
    assert!(check(&s, &[(Seat::North, cards(&["HK"]))]).is_err());
    let seats: Vec<(Seat, Card)> =
        merged(&s, &[(Seat::North, cards(&["HA"]))]).into_iter().map(|(s, c, _)| (s, c)).collect();
    assert_eq!(seats, [(Seat::South, cards(&["HK"])[0]), (Seat::North, cards(&["HA"])[0])]);
}

/// Every deal holds each card once, and each predealt card in its seat.
fn assert_deals(deals: impl Iterator<Item = Deal>, predeal: &[(Seat, Card)]) {
    for deal in deals {
        assert!(deal.is_complete(), "{}", deal.oneline());
        for &(seat, card) in predeal {
            assert!(
                deal.hands[seat].has(card),
                "{} not with {}: {}",
                card_name(card),
                SEAT_NAMES[seat],
                deal.oneline()
            );
        }
    }
}

/// The script's entries kept as the parser accepts them: each card once, 13 a seat at most.
fn script_text(entries: &[(usize, u8)]) -> String {
    let mut seen = 0u64;
    let mut per_seat: [Vec<String>; 4] = Default::default();
    for &(seat, c) in entries {
        if seen & (1 << c) == 0 && per_seat[seat].len() < 13 {
            seen |= 1 << c;
            per_seat[seat].push(card_name(Card(c)));
        }
    }
    let lines = (0..4).filter(|&s| !per_seat[s].is_empty());
    lines.map(|s| format!("predeal {} {}\n", SEAT_NAMES[s].to_lowercase(), per_seat[s].join(", "))).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_deal_is_a_full_pack_or_the_run_is_refused(
        entries in prop::collection::vec((0..4usize, 0..52u8), 0..24),
        switches in prop::collection::vec(prop::option::of(prop::collection::btree_set(0..52u8, 0..10)), 4),
        seed in any::<i32>(),
    ) {
        let script = script(&script_text(&entries));
        let over: Vec<(Seat, Vec<Card>)> = switches
            .iter()
            .enumerate()
            .filter_map(|(seat, set)| set.as_ref().map(|s| (Seat::from_index(seat), s.iter().map(|&c| Card(c)).collect())))
            .collect();
        let all = merged(&script, &over);
        let twice = (0..52u8).find(|&c| all.iter().filter(|(_, k, _)| k.0 == c).count() > 1);
        match check(&script, &over) {
            Err(clash) => {
                prop_assert!(all.iter().filter(|(_, k, _)| *k == clash.card).count() > 1);
                prop_assert!(clash.message().contains(&card_name(clash.card)));
            }
            Ok(()) => {
                prop_assert_eq!(twice, None);
                let predeal: Vec<(Seat, Card)> = all.iter().map(|&(s, c, _)| (s, c)).collect();
                let mut dealer = DealerStream::new(i64::from(seed), &predeal);
                assert_deals((0..3).map(|_| dealer.next_deal()), &predeal);
                let fast = FastStream::new(seed as u64, &predeal);
                assert_deals((0..3).map(|i| fast.deal(i)), &predeal);
                let mut bias = BiasDealer::new(i64::from(seed), &predeal, [[None; 4]; 4]).unwrap();
                assert_deals((0..3).map(|_| bias.next_deal()), &predeal);
            }
        }
    }
}

#[cfg(debug_assertions)]
fn twice() -> Vec<(Seat, Card)> {
    let ace = cards(&["SA"])[0];
    vec![(Seat::North, ace), (Seat::South, ace)]
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "dealt a card twice")]
fn the_dealer_stream_asserts_each_card_once() {
    DealerStream::new(1, &twice()).next_deal();
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "dealt a card twice")]
fn the_bias_dealer_asserts_each_card_once() {
    BiasDealer::new(1, &twice(), [[None; 4]; 4]).unwrap().next_deal();
}
