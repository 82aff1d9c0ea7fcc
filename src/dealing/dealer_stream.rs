//! dealer.exe's deal stream: the 65536-entry slot table with rejection and the swap shuffle
//! that reshuffles the previous arrangement.

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
    free: Vec<u8>,
}

/// A run of consecutive deals cut off the stream: the slot each of their swaps draws, in order.
/// Shuffling the identity arrangement with them gives each deal as a permutation of the
/// arrangement the block starts from (see [`DealerStream::block_perms`]).
pub struct Block {
    draws: Vec<u8>,
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
            if let Some(s) = (seat.index() * 13..seat.index() * 13 + 13).find(|&s| stacked[s] == NONE) {
                stacked[s] = card.0;
            }
        }
        let zero52 = build_zero52(&stacked);
        let mut cur = [0u8; 64];
        cur[..52].copy_from_slice(&setup_deal(&fullpack, &stacked));
        // every deal, block-dealt ones included, permutes this arrangement
        super::checked(Deal::from_slots(cur[..52].try_into().expect("52 slots")));
        let free = (0..52u8).filter(|&s| stacked[s as usize] == NONE).collect();
        let table = Arc::new(SlotTable { zero52, free });
        DealerStream { rng: BsdRandom::new(seed as u32), table, cur }
    }

    /// Cuts the next `count` deals off as a block: draws their swaps, leaving the arrangement
    /// as it is.
    pub fn split_block(&mut self, count: u64) -> Block {
        let mut draws = vec![0; count as usize * self.table.free.len()];
        self.rng.draw_into(&mut draws, &self.table.zero52, NONE);
        Block { draws, count }
    }

    /// Shuffles the identity arrangement with a block's draws into `out`: after deal k of the
    /// block, slot `s` holds the slot (of the arrangement the block starts from) whose card
    /// deal k puts in `s`. Returns the last, the block's total permutation.
    pub fn block_perms(&self, block: &Block, out: &mut Vec<[u8; 52]>) -> [u8; 52] {
        let mut cur: [u8; 64] = std::array::from_fn(|i| i as u8);
        let free = &self.table.free;
        out.clear();
        if free.is_empty() {
            out.resize(block.count as usize, std::array::from_fn(|i| i as u8));
        }
        for deal in block.draws.chunks_exact(free.len().max(1)) {
            for (&i, &t) in free.iter().zip(deal) {
                cur.swap((i & 63) as usize, (t & 63) as usize);
            }
            out.push(cur[..52].try_into().expect("52 slots"));
        }
        cur[..52].try_into().expect("52 slots")
    }

    /// Shuffles and returns the next deal.
    #[inline]
    pub fn next_deal(&mut self) -> Deal {
        self.shuffle();
        super::checked(Deal::from_slots(self.slots()))
    }

    /// One shuffle of the arrangement in place.
    #[inline]
    pub fn shuffle(&mut self) {
        let free = &self.table.free;
        let mut draws = [0u8; 52];
        let draws = &mut draws[..free.len()];
        self.rng.draw_into(draws, &self.table.zero52, NONE);
        for (&i, &t) in free.iter().zip(draws.iter()) {
            self.cur.swap((i & 63) as usize, (t & 63) as usize);
        }
    }

    /// Exchanges two seats' slots in the arrangement, as dealer.exe's swapping does: the next
    /// shuffle starts from the exchanged arrangement.
    pub fn exchange_seats(&mut self, a: Seat, b: Seat) {
        for i in 0..13 {
            self.cur.swap(a.index() * 13 + i, b.index() * 13 + i);
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

/// The free slot numbers repeated, 0xFF for the rejected tail, as dealer.exe builds its table.
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
