//! DealerV2_4's `ltc`: the modern losing trick count, in hundredths (a loser and a half is 150).
//!
//! A suit is judged by its top three cards (a short suit by what it has): ace, king, queen,
//! jack and ten count apart, lower cards are all `x`. Values are DealerV2_4's table
//! (dealerv2/DealerV2_4 docs/LTC_Unsorted.txt), checked against its regression output
//! `modernLTC_s163.ref`.

use crate::cards::{Hand, Suit};

/// The rank classes of the table, best first: A K Q J T, then `x` for nine and below.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Top {
    A,
    K,
    Q,
    J,
    T,
    X,
}

fn class(rank: usize) -> Top {
    match rank {
        12 => Top::A,
        11 => Top::K,
        10 => Top::Q,
        9 => Top::J,
        8 => Top::T,
        _ => Top::X,
    }
}

/// Losers ×100 of one suit holding (bit 0 = two … bit 12 = ace).
pub fn suit_ltc(bits: u16) -> i32 {
    use Top::*;
    let top: Vec<Top> = (0..13).rev().filter(|r| bits & (1 << r) != 0).take(3).map(class).collect();
    match top.as_slice() {
        [] | [A] | [A, K] | [A, K, Q] => 0,
        [K] | [A, Q] | [A, K, J] | [A, Q, J] => 50,
        [_] | [A, _] | [K, _] => 100,
        [A, K, _] | [A, Q, _] | [K, Q, _] => 100,
        [A, J, T] | [K, J, T] => 150,
        [_, _] | [A, _, _] | [K, _, _] | [Q, J, _] => 200,
        [Q, _, _] => 250,
        _ => 300,
    }
}

/// Losers ×100 of a hand, or of one suit of it.
pub fn ltc(hand: Hand, suit: Option<Suit>) -> i32 {
    match suit {
        Some(s) => suit_ltc(hand.suit(s)),
        None => Suit::ALL.into_iter().map(|s| suit_ltc(hand.suit(s))).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(ranks: &str) -> u16 {
        ranks.bytes().map(|r| 1u16 << crate::cards::rank_of_char(r).unwrap()).fold(0, |a, b| a | b)
    }

    #[test]
    fn suits_by_the_table() {
        let cases = [
            ("", 0),
            ("A", 0),
            ("AK", 0),
            ("AKQ", 0),
            ("AKQ2", 0),
            ("K", 50),
            ("AQ", 50),
            ("AKJ", 50),
            ("AQJ95", 50),
            ("Q", 100),
            ("2", 100),
            ("AJ", 100),
            ("A2", 100),
            ("KQ", 100),
            ("K2", 100),
            ("AKT", 100),
            ("AK9", 100),
            ("AQ3", 100),
            ("KQJ", 100),
            ("KQ2", 100),
            ("AJT", 150),
            ("KJT4", 150),
            ("QJ", 200),
            ("92", 200),
            ("AJ9", 200),
            ("A32", 200),
            ("KJ6", 200),
            ("K32", 200),
            ("QJT", 200),
            ("QJ2", 200),
            ("Q97", 250),
            ("QT2", 250),
            ("JT9", 300),
            ("J32", 300),
            ("T98", 300),
            ("432", 300),
            ("98765", 300),
        ];
        for (ranks, want) in cases {
            assert_eq!(suit_ltc(bits(ranks)), want, "{ranks}");
        }
    }

    #[test]
    fn hands_from_dealerv2_regression_output() {
        // modernLTC_s163.ref: north's hand, its ltc and its clubs' ltc.
        let rows = [
            ("KJ64.J.AKQJ62.T5", 500, 200),
            ("AQ754.K3.K732.T7", 600, 200),
            ("Q83.AKQ3.6.KT874", 550, 200),
            ("8.2.AKJ62.Q97653", 500, 250),
            ("T982.AKJT73.4.Q2", 650, 200),
        ];
        for (hand, total, clubs) in rows {
            let h = hand_of(hand);
            assert_eq!(ltc(h, None), total, "{hand}");
            assert_eq!(ltc(h, Some(Suit::Clubs)), clubs, "{hand} clubs");
        }
    }

    fn hand_of(dotted: &str) -> Hand {
        let mut h = Hand::default();
        for (i, part) in dotted.split('.').enumerate() {
            for r in part.bytes() {
                h.add(crate::cards::Card::new(Suit::from_index(3 - i), crate::cards::rank_of_char(r).unwrap()));
            }
        }
        h
    }
}
