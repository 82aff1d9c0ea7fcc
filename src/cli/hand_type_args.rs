//! `dealbench run`'s switches for hand types: `--level`, `--interleave`, `--write-leveled`.
//! Kept apart from the other switches so each part of `run` reads on its own.

use super::error::CliError;
use clap::Args;
use dealbench::eval::Program;
use dealbench::run::RunOptions;
use dealbench::run::level::{Level, LevelError};
use std::path::PathBuf;

/// Levelling and ordering by hand type (`HandType_NAME` variables).
#[derive(Args, Debug, Default)]
pub struct HandTypeArgs {
    /// Level the hand types (dealer3's `--level`): to `--level-target`, else the script's
    /// `HandType_NAME_Share = N` (a type without one weighs 1).
    #[arg(long)]
    pub level: bool,
    /// The levelled mix: `even`, `shares` or weights in definition order (`2,1,1`).
    #[arg(long = "level-target", value_name = "MIX")]
    pub level_target: Option<String>,
    /// With --write-leveled: cap the cost at N deals dealt per deal kept, relaxing exactness.
    #[arg(long = "level-budget", value_name = "N")]
    pub level_budget: Option<f64>,
    /// Produce the deals in rounds: each hand type appears before any type repeats.
    #[arg(long)]
    pub interleave: bool,
    /// Measure the natural mix as dealer3 does and write dealer3's levelled copy of the script
    /// (a generated block of `roll` keeps) to OUT; deals nothing else.
    #[arg(long, value_name = "OUT")]
    pub write_leveled: Option<PathBuf>,
}

impl HandTypeArgs {
    /// The mix `--level` asks for (`None`: not levelling); `--level-target` alone is refused.
    pub fn mix(&self) -> Result<Option<Level>, CliError> {
        match (&self.level_target, self.level || self.write_leveled.is_some()) {
            (Some(t), false) => Err(format!("--level-target {t} needs --level or --write-leveled").into()),
            _ if !self.level => Ok(None),
            (Some(t), _) => Ok(Some(t.parse::<Level>()?)),
            (None, _) => Ok(Some(Level::Shares)),
        }
    }

    /// Puts `--level` and `--interleave` into the run's options; `--interleave` on a script
    /// without hand types gets a warning (it changes nothing).
    pub fn apply(&self, options: &mut RunOptions, program: &Program) -> Result<(), CliError> {
        options.level = self.mix()?;
        options.interleave = self.interleave;
        if options.level.is_some() && options.shard.is_some_and(|(_, n)| n > 1) {
            return Err(dealbench::run::level::SHARDED.to_string().into());
        }
        if self.interleave && program.script.hand_types.is_empty() {
            super::console::say!(
                "dealbench: warning: --interleave: the script defines no hand types (variables named HandType_NAME)"
            );
        }
        Ok(())
    }
}

impl From<LevelError> for CliError {
    fn from(e: LevelError) -> Self {
        CliError(e.0)
    }
}
