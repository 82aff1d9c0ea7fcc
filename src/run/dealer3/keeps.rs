//! dealer3's levelling arithmetic: from the counts of each levelled category on the measured
//! deals, the mix a keep per category delivers, relaxed toward the natural mix when a budget
//! caps the cost.

/// Sightings of every category at which measuring stops (about ±2.2%).
pub const SIGHTINGS: u64 = 2000;
/// Fewer sightings than this are worth a warning.
pub const FEW_SIGHTINGS: u64 = 500;
/// Most deals produced while measuring (`--level-measure`'s default).
pub const MEASURE_DEFAULT: u64 = 2_000_000;
/// Seconds from the start the measuring may last (`--level-timeout`'s default).
pub const TIMEOUT_DEFAULT: f64 = 60.0;

/// What the measuring found and what the keeps make of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Keeps {
    /// Deals produced while measuring (P).
    pub produced: u64,
    /// Deals generated while measuring (G).
    pub generated: u64,
    /// Sightings of each category.
    pub seen: Vec<u64>,
    /// Natural share of each category (n_i).
    pub natural: Vec<f64>,
    /// Target share (t_i).
    pub target: Vec<f64>,
    /// The share the keeps deliver (mix_i).
    pub mix: Vec<f64>,
    /// The keep probability (keep_i).
    pub keep: Vec<f64>,
    /// Exactness λ: 1 delivers the target, 0 the natural mix.
    pub exactness: f64,
    /// Share of qualifying deals kept.
    pub acceptance: f64,
    /// Deals dealt per deal kept.
    pub cost: f64,
}

impl Keeps {
    /// The keeps for `seen` counts over `produced` deals of `generated`, toward `weights`, with
    /// an optional budget of deals dealt per deal kept.
    pub fn compute(seen: &[u64], produced: u64, generated: u64, weights: &[f64], budget: Option<f64>) -> Keeps {
        let p = produced.max(1) as f64;
        let natural: Vec<f64> = seen.iter().map(|&c| c as f64 / p).collect();
        let sum: f64 = weights.iter().sum();
        let target: Vec<f64> = weights.iter().map(|w| if sum > 0.0 { w / sum } else { 0.0 }).collect();
        let base = produced as f64 / generated.max(1) as f64;
        let r = natural.iter().zip(&target).filter(|(n, _)| **n > 0.0).map(|(n, t)| t / n).fold(0.0, f64::max);
        let exactness = match budget {
            Some(b) if r > 1.0 => {
                let a = (1.0 / b / base).min(1.0);
                ((1.0 / a - 1.0) / (r - 1.0)).clamp(0.0, 1.0)
            }
            _ => 1.0,
        };
        let acceptance = if r <= 1.0 { 1.0 } else { 1.0 / (1.0 + exactness * (r - 1.0)) };
        let mix: Vec<f64> = natural.iter().zip(&target).map(|(n, t)| (1.0 - exactness) * n + exactness * t).collect();
        let ratio: Vec<f64> = mix.iter().zip(&natural).map(|(m, n)| if *n > 0.0 { m / n } else { 0.0 }).collect();
        let top = ratio.iter().copied().fold(0.0, f64::max);
        let keep = ratio.iter().map(|x| if top > 0.0 { x / top } else { 0.0 }).collect();
        let cost = 1.0 / (base * acceptance);
        Keeps { produced, generated, seen: seen.to_vec(), natural, target, mix, keep, exactness, acceptance, cost }
    }

    /// The rarest category (smallest natural share among those seen): its index.
    pub fn rarest(&self) -> usize {
        let seen = (0..self.seen.len()).filter(|&i| self.seen[i] > 0);
        seen.min_by(|&a, &b| self.natural[a].total_cmp(&self.natural[b])).unwrap_or(0)
    }

    /// The relative precision ρ of category `i`'s measured share: √(n(1 − n)/P)/n.
    pub fn precision(&self, i: usize) -> f64 {
        let n = self.natural[i];
        (n * (1.0 - n) / self.produced.max(1) as f64).sqrt() / n
    }

    /// True when the budget relaxed the exactness.
    pub fn relaxed(&self) -> bool {
        self.exactness < 0.999
    }
}

/// The roll threshold of a keep on a scale of `scale`, rounded half away from zero.
pub fn threshold(keep: f64, scale: u64) -> u64 {
    (keep * scale as f64).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The NT ladder's counts (docs/leveling-guide, examples/NT_Ladder.leveled.dlr, seed 1).
    pub(crate) const LADDER: [u64; 5] = [92304, 46326, 12604, 5089, 2000];

    #[test]
    fn the_nt_ladder_keeps_match_dealer3s_block() {
        let k = Keeps::compute(&LADDER, 158_323, 950_000, &[1.0; 5], None);
        let keeps: Vec<String> = k.keep.iter().map(|x| format!("{x:.4}")).collect();
        assert_eq!(keeps, ["0.0217", "0.0432", "0.1587", "0.3930", "1.0000"]);
        let t: Vec<u64> = k.keep.iter().map(|&x| threshold(x, 1000)).collect();
        assert_eq!(t, [22, 43, 159, 393, 1000]);
        assert_eq!(format!("{:.4}", k.acceptance), "0.0632");
        assert_eq!((k.rarest(), format!("{:.1}", 100.0 * k.precision(4))), (4, "2.2".to_string()));
        assert_eq!(format!("{:.2}", 100.0 * k.mix[4] * k.precision(4)), "0.44");
    }

    #[test]
    fn a_budget_relaxes_toward_the_natural_mix() {
        // base 0.1, r = 0.5/0.1 = 5: full exactness costs 50; a budget of 20 allows a = 0.5, λ = 0.25.
        let k = Keeps::compute(&[900, 100], 1000, 10_000, &[1.0, 1.0], Some(20.0));
        assert!((k.exactness - 0.25).abs() < 1e-12 && k.relaxed());
        assert!((k.acceptance - 0.5).abs() < 1e-12 && (k.cost - 20.0).abs() < 1e-9);
        assert!((k.mix[1] - (0.75 * 0.1 + 0.25 * 0.5)).abs() < 1e-12);
        assert_eq!(Keeps::compute(&[900, 100], 1000, 10_000, &[1.0, 1.0], Some(100.0)).exactness, 1.0);
    }
}
