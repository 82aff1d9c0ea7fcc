//! Finding the `$NAME`s a substitution reaches: everywhere but comments (`//`, `/* */`, `#` at
//! the start of a line, as the lexer reads them) and strings, which DealerV2_4's lexer reads
//! whole before it looks for a parameter.

use crate::script::diag::Span;
use crate::script::lexer::BOM;

/// Each `$NAME` outside comments and strings: its span (from the `$`) and its 1-based line.
pub(super) fn uses(source: &str) -> Vec<(Span, usize)> {
    let b = source.as_bytes();
    let mut i = if source.starts_with(BOM) { BOM.len() } else { 0 };
    let (mut line, mut line_start, mut out) = (1, i, Vec::new());
    while i < b.len() {
        let skip_to = match b[i] {
            b'#' if i == line_start => Some(line_end(b, i)),
            b'/' if b.get(i + 1) == Some(&b'/') => Some(line_end(b, i)),
            b'/' if b.get(i + 1) == Some(&b'*') => Some(find(b, i + 2, b"*/").map_or(b.len(), |e| e + 2)),
            b'"' => Some(string_end(b, i)),
            _ => None,
        };
        if let Some(end) = skip_to {
            line += b[i..end].iter().filter(|&&c| c == b'\n').count();
            if let Some(nl) = b[i..end].iter().rposition(|&c| c == b'\n') {
                line_start = i + nl + 1;
            }
            i = end;
            continue;
        }
        let len = if b[i] == b'$' { name_len(&source[i + 1..]) } else { 0 };
        if len > 0 {
            out.push((Span::new(i, i + 1 + len), line));
            i += 1 + len;
            continue;
        }
        if b[i] == b'\n' {
            line += 1;
            line_start = i + 1;
        }
        i += 1;
    }
    out
}

/// `$0`..`$9` are one digit; other names run over letters, digits and `_`.
pub(super) fn name_len(s: &str) -> usize {
    let b = s.as_bytes();
    match b.first() {
        Some(c) if c.is_ascii_digit() => 1,
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
            b.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count()
        }
        _ => 0,
    }
}

fn line_end(b: &[u8], i: usize) -> usize {
    b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n)
}

/// A string ends at its closing quote, or (left open, as DealerV2_4 reads it) at its line end.
fn string_end(b: &[u8], i: usize) -> usize {
    let end = line_end(b, i + 1);
    b[i + 1..end].iter().position(|&c| c == b'"').map_or(end, |q| i + 1 + q + 1)
}

fn find(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b[from.min(b.len())..].windows(needle.len()).position(|w| w == needle).map(|p| from + p)
}
