//! DealerV2_4's `evalcontract` report: the contract's average result over the produced deals
//! from its double-dummy tricks, as its regression output (`EvalContract_New_s103.ref`) prints
//! it: `Contract  2Nx V by NS Avg Result =  116.00, Made pct=  40.00, …`.

use super::{Sample, Statistic, StatsError, View, add_counts, check_counts};
use crate::dd::score::{Contract, imps, score};
use crate::eval::EvalError;
use crate::script::ast::{EvalContract, StatArgs, StatCall};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// One `evalcontract` action's counts: how often declarer took 0 … 13 tricks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EvalContractStat {
    /// The action.
    pub spec: EvalContract,
    /// Deals by double-dummy tricks.
    pub tricks: [u64; 14],
}

impl EvalContractStat {
    /// No deals yet.
    pub fn new(spec: EvalContract) -> EvalContractStat {
        EvalContractStat { spec, tricks: [0; 14] }
    }

    fn undoubled(&self, level: u8, tricks: usize) -> i64 {
        let c = Contract { level, strain: self.spec.contract.strain, doubled: 0 };
        i64::from(score(self.spec.vulnerable, c, tricks as i32))
    }

    /// Games (or slams) at `level` the deals made that the contract, bid lower, missed:
    /// the count and the IMPs lost.
    fn missed(&self, level: u8, tricks: std::ops::RangeInclusive<usize>) -> (u64, i64) {
        let mut count = 0;
        let mut lost = 0;
        for t in tricks {
            let n = self.tricks[t];
            let diff = self.undoubled(level, t) - self.undoubled(self.spec.contract.level, t);
            count += n;
            lost += n as i64 * i64::from(imps(diff as i32));
        }
        (count, lost)
    }

    /// The two report lines, preceded by a blank line.
    fn report(&self, out: &mut String, produced: u64) {
        let c = self.spec.contract;
        let game = match c.strain {
            4 => 3,
            2 | 3 => 4,
            _ => 5,
        };
        let (mut total, mut made, mut failed) = (0i64, 0u64, 0u64);
        for (t, &n) in self.tricks.iter().enumerate() {
            let s = i64::from(score(self.spec.vulnerable, c, t as i32));
            total += s * n as i64;
            if s > 0 {
                made += n;
            } else if s < 0 {
                failed += n;
            }
        }
        let (games, game_imps) = if c.level < game { self.missed(game, usize::from(game) + 6..=13) } else { (0, 0) };
        let (slams, slam_imps) = if c.level < 6 { self.slams() } else { (0, 0) };
        let nh = produced as f64;
        let pct = |n: u64| 100.0 * n as f64 / nh;
        let _ = write!(
            out,
            "\nContract {:>6} by {} Avg Result ={}, Made pct={}, Fail pct={}\n",
            self.name(),
            ["NS", "EW"][self.spec.side],
            space_f(total as f64 / nh, 8),
            space_f(pct(made), 7),
            space_f(pct(failed), 7)
        );
        let _ = writeln!(
            out,
            "Missed Game_pct={}, Missed Slam_pct={}, Missed Game Imps/board={}, Missed Slam Imps/board={}",
            space_f(pct(games), 7),
            space_f(pct(slams), 7),
            space_f(game_imps as f64 / nh, 7),
            space_f(slam_imps as f64 / nh, 7)
        );
    }

    /// Small slams on 12 tricks, grand slams on 13.
    fn slams(&self) -> (u64, i64) {
        let level = self.spec.contract.level;
        let mut lost = 0;
        for (bid, t) in [(6u8, 12usize), (7, 13)] {
            let diff = self.undoubled(bid, t) - self.undoubled(level, t);
            lost += self.tricks[t] as i64 * i64::from(imps(diff as i32));
        }
        (self.tricks[12] + self.tricks[13], lost)
    }

    /// `2Nx V`, `3N  V`, `2H   `, `3Hxx  `: level, strain, doubling, vulnerability.
    fn name(&self) -> String {
        let c = self.spec.contract;
        let dbl = ["  ", "x ", "xx "][usize::from(c.doubled.min(2))];
        let strain = b"CDHSN"[usize::from(c.strain.min(4))] as char;
        format!("{}{strain}{dbl}{}", c.level, if self.spec.vulnerable { "V" } else { " " })
    }
}

impl Statistic for EvalContractStat {
    const KIND: &'static str = "evalcontract";

    fn from_call(call: &StatCall) -> Option<EvalContractStat> {
        let StatArgs::Contract(spec) = &call.args else { return None };
        Some(EvalContractStat::new(*spec))
    }

    /// Adds declarer's (South's or West's) double-dummy tricks in the strain.
    fn add_deal(&mut self, deal: &mut Sample) -> Result<(), EvalError> {
        let table = deal.table("evalcontract")?;
        let declarer = if self.spec.side == 0 { 2 } else { 3 };
        self.add([i64::from(table[declarer][usize::from(self.spec.contract.strain)]), 0]);
        Ok(())
    }

    fn needs_table(&self) -> bool {
        true
    }

    /// Counts one deal: `values[0]` is declarer's double-dummy tricks.
    fn add(&mut self, values: [i64; 2]) {
        self.tricks[values[0].clamp(0, 13) as usize] += 1;
    }

    fn merge(&mut self, other: &EvalContractStat) -> Result<(), StatsError> {
        if self.spec != other.spec {
            return Err(StatsError::Shape(format!("evalcontract {} against {}", self.name(), other.name())));
        }
        add_counts(&mut self.tricks, &other.tricks, "evalcontract")
    }

    fn render(&self, out: &mut String, produced: u64) {
        self.report(out, produced);
    }

    fn check(&self, produced: u64) -> Result<(), StatsError> {
        check_counts(&self.tricks, Some(14), produced, "trick counts")
    }

    fn view(&self) -> View {
        let produced = self.tricks.iter().sum();
        let mut text = String::new();
        self.report(&mut text, produced);
        let lines = text.lines().filter(|l| !l.is_empty()).map(str::to_string).collect();
        View::Lines { label: Some(format!("evalcontract {}", self.name().trim_end())), lines }
    }
}

/// C's `% W.2f`: a space where a plus sign would go, right-aligned in `width`.
fn space_f(v: f64, width: usize) -> String {
    let s = if v.is_nan() {
        "-nan".to_string()
    } else if v.is_sign_negative() {
        format!("{v:.2}")
    } else {
        format!(" {v:.2}")
    };
    format!("{s:>width$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(level: u8, strain: u8, doubled: u8, vulnerable: bool, side: usize) -> EvalContract {
        EvalContract { side, contract: Contract { level, strain, doubled }, vulnerable, span: Default::default() }
    }

    #[test]
    fn report_lines_as_dealerv2() {
        // EvalContract_Dbled_s109.ref: 3Hxx nv by EW, 10 deals, the tricks West took in hearts
        // (printed by the same run): 7 2 6 6 5 7 3 4 6 6 -> every deal fails.
        let mut s = EvalContractStat::new(spec(3, 2, 2, false, 1));
        for t in [7, 2, 6, 6, 5, 7, 3, 4, 6, 6] {
            s.add([t, 0]);
        }
        let mut out = String::new();
        s.render(&mut out, 10);
        assert_eq!(
            out,
            "\nContract 3Hxx   by EW Avg Result =-1520.00, Made pct=   0.00, Fail pct= 100.00\n\
             Missed Game_pct=   0.00, Missed Slam_pct=   0.00, Missed Game Imps/board=   0.00, Missed Slam Imps/board=   0.00\n"
        );
        assert_eq!(EvalContractStat::new(spec(2, 4, 1, true, 0)).name(), "2Nx V");
        assert_eq!(EvalContractStat::new(spec(3, 4, 0, true, 0)).name(), "3N  V");
        assert_eq!(EvalContractStat::new(spec(2, 2, 0, false, 1)).name(), "2H   ");
    }

    #[test]
    fn missed_games_and_slams() {
        // 2Nx vulnerable by NS, 10 deals, South's notrump tricks from the same run:
        // 6 10 9 6 9 7 8 6 6 7 -> Avg 116.00, made 40%, failed 60%, missed game 30%.
        let mut s = EvalContractStat::new(spec(2, 4, 1, true, 0));
        for t in [6, 10, 9, 6, 9, 7, 8, 6, 6, 7] {
            s.add([t, 0]);
        }
        let mut out = String::new();
        s.render(&mut out, 10);
        assert!(
            out.starts_with("\nContract  2Nx V by NS Avg Result =  116.00, Made pct=  40.00, Fail pct=  60.00\n"),
            "{out}"
        );
        assert!(
            out.contains("Missed Game_pct=  30.00, Missed Slam_pct=   0.00, Missed Game Imps/board=   3.00,"),
            "{out}"
        );
    }
}
