//! What dealer3 1.0.0 refuses: where its grammar stops ([`super::peg3`], on the text its
//! preprocessing gives, [`super::prep3`]), or, when the script parses, a name it evaluates that
//! no statement assigns (dealer3 stops at the first deal with `Undefined variable: NAME`).

use super::Finding;
use super::peg3::{self, FUNCTIONS, Statement};
use super::prep3::Prepared;
use crate::script::diag::Span;
use std::collections::{HashMap, HashSet};

/// Words dealer3 1.0.0's grammar knows besides its function names.
const WORDS: [&str; 26] = [
    "condition",
    "produce",
    "generate",
    "action",
    "dealer",
    "vulnerable",
    "predeal",
    "csvrpt",
    "average",
    "frequency",
    "printall",
    "printew",
    "printpbn",
    "printcompact",
    "printoneline",
    "deal",
    "north",
    "south",
    "east",
    "west",
    "any",
    "not",
    "and",
    "or",
    "none",
    "all",
];

/// Every refusal of `source` by dealer3 1.0.0, the first being where it stops.
pub(super) fn check(source: &str) -> Vec<Finding> {
    let prep = Prepared::new(source);
    let parsed = peg3::parse(&prep.text);
    if let Some(stop) = parsed.stop {
        let (line, col) = prep.line_col(stop);
        let at = prep.original(stop);
        return vec![Finding {
            span: Span::new(at, next_token_end(source, at)),
            program_line: line,
            program_says: format!("Parse error at {line}:{col}"),
            why: explain(&prep.text, stop),
        }];
    }
    undefined(&parsed.statements)
        .into_iter()
        .map(|(at, name)| {
            let at = prep.original(at);
            Finding {
                span: Span::new(at, at + name.len()),
                program_line: 0,
                program_says: format!("Undefined variable: {name}"),
                why: format!(
                    "`{name}` is read as a variable that no statement assigns{}",
                    extra(&name).map(|s| format!(" ({s})")).unwrap_or_default()
                ),
            }
        })
        .collect()
}

/// The names that the reports (`average`, `frequency`, `csvrpt`, and through them the
/// assignments they read) read without any assignment of them.
fn undefined(statements: &[Statement]) -> Vec<(usize, String)> {
    let defs: HashMap<&str, &Vec<(usize, String)>> =
        statements.iter().filter_map(|s| s.assigned.as_deref().map(|a| (a, &s.names))).collect();
    let mut todo: Vec<&(usize, String)> = statements.iter().filter(|s| s.reports).flat_map(|s| &s.names).collect();
    let (mut seen, mut out) = (HashSet::new(), Vec::new());
    while let Some(use_) = todo.pop() {
        if !seen.insert(use_.1.as_str()) {
            continue;
        }
        match defs.get(use_.1.as_str()) {
            Some(names) => todo.extend(names.iter()),
            None => out.push(use_.clone()),
        }
    }
    out.sort();
    out
}

/// A word of another dealer that dealer3 1.0.0 lacks, said so.
fn extra(word: &str) -> Option<String> {
    let known = WORDS.iter().chain(FUNCTIONS.iter()).any(|w| w.eq_ignore_ascii_case(word));
    (crate::script::vocab::lookup(word).is_some() && !known)
        .then(|| format!("`{word}` is a word of dealer.exe or DealerV2_4 that dealer3 1.0.0 does not know"))
}

/// Why dealer3's grammar stops at `stop`: the word before (and its `(`), read as a name, or the
/// token there.
fn explain(text: &str, stop: usize) -> String {
    let before = text[..stop].trim_end_matches(|c: char| c.is_ascii_whitespace() || c == '(');
    let word_before = before.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or("");
    let here = &text[stop..next_token_end(text, stop)];
    if let Some(said) = extra(word_before) {
        return format!("{said}: it reads it as a variable name, and then stops at `{}`", escape(here));
    }
    if let Some(said) = extra(here) {
        return said;
    }
    match here {
        "" => "the script ends in the middle of a statement".into(),
        "$" => "a `$N` script parameter: dealer3 1.0.0 has none".into(),
        "{" => "`shape{…}` is DealerV2_4's, not dealer3 1.0.0's".into(),
        _ => format!("dealer3 1.0.0's grammar does not expect `{}` here", escape(here)),
    }
}

fn escape(s: &str) -> String {
    crate::script::diag::escape(s)
}

/// The end of the word, number or single character at `at`.
fn next_token_end(text: &str, at: usize) -> usize {
    let rest = &text[at.min(text.len())..];
    let word = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
    let one = rest.chars().next().map_or(0, char::len_utf8);
    at + if word > 0 { word } else { one }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(src: &str) -> Option<(usize, String)> {
        check(src).first().map(|f| (f.program_line, f.program_says.clone()))
    }

    // Each verdict below is what dealer3 1.0.0 (/work/baselines/dealer3) printed for the script.
    #[test]
    fn stops_where_dealer3_stops() {
        assert_eq!(
            first("produce 1\ncondition hcp(north) > 10\naction printes \"x\", hcp(north), \"\\n\"\n"),
            Some((3, "Parse error at 3:16".into()))
        );
        assert_eq!(first("generate 1\n\ntitle \"x\"\n"), Some((3, "Parse error at 3:7".into())));
        assert_eq!(first("\n\nproduce 1\ntitle \"x\"\n"), Some((2, "Parse error at 2:7".into())));
    }

    #[test]
    fn runs_what_dealer3_runs() {
        assert_eq!(first("produce 1\ncondition hcp(north) > 10 # c\naction printoneline\n"), None);
        assert_eq!(first("produce 1\ncondition hcp(north) > \naction printoneline\n"), None);
        assert_eq!(first("x = shape(north, 5332 + any 4432)\ncondition x\n"), None);
    }

    #[test]
    fn a_name_no_statement_assigns_is_undefined() {
        let r = check("produce 1\naction average rnd(100)\n");
        assert_eq!((r[0].program_line, r[0].program_says.as_str()), (0, "Undefined variable: rnd"));
        assert_eq!(first("a = hcp(north)\ncondition a > 10\n"), None);
    }
}
