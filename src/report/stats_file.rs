//! `--stats-json`: a run's statistics as JSON, and `dealbench merge` of several such files.

use crate::run::stats::Stats;
use serde::{Deserialize, Serialize};

/// What `--stats-json` writes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StatsFile {
    /// Format version.
    pub version: u32,
    /// The seed the run used.
    pub seed: i64,
    /// `dealer` or `fast`.
    pub stream: String,
    /// `K/N` when the run was a shard.
    pub shard: Option<String>,
    /// Seconds spent dealing.
    pub seconds: f64,
    /// End-of-run reports in action order: `average` or `frequency`.
    pub order: Vec<String>,
    /// The figures.
    pub stats: Stats,
}

/// Adds up shard files into the figures one run over all their slices would give.
pub fn merge(files: &[StatsFile]) -> Result<StatsFile, String> {
    let (first, rest) = files.split_first().ok_or("merge needs at least one file")?;
    let mut total = first.clone();
    for f in rest {
        if f.order != total.order {
            return Err("the files come from different scripts: their reports differ".into());
        }
        total.stats.merge(&f.stats)?;
        total.seconds += f.seconds;
    }
    total.shard = None;
    Ok(total)
}

/// The end-of-run text dealer prints for these figures: the reports, then the statistics lines.
pub fn render(f: &StatsFile) -> String {
    let mut out = String::new();
    let (mut a, mut q) = (0, 0);
    for kind in &f.order {
        if kind == "average" {
            if let Some(s) = f.stats.averages.get(a) {
                super::stats::average(&mut out, s);
            }
            a += 1;
        } else if let Some(s) = f.stats.frequencies.get(q) {
            super::stats::frequency(&mut out, s);
            q += 1;
        }
    }
    super::stats::summary(&mut out, f.stats.generated, f.stats.produced, &f.seed.to_string(), f.seconds);
    out
}
