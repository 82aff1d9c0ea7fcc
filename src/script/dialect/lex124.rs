//! dealer 1.24's tokens (its `scan.l`: flex, longest match, the earlier rule on a tie), with
//! the line its `lino` counter gives each: newlines inside a string are not counted, and a
//! `//` or `#` comment ends only at a newline.

use crate::script::diag::Span;

/// A token class of dealer 1.24's grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum T {
    Kw(&'static str),
    Ident,
    Number,
    Holding,
    Card,
    Contract,
    Str,
    Distr,
    DistrOrNumber,
    Compass,
    Suit,
    /// `vulnerable` and `ns`, `ew`, `all`, `none`: one token class in dealer 1.24.
    Vulnerable,
    /// `nv`, `vul`.
    Vuln,
    NoTrumps,
    /// `hcp`, `pt0`…`pt9` and their aliases, `losers`, `controls`: `name(compass[, suit])`.
    HandFn,
    Op(&'static str),
    /// Any other single byte (flex's `.` rule), such as `#`, `$`, `{`, `"`.
    Char(u8),
    /// End of a block comment never closed: `EOF found in comment`.
    OpenComment,
    Eof,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Tok {
    pub t: T,
    pub span: Span,
    /// dealer 1.24's `lino` once the token is read.
    pub line: usize,
}

const OPS: [&str; 17] = ["&&", "||", "==", "!=", "<=", ">=", "!", "<", ">", "+", "-", "*", "/", "%", "?", ":", "="];

const KEYWORDS: [&str; 31] = [
    "generate",
    "produce",
    "dealer",
    "predeal",
    "pointcount",
    "altcount",
    "condition",
    "action",
    "print",
    "printall",
    "printpbn",
    "printew",
    "printcompact",
    "printoneline",
    "printes",
    "evalcontract",
    "average",
    "frequency",
    "quality",
    "cccc",
    "score",
    "hascard",
    "shape",
    "any",
    "rnd",
    "and",
    "or",
    "not",
    "imp",
    "imps",
    "tricks",
];

/// Words with an optional plural `s`, and what they lex as.
fn word_class(w: &str) -> Option<T> {
    let single = w.strip_suffix('s').unwrap_or(w);
    let t = match w {
        "north" | "east" | "south" | "west" => T::Compass,
        "ns" | "NS" | "ew" | "EW" | "all" | "none" | "vulnerable" => T::Vulnerable,
        "nv" | "vul" => T::Vuln,
        "pt0" | "pt1" | "pt2" | "pt3" | "pt4" | "pt5" | "pt6" | "pt7" | "pt8" | "pt9" | "top2" | "top3" | "top4"
        | "top5" | "c13" => T::HandFn,
        "and" => T::Op("&&"),
        "or" => T::Op("||"),
        "not" => T::Op("!"),
        "trick" => T::Kw("tricks"),
        "imp" => T::Kw("imps"),
        _ => match single {
            "club" | "diamond" | "heart" | "spade" => T::Suit,
            "notrump" => T::NoTrumps,
            "hcp" | "ten" | "jack" | "queen" | "king" | "ace" | "loser" | "control" => T::HandFn,
            "trick" => T::Kw("tricks"),
            "imp" => T::Kw("imps"),
            _ => return KEYWORDS.iter().find(|k| **k == w).map(|k| T::Kw(k)),
        },
    };
    Some(t)
}

/// The whole script as dealer 1.24 reads it, ending with [`T::Eof`] or [`T::OpenComment`].
pub(super) fn lex(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let (mut i, mut line, mut out) = (0, 1, Vec::new());
    loop {
        let at_line_start = i == 0 || b[i - 1] == b'\n';
        let Some(&c) = b.get(i) else {
            out.push(Tok { t: T::Eof, span: Span::new(i, i), line });
            return out;
        };
        let nl_after = |from: usize| b[from..].iter().position(|&x| x == b'\n').map(|n| from + n);
        if c == b' ' || c == b'\t' {
            i += 1;
        } else if c == b'\n' || (c == b'\r' && b[i..].iter().find(|&&x| x != b'\r') == Some(&b'\n')) {
            i += b[i..].iter().position(|&x| x == b'\n').unwrap_or(0) + 1;
            line += 1;
        } else if let (b'/', Some(b'/'), Some(end)) = (c, b.get(i + 1), nl_after(i)) {
            (i, line) = (end + 1, line + 1);
        } else if let (b'#', true, Some(end)) = (c, at_line_start, nl_after(i)) {
            (i, line) = (end + 1, line + 1);
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let close = b[i + 2..].windows(2).position(|w| w == b"*/");
            let end = close.map_or(b.len(), |p| i + 2 + p + 2);
            line += b[i..end].iter().filter(|&&x| x == b'\n').count();
            if close.is_none() {
                out.push(Tok { t: T::OpenComment, span: Span::new(i, i + 2), line });
                return out;
            }
            i = end;
        } else {
            let (t, len) = token(&b[i..]);
            out.push(Tok { t, span: Span::new(i, i + len), line });
            i += len;
        }
    }
}

/// The longest rule at the start of `s`; on a tie, the one listed first in `scan.l`.
fn token(s: &[u8]) -> (T, usize) {
    if let Some(op) = OPS.iter().find(|op| s.starts_with(op.as_bytes())).filter(|op| **op != "=") {
        return (T::Op(op), op.len());
    }
    let close = || s[1..].iter().position(|&c| c == b'"');
    if let Some(close) = (s[0] == b'"').then(close).flatten() {
        return (T::Str, close + 2);
    }
    if s.starts_with(b"\\n") {
        return (T::Str, 2);
    }
    let ident = if s[0].is_ascii_alphabetic() { run(s, |c| c.is_ascii_alphanumeric() || c == b'_') } else { 0 };
    let holding = holding(s);
    let card = usize::from(b"23456789TJQKA".contains(&s[0]) && s.len() > 1 && b"CDHS".contains(&s[1])) * 2;
    let contract =
        usize::from(s.len() > 2 && s[0] == b'x' && (b'1'..=b'7').contains(&s[1]) && b"CDHSN".contains(&s[2])) * 3;
    let distr = if run(&s[..s.len().min(4)], |c| c.is_ascii_digit() || c == b'x') == 4 { 4 } else { 0 };
    let number = run(s, |c| c.is_ascii_digit());
    let word = std::str::from_utf8(&s[..ident]).unwrap_or("");
    let keyword = word_class(word).map_or(0, |_| ident);
    // In scan.l's order: keywords, holding, card, contract, distribution, number, name.
    let candidates = [(keyword, 0), (holding, 1), (card, 2), (contract, 3), (distr, 4), (number, 5), (ident, 6)];
    let best = candidates.iter().fold((0, 7), |best, &(len, rule)| if len > best.0 { (len, rule) } else { best });
    let t = match best.1 {
        0 => word_class(word).unwrap_or(T::Ident),
        1 => T::Holding,
        2 => T::Card,
        3 => T::Contract,
        4 if s[..4].contains(&b'x') => T::Distr,
        4 => T::DistrOrNumber,
        5 => T::Number,
        6 => T::Ident,
        _ => return (if s[0] == b'=' { T::Op("=") } else { T::Char(s[0]) }, 1),
    };
    (t, best.0)
}

fn run(s: &[u8], f: impl Fn(u8) -> bool) -> usize {
    s.iter().take_while(|&&c| f(c)).count()
}

/// `[CDHS]A?K?Q?J?T?9?8?7?6?5?4?3?2?`
fn holding(s: &[u8]) -> usize {
    if !b"CDHS".contains(&s[0]) {
        return 0;
    }
    let mut i = 1;
    for r in b"AKQJT98765432" {
        if s.get(i) == Some(r) {
            i += 1;
        }
    }
    i
}
