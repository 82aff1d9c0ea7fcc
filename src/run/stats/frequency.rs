//! `frequency`: a histogram of an expression, or a cross-tab of two, with Low and High buckets.

use super::{Statistic, StatsError, View, add_counts, check_counts};
use crate::script::ast::{StatArgs, StatCall};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

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
    /// Number of buckets: Low, the values and High.
    pub fn buckets(&self) -> usize {
        self.width() + 2
    }
    /// Index of a cross-tab's cell, row-major, for the values `v` (row, column).
    #[inline]
    pub fn cell(rows: Axis, cols: Axis, v: [i64; 2]) -> usize {
        rows.bucket(v[0]) * cols.buckets() + cols.bucket(v[1])
    }
    /// The name of bucket `b`: Low, the value, or High.
    pub fn bucket_name(&self, b: usize) -> String {
        match b {
            0 => "Low".into(),
            _ if b == self.width() + 1 => "High".into(),
            _ => (self.low + b as i64 - 1).to_string(),
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
        let n = rows.buckets() * cols.map_or(1, |c| c.buckets());
        FrequencyStat { label, rows, cols, counts: vec![0; n] }
    }
    /// Number of column buckets (1 for a one-dimensional table).
    pub fn col_buckets(&self) -> usize {
        self.cols.map_or(1, |c| c.buckets())
    }
    /// The count in a row bucket and column bucket.
    pub fn cell(&self, row: usize, col: usize) -> u64 {
        self.counts[row * self.col_buckets() + col]
    }

    fn one_dimension(&self, out: &mut String) {
        let w = self.rows.width();
        if self.cell(0, 0) != 0 {
            let _ = writeln!(out, "Low\t{:8}", self.cell(0, 0));
        }
        for i in 0..w {
            let _ = writeln!(out, "{:5}\t{:8}", self.rows.low + i as i64, self.cell(i + 1, 0));
        }
        if self.cell(w + 1, 0) != 0 {
            let _ = writeln!(out, "High\t{:8}", self.cell(w + 1, 0));
        }
    }

    fn two_dimensions(&self, out: &mut String, c: Axis) {
        let (rows, cols) = (self.rows.buckets(), self.col_buckets());
        out.push_str("        Low");
        for v in c.low..=c.high {
            let _ = write!(out, " {v:6}");
        }
        out.push_str("   High    Sum\n");
        let mut col_sums = vec![0u64; cols];
        for r in 0..rows {
            let label = match r {
                0 => "Low ".to_string(),
                _ if r == rows - 1 => "High".to_string(),
                _ => format!("{:4}", self.rows.low + r as i64 - 1),
            };
            out.push_str(&label);
            let mut sum = 0;
            for (j, cs) in col_sums.iter_mut().enumerate() {
                let v = self.cell(r, j);
                let _ = write!(out, " {v:6}");
                sum += v;
                *cs += v;
            }
            let _ = writeln!(out, " {sum:6}");
        }
        out.push_str("Sum ");
        for v in &col_sums {
            let _ = write!(out, " {v:6}");
        }
        let _ = writeln!(out, " {:6}\n", col_sums.iter().sum::<u64>());
    }
}

impl Statistic for FrequencyStat {
    const KIND: &'static str = "frequency";

    fn from_call(call: &StatCall) -> Option<FrequencyStat> {
        let StatArgs::Ranges(ranges) = &call.args else { return None };
        let axis = |&(low, high): &(i64, i64)| Axis { low, high };
        Some(FrequencyStat::new(call.label.clone(), axis(ranges.first()?), ranges.get(1).map(axis)))
    }

    fn add(&mut self, values: [i64; 2]) {
        let i = match self.cols {
            Some(cols) => Axis::cell(self.rows, cols, values),
            None => self.rows.bucket(values[0]),
        };
        self.counts[i] += 1;
    }

    fn merge(&mut self, other: &FrequencyStat) -> Result<(), StatsError> {
        if (&self.label, self.rows, self.cols) != (&other.label, other.rows, other.cols) {
            return Err(StatsError::Shape(format!("frequency {:?} differs in its label or ranges", self.label)));
        }
        add_counts(&mut self.counts, &other.counts, "frequency")
    }

    /// `Frequency label:` and the table, in dealer 1.24's layout.
    fn render(&self, out: &mut String, _produced: u64) {
        let _ = writeln!(out, "Frequency {}:", self.label.as_deref().unwrap_or(""));
        match self.cols {
            None => self.one_dimension(out),
            Some(c) => self.two_dimensions(out, c),
        }
    }

    fn check(&self, produced: u64) -> Result<(), StatsError> {
        let buckets = |a: Axis| (i128::from(a.high) - i128::from(a.low) + 1).max(0) + 2;
        let cells = buckets(self.rows).checked_mul(self.cols.map_or(1, buckets));
        check_counts(&self.counts, cells, produced, "axes")
    }

    fn view(&self) -> View {
        let label = self.label.clone();
        let rows: Vec<String> = (0..self.rows.buckets()).map(|b| self.rows.bucket_name(b)).collect();
        match self.cols {
            None => {
                let last = rows.len() - 1;
                let keep = |(b, _): &(usize, &u64)| (*b != 0 && *b != last) || self.counts[*b] != 0;
                let rows = self.counts.iter().enumerate().filter(keep).map(|(b, &n)| (rows[b].clone(), n)).collect();
                View::Histogram { label, rows }
            }
            Some(c) => {
                let cols = (0..c.buckets()).map(|b| c.bucket_name(b)).collect();
                View::CrossTab { label, rows, cols, counts: self.counts.clone() }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_buckets_match_dealer() {
        let a = Axis { low: 8, high: 12 };
        assert_eq!((a.bucket(7), a.bucket(8), a.bucket(12), a.bucket(13)), (0, 1, 5, 6));
        assert_eq!((a.bucket_name(0), a.bucket_name(1), a.bucket_name(6)), ("Low".into(), "8".into(), "High".into()));
    }

    #[test]
    fn histogram_view_drops_empty_low_and_high() {
        let mut f = FrequencyStat::new(None, Axis { low: 1, high: 2 }, None);
        f.add([2, 0]);
        f.add([5, 0]);
        let View::Histogram { rows, .. } = f.view() else { panic!("a histogram") };
        assert_eq!(rows, vec![("1".into(), 0), ("2".into(), 1), ("High".into(), 1)]);
    }
}
