//! What DealerV2_4 refuses that dealbench's reader (which follows its language) takes: places
//! where its flex rules or its yacc grammar (src/dealflex.l, src/dealyacc.y) differ. Each is
//! named at the line DealerV2_4 names, the line of the token its parser stops on.
//!
//! - `usereval(tag, side or compass, index)`: the tag and the index are numbers (so an unset
//!   `$0` leaves `usereval(,NS,0)`, a syntax error);
//! - a unary minus before a four-digit number: flex reads `1900` as a shape-or-number, which its
//!   `- NUMBER` does not take (`imps(-1900)`);
//! - `trix` in a report without `(compass)` or `(deal)`;
//! - a variable assigned twice (`redefined variable`, at the token after the second);
//! - `shape(north - any 0xxx)`: the comma after the seat is not optional;
//! - `opener` as a name: flex reads `opener` and then skips to a seat (its `opener north`).
//!
//! Every `usereval(…)` is blanked before dealbench's reader looks, so that what follows one is
//! still read (dealbench does not run `usereval`).

use super::Finding;
use crate::script::diag::Span;
use std::collections::HashSet;

/// DealerV2_4's refusals in `text` (the script with its `$N` parameters substituted), and the
/// text with each `usereval(…)` blanked for dealbench's reader.
pub(super) fn scan(text: &str) -> (Vec<Finding>, String) {
    let toks = tokens(text);
    let mut out = Vec::new();
    let mut blanked = text.as_bytes().to_vec();
    for (i, t) in toks.iter().enumerate() {
        let word = |k: usize| toks.get(k).map(|n| &text[n.start..n.end]);
        if word(i) == Some("usereval") && word(i + 1) == Some("(") {
            let (bad, end) = usereval_args(text, &toks[i + 2..]);
            let why = "`usereval(tag, NS|EW|compass, index)` takes numbers for the tag and the index";
            out.extend(bad.map(|b| syntax(text, &b, why)));
            for c in &mut blanked[t.start..end] {
                *c = if *c == b'\n' { b'\n' } else { b' ' };
            }
            blanked[t.start] = b'0';
        } else {
            out.extend(at_token(text, &toks, i));
        }
    }
    out.extend(redefined(text, &toks));
    out.sort_by_key(|f| f.span.start);
    (out, String::from_utf8(blanked).unwrap_or_else(|_| text.to_string()))
}

/// What DealerV2_4 refuses at token `i`, other than in `usereval(…)` and redefinitions.
fn at_token(text: &str, toks: &[Span], i: usize) -> Option<Finding> {
    let word = |k: usize| toks.get(k).map(|n| &text[n.start..n.end]);
    let seat = |k: usize| word(k).is_some_and(|w| SEATS.contains(&w));
    let here = word(i)?;
    if is_four_digits(here) && i > 0 && word(i - 1) == Some("-") && unary(toks, text, i - 1) {
        let why = "a minus before a four-digit number: DealerV2_4 reads `1900` as a shape, which its `- NUMBER` does not take (write `0 - 1900`)";
        return Some(syntax(text, &toks[i], why));
    }
    if here == "trix" && word(i + 1) != Some("(") {
        return toks.get(i + 1).map(|n| syntax(text, n, "`trix` in a report takes `(compass)` or `(deal)`"));
    }
    if here == "shape" && word(i + 1) == Some("(") && seat(i + 2) && word(i + 3).is_some_and(|w| w != ",") {
        return Some(syntax(text, &toks[i + 3], "`shape(SEAT, …)` needs the comma after the seat"));
    }
    if here == "opener" && word(i + 1).is_some() && !seat(i + 1) {
        // flex skips to the next seat word; the parser stops at the token after it.
        let stop = (i + 1..toks.len()).find(|&k| seat(k))?;
        let why = "`opener` is DealerV2_4's word (`opener SEAT`): as a name it skips to the next seat";
        return toks.get(stop + 1).map(|n| syntax(text, n, why));
    }
    None
}

const SEATS: [&str; 4] = ["north", "east", "south", "west"];

fn syntax(text: &str, at: &Span, why: &str) -> Finding {
    Finding { span: *at, program_line: line_of(text, at.start), program_says: "syntax error".into(), why: why.into() }
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

fn is_four_digits(w: &str) -> bool {
    w.len() == 4 && w.bytes().all(|c| c.is_ascii_digit())
}

/// The `-` at token `i` is a unary minus: after an operator, `(`, `,` or `=`.
fn unary(toks: &[Span], text: &str, i: usize) -> bool {
    i == 0 || {
        let p = &text[toks[i - 1].start..toks[i - 1].end];
        matches!(p, "(" | "," | "=" | "<" | ">" | "!" | "&" | "|" | "?" | ":" | "+" | "-" | "*" | "/" | "%")
    }
}

/// The line of the first token after `at` (where yacc, reading ahead, names a name at the start
/// of a statement that it does not know), if the name at `at` starts a statement: first on its
/// line, or after a number or a `)`, which end an expression.
pub(super) fn lookahead_line(text: &str, at: usize, end: usize) -> Option<usize> {
    let toks = tokens(text);
    let next = toks.iter().find(|t| t.start >= end)?;
    let prev = toks.iter().rev().find(|t| t.end <= at).map(|t| &text[t.start..t.end]);
    let ends_expr = prev.is_some_and(|p| p == ")" || p.as_bytes()[0].is_ascii_digit());
    (statement_start(text, at) || ends_expr).then(|| line_of(text, next.start))
}

/// Only blanks (or nothing) before `at` on its line.
fn statement_start(text: &str, at: usize) -> bool {
    text[..at].rsplit('\n').next().is_some_and(|l| l.trim().is_empty())
}

/// Reads `tag , side|compass , [suit ,] index )` after `usereval (`: the first token that
/// does not fit (if any), and the end of the call (past its `)`, or the token that does not fit).
fn usereval_args(text: &str, toks: &[Span]) -> (Option<Span>, usize) {
    let word = |k: usize| toks.get(k).map(|t| &text[t.start..t.end]);
    let digits = |w: &str| w.bytes().all(|c| c.is_ascii_digit());
    // Each step gives the index after what it read, or that of the token that does not fit.
    let number = |k: usize| match word(k) {
        Some("-") if word(k + 1).is_some_and(|w| digits(w) && w.len() != 4) => Ok(k + 2),
        Some("-") => Err(k + 1),
        Some(w) if digits(w) => Ok(k + 1),
        _ => Err(k),
    };
    let is = |w: &'static str| move |k: usize| if word(k) == Some(w) { Ok(k + 1) } else { Err(k) };
    let place = |k: usize| match word(k) {
        Some(w) if matches!(w, "NS" | "EW") || SEATS.contains(&w) => Ok(k + 1),
        _ => Err(k),
    };
    let suit = |k: usize| {
        let suit = word(k).is_some_and(|w| matches!(w.trim_end_matches('s'), "club" | "diamond" | "heart" | "spade"));
        if suit && word(k + 1) == Some(",") { k + 2 } else { k }
    };
    let read =
        number(0).and_then(is(",")).and_then(place).and_then(is(",")).map(suit).and_then(number).and_then(is(")"));
    let end = |k: usize| toks.get(k).map_or(text.len(), |t| t.end);
    match read {
        Ok(k) => (None, end(k - 1)),
        Err(b) => (Some(toks.get(b).copied().unwrap_or(Span::new(text.len(), text.len()))), end(b)),
    }
}

/// A variable assigned a second time: DealerV2_4 names the token after that statement (the
/// first token of a later line).
fn redefined(text: &str, toks: &[Span]) -> Vec<Finding> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let name = &text[t.start..t.end];
        let assigns = toks.get(i + 1).is_some_and(|n| &text[n.start..n.end] == "=")
            && statement_start(text, t.start)
            && name.as_bytes()[0].is_ascii_alphabetic();
        if !assigns || seen.insert(name) {
            continue;
        }
        let line = line_of(text, t.start);
        if let Some(n) = toks[i..].iter().find(|n| line_of(text, n.start) > line) {
            out.push(Finding {
                span: *t,
                program_line: line_of(text, n.start),
                program_says: "redefined variable".into(),
                why: format!("`{name}` is assigned twice: DealerV2_4 (as dealer 1.24) takes one assignment of a name"),
            });
        }
    }
    out
}

/// DealerV2_4's tokens, roughly: words (letters, digits, `_`, and a `.` inside a number),
/// strings, and single characters; comments (`//`, `/* */`, `#` at the start of a line) and
/// blanks skipped.
fn tokens(text: &str) -> Vec<Span> {
    let b = text.as_bytes();
    let (mut out, mut i) = (Vec::new(), 0);
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        } else if b[i..].starts_with(b"//") || (c == b'#' && (i == 0 || b[i - 1] == b'\n')) {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        } else if b[i..].starts_with(b"/*") {
            i = text[i + 2..].find("*/").map_or(b.len(), |k| i + 2 + k + 2);
            continue;
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += 1;
            }
            i = (i + 1).min(b.len());
        } else if word(c) {
            while i < b.len() && (word(b[i]) || (b[i] == b'.' && b[start].is_ascii_digit())) {
                i += 1;
            }
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(Span::new(start, i));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(src: &str) -> Option<(usize, String)> {
        scan(src).0.first().map(|f| (f.program_line, f.program_says.clone()))
    }

    // Each verdict below is what DealerV2_4 (/work/baselines/dealerv2_4) printed for the script.
    #[test]
    fn finds_what_dealerv2_4_refuses() {
        assert_eq!(first("produce 1\nx = usereval(,NS,0)\naction printoneline\n"), Some((2, "syntax error".into())));
        assert_eq!(first("produce 1\nb = imps(-1900)\naction average b\n"), Some((2, "syntax error".into())));
        assert_eq!(first("produce 1\naction printrpt(deal,trix)\n"), Some((2, "syntax error".into())));
        assert_eq!(first("produce 1\nopener = hcp(north) >= 15\ncondition opener\n"), Some((2, "syntax error".into())));
        assert_eq!(first("produce 1\ncondition shape(north - any 0xxx)\n"), Some((2, "syntax error".into())));
        assert_eq!(
            first("produce 1\na = 1\nb = 2\na = 3\n\ncondition a > 0\n"),
            Some((6, "redefined variable".into()))
        );
        assert_eq!(first("produce 1\nb = imps(-750)\nb2 = imps(1900)\naction average b\n"), None);
        assert_eq!(first("produce 1\nx = usereval(1, NS, 0)\naction average x\n"), None);
    }

    #[test]
    fn blanks_usereval_for_dealbench() {
        let (_, blanked) = scan("x = usereval(1, NS,\n 0) + 1\n");
        assert_eq!(blanked, "x = 0              \n    + 1\n");
    }
}
