//! `dealbench run --write-leveled OUT`: dealer3's levelling (cli/dealer3/level.rs) with
//! `run`'s switches: measure each hand type until it is seen 2,000 times (or
//! `--level-measure`, else `-p`, matching deals, `-g`, `--level-timeout`, `-t`), and write
//! dealer3's levelled copy, its summary on standard error.

use super::dealer3::{Dealer3Args, level};
use super::error::CliError;
use super::hand_type_args::HandTypeArgs;
use super::run_cmd::{RunArgs, compile_options, read_script};
use std::path::Path;
use std::time::Instant;

/// Measures and writes the copy; the exit code.
pub fn write(args: &RunArgs, out: &Path) -> Result<i32, CliError> {
    let started = Instant::now();
    let (source, name) = read_script(args.file.as_ref())?;
    let h = &args.hand_types;
    let target = h.level_target.clone().filter(|t| t != "shares");
    let d3 = Dealer3Args {
        file: args.file.clone(),
        generate: args.generate,
        seed: args.seed.map(|s| s as u64),
        threads: args.threads.unwrap_or(0),
        north: args.north.clone(),
        east: args.east.clone(),
        south: args.south.clone(),
        west: args.west.clone(),
        vulnerable: args.vulnerable.clone(),
        timeout: args.limits.timeout.map(|t| t.as_secs_f64()),
        leveling: HandTypeArgs {
            level_target: target,
            level_measure: h.level_measure.or(args.produce),
            write_leveled: Some(out.to_path_buf()),
            // Only the copy is written: nothing is dealt or ordered.
            level: false,
            interleave: false,
            ..h.clone()
        },
        compile: Some(compile_options(args)?),
        keep_crlf: true,
        ..Dealer3Args::default()
    };
    level::level(&d3, &source, &name, started)
}
