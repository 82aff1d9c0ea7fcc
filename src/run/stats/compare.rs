//! `--compare 3N:N,4H:S`: contracts played double dummy on the same deals. Per contract its make
//! share and mean score (declarer's side's view, at the run's vulnerability); per pair the mean
//! IMP difference and matchpoint share, each with its standard error, in the first contract's
//! declaring side's view.

use super::{Sample, Statistic, StatsError, View, add_count};
use crate::cards::Vul;
use crate::dd::score::{Contract, imps, score};
use crate::eval::EvalError;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

const SEATS: &str = "NESW";
const STRAINS: &str = "CDHSN";

/// A contract and its declarer (seat 0 N … 3 W).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContractAt {
    /// Level, strain and doubling.
    pub contract: Contract,
    /// Declarer: 0 N, 1 E, 2 S, 3 W.
    pub declarer: usize,
}

impl std::fmt::Display for ContractAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = self.contract;
        let strain = char::from(STRAINS.as_bytes()[usize::from(c.strain)]);
        let seat = char::from(SEATS.as_bytes()[self.declarer]);
        write!(f, "{}{strain}{}:{seat}", c.level, ["", "x", "xx"][usize::from(c.doubled.min(2))])
    }
}

impl ContractAt {
    /// Reads `3N:N`, `4H:S`, `4Sx:E`, `6NT:W` (any case).
    pub fn parse(text: &str) -> Result<ContractAt, String> {
        let bad = || format!("`{text}`: expected a contract and its declarer, such as `3N:N` or `4Hx:S`");
        let (c, seat) = text.trim().split_once(':').ok_or_else(bad)?;
        let c = c.to_ascii_uppercase();
        let level = c.get(..1).and_then(|l| l.parse::<u8>().ok()).filter(|l| (1..=7).contains(l)).ok_or_else(bad)?;
        let rest = &c[1..];
        let doubled = rest.len() - rest.trim_end_matches('X').len();
        let strain = match &rest[..rest.len() - doubled] {
            "NT" => 4,
            s if s.len() == 1 => STRAINS.find(s).ok_or_else(bad)?,
            _ => return Err(bad()),
        };
        let seat = seat.trim().to_ascii_uppercase();
        let declarer = SEATS.find(seat.as_str()).filter(|_| seat.len() == 1).ok_or_else(bad)?;
        if doubled > 2 {
            return Err(bad());
        }
        let contract = Contract { level, strain: strain as u8, doubled: doubled as u8 };
        Ok(ContractAt { contract, declarer })
    }

    /// Reads a comma-separated list of at least one.
    pub fn parse_list(text: &str) -> Result<Vec<ContractAt>, String> {
        text.split(',').map(ContractAt::parse).collect()
    }

    /// Declarer's side's score on a deal with this double-dummy table at `vul`.
    pub fn score(&self, table: &[[u8; 5]; 4], vul: Vul) -> i32 {
        let tricks = table[self.declarer][usize::from(self.contract.strain)];
        score(vul.side(self.declarer % 2), self.contract, i32::from(tricks))
    }
}

/// Sums for a mean and its standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sums {
    /// Sum of the values.
    pub sum: i64,
    /// Sum of their squares.
    pub sum_sq: i128,
}

impl Sums {
    fn add(&mut self, v: i64) {
        self.sum += v;
        self.sum_sq += i128::from(v) * i128::from(v);
    }

    fn merge(&mut self, other: &Sums) -> Result<(), StatsError> {
        self.sum = self.sum.checked_add(other.sum).ok_or(StatsError::Overflow("compare's sum"))?;
        self.sum_sq = self.sum_sq.checked_add(other.sum_sq).ok_or(StatsError::Overflow("compare's sum of squares"))?;
        Ok(())
    }

    /// The mean over `n` values, and its standard error (NaN below two values).
    pub fn mean_se(&self, n: u64) -> (f64, f64) {
        let nf = n as f64;
        let mean = self.sum as f64 / nf;
        if n < 2 {
            return (mean, f64::NAN);
        }
        let var = (self.sum_sq as f64 - (self.sum as f64).powi(2) / nf) / (nf - 1.0);
        (mean, (var.max(0.0) / nf).sqrt())
    }
}

/// One pair's sums: IMPs, and matchpoints in halves (2 better, 1 equal, 0 worse).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PairSums {
    /// The first contract's IMPs against the second.
    pub imps: Sums,
    /// The first contract's matchpoints, in halves.
    pub mp_halves: Sums,
}

/// The contracts' counts and sums (integers, so shards add up exactly).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareStat {
    /// The contracts, as given.
    pub contracts: Vec<ContractAt>,
    /// Deals counted.
    pub deals: u64,
    /// Per contract: deals on which it makes.
    pub made: Vec<u64>,
    /// Per contract: its score's sums (declarer's side's view).
    pub scores: Vec<Sums>,
    /// Per pair `(i, j)`, `i < j`, in order: the sums of `i` against `j`.
    pub pairs: Vec<PairSums>,
}

impl CompareStat {
    /// No deals yet.
    pub fn new(contracts: Vec<ContractAt>) -> CompareStat {
        let n = contracts.len();
        CompareStat {
            contracts,
            deals: 0,
            made: vec![0; n],
            scores: vec![Sums::default(); n],
            pairs: vec![PairSums::default(); n * n.saturating_sub(1) / 2],
        }
    }

    /// Counts one deal by its double-dummy table at `vul`.
    pub fn count(&mut self, table: &[[u8; 5]; 4], vul: Vul) {
        self.deals += 1;
        let scores: Vec<i32> = self.contracts.iter().map(|c| c.score(table, vul)).collect();
        for (i, &s) in scores.iter().enumerate() {
            self.made[i] += u64::from(s > 0);
            self.scores[i].add(i64::from(s));
        }
        let mut k = 0;
        for i in 0..scores.len() {
            for j in i + 1..scores.len() {
                let same_side = self.contracts[i].declarer % 2 == self.contracts[j].declarer % 2;
                let other = if same_side { scores[j] } else { -scores[j] };
                let diff = scores[i] - other;
                self.pairs[k].imps.add(i64::from(imps(diff)));
                self.pairs[k].mp_halves.add(1 + i64::from(diff.signum()));
                k += 1;
            }
        }
    }

    /// The report's lines.
    pub fn lines(&self) -> Vec<String> {
        let n = self.deals;
        if n == 0 {
            let names: Vec<String> = self.contracts.iter().map(|c| c.to_string()).collect();
            return vec![format!("Compare {}: no deals yet", names.join(", "))];
        }
        let mut out = Vec::new();
        for (i, c) in self.contracts.iter().enumerate() {
            let make = 100.0 * self.made[i] as f64 / n as f64;
            out.push(format!("{c} make {make:.1}% score {:.1}", self.scores[i].mean_se(n).0));
        }
        let mut k = 0;
        for i in 0..self.contracts.len() {
            for j in i + 1..self.contracts.len() {
                let p = &self.pairs[k];
                let (imps, imps_se) = p.imps.mean_se(n);
                let (mp, mp_se) = p.mp_halves.mean_se(n);
                let (a, b) = (self.contracts[i], self.contracts[j]);
                out.push(format!("{a} vs {b} imps {imps:+.2} ± {imps_se:.2} mp {:.2} ± {:.2}", mp / 2.0, mp_se / 2.0));
                k += 1;
            }
        }
        out
    }
}

impl Statistic for CompareStat {
    const KIND: &'static str = "compare";

    /// Scores each contract on the deal's double-dummy table at the run's vulnerability.
    fn add_deal(&mut self, deal: &mut Sample) -> Result<(), EvalError> {
        let table = deal.table("--compare")?;
        self.count(&table, deal.vulnerable());
        Ok(())
    }

    fn needs_table(&self) -> bool {
        true
    }

    fn is_study(&self) -> bool {
        true
    }

    fn merge(&mut self, other: &CompareStat) -> Result<(), StatsError> {
        if self.contracts != other.contracts {
            return Err(StatsError::Shape("compare's contracts differ".into()));
        }
        self.check_shape()?;
        other.check_shape()?;
        add_count(&mut self.deals, other.deals, "compare's count")?;
        for (a, b) in self.made.iter_mut().zip(&other.made) {
            add_count(a, *b, "compare's made count")?;
        }
        for (a, b) in self.scores.iter_mut().zip(&other.scores) {
            a.merge(b)?;
        }
        for (a, b) in self.pairs.iter_mut().zip(&other.pairs) {
            a.imps.merge(&b.imps)?;
            a.mp_halves.merge(&b.mp_halves)?;
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
        if self.deals != produced || self.made.iter().any(|&m| m > produced) {
            return Err(StatsError::Inconsistent(format!("{} deals for {produced} produced deals", self.deals)));
        }
        Ok(())
    }

    fn view(&self) -> View {
        View::Lines { label: Some("Compare".into()), lines: self.lines() }
    }
}

impl CompareStat {
    /// One count and sum per contract, one pair's sums per pair.
    fn check_shape(&self) -> Result<(), StatsError> {
        let n = self.contracts.len();
        if self.made.len() != n || self.scores.len() != n || self.pairs.len() != n * n.saturating_sub(1) / 2 {
            return Err(StatsError::Inconsistent("compare's sums do not fit its contracts".into()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contracts_read_and_print_back() {
        let list = ContractAt::parse_list("3N:N,4h:s,6NTxx:W,1Cx:e").unwrap();
        let shown: Vec<String> = list.iter().map(|c| c.to_string()).collect();
        assert_eq!(shown, ["3N:N", "4H:S", "6Nxx:W", "1Cx:E"]);
        for bad in ["3N", "8N:N", "3Q:N", "3N:X", "3Nxxx:N", ":N", "3N:NS"] {
            assert!(ContractAt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_deal_scores_each_contract_and_pair() {
        let mut t = [[7u8; 5]; 4];
        t[0][4] = 9; // North makes 3NT
        t[2][2] = 9; // South goes down one in 4H
        let mut s = CompareStat::new(ContractAt::parse_list("3N:N,4H:S").unwrap());
        s.count(&t, Vul::None);
        assert_eq!(
            s.lines(),
            [
                "3N:N make 100.0% score 400.0",
                "4H:S make 0.0% score -50.0",
                "3N:N vs 4H:S imps +10.00 ± NaN mp 1.00 ± NaN"
            ]
        );
    }
}
