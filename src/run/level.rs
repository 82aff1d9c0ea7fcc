//! The mix `run --level`, `session`'s `FILE:N:LEVEL` and the workbench's `L` ask for. The
//! levelling itself is dealer3's, the engine's one machinery (dealer3::level): measure,
//! compute the keeps, and run the levelled copy of the script.

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
    /// The machinery's `--level-target`: `even`, the weights, or `None` for the `_Share`s.
    pub fn target(&self) -> Option<String> {
        match self {
            Level::Shares => None,
            other => Some(other.to_string()),
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_check_against_the_types() {
        assert_eq!("even".parse::<Level>(), Ok(Level::Even));
        assert_eq!("2,1,1".parse::<Level>(), Ok(Level::Weights(vec![2, 1, 1])));
        assert!("0,0".parse::<Level>().is_err() && "x".parse::<Level>().is_err());
        assert!(Level::Even.weights(&[]).unwrap_err().0.contains("HandType_NAME"));
    }
}
