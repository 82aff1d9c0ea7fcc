//! Statistics a run accumulates: averages and frequency tables.

use serde::{Deserialize, Serialize};

/// One `average` action's running totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AverageStat {
    /// The label, if the script gave one.
    pub label: Option<String>,
    /// Number of values added (the produced deals).
    pub count: u64,
    /// Sum of the values.
    pub sum: i64,
    /// Sum of the squares of the values.
    pub sum_sq: i128,
}

impl AverageStat {
    /// Adds one value.
    pub fn add(&mut self, v: i64) {
        self.count += 1;
        self.sum += v;
        self.sum_sq += i128::from(v) * i128::from(v);
    }
    /// The mean, NaN with no values.
    pub fn mean(&self) -> f64 {
        self.sum as f64 / self.count as f64
    }
    /// The standard error of the mean (sample standard deviation / √n); NaN below two values.
    pub fn std_error(&self) -> f64 {
        if self.count < 2 {
            return f64::NAN;
        }
        let n = self.count as f64;
        let var = (self.sum_sq as f64 - (self.sum as f64).powi(2) / n) / (n - 1.0);
        (var.max(0.0) / n).sqrt()
    }
    /// Adds another shard's totals.
    pub fn merge(&mut self, other: &AverageStat) {
        self.count += other.count;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }
}

/// One axis of a frequency table: values `low..=high` plus Low and High buckets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Axis {
    /// Lowest value with a row of its own.
    pub low: i64,
    /// Highest value with a row of its own.
    pub high: i64,
}

impl Axis {
    /// Number of in-range values.
    pub fn width(&self) -> usize {
        self.high.saturating_sub(self.low).saturating_add(1).max(0) as usize
    }
    /// Bucket index: 0 = Low, 1..=width = values, width + 1 = High.
    pub fn bucket(&self, v: i64) -> usize {
        if v > self.high {
            self.width() + 1
        } else if v < self.low {
            0
        } else {
            (v - self.low + 1) as usize
        }
    }
}

/// One `frequency` action's counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FrequencyStat {
    /// The label, if the script gave one.
    pub label: Option<String>,
    /// The first (row) axis.
    pub rows: Axis,
    /// The second (column) axis of a cross-tab.
    pub cols: Option<Axis>,
    /// Counts, row-major over buckets (Low, values…, High) × (Low, values…, High or one column).
    pub counts: Vec<u64>,
}

impl FrequencyStat {
    /// An empty table.
    pub fn new(label: Option<String>, rows: Axis, cols: Option<Axis>) -> FrequencyStat {
        let n = (rows.width() + 2) * cols.map_or(1, |c| c.width() + 2);
        FrequencyStat { label, rows, cols, counts: vec![0; n] }
    }
    /// Number of column buckets (1 for a one-dimensional table).
    pub fn col_buckets(&self) -> usize {
        self.cols.map_or(1, |c| c.width() + 2)
    }
    /// Counts one value (and a second for a cross-tab).
    pub fn add(&mut self, v1: i64, v2: i64) {
        let r = self.rows.bucket(v1);
        let c = self.cols.map_or(0, |a| a.bucket(v2));
        let i = r * self.col_buckets() + c;
        self.counts[i] += 1;
    }
    /// The count in a row bucket and column bucket.
    pub fn cell(&self, row: usize, col: usize) -> u64 {
        self.counts[row * self.col_buckets() + col]
    }
    /// Adds another shard's counts (same shape).
    pub fn merge(&mut self, other: &FrequencyStat) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }
}

/// Every statistic of a run, in the script's action order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Deals dealt so far.
    pub generated: u64,
    /// Deals that matched the condition so far.
    pub produced: u64,
    /// The `average` actions.
    pub averages: Vec<AverageStat>,
    /// The `frequency` actions.
    pub frequencies: Vec<FrequencyStat>,
}

impl Stats {
    /// Adds another shard's figures; an error when the two runs' statistics differ in shape.
    pub fn merge(&mut self, other: &Stats) -> Result<(), String> {
        let same_averages = self.averages.len() == other.averages.len()
            && self.averages.iter().zip(&other.averages).all(|(a, b)| a.label == b.label);
        let same_freqs = self.frequencies.len() == other.frequencies.len()
            && self.frequencies.iter().zip(&other.frequencies).all(|(a, b)| {
                a.label == b.label && a.rows == b.rows && a.cols == b.cols && a.counts.len() == b.counts.len()
            });
        if !same_averages || !same_freqs {
            return Err("the files come from different scripts: their averages and frequencies differ".into());
        }
        self.generated += other.generated;
        self.produced += other.produced;
        for (a, b) in self.averages.iter_mut().zip(&other.averages) {
            a.merge(b);
        }
        for (a, b) in self.frequencies.iter_mut().zip(&other.frequencies) {
            a.merge(b);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_buckets_match_dealer() {
        let a = Axis { low: 8, high: 12 };
        assert_eq!((a.bucket(7), a.bucket(8), a.bucket(12), a.bucket(13)), (0, 1, 5, 6));
    }

    #[test]
    fn average_and_error() {
        let mut s = AverageStat::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            s.add(v);
        }
        assert_eq!(s.mean(), 5.0);
        // sample sd = sqrt(32/7); se = sd / sqrt(8)
        assert!((s.std_error() - (32.0f64 / 7.0).sqrt() / 8f64.sqrt()).abs() < 1e-12);
    }
}
