//! `# param N = default  # description`: a script's own default for `$N` (0 to 9), read as
//! dealer3 reads it. A whole-line comment (`#` or `//`), so the script still runs on BBO and
//! dealer.exe, which skip it.

use crate::script::diag::{Diagnostic, Span};

/// One declaration line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamDecl {
    /// The parameter's name: one digit.
    pub name: String,
    /// The source text `$N` stands for when nothing on the command line gives it.
    pub default: String,
    /// Whatever follows a second `#`, trimmed; `None` when there is nothing.
    pub description: Option<String>,
    /// 1-based line of the declaration.
    pub line: usize,
    /// The declaration, from its comment marker to the end of its line.
    pub span: Span,
}

/// What every malformed declaration is told.
const FORM: &str = "a declaration reads `# param 1 = 15  # minimum HCP`: the number, `=`, the source to \
                    stand in for `$1`, and anything after a second `#` as its description";

/// Every declaration, in source order. A comment that starts with the word `param` and then a
/// number (`$3` or `3`) is a declaration, and one that is malformed is an error, as in dealer3:
/// no `=`, a number that is not 0 to 9, no default, a parameter declared twice.
pub fn declarations(source: &str, file: &str) -> Result<Vec<ParamDecl>, Diagnostic> {
    let mut found: Vec<ParamDecl> = Vec::new();
    for (line, start, raw) in lines(source) {
        let Some((marker, rest)) = pragma(raw) else { continue };
        let span = Span::new(start + marker, start + raw.trim_end().len());
        let error = |m: String| Diagnostic::error(file, source, span, m);
        let decl = parse(&raw[rest..], line, span).map_err(|m| error(format!("{m}; {FORM}")))?;
        if let Some(first) = found.iter().find(|d| d.name == decl.name) {
            let (n, a) = (&decl.name, first.line);
            return Err(error(format!("`${n}` is declared twice, on lines {a} and {line}. Leave one.")));
        }
        found.push(decl);
    }
    Ok(found)
}

/// Each line's number, the byte offset of its start (after a byte-order mark) and its text
/// without the line end.
fn lines(source: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    let bom = if source.starts_with(crate::script::lexer::BOM) { crate::script::lexer::BOM.len() } else { 0 };
    let mut start = bom;
    source[bom..].split('\n').enumerate().map(move |(i, text)| {
        let at = start;
        start += text.len() + 1;
        (i + 1, at, text.strip_suffix('\r').unwrap_or(text))
    })
}

/// For a declaration line, the offsets of its comment marker and of what follows the word
/// `param`; `None` for any other line. `param` in any case, a whole word, then a number:
/// `# parameters …` and `# Param: …` stay comments.
fn pragma(raw: &str) -> Option<(usize, usize)> {
    let trimmed = raw.trim_start();
    let marker = raw.len() - trimmed.len();
    let body = trimmed.strip_prefix('#').or_else(|| trimmed.strip_prefix("//"))?;
    let body = body.trim_start();
    if !body.get(..5)?.eq_ignore_ascii_case("param") {
        return None;
    }
    let rest = &body[5..];
    let number = rest.strip_prefix(|c: char| c.is_whitespace())?.trim_start();
    let number = number.strip_prefix('$').unwrap_or(number);
    number.starts_with(|c: char| c.is_ascii_digit()).then_some((marker, raw.len() - rest.len()))
}

/// Reads `N = default # description` (what follows `param`).
fn parse(rest: &str, line: usize, span: Span) -> Result<ParamDecl, String> {
    let (head, value) = rest.split_once('=').ok_or("a parameter declaration needs an `=`")?;
    let head = head.trim();
    let head = head.strip_prefix('$').unwrap_or(head);
    let index: usize = head.parse().map_err(|_| format!("`{head}` is not a parameter number"))?;
    if index > 9 {
        return Err(format!("there is no `${index}`; script parameters run from 0 to 9"));
    }
    let (default, description) = match value.split_once('#') {
        Some((v, d)) => (v.trim(), Some(d.trim())),
        None => (value.trim(), None),
    };
    if default.is_empty() {
        return Err(format!("`${index}` is declared with no default"));
    }
    Ok(ParamDecl {
        name: index.to_string(),
        default: default.to_string(),
        description: description.filter(|d| !d.is_empty()).map(str::to_string),
        line,
        span,
    })
}
