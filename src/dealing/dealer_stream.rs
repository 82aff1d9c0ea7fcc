//! dealer.exe's deal stream: the 65536-entry slot table with rejection and the swap shuffle
//! that reshuffles the previous arrangement.

use super::random::{BsdRandom, Draw};
use crate::cards::{Card, Deal, Seat};
use std::sync::Arc;

const NONE: u8 = 0xFF;

/// Deals exactly the deals dealer.exe deals for a seed and a set of predealt cards.
#[derive(Clone)]
pub struct DealerStream {
    rng: BsdRandom,
    table: Arc<SlotTable>,
    /// The arrangement, each card as its bit in a [`crate::cards::Hand`] (`suit * 16 + rank`);
    /// 64 bytes so an index masked with 63 needs no bounds check.
    cur: [u8; 64],
}

/// What every shuffle of one stream looks up: the free slots.
struct SlotTable {
    free: Vec<u8>,
    /// True when no card is predealt: the free slots are 0 to 51.
    all_free: bool,
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
        let setup = setup_deal(&fullpack, &stacked);
        // every deal, block-dealt ones included, permutes this arrangement
        super::checked(Deal::from_slots(&setup));
        let mut cur = [0u8; 64];
        for (b, &c) in cur.iter_mut().zip(&setup) {
            *b = c / 13 * 16 + c % 13;
        }
        let free: Vec<u8> = (0..52u8).filter(|&s| stacked[s as usize] == NONE).collect();
        let draw = Draw::new(free.len() as u32, reject_from(&stacked));
        let table = Arc::new(SlotTable { all_free: free.len() == 52, free });
        DealerStream { rng: BsdRandom::drawing(seed as u32, draw), table, cur }
    }

    /// Cuts the next `count` deals off as a block: draws their swaps, leaving the arrangement
    /// as it is.
    pub fn split_block(&mut self, count: u64) -> Block {
        let free = &self.table.free;
        let mut draws = vec![0; count as usize * free.len()];
        self.rng.draw_into(&mut draws);
        if !self.table.all_free {
            draws.iter_mut().for_each(|t| *t = free[usize::from(*t)]);
        }
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

    /// Shuffles and returns the next deal. Inlined with [`Deal::from_bit_slots`], so that the
    /// hands are stored once where the caller keeps the deal (returned through memory, they
    /// were read back as wider loads than they were written as, which waited for the stores:
    /// a tenth of a never-true run).
    #[inline(always)]
    pub fn next_deal(&mut self) -> Deal {
        self.shuffle();
        super::checked(Deal::from_bit_slots(self.cur[..52].try_into().expect("52 slots")))
    }

    /// One shuffle of the arrangement in place with draws the generator mapped ahead, so that
    /// no swap waits for a draw.
    #[inline]
    pub fn shuffle(&mut self) {
        let t = &*self.table;
        let mut scratch = [0u8; 52];
        if t.all_free {
            // 52 draws, a length known here, so that checking them takes a few wide loads
            for (i, &d) in self.rng.draws(52, &mut scratch).iter().enumerate() {
                self.cur.swap(i & 63, usize::from(d & 63));
            }
            return;
        }
        for (&i, &d) in t.free.iter().zip(self.rng.draws(t.free.len(), &mut scratch)) {
            let j = t.free[usize::from(d)];
            self.cur.swap(usize::from(i & 63), usize::from(j & 63));
        }
    }

    /// Exchanges two seats' slots in the arrangement, as dealer.exe's swapping does: the next
    /// shuffle starts from the exchanged arrangement.
    pub fn exchange_seats(&mut self, a: Seat, b: Seat) {
        for i in 0..13 {
            self.cur.swap(a.index() * 13 + i, b.index() * 13 + i);
        }
    }

    /// The current arrangement: slot `i` belongs to seat `i / 13` and holds a card index.
    pub fn slots(&self) -> [u8; 52] {
        std::array::from_fn(|s| self.cur[s] / 16 * 13 + self.cur[s] % 16)
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

/// The first top-16-bit value dealer.exe's slot table rejects: its table holds the free slots
/// in turn and marks the entries after the last whole round (as `zero52` in dealer.c is built;
/// tests/build_zero52 keeps that loop).
fn reject_from(stacked: &[u8; 52]) -> u32 {
    if stacked.iter().all(|&s| s != NONE) {
        return 0;
    }
    let (mut val, mut icyc) = (0usize, 0u32);
    for i in 0..65536u32 {
        while stacked[val] != NONE {
            val += 1;
            if val == 52 {
                (val, icyc) = (0, i);
            }
        }
        val += 1;
        if val == 52 {
            (val, icyc) = (0, i + 1);
        }
    }
    icyc
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
