//! The `--deals` reader: complete deals with true line numbers, short printable messages,
//! and nothing lost or changed by a BOM, CRLF or CR-only line ends, a truncated last record
//! or hands written in another seat order.

use super::{Finding, Findings, clip, control_char, finding};
use dealbench::cards::Deal;
use dealbench::cards::input::{BadRecord, DealReader, Record};

/// What the reader made of a file: deals, bad records and the error that ended it, if any.
#[derive(Default)]
pub struct Read {
    /// Deals with their lines.
    pub deals: Vec<(usize, Deal)>,
    /// Records that are not deals.
    pub bad: Vec<BadRecord>,
    /// The line and message of the error that stopped the reader.
    pub error: Option<(usize, String)>,
}

/// Reads every record of `bytes`.
pub fn read(bytes: &[u8]) -> Read {
    let mut r = Read::default();
    for item in DealReader::new(bytes) {
        match item {
            Ok(Record::Deal(line, d)) => r.deals.push((line, d)),
            Ok(Record::Bad(b)) => r.bad.push(b),
            // A PBN table's rows belong to the deal before it: no deal of its own.
            Ok(Record::Table { .. }) => {}
            Err(e) => r.error = Some((e.line, e.message)),
        }
    }
    r
}

/// Reads `input` and its variants.
pub fn check(input: &[u8], found: &mut Findings) {
    let r = read(input);
    found.add(checked(input, &r));
    let plain: Vec<Deal> = r.deals.iter().map(|(_, d)| *d).collect();
    if r.error.is_some() {
        return;
    }
    if !input.starts_with(b"\xEF\xBB\xBF") {
        let bom = [&b"\xEF\xBB\xBF"[..], input].concat();
        found.add(same(&plain, &bom, "a BOM before the first record changes the deals read"));
    }
    if !input.contains(&b'\r') {
        found.add(same(&plain, &replace_lf(input, b"\r\n"), "CRLF line ends change the deals read"));
        found.add(same(&plain, &replace_lf(input, b"\r"), "CR-only line ends change the deals read"));
    }
    let lines = split_lines(input);
    if let Some(&(line, _)) = r.deals.last() {
        found.add(truncated(input, &lines, line));
    }
    if let Some(&(line, deal)) = r.deals.first() {
        found.add(reordered(&lines, line, deal));
    }
}

/// The reader's own properties on one file.
fn checked(input: &[u8], r: &Read) -> Result<(), Finding> {
    let lines = split_lines(input).len();
    if let Some((_, d)) = r.deals.iter().find(|(_, d)| !d.is_complete()) {
        return Err(finding("a deal read does not hold 52 different cards", d.oneline()));
    }
    let numbers: Vec<usize> = r.deals.iter().map(|(l, _)| *l).collect();
    let all = numbers.iter().chain(r.bad.iter().map(|b| &b.line)).chain(r.error.iter().map(|(l, _)| l));
    // A LIN line may hold several boards (a vugraph file's), so a line number may repeat.
    if numbers.windows(2).any(|w| w[0] > w[1]) || all.clone().any(|&l| l == 0 || l > lines.max(1)) {
        return Err(finding(
            "record line numbers out of order or out of range",
            format!("{numbers:?} of {lines} lines"),
        ));
    }
    let messages = r.bad.iter().map(|b| &b.message).chain(r.error.iter().map(|(_, m)| m));
    for m in messages {
        if m.len() > 400 {
            return Err(finding("bad-record message of unbounded length", format!("{} bytes", m.len())));
        }
        if let Some(c) = control_char(m) {
            return Err(finding("control character in a bad-record message", format!("{c:?} in {}", clip(m, 120))));
        }
    }
    Ok(())
}

fn same(want: &[Deal], variant: &[u8], sig: &str) -> Result<(), Finding> {
    let got: Vec<Deal> = read(variant).deals.into_iter().map(|(_, d)| d).collect();
    if got != want {
        return Err(finding(sig, format!("{} deals instead of {}", got.len(), want.len())));
    }
    Ok(())
}

fn replace_lf(input: &[u8], to: &[u8]) -> Vec<u8> {
    input.split(|&b| b == b'\n').collect::<Vec<_>>().join(to)
}

/// The lines of `input` without their ends, as the reader splits them (`\n`, `\r\n`, `\r`).
fn split_lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < input.len() {
        if input[i] == b'\n' || input[i] == b'\r' {
            lines.push(&input[start..i]);
            i += if input[i] == b'\r' && input.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
            start = i;
        } else {
            i += 1;
        }
    }
    if start < input.len() {
        lines.push(&input[start..]);
    }
    lines
}

/// The record on `line`, cut in the middle (after LIN's `md|`, which marks a record), is
/// reported as bad: not dropped in silence.
fn truncated(input: &[u8], lines: &[&[u8]], line: usize) -> Result<(), Finding> {
    let record = lines[line - 1];
    let start = record.as_ptr() as usize - input.as_ptr() as usize;
    let len = record.trim_ascii_end().len();
    let marker = record.windows(3).position(|w| w == b"md|").map_or(0, |p| p + 4);
    let cut = start + (len / 2).max(marker).min(len.saturating_sub(1));
    let r = read(&input[..cut]);
    if !r.deals.iter().any(|(l, _)| *l == line) && !r.bad.iter().any(|b| b.line == line) {
        return Err(finding(
            "a truncated record is dropped without a report",
            clip(&String::from_utf8_lossy(&input[start..cut]), 80),
        ));
    }
    Ok(())
}

/// The record on `line` with its hands written from another seat is the same deal, or reported.
fn reordered(lines: &[&[u8]], line: usize, deal: Deal) -> Result<(), Finding> {
    let order = [1usize, 2, 3, 0];
    let rewritten = if lines[line - 1].trim_ascii_start().starts_with(b"n ") {
        order
            .iter()
            .map(|&s| format!("{} {}", b"nesw"[s] as char, deal.hands[s].dotted()))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        format!("[Deal \"E:{}\"]", order.iter().map(|&s| deal.hands[s].dotted()).collect::<Vec<_>>().join(" "))
    };
    let mut edited: Vec<&[u8]> = lines.to_vec();
    edited[line - 1] = rewritten.as_bytes();
    let r = read(&edited.join(&b'\n'));
    match r.deals.iter().find(|(l, _)| *l == line) {
        Some((_, d)) if *d != deal => Err(finding("hands in another seat order read as a different deal", rewritten)),
        None if !r.bad.iter().any(|b| b.line == line) => {
            Err(finding("hands in another seat order are dropped without a report", rewritten))
        }
        _ => Ok(()),
    }
}
