//! BBO LIN, one board a line, as BBO's own hand records write it:
//! `pn|,,,|st||md|3S…H…D…C…,S…,S…,S…|rh||ah|Board 1|sv|o|pg||`.
//!
//! `md|`: the dealer digit (1 South, 2 West, 3 North, 4 East), then the hands of South, West,
//! North and East, each `S…H…D…C…` with every suit letter present (a void is a bare letter).
//! `sv|`: o none, n NS, e EW, b both. Readers split the boards at `pn|`, so every board has one.

use super::set::Board;
use crate::cards::{Hand, Suit};
use std::fmt::Write;

/// LIN's dealer digit for each seat, North first.
const DEALER_DIGIT: [u8; 4] = [3, 4, 1, 2];
/// LIN's vulnerability letter: none, NS, EW, all (`Vul`'s order).
const VUL_LETTER: [char; 4] = ['o', 'n', 'e', 'b'];
/// The seats in `md|` order: South, West, North, East.
const MD_SEATS: [usize; 4] = [2, 3, 0, 1];

/// Appends one board's line.
pub fn board(out: &mut String, board: &Board) {
    let hands: Vec<String> = MD_SEATS.iter().map(|&s| hand(board.deal.hands[s])).collect();
    let _ = writeln!(
        out,
        "pn|,,,|st||md|{}{}|rh||ah|Board {}|sv|{}|pg||",
        DEALER_DIGIT[board.dealer],
        hands.join(","),
        board.number,
        VUL_LETTER[board.vulnerable.index()]
    );
}

/// `S…H…D…C…`, ranks from the ace down.
fn hand(hand: Hand) -> String {
    Suit::ALL.iter().rev().map(|&s| format!("{}{}", s.letter(), hand.suit_string(s))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Seat, Vul, parse_deal};

    #[test]
    fn a_board_as_bbo_writes_it() {
        let deal = parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72").unwrap();
        let mut out = String::new();
        board(&mut out, &Board { number: 7, dealer: Seat::South, vulnerable: Vul::All, deal });
        assert_eq!(
            out,
            "pn|,,,|st||md|1SJ74HQT95DTCAK863,S98H873D9653CQJ72,SAKQT3HJ6DKJ42C95,S652HAK42DAQ87CT4\
             |rh||ah|Board 7|sv|b|pg||\n"
        );
    }

    #[test]
    fn a_void_keeps_its_suit_letter() {
        let deal = parse_deal("N:K762.AQJ98753.2. JT9853..9865.T73 AQ4.KT6.A74.Q962 .42.KQJT3.AKJ854").unwrap();
        let mut out = String::new();
        board(&mut out, &Board { number: 1, dealer: Seat::North, vulnerable: Vul::None, deal });
        assert!(out.contains("md|3SAQ4HKT6DA74CQ962,SH42DKQJT3CAKJ854,SK762HAQJ98753D2C,SJT9853HD9865CT73|"), "{out}");
        assert!(out.contains("|sv|o|"), "{out}");
    }
}
