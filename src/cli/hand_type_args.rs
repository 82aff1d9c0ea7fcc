//! `dealbench run`'s switches for hand types: `--level`, `--interleave`, `--write-leveled`.
//! Kept apart from the other switches so each part of `run` reads on its own.

use super::console::{say, say_text};
use super::dealer3::level::CliWatch;
use super::error::CliError;
use clap::Args;
use dealbench::eval::Program;
use dealbench::run::RunOptions;
use dealbench::run::dealer3::level::{self, Settings};
use dealbench::run::dealer3::measure::Failure;
use dealbench::run::dealer3::summary;
use dealbench::run::level::{Level, LevelError};
use dealbench::script::CompileOptions;
use dealbench::script::diag::Diagnostic;
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
            say!("dealbench: warning: --interleave: the script defines no hand types (variables named HandType_NAME)");
        }
        Ok(())
    }
}

/// A levelled run's script (`None`: `options` ask for no levelling): the levelled copy the
/// engine's machinery makes of `program` (dealer3's summary on standard error), with
/// `options` seeded and left the rest of `-g`; `Err(code)` when the script cannot be
/// levelled (said on standard error).
pub fn levelled(
    h: &HandTypeArgs,
    program: &Program,
    compile: &CompileOptions,
    options: &mut RunOptions,
    timeout: Option<std::time::Duration>,
) -> Result<Result<Option<Program>, i32>, CliError> {
    let Some(level) = &options.level else { return Ok(Ok(None)) };
    if let Err(e) = level.weights(&program.script.hand_types) {
        let span = program.script.hand_types.first().map(|t| t.span).unwrap_or_default();
        say_text(&Diagnostic::error(&program.script.file, &program.source, span, e.0).render());
        return Ok(Err(1));
    }
    let clock = || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    options.seed = Some(options.seed.unwrap_or_else(|| clock() as i64));
    let settings = Settings {
        target: level.target(),
        budget: h.level_budget,
        measure: h.level_measure,
        timeout: h.level_timeout,
        keep_crlf: true,
    };
    let mut watch = CliWatch::start(timeout.map(|t| t.as_secs_f64()));
    let l = match level::for_run(program, compile, options, &settings, &mut watch) {
        Ok(l) => l,
        Err(Failure::Reported) => return Ok(Err(1)),
        Err(Failure::Error(e)) => {
            say!("dealbench: {e}");
            return Ok(Err(1));
        }
    };
    say_text(&summary::summary(&l.labels, &l.keeps, None));
    // Measuring and the levelled run share one `-g` budget, as in dealer3.
    let generate = dealbench::run::deal_limits(&l.program, options).0;
    options.generate = Some(generate.saturating_sub(l.measured.generated).max(1));
    Ok(Ok(Some(l.program)))
}

impl From<LevelError> for CliError {
    fn from(e: LevelError) -> Self {
        CliError(e.0)
    }
}
