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
    /// Level the hand types: `even`, weights in definition order (`2,1,1`), or `shares` (the
    /// script's `HandType_NAME_Share = N`; the default when no value is given).
    #[arg(long, value_name = "MIX", num_args = 0..=1, default_missing_value = "shares")]
    pub level: Option<String>,
    /// Produce the deals in rounds: each hand type appears before any type repeats.
    #[arg(long)]
    pub interleave: bool,
    /// Measure the natural mix and write a copy of the script levelled in plain dealer code
    /// (`rnd()` keep thresholds) to OUT; deals nothing else.
    #[arg(long, value_name = "OUT")]
    pub write_leveled: Option<PathBuf>,
}

impl HandTypeArgs {
    /// `--level x.dlr` with no script after it: clap gave the script to `--level` as its mix.
    /// A value that is no mix but an existing file is the script, and the mix the shares.
    pub fn take_script(&mut self, file: &mut Option<PathBuf>) {
        let Some(value) = &self.level else { return };
        if file.is_none() && value.parse::<Level>().is_err() && std::path::Path::new(value).is_file() {
            *file = Some(PathBuf::from(value));
            self.level = Some("shares".into());
        }
    }

    /// Puts `--level` and `--interleave` into the run's options; `--interleave` on a script
    /// without hand types gets a warning (it changes nothing).
    pub fn apply(&self, options: &mut RunOptions, program: &Program) -> Result<(), CliError> {
        options.level = self.level.as_deref().map(str::parse::<Level>).transpose()?;
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
