//! Syntax colours for the editor: byte ranges tagged with helix-style capture names.
//!
//! [`Highlighter`] is the seam: the tree-sitter grammar's highlighter (`ts_highlight.rs`) is
//! the editor's; [`LexicalHighlighter`] colours the script from the vocabulary table with a
//! small scanner (words, numbers, strings, comments) when the grammar cannot be loaded.

use crate::script::vocab::{self, Kind, WordKind};

/// One coloured range of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HlSpan {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// The capture name (`keyword`, `function.builtin`, `string`, …).
    pub capture: &'static str,
}

/// Something that colours a script.
pub trait Highlighter: Send {
    /// The coloured ranges of `source`, in order, not overlapping.
    fn highlight(&mut self, source: &str) -> Vec<HlSpan>;
}

/// Colours from the vocabulary table, without a grammar.
#[derive(Default)]
pub struct LexicalHighlighter;

/// The editor's highlighter: the tree-sitter grammar's; the vocabulary scanner if its
/// query were ever to fail to load.
pub fn default_highlighter() -> Box<dyn Highlighter> {
    super::ts_highlight::TreeSitterHighlighter::new(
        tree_sitter_dealer3::LANGUAGE.into(),
        tree_sitter_dealer3::HIGHLIGHTS_QUERY,
        tree_sitter_dealer3::LOCALS_QUERY,
        tree_sitter_dealer3::HIGHLIGHT_NAMES,
    )
    .map(|h| Box::new(h) as Box<dyn Highlighter>)
    .unwrap_or_else(|_| Box::new(LexicalHighlighter))
}

/// The capture name for a word of the language, if it is one.
pub fn word_capture(word: &str) -> Option<&'static str> {
    let entry = vocab::lookup(word)?;
    Some(match entry.kind {
        Kind::Statement => "keyword",
        Kind::Function => "function.builtin",
        Kind::Action => "function.builtin",
        Kind::Operator => "keyword.operator",
        Kind::Word(WordKind::Compass) | Kind::Word(WordKind::Side) => "constant.builtin",
        Kind::Word(WordKind::Strain) | Kind::Word(WordKind::Vulnerability) => "constant.builtin",
        Kind::Word(WordKind::Other) => "keyword",
    })
}

impl Highlighter for LexicalHighlighter {
    fn highlight(&mut self, src: &str) -> Vec<HlSpan> {
        let b = src.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        let push = |out: &mut Vec<HlSpan>, start, end, capture| out.push(HlSpan { start, end, capture });
        while i < b.len() {
            let c = b[i];
            let start = i;
            if c == b'#' || (c == b'/' && b.get(i + 1) == Some(&b'/')) {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                push(&mut out, start, i, "comment");
            } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i = (i + 2).min(b.len());
                push(&mut out, start, i, "comment");
            } else if c == b'"' {
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += 1;
                }
                if i < b.len() && b[i] == b'"' {
                    i += 1;
                }
                push(&mut out, start, i, "string");
            } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                    i += 1;
                }
                // `5332` in a shape is a pattern, but a number colour suits it too.
                push(&mut out, start, i, "constant.numeric");
            } else if c.is_ascii_alphabetic() || c == b'_' {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let word = &src[start..i];
                let cap = word_capture(word).or_else(|| {
                    if action_word(word) {
                        Some("function.builtin")
                    } else if is_contract(word) {
                        Some("constant")
                    } else {
                        Some("variable")
                    }
                });
                if let Some(cap) = cap {
                    push(&mut out, start, i, cap);
                }
            } else if b"<>=!&|+-*/%?:".contains(&c) {
                while i < b.len() && b"<>=!&|".contains(&b[i]) && i - start < 2 {
                    i += 1;
                }
                if i == start {
                    i += 1;
                }
                push(&mut out, start, i, "operator");
            } else if b"(),{}[]".contains(&c) {
                i += 1;
                push(&mut out, start, i, "punctuation");
            } else {
                i += src[i..].chars().next().map_or(1, char::len_utf8);
            }
        }
        out
    }
}

fn action_word(w: &str) -> bool {
    matches!(
        w,
        "printall"
            | "printew"
            | "printns"
            | "printside"
            | "printpbn"
            | "printcompact"
            | "printoneline"
            | "evalcontract"
    )
}

fn is_contract(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() >= 3
        && (b[0] == b'x' || b[0] == b'z')
        && (b'1'..=b'7').contains(&b[1])
        && b"CDHSN".contains(&b[2])
        && b[3..].iter().all(|&c| c == b'x')
}

/// The word (letters, digits, `_`) around a character column of a line, if any.
pub fn word_at(line: &str, col: usize) -> Option<String> {
    let chars: Vec<char> = line.chars().collect();
    let is_w = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut at = col.min(chars.len());
    if at == chars.len() || !is_w(chars[at]) {
        if at > 0 && is_w(chars[at - 1]) {
            at -= 1;
        } else {
            // An operator under the cursor: `&&`, `>=`, `?` …
            let op: String =
                chars[at.min(chars.len())..].iter().take_while(|c| "<>=!&|+-*/%?:".contains(**c)).collect();
            return (!op.is_empty()).then_some(op);
        }
    }
    let mut s = at;
    while s > 0 && is_w(chars[s - 1]) {
        s -= 1;
    }
    let mut e = at;
    while e < chars.len() && is_w(chars[e]) {
        e += 1;
    }
    Some(chars[s..e].iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_words_numbers_strings_comments() {
        let src = "# opener\ncondition hcp(north) >= 15 && shape(north, any 5332)\naverage \"hcp\" hcp(south)\n";
        let spans = LexicalHighlighter.highlight(src);
        let cap = |text: &str| {
            let at = src.find(text).unwrap();
            spans.iter().find(|s| s.start == at).map(|s| s.capture)
        };
        assert_eq!(cap("# opener"), Some("comment"));
        assert_eq!(cap("condition"), Some("keyword"));
        assert_eq!(cap("hcp("), Some("function.builtin"));
        assert_eq!(cap("north"), Some("constant.builtin"));
        assert_eq!(cap("15"), Some("constant.numeric"));
        assert_eq!(cap(">="), Some("operator"));
        assert_eq!(cap("\"hcp\""), Some("string"));
    }

    #[test]
    fn word_under_cursor() {
        assert_eq!(word_at("condition hcp(north)", 11).as_deref(), Some("hcp"));
        assert_eq!(word_at("condition hcp(north)", 13).as_deref(), Some("hcp"));
        assert_eq!(word_at("a && b", 2).as_deref(), Some("&&"));
        assert_eq!(word_at("   ", 1), None);
    }
}
