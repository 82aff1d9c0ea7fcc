//! Seats and suits as types: North first, clubs first, as dealer.exe numbers them.

use std::ops::{Index, IndexMut};

/// A seat at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// North.
    North,
    /// East.
    East,
    /// South.
    South,
    /// West.
    West,
}

impl Seat {
    /// The four, North first.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// Its number: North 0, East 1, South 2, West 3.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The seat numbered `index & 3`.
    #[inline]
    pub fn from_index(index: usize) -> Seat {
        Seat::ALL[index & 3]
    }

    /// The next seat clockwise (`n` times).
    pub fn after(self, n: usize) -> Seat {
        Seat::from_index(self.index() + n)
    }

    /// Its name: `North` … `West`.
    pub fn name(self) -> &'static str {
        super::SEAT_NAMES[self.index()]
    }

    /// Its letter, upper case: `N` … `W`.
    pub fn letter(self) -> char {
        super::SEAT_CHARS[self.index()].to_ascii_uppercase() as char
    }

    /// Its side: 0 North-South, 1 East-West.
    pub fn side(self) -> usize {
        self.index() & 1
    }
}

/// A suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Clubs.
    Clubs,
    /// Diamonds.
    Diamonds,
    /// Hearts.
    Hearts,
    /// Spades.
    Spades,
}

impl Suit {
    /// The four, clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// Its number: clubs 0 … spades 3.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit numbered `index & 3`.
    #[inline]
    pub fn from_index(index: usize) -> Suit {
        Suit::ALL[index & 3]
    }

    /// Its letter: `C`, `D`, `H`, `S`.
    pub fn letter(self) -> char {
        super::SUIT_CHARS[self.index()] as char
    }
}

impl<T> Index<Seat> for [T; 4] {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self[seat.index()]
    }
}

impl<T> IndexMut<Seat> for [T; 4] {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self[seat.index()]
    }
}

impl<T> Index<Suit> for [T; 4] {
    type Output = T;
    #[inline]
    fn index(&self, suit: Suit) -> &T {
        &self[suit.index()]
    }
}

impl<T> IndexMut<Suit> for [T; 4] {
    #[inline]
    fn index_mut(&mut self, suit: Suit) -> &mut T {
        &mut self[suit.index()]
    }
}
