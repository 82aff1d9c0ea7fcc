//! `--dd-summary`: what the kept deals make double dummy. For each declarer and strain the mean
//! tricks and, per level, the share of deals on which a contract at that level makes; the
//! distribution of par scores and the commonest par contracts (at the run's vulnerability).

use super::{Sample, Statistic, StatsError, View, add_count};
use crate::dd::{DdTable, par};
use crate::eval::EvalError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Seats and strains as the tables name them.
const SEATS: [&str; 4] = ["N", "E", "S", "W"];
const STRAINS: [&str; 5] = ["C", "D", "H", "S", "NT"];
/// How many par contracts the report lists.
const COMMONEST: usize = 10;

/// The counts behind the summary (all sums of counts, so shards add up exactly).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DdSummaryStat {
    /// Deals counted.
    pub deals: u64,
    /// `tricks[declarer N,E,S,W][strain C,D,H,S,NT][t]`: deals on which declarer takes `t` tricks.
    pub tricks: Vec<Vec<Vec<u64>>>,
    /// Deals by par score (North-South's view).
    pub par_scores: BTreeMap<i32, u64>,
    /// Deals by par contracts (`4S-NS+1`, `pass`).
    pub par_contracts: BTreeMap<String, u64>,
}

impl DdSummaryStat {
    /// No deals yet.
    pub fn new() -> DdSummaryStat {
        DdSummaryStat { tricks: vec![vec![vec![0; 14]; 5]; 4], ..DdSummaryStat::default() }
    }

    /// Counts one deal's table and par.
    pub fn count(&mut self, table: [[u8; 5]; 4], par_score: i32, par_contracts: &str) {
        self.deals += 1;
        for (row, seat) in self.tricks.iter_mut().zip(table) {
            for (counts, t) in row.iter_mut().zip(seat) {
                counts[usize::from(t).min(13)] += 1;
            }
        }
        *self.par_scores.entry(par_score).or_default() += 1;
        *self.par_contracts.entry(par_contracts.to_string()).or_default() += 1;
    }

    /// Declarer's mean tricks in the strain.
    pub fn mean_tricks(&self, seat: usize, strain: usize) -> f64 {
        let counts = &self.tricks[seat][strain];
        let sum: u64 = counts.iter().enumerate().map(|(t, &n)| t as u64 * n).sum();
        sum as f64 / self.deals as f64
    }

    /// The share of deals on which declarer makes the strain at `level` (1..=7).
    pub fn makes(&self, seat: usize, strain: usize, level: usize) -> f64 {
        let made: u64 = self.tricks[seat][strain][level + 6..].iter().sum();
        made as f64 / self.deals as f64
    }

    /// The par contracts, commonest first (ties by name), at most `n`.
    pub fn commonest(&self, n: usize) -> Vec<(&str, u64)> {
        let mut all: Vec<(&str, u64)> = self.par_contracts.iter().map(|(c, &k)| (c.as_str(), k)).collect();
        all.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        all.truncate(n);
        all
    }

    /// The report's lines.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!("Double dummy over {} deals", self.deals)];
        if self.deals == 0 {
            return out;
        }
        out.push(format!("Mean tricks{}", STRAINS.iter().map(|s| format!("{s:>7}")).collect::<String>()));
        for (d, seat) in SEATS.iter().enumerate() {
            let cells: String = (0..5).map(|s| format!("{:7.2}", self.mean_tricks(d, s))).collect();
            out.push(format!("{seat:<11}{cells}"));
        }
        out.push(String::new());
        out.push(format!("Makes %{}", (1..=7).map(|l| format!("{l:>6}")).collect::<String>()));
        for (d, seat) in SEATS.iter().enumerate() {
            for (s, strain) in STRAINS.iter().enumerate() {
                let cells: String = (1..=7).map(|l| format!("{:6.1}", 100.0 * self.makes(d, s, l))).collect();
                out.push(format!("{seat} {strain:<5}{cells}"));
            }
        }
        out.push(String::new());
        out.push("Par score (NS)   deals       %".into());
        for (score, &n) in self.par_scores.iter().rev() {
            out.push(format!("{score:>+14}{n:>8}{:8.1}", self.percent(n)));
        }
        out.push(String::new());
        out.push("Par contract     deals       %".into());
        for (c, n) in self.commonest(COMMONEST) {
            out.push(format!("{c:<14}{n:>8}{:8.1}", self.percent(n)));
        }
        out
    }

    fn percent(&self, n: u64) -> f64 {
        100.0 * n as f64 / self.deals as f64
    }
}

impl Statistic for DdSummaryStat {
    const KIND: &'static str = "dd summary";

    /// Counts the deal's 20 results and its par at the run's vulnerability.
    fn add_deal(&mut self, deal: &mut Sample) -> Result<(), EvalError> {
        let table = deal.table("--dd-summary")?;
        let p = par(&DdTable { tricks: table }, deal.vulnerable());
        self.count(table, p.score_ns, &p.contracts);
        Ok(())
    }

    fn needs_table(&self) -> bool {
        true
    }

    fn is_study(&self) -> bool {
        true
    }

    fn merge(&mut self, other: &DdSummaryStat) -> Result<(), StatsError> {
        self.check_shape()?;
        other.check_shape()?;
        add_count(&mut self.deals, other.deals, "dd summary's count")?;
        for (a, b) in self.tricks.iter_mut().flatten().zip(other.tricks.iter().flatten()) {
            super::add_counts(a, b, "dd summary")?;
        }
        for (k, &n) in &other.par_scores {
            add_count(self.par_scores.entry(*k).or_default(), n, "par score count")?;
        }
        for (k, &n) in &other.par_contracts {
            add_count(self.par_contracts.entry(k.clone()).or_default(), n, "par contract count")?;
        }
        Ok(())
    }

    fn render(&self, out: &mut String, _produced: u64) {
        for line in self.lines() {
            let _ = writeln!(out, "{line}");
        }
    }

    fn check(&self, produced: u64) -> Result<(), StatsError> {
        self.check_shape()?;
        let bad = |what: String| Err(StatsError::Inconsistent(what));
        if self.deals != produced {
            return bad(format!("{} deals for {produced} produced deals", self.deals));
        }
        let every = self.tricks.iter().flatten().all(|c| total(c.iter()) == Some(produced));
        if !every || total(self.par_scores.values()) != Some(produced) {
            return bad(format!("its counts do not add up to {produced} produced deals"));
        }
        if total(self.par_contracts.values()) != Some(produced) {
            return bad(format!("its par contracts do not add up to {produced} produced deals"));
        }
        Ok(())
    }

    fn view(&self) -> View {
        View::Lines { label: Some("Contracts".into()), lines: self.lines() }
    }
}

/// The sum of counts, `None` when it overflows.
fn total<'a>(mut counts: impl Iterator<Item = &'a u64>) -> Option<u64> {
    counts.try_fold(0u64, |t, &c| t.checked_add(c))
}

impl DdSummaryStat {
    /// Four seats by five strains by 14 trick counts.
    fn check_shape(&self) -> Result<(), StatsError> {
        let ok = self.tricks.len() == 4 && self.tricks.iter().all(|r| r.len() == 5 && r.iter().all(|c| c.len() == 14));
        if ok { Ok(()) } else { Err(StatsError::Inconsistent("the dd summary's table is not 4 × 5 × 14".into())) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(base: u8) -> [[u8; 5]; 4] {
        let mut t = [[0; 5]; 4];
        for (d, row) in t.iter_mut().enumerate() {
            for (s, x) in row.iter_mut().enumerate() {
                *x = if d % 2 == 0 { base + s as u8 } else { 13 - base - s as u8 };
            }
        }
        t
    }

    #[test]
    fn means_and_makes_count_the_deals() {
        let mut s = DdSummaryStat::new();
        s.count(table(6), 90, "1C-NS");
        s.count(table(8), 110, "2D-NS");
        assert_eq!(s.mean_tricks(0, 0), 7.0);
        // North's clubs: 6 and 8 tricks.
        assert_eq!((s.makes(0, 0, 1), s.makes(0, 0, 2), s.makes(0, 0, 3)), (0.5, 0.5, 0.0));
        assert_eq!((s.makes(1, 0, 1), s.makes(1, 0, 2)), (0.5, 0.0));
        assert_eq!(s.commonest(1), vec![("1C-NS", 1)]);
        assert!(s.check(2).is_ok() && s.check(3).is_err());
    }

    #[test]
    fn merged_halves_equal_the_whole() {
        let (mut a, mut b, mut whole) = (DdSummaryStat::new(), DdSummaryStat::new(), DdSummaryStat::new());
        for (i, (base, score, c)) in [(6, 90, "1C-NS"), (7, -100, "2S*-NS-1"), (6, 90, "1C-NS")].into_iter().enumerate()
        {
            if i % 2 == 0 { &mut a } else { &mut b }.count(table(base), score, c);
            whole.count(table(base), score, c);
        }
        a.merge(&b).unwrap();
        assert_eq!(a, whole);
    }
}
