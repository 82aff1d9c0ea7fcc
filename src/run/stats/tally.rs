//! The per-deal form of the `frequency` and `average` actions: each adds a deal's values to
//! slots of one flat array (no dispatch, no allocation per deal); [`Tallies::write`] puts the
//! figures into their [`Stat`]s when they are read (the workbench's snapshots, the end of a run).

use super::{Axis, Stat};

/// Where a statistic adds each deal's values.
#[derive(Clone, Copy, Debug)]
pub enum Tally {
    /// A frequency table whose cells start at `base` in the flat counts, row-major.
    Frequency {
        /// The row axis.
        rows: Axis,
        /// The column axis of a cross-tab.
        cols: Option<Axis>,
        /// Its first cell.
        base: usize,
    },
    /// An average's count and sums, at `slot`.
    Average {
        /// Its slot in the sums.
        slot: usize,
    },
    /// Any other kind: added through [`Stat::add_deal`].
    Other,
}

/// An average's running totals.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    count: u64,
    sum: i64,
    sum_sq: i128,
}

/// The flat counters of a run's frequencies and averages.
#[derive(Debug, Default)]
pub struct Tallies {
    /// Each statistic's tally, by its index in the run's statistics.
    kinds: Vec<Tally>,
    counts: Vec<u64>,
    sums: Vec<Sums>,
}

impl Tallies {
    /// Slots for every frequency and average of `stats`, starting from their figures (empty
    /// for a new run).
    pub fn new(stats: &[Stat]) -> Tallies {
        let mut t = Tallies::default();
        for s in stats {
            let kind = match s {
                Stat::Frequency(f) => {
                    let base = t.counts.len();
                    t.counts.extend(&f.counts);
                    Tally::Frequency { rows: f.rows, cols: f.cols, base }
                }
                Stat::Average(a) => {
                    t.sums.push(Sums { count: a.count, sum: a.sum, sum_sq: a.sum_sq });
                    Tally::Average { slot: t.sums.len() - 1 }
                }
                _ => Tally::Other,
            };
            t.kinds.push(kind);
        }
        t
    }

    /// Where statistic `i` adds its values.
    pub fn tally(&self, i: usize) -> Tally {
        self.kinds.get(i).copied().unwrap_or(Tally::Other)
    }

    /// Counts a deal in a one-dimensional frequency table.
    #[inline]
    pub fn count(&mut self, rows: Axis, base: usize, v: i64) {
        self.counts[base + rows.bucket(v)] += 1;
    }

    /// Counts a deal in a cross-tab.
    #[inline]
    pub fn count2(&mut self, rows: Axis, cols: Axis, base: usize, v: [i64; 2]) {
        self.counts[base + Axis::cell(rows, cols, v)] += 1;
    }

    /// Adds a deal's value to an average.
    #[inline]
    pub fn average(&mut self, slot: usize, v: i64) {
        let s = &mut self.sums[slot];
        s.count += 1;
        s.sum += v;
        s.sum_sq += i128::from(v) * i128::from(v);
    }

    /// Puts the figures into `stats`, the statistics these tallies were made from.
    pub fn write(&self, stats: &mut [Stat]) {
        for (s, kind) in stats.iter_mut().zip(&self.kinds) {
            match (s, *kind) {
                (Stat::Frequency(f), Tally::Frequency { base, .. }) => {
                    let n = f.counts.len();
                    f.counts.copy_from_slice(&self.counts[base..base + n]);
                }
                (Stat::Average(a), Tally::Average { slot }) => {
                    let t = self.sums[slot];
                    (a.count, a.sum, a.sum_sq) = (t.count, t.sum, t.sum_sq);
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::stats::{AverageStat, FrequencyStat};

    /// The flat counters give the figures the statistics' own `add` gives.
    #[test]
    fn tallies_agree_with_the_statistics() {
        let (rows, cols) = (Axis { low: 2, high: 5 }, Axis { low: -1, high: 1 });
        let mut own = vec![
            Stat::Frequency(FrequencyStat::new(None, rows, None)),
            Stat::Average(AverageStat::new(Some("a".into()))),
            Stat::Frequency(FrequencyStat::new(Some("x".into()), rows, Some(cols))),
        ];
        let mut flat = own.clone();
        let mut t = Tallies::new(&flat);
        for v in -3..9i64 {
            let pair = [v, 2 - v];
            for s in &mut own {
                s.add(pair);
            }
            let Tally::Frequency { base: b0, .. } = t.tally(0) else { panic!("a frequency") };
            t.count(rows, b0, v);
            let Tally::Average { slot } = t.tally(1) else { panic!("an average") };
            t.average(slot, v);
            let Tally::Frequency { base: b2, .. } = t.tally(2) else { panic!("a frequency") };
            t.count2(rows, cols, b2, pair);
        }
        t.write(&mut flat);
        assert_eq!(flat, own);
        let Stat::Frequency(f) = &flat[0] else { panic!("a frequency") };
        // Low holds -3..=1, 2..=5 one each, High holds 6..=8.
        assert_eq!(f.counts, vec![5, 1, 1, 1, 1, 3]);
    }
}
