//! The fast stream: deal `i` comes from `(seed, i)` alone, so any deal can be made without the
//! ones before it and results do not depend on how many threads deal.
//!
//! Each deal is a Fisher–Yates shuffle of seat labels over the cards not predealt (unrolled
//! when nothing is predealt, see `full_deck`), drawn with
//! batched unbiased ranged draws from a counter-based SplitMix64; the hands are then read off
//! the label table, which is laid out like a [`Hand`]'s bits, by byte comparisons.

use crate::cards::{Card, Deal, Hand, Seat};

mod draws;
mod full_deck;
mod labels;

use draws::Schedule;

/// Deals of the fast stream for one seed and predeal.
#[derive(Clone, Debug)]
pub struct FastStream {
    key: u64,
    /// Seat label at each hand bit (`suit * 16 + rank`): predealt cards carry their seat, free
    /// cards the labels to shuffle, unused bits [`labels::NONE`].
    template: [u8; 64],
    /// Hand bits of the free cards, in card order.
    free: [u8; 64],
    /// How many cards are free.
    n: usize,
    schedule: Schedule,
}

impl FastStream {
    /// The stream for `seed` with cards predealt.
    pub fn new(seed: u64, predeal: &[(Seat, Card)]) -> FastStream {
        let mut template = [labels::NONE; 64];
        let mut taken = 0u64;
        for &(s, c) in predeal {
            let bit = bit_of(c);
            if taken & (1 << bit) == 0 {
                taken |= 1 << bit;
                template[bit] = s as u8;
            }
        }
        let mut room: [usize; 4] = std::array::from_fn(|s| 13usize.saturating_sub(count(&template, s)));
        let mut free = [0u8; 64];
        let mut n = 0;
        for bit in (0..52).map(|c| bit_of(Card(c))) {
            if taken & (1 << bit) != 0 {
                continue;
            }
            let seat = (0..4).find(|&s| room[s] > 0).unwrap_or(3);
            room[seat] = room[seat].saturating_sub(1);
            template[bit] = seat as u8;
            free[n] = bit as u8;
            n += 1;
        }
        FastStream { key: draws::mix(seed), template, free, n, schedule: Schedule::new(n) }
    }

    /// Deal number `i` (0-based).
    pub fn deal(&self, i: u64) -> Deal {
        let mut rng = draws::Counter::for_deal(self.key, i);
        if self.n == 52 {
            let mut lab = [labels::NONE; 64];
            full_deck::shuffle(&mut lab, &mut rng);
            return super::checked(Deal { hands: labels::hands(&lab).map(|m| Hand(full_deck::spread(m))) });
        }
        let mut lab = self.template;
        self.schedule.shuffle(&mut lab, &self.free, &mut rng);
        super::checked(Deal { hands: labels::hands(&lab).map(Hand) })
    }

    /// How many cards each deal shuffles.
    pub fn free_cards(&self) -> usize {
        self.n
    }
}

fn bit_of(c: Card) -> usize {
    c.suit().index() * 16 + c.rank()
}

fn count(template: &[u8; 64], seat: usize) -> usize {
    template.iter().filter(|&&s| s as usize == seat).count()
}

#[cfg(test)]
mod tests;
