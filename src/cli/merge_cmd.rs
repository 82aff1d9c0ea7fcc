//! `dealbench merge FILE...`: shard statistics added up and printed as one run would print them.

use super::console::{print_all, say};
use super::inputs::{STATS_CAP, read_file};
use clap::Args;
use dealbench::run::stats::file::{Part, merge, parse, render};
use std::path::PathBuf;

/// The files to merge.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// `--stats-json` files of one run: its shards (`--shard K/N`, each K once) or the whole run.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Add up a subset of the shards, or shards cut short by `-t` or an interrupt (the figures
    /// then cover only those deals; standard error names them).
    #[arg(long)]
    pub partial: bool,
}

/// Merges and prints; returns the exit code.
pub fn run(args: MergeArgs) -> i32 {
    let mut parts = Vec::new();
    for p in &args.files {
        let name = p.display().to_string();
        match read_stats(p) {
            Ok(file) => parts.push(Part { name, file }),
            Err(e) => {
                say!("dealbench merge: {e}");
                return 255;
            }
        }
    }
    match merge(&parts, args.partial) {
        Ok(merged) => {
            if merged.shards.len() as u64 != merged.total.shard.n {
                say!("dealbench merge: --partial: the figures are those of {}", merged.describe());
            }
            for p in &merged.cut_short {
                say!("dealbench merge: --partial: {p}: the figures hold only what it dealt");
            }
            print_all(render(&merged.total).as_bytes())
        }
        Err(e) => {
            say!("dealbench merge: {e}");
            255
        }
    }
}

/// One stats file, read (at most [`STATS_CAP`] bytes) and checked.
fn read_stats(path: &std::path::Path) -> Result<dealbench::run::stats::file::StatsFile, String> {
    let bytes = read_file(path, STATS_CAP, "stats file")?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text: not a stats file", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}
