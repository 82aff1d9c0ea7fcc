//! `--stats-json`: a run's statistics and what identifies the run, as JSON; `dealbench merge`
//! adds up files only when they are the parts of exactly one run.

use super::{Stats, StatsError};
use crate::report::ReportError;
use serde::{Deserialize, Serialize};

/// The format version this dealbench writes and reads.
pub const VERSION: u32 = 3;

/// What `--stats-json` writes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StatsFile {
    /// Format version.
    pub version: u32,
    /// What makes two files parts of one run: every field equal.
    pub run: RunId,
    /// The slice of the fast stream dealt (`0/1`: all of it).
    pub shard: Shard,
    /// Seconds spent dealing.
    pub seconds: f64,
    /// How the run ended.
    pub ended: Ended,
    /// The figures.
    pub stats: Stats,
}

/// How a run ended: only a run that was not cut short counts whole in a merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ended {
    /// The deals to evaluate (`--deals`) ran out before either count was reached.
    Complete,
    /// It produced the deals it was asked for (`-p`, `produce`) before dealing them all.
    Produce,
    /// It dealt every deal it was to generate (`-g`, `generate`): the whole of its slice.
    Generate,
    /// `-t` stopped it.
    Timeout,
    /// It was interrupted (Ctrl-C, SIGTERM).
    Interrupted,
}

impl Ended {
    /// True when the run was cut short, so its figures are those of part of the run.
    pub fn cut_short(self) -> bool {
        matches!(self, Ended::Timeout | Ended::Interrupted)
    }

    /// How a run with this summary ended: `timed_out` when `-t` cancelled it, against the
    /// run's generate count.
    pub fn of(summary: &crate::run::Summary, timed_out: bool, generate: u64, produce: u64) -> Ended {
        match () {
            _ if summary.cancelled && timed_out => Ended::Timeout,
            _ if summary.cancelled => Ended::Interrupted,
            _ if summary.generated >= generate => Ended::Generate,
            _ if summary.produced >= produce => Ended::Produce,
            _ => Ended::Complete,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Ended::Complete => "complete",
            Ended::Produce => "produce",
            Ended::Generate => "generate",
            Ended::Timeout => "timeout",
            Ended::Interrupted => "interrupted",
        }
    }
}

/// A run's identity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunId {
    /// The version of dealbench that wrote the file.
    pub dealbench: String,
    /// [`script_hash`] of the script after parameter substitution.
    pub script: String,
    /// The switches besides the script that change the figures (`-N …`, `--rnd-seed`,
    /// `--vulnerable`, `--level`, `--interleave`, `--deals` with a hash of its deals).
    pub switches: Vec<String>,
    /// The seed the run used.
    pub seed: i64,
    /// `dealer`, `fast`, or `deals` (`--deals FILE`).
    pub stream: String,
    /// Deals to generate (per shard).
    pub generate: u64,
    /// Deals to produce (per shard).
    pub produce: u64,
}

/// `--shard K/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// The slice, `0 <= k < n`.
    pub k: u64,
    /// The number of slices.
    pub n: u64,
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// A script's identity: 64-bit FNV-1a of its text as 16 hex digits (a published algorithm
/// whose value never changes between builds, unlike std's `DefaultHasher`).
pub fn script_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Reads a file's text: the version first, so an older file gets a message of its own.
pub fn parse(text: &str) -> Result<StatsFile, ReportError> {
    let json: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    match json.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => {
            return Err(format!(
                "format version {v}; this dealbench reads version {VERSION}: write it again with `dealbench run --stats-json`"
            ).into());
        }
        None => return Err("no format `version`: not a `--stats-json` file".into()),
    }
    let file: StatsFile = serde_json::from_value(json).map_err(|e| e.to_string())?;
    check(&file)?;
    Ok(file)
}

/// The consistency a file written by `dealbench run` has.
fn check(f: &StatsFile) -> Result<(), ReportError> {
    let Shard { k, n } = f.shard;
    if k >= n {
        return Err(format!("shard {}: expected K/N with 0 <= K < N", f.shard).into());
    }
    if !["dealer", "fast", "deals"].contains(&f.run.stream.as_str()) {
        return Err(format!("stream `{}`: expected `dealer`, `fast` or `deals`", f.run.stream).into());
    }
    if n > 1 && f.run.stream != "fast" {
        return Err(format!("shard {} of the {} stream: only the fast stream is sharded", f.shard, f.run.stream).into());
    }
    if f.run.script.len() != 16 || !f.run.script.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("script hash `{}`: expected 16 hex digits", f.run.script).into());
    }
    if !f.seconds.is_finite() || f.seconds < 0.0 {
        return Err(format!("seconds {}: expected a time of 0 or more", f.seconds).into());
    }
    Ok(f.stats.check()?)
}

/// A file as read, and the name errors give it.
pub struct Part {
    /// The file's name as given.
    pub name: String,
    /// Its contents.
    pub file: StatsFile,
}

/// What [`merge`] adds up.
pub struct Merged {
    /// The figures of the parts together.
    pub total: StatsFile,
    /// The shards present, ascending.
    pub shards: Vec<u64>,
    /// The parts that were cut short (taken with `partial`): `s1.json (shard 1/2) ended at its timeout`.
    pub cut_short: Vec<String>,
}

impl Merged {
    /// The shards the parts make up, e.g. `shards 0, 3 of 4`.
    pub fn describe(&self) -> String {
        shards(&runs(&self.shards), self.total.shard.n)
    }
}

/// Adds up the parts of one run. Refused, naming the file and the difference, when the parts
/// differ in identity, are shards of different N, hold a shard twice, or (unless `partial`)
/// leave shards out or were cut short; a sum that overflows is an error.
pub fn merge(parts: &[Part], partial: bool) -> Result<Merged, ReportError> {
    let (first, rest) = parts.split_first().ok_or("merge needs at least one file")?;
    for p in rest {
        if let Some((this, that)) = difference(&first.file.run, &p.file.run) {
            return Err(format!("{}: {this}, but {} has {that}: not parts of one run", p.name, first.name).into());
        }
    }
    let shards = shard_set(parts, partial)?;
    let cut_short = cut_short(parts, partial)?;
    let mut total = first.file.clone();
    for p in rest {
        total.stats.merge(&p.file.stats).map_err(|e| format!("{}: {e}", p.name))?;
        total.seconds += p.file.seconds;
        if !total.seconds.is_finite() {
            return Err(format!("{}: the seconds add up past what a number holds", p.name).into());
        }
    }
    total.shard.k = 0;
    Ok(Merged { total, shards, cut_short })
}

/// The parts cut short (by `-t` or an interrupt), described; refused unless `partial`.
fn cut_short(parts: &[Part], partial: bool) -> Result<Vec<String>, ReportError> {
    let short: Vec<String> = parts
        .iter()
        .filter(|p| p.file.ended.cut_short())
        .map(|p| format!("{} (shard {}) ended by {}", p.name, p.file.shard, p.file.ended.word()))
        .collect();
    if !partial && !short.is_empty() {
        return Err(format!(
            "{}: its figures cover only the deals dealt before it stopped; run it again, or add --partial \
             to add up what was dealt",
            short.join(", ")
        )
        .into());
    }
    Ok(short)
}

/// The first field in which `other` differs from `first`: `(seed 6, seed 5)`.
fn difference(first: &RunId, other: &RunId) -> Option<(String, String)> {
    let field = |name: &str, a: String, b: String| (a != b).then(|| (format!("{name} {b}"), format!("{name} {a}")));
    let switches = |s: &[String]| if s.is_empty() { "(none)".to_string() } else { s.join(" ") };
    field("dealbench", first.dealbench.clone(), other.dealbench.clone())
        .or_else(|| field("script", first.script.clone(), other.script.clone()))
        .or_else(|| field("switches", switches(&first.switches), switches(&other.switches)))
        .or_else(|| field("stream", first.stream.clone(), other.stream.clone()))
        .or_else(|| field("seed", first.seed.to_string(), other.seed.to_string()))
        .or_else(|| field("generate", first.generate.to_string(), other.generate.to_string()))
        .or_else(|| field("produce", first.produce.to_string(), other.produce.to_string()))
}

/// The shards' K, ascending, when they are all of one N and each K comes once; every K
/// unless `partial`.
fn shard_set(parts: &[Part], partial: bool) -> Result<Vec<u64>, ReportError> {
    let first = &parts[0];
    let n = first.file.shard.n;
    let mut holder: std::collections::BTreeMap<u64, &str> = std::collections::BTreeMap::new();
    for p in parts {
        let s = p.file.shard;
        if s.n != n {
            return Err(format!("{} is shard {s}, but {} is shard {}", p.name, first.name, first.file.shard).into());
        }
        if let Some(other) = holder.insert(s.k, &p.name) {
            return Err(if other == p.name {
                format!("{} is given twice", p.name).into()
            } else {
                format!("{} and {other} are both shard {s}", p.name).into()
            });
        }
    }
    let present: Vec<u64> = holder.into_keys().collect();
    let missing = gaps(&present, n);
    if !partial && !missing.is_empty() {
        let verb = if n - present.len() as u64 == 1 { "is" } else { "are" };
        return Err(format!(
            "{} {verb} missing: merge every shard, or add --partial to add up only these",
            shards(&missing, n)
        )
        .into());
    }
    Ok(present)
}

/// `shard 1 of 4`, `shards 0, 2-3 of 4`, from runs of consecutive shards.
fn shards(runs: &[(u64, u64)], n: u64) -> String {
    let noun = if matches!(runs, [(a, b)] if a == b) { "shard" } else { "shards" };
    let text: Vec<String> =
        runs.iter().map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") }).collect();
    format!("{noun} {} of {n}", text.join(", "))
}

/// Ascending numbers as runs of consecutive ones: `0, 2, 3, 4` gives `(0, 0), (2, 4)`.
fn runs(ks: &[u64]) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = Vec::new();
    for &k in ks {
        match out.last_mut() {
            Some((_, b)) if *b + 1 == k => *b = k,
            _ => out.push((k, k)),
        }
    }
    out
}

/// The runs of `0..n` that ascending `ks` (all below `n`) leave out.
fn gaps(ks: &[u64], n: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut next = 0;
    for &k in ks {
        if k > next {
            out.push((next, k - 1));
        }
        next = k + 1;
    }
    if next < n {
        out.push((next, n - 1));
    }
    out
}

impl From<StatsError> for ReportError {
    fn from(e: StatsError) -> Self {
        ReportError::from(e.to_string())
    }
}

/// The end-of-run text dealer prints for these figures: the reports, then the statistics lines.
pub fn render(f: &StatsFile) -> String {
    let mut out = String::new();
    f.stats.render(&mut out);
    crate::report::stats::summary(&mut out, f.stats.generated, f.stats.produced, &f.run.seed.to_string(), f.seconds);
    f.stats.render_studies(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        // From the FNV reference test suite (Fowler, Noll, Vo).
        assert_eq!(script_hash(""), "cbf29ce484222325");
        assert_eq!(script_hash("a"), "af63dc4c8601ec8c");
        assert_eq!(script_hash("foobar"), "85944171f73967e8");
    }

    #[test]
    fn a_table_too_large_to_count_is_corrupt_not_a_panic() {
        use crate::run::stats::{Axis, BktFreqStat, FrequencyStat, Stat};
        use crate::script::ast::Buckets;
        let wide = Axis { low: i64::MIN, high: i64::MAX };
        let f = FrequencyStat { label: None, rows: wide, cols: Some(wide), counts: vec![0; 4] };
        let stats = Stats { stats: vec![Stat::Frequency(f)], ..Stats::default() };
        assert!(stats.check().unwrap_err().to_string().contains("do not fit the table's axes"));
        let zero = Buckets { lo: 0, hi: 10, size: 0 };
        let b = BktFreqStat { label: None, rows: zero, cols: None, counts: vec![0; 4] };
        let stats = Stats { stats: vec![Stat::BktFreq(b)], ..Stats::default() };
        assert!(stats.check().unwrap_err().to_string().contains("do not fit the table's buckets"));
    }

    #[test]
    fn a_run_ends_cut_short_only_when_cancelled() {
        let s = |generated, produced, cancelled| crate::run::Summary {
            generated,
            produced,
            seed: 1,
            elapsed: std::time::Duration::ZERO,
            cancelled,
        };
        // -g 100 -p 10 throughout.
        assert_eq!(Ended::of(&s(100, 3, false), false, 100, 10), Ended::Generate);
        assert_eq!(Ended::of(&s(100, 10, false), false, 100, 10), Ended::Generate);
        assert_eq!(Ended::of(&s(40, 10, false), false, 100, 10), Ended::Produce);
        assert_eq!(Ended::of(&s(7, 2, false), false, 100, 10), Ended::Complete);
        assert_eq!(Ended::of(&s(40, 2, true), true, 100, 10), Ended::Timeout);
        assert_eq!(Ended::of(&s(40, 2, true), false, 100, 10), Ended::Interrupted);
        assert!(Ended::Timeout.cut_short() && Ended::Interrupted.cut_short() && !Ended::Produce.cut_short());
    }

    #[test]
    fn shards_are_named_in_runs() {
        assert_eq!(shards(&runs(&[0, 2, 3, 4, 5, 7]), 8), "shards 0, 2-5, 7 of 8");
        assert_eq!(shards(&runs(&[1]), 2), "shard 1 of 2");
        assert_eq!(shards(&gaps(&[0, 2, 3, 4, 5, 7], 8), 8), "shards 1, 6 of 8");
        assert_eq!(shards(&gaps(&[3], u64::MAX), u64::MAX), format!("shards 0-2, 4-{} of {}", u64::MAX - 1, u64::MAX));
        assert!(gaps(&[0, 1], 2).is_empty());
    }
}
