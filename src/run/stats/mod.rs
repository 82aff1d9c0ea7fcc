//! The statistics a run accumulates, one kind per file. Every kind is a [`Statistic`]: it is
//! built from its action (or switch), adds each produced deal, merges another shard's figures,
//! prints its end-of-run report and gives the workbench a [`View`] to draw. The [`statistics!`]
//! list below names every kind once; docs/statistics.md says how to add one.

mod average;
mod bktfreq;
mod compare;
mod dd_summary;
mod evalcontract;
pub mod file;
mod frequency;
mod hand_types;
mod leads;
mod sample;
mod tally;

pub use average::AverageStat;
pub use bktfreq::BktFreqStat;
pub use compare::{CompareStat, ContractAt, PairSums, Sums};
pub use dd_summary::DdSummaryStat;
pub use evalcontract::EvalContractStat;
pub use frequency::{Axis, FrequencyStat};
pub use hand_types::{HandTypeStat, Share, share};
pub use leads::{LeadContract, LeadRow, LeadsStat};
pub use sample::Sample;
pub use tally::{Tallies, Tally};

use crate::eval::EvalError;
use crate::script::ast::StatCall;
use serde::{Deserialize, Serialize};

/// What every kind of statistic does.
pub trait Statistic {
    /// Its name in messages (`frequency`), and the script's word for it when it has one.
    const KIND: &'static str;
    /// The empty statistic of a script's action named [`Self::KIND`], when it is built from one.
    fn from_call(_call: &StatCall) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
    /// Adds one produced deal by the values of the action's expressions: the first and, for a
    /// two-dimensional table, the second (0 otherwise). A statistic of the deal itself (its
    /// double-dummy results) adds nothing here and reads the deal in [`Statistic::add_deal`].
    fn add(&mut self, _values: [i64; 2]) {}
    /// Adds one produced deal: by default its expressions' values ([`Statistic::add`]).
    fn add_deal(&mut self, deal: &mut Sample) -> Result<(), EvalError> {
        self.add(deal.values);
        Ok(())
    }
    /// True for a study of the command line's (`--dd-summary`): reported after the statistics
    /// lines, drawn in a pane of its own.
    fn is_study(&self) -> bool {
        false
    }
    /// True when [`Statistic::add_deal`] reads the deal's whole double-dummy table, so that
    /// the worker that found the deal solves it.
    fn needs_table(&self) -> bool {
        false
    }
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

/// The one list of the kinds of statistic: `Variant(Type)`, the variant's name lowercased
/// being its key in `--stats-json` files. It makes [`Stat`] and its dispatch to the kind's
/// [`Statistic`] methods.
macro_rules! statistics {
    ($($(#[$doc:meta])* $variant:ident($ty:ty),)*) => {
        /// One statistic of a run, of any kind.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum Stat {
            $($(#[$doc])* $variant($ty),)*
        }

        impl Stat {
            /// The empty statistic of a script's statistics action.
            pub fn from_call(call: &StatCall) -> Option<Stat> {
                $(if call.name == <$ty>::KIND {
                    return <$ty>::from_call(call).map(Stat::$variant);
                })*
                None
            }
            /// Adds one produced deal's values (see [`Statistic::add`]).
            pub fn add(&mut self, values: [i64; 2]) {
                match self { $(Stat::$variant(s) => s.add(values),)* }
            }
            /// Adds one produced deal (see [`Statistic::add_deal`]).
            pub fn add_deal(&mut self, deal: &mut Sample) -> Result<(), EvalError> {
                match self { $(Stat::$variant(s) => s.add_deal(deal),)* }
            }
            /// See [`Statistic::is_study`].
            pub fn is_study(&self) -> bool {
                match self { $(Stat::$variant(s) => s.is_study(),)* }
            }
            /// See [`Statistic::needs_table`].
            pub fn needs_table(&self) -> bool {
                match self { $(Stat::$variant(s) => s.needs_table(),)* }
            }
            /// Adds another shard's figures of the same kind and shape.
            pub fn merge(&mut self, other: &Stat) -> Result<(), StatsError> {
                match (self, other) {
                    $((Stat::$variant(a), Stat::$variant(b)) => a.merge(b),)*
                    (a, b) => Err(StatsError::Shape(format!("{} where the other has {}", a.kind(), b.kind()))),
                }
            }
            /// The end-of-run report.
            pub fn render(&self, out: &mut String, produced: u64) {
                match self { $(Stat::$variant(s) => s.render(out, produced),)* }
            }
            /// What the workbench draws.
            pub fn view(&self) -> View {
                match self { $(Stat::$variant(s) => s.view(),)* }
            }
            /// See [`Statistic::check`].
            pub fn check(&self, produced: u64) -> Result<(), StatsError> {
                match self { $(Stat::$variant(s) => s.check(produced),)* }
            }
            /// The kind's name.
            pub fn kind(&self) -> &'static str {
                match self { $(Stat::$variant(_) => <$ty>::KIND,)* }
            }
        }
    };
}

statistics! {
    /// `average`.
    Average(AverageStat),
    /// `frequency`, one- or two-dimensional.
    Frequency(FrequencyStat),
    /// DealerV2_4's `bktfreq`, one- or two-dimensional.
    BktFreq(BktFreqStat),
    /// DealerV2_4's `evalcontract`.
    EvalContract(EvalContractStat),
    /// The `HandType_` variables' mix (after the actions' statistics).
    HandTypes(HandTypeStat),
    /// `--dd-summary`: tricks, makes and par over the kept deals.
    DdSummary(DdSummaryStat),
    /// `--compare`: contracts against each other on the same deals.
    Compare(CompareStat),
    /// `--leads`: every opening lead against a contract.
    Leads(LeadsStat),
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

/// Every statistic of a run, in the script's action order, with the run's counters.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Deals dealt so far.
    pub generated: u64,
    /// Deals that matched the condition so far.
    pub produced: u64,
    /// The statistics, in action order, then the hand types' and the studies' (the command
    /// line's, [`RunOptions::studies`](crate::run::RunOptions::studies)).
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

    /// The hand types' figures, when the script defines any.
    pub fn hand_types(&self) -> Option<&HandTypeStat> {
        self.stats.iter().find_map(|s| if let Stat::HandTypes(h) = s { Some(h) } else { None })
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

    /// Every statistic's end-of-run report, in action order, but the studies'.
    pub fn render(&self, out: &mut String) {
        for s in self.stats.iter().filter(|s| !s.is_study()) {
            s.render(out, self.produced);
        }
    }

    /// The studies' reports, printed after the statistics lines.
    pub fn render_studies(&self, out: &mut String) {
        for s in self.stats.iter().filter(|s| s.is_study()) {
            s.render(out, self.produced);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Stat;
    use crate::script::ast::Action;
    use crate::script::vocab::VOCAB;

    #[test]
    fn every_statistics_word_builds_its_statistic() {
        let words: Vec<_> = VOCAB.iter().filter(|en| en.stat.is_some()).collect();
        assert_eq!(words.len(), 4);
        for en in words {
            let p = crate::eval::compile(en.example, "t.dlr", &Default::default()).unwrap();
            let calls: Vec<_> =
                p.actions.iter().filter_map(|a| if let Action::Stat(c) = a { Some(c) } else { None }).collect();
            assert_eq!(calls.len(), 1, "{}", en.name);
            assert_eq!(Stat::from_call(calls[0]).map(|s| s.kind()), Some(en.name));
        }
    }
}
