//! dealer.exe's swapping (`-2`, `-3`; DealerV2_4's `-x 2|3`): each shuffle is dealt again
//! with whole seats exchanged, North staying put. `-2` deals a shuffle twice, as dealt and with
//! East and West exchanged; `-3` six times, each arrangement the previous one with a pair of
//! seats exchanged (dealer.exe's `swap2` steps), so the seats' sources run
//! NESW, NWSE, NWES, NEWS, NSWE, NSEW.

use crate::cards::{Deal, Seat};

/// How many times each shuffle is dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Swapping {
    /// Once (`-0`, the default).
    #[default]
    Off,
    /// Twice: as dealt, then East and West exchanged (`-2`).
    EastWest,
    /// Six times: every arrangement of East, South and West (`-3`).
    All,
}

/// The seats exchanged to make each arrangement after the first from the one before it
/// (dealer.exe's `swap2` calls, seat indices North 0 … West 3).
const STEPS: [(usize, usize); 5] = [(1, 3), (2, 3), (1, 2), (1, 3), (2, 3)];

impl Swapping {
    /// The mode of dealer.exe's `-0`/`-2`/`-3` (DealerV2_4's `-x` value); `None` otherwise.
    pub fn from_number(n: u8) -> Option<Swapping> {
        match n {
            0 => Some(Swapping::Off),
            2 => Some(Swapping::EastWest),
            3 => Some(Swapping::All),
            _ => None,
        }
    }

    /// The switch's number: 0, 2 or 3.
    pub fn number(self) -> u8 {
        match self {
            Swapping::Off => 0,
            Swapping::EastWest => 2,
            Swapping::All => 3,
        }
    }

    /// Deals made of each shuffle.
    pub fn deals_per_shuffle(self) -> usize {
        match self {
            Swapping::Off => 1,
            Swapping::EastWest => 2,
            Swapping::All => 6,
        }
    }

    /// The seats whose cards move.
    pub fn moved_seats(self) -> &'static [Seat] {
        match self {
            Swapping::Off => &[],
            Swapping::EastWest => &[Seat::East, Seat::West],
            Swapping::All => &[Seat::East, Seat::South, Seat::West],
        }
    }

    /// Why cards predealt to `seats` cannot be dealt with this swapping: the first predeal to
    /// a seat that moves.
    pub fn refusal(self, mut seats: impl Iterator<Item = Seat>) -> Option<String> {
        let seat = seats.find(|s| self.moved_seats().contains(s))?;
        Some(format!(
            "-{} moves {}'s cards to another seat, so cards cannot be predealt to {}: predeal only North, or deal without swapping",
            self.number(),
            seat.name(),
            seat.name()
        ))
    }

    /// [`Swapping::refusal`] for cards predealt by the seats' switches (`-N` … `-W`).
    pub fn switch_refusal(self, mut seats: impl Iterator<Item = Seat>) -> Option<String> {
        let seat = seats.find(|s| self.moved_seats().contains(s))?;
        Some(format!("-{}: {}", seat.letter(), self.refusal(std::iter::once(seat))?))
    }
}

/// The state of a swapped stream: which arrangement of the last shuffle comes next.
#[derive(Clone, Debug)]
pub struct Swapper {
    mode: Swapping,
    /// 0: the next deal is a fresh shuffle; k: arrangement k of `last`'s shuffle.
    index: usize,
    last: Deal,
}

impl Swapper {
    /// A swapper for `mode`, whose first deal is a fresh shuffle.
    pub fn new(mode: Swapping) -> Swapper {
        Swapper { mode, index: 0, last: Deal::default() }
    }

    /// True when the next deal is a fresh shuffle, to be given to [`Swapper::shuffled`].
    pub fn wants_shuffle(&self) -> bool {
        self.index == 0
    }

    /// Takes a fresh shuffle, which is dealt as it is.
    pub fn shuffled(&mut self, deal: Deal) -> Deal {
        self.last = deal;
        self.advance();
        deal
    }

    /// The seats the next arrangement exchanges (only when no shuffle is wanted): a stream
    /// that reshuffles its last arrangement, as dealer.exe's, exchanges them too.
    pub fn next_pair(&self) -> (Seat, Seat) {
        let (a, b) = STEPS[self.index - 1];
        (Seat::from_index(a), Seat::from_index(b))
    }

    /// The next arrangement: the last deal with [`Swapper::next_pair`] exchanged.
    pub fn exchanged(&mut self) -> Deal {
        let (a, b) = self.next_pair();
        self.last.hands.swap(a.index(), b.index());
        self.advance();
        self.last
    }

    fn advance(&mut self) {
        self.index = (self.index + 1) % self.mode.deals_per_shuffle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seat sources after each step, as the spec lists them (N, E, S, W read as 0..4).
    fn sources(mode: Swapping) -> Vec<[usize; 4]> {
        let mut arr = [0usize, 1, 2, 3];
        let mut out = vec![arr];
        for &(a, b) in STEPS.iter().take(mode.deals_per_shuffle() - 1) {
            arr.swap(a, b);
            out.push(arr);
        }
        out
    }

    #[test]
    fn the_arrangements_are_the_specs() {
        assert_eq!(sources(Swapping::EastWest), vec![[0, 1, 2, 3], [0, 3, 2, 1]]);
        let three = vec![[0, 1, 2, 3], [0, 3, 2, 1], [0, 3, 1, 2], [0, 1, 3, 2], [0, 2, 3, 1], [0, 2, 1, 3]];
        assert_eq!(sources(Swapping::All), three);
    }

    #[test]
    fn a_swapper_deals_each_arrangement_then_wants_a_shuffle() {
        let deal = crate::cards::parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
            .expect("a deal");
        let mut s = Swapper::new(Swapping::All);
        assert!(s.wants_shuffle());
        let mut dealt = vec![s.shuffled(deal)];
        while !s.wants_shuffle() {
            dealt.push(s.exchanged());
        }
        let got: Vec<[usize; 4]> = dealt
            .iter()
            .map(|d| std::array::from_fn(|seat| deal.hands.iter().position(|h| *h == d.hands[seat]).unwrap()))
            .collect();
        assert_eq!(got, sources(Swapping::All));
    }

    #[test]
    fn only_predeals_to_moved_seats_are_refused() {
        assert!(Swapping::All.refusal([Seat::North].into_iter()).is_none());
        assert!(Swapping::EastWest.refusal([Seat::North, Seat::South].into_iter()).is_none());
        let e = Swapping::EastWest.refusal([Seat::South, Seat::West].into_iter()).unwrap();
        assert!(e.starts_with("-2 moves West's cards"), "{e}");
        assert!(Swapping::All.refusal([Seat::South].into_iter()).is_some());
    }
}
