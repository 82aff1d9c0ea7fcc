//! The fast stream: deal `i` comes from `(seed, i)` alone (SplitMix64 → xoshiro256++, an
//! unbiased Fisher–Yates over the cards not predealt), so any deal can be made without the ones
//! before it and results do not depend on how many threads deal.

use crate::cards::{CARD_BITS, Card, Deal, Hand, Seat};

/// Deals of the fast stream for one seed and predeal.
#[derive(Clone, Debug)]
pub struct FastStream {
    seed: u64,
    /// Predealt hands.
    fixed: [Hand; 4],
    /// Free cards, dealt into the free places of each seat in seat order.
    free: Vec<u8>,
    /// Free places per seat.
    room: [usize; 4],
}

impl FastStream {
    /// The stream for `seed` with cards predealt.
    pub fn new(seed: u64, predeal: &[(Seat, Card)]) -> FastStream {
        let mut fixed = [Hand::default(); 4];
        for &(s, c) in predeal {
            fixed[s].add(c);
        }
        let used = fixed.iter().fold(0u64, |a, h| a | h.0);
        let free = (0..52u8).filter(|&c| used & CARD_BITS[c as usize] == 0).collect();
        let room = std::array::from_fn(|s| 13 - fixed[s].count() as usize);
        FastStream { seed, fixed, free, room }
    }

    /// Deal number `i` (0-based).
    pub fn deal(&self, i: u64) -> Deal {
        let mut rng = Xoshiro::from_index(self.seed, i);
        let mut cards = [0u8; 64];
        let n = self.free.len();
        cards[..n].copy_from_slice(&self.free);
        // Fisher–Yates from the top, six draws from each 64-bit output.
        let mut k = n;
        while k > 1 {
            let take = (k - 1).min(6);
            let draws = rng.batch(k as u64, take);
            for (d, &j) in draws[..take].iter().enumerate() {
                let top = (k - 1 - d) & 63;
                cards.swap(top, (j as usize) & 63);
            }
            k -= take;
        }
        let mut hands = self.fixed;
        let mut at = 0;
        for (seat, hand) in hands.iter_mut().enumerate() {
            for &c in &cards[at..at + self.room[seat]] {
                hand.0 |= CARD_BITS[(c & 63) as usize];
            }
            at += self.room[seat];
        }
        Deal { hands }
    }
}

/// xoshiro256++ seeded by SplitMix64.
struct Xoshiro {
    s: [u64; 4],
}

impl Xoshiro {
    fn from_index(seed: u64, i: u64) -> Xoshiro {
        let mut sm = seed ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03);
        Xoshiro { s: std::array::from_fn(|_| splitmix(&mut sm)) }
    }

    /// `take` (≤ 6) unbiased draws in `0..top`, `0..top-1`, …, from one 64-bit output:
    /// batched ranged draws (Brackett-Rozinsky and Lemire), multiplying the leftover low bits
    /// by each bound and rejecting the rare leftover below `2^64 mod product`.
    #[inline]
    fn batch(&mut self, top: u64, take: usize) -> [u64; 6] {
        let mut out = [0u64; 6];
        loop {
            let mut x = self.next();
            let mut product = 1u64;
            for (d, o) in out[..take].iter_mut().enumerate() {
                let bound = top - d as u64;
                let m = u128::from(x) * u128::from(bound);
                *o = (m >> 64) as u64;
                x = m as u64;
                product *= bound;
            }
            if x >= product || x >= product.wrapping_neg() % product {
                return out;
            }
        }
    }

    #[inline]
    fn next(&mut self) -> u64 {
        let s = &mut self.s;
        let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_are_complete_reproducible_and_respect_predeal() {
        let p = vec![(0, Card::new(3, 12)), (0, Card::new(3, 11)), (2, Card::new(2, 12))];
        let s = FastStream::new(7, &p);
        for i in 0..2000 {
            let d = s.deal(i);
            assert!(d.is_complete());
            assert!(d.hands[0].has(Card::new(3, 12)) && d.hands[2].has(Card::new(2, 12)));
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
            seats[(0..4).find(|&p| d.hands[p].has(Card::new(3, 12))).unwrap()] += 1;
        }
        assert!(seats.iter().all(|&c| (12_400..13_600).contains(&c)), "{seats:?}");
    }

    #[test]
    fn all_52_predealt() {
        let d =
            crate::cards::parse_deal("N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72").unwrap();
        let p: Vec<(Seat, Card)> = (0..4).flat_map(|s| d.hands[s].cards().map(move |c| (s, c))).collect();
        assert_eq!(FastStream::new(3, &p).deal(5), d);
    }
}
