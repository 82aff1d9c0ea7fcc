//! `dealbench run`'s switches for hand types: `--level`, `--interleave`, `--write-leveled`.
//! Kept apart from the other switches so each part of `run` reads on its own.

use super::error::CliError;
use clap::Args;
use dealbench::eval::Program;
use dealbench::run::RunOptions;
use dealbench::run::level::{Level, LevelError};
use std::path::PathBuf;

/// The levelling switches, declared once: `dealbench run` and `dealbench dealer3` both take
/// them (dealer3's names and meanings; `run` also takes `--level-target shares`).
#[derive(Args, Clone, Debug, Default)]
pub struct HandTypeArgs {
    /// Level the categories (`LevelType_NAME`, else `HandType_NAME`) as dealer3 does: measure,
    /// compute the keeps, deal the levelled copy; to --level-target, else the `_Share`s.
    #[arg(long)]
    pub level: bool,
    /// The levelled mix: `even` or a weight per category in declaration order (`2,1,1`);
    /// overrides the `_Share`s.
    #[arg(long = "level-target", value_name = "MIX")]
    pub level_target: Option<String>,
    /// Cap the cost at N deals dealt per deal kept, relaxing exactness.
    #[arg(long = "level-budget", value_name = "N")]
    pub level_budget: Option<f64>,
    /// Most deals produced while measuring (default 2,000,000; `run`: its -p when given).
    #[arg(long = "level-measure", value_name = "N")]
    pub level_measure: Option<u64>,
    /// Seconds from the start the measuring may take (default 60).
    #[arg(long = "level-timeout", value_name = "SECONDS")]
    pub level_timeout: Option<f64>,
    /// Write the levelled copy of the scenario (its generated block of `roll` keeps) to FILE;
    /// alone, nothing else is dealt.
    #[arg(long = "write-leveled", value_name = "FILE")]
    pub write_leveled: Option<PathBuf>,
    /// Reorder the deals so every hand type appears before any repeats.
    #[arg(long)]
    pub interleave: bool,
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
