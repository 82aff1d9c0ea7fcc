//! Diagnostics: what went wrong, where, rendered with the source line and a caret.

use std::fmt;

/// A byte range in the script source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The script cannot run.
    Error,
    /// The script runs, but probably not as meant.
    Warning,
}

/// A message about a spot in a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The script's file name as given.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// The byte range it is about.
    pub span: Span,
    /// What is wrong, and what was expected.
    pub message: String,
    /// The whole source line, for display.
    pub source_line: String,
}

impl Diagnostic {
    /// An error at `span` of `source`.
    pub fn error(file: &str, source: &str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, file, source, span, message.into())
    }

    /// A warning at `span` of `source`.
    pub fn warning(file: &str, source: &str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, file, source, span, message.into())
    }

    fn new(severity: Severity, file: &str, source: &str, span: Span, message: String) -> Diagnostic {
        let start = span.start.min(source.len());
        let start = floor_char(source, start);
        let bom = if source.starts_with(BOM) && start >= BOM.len() { BOM.len() } else { 0 };
        let line_start = source[..start].rfind('\n').map_or(bom, |i| i + 1);
        let line_end = source[start..].find('\n').map_or(source.len(), |i| start + i);
        let line = source[..start].matches('\n').count() + 1;
        let column = source[line_start..start].chars().count() + 1;
        let source_line = source[line_start..line_end].trim_end_matches('\r').to_string();
        let message = escape(&message);
        Diagnostic { severity, file: file.to_string(), line, column, span, message, source_line }
    }

    /// `file:line:col: error: message`, the source line and a caret line under the spot.
    pub fn render(&self) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let num = self.line.to_string();
        let pad = " ".repeat(num.len());
        let (shown, lead, marked) = self.shown_line();
        let (lead, carets) = (" ".repeat(lead), "^".repeat(marked.max(1)));
        format!(
            "{}:{}:{}: {kind}: {}\n{pad} |\n{num} | {shown}\n{pad} | {lead}{carets}\n",
            self.file, self.line, self.column, self.message
        )
    }
}

impl Diagnostic {
    /// The source line as shown, the width before the spot and the spot's width. A line
    /// longer than [`LONG_LINE`] characters is cut to [`CONTEXT`] characters either side of
    /// the spot (and as many of the spot), with `…` where text is left out.
    fn shown_line(&self) -> (String, usize, usize) {
        let chars: Vec<char> = self.source_line.chars().collect();
        let at = (self.column - 1).min(chars.len());
        let len = self.span.end.saturating_sub(self.span.start);
        let spanned = chars[at..].iter().scan(0, |bytes, c| (*bytes < len).then(|| *bytes += c.len_utf8())).count();
        let (from, to, spanned) = if chars.len() > LONG_LINE {
            let spanned = spanned.min(CONTEXT);
            (at.saturating_sub(CONTEXT), (at + spanned + CONTEXT).min(chars.len()), spanned)
        } else {
            (0, chars.len(), spanned)
        };
        let width = |cs: &[char]| cs.iter().map(|&c| shown_char(c).chars().count()).sum::<usize>();
        let (open, close) = (if from > 0 { "…" } else { "" }, if to < chars.len() { "…" } else { "" });
        let shown = format!("{open}{}{close}", escape(&chars[from..to].iter().collect::<String>()));
        (shown, open.chars().count() + width(&chars[from..at]), width(&chars[at..at + spanned]))
    }
}

/// Source lines longer than this many characters are shown in part.
const LONG_LINE: usize = 200;
/// Characters shown either side of the spot on a long line.
const CONTEXT: usize = 60;

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

/// The UTF-8 byte order mark, which diagnostics do not count or show.
const BOM: &str = crate::script::lexer::BOM;

pub use crate::cards::escape;
use crate::cards::escape::shown_char;

fn floor_char(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_line_column_and_caret() {
        let src = "produce 10\ncondition hcp(nrth) > 3\n";
        let at = src.find("nrth").unwrap();
        let d = Diagnostic::error("x.dlr", src, Span::new(at, at + 4), "expected a compass");
        assert_eq!((d.line, d.column), (2, 15));
        let text = d.render();
        assert!(text.starts_with("x.dlr:2:15: error: expected a compass\n"));
        assert!(text.contains("2 | condition hcp(nrth) > 3\n"));
        assert!(text.ends_with("  |               ^^^^\n"), "{text}");
    }

    #[test]
    fn caret_at_end_of_file() {
        let src = "condition hcp(north) >";
        let d = Diagnostic::error("f", src, Span::new(src.len(), src.len()), "expected an expression");
        assert_eq!(d.column, 23);
        assert!(d.render().contains("^"));
    }

    #[test]
    fn a_byte_order_mark_is_not_counted_or_shown() {
        let src = "\u{feff}produce x\n";
        let d = Diagnostic::error("f", src, Span::new(11, 12), "expected a number");
        assert_eq!((d.line, d.column), (1, 9));
        assert_eq!(d.source_line, "produce x");
        assert!(d.render().ends_with("1 | produce x\n  |         ^\n"), "{}", d.render());
    }

    #[test]
    fn control_characters_are_escaped_and_the_caret_follows() {
        let src = "a\u{7}b \u{1b} c";
        let d = Diagnostic::error("f", src, Span::new(4, 5), "unexpected character `\u{1b}`");
        assert_eq!(d.column, 5);
        let text = d.render();
        assert!(text.starts_with("f:1:5: error: unexpected character `\\u{1b}`\n"), "{text}");
        assert!(text.contains("1 | a\\u{7}b \\u{1b} c\n"), "{text}");
        assert!(text.ends_with("  |         ^^^^^^\n"), "{text}");
        assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'));
    }

    #[test]
    fn a_long_line_is_shown_around_the_spot() {
        let src = format!("condition {}", "7".repeat(300_000));
        let d = Diagnostic::error("f", &src, Span::new(10, src.len()), "number too large");
        let text = d.render();
        let shown = format!("1 | condition {}…\n", "7".repeat(120));
        assert!(text.contains(&shown), "{text}");
        assert!(text.ends_with(&format!("  | {}{}\n", " ".repeat(10), "^".repeat(60))), "{text}");
        let src = format!("{} hcp(nrth)", "x".repeat(300));
        let d = Diagnostic::error("f", &src, Span::new(305, 309), "expected a compass");
        let text = d.render();
        assert!(text.contains(&format!("1 | …{} hcp(nrth)\n", "x".repeat(55))), "{text}");
        assert!(text.ends_with(&format!("  | {}^^^^\n", " ".repeat(61))), "{text}");
    }
}
