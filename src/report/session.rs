//! A teaching session: the boards of several scripts (scenarios) as one numbered set.
//!
//! Each script deals its own quota; the boards are then ordered (grouped, interleaved or
//! shuffled from the seed), numbered from the first board number, and each takes its dealer
//! and vulnerability as a set of its own script would ([`SetOptions`]). Every board keeps its
//! scenario: the writer (`session_write`) puts it in the file.

use super::set::{Board, SetOptions};
use crate::cards::{Deal, Seat, Vul};

/// One script of a session, as the set records it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scenario {
    /// The script's `title`, else its file's stem.
    pub title: String,
    /// The script's `dealer`.
    pub dealer: Option<Seat>,
    /// The script's `vulnerable`.
    pub vulnerable: Option<Vul>,
    /// The names of its hand types (`HandType_NAME`), in definition order.
    pub hand_types: Vec<String>,
    /// Its teaching text: the `/*@chat … @chat*/` blocks.
    pub teaching: Option<String>,
}

impl Scenario {
    /// A script's scenario: its `title` (else `fallback`), dealer, vulnerability, hand types
    /// and teaching text.
    pub fn of(script: &crate::script::parser::Script, source: &str, fallback: &str) -> Scenario {
        Scenario {
            title: script.title.clone().unwrap_or_else(|| fallback.to_string()),
            dealer: script.dealer,
            vulnerable: script.vulnerable,
            hand_types: script.hand_types.iter().map(|t| t.name.clone()).collect(),
            teaching: teaching_text(source),
        }
    }
}

/// A deal a scenario's script produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The scenario's place among the session's scripts.
    pub scenario: usize,
    /// The deal as the script produced it.
    pub deal: Deal,
    /// Bit `i` set when the deal is in the scenario's hand type `i`.
    pub hand_types: u64,
}

/// A board of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionBoard {
    /// Number, dealer, vulnerability and the (possibly turned) deal.
    pub board: Board,
    /// The scenario's place among the session's scripts.
    pub scenario: usize,
    /// The names of the hand types the deal is in, joined with `, ` (empty for none).
    pub hand_type: String,
}

/// How the scenarios' boards follow one another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// Each script's boards together, in the order the scripts are given.
    #[default]
    Grouped,
    /// One board of each script in turn (a script whose boards ran out is passed over).
    Interleaved,
    /// Every board in a random order drawn from the session's seed.
    Shuffled,
}

impl std::str::FromStr for Order {
    type Err = String;
    fn from_str(text: &str) -> Result<Order, String> {
        match text {
            "grouped" => Ok(Order::Grouped),
            "interleaved" => Ok(Order::Interleaved),
            "shuffled" => Ok(Order::Shuffled),
            _ => Err(format!("--order {text}: expected grouped, interleaved or shuffled")),
        }
    }
}

/// The seed of the `index`-th script (0-based) of a session seeded `seed`: `seed + index`,
/// so `dealbench run -s` with that seed deals the script's boards again.
pub fn script_seed(seed: i64, index: usize) -> i64 {
    seed.wrapping_add(index as i64)
}

/// The boards of every scenario (`per[i]`: scenario `i`'s deals in produced order) in `order`.
pub fn arrange(per: Vec<Vec<Drawn>>, order: Order, seed: i64) -> Vec<Drawn> {
    match order {
        Order::Grouped => per.into_iter().flatten().collect(),
        Order::Interleaved => {
            let longest = per.iter().map(Vec::len).max().unwrap_or(0);
            (0..longest).flat_map(|k| per.iter().filter_map(move |d| d.get(k).copied())).collect()
        }
        Order::Shuffled => {
            let mut all: Vec<Drawn> = per.into_iter().flatten().collect();
            shuffle(&mut all, seed as u64);
            all
        }
    }
}

/// Fisher–Yates with splitmix64 from `seed`: the same order for the same seed everywhere.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed ^ 0x5E55_1011_C1A5_5E55;
    for i in (1..items.len()).rev() {
        let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The next value of a splitmix64 stream.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Numbers the arranged deals from `first` and gives each board its scenario's dealer and
/// vulnerability, or with `rotate` its number's, the deal turned to match.
pub fn number(scenarios: &[Scenario], drawn: &[Drawn], first: u64, rotate: bool) -> Vec<SessionBoard> {
    drawn
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let s = &scenarios[d.scenario];
            let options = SetOptions { first_board: first.max(1), dealer: s.dealer, vulnerable: s.vulnerable, rotate };
            SessionBoard {
                board: options.board(i as u64 + 1, d.deal),
                scenario: d.scenario,
                hand_type: type_names(&s.hand_types, d.hand_types),
            }
        })
        .collect()
}

/// The names of the types whose bits are set in `mask`, joined with `, `.
pub fn type_names(names: &[String], mask: u64) -> String {
    let held: Vec<&str> =
        names.iter().enumerate().filter(|(i, _)| *i < 64 && mask >> i & 1 == 1).map(|(_, n)| n.as_str()).collect();
    held.join(", ")
}

/// A script's teaching text: what its `/*@chat … @chat*/` blocks hold, each line trimmed,
/// blocks separated by a blank line; `None` when it has none.
pub fn teaching_text(source: &str) -> Option<String> {
    const OPEN: &str = "/*@chat";
    const CLOSE: &str = "@chat*/";
    let mut blocks = Vec::new();
    let mut rest = source;
    while let Some(start) = rest.find(OPEN) {
        let body = &rest[start + OPEN.len()..];
        let Some(end) = body.find(CLOSE) else { break };
        let lines: Vec<&str> = body[..end].lines().map(str::trim).collect();
        let text = lines.join("\n").trim().to_string();
        if !text.is_empty() {
            blocks.push(text);
        }
        rest = &body[end + CLOSE.len()..];
    }
    (!blocks.is_empty()).then(|| blocks.join("\n\n"))
}

#[cfg(test)]
mod tests;
