//! `rnd(bound)`: a stream of its own per deal, seeded from the deal's cards and `--rnd-seed`.

use crate::cards::Deal;

/// SplitMix64 seeded from a deal: the same deal and seed give the same draws on any thread.
#[derive(Clone, Copy, Debug)]
pub struct RndStream(u64);

impl RndStream {
    /// The stream for a deal.
    pub fn for_deal(deal: &Deal, rnd_seed: u64) -> RndStream {
        let mut h = rnd_seed ^ 0x9E37_79B9_7F4A_7C15;
        for hand in deal.hands {
            h = mix(h ^ hand.0);
        }
        RndStream(h)
    }

    /// A whole number in `0..bound` (0 when the bound is not positive).
    pub fn below(&mut self, bound: i32) -> i32 {
        if bound <= 0 {
            return 0;
        }
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let x = mix(self.0);
        ((u128::from(x) * bound as u128) >> 64) as i32
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
