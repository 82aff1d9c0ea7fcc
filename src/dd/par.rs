//! Par score and contracts from a double-dummy table.
//!
//! The auction is solved as a two-player game by backward induction over the 35 contracts:
//! the side to bid either passes (the last contract stands: undoubled when it makes, doubled when
//! it fails) or bids any higher contract; North-South bid first, and two passes at the start pass
//! the deal out. Each side declares from the seat that takes more tricks.

use super::DdTable;
use super::score::{Contract, score};
use crate::cards::Vul;

/// A par result: the score in North-South's view and DDS DealerPar-style contracts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Par {
    /// Par score for North-South (negative when East-West score).
    pub score_ns: i32,
    /// Contracts such as `4S-NS+1`, `4S*-EW-1` (doubled, one down), comma-separated when
    /// several; `pass` when the deal is passed out.
    pub contracts: String,
}

/// The 35 contracts in bidding order: index = (level - 1) * 5 + strain.
const CONTRACTS: usize = 35;

/// Scores of the final contracts and the solved game.
struct Game {
    /// Best tricks for side 0 (NS) and 1 (EW) per strain.
    tricks: [[i32; 5]; 2],
    /// Vulnerability of each side.
    vul: [bool; 2],
    /// `value[side][c]`: score, for the side to bid, when the other side has just bid contract `c`.
    value: [[i32; CONTRACTS]; 2],
}

impl Game {
    fn new(table: &DdTable, vul: Vul) -> Game {
        let mut tricks = [[0; 5]; 2];
        for (side, t) in tricks.iter_mut().enumerate() {
            for (s, ts) in t.iter_mut().enumerate() {
                *ts = table.tricks[side][s].max(table.tricks[side + 2][s]) as i32;
            }
        }
        let vul = [vul.side(0), vul.side(1)];
        let mut g = Game { tricks, vul, value: [[0; CONTRACTS]; 2] };
        for c in (0..CONTRACTS).rev() {
            for side in 0..2 {
                // `side` to bid, the other side declares `c`.
                let mut best = -g.final_score(1 - side, c);
                for higher in c + 1..CONTRACTS {
                    best = best.max(-g.value[1 - side][higher]);
                }
                g.value[side][c] = best;
            }
        }
        g
    }

    /// Score for `side` declaring contract `c` as the final contract (doubled when it fails).
    fn final_score(&self, side: usize, c: usize) -> i32 {
        let (level, strain) = (c / 5 + 1, c % 5);
        let tricks = self.tricks[side][strain];
        let doubled = if tricks < level as i32 + 6 { 1 } else { 0 };
        let contract = Contract { level: level as u8, strain: strain as u8, doubled };
        score(self.vul[side], contract, tricks)
    }

    /// Value for `side` when it is first to bid with no contract yet; `passed` when the other
    /// side has already passed.
    fn opening(&self, side: usize, passed: bool) -> i32 {
        let pass = if passed { 0 } else { -self.opening(1 - side, true) };
        (0..CONTRACTS).map(|c| -self.value[1 - side][c]).fold(pass, i32::max)
    }
}

/// Par with North-South bidding first (a deal where it matters is "hot") at that
/// vulnerability. `par(ew)` is the negation of the NS score.
pub fn par(table: &DdTable, vul: Vul) -> Par {
    let g = Game::new(table, vul);
    let score_ns = g.opening(0, false);
    if score_ns == 0 {
        return Par { score_ns, contracts: "pass".into() };
    }
    let winner = if score_ns > 0 { 0 } else { 1 };
    let loser = 1 - winner;
    let target = score_ns.abs();
    let makes = |side: usize, c: usize| g.tricks[side][c % 5] >= (c / 5 + 7) as i32;
    // A made par contract: the lowest level of its strain giving par over which the opponents
    // have no profitable bid.
    let mut made = Vec::new();
    for strain in [3, 2, 1, 0, 4] {
        let holds = |c: usize| {
            makes(winner, c)
                && g.final_score(winner, c) == target
                && (c + 1..CONTRACTS).all(|o| g.final_score(loser, o) <= -target)
        };
        if let Some(c) = (0..7).map(|l| l * 5 + strain).find(|&c| holds(c)) {
            made.push((c, describe(table, winner, c)));
        }
    }
    if !made.is_empty() {
        // As DDS: more tricks first, then spades, hearts, diamonds, clubs, notrump.
        made.sort_by_key(|&(c, _)| std::cmp::Reverse(g.tricks[winner][c % 5]));
        let made: Vec<String> = made.into_iter().map(|(_, d)| d).collect();
        return Par { score_ns, contracts: made.join(",") };
    }
    // Sacrifices: contracts costing exactly par, over which the winner cannot do better, above
    // the winner's contract: its best-scoring (then highest) contract outranking everything the
    // sacrificing side can make.
    let safe = |c: usize| makes(winner, c) && (c + 1..CONTRACTS).all(|o| !makes(loser, o));
    let best = (0..CONTRACTS).filter(|&c| safe(c)).map(|c| g.final_score(winner, c)).max();
    let mut sacrifices = Vec::new();
    if let Some(anchor) = (0..CONTRACTS).rev().find(|&c| safe(c) && Some(g.final_score(winner, c)) == best) {
        for strain in 0..5 {
            let sacrifice = (anchor + 1..CONTRACTS).filter(|&c| c % 5 == strain).find(|&c| {
                !makes(loser, c)
                    && -g.final_score(loser, c) == target
                    && g.value[winner][c] == target
                    && (c + 1..CONTRACTS).all(|o| !makes(winner, o) || g.final_score(winner, o) <= target)
            });
            if let Some(c) = sacrifice {
                sacrifices.push(describe(table, loser, c));
            }
        }
    }
    let contracts = if sacrifices.is_empty() { "pass".to_string() } else { sacrifices.join(",") };
    Par { score_ns, contracts }
}

/// `4S-NS+1`, `6N-S`, `5H*-W-1`: contract, declaring seats (those taking the side's best
/// number of tricks), overtricks or undertricks.
fn describe(table: &DdTable, side: usize, c: usize) -> String {
    let (level, strain) = (c / 5 + 1, c % 5);
    let (a, b) = (table.tricks[side][strain] as i32, table.tricks[side + 2][strain] as i32);
    let best = a.max(b);
    let seats = match (a == best, b == best, side) {
        (true, true, 0) => "NS",
        (true, true, _) => "EW",
        (true, false, 0) => "N",
        (true, false, _) => "E",
        (false, _, 0) => "S",
        (false, _, _) => "W",
    };
    let strain_char = ['C', 'D', 'H', 'S', 'N'][strain];
    let diff = best - (level as i32 + 6);
    if diff >= 0 {
        let over = if diff > 0 { format!("+{diff}") } else { String::new() };
        format!("{level}{strain_char}-{seats}{over}")
    } else {
        format!("{level}{strain_char}*-{seats}{diff}")
    }
}
