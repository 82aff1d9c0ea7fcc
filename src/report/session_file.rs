//! A session set on disk, grown a script at a time (the workbench's `a` key): the set is read
//! back, the new boards follow its own, and every board is numbered in order from the first
//! one's number (a set whose numbers ran in order keeps them). Existing boards keep their
//! deal, dealer, vulnerability and every other tag; the new ones carry their scenario as
//! `session` writes it. Also the set's board list (`s`).

use super::handout::read::read_pbn;
use super::session::{Drawn, Scenario, SessionBoard, type_names};
use super::session_write;
use super::set::{SetFormat, SetOptions};
use crate::cards::{Seat, Vul};

/// One board of a session set, as the board list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The board number.
    pub number: u64,
    /// The scenario: PBN's `[Event]`, LIN's `st|` text.
    pub scenario: String,
    /// The dealer.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerable: Vul,
    /// The hand types the deal is in (PBN's `{Hand type: …}`; empty for none).
    pub hand_type: String,
}

/// A set with boards added.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Added {
    /// The whole set, to write.
    pub text: String,
    /// Its boards.
    pub rows: Vec<Row>,
    /// How many boards it held before.
    pub before: usize,
    /// Some of those boards took new numbers (theirs did not run in order).
    pub renumbered: bool,
}

/// The boards of a set's text (`name` for errors: `name:LINE: …`); an empty text has none.
pub fn rows(format: SetFormat, text: &str, name: &str) -> Result<Vec<Row>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    match format {
        SetFormat::Pbn => Ok(read_pbn(text, name)?
            .into_iter()
            .map(|b| Row {
                number: b.number,
                scenario: b.event,
                dealer: b.dealer,
                vulnerable: b.vulnerable,
                hand_type: b.hand_type,
            })
            .collect()),
        SetFormat::Lin => {
            lin_boards(text).map(|(i, line)| lin_row(line).map_err(|e| format!("{name}:{}: {e}", i + 1))).collect()
        }
    }
}

/// The set `existing` (none: a new file) with `drawn` added as boards of `scenario`, all of
/// them numbered in order from the set's first number (else 1).
pub fn add(
    format: SetFormat,
    existing: Option<&str>,
    name: &str,
    scenario: &Scenario,
    drawn: &[Drawn],
    rotate: bool,
) -> Result<Added, String> {
    let old = existing.unwrap_or_default();
    let rows_before = rows(format, old, name)?;
    let first = rows_before.first().map_or(1, |r| r.number.max(1));
    let renumbered = rows_before.iter().enumerate().any(|(i, r)| r.number != first + i as u64);
    let mut text = match format {
        _ if old.trim().is_empty() => format.header().to_string(),
        SetFormat::Pbn => renumber_pbn(old, first),
        SetFormat::Lin => renumber_lin(old, first),
    };
    let set = SetOptions { first_board: first, dealer: scenario.dealer, vulnerable: scenario.vulnerable, rotate };
    let before = rows_before.len();
    let boards: Vec<SessionBoard> = drawn
        .iter()
        .enumerate()
        .map(|(j, d)| SessionBoard {
            board: set.board((before + j + 1) as u64, d.deal),
            scenario: 0,
            hand_type: type_names(&scenario.hand_types, d.hand_types),
        })
        .collect();
    let new = session_write::write(format, std::slice::from_ref(scenario), &boards, &[]);
    text.push_str(new.strip_prefix(format.header()).unwrap_or(&new));
    let rows = rows(format, &text, name)?;
    Ok(Added { text, rows, before, renumbered })
}

/// The lines of a LIN text that are boards (they hold `md|`), with their 0-based line index.
fn lin_boards(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter(|(_, l)| l.contains("md|"))
}

/// A LIN line's `key|value|` pairs' values by key.
fn lin_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let tokens: Vec<&str> = line.split('|').collect();
    tokens.chunks(2).find(|p| p[0].trim() == key).and_then(|p| p.get(1).copied())
}

fn lin_row(line: &str) -> Result<Row, String> {
    let md = lin_value(line, "md").unwrap_or_default();
    let dealer = match md.chars().next() {
        Some('1') => Seat::South,
        Some('2') => Seat::West,
        Some('3') => Seat::North,
        Some('4') => Seat::East,
        _ => return Err(format!("`md|{md}|`: expected the dealer's digit 1-4 (S, W, N, E) first")),
    };
    let board = lin_value(line, "ah").unwrap_or_default();
    let number = board.trim().strip_prefix("Board").and_then(|n| n.trim().parse().ok());
    let number = number.ok_or_else(|| format!("`ah|{board}|`: expected `ah|Board N|`"))?;
    let vulnerable = match lin_value(line, "sv").map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("n") => Vul::NS,
        Some("e") => Vul::EW,
        Some("b") => Vul::All,
        _ => Vul::None,
    };
    let scenario = lin_value(line, "st").unwrap_or_default().to_string();
    Ok(Row { number, scenario, dealer, vulnerable, hand_type: String::new() })
}

/// The LIN text with its boards numbered from `first` (`ah|Board N|`), nothing else changed.
fn renumber_lin(text: &str, first: u64) -> String {
    let mut n = first;
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.lines() {
        if line.contains("md|") {
            let mut tokens: Vec<String> = line.split('|').map(str::to_string).collect();
            if let Some(k) = (0..tokens.len().saturating_sub(1)).step_by(2).find(|&k| tokens[k].trim() == "ah") {
                tokens[k + 1] = format!("Board {n}");
            }
            out.push_str(&tokens.join("|"));
            n += 1;
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The PBN text with its boards numbered from `first` (their `[Board]` tags), every tag
/// section ending in one blank line; `{…}` commentary, over several lines too, is kept whole.
fn renumber_pbn(text: &str, first: u64) -> String {
    let mut n = first;
    let mut out = String::with_capacity(text.len() + 16);
    for section in pbn_sections(text) {
        let board = section.iter().any(|l| l.trim_start().starts_with("[Deal "));
        let mut numbered = false;
        for line in &section {
            if board && line.trim_start().starts_with("[Board ") {
                out.push_str(&format!("[Board \"{n}\"]"));
                numbered = true;
            } else {
                out.push_str(line);
            }
            out.push('\n');
        }
        if board && !numbered {
            out.push_str(&format!("[Board \"{n}\"]\n"));
        }
        n += u64::from(board);
        out.push('\n');
    }
    out
}

/// The tag sections of a PBN text (runs of lines between blank lines outside a `{…}`
/// commentary), as the handout's reader splits them.
fn pbn_sections(text: &str) -> Vec<Vec<&str>> {
    let (mut sections, mut current, mut in_comment) = (Vec::new(), Vec::new(), false);
    for line in text.lines() {
        if in_comment {
            in_comment = !line.contains('}');
        } else if line.trim().is_empty() {
            if !current.is_empty() {
                sections.push(std::mem::take(&mut current));
            }
            continue;
        } else if let Some(body) = line.trim().strip_prefix('{') {
            in_comment = !body.contains('}');
        }
        current.push(line);
    }
    if !current.is_empty() {
        sections.push(current);
    }
    sections
}

#[cfg(test)]
mod tests;
