//! Script compile (lex, parse, compile): a program or positioned diagnostics, never a panic;
//! integer literals read as written.

use super::{Finding, Findings, clip, control_char, finding};
use dealbench::script::CompileOptions;
use dealbench::script::diag::Diagnostic;
use dealbench::script::lexer::{Tok, lex};

/// Compiles `input` as the command line reads a script (lossy UTF-8).
pub fn check(input: &[u8], found: &mut Findings) {
    let src = String::from_utf8_lossy(input);
    found.add(numbers_as_written(&src));
    let params = vec![("0".to_string(), "1".to_string()), ("X".to_string(), "hcp(north)".to_string())];
    let compiled =
        dealbench::eval::compile(&src, "fuzz.dlr", &CompileOptions { params: params.clone(), ..Default::default() });
    found.add(match &compiled {
        Ok(p) => p.script.warnings.iter().try_for_each(|w| positioned(w, &p.source)),
        Err(diags) if diags.is_empty() => Err(finding("compile failed without a diagnostic", "")),
        Err(diags) => diags.iter().try_for_each(|d| positioned(d, &src)),
    });
    if compiled.is_ok() && !src.starts_with('\u{feff}') {
        let bom = format!("\u{feff}{src}");
        if let Err(d) = dealbench::eval::compile(&bom, "fuzz.dlr", &CompileOptions { params, ..Default::default() }) {
            found.add(Err(finding("a BOM before a script that compiles is an error", clip(&d[0].message, 80))));
        }
    }
}

/// A diagnostic points into the source (`source` is the text before `$` substitution,
/// so spans are only checked when there is none), says something, and prints no control
/// characters.
pub fn positioned(d: &Diagnostic, source: &str) -> Result<(), Finding> {
    if d.line == 0 || d.column == 0 || d.span.start > d.span.end {
        return Err(finding("diagnostic without a position", format!("{d:?}")));
    }
    if !source.contains('$') && d.span.end > source.len() {
        return Err(finding("diagnostic span past the end of the source", format!("{d:?}")));
    }
    if d.message.trim().is_empty() {
        return Err(finding("diagnostic without a message", format!("{d:?}")));
    }
    if let Some(c) = control_char(&d.render()) {
        return Err(finding(
            "control character in a rendered diagnostic",
            format!("{c:?} in {}", clip(&d.render(), 200)),
        ));
    }
    Ok(())
}

/// Every integer token holds the value its digits spell, and no token ends inside a run of
/// digits: a number too large for the lexer's integer must be an error, not other tokens.
fn numbers_as_written(src: &str) -> Result<(), Finding> {
    let Ok(tokens) = lex(src) else { return Ok(()) };
    let bytes = src.as_bytes();
    for t in tokens {
        let text = src.get(t.span.start..t.span.end).unwrap_or("");
        if let Tok::Number(v) = t.tok
            && text.bytes().all(|b| b.is_ascii_digit())
            && text.parse::<i64>() != Ok(v)
        {
            return Err(finding(
                "integer literal read as a different number",
                format!("`{}` read as {v}", clip(text, 40)),
            ));
        }
        // a decimal keeps two places (`4.615` is `4.61` and `5`), as dealer's lexer does
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'x');
        if digits
            && text.ends_with(|c: char| c.is_ascii_digit())
            && bytes.get(t.span.end).is_some_and(u8::is_ascii_digit)
        {
            let run: String = src[t.span.start..].chars().take_while(char::is_ascii_digit).collect();
            return Err(finding(
                "a run of digits is split into several tokens",
                format!("`{}` as {:?}", clip(&run, 40), t.tok),
            ));
        }
    }
    Ok(())
}
