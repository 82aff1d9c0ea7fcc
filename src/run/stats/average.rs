//! `average`: the mean of an expression over the produced deals.

use super::{Statistic, StatsError, View, add_count};
use crate::report::stats::fmt_g;
use crate::script::ast::StatCall;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

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
    /// No values yet.
    pub fn new(label: Option<String>) -> AverageStat {
        AverageStat { label, ..AverageStat::default() }
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
}

impl Statistic for AverageStat {
    const KIND: &'static str = "average";

    fn from_call(call: &StatCall) -> Option<AverageStat> {
        Some(AverageStat::new(call.label.clone()))
    }

    fn add(&mut self, values: [i64; 2]) {
        let v = values[0];
        self.count += 1;
        self.sum += v;
        self.sum_sq += i128::from(v) * i128::from(v);
    }

    fn merge(&mut self, other: &AverageStat) -> Result<(), StatsError> {
        if self.label != other.label {
            return Err(StatsError::Shape(format!("average {:?} against {:?}", self.label, other.label)));
        }
        add_count(&mut self.count, other.count, "average's count")?;
        self.sum = self.sum.checked_add(other.sum).ok_or(StatsError::Overflow("average's sum"))?;
        self.sum_sq = self.sum_sq.checked_add(other.sum_sq).ok_or(StatsError::Overflow("average's sum of squares"))?;
        Ok(())
    }

    /// `label: ` and the mean (`-nan` with no values, as dealer prints 0/0).
    fn render(&self, out: &mut String, _produced: u64) {
        if let Some(l) = &self.label {
            let _ = write!(out, "{l}: ");
        }
        let mean = if self.count == 0 { -f64::NAN } else { self.mean() };
        let _ = writeln!(out, "{}", fmt_g(mean));
    }

    fn check(&self, produced: u64) -> Result<(), StatsError> {
        if self.count != produced {
            return Err(StatsError::Inconsistent(format!("count {} for {produced} produced deals", self.count)));
        }
        Ok(())
    }

    fn view(&self) -> View {
        View::Mean { label: self.label.clone(), count: self.count, mean: self.mean(), std_error: self.std_error() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn average_and_error() {
        let mut s = AverageStat::default();
        for v in [2, 4, 4, 4, 5, 5, 7, 9] {
            s.add([v, 0]);
        }
        assert_eq!(s.mean(), 5.0);
        // sample sd = sqrt(32/7); se = sd / sqrt(8)
        assert!((s.std_error() - (32.0f64 / 7.0).sqrt() / 8f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn merged_halves_equal_the_whole() {
        let (mut a, mut b, mut whole) = (AverageStat::default(), AverageStat::default(), AverageStat::default());
        for (i, v) in [3, 8, -1, 12, 7].into_iter().enumerate() {
            if i % 2 == 0 { &mut a } else { &mut b }.add([v, 0]);
            whole.add([v, 0]);
        }
        a.merge(&b).unwrap();
        assert_eq!(a, whole);
    }

    #[test]
    fn overflowing_sums_are_refused() {
        let mut a = AverageStat { count: 1, sum: i64::MAX, ..Default::default() };
        let b = AverageStat { count: 1, sum: 1, ..Default::default() };
        assert_eq!(a.merge(&b), Err(StatsError::Overflow("average's sum")));
    }
}
