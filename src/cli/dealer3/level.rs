//! `--level` and `--write-leveled` as dealer3 does them, over the engine's one levelling
//! machinery (dealbench::run::dealer3::level): write the copy, print the summary, and deal
//! the levelled copy when `--level` asks.

use super::super::console::{say, say_text};
use super::super::error::CliError;
use super::super::interrupt::Interrupt;
use super::super::timeout::Deadline;
use super::{Dealer3Args, compile_options, options, seed};
use dealbench::report::atomic;
use dealbench::run::dealer3::level::{Plan, Settings};
use dealbench::run::dealer3::measure::{Failure, Watch};
use dealbench::run::dealer3::summary;
use dealbench::run::{Event, RunHandle};
use std::time::{Duration, Instant};

/// The command line's watch: `-t`, Ctrl-C and SIGTERM, and standard error.
pub struct CliWatch(pub Deadline);

impl Watch for CliWatch {
    fn next(&mut self, run: &RunHandle) -> Option<Event> {
        self.0.next(run)
    }
    fn timed_out(&self) -> bool {
        self.0.fired
    }
    fn interrupted(&self) -> bool {
        self.0.interrupted.is_some()
    }
    fn say(&mut self, text: &str) {
        say_text(text);
    }
}

impl CliWatch {
    /// A watch with the run's `-t` (seconds), catching signals.
    pub fn start(timeout: Option<f64>) -> CliWatch {
        CliWatch(Deadline::start(timeout.map(Duration::from_secs_f64), Some(Interrupt::catch())))
    }
}

/// The switches' levelling settings.
pub fn settings(args: &Dealer3Args) -> Settings {
    Settings {
        target: args.leveling.level_target.clone(),
        budget: args.leveling.level_budget,
        measure: args.leveling.level_measure,
        timeout: args.leveling.level_timeout,
        keep_crlf: args.keep_crlf,
    }
}

/// Levels the scenario; the exit code.
pub fn level(args: &Dealer3Args, source: &str, name: &str, started: Instant) -> Result<i32, CliError> {
    let mut watch = CliWatch::start(args.timeout);
    let plan = match Plan::new(source, name, &compile_options(args)?, true, &mut watch) {
        Ok(p) => p,
        Err(Failure::Reported) => return Ok(1),
        Err(Failure::Error(e)) => return Err(e.into()),
    };
    let seed = seed(args, &plan.program);
    let opts = options(args, &plan.program, name, seed)?;
    let l = match plan.level(opts, seed, (&settings(args), started), &mut watch) {
        Ok(l) => l,
        Err(Failure::Reported) => return Ok(1),
        Err(Failure::Error(e)) => return Err(e.into()),
    };
    let wrote = args.leveling.write_leveled.as_ref().map(|p| p.display().to_string());
    if let Some(out) = &args.leveling.write_leveled {
        atomic::write(out, l.text.as_bytes()).map_err(|e| format!("--write-leveled {}: {e}", out.display()))?;
    }
    say_text(&summary::summary(&l.labels, &l.keeps, wrote.as_deref()));
    let m = &l.measured;
    if m.timed_out {
        let secs = args.timeout.unwrap_or_default();
        say!("Timeout after {secs} seconds ({} generated, {} produced)", m.generated, m.produced);
        return Ok(super::TIMED_OUT);
    }
    if !args.leveling.level {
        return Ok(0);
    }
    // Measuring and producing share one `-g` budget.
    let mut rest = args.clone();
    let budget = args.generate.or(l.program.script.generate).unwrap_or(10_000_000);
    rest.generate = Some(budget.saturating_sub(m.generated).max(1));
    super::deal(&rest, l.program, name, started)
}
