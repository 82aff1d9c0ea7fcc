//! Reading a deal written as PBN (`N:AKQ.… …`) or as dealer's oneline (`n AKQ.… e … s … w …`).

use super::{Card, Deal, Hand, Suit, quoted, rank_of_char};

message_error! {
    /// Why a deal could not be read: the cards layer's error.
    ParseDealError
}

fn err(msg: impl Into<String>) -> ParseDealError {
    ParseDealError(msg.into())
}

/// Parses one hand `S.H.D.C`.
pub(super) fn parse_hand(text: &str) -> Result<Hand, ParseDealError> {
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(err(format!("hand `{}` has {} suits, expected 4", quoted(text), suits.len())));
    }
    let mut hand = Hand::default();
    for (i, ranks) in suits.iter().enumerate() {
        let suit = Suit::from_index(3 - i);
        for ch in ranks.bytes() {
            let rank = rank_of_char(ch.to_ascii_uppercase()).ok_or_else(|| {
                err(format!("`{}` is not a rank in `{}`", quoted(&char::from(ch).to_string()), quoted(text)))
            })?;
            let card = Card::new(suit, rank);
            if hand.has(card) {
                return Err(err(format!("a card appears twice in `{}`", quoted(text))));
            }
            hand.add(card);
        }
    }
    Ok(hand)
}

/// Parses `N:h h h h` (first seat any of NESW) or `n h e h s h w h`.
pub fn parse_deal(text: &str) -> Result<Deal, ParseDealError> {
    let text = text.trim();
    let mut deal = Deal::default();
    let first = text.chars().next().ok_or_else(|| err("empty deal"))?;
    if text.as_bytes().get(1) == Some(&b':') {
        let start = seat_of(first).ok_or_else(|| err(format!("`{}` is not a seat", quoted(&first.to_string()))))?;
        let hands: Vec<&str> = text[2..].split_whitespace().collect();
        if hands.len() != 4 {
            return Err(err(format!("expected 4 hands, found {}", hands.len())));
        }
        for (i, h) in hands.iter().enumerate() {
            deal.hands[(start + i) % 4] = parse_hand(h)?;
        }
    } else {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() != 8 {
            return Err(err("expected `n <hand> e <hand> s <hand> w <hand>`"));
        }
        for pair in words.chunks(2) {
            let c = pair[0].chars().next().unwrap_or(' ');
            let seat = seat_of(c).filter(|_| pair[0].len() == 1);
            let seat = seat.ok_or_else(|| err(format!("`{}` is not a seat", quoted(pair[0]))))?;
            deal.hands[seat] = parse_hand(pair[1])?;
        }
    }
    if let Some(why) = deal.incomplete() {
        return Err(err(why));
    }
    Ok(deal)
}

fn seat_of(c: char) -> Option<usize> {
    "NESW".find(c.to_ascii_uppercase())
}
