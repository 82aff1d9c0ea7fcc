//! The `--deals` reader: complete deals with true line numbers, short printable messages,
//! and nothing lost or changed by a BOM, CRLF or CR-only line ends, a truncated last record
//! or hands written in another seat order.

use super::{Finding, Findings, clip, control_char, finding};
use dealbench::cards::Deal;
use dealbench::cards::input::read_deals;

/// Reads `input` (lossy UTF-8) and its variants.
pub fn check(input: &[u8], found: &mut Findings) {
    let text = String::from_utf8_lossy(input);
    let deals = read_deals(&text).0;
    found.add(read_checked(&text).map(|_| ()));
    let plain: Vec<Deal> = deals.iter().map(|(_, d)| *d).collect();
    if !text.starts_with('\u{feff}') {
        found.add(same(&plain, &format!("\u{feff}{text}"), "a BOM before the first record changes the deals read"));
    }
    if !text.contains('\r') {
        found.add(same(&plain, &text.replace('\n', "\r\n"), "CRLF line ends change the deals read"));
        found.add(same(&plain, &text.replace('\n', "\r"), "CR-only line ends change the deals read"));
    }
    if let Some(&(line, _)) = deals.last() {
        found.add(truncated(&text, line));
    }
    if let Some(&(line, deal)) = deals.first() {
        found.add(reordered(&text, line, deal));
    }
}

/// The reader's own properties on one text.
fn read_checked(text: &str) -> Result<Vec<(usize, Deal)>, Finding> {
    let (deals, bad) = read_deals(text);
    let lines = text.lines().count();
    if let Some((_, d)) = deals.iter().find(|(_, d)| !d.is_complete()) {
        return Err(finding("a deal read does not hold 52 different cards", d.oneline()));
    }
    let numbers: Vec<usize> = deals.iter().map(|(l, _)| *l).collect();
    if numbers.windows(2).any(|w| w[0] >= w[1])
        || numbers.iter().chain(bad.iter().map(|b| &b.line)).any(|&l| l == 0 || l > lines)
    {
        return Err(finding(
            "record line numbers out of order or out of range",
            format!("{numbers:?} of {lines} lines"),
        ));
    }
    for b in &bad {
        if b.message.len() > 400 {
            return Err(finding("bad-record message of unbounded length", format!("{} bytes", b.message.len())));
        }
        if let Some(c) = control_char(&b.message) {
            return Err(finding(
                "control character in a bad-record message",
                format!("{c:?} in {}", clip(&b.message, 120)),
            ));
        }
    }
    Ok(deals)
}

fn same(want: &[Deal], variant: &str, sig: &str) -> Result<(), Finding> {
    let got: Vec<Deal> = read_deals(variant).0.into_iter().map(|(_, d)| d).collect();
    if got != want {
        return Err(finding(sig, format!("{} deals instead of {}", got.len(), want.len())));
    }
    Ok(())
}

/// The record on `line`, cut in the middle, is reported as bad: not dropped in silence.
fn truncated(text: &str, line: usize) -> Result<(), Finding> {
    let start: usize = text.split_inclusive('\n').take(line - 1).map(str::len).sum();
    let record = text[start..].lines().next().unwrap_or("");
    let mut cut = start + record.trim_end().len() / 2;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let (deals, bad) = read_deals(&text[..cut]);
    if !deals.iter().any(|(l, _)| *l == line) && !bad.iter().any(|b| b.line == line) {
        return Err(finding("a truncated record is dropped without a report", clip(&text[start..cut], 80)));
    }
    Ok(())
}

/// The record on `line` with its hands written from another seat is the same deal, or reported.
fn reordered(text: &str, line: usize, deal: Deal) -> Result<(), Finding> {
    let lines: Vec<&str> = text.lines().collect();
    let order = [1usize, 2, 3, 0];
    let rewritten = if lines[line - 1].trim_start().starts_with("n ") {
        order
            .iter()
            .map(|&s| format!("{} {}", b"nesw"[s] as char, deal.hands[s].dotted()))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        format!("[Deal \"E:{}\"]", order.iter().map(|&s| deal.hands[s].dotted()).collect::<Vec<_>>().join(" "))
    };
    let mut edited: Vec<&str> = lines.clone();
    edited[line - 1] = &rewritten;
    let (deals, bad) = read_deals(&edited.join("\n"));
    match deals.iter().find(|(l, _)| *l == line) {
        Some((_, d)) if *d != deal => Err(finding("hands in another seat order read as a different deal", rewritten)),
        None if !bad.iter().any(|b| b.line == line) => {
            Err(finding("hands in another seat order are dropped without a report", rewritten))
        }
        _ => Ok(()),
    }
}
