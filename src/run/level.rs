//! Levelling: keep each hand type's deals with the probability that turns the natural mix
//! (measured as the run goes) into a target mix. The decisions are made where the matching
//! deals arrive in deal order, from the seed and each deal's serial number, so a seed gives
//! the same deals on any number of threads.

use crate::script::hand_types::HandType;

message_error! {
    /// Why a script cannot be levelled as asked: the mix does not parse or fit its hand types.
    LevelError
}

/// Why `--level` and `--shard` do not go together.
pub const SHARDED: &str = "--level cannot be sharded: a levelled run decides each deal from the natural \
    mix of every matching deal before it in the whole stream, which a shard does not see, so shards \
    would not add up to the levelled run. Level one unsharded run (--threads uses every core)";

/// The target mix asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Level {
    /// Every type equally often.
    Even,
    /// The script's `HandType_NAME_Share = N` declarations; a type without one weighs 1
    /// (so a script that declares none is levelled evenly), as in dealer3.
    Shares,
    /// Weights in the order the types are defined.
    Weights(Vec<u64>),
}

/// Matching deals measured before any is kept.
pub const MEASURE_DEALS: u64 = 1000;
/// Deals of each wanted type the measuring phase waits for (up to [`MEASURE_LIMIT`] deals).
pub const MEASURE_EACH: u64 = 30;
/// The most deals the measuring phase waits for a rare type.
pub const MEASURE_LIMIT: u64 = 100_000;

impl std::str::FromStr for Level {
    type Err = LevelError;
    /// `even`, `shares`, or weights `2,1,1`.
    fn from_str(text: &str) -> Result<Level, LevelError> {
        match text {
            "even" => return Ok(Level::Even),
            "shares" => return Ok(Level::Shares),
            _ => {}
        }
        let weights: Result<Vec<u64>, _> = text.split(',').map(|w| w.trim().parse::<u64>()).collect();
        match weights {
            Ok(w) if w.iter().any(|&x| x > 0) => Ok(Level::Weights(w)),
            Ok(_) => Err(format!("--level {text}: at least one weight must be above 0").into()),
            Err(_) => Err(format!("--level {text}: expected `even`, `shares` or weights such as `2,1,1`").into()),
        }
    }
}

impl std::fmt::Display for Level {
    /// As `--level` takes it: `even`, `shares` or `2,1,1`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Level::Even => f.write_str("even"),
            Level::Shares => f.write_str("shares"),
            Level::Weights(w) => f.write_str(&w.iter().map(u64::to_string).collect::<Vec<_>>().join(",")),
        }
    }
}

impl Level {
    /// The weight of each type, in definition order; an error says why the script cannot be
    /// levelled this way.
    pub fn weights(&self, types: &[HandType]) -> Result<Vec<u64>, LevelError> {
        if types.is_empty() {
            return Err("levelling needs hand types: define variables named `HandType_NAME`".into());
        }
        if types.len() > 64 {
            return Err(format!("{} hand types: at most 64 can be levelled", types.len()).into());
        }
        let names = || types.iter().map(|t| t.name.as_str()).collect::<Vec<_>>().join(", ");
        match self {
            Level::Even => Ok(vec![1; types.len()]),
            Level::Shares => {
                // A type without a share weighs 1, as in dealer3.
                let w: Vec<u64> = types.iter().map(|t| t.share.map_or(1, |(n, _)| n as u64)).collect();
                if w.iter().all(|&x| x == 0) {
                    return Err("--level shares: every declared share is 0".into());
                }
                Ok(w)
            }
            Level::Weights(w) if w.len() != types.len() => Err(format!(
                "--level: {} weights for {} hand types ({}, in definition order)",
                w.len(),
                types.len(),
                names()
            )
            .into()),
            Level::Weights(w) => Ok(w.clone()),
        }
    }
}

/// The keep decisions of a levelled run.
#[derive(Clone, Debug)]
pub struct Leveller {
    /// Target weights, by type.
    weights: Vec<u64>,
    /// Matching deals measured, by the first type each is in.
    natural: Vec<u64>,
    measured: u64,
    salt: u64,
    /// Keep probability by type, re-estimated after every measured deal once measuring ends.
    rates: Vec<f64>,
    measuring: bool,
}

impl Leveller {
    /// A leveller to these weights whose draws come from `seed`.
    pub fn new(weights: Vec<u64>, seed: u64) -> Leveller {
        let n = weights.len();
        Leveller {
            weights,
            natural: vec![0; n],
            measured: 0,
            salt: mix(seed ^ 0x1E7E_11ED),
            rates: vec![0.0; n],
            measuring: true,
        }
    }

    /// Measures a matching deal (its membership `mask`, deal number `serial`) and says whether
    /// to keep it: never while measuring, nor a deal in no type.
    pub fn keep(&mut self, mask: u64, serial: u64) -> bool {
        if mask == 0 {
            return false;
        }
        let t = mask.trailing_zeros() as usize;
        self.natural[t] += 1;
        self.measured += 1;
        if self.measuring {
            self.measuring = !self.measured_enough();
            if self.measuring {
                return false;
            }
        }
        self.rates = keep_rates(&self.weights, &self.natural);
        uniform(mix(self.salt ^ serial.wrapping_mul(0x9E37_79B9_7F4A_7C15))) < self.rates[t]
    }

    fn measured_enough(&self) -> bool {
        let each = self.weights.iter().zip(&self.natural).all(|(&w, &n)| w == 0 || n >= MEASURE_EACH);
        self.measured >= MEASURE_LIMIT || (self.measured >= MEASURE_DEALS && each)
    }

    /// Matching deals measured so far.
    pub fn measured(&self) -> u64 {
        self.measured
    }

    /// The first type with weight that measuring has not seen.
    pub fn unseen(&self) -> Option<usize> {
        self.weights.iter().zip(&self.natural).position(|(&w, &n)| w > 0 && n == 0)
    }

    /// The types with weight that measuring saw, but fewer than [`MEASURE_EACH`] times (it
    /// stopped at [`MEASURE_LIMIT`]): each with its count.
    pub fn rare(&self) -> Vec<(usize, u64)> {
        let wanted = |(i, (&w, &n)): (usize, (&u64, &u64))| (w > 0 && n > 0 && n < MEASURE_EACH).then_some((i, n));
        self.weights.iter().zip(&self.natural).enumerate().filter_map(wanted).collect()
    }

    /// True while the natural mix is being measured.
    pub fn measuring(&self) -> bool {
        self.measuring
    }

    /// The keep probabilities in use, by type.
    pub fn rates(&self) -> &[f64] {
        &self.rates
    }
}

/// The keep probability of each type that turns `natural` counts into `weights`: the type
/// with the most weight per natural deal is always kept, the others in proportion. A type not
/// seen yet, or weighted 0, is not kept.
pub fn keep_rates(weights: &[u64], natural: &[u64]) -> Vec<f64> {
    let per: Vec<f64> =
        weights.iter().zip(natural).map(|(&w, &n)| if n == 0 { 0.0 } else { w as f64 / n as f64 }).collect();
    let top = per.iter().copied().fold(0.0, f64::max);
    per.iter().map(|&p| if top > 0.0 { p / top } else { 0.0 }).collect()
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A number in [0, 1) from 53 bits of `x`.
fn uniform(x: u64) -> f64 {
    (x >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_turn_the_ladder_even() {
        // 61/31/8 natural: keeping 8/61, 8/31 and all leaves 8/8/8.
        let r = keep_rates(&[1, 1, 1], &[61, 31, 8]);
        assert!((r[0] - 8.0 / 61.0).abs() < 1e-12 && (r[1] - 8.0 / 31.0).abs() < 1e-12 && r[2] == 1.0);
        let r = keep_rates(&[2, 1, 0], &[50, 50, 10]);
        assert_eq!(r, vec![1.0, 0.5, 0.0]);
    }

    #[test]
    fn levels_parse_and_check_against_the_types() {
        assert_eq!("even".parse::<Level>(), Ok(Level::Even));
        assert_eq!("2,1,1".parse::<Level>(), Ok(Level::Weights(vec![2, 1, 1])));
        assert!("0,0".parse::<Level>().is_err() && "x".parse::<Level>().is_err());
        assert!(Level::Even.weights(&[]).unwrap_err().0.contains("HandType_NAME"));
    }
}
