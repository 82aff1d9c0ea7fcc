//! `dealbench merge FILE...`: shard statistics added up and printed as one run would print them.

use clap::Args;
use dealbench::report::stats_file::{Part, merge, parse, render};
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
        match std::fs::read_to_string(p).map_err(|e| e.to_string()).and_then(|t| parse(&t).map_err(|e| e.to_string())) {
            Ok(file) => parts.push(Part { name, file }),
            Err(e) => {
                eprintln!("dealbench merge: {name}: {e}");
                return 255;
            }
        }
    }
    match merge(&parts, args.partial) {
        Ok(merged) => {
            if merged.shards.len() as u64 != merged.total.shard.n {
                eprintln!("dealbench merge: --partial: the figures are those of {}", merged.describe());
            }
            for p in &merged.cut_short {
                eprintln!("dealbench merge: --partial: {p}: the figures hold only what it dealt");
            }
            print!("{}", render(&merged.total));
            0
        }
        Err(e) => {
            eprintln!("dealbench merge: {e}");
            255
        }
    }
}
