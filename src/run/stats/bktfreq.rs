//! DealerV2_4's `bktfreq`: frequencies counted in buckets of a fixed width, one- or
//! two-dimensional, in DealerV2_4's layout (dealerv2/DealerV2_4 `deal_bktfreq_subs.c`, as its
//! regression output `BktFreq_s19.ref` shows it).

use super::{Statistic, StatsError, View, add_counts, check_counts};
use crate::script::ast::{Buckets, StatArgs, StatCall};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

impl Buckets {
    /// Number of buckets: Low, the in-range ones, High (`3 + (hi - lo) / size`).
    pub fn count(&self) -> usize {
        (3 + (self.hi - self.lo) / self.size).max(2) as usize
    }

    /// The bucket of a value: 0 below `lo`, the last one from the first value past the
    /// in-range buckets, else `1 + (v - lo) / size`.
    pub fn index(&self, v: i64) -> usize {
        let last = self.count() - 1;
        if v < self.lo {
            0
        } else if v >= self.lo + (last as i64 - 1) * self.size {
            last
        } else {
            1 + ((v - self.lo) / self.size) as usize
        }
    }

    /// The name of in-range bucket `i` (1-based): its lowest value.
    pub fn name(&self, i: usize) -> i64 {
        self.lo + (i as i64 - 1) * self.size
    }

    /// The names of every bucket: Low, the in-range buckets' lowest values, High.
    fn names(&self) -> Vec<String> {
        let last = self.count() - 1;
        (0..=last)
            .map(|i| match i {
                0 => "Low".to_string(),
                _ if i == last => "High".to_string(),
                _ => self.name(i).to_string(),
            })
            .collect()
    }
}

/// One `bktfreq` action's counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BktFreqStat {
    /// The description, if the script gave one.
    pub label: Option<String>,
    /// The first (down) axis.
    pub rows: Buckets,
    /// The second (across) axis of a two-dimensional table.
    pub cols: Option<Buckets>,
    /// Counts, row-major.
    pub counts: Vec<u64>,
}

impl BktFreqStat {
    /// An empty table.
    pub fn new(label: Option<String>, rows: Buckets, cols: Option<Buckets>) -> BktFreqStat {
        let n = rows.count() * cols.map_or(1, |c| c.count());
        BktFreqStat { label, rows, cols, counts: vec![0; n] }
    }

    fn width(&self) -> usize {
        self.cols.map_or(1, |c| c.count())
    }

    fn one_dimension(&self, out: &mut String) {
        let label = self.label.as_deref().unwrap_or("");
        let _ = write!(out, "\nDescription: {label}\nValue\t   Count\t   Pct.\t  CumPct\n");
        let total: u64 = self.counts.iter().sum();
        let per_cent = total as f64 / 100.0;
        let mut cum = 0.0;
        let last = self.counts.len() - 1;
        for (i, &n) in self.counts.iter().enumerate() {
            let name = match i {
                0 if n == 0 => continue,
                0 => "Low".to_string(),
                _ if i == last && n == 0 => continue,
                _ if i == last => "High".to_string(),
                _ => format!("{:5}", self.rows.name(i)),
            };
            let pct = n as f64 / per_cent;
            cum += pct;
            let _ = writeln!(out, "{name}\t{n:8}\t{}\t{}", pct7(pct), pct7(cum));
        }
        let _ = writeln!(out, "    \t--------\nTotal\t{total:8}\t{}", pct7(100.0));
    }

    fn two_dimensions(&self, out: &mut String, cols: Buckets) {
        let label = self.label.as_deref().unwrap_or("");
        let _ = write!(out, "\nDescription: {label} \n           Low");
        let (nr, nc) = (self.rows.count(), cols.count());
        for c in 1..nc - 1 {
            let _ = write!(out, " {:8}", cols.name(c));
        }
        out.push_str("     High    Sum\n");
        let mut col_sums = vec![0u64; nc];
        for r in 0..nr {
            match r {
                0 => out.push_str(" Low "),
                _ if r == nr - 1 => out.push_str("High "),
                _ => {
                    let _ = write!(out, "{:4} ", self.rows.name(r));
                }
            }
            let row = &self.counts[r * nc..(r + 1) * nc];
            for (c, &n) in row.iter().enumerate() {
                let _ = write!(out, " {n:8}");
                col_sums[c] += n;
            }
            let _ = writeln!(out, " {:8}", row.iter().sum::<u64>());
        }
        out.push_str("Sum  ");
        for n in &col_sums {
            let _ = write!(out, " {n:8}");
        }
        let _ = writeln!(out, " {:8}", col_sums.iter().sum::<u64>());
    }
}

impl Statistic for BktFreqStat {
    const KIND: &'static str = "bktfreq";

    fn from_call(call: &StatCall) -> Option<BktFreqStat> {
        let StatArgs::Buckets(axes) = &call.args else { return None };
        Some(BktFreqStat::new(call.label.clone(), *axes.first()?, axes.get(1).copied()))
    }

    fn add(&mut self, values: [i64; 2]) {
        let c = self.cols.map_or(0, |a| a.index(values[1]));
        let i = self.rows.index(values[0]) * self.width() + c;
        self.counts[i] += 1;
    }

    fn merge(&mut self, other: &BktFreqStat) -> Result<(), StatsError> {
        if (&self.label, self.rows, self.cols) != (&other.label, other.rows, other.cols) {
            return Err(StatsError::Shape(format!("bktfreq {:?} differs in its label or buckets", self.label)));
        }
        add_counts(&mut self.counts, &other.counts, "bktfreq")
    }

    /// The table as DealerV2_4 prints it at the end of the run.
    fn render(&self, out: &mut String, _produced: u64) {
        match self.cols {
            None => self.one_dimension(out),
            Some(cols) => self.two_dimensions(out, cols),
        }
    }

    fn check(&self, produced: u64) -> Result<(), StatsError> {
        // as Buckets::count, in wide integers: a read file's buckets may be anything
        let count =
            |b: Buckets| (b.size > 0).then(|| (3 + (i128::from(b.hi) - i128::from(b.lo)) / i128::from(b.size)).max(2));
        let cells = match (count(self.rows), self.cols.map(count)) {
            (Some(r), None) => Some(r),
            (Some(r), Some(Some(c))) => r.checked_mul(c),
            _ => None,
        };
        check_counts(&self.counts, cells, produced, "buckets")
    }

    fn view(&self) -> View {
        let (label, rows) = (self.label.clone(), self.rows.names());
        match self.cols {
            None => {
                let last = rows.len() - 1;
                let shown = |&(i, &n): &(usize, &u64)| (i != 0 && i != last) || n != 0;
                let rows = self.counts.iter().enumerate().filter(shown).map(|(i, &n)| (rows[i].clone(), n)).collect();
                View::Histogram { label, rows }
            }
            Some(c) => View::CrossTab { label, rows, cols: c.names(), counts: self.counts.clone() },
        }
    }
}

/// C's `%7.2f`, with glibc's `-nan` for the 0/0 of an empty table.
fn pct7(v: f64) -> String {
    if v.is_nan() { format!("{:>7}", "-nan") } else { format!("{v:7.2}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_as_dealerv2() {
        // bktfreq (x, 5.00, 22.00, 0.50): 500..2200 by 50, 37 buckets.
        let b = Buckets { lo: 500, hi: 2200, size: 50 };
        assert_eq!(b.count(), 37);
        assert_eq!((b.index(499), b.index(500), b.index(549), b.index(550)), (0, 1, 1, 2));
        assert_eq!((b.index(2200), b.index(2249), b.index(2250)), (35, 35, 36));
        assert_eq!((b.name(1), b.name(35)), (500, 2200));
        // a range that is not a whole number of buckets: 2, 9 by 2 -> 2 4 6 8, High from 10
        let b = Buckets { lo: 2, hi: 9, size: 2 };
        assert_eq!(b.count(), 6);
        assert_eq!((b.index(9), b.index(10)), (4, 5));
    }
}
