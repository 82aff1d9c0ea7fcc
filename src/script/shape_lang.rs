//! François Dellacherie's shape language: the body of `shape{compass, ...}` expanded to shapes.
//!
//! DealerV2_4 pipes the braces through a Perl preprocessor (`fdp`, built on Dellacherie's
//! `Dist.pm` of 1997 and documented in its `README.fdp`). This module does the same expansion
//! in process and returns the set of shapes, out of the 560, that the body admits.
//!
//! # Syntax
//! `compass, pattern + pattern - pattern ...`. The compass is `north`, `east`, `south`, `west`
//! or `n`, `e`, `s`, `w`. A `+` or `-` between patterns needs whitespace on both sides (so
//! `h+s>=10` stays in its condition), and they apply in written order (add, or take away).
//! Script parameters are text filled in by the caller before [`expand`] sees the body.
//!
//! A pattern names the four suits: lengths, then optionally `(...)`, then optionally `:condition`.
//! - A length is a digit `5`, `5+` (at least), `2-` (at most), `[3-5]` or `[013-68]` (a set of
//!   digits), or `x` (any). Each length is one character: `10` is two suits.
//! - With no letters the lengths are spades, hearts, diamonds, clubs in order. A length may carry
//!   a suit letter `s h d c` (`5+s`), or `M` / `m` for either major / either minor (`4M`, also
//!   `4M+`). Lettered lengths come first; the rest take the other suits in s h d c order.
//! - `(...)` holds the remaining suits in any order: `5s(431)`; `(4432)` alone is any 4432.
//! - `:condition` keeps the shapes for which a C-like expression over `s h d c` (and `M`, `m`)
//!   is non-zero: numbers, `+ - * / %`, comparisons `== != < <= > >=`, parentheses; `,` is
//!   *and* and `or` is *or*, with `or` the weaker (as fdp's Perl `and`/`or`). Suit letters may
//!   be upper case there (`H>S`), as in fdp.
//! - One `M` and one `m` per pattern, condition included; each is tried as both suits of its
//!   colour, and the pattern admits a shape if either choice fits. `M` cannot share the lengths
//!   with `s` or `h` (nor `m` with `d` or `c`): two of a colour go inside `(...)`.
//!
//! # Choices where fdp differs or is silent
//! - `5+` and `x` reach 13 cards; fdp's `Dist.pm` stops a `+` at 9 cards.
//! - Anything fdp would silently drop or garble (unknown characters, `&&`, `and`, a pattern of
//!   three suits, lengths adding up to more than 13) is an error pointing into the body.
//! - Suit letters go after the lengths they name and before any unlettered length (`5+s4+mxx`);
//!   fdp reads letters anywhere and only keeps their order.
//! - In a condition `M` may stand beside `s` or `h` (`M>c,s>2`); fdp refuses that.
//! - An empty `shape{}` is an error: fdp's regular expression needs a compass and a pattern, and
//!   DealerV2_4's lexer, after `shape{`, skips everything up to the next `compass,` it finds.
//! - A division by zero in a condition makes the condition false for that shape (fdp's `eval`
//!   fails and its `grep` drops the shape). An empty result is not an error: `4333 - 4333`.

use std::collections::BTreeSet;
use std::fmt;

/// Lengths of one shape in the order spades, hearts, diamonds, clubs; they sum to 13.
pub type Lengths = [u8; 4];

/// What is wrong with a `shape{...}` body, and where in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeLangError {
    /// Byte offset into the body text.
    pub offset: usize,
    /// Length in bytes of the offending text (0 at the end of the text).
    pub len: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ShapeLangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for ShapeLangError {}

/// The result of expanding a `shape{...}` body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expansion {
    /// The compass as written, e.g. "north" or "n".
    pub compass: String,
    /// Byte offset of the compass in the body.
    pub compass_offset: usize,
    /// The shapes admitted: sorted, deduplicated, each summing to 13.
    pub shapes: Vec<Lengths>,
}

/// Expands the text between the braces of `shape{...}`, e.g. "north, 4M(3+3+2+) - 4432".
pub fn expand(body: &str) -> Result<Expansion, ShapeLangError> {
    let (compass, compass_offset, rest) = parse_compass(body)?;
    let mut set = BTreeSet::new();
    for (sign, start, end) in split_patterns(body, rest)? {
        let shapes = parse_pattern(body, start, end)?.shapes();
        if sign == b'+' {
            set.extend(shapes);
        } else {
            for l in &shapes {
                set.remove(l);
            }
        }
    }
    Ok(Expansion { compass, compass_offset, shapes: set.into_iter().collect() })
}

/// The same set written as a dealer `shape()` list: "5431 + 5422 + ..." using exact 4-digit patterns;
/// a suit of 10+ cards is written `x` (the remainder), e.g. 13-0-0-0 is "x000". Empty set → None.
///
/// Each entry must sum to 13 (as [`expand`] gives them); the list comes out sorted and deduplicated.
pub fn to_pattern_list(shapes: &[Lengths]) -> Option<String> {
    debug_assert!(shapes.iter().all(|l| l.iter().map(|&n| u32::from(n)).sum::<u32>() == 13));
    let set: BTreeSet<&Lengths> = shapes.iter().collect();
    let words: Vec<String> = set.into_iter().map(|l| l.iter().map(|&n| pattern_char(n)).collect()).collect();
    (!words.is_empty()).then(|| words.join(" + "))
}

fn pattern_char(n: u8) -> char {
    if n >= 10 { 'x' } else { char::from(b'0' + n) }
}

/// Every shape, in ascending order of (spades, hearts, diamonds, clubs).
fn all_shapes() -> impl Iterator<Item = Lengths> {
    (0..=13u8).flat_map(|s| (0..=13 - s).flat_map(move |h| (0..=13 - s - h).map(move |d| [s, h, d, 13 - s - h - d])))
}

fn err(offset: usize, len: usize, message: impl Into<String>) -> ShapeLangError {
    ShapeLangError { offset, len, message: message.into() }
}

/// Length in bytes of the word of ASCII letters `text` starts with, or else of its first character.
fn word_len(text: &str) -> usize {
    let n = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    if n > 0 { n } else { text.chars().next().map_or(0, char::len_utf8) }
}

/// The character at `pos` and its length in bytes (the body is valid UTF-8).
fn char_at(body: &str, pos: usize) -> (char, usize) {
    let c = body[pos..].chars().next().unwrap_or(' ');
    (c, c.len_utf8())
}

// ---------------------------------------------------------------- compass and pattern list

const COMPASSES: [&str; 8] = ["north", "east", "south", "west", "n", "e", "s", "w"];
const EXAMPLE: &str = "e.g. shape{north, 4M(3+3+2+)}";

/// The compass, its offset, and the offset just after its comma.
fn parse_compass(body: &str) -> Result<(String, usize, usize), ShapeLangError> {
    let start = body.len() - body.trim_start().len();
    if start == body.len() {
        return Err(err(0, 0, format!("empty shape{{}}: expected a compass and a pattern, {EXAMPLE}")));
    }
    let comma = body.find(',');
    let word_end = comma.unwrap_or(body.len());
    let word = body[start..word_end].trim_end();
    if COMPASSES.contains(&word) {
        return match comma {
            Some(c) => Ok((word.to_string(), start, c + 1)),
            None => Err(err(start + word.len(), 0, "expected ',' and a pattern after the compass")),
        };
    }
    Err(compass_error(body, start, word, comma))
}

fn compass_error(body: &str, start: usize, word: &str, comma: Option<usize>) -> ShapeLangError {
    if word.is_empty() {
        return err(start, 1, format!("missing compass before ',', {EXAMPLE}"));
    }
    if comma.is_some() && word.bytes().all(|b| b.is_ascii_alphabetic()) {
        let msg = format!("`{word}` is not a compass: expected north, east, south or west (or n, e, s, w)");
        return err(start, word.len(), msg);
    }
    let rest = &body[start..];
    let len = rest.find(|c: char| c.is_whitespace() || c == ',').unwrap_or(rest.len());
    err(start, len, format!("missing compass: shape{{}} starts with a seat and a comma, {EXAMPLE}"))
}

/// Splits the patterns at a `+` or `-` with whitespace on both sides: (sign, start, end) each.
fn split_patterns(body: &str, from: usize) -> Result<Vec<(u8, usize, usize)>, ShapeLangError> {
    let b = body.as_bytes();
    let mut out = Vec::new();
    let (mut sign, mut start, mut sign_at) = (b'+', from, None);
    for i in from + 1..b.len().saturating_sub(1) {
        let is_sep = matches!(b[i], b'+' | b'-') && b[i - 1].is_ascii_whitespace() && b[i + 1].is_ascii_whitespace();
        if is_sep {
            out.push(check_segment(body, sign, start, i, sign_at)?);
            (sign, start, sign_at) = (b[i], i + 1, Some(i));
        }
    }
    out.push(check_segment(body, sign, start, b.len(), sign_at)?);
    Ok(out)
}

/// A segment with its surrounding whitespace trimmed, or an error if it is empty.
fn check_segment(
    body: &str,
    sign: u8,
    start: usize,
    end: usize,
    sign_at: Option<usize>,
) -> Result<(u8, usize, usize), ShapeLangError> {
    let text = &body[start..end];
    let lead = text.len() - text.trim_start().len();
    if text.trim().is_empty() {
        return Err(match sign_at {
            Some(at) => err(at, 1, format!("expected a pattern after '{}'", char::from(sign))),
            None if end < body.len() => {
                err(end, 1, format!("expected a pattern before '{}'", char::from(body.as_bytes()[end])))
            }
            None => err(end, 0, format!("expected a pattern after the compass, {EXAMPLE}")),
        });
    }
    Ok((sign, start + lead, start + lead + text.trim().len()))
}

// ---------------------------------------------------------------- patterns

/// A suit letter on a length: a suit (0 spades … 3 clubs), or either major / minor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Letter {
    Suit(usize),
    Major,
    Minor,
}

/// One length: the admitted card counts as bits 0..=13, and its suit letter if any.
#[derive(Clone, Copy, Debug)]
struct Elem {
    allowed: u16,
    letter: Option<(Letter, usize)>,
}

const ANY: u16 = (1 << 14) - 1;

impl Elem {
    fn allows(&self, n: u8) -> bool {
        self.allowed >> n & 1 != 0
    }
    fn min(&self) -> u32 {
        self.allowed.trailing_zeros()
    }
    fn max(&self) -> u32 {
        15 - self.allowed.leading_zeros()
    }
}

/// One parsed pattern.
struct Pattern {
    fixed: Vec<Elem>,
    float: Vec<Elem>,
    cond: Option<Expr>,
    major: bool,
    minor: bool,
}

/// A cursor over one pattern's text, skipping whitespace, with the `M`/`m` bookkeeping.
struct Cursor<'a> {
    body: &'a str,
    pos: usize,
    end: usize,
    major_at: Option<usize>,
    minor_at: Option<usize>,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<u8> {
        while self.pos < self.end && self.body.as_bytes()[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        (self.pos < self.end).then(|| self.body.as_bytes()[self.pos])
    }
    fn unexpected(&mut self, what: &str) -> ShapeLangError {
        if self.peek().is_none() {
            return err(self.end, 0, format!("the pattern ends too early: expected {what}"));
        }
        let len = word_len(&self.body[self.pos..self.end]);
        err(self.pos, len, format!("unexpected `{}`: expected {what}", &self.body[self.pos..self.pos + len]))
    }
    /// Records an `M` or `m` at `at`, refusing a second one in the pattern.
    fn note_colour(&mut self, letter: Letter, at: usize) -> Result<(), ShapeLangError> {
        let (slot, name, colour) = match letter {
            Letter::Major => (&mut self.major_at, 'M', "major"),
            Letter::Minor => (&mut self.minor_at, 'm', "minor"),
            Letter::Suit(_) => return Ok(()),
        };
        if slot.is_some() {
            let msg = format!(
                "a second `{name}` in one pattern: `{name}` stands for one {colour}; write two {colour}s inside (...)"
            );
            return Err(err(at, 1, msg));
        }
        *slot = Some(at);
        Ok(())
    }
}

const LENGTH: &str = "a length (a digit, `5+`, `2-`, `[3-5]` or `x`)";

fn parse_pattern(body: &str, start: usize, end: usize) -> Result<Pattern, ShapeLangError> {
    let mut cur = Cursor { body, pos: start, end, major_at: None, minor_at: None };
    let (fixed, float) = parse_lengths(&mut cur)?;
    let lengths_end = start + body[start..cur.pos].trim_end().len();
    check_count(body, start, lengths_end, fixed.len() + float.len())?;
    check_letters(&fixed)?;
    let cond = match cur.peek() {
        Some(b':') => {
            cur.pos += 1;
            Some(parse_condition(&mut cur)?)
        }
        _ => None,
    };
    let major = cur.major_at.is_some();
    let minor = cur.minor_at.is_some();
    let pattern = Pattern { fixed, float, cond, major, minor };
    pattern.check_possible(start, lengths_end)?;
    Ok(pattern)
}

/// The lengths before any `(`, and those inside it.
fn parse_lengths(cur: &mut Cursor) -> Result<(Vec<Elem>, Vec<Elem>), ShapeLangError> {
    let mut fixed = Vec::new();
    loop {
        match cur.peek() {
            None | Some(b':') => return Ok((fixed, Vec::new())),
            Some(b'(') => break,
            Some(_) => fixed.push(parse_elem(cur, true)?),
        }
    }
    let open = cur.pos;
    cur.pos += 1;
    let mut float = Vec::new();
    loop {
        match cur.peek() {
            Some(b')') => break,
            None => return Err(err(open, 1, "unclosed '(': expected ')' after the lengths in any order")),
            Some(_) => float.push(parse_elem(cur, false)?),
        }
    }
    if float.is_empty() {
        return Err(err(open, cur.pos + 1 - open, format!("empty (): expected {LENGTH} inside")));
    }
    cur.pos += 1;
    match cur.peek() {
        None | Some(b':') => Ok((fixed, float)),
        Some(_) => Err(cur.unexpected("the end of the pattern or ':' after (...): the lengths in any order come last")),
    }
}

/// One length with its optional suit letter, before or after its `+`/`-` (`4+M` or `4M+`).
fn parse_elem(cur: &mut Cursor, letters: bool) -> Result<Elem, ShapeLangError> {
    let b = cur.peek().ok_or_else(|| cur.unexpected(LENGTH))?;
    let mut elem = match b {
        b'0'..=b'9' => Elem { allowed: 1 << (b - b'0'), letter: None },
        b'x' => Elem { allowed: ANY, letter: None },
        b'[' => Elem { allowed: parse_range(cur)?, letter: None },
        _ if letter_of(b).is_some() => return Err(letter_first(cur, letters)),
        _ => return Err(cur.unexpected(LENGTH)),
    };
    if b != b'[' {
        cur.pos += 1;
    }
    parse_letter(cur, &mut elem, letters)?;
    if b.is_ascii_digit() && matches!(cur.peek(), Some(b'+' | b'-')) {
        let n = u32::from(b - b'0');
        elem.allowed = if cur.peek() == Some(b'+') { ANY & !((1 << n) - 1) } else { (1 << (n + 1)) - 1 };
        cur.pos += 1;
        if elem.letter.is_none() {
            parse_letter(cur, &mut elem, letters)?;
        }
    }
    Ok(elem)
}

fn letter_first(cur: &mut Cursor, letters: bool) -> ShapeLangError {
    let (c, _) = char_at(cur.body, cur.pos);
    if word_len(&cur.body[cur.pos..cur.end]) > 1 {
        return cur.unexpected(LENGTH);
    }
    if letters {
        err(cur.pos, 1, format!("`{c}` comes after its length, e.g. `5{c}`: expected {LENGTH}"))
    } else {
        err(cur.pos, 1, format!("no suit letters inside (...): put `{c}` and its length before the '('"))
    }
}

fn letter_of(b: u8) -> Option<Letter> {
    match b {
        b's' => Some(Letter::Suit(0)),
        b'h' => Some(Letter::Suit(1)),
        b'd' => Some(Letter::Suit(2)),
        b'c' => Some(Letter::Suit(3)),
        b'M' => Some(Letter::Major),
        b'm' => Some(Letter::Minor),
        _ => None,
    }
}

/// Takes a suit letter after a length, if one is there.
fn parse_letter(cur: &mut Cursor, elem: &mut Elem, letters: bool) -> Result<(), ShapeLangError> {
    let Some(letter) = cur.peek().and_then(letter_of) else { return Ok(()) };
    if elem.letter.is_some() {
        return Err(err(cur.pos, 1, "a length carries one suit letter"));
    }
    if !letters {
        return Err(letter_first(cur, false));
    }
    cur.note_colour(letter, cur.pos)?;
    elem.letter = Some((letter, cur.pos));
    cur.pos += 1;
    Ok(())
}

/// `[3-5]`, `[013-68]`: a set of single digits and ranges of them.
fn parse_range(cur: &mut Cursor) -> Result<u16, ShapeLangError> {
    let open = cur.pos;
    cur.pos += 1;
    let mut set = 0u16;
    loop {
        let lo = match cur.peek() {
            Some(b']') if set != 0 => break,
            Some(b']') => return Err(err(open, cur.pos + 1 - open, "empty []: expected digits or ranges like [3-5]")),
            Some(d @ b'0'..=b'9') => d - b'0',
            _ => return Err(range_error(cur, open)),
        };
        let at = cur.pos;
        cur.pos += 1;
        let hi = if cur.peek() == Some(b'-') { range_end(cur, at, lo)? } else { lo };
        set |= ((1u16 << (hi + 1)) - 1) & !((1u16 << lo) - 1);
    }
    cur.pos += 1;
    Ok(set)
}

fn range_end(cur: &mut Cursor, at: usize, lo: u8) -> Result<u8, ShapeLangError> {
    cur.pos += 1;
    match cur.peek() {
        Some(d @ b'0'..=b'9') if d - b'0' >= lo => {
            cur.pos += 1;
            Ok(d - b'0')
        }
        Some(b'0'..=b'9') => Err(err(at, cur.pos + 1 - at, "the range runs backwards: write the smaller digit first")),
        _ => Err(cur.unexpected("a digit to end the range")),
    }
}

fn range_error(cur: &mut Cursor, open: usize) -> ShapeLangError {
    if cur.peek().is_none() {
        return err(open, 1, "unclosed '[': expected ']' after the digits");
    }
    cur.unexpected("a digit, a range like 3-5, or ']' (each length in [] is one digit)")
}

fn check_count(body: &str, start: usize, end: usize, n: usize) -> Result<(), ShapeLangError> {
    if n == 4 {
        return Ok(());
    }
    let shown = &body[start..end];
    let plural = if n == 1 { "" } else { "s" };
    let msg = format!(
        "`{shown}` gives {n} suit length{plural}; a pattern gives all four, \
         each one character (a 10+ card suit is `x` or `7+`)"
    );
    Err(err(start, end - start, msg))
}

/// Lettered lengths come first; a suit is named once; `M` and `m` do not share a colour.
fn check_letters(fixed: &[Elem]) -> Result<(), ShapeLangError> {
    let mut seen: Vec<Letter> = Vec::new();
    let mut unlettered = false;
    for e in fixed {
        let Some((letter, at)) = e.letter else {
            unlettered = true;
            continue;
        };
        if unlettered {
            return Err(err(at, 1, "lengths with suit letters come first, e.g. `5s4+m(xx)` or `5+s4+mxx`"));
        }
        if let Some(msg) = letter_clash(&seen, letter) {
            return Err(err(at, 1, msg));
        }
        seen.push(letter);
    }
    Ok(())
}

fn letter_clash(seen: &[Letter], new: Letter) -> Option<String> {
    let colour = |l: Letter| match l {
        Letter::Suit(s) => s / 2,
        Letter::Major => 0,
        Letter::Minor => 1,
    };
    let generic = |l: Letter| !matches!(l, Letter::Suit(_));
    let other = seen.iter().find(|&&l| l == new || (colour(l) == colour(new) && (generic(l) || generic(new))))?;
    if *other == new {
        return Some("this suit is already named in the pattern".into());
    }
    let (m, pair) = if colour(new) == 0 { ('M', "s or h") } else { ('m', "d or c") };
    Some(format!("`{m}` cannot be used with {pair} in one pattern: write two of a colour inside (...)"))
}

impl Pattern {
    /// The suits the lengths stand for, in order (fixed then in any order), for one choice of
    /// the major and the minor behind `M` and `m`.
    fn suits(&self, major: usize, minor: usize) -> [usize; 4] {
        let mut order = [0usize; 4];
        let mut used = [false; 4];
        let mut n = 0;
        for e in &self.fixed {
            let Some((letter, _)) = e.letter else { break };
            let suit = match letter {
                Letter::Suit(s) => s,
                Letter::Major => major,
                Letter::Minor => minor,
            };
            (order[n], used[suit], n) = (suit, true, n + 1);
        }
        for suit in (0..4).filter(|&s| !used[s]) {
            (order[n], n) = (suit, n + 1);
        }
        order
    }

    /// The choices of (major, minor) to try: both when `M` / `m` appear.
    fn choices(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let majors: &[usize] = if self.major { &[0, 1] } else { &[0] };
        let minors: &[usize] = if self.minor { &[2, 3] } else { &[2] };
        majors.iter().flat_map(move |&j| minors.iter().map(move |&n| (j, n)))
    }

    fn admits(&self, l: &Lengths, with_cond: bool) -> bool {
        self.choices().any(|(major, minor)| {
            let order = self.suits(major, minor);
            let nf = self.fixed.len();
            let rest = order.map(|s| l[s]);
            self.fixed.iter().zip(order).all(|(e, s)| e.allows(l[s]))
                && any_order(&self.float, &rest[nf..], 0)
                && (!with_cond || self.cond.as_ref().is_none_or(|c| c.holds(l, major, minor)))
        })
    }

    fn shapes(&self) -> Vec<Lengths> {
        all_shapes().filter(|l| self.admits(l, true)).collect()
    }

    /// Refuses lengths that cannot add up to 13, and patterns no shape fits.
    fn check_possible(&self, start: usize, end: usize) -> Result<(), ShapeLangError> {
        let elems = || self.fixed.iter().chain(&self.float);
        let min: u32 = elems().map(Elem::min).sum();
        let max: u32 = elems().map(Elem::max).sum();
        let msg = if min > 13 {
            format!("the lengths add up to at least {min}: more than 13 cards")
        } else if max < 13 {
            format!("the lengths add up to at most {max}: fewer than 13 cards")
        } else if !all_shapes().any(|l| self.admits(&l, false)) {
            "no shape fits these lengths".to_string()
        } else {
            return Ok(());
        };
        Err(err(start, end - start, msg))
    }
}

/// True when the lengths not yet `used` (a bit each) can be matched to the elements in some order.
fn any_order(elems: &[Elem], lens: &[u8], used: u8) -> bool {
    let Some((first, rest)) = elems.split_first() else { return true };
    (0..lens.len()).any(|i| used >> i & 1 == 0 && first.allows(lens[i]) && any_order(rest, lens, used | 1 << i))
}

// ---------------------------------------------------------------- conditions

/// A variable in a condition: a suit's length, or that of the major / minor behind `M` / `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Var {
    Suit(usize),
    Major,
    Minor,
}

/// Binary operators, from `or` (weakest) to `*` `/` `%`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinOp {
    Or,
    And,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
}

/// A condition's syntax tree.
#[derive(Clone, Debug)]
enum Expr {
    Num(f64),
    Var(Var),
    Neg(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// True when the value is defined and not zero.
    fn holds(&self, l: &Lengths, major: usize, minor: usize) -> bool {
        self.eval(l, major, minor).is_some_and(|v| v != 0.0)
    }

    /// The value; `None` after a division by zero.
    fn eval(&self, l: &Lengths, major: usize, minor: usize) -> Option<f64> {
        let ev = |e: &Expr| e.eval(l, major, minor);
        Some(match self {
            Expr::Num(v) => *v,
            Expr::Var(Var::Suit(s)) => f64::from(l[*s]),
            Expr::Var(Var::Major) => f64::from(l[major]),
            Expr::Var(Var::Minor) => f64::from(l[minor]),
            Expr::Neg(e) => -ev(e)?,
            Expr::Bin(BinOp::Or, a, b) => truth(ev(a)? != 0.0 || ev(b)? != 0.0),
            Expr::Bin(BinOp::And, a, b) => truth(ev(a)? != 0.0 && ev(b)? != 0.0),
            Expr::Bin(op, a, b) => arith(*op, ev(a)?, ev(b)?)?,
        })
    }
}

fn truth(b: bool) -> f64 {
    if b { 1.0 } else { 0.0 }
}

fn arith(op: BinOp, a: f64, b: f64) -> Option<f64> {
    Some(match op {
        BinOp::Lt => truth(a < b),
        BinOp::Le => truth(a <= b),
        BinOp::Gt => truth(a > b),
        BinOp::Ge => truth(a >= b),
        BinOp::Eq => truth(a == b),
        BinOp::Ne => truth(a != b),
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div if b == 0.0 => return None,
        BinOp::Div => a / b,
        BinOp::Mod => perl_mod(a.trunc() as i64, b.trunc() as i64)? as f64,
        BinOp::Or | BinOp::And => unreachable!("handled with short cut"),
    })
}

/// Perl's integer `%`: the result takes the sign of the right operand.
fn perl_mod(a: i64, b: i64) -> Option<i64> {
    let r = a.checked_rem(b)?;
    Some(if r != 0 && (r < 0) != (b < 0) { r + b } else { r })
}

/// A condition token.
#[derive(Clone, Copy, Debug, PartialEq)]
enum CTok {
    Num(f64),
    Var(Var),
    Op(&'static str),
    End,
}

const OPERAND: &str = "a suit length (s, h, d, c, M, m), a number or '('";

/// Parses the text after ':' to the end of the pattern.
fn parse_condition(cur: &mut Cursor) -> Result<Expr, ShapeLangError> {
    let toks = tokenize_condition(cur)?;
    if toks.len() == 1 {
        return Err(err(cur.end, 0, "expected a condition after ':', e.g. `:h>s,d>=c`"));
    }
    let mut p = CondParser { body: cur.body, toks, i: 0 };
    let e = p.or_expr()?;
    match p.peek() {
        CTok::End => Ok(e),
        CTok::Op(")") => Err(p.error("an operator: this ')' has no '('")),
        _ => Err(p.error("an operator, ',' (and) or `or`")),
    }
}

/// Tokens with their offset and length, ending with `End`.
fn tokenize_condition(cur: &mut Cursor) -> Result<Vec<(CTok, usize, usize)>, ShapeLangError> {
    let mut out = Vec::new();
    while cur.peek().is_some() {
        let at = cur.pos;
        let tok = condition_token(cur)?;
        if let CTok::Var(v @ (Var::Major | Var::Minor)) = tok {
            cur.note_colour(if v == Var::Major { Letter::Major } else { Letter::Minor }, at)?;
        }
        out.push((tok, at, cur.pos - at));
        if out.len() > MAX_TOKENS {
            return Err(err(at, cur.pos - at, format!("the condition is too long: at most {MAX_TOKENS} symbols")));
        }
    }
    out.push((CTok::End, cur.end, 0));
    Ok(out)
}

/// Bounds the syntax tree, and so the recursion that parses and evaluates it.
const MAX_TOKENS: usize = 200;

const CONDITION_OPS: [&str; 15] = ["==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%", "(", ")", ",", "="];

fn condition_token(cur: &mut Cursor) -> Result<CTok, ShapeLangError> {
    let rest = &cur.body[cur.pos..cur.end];
    let b = rest.as_bytes()[0];
    if b.is_ascii_digit() {
        let n = rest.bytes().take_while(u8::is_ascii_digit).count();
        cur.pos += n;
        return Ok(CTok::Num(rest[..n].parse::<f64>().unwrap_or(f64::MAX)));
    }
    if b.is_ascii_alphabetic() {
        return condition_word(cur, rest);
    }
    for op in ["&&", "||"] {
        if rest.starts_with(op) {
            return Err(err(cur.pos, 2, "use ',' for and, `or` for or in a shape condition"));
        }
    }
    match CONDITION_OPS.iter().find(|op| rest.starts_with(**op)) {
        Some(&"=") => Err(err(cur.pos, 1, "`=` is not a comparison: use `==`")),
        Some(op) => {
            cur.pos += op.len();
            Ok(CTok::Op(op))
        }
        None => Err(cur.unexpected("an operator or a suit length in the condition")),
    }
}

fn condition_word(cur: &mut Cursor, rest: &str) -> Result<CTok, ShapeLangError> {
    let n = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
    let word = &rest[..n];
    let at = cur.pos;
    cur.pos += n;
    let var = match word {
        "or" => return Ok(CTok::Op("or")),
        "s" | "S" => Var::Suit(0),
        "h" | "H" => Var::Suit(1),
        "d" | "D" => Var::Suit(2),
        "c" | "C" => Var::Suit(3),
        "M" => Var::Major,
        "m" => Var::Minor,
        "and" => return Err(err(at, n, "use ',' for and in a shape condition (`and` is not part of it)")),
        _ => return Err(err(at, n, format!("unknown name `{word}` in the condition: expected {OPERAND}, or `or`"))),
    };
    Ok(CTok::Var(var))
}

/// Recursive descent over condition tokens.
struct CondParser<'a> {
    body: &'a str,
    toks: Vec<(CTok, usize, usize)>,
    i: usize,
}

impl CondParser<'_> {
    fn peek(&self) -> CTok {
        self.toks[self.i].0
    }
    fn error(&self, expected: &str) -> ShapeLangError {
        let (tok, at, len) = self.toks[self.i];
        match tok {
            CTok::End => err(at, 0, format!("the condition ends too early: expected {expected}")),
            _ => {
                err(at, len, format!("unexpected `{}` in the condition: expected {expected}", &self.body[at..at + len]))
            }
        }
    }
    /// Takes the next token if it is one of `ops`.
    fn take(&mut self, ops: &[(&str, BinOp)]) -> Option<BinOp> {
        let CTok::Op(s) = self.peek() else { return None };
        let op = ops.iter().find(|(o, _)| *o == s)?.1;
        self.i += 1;
        Some(op)
    }
    fn binary(
        &mut self,
        ops: &[(&str, BinOp)],
        next: fn(&mut Self) -> Result<Expr, ShapeLangError>,
    ) -> Result<Expr, ShapeLangError> {
        let mut e = next(self)?;
        while let Some(op) = self.take(ops) {
            e = Expr::Bin(op, Box::new(e), Box::new(next(self)?));
        }
        Ok(e)
    }
    fn or_expr(&mut self) -> Result<Expr, ShapeLangError> {
        self.binary(&[("or", BinOp::Or)], Self::and_expr)
    }
    fn and_expr(&mut self) -> Result<Expr, ShapeLangError> {
        self.binary(&[(",", BinOp::And)], Self::comparison)
    }
    fn comparison(&mut self) -> Result<Expr, ShapeLangError> {
        const CMP: [(&str, BinOp); 6] = [
            ("<", BinOp::Lt),
            ("<=", BinOp::Le),
            (">", BinOp::Gt),
            (">=", BinOp::Ge),
            ("==", BinOp::Eq),
            ("!=", BinOp::Ne),
        ];
        let left = self.sum()?;
        let Some(op) = self.take(&CMP) else { return Ok(left) };
        let e = Expr::Bin(op, Box::new(left), Box::new(self.sum()?));
        if self.take(&CMP).is_some() {
            self.i -= 1;
            return Err(self.error("',' between comparisons: they do not chain (write `h>s,s>d`)"));
        }
        Ok(e)
    }
    fn sum(&mut self) -> Result<Expr, ShapeLangError> {
        self.binary(&[("+", BinOp::Add), ("-", BinOp::Sub)], Self::product)
    }
    fn product(&mut self) -> Result<Expr, ShapeLangError> {
        self.binary(&[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Mod)], Self::unary)
    }
    fn unary(&mut self) -> Result<Expr, ShapeLangError> {
        if self.take(&[("-", BinOp::Sub)]).is_some() {
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        self.primary()
    }
    fn primary(&mut self) -> Result<Expr, ShapeLangError> {
        let e = match self.peek() {
            CTok::Num(v) => Expr::Num(v),
            CTok::Var(v) => Expr::Var(v),
            CTok::Op("(") => return self.parenthesised(),
            _ => return Err(self.error(OPERAND)),
        };
        self.i += 1;
        Ok(e)
    }
    fn parenthesised(&mut self) -> Result<Expr, ShapeLangError> {
        let open = self.i;
        self.i += 1;
        let e = self.or_expr()?;
        if self.peek() != CTok::Op(")") {
            let (_, at, _) = self.toks[open];
            return Err(match self.peek() {
                CTok::End => err(at, 1, "unclosed '(' in the condition: expected ')'"),
                _ => self.error("')' or an operator"),
            });
        }
        self.i += 1;
        Ok(e)
    }
}

#[cfg(test)]
mod tests;
