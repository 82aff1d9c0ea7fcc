//! `dealbench merge FILE...`: shard statistics added up and printed as one run would print them.

use clap::Args;
use dealbench::report::stats_file::{StatsFile, merge, render};
use std::path::PathBuf;

/// The files to merge.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// `--stats-json` files written by `dealbench run --stream fast --shard K/N`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Merges and prints; returns the exit code.
pub fn run(args: MergeArgs) -> i32 {
    let mut files = Vec::new();
    for p in &args.files {
        let read = std::fs::read_to_string(p).map_err(|e| e.to_string());
        match read.and_then(|t| serde_json::from_str::<StatsFile>(&t).map_err(|e| e.to_string())) {
            Ok(f) => files.push(f),
            Err(e) => {
                eprintln!("dealbench merge: {}: {e}", p.display());
                return 255;
            }
        }
    }
    match merge(&files) {
        Ok(total) => {
            print!("{}", render(&total));
            0
        }
        Err(e) => {
            eprintln!("dealbench merge: {e}");
            255
        }
    }
}
