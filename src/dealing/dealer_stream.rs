//! dealer.exe's deal stream: the 65536-entry slot table with rejection and the swap shuffle
//! that reshuffles the previous arrangement (compat.md §1.3–1.6).

use super::random::BsdRandom;
use crate::cards::{Card, Deal, Seat};

const NONE: u8 = 0xFF;

/// Deals exactly the deals dealer.exe deals for a seed and a set of predealt cards.
#[derive(Clone)]
pub struct DealerStream {
    rng: BsdRandom,
    zero52: Box<[u8; 65536]>,
    /// The arrangement; 64 bytes so an index masked with 63 needs no bounds check.
    cur: [u8; 64],
    free: Vec<u8>,
}

impl DealerStream {
    /// A stream for `seed` (taken mod 2^32) with cards predealt in the order written.
    pub fn new(seed: i64, predeal: &[(Seat, Card)]) -> DealerStream {
        let mut fullpack: [u8; 52] = std::array::from_fn(|i| i as u8);
        let mut stacked = [NONE; 52];
        for &(seat, card) in predeal {
            if let Some(p) = fullpack.iter().position(|&c| c == card.0) {
                fullpack[p] = NONE;
            }
            if let Some(s) = (seat * 13..seat * 13 + 13).find(|&s| stacked[s] == NONE) {
                stacked[s] = card.0;
            }
        }
        let zero52 = build_zero52(&stacked);
        let mut cur = [0u8; 64];
        cur[..52].copy_from_slice(&setup_deal(&fullpack, &stacked));
        let free = (0..52u8).filter(|&s| stacked[s as usize] == NONE).collect();
        DealerStream { rng: BsdRandom::new(seed as u32), zero52, cur, free }
    }

    /// Shuffles and returns the next deal.
    #[inline]
    pub fn next_deal(&mut self) -> Deal {
        self.shuffle();
        Deal::from_slots(self.slots())
    }

    /// One shuffle of the arrangement in place.
    #[inline]
    pub fn shuffle(&mut self) {
        let (rng, zero52, cur) = (&mut self.rng, &*self.zero52, &mut self.cur);
        for &i in &self.free {
            let t = loop {
                let t = zero52[(rng.step() >> 16) as usize];
                if t != NONE {
                    break t;
                }
            };
            let (i, t) = ((i & 63) as usize, (t & 63) as usize);
            cur.swap(i, t);
        }
    }

    /// The current arrangement: slot `i` belongs to seat `i / 13`.
    pub fn slots(&self) -> &[u8; 52] {
        self.cur[..52].try_into().expect("52 slots")
    }

    /// One draw from the shuffle generator, as dealer.exe's `random()` returns it.
    pub fn random31(&mut self) -> u32 {
        self.rng.random31()
    }
}

/// The free slot numbers repeated, 0xFF for the rejected tail (implemented literally, §1.5).
fn build_zero52(stacked: &[u8; 52]) -> Box<[u8; 65536]> {
    let mut z = Box::new([NONE; 65536]);
    if stacked.iter().all(|&s| s != NONE) {
        return z;
    }
    let (mut val, mut icyc) = (0usize, 0usize);
    for i in 0..65536 {
        while stacked[val] != NONE {
            val += 1;
            if val == 52 {
                val = 0;
                icyc = i;
            }
        }
        z[i] = val as u8;
        val += 1;
        if val == 52 {
            val = 0;
            icyc = i + 1;
        }
    }
    for e in z.iter_mut().skip(icyc) {
        *e = NONE;
    }
    z
}

fn setup_deal(fullpack: &[u8; 52], stacked: &[u8; 52]) -> [u8; 52] {
    let mut cur = [0u8; 52];
    let mut j = 0;
    for s in 0..52 {
        if stacked[s] != NONE {
            cur[s] = stacked[s];
        } else {
            while fullpack[j] == NONE {
                j += 1;
            }
            cur[s] = fullpack[j];
            j += 1;
        }
    }
    cur
}

#[cfg(test)]
mod tests;
