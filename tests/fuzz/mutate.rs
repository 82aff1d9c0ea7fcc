//! Mutations of seed inputs: byte flips, span edits, splices between seeds, and the inputs
//! that break readers most often (huge numbers, deep nesting, BOM, invalid UTF-8, control
//! characters, truncation, very long lines).

use super::rng::Rng;

/// Mutated inputs are cut to this many bytes: big enough for quadratic behaviour to show as
/// a slow case, small enough to keep a case fast.
pub const MAX_LEN: usize = 96 * 1024;

/// Words that reach deeper into the script grammar than random bytes do.
const WORDS: &[&str] = &[
    "condition ",
    "produce ",
    "generate ",
    "action ",
    "predeal ",
    "dealer ",
    "vulnerable ",
    "seed ",
    "title ",
    "pointcount ",
    "altcount ",
    "hcp(north)",
    "shape(south, 5xxx + any 4333)",
    "spades(west)",
    "hascard(east, AS)",
    "tricks(north, spades)",
    "par(ns)",
    "score(NS, x3N, 9)",
    "imps(3)",
    "rnd(10)",
    "loser(north)",
    "average ",
    "frequency (hcp(north), 0, 37)",
    "frequency (hcp(north), 0, 10, hcp(south), 0, 10)",
    "printoneline",
    "printpbn",
    "printall",
    "printes(\"a\", hcp(north), \\n)",
    "csvrpt(hcp(north))",
    "printrpt(deal)",
    "north SAKQ,HJT",
    "south S2,H3",
    "&&",
    "||",
    "?",
    ":",
    "==",
    "!=",
    "(",
    ")",
    "{",
    "}",
    ",",
    "\"",
    "$0",
    "$X",
    "x3N",
    "z4Sx",
    "4333",
    "5xxx",
    "6.25",
    "-",
    "not ",
    "//",
    "/*",
    "*/",
    "#",
    "\n",
    "shape{5+xxx}",
    "bias ",
    "spades(north) == 5",
    "deal",
    "ns",
    "EW",
    "any ",
];

/// Numbers that overflow 32- and 64-bit integers, or are wide ranges.
const NUMBERS: &[&str] = &[
    "2147483648",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "12345678901234567890",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "99999999999999999999999999999999",
    "0",
    "-1",
    "1e400",
];

/// Control characters, a BOM and bytes that are not UTF-8.
const ODD_BYTES: &[&[u8]] = &[
    b"\0",
    b"\x01",
    b"\x07",
    b"\x08",
    b"\x1b[31m",
    b"\x7f",
    b"\r",
    b"\x0c",
    b"\t",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\xc3",
    b"\xe2\x82",
    b"\xed\xa0\x80",
    b"\xc2\x85",
    b"\xe2\x80\xae",
];

/// One to four mutations of `seed`; `donors` give spans to splice in.
pub fn mutate(rng: &mut Rng, seed: &[u8], donors: &[&[u8]]) -> Vec<u8> {
    let mut data = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        one(rng, &mut data, donors);
        data.truncate(MAX_LEN);
    }
    data
}

fn one(rng: &mut Rng, data: &mut Vec<u8>, donors: &[&[u8]]) {
    let at = rng.below(data.len() + 1);
    match rng.below(14) {
        0 if !data.is_empty() => {
            let i = rng.below(data.len());
            data[i] ^= 1 << rng.below(8);
        }
        1 => {
            let n = 1 + rng.below(8);
            insert(data, at, &rng.bytes(n));
        }
        2 => {
            let (s, e) = span(rng, data);
            data.drain(s..e);
        }
        3 => {
            let (s, e) = span(rng, data);
            let copy = data[s..e].repeat(1 + rng.below(3));
            insert(data, e, &copy);
        }
        4 if !donors.is_empty() => {
            let donor = donors[rng.below(donors.len())];
            splice(rng, data, donor);
        }
        5 => insert(data, word_boundary(data, at), rng.pick(WORDS).as_bytes()),
        6 => huge_number(rng, data),
        7 => nest(rng, data, at),
        8 => insert(data, if rng.one_in(2) { 0 } else { at }, b"\xef\xbb\xbf"),
        9 | 10 => {
            let odd = ODD_BYTES[rng.below(ODD_BYTES.len())];
            insert(data, at, odd);
        }
        11 => data.truncate(at),
        12 => long_line(rng, data, at),
        _ => line_ends(rng, data),
    }
}

fn insert(data: &mut Vec<u8>, at: usize, what: &[u8]) {
    let at = at.min(data.len());
    data.splice(at..at, what.iter().copied());
}

/// A span of up to 64 bytes, or up to a quarter of the input.
fn span(rng: &mut Rng, data: &[u8]) -> (usize, usize) {
    if data.is_empty() {
        return (0, 0);
    }
    let s = rng.below(data.len());
    let max = if rng.one_in(4) { data.len() / 4 + 1 } else { 64 };
    (s, (s + 1 + rng.below(max)).min(data.len()))
}

/// The nearest whitespace at or after `at`, so inserted words stay tokens.
fn word_boundary(data: &[u8], at: usize) -> usize {
    data[at.min(data.len())..].iter().position(u8::is_ascii_whitespace).map_or(data.len(), |p| at + p)
}

/// Replaces a span between whitespace in `data` with one from `donor` (a token-level splice).
fn splice(rng: &mut Rng, data: &mut Vec<u8>, donor: &[u8]) {
    let (ds, de) = span(rng, donor);
    let (ds, de) = (word_boundary(donor, ds), word_boundary(donor, de.max(ds)));
    let piece = donor[ds.min(de)..de].to_vec();
    let (s, e) = span(rng, data);
    let (s, e) = (word_boundary(data, s), word_boundary(data, e));
    data.splice(s.min(e)..e, piece);
}

/// Replaces a digit run with an overflowing number, or inserts a very long run of digits.
fn huge_number(rng: &mut Rng, data: &mut Vec<u8>) {
    let digits: Vec<usize> = (0..data.len()).filter(|&i| data[i].is_ascii_digit()).collect();
    if rng.one_in(3) || digits.is_empty() {
        let max = if rng.one_in(4) { 60_000 } else { 40 };
        let run = vec![b'0' + rng.below(10) as u8; 19 + rng.below(max)];
        let at = rng.below(data.len() + 1);
        return insert(data, at, &run);
    }
    let s = *rng.pick(&digits);
    let end = |data: &[u8], s: usize| (s..data.len()).find(|&i| !data[i].is_ascii_digit()).unwrap_or(data.len());
    if rng.one_in(2) {
        let e = end(data, s);
        data.splice(s..e, rng.pick(NUMBERS).bytes());
        return;
    }
    // every number on the line: a frequency's range, a predeal's or a seed's values
    let line_end = data[s..].iter().position(|&b| b == b'\n').map_or(data.len(), |p| s + p);
    let mut i = data[..s].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let mut line_end = line_end;
    while i < line_end {
        if data[i].is_ascii_digit() && (i == 0 || !data[i - 1].is_ascii_alphanumeric()) {
            let e = end(data, i);
            let n = rng.pick(NUMBERS).as_bytes();
            data.splice(i..e, n.iter().copied());
            line_end = line_end + n.len() - (e - i);
            i += n.len();
        } else {
            i += 1;
        }
    }
}

/// Wraps a span in many parentheses, braces or brackets, or inserts a deep unbalanced run.
fn nest(rng: &mut Rng, data: &mut Vec<u8>, at: usize) {
    let max = if rng.one_in(3) { 40_000 } else { 300 };
    let depth = 1 + rng.below(max);
    let (open, close) = *rng.pick(&[(b"(", b")"), (b"{", b"}"), (b"[", b"]"), (b"-", b" ")]);
    let end = word_boundary(data, at);
    if !rng.one_in(4) {
        insert(data, end, &close.repeat(depth));
    }
    insert(data, at, &open.repeat(depth));
}

/// A line of hundreds of kilobytes (kept within [`MAX_LEN`] by the caller's cut).
fn long_line(rng: &mut Rng, data: &mut Vec<u8>, at: usize) {
    let units: [&[u8]; 6] = [b"x", b"md|", b"n ", b"[Deal \"", b"AKQJ.", b" "];
    let unit = *rng.pick(&units);
    insert(data, at, &unit.repeat(MAX_LEN / unit.len()));
}

/// CRLF or CR-only line ends.
fn line_ends(rng: &mut Rng, data: &mut Vec<u8>) {
    let to: &[u8] = if rng.one_in(2) { b"\r\n" } else { b"\r" };
    let mut out = Vec::with_capacity(data.len() + data.len() / 8);
    for &b in data.iter() {
        if b == b'\n' {
            out.extend_from_slice(to);
        } else {
            out.push(b);
        }
    }
    *data = out;
}
