//! A session's set as text: the boards as `--export` writes them, each with its scenario.
//!
//! PBN: `[Event]` is the scenario's title, then a `{Hand type: …}` commentary when the deal is
//! in one of the script's hand types and a `{Teaching: …}` commentary with the script's
//! `/*@chat … @chat*/` text; with double-dummy results, `[DoubleDummyTricks]`,
//! `[OptimumScore]` and `[ParContract]`. LIN: the scenario in the board's `st|` text, since
//! readers take the board number from `ah|Board N|` and nothing else may follow there.

use super::session::{Scenario, SessionBoard};
use super::set::SetFormat;
use super::{lin, pbn_set};
use crate::cards::Seat;
use crate::dd::{DdTable, Par};
use std::fmt::Write;

/// A board's double-dummy results: the 20 tricks and par at the board's vulnerability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdTags {
    /// Declarer's tricks by declarer and strain.
    pub table: DdTable,
    /// Par at the board's vulnerability.
    pub par: Par,
}

/// The whole set; `dd[i]`, when given, holds board `i`'s double-dummy results.
pub fn write(format: SetFormat, scenarios: &[Scenario], boards: &[SessionBoard], dd: &[DdTags]) -> String {
    let mut out = String::from(format.header());
    for (i, b) in boards.iter().enumerate() {
        let scenario = &scenarios[b.scenario];
        match format {
            SetFormat::Lin => lin_board(&mut out, b, scenario),
            SetFormat::Pbn => pbn_board(&mut out, b, scenario, dd.get(i)),
        }
    }
    out
}

/// One LIN line with the scenario (and hand type) as the board's `st|` text.
fn lin_board(out: &mut String, b: &SessionBoard, scenario: &Scenario) {
    let mut line = String::new();
    lin::board(&mut line, &b.board);
    let mut note = scenario.title.clone();
    if !b.hand_type.is_empty() {
        let _ = write!(note, ": {}", b.hand_type);
    }
    let note: String = note.chars().map(|c| if c == '|' || c.is_control() { ' ' } else { c }).collect();
    // lin::board starts every line with `pn|,,,|st||`: the note goes between the bars.
    let rest = line.strip_prefix("pn|,,,|st||").unwrap_or(&line);
    let _ = write!(out, "pn|,,,|st|{note}|{rest}");
}

/// One PBN tag section with the scenario's commentaries and the double-dummy tags.
fn pbn_board(out: &mut String, b: &SessionBoard, scenario: &Scenario, dd: Option<&DdTags>) {
    pbn_set::board(out, &b.board, &pbn_set::tag_value(&scenario.title));
    out.pop(); // the blank line that ends the section comes after what is added here
    if let Some(dd) = dd {
        dd_tags(out, dd);
    }
    if !b.hand_type.is_empty() {
        let _ = writeln!(out, "{{Hand type: {}}}", commentary(&b.hand_type));
    }
    if let Some(text) = &scenario.teaching {
        let _ = writeln!(out, "{{Teaching: {}}}", commentary(text));
    }
    out.push('\n');
}

/// PBN's `[DoubleDummyTricks]` (declarers N, S, E, W; strains NT, S, H, D, C; one hex digit
/// each), `[OptimumScore]` (North-South's view) and `[ParContract]`.
fn dd_tags(out: &mut String, dd: &DdTags) {
    let mut digits = String::new();
    for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
        for strain in [4, 3, 2, 1, 0] {
            let _ = write!(digits, "{:x}", dd.table.tricks[seat.index()][strain]);
        }
    }
    let _ = writeln!(out, "[DoubleDummyTricks \"{digits}\"]");
    let _ = writeln!(out, "[OptimumScore \"NS {}\"]", dd.par.score_ns);
    let _ = writeln!(out, "[ParContract \"{}\"]", pbn_set::tag_value(&dd.par.contracts));
}

/// Text for a `{…}` commentary: a `}` would end it, so it is written `)`.
fn commentary(text: &str) -> String {
    text.replace('}', ")")
}

#[cfg(test)]
mod tests;
