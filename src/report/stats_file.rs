//! `--stats-json`: a run's statistics as JSON, and `dealbench merge` of several such files.

use crate::run::stats::Stats;
use serde::{Deserialize, Serialize};

/// The format version `--stats-json` writes and `merge` reads (2: every statistic in one list).
pub const VERSION: u32 = 2;

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
    /// The figures, every statistic in action order.
    pub stats: Stats,
}

/// Adds up shard files into the figures one run over all their slices would give.
pub fn merge(files: &[StatsFile]) -> Result<StatsFile, String> {
    let (first, rest) = files.split_first().ok_or("merge needs at least one file")?;
    if let Some(f) = files.iter().find(|f| f.version != VERSION) {
        return Err(format!("a file of format version {} (this dealbench reads version {VERSION})", f.version));
    }
    let mut total = first.clone();
    for f in rest {
        total.stats.merge(&f.stats).map_err(|e| e.to_string())?;
        total.seconds += f.seconds;
    }
    total.shard = None;
    Ok(total)
}

/// The end-of-run text dealer prints for these figures: the reports, then the statistics lines.
pub fn render(f: &StatsFile) -> String {
    let mut out = String::new();
    f.stats.render(&mut out);
    super::stats::summary(&mut out, f.stats.generated, f.stats.produced, &f.seed.to_string(), f.seconds);
    out
}
