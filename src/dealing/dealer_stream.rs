//! dealer.exe's deal stream: the 65536-entry slot table with rejection and the swap shuffle
//! that reshuffles the previous arrangement (compat.md §1.3–1.6).

use super::random::BsdRandom;
use crate::cards::{Card, Deal, Seat};
use std::sync::Arc;

const NONE: u8 = 0xFF;

/// Deals exactly the deals dealer.exe deals for a seed and a set of predealt cards.
#[derive(Clone)]
pub struct DealerStream {
    rng: BsdRandom,
    table: Arc<SlotTable>,
    /// The arrangement; 64 bytes so an index masked with 63 needs no bounds check.
    cur: [u8; 64],
}

/// What every shuffle of one stream looks up: the slot table and the free slots.
struct SlotTable {
    zero52: Box<[u8; 65536]>,
    /// A word is accepted when its top 16 bits are below this (the table's valid prefix).
    limit: u32,
    free: Vec<u8>,
}

/// A run of consecutive deals cut off the stream: the generator as they begin. Shuffling an
/// identity arrangement with it gives each deal as a permutation of the arrangement the block
/// starts from (see [`DealerStream::block`]).
#[derive(Clone)]
pub struct Block {
    rng: BsdRandom,
    /// How many deals.
    pub count: u64,
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
        let (zero52, limit) = build_zero52(&stacked);
        let mut cur = [0u8; 64];
        cur[..52].copy_from_slice(&setup_deal(&fullpack, &stacked));
        let free = (0..52u8).filter(|&s| stacked[s as usize] == NONE).collect();
        let table = Arc::new(SlotTable { zero52, limit, free });
        DealerStream { rng: BsdRandom::new(seed as u32), table, cur }
    }

    /// Cuts the next `count` deals off as a block and moves past them without shuffling:
    /// only the generator advances (by the words their draws take), not the arrangement.
    pub fn split_block(&mut self, count: u64) -> Block {
        let block = Block { rng: self.rng.clone(), count };
        self.rng.skip_accepted(count * self.table.free.len() as u64, self.table.limit);
        block
    }

    /// A stream that shuffles the identity arrangement with a block's draws: after its k-th
    /// shuffle, slot `s` holds the slot whose card deal k of the block puts in `s`, counting from
    /// the arrangement the block starts from.
    pub fn block(&self, block: &Block) -> DealerStream {
        let cur = std::array::from_fn(|i| i as u8);
        DealerStream { rng: block.rng.clone(), table: self.table.clone(), cur }
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
        let (rng, zero52, cur) = (&mut self.rng, &*self.table.zero52, &mut self.cur);
        for &i in &self.table.free {
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

/// Arrangement `c` followed by a block's permutation `q`: slot `s` gets `c[q[s]]`.
pub fn compose(c: &[u8; 52], q: &[u8; 52]) -> [u8; 52] {
    std::array::from_fn(|s| c[(q[s] % 52) as usize])
}

/// The hand bit of the card in each slot of arrangement `c`, for [`Deal::from_slots_with`].
pub fn slot_bits(c: &[u8; 52]) -> [u64; 64] {
    std::array::from_fn(|s| if s < 52 { crate::cards::CARD_BITS[(c[s] & 63) as usize] } else { 0 })
}

/// The free slot numbers repeated, 0xFF for the rejected tail (implemented literally, §1.5),
/// and where that tail begins.
fn build_zero52(stacked: &[u8; 52]) -> (Box<[u8; 65536]>, u32) {
    let mut z = Box::new([NONE; 65536]);
    if stacked.iter().all(|&s| s != NONE) {
        return (z, 0);
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
    (z, icyc as u32)
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
