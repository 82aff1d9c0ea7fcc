//! dealer3's `--interleave` order: the produced deals held, then dealt out in rounds so every
//! hand type appears before any repeats, each round visiting the types in a shuffled order.

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64, as dealer3 seeds it for each round.
struct SplitMix(u64);

impl SplitMix {
    fn round(seed: u64, round: u64) -> SplitMix {
        SplitMix(seed.wrapping_mul(GOLDEN).wrapping_add(round).wrapping_add(0x8EBC_6AF0_9C88_C6E3))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The output order (indices into `labels`) of deals whose hand types are `labels` (`None`:
/// in no type), over `types` declared types, for `seed`.
pub fn interleave(labels: &[Option<usize>], types: usize, seed: u64) -> Vec<usize> {
    let mut buckets: Vec<std::collections::VecDeque<usize>> = vec![Default::default(); types];
    let mut untyped = Vec::new();
    for (i, l) in labels.iter().enumerate() {
        match l {
            Some(t) if *t < types => buckets[*t].push_back(i),
            _ => untyped.push(i),
        }
    }
    let sizes: Vec<usize> = buckets.iter().map(|b| b.len()).collect();
    let rounds = sizes.iter().copied().max().unwrap_or(0);
    let mut credit: Vec<f64> = (0..types)
        .map(|b| {
            let same: Vec<usize> = (0..types).filter(|&o| sizes[o] == sizes[b]).collect();
            let k = same.iter().position(|&o| o == b).unwrap_or(0);
            (k as f64 + 0.5) / same.len() as f64
        })
        .collect();
    let mut out = Vec::with_capacity(labels.len());
    for r in 0..rounds {
        let mut rng = SplitMix::round(seed, r as u64);
        let mut visit: Vec<usize> = (0..types).collect();
        for i in (1..types).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            visit.swap(i, j);
        }
        for b in visit {
            credit[b] += sizes[b] as f64 / rounds as f64;
            if credit[b] >= 1.0 - 1e-9
                && let Some(d) = buckets[b].pop_front()
            {
                out.push(d);
                credit[b] -= 1.0;
            }
        }
    }
    buckets.iter_mut().for_each(|b| out.extend(b.drain(..)));
    out.extend(untyped);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // SplitMix64 from state 0: the published first output.
        let mut r = SplitMix(0);
        assert_eq!(r.next(), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn every_type_appears_before_any_repeats() {
        let labels: Vec<Option<usize>> = [0, 0, 0, 1, 1, 1, 2, 2, 2].iter().map(|&t| Some(t)).collect();
        let order = interleave(&labels, 3, 7);
        let types: Vec<usize> = order.iter().map(|&i| labels[i].unwrap()).collect();
        for round in types.chunks(3) {
            let mut r = round.to_vec();
            r.sort();
            assert_eq!(r, [0, 1, 2], "{types:?}");
        }
        // Deals of one type keep their production order; untyped deals go last.
        let labels = [Some(1), None, Some(0), Some(1)];
        let order = interleave(&labels, 2, 1);
        assert_eq!(order.iter().filter(|&&i| labels[i] == Some(1)).copied().collect::<Vec<_>>(), [0, 3]);
        assert_eq!(order.last(), Some(&1));
    }
}
