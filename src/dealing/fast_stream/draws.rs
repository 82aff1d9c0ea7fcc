//! Random draws for the fast stream: a counter-based SplitMix64 (each output is a mix of the
//! deal's own start plus a multiple of the golden gamma, so outputs do not wait on each other)
//! and batched ranged draws (Brackett-Rozinsky and Lemire): several unbiased draws in
//! `0..=top`, `0..top`, … from one 64-bit output.

const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// Draws per 64-bit output: the product of 8 bounds up to 52 stays below 2^46, so a batch is
/// rejected with probability under 2^-18.
const PER_OUTPUT: usize = 8;

/// SplitMix64's output function.
#[inline(always)]
pub(super) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The outputs of one deal.
pub(super) struct Counter {
    at: u64,
}

impl Counter {
    /// The stream of deal `i` under `key`.
    #[inline]
    pub(super) fn for_deal(key: u64, i: u64) -> Counter {
        Counter { at: mix(key.wrapping_add(i.wrapping_mul(GAMMA))) }
    }

    #[inline(always)]
    pub(super) fn next(&mut self) -> u64 {
        self.at = self.at.wrapping_add(GAMMA);
        mix(self.at)
    }
}

/// The batches of a Fisher–Yates shuffle of `n` positions, worked out once per stream: full
/// batches of [`PER_OUTPUT`] draws, then the rest in one smaller batch.
#[derive(Clone, Debug)]
pub(super) struct Schedule {
    /// Per batch, `2^64 mod` the product of its bounds: leftovers below it are rejected.
    thresholds: Vec<u64>,
    /// Draws in the last, short batch (0 when none).
    rest: usize,
    n: usize,
}

impl Schedule {
    pub(super) fn new(n: usize) -> Schedule {
        let draws = n.saturating_sub(1);
        let mut thresholds = Vec::new();
        let mut top = draws;
        while top >= 1 {
            let take = top.min(PER_OUTPUT);
            let product = (0..take).map(|d| (top - d + 1) as u64).product::<u64>();
            thresholds.push(product.wrapping_neg() % product);
            top -= take;
        }
        Schedule { thresholds, rest: draws % PER_OUTPUT, n }
    }

    /// Shuffles the labels at the positions `free[..n]` of `lab`.
    #[inline(always)]
    pub(super) fn shuffle(&self, lab: &mut [u8; 64], free: &[u8; 64], rng: &mut Counter) {
        let mut top = self.n.saturating_sub(1);
        let full = self.thresholds.len() - usize::from(self.rest > 0);
        for &t in &self.thresholds[..full] {
            batch::<PER_OUTPUT>(lab, free, top, t, rng);
            top -= PER_OUTPUT;
        }
        let Some(&t) = self.thresholds.get(full) else { return };
        match self.rest {
            1 => batch::<1>(lab, free, top, t, rng),
            2 => batch::<2>(lab, free, top, t, rng),
            3 => batch::<3>(lab, free, top, t, rng),
            4 => batch::<4>(lab, free, top, t, rng),
            5 => batch::<5>(lab, free, top, t, rng),
            6 => batch::<6>(lab, free, top, t, rng),
            _ => batch::<7>(lab, free, top, t, rng),
        }
    }
}

/// `T` steps of Fisher–Yates from position `top` down, from one 64-bit output: step `d` swaps
/// position `top - d` with one drawn uniformly in `0..=top - d`.
#[inline(always)]
fn batch<const T: usize>(lab: &mut [u8; 64], free: &[u8; 64], top: usize, threshold: u64, rng: &mut Counter) {
    let js = draw::<T>(top, threshold, rng);
    for (d, &j) in js.iter().enumerate() {
        let (a, b) = (free[(top - d) & 63], free[j as usize & 63]);
        lab.swap(a as usize & 63, b as usize & 63);
    }
}

/// `T` unbiased draws, the d-th in `0..=top - d`, multiplying the leftover low bits by each
/// bound and rejecting the rare output whose final leftover falls below `threshold`.
#[inline(always)]
fn draw<const T: usize>(top: usize, threshold: u64, rng: &mut Counter) -> [u64; T] {
    loop {
        let mut x = rng.next();
        let mut js = [0u64; T];
        for (d, j) in js.iter_mut().enumerate() {
            let m = u128::from(x) * (top - d + 1) as u128;
            *j = (m >> 64) as u64;
            x = m as u64;
        }
        if x >= threshold {
            return js;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_shuffle_draws_51_times_in_7_outputs() {
        let s = Schedule::new(52);
        assert_eq!((s.thresholds.len(), s.rest), (7, 3));
        assert_eq!(Schedule::new(9).thresholds.len(), 1);
        assert_eq!(Schedule::new(9).rest, 0);
        assert_eq!(Schedule::new(1).thresholds.len(), 0);
        assert_eq!(Schedule::new(0).thresholds.len(), 0);
    }

    #[test]
    fn a_shuffle_permutes_the_free_positions_only() {
        for n in [0, 1, 2, 9, 17, 52] {
            let free: [u8; 64] = std::array::from_fn(|i| (63 - i) as u8);
            let mut lab: [u8; 64] = std::array::from_fn(|i| i as u8);
            let mut rng = Counter::for_deal(1, n as u64);
            Schedule::new(n).shuffle(&mut lab, &free, &mut rng);
            let mut moved: Vec<u8> = lab[64 - n..].to_vec();
            moved.sort();
            assert_eq!(moved, (64 - n as u8..64).collect::<Vec<_>>());
            assert!(lab[..64 - n].iter().enumerate().all(|(i, &l)| l as usize == i));
        }
    }

    #[test]
    fn every_value_of_a_small_batch_is_equally_likely() {
        // Bounds 3, 2: the six pairs over many outputs come out evenly.
        let t = Schedule::new(3).thresholds[0];
        let mut rng = Counter::for_deal(mix(9), 0);
        let mut seen = [0u32; 6];
        for _ in 0..60_000 {
            let o = draw::<2>(2, t, &mut rng);
            assert!(o[0] <= 2 && o[1] <= 1);
            seen[(o[0] * 2 + o[1]) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| (9_500..10_500).contains(&c)), "{seen:?}");
    }
}
