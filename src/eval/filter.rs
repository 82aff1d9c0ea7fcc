//! A filter over kept deals: an expression compiled in the script's scope (its variables,
//! shapes and point counts), with diagnostics positioned in the filter's own text.

use super::Program;
use crate::script::CompileOptions;
use crate::script::diag::{Diagnostic, Span};

/// Compiles `text` as a condition read after `program`'s script: a program whose
/// [`Program::matches`] is the filter. Errors point into `text`, as file `filter`.
pub fn compile_filter(program: &Program, text: &str) -> Result<Program, Diagnostic> {
    let error = |span: Span, msg: String| Diagnostic::error("filter", text, span, msg);
    if text.trim().is_empty() {
        return Err(error(Span::default(), "expected an expression, such as `hcp(south) >= 10`".into()));
    }
    if text.contains('\n') {
        return Err(error(Span::new(text.find('\n').unwrap_or(0), text.len()), "a filter is one line".into()));
    }
    let head = format!("{}\ncondition ", program.source);
    let offset = head.len();
    let source = format!("{head}{text}\n");
    let into_text = |s: Span| Span::new(s.start.saturating_sub(offset), s.end.saturating_sub(offset));
    let filter = crate::eval::compile(&source, &program.script.file, &CompileOptions::default())
        .map_err(|d| d.into_iter().next().map(|d| error(into_text(d.span), d.message)).expect("a diagnostic"))?;
    match &filter.script.explain.condition {
        Some(c) if c.span.start == offset && c.span.end == offset + text.trim_end().len() => Ok(filter),
        Some(c) if c.span.start == offset => {
            let rest = Span::new(c.span.end - offset, text.len());
            Err(error(rest, "expected the end of the filter after the expression".into()))
        }
        _ => Err(error(Span::default(), "expected an expression, such as `hcp(south) >= 10`".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script() -> Program {
        crate::eval::compile("fit = spades(north) + spades(south)\ncondition fit >= 8\n", "s.dlr", &Default::default())
            .unwrap()
    }

    #[test]
    fn a_filter_sees_the_scripts_variables() {
        let f = compile_filter(&script(), "fit >= 9 && hcp(south) >= 10").unwrap();
        assert!(f.script.condition.is_some());
    }

    #[test]
    fn errors_point_into_the_filter() {
        let e = compile_filter(&script(), "hcp(south) >= ").unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("filter", 1));
        assert!(e.column >= 14, "{e:?}");
        let e = compile_filter(&script(), "fitt > 3").unwrap_err();
        assert_eq!(e.column, 1);
        assert!(e.message.contains("fitt"), "{}", e.message);
        let e = compile_filter(&script(), "fit > 3 produce 4").unwrap_err();
        assert_eq!(e.column, 8, "{e:?}");
    }
}
