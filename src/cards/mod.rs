//! Cards, hands as bitmasks and deals.
//!
//! Seats ([`Seat`]) and suits ([`Suit`]) are types, numbered as dealer.exe numbers them
//! (North 0 … West 3, clubs 0 … spades 3);
//! ranks 2=0 … A=12. A card index is `suit * 13 + rank`.

pub(crate) mod escape;
pub mod input;
mod pbn;
mod seat;
mod vul;
pub mod zrd;
pub use escape::escape;
pub use pbn::{ParseDealError, parse_deal};
pub use seat::{Seat, Suit};
pub use vul::Vul;

/// Rank letters from 2 (index 0) to ace (index 12).
pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
/// Suit letters, clubs first.
pub const SUIT_CHARS: &[u8; 4] = b"CDHS";
/// Seat letters in lower case, North first.
pub const SEAT_CHARS: &[u8; 4] = b"nesw";
/// Seat names, North first.
pub const SEAT_NAMES: [&str; 4] = ["North", "East", "South", "West"];

/// A card index `suit * 13 + rank`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

impl Card {
    /// The card of that suit and rank.
    pub fn new(suit: Suit, rank: usize) -> Card {
        Card((suit.index() * 13 + rank) as u8)
    }
    /// Its suit.
    pub fn suit(self) -> Suit {
        Suit::from_index(self.0 as usize / 13)
    }
    /// Its rank, 0 (two) … 12 (ace).
    pub fn rank(self) -> usize {
        self.0 as usize % 13
    }
    /// The bit this card occupies in a [`Hand`].
    pub fn bit(self) -> u64 {
        1u64 << (self.suit().index() * 16 + self.rank())
    }
}

/// Rank index of a rank letter (`A`, `K`, …, `T`, `9`, … `2`), upper case only.
pub fn rank_of_char(c: u8) -> Option<usize> {
    RANK_CHARS.iter().position(|&r| r == c)
}

/// Suit index of a suit letter `C`, `D`, `H`, `S`.
pub fn suit_of_char(c: u8) -> Option<Suit> {
    SUIT_CHARS.iter().position(|&s| s == c).map(Suit::from_index)
}

/// `Card(c).bit()` for every card index (zero past 51), for building hands without divisions;
/// 64 entries so that an index masked with 63 needs no bounds check.
pub const CARD_BITS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut c = 0;
    while c < 52 {
        t[c] = 1u64 << ((c / 13) * 16 + c % 13);
        c += 1;
    }
    t
};

/// A set of cards: bit `suit * 16 + rank`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub u64);

impl Hand {
    /// The ranks held in one suit, bit 0 = two, bit 12 = ace.
    #[inline]
    pub fn suit(self, suit: Suit) -> u16 {
        (self.0 >> (suit.index() * 16)) as u16 & 0x1FFF
    }
    /// Number of cards held in one suit.
    #[inline]
    pub fn len(self, suit: Suit) -> u32 {
        self.suit(suit).count_ones()
    }
    /// Number of cards in the hand.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// True when the hand has no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// True when the hand holds the card.
    pub fn has(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }
    /// Adds a card.
    pub fn add(&mut self, card: Card) {
        self.0 |= card.bit();
    }
    /// The rank letters held in a suit, ace first (empty for a void).
    pub fn suit_string(self, suit: Suit) -> String {
        let bits = self.suit(suit);
        (0..13).rev().filter(|r| bits & (1 << r) != 0).map(|r| RANK_CHARS[r] as char).collect()
    }
    /// `S.H.D.C` with ranks from the ace down, as PBN and printoneline write a hand.
    pub fn dotted(self) -> String {
        let mut out = String::with_capacity(16);
        self.write_dotted(&mut out);
        out
    }
    /// [`Hand::dotted`] appended to `out`, with no allocation of its own.
    pub fn write_dotted(self, out: &mut String) {
        for (i, &s) in Suit::ALL.iter().rev().enumerate() {
            if i > 0 {
                out.push('.');
            }
            let mut bits = self.suit(s);
            while bits != 0 {
                let r = 15 - bits.leading_zeros() as usize;
                out.push(RANK_CHARS[r] as char);
                bits &= !(1 << r);
            }
        }
    }
    /// The cards held, in index order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        (0..52u8).map(Card).filter(move |c| self.has(*c))
    }
}

/// Four hands, North first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The hands of North, East, South and West.
    pub hands: [Hand; 4],
}

impl Deal {
    /// Builds a deal from the dealer.exe slot array: slot `i` belongs to seat `i / 13`.
    pub fn from_slots(slots: &[u8; 52]) -> Deal {
        Deal::from_slots_with(slots, &CARD_BITS)
    }

    /// Builds a deal from a slot array whose entries index `bits`, the hand bit of each entry.
    #[inline]
    pub fn from_slots_with(slots: &[u8; 52], bits: &[u64; 64]) -> Deal {
        let mut hands = [Hand::default(); 4];
        for (seat, hand) in hands.iter_mut().enumerate() {
            let mut h = 0u64;
            for &c in &slots[seat * 13..seat * 13 + 13] {
                h |= bits[(c & 63) as usize];
            }
            *hand = Hand(h);
        }
        Deal { hands }
    }
    /// Builds a deal from a slot array holding each card as its bit number in a [`Hand`]
    /// (`suit * 16 + rank`): slot `i` belongs to seat `i / 13`. Inlined, so that the hands
    /// are stored once where the caller keeps the deal.
    #[inline(always)]
    pub fn from_bit_slots(slots: &[u8; 52]) -> Deal {
        let mut hands = [Hand::default(); 4];
        for (hand, seat) in hands.iter_mut().zip(slots.chunks_exact(13)) {
            *hand = Hand(seat.iter().fold(0, |h, &b| h | 1u64 << (b & 63)));
        }
        Deal { hands }
    }
    /// `N:` + the four hands as PBN writes them.
    pub fn pbn(&self) -> String {
        let hands: Vec<String> = self.hands.iter().map(|h| h.dotted()).collect();
        format!("N:{}", hands.join(" "))
    }
    /// The dealer oneline form `n … e … s … w …` without the trailing space.
    pub fn oneline(&self) -> String {
        let parts: Vec<String> =
            (0..4).map(|p| format!("{} {}", SEAT_CHARS[p] as char, self.hands[p].dotted())).collect();
        parts.join(" ")
    }
    /// The deal turned `steps` seats clockwise: the hand of seat `s` goes to seat `s + steps`
    /// (mod 4), so who holds what relative to any seat is unchanged.
    pub fn turned(&self, steps: usize) -> Deal {
        let mut hands = [Hand::default(); 4];
        for (seat, hand) in self.hands.iter().enumerate() {
            hands[(seat + steps) % 4] = *hand;
        }
        Deal { hands }
    }
    /// True when the four hands hold 13 distinct cards each.
    pub fn is_complete(&self) -> bool {
        let all = self.hands.iter().fold(0u64, |a, h| a | h.0);
        self.hands.iter().all(|h| h.count() == 13) && all.count_ones() == 52
    }
    /// Why the hands are not a deal, naming the hand (the first without 13 cards, or a card in
    /// two hands); `None` when the deal is complete.
    pub fn incomplete(&self) -> Option<String> {
        const NEED: &str = "a deal needs 13 different cards in each hand";
        for seat in Seat::ALL {
            let n = self.hands[seat.index()].count();
            if n != 13 {
                return Some(format!("{}'s hand has {n} cards: {NEED}", seat.name()));
            }
        }
        for (i, j) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
            let both = self.hands[i].0 & self.hands[j].0;
            if both != 0 {
                let bit = both.trailing_zeros() as usize;
                let card = format!("{}{}", SUIT_CHARS[bit / 16] as char, RANK_CHARS[bit % 16] as char);
                let (a, b) = (Seat::from_index(i).name(), Seat::from_index(j).name());
                return Some(format!("{card} is in both {a}'s and {b}'s hands: {NEED}"));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;

/// Input text as an error message quotes it: control and invisible characters escaped, and
/// cut to its first 40 characters, so a message stays one short line whatever the input.
pub(crate) fn quoted(text: &str) -> String {
    const MAX: usize = 40;
    let shown = escape(text);
    match shown.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &shown[..cut]),
        None => shown,
    }
}
