use super::*;
use crate::cards::Suit;

#[test]
fn deals_are_complete_reproducible_and_respect_predeal() {
    let p = vec![
        (Seat::North, Card::new(Suit::Spades, 12)),
        (Seat::North, Card::new(Suit::Spades, 11)),
        (Seat::South, Card::new(Suit::Hearts, 12)),
    ];
    let s = FastStream::new(7, &p);
    for i in 0..2000 {
        let d = s.deal(i);
        assert!(d.is_complete());
        assert!(d.hands[0].has(Card::new(Suit::Spades, 12)) && d.hands[2].has(Card::new(Suit::Hearts, 12)));
        assert_eq!(d, s.deal(i));
    }
    assert_ne!(s.deal(0), s.deal(1));
    assert_ne!(s.deal(0), FastStream::new(8, &p).deal(0));
}

#[test]
fn the_draw_is_uniform_enough() {
    // Where the ace of spades lands over 52,000 deals: each seat near 13,000.
    let s = FastStream::new(1, &[]);
    let mut seats = [0u32; 4];
    for i in 0..52_000 {
        let d = s.deal(i);
        seats[(0..4).find(|&p| d.hands[p].has(Card::new(Suit::Spades, 12))).unwrap()] += 1;
    }
    assert!(seats.iter().all(|&c| (12_400..13_600).contains(&c)), "{seats:?}");
}

#[test]
fn all_52_predealt() {
    let d = crate::cards::parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72").unwrap();
    let p: Vec<(Seat, Card)> = Seat::ALL.into_iter().flat_map(|s| d.hands[s].cards().map(move |c| (s, c))).collect();
    assert_eq!(FastStream::new(3, &p).deal(5), d);
}

#[test]
fn two_cards_share_a_hand_twelve_times_in_fifty_one() {
    // P(the two of clubs is in the same hand as the ace of spades) = 12/51.
    let s = FastStream::new(11, &[]);
    let n = 102_000;
    let same = (0..n)
        .filter(|&i| {
            let d = s.deal(i);
            (0..4).any(|p| d.hands[p].has(Card::new(Suit::Clubs, 0)) && d.hands[p].has(Card::new(Suit::Spades, 12)))
        })
        .count();
    assert!((23_200..24_800).contains(&same), "{same}");
}

#[test]
fn free_cards_fill_the_room_left_by_the_predeal() {
    // North holds 10 predealt cards, so a free card lands there 3 times in 42.
    let p: Vec<(Seat, Card)> = (0..10).map(|r| (Seat::North, Card::new(Suit::Spades, r))).collect();
    let s = FastStream::new(5, &p);
    assert_eq!(s.free_cards(), 42);
    let north = (0..42_000).filter(|&i| s.deal(i).hands[0].has(Card::new(Suit::Clubs, 0))).count();
    assert!((2_700..3_300).contains(&north), "{north}");
}
