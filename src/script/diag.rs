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
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[start..].find('\n').map_or(source.len(), |i| start + i);
        let line = source[..start].matches('\n').count() + 1;
        let column = source[line_start..start].chars().count() + 1;
        let source_line = source[line_start..line_end].trim_end_matches('\r').to_string();
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
        let shown: String = self.source_line.replace('\t', " ");
        let width = shown.chars().count();
        let lead = " ".repeat(self.column - 1);
        let len = (self.span.end.saturating_sub(self.span.start)).max(1);
        let carets = "^".repeat(len.min(width.saturating_sub(self.column - 1)).max(1));
        format!(
            "{}:{}:{}: {kind}: {}\n{pad} |\n{num} | {shown}\n{pad} | {lead}{carets}\n",
            self.file, self.line, self.column, self.message
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

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
}
