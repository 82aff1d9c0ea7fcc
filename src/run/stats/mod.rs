//! The statistics a run accumulates, one kind per file. Every kind is a [`Statistic`]: it adds
//! the values of each produced deal, merges another shard's figures, prints the original's
//! end-of-run report and gives the workbench a [`View`] to draw.

mod average;
mod bktfreq;
mod evalcontract;
mod frequency;

pub use average::AverageStat;
pub use bktfreq::BktFreqStat;
pub use evalcontract::EvalContractStat;
pub use frequency::{Axis, FrequencyStat};

use serde::{Deserialize, Serialize};

/// What every kind of statistic does.
pub trait Statistic {
    /// Adds one produced deal: the value of the action's first expression and, for a
    /// two-dimensional table, of its second (0 otherwise); `evalcontract` adds its tricks.
    fn add(&mut self, values: [i64; 2]);
    /// Adds another shard's figures; an error when the two differ in shape or a count overflows.
    fn merge(&mut self, other: &Self) -> Result<(), StatsError>;
    /// The end-of-run report as the original prints it, for a run that produced `produced` deals.
    fn render(&self, out: &mut String, produced: u64);
    /// What a run that produced `produced` deals gives (every deal counted once, a table of
    /// its own shape): an error names what a read file breaks.
    fn check(&self, produced: u64) -> Result<(), StatsError>;
    /// What the workbench draws.
    fn view(&self) -> View;
}

/// Why statistics cannot be added up, or are not those of one run: the statistics' error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatsError {
    /// The runs' actions differ (another script): what differs.
    Shape(String),
    /// A count or sum would overflow.
    Overflow(&'static str),
    /// Figures no run gives (read from a file): what they break.
    Inconsistent(String),
}

impl std::fmt::Display for StatsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StatsError::Shape(what) => write!(f, "the files come from different scripts: {what}"),
            StatsError::Overflow(what) => write!(f, "the {what} overflows 64 bits when added up"),
            StatsError::Inconsistent(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for StatsError {}

/// Adds two counts, or says which overflowed.
pub(crate) fn add_count(a: &mut u64, b: u64, what: &'static str) -> Result<(), StatsError> {
    *a = a.checked_add(b).ok_or(StatsError::Overflow(what))?;
    Ok(())
}

/// Adds two tables of counts of the same shape.
pub(crate) fn add_counts(a: &mut [u64], b: &[u64], what: &'static str) -> Result<(), StatsError> {
    if a.len() != b.len() {
        return Err(StatsError::Shape(format!("the {what} tables differ in size")));
    }
    a.iter_mut().zip(b).try_for_each(|(x, &y)| add_count(x, y, what))
}

/// Checks that a table's counts fill the `cells` its `parts` (axes, buckets) make (None: too
/// many to hold) and add up to `produced`.
pub(crate) fn check_counts(counts: &[u64], cells: Option<i128>, produced: u64, parts: &str) -> Result<(), StatsError> {
    let bad = |what: String| Err(StatsError::Inconsistent(what));
    if cells != Some(counts.len() as i128) {
        return bad(format!("{} counts do not fit the table's {parts}", counts.len()));
    }
    let total = counts.iter().try_fold(0u64, |t, &c| t.checked_add(c));
    if total != Some(produced) {
        return bad(format!("its counts do not add up to {produced} produced deals"));
    }
    Ok(())
}

/// A statistic as the workbench draws it.
#[derive(Clone, Debug, PartialEq)]
pub enum View {
    /// A mean with its count and standard error (NaN when undefined).
    Mean {
        /// The label, if the script gave one.
        label: Option<String>,
        /// Values added.
        count: u64,
        /// The mean.
        mean: f64,
        /// The standard error of the mean.
        std_error: f64,
    },
    /// Counts by bucket, one row each: the bucket's name and its count.
    Histogram {
        /// The label, if the script gave one.
        label: Option<String>,
        /// The rows, Low and High left out when empty.
        rows: Vec<(String, u64)>,
    },
    /// A cross-tab: row and column bucket names, counts row-major.
    CrossTab {
        /// The label, if the script gave one.
        label: Option<String>,
        /// Row bucket names (Low, values, High).
        rows: Vec<String>,
        /// Column bucket names.
        cols: Vec<String>,
        /// Counts, `rows.len() × cols.len()`, row-major.
        counts: Vec<u64>,
    },
    /// Lines of text (the `evalcontract` summary).
    Lines {
        /// The label.
        label: Option<String>,
        /// The lines.
        lines: Vec<String>,
    },
}

/// One statistic of a run, of any kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stat {
    /// `average`.
    Average(AverageStat),
    /// `frequency`, one- or two-dimensional.
    Frequency(FrequencyStat),
    /// DealerV2_4's `bktfreq`, one- or two-dimensional.
    BktFreq(BktFreqStat),
    /// DealerV2_4's `evalcontract`.
    EvalContract(EvalContractStat),
}

impl Stat {
    /// Adds one produced deal's values (see [`Statistic::add`]).
    pub fn add(&mut self, values: [i64; 2]) {
        match self {
            Stat::Average(s) => s.add(values),
            Stat::Frequency(s) => s.add(values),
            Stat::BktFreq(s) => s.add(values),
            Stat::EvalContract(s) => s.add(values),
        }
    }

    /// Adds another shard's figures of the same kind and shape.
    pub fn merge(&mut self, other: &Stat) -> Result<(), StatsError> {
        match (self, other) {
            (Stat::Average(a), Stat::Average(b)) => a.merge(b),
            (Stat::Frequency(a), Stat::Frequency(b)) => a.merge(b),
            (Stat::BktFreq(a), Stat::BktFreq(b)) => a.merge(b),
            (Stat::EvalContract(a), Stat::EvalContract(b)) => a.merge(b),
            (a, b) => Err(StatsError::Shape(format!("{} where the other has {}", a.kind(), b.kind()))),
        }
    }

    /// The end-of-run report.
    pub fn render(&self, out: &mut String, produced: u64) {
        match self {
            Stat::Average(s) => s.render(out, produced),
            Stat::Frequency(s) => s.render(out, produced),
            Stat::BktFreq(s) => s.render(out, produced),
            Stat::EvalContract(s) => s.render(out, produced),
        }
    }

    /// What the workbench draws.
    pub fn view(&self) -> View {
        match self {
            Stat::Average(s) => s.view(),
            Stat::Frequency(s) => s.view(),
            Stat::BktFreq(s) => s.view(),
            Stat::EvalContract(s) => s.view(),
        }
    }

    /// See [`Statistic::check`].
    pub fn check(&self, produced: u64) -> Result<(), StatsError> {
        match self {
            Stat::Average(s) => s.check(produced),
            Stat::Frequency(s) => s.check(produced),
            Stat::BktFreq(s) => s.check(produced),
            Stat::EvalContract(s) => s.check(produced),
        }
    }

    /// The action's name.
    pub fn kind(&self) -> &'static str {
        match self {
            Stat::Average(_) => "average",
            Stat::Frequency(_) => "frequency",
            Stat::BktFreq(_) => "bktfreq",
            Stat::EvalContract(_) => "evalcontract",
        }
    }
}

/// Every statistic of a run, in the script's action order, with the run's counters.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Deals dealt so far.
    pub generated: u64,
    /// Deals that matched the condition so far.
    pub produced: u64,
    /// The statistics, in action order.
    pub stats: Vec<Stat>,
}

impl Stats {
    /// The `average` actions' figures, in order.
    pub fn averages(&self) -> impl Iterator<Item = &AverageStat> {
        self.stats.iter().filter_map(|s| if let Stat::Average(a) = s { Some(a) } else { None })
    }

    /// The `frequency` actions' figures, in order.
    pub fn frequencies(&self) -> impl Iterator<Item = &FrequencyStat> {
        self.stats.iter().filter_map(|s| if let Stat::Frequency(f) = s { Some(f) } else { None })
    }

    /// Adds another shard's figures; an error when the runs' statistics differ in kind or
    /// shape, or a count overflows (then `self` is unchanged).
    pub fn merge(&mut self, other: &Stats) -> Result<(), StatsError> {
        if self.stats.len() != other.stats.len() {
            let n = |s: &Stats| s.stats.len();
            return Err(StatsError::Shape(format!("{} statistics against {}", n(self), n(other))));
        }
        let mut sum = self.clone();
        add_count(&mut sum.generated, other.generated, "count of generated deals")?;
        add_count(&mut sum.produced, other.produced, "count of produced deals")?;
        sum.stats.iter_mut().zip(&other.stats).try_for_each(|(a, b)| a.merge(b))?;
        *self = sum;
        Ok(())
    }

    /// What the figures of one run hold: at most as many produced deals as generated, and
    /// every statistic consistent with them (see [`Statistic::check`]).
    pub fn check(&self) -> Result<(), StatsError> {
        let bad = StatsError::Inconsistent;
        if self.produced > self.generated {
            return Err(bad(format!("produced {} of {} generated deals", self.produced, self.generated)));
        }
        for (i, s) in self.stats.iter().enumerate() {
            s.check(self.produced).map_err(|e| bad(format!("{} {}: {e}", s.kind(), i + 1)))?;
        }
        Ok(())
    }

    /// Every statistic's end-of-run report, in action order.
    pub fn render(&self, out: &mut String) {
        for s in &self.stats {
            s.render(out, self.produced);
        }
    }
}
