//! Script parameters: `$0`..`$9` (DealerV2_4's `-0`..`-9`, dealer3's `--param N=TEXT`) and
//! `$NAME` (`--param NAME=VALUE`), replaced as raw text before the script is read, so they may
//! stand anywhere but in a comment or a string. A script may declare its own defaults
//! (`# param 1 = 15  # minimum HCP`, see [`decl`]); a value given on the command line wins.

mod decl;
mod listing;
mod scan;

pub use decl::{ParamDecl, declarations};
pub use listing::{dealer3_json, dealer3_text, dealer3_warnings};

use super::diag::{Diagnostic, Span};

/// What a `$0`..`$9` that nothing gives (no value, no declaration) does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unset {
    /// Stands for nothing, with a warning, as in DealerV2_4 (`dealbench run`).
    #[default]
    Empty,
    /// Is an error, as in dealer3.
    Error,
}

/// A parameter a script declares, uses, or both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptParam {
    /// The name after `$`: one digit, or letters, digits and `_`.
    pub name: String,
    /// The declared default.
    pub default: Option<String>,
    /// The declaration's description.
    pub description: Option<String>,
    /// The declaration's line and span.
    pub declared: Option<(usize, Span)>,
    /// The first use's line and span; `None` for a declaration the script never uses.
    pub used: Option<(usize, Span)>,
}

/// Every parameter the script declares or uses: `$0`..`$9` in order, then names in the order
/// of their first use. Errors are those of [`declarations`].
pub fn script_params(source: &str, file: &str) -> Result<Vec<ScriptParam>, Diagnostic> {
    let decls = declarations(source, file)?;
    let uses = scan::uses(source);
    let mut names: Vec<String> = (0..10).map(|d| d.to_string()).collect();
    for (span, _) in &uses {
        let name = &source[span.start + 1..span.end];
        if !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    let params = names.into_iter().filter_map(|name| {
        let decl = decls.iter().find(|d| d.name == name);
        let used = uses.iter().find(|(s, _)| source[s.start + 1..s.end] == name).map(|&(s, l)| (l, s));
        (decl.is_some() || used.is_some()).then(|| ScriptParam {
            default: decl.map(|d| d.default.clone()),
            description: decl.and_then(|d| d.description.clone()),
            declared: decl.map(|d| (d.line, d.span)),
            used,
            name,
        })
    });
    Ok(params.collect())
}

/// The names given on the command line that the script never mentions (outside comments and
/// strings), in the order given.
pub fn unused_given(source: &str, given: &[(String, String)]) -> Vec<String> {
    let uses = scan::uses(source);
    let mut out: Vec<String> = Vec::new();
    for (name, _) in given {
        let used = uses.iter().any(|(s, _)| source[s.start + 1..s.end] == **name);
        if !used && !out.contains(name) {
            out.push(name.clone());
        }
    }
    out
}

/// [`substitute_with`] as `dealbench run` reads a script: an unset `$0`..`$9` stands for
/// nothing, as in DealerV2_4.
pub fn substitute(
    source: &str,
    file: &str,
    params: &[(String, String)],
) -> Result<(String, Vec<Diagnostic>), Diagnostic> {
    substitute_with(source, file, params, Unset::Empty)
}

/// Replaces every `$NAME` outside comments and strings: by the last value given for it, else
/// its declared default, else (`$0`..`$9`) as `unset` says; an unset `$NAME` is an error.
/// Warnings: a `$N` that stands for nothing, a declaration the script never uses.
pub fn substitute_with(
    source: &str,
    file: &str,
    params: &[(String, String)],
    unset: Unset,
) -> Result<(String, Vec<Diagnostic>), Diagnostic> {
    let decls = declarations(source, file)?;
    let uses = scan::uses(source);
    let mut warnings = unused_declarations(source, file, &decls, &uses);
    let mut out = String::with_capacity(source.len());
    let mut done = 0;
    for &(span, _) in &uses {
        out.push_str(&source[done..span.start]);
        done = span.end;
        let name = &source[span.start + 1..span.end];
        let given = params.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
        let declared = decls.iter().find(|d| d.name == name).map(|d| d.default.as_str());
        if let Some(value) = given.or(declared) {
            out.push_str(value);
            continue;
        }
        let digit = name.len() == 1 && name.as_bytes()[0].is_ascii_digit();
        match (digit, unset) {
            (true, Unset::Empty) => warnings.push(Diagnostic::warning(file, source, span, stands_for_nothing(name))),
            (true, Unset::Error) => return Err(Diagnostic::error(file, source, span, unsupplied(name))),
            (false, _) => {
                let message = format!("script parameter `${name}` is not set: give it with `--param {name}=VALUE`");
                return Err(Diagnostic::error(file, source, span, message));
            }
        }
    }
    out.push_str(&source[done..]);
    Ok((out, warnings))
}

fn stands_for_nothing(name: &str) -> String {
    format!(
        "script parameter `${name}` is not set, so it stands for nothing, as in DealerV2_4: give it with \
         `-{name} VALUE`, or declare a default in the script: `# param {name} = VALUE  # what it means`"
    )
}

/// dealer3's refusal of a `$N` that nothing supplies.
fn unsupplied(name: &str) -> String {
    format!(
        "the script uses `${name}` and nothing supplies it: pass it on the command line, \
         `--param {name}=<text>`, or give the script its own default, so it runs without one: \
         `# param {name} = <text>  # what it means`"
    )
}

/// A warning at each declaration whose `$N` the script never mentions.
fn unused_declarations(source: &str, file: &str, decls: &[ParamDecl], uses: &[(Span, usize)]) -> Vec<Diagnostic> {
    let used = |name: &str| uses.iter().any(|(s, _)| source[s.start + 1..s.end] == *name);
    let unused = decls.iter().filter(|d| !used(&d.name));
    let say = |d: &ParamDecl| format!("line {} declares `${}` and the script never mentions it", d.line, d.name);
    unused.map(|d| Diagnostic::warning(file, source, d.span, say(d))).collect()
}

/// True for a name `$NAME` can stand for: one digit, or letters, digits and `_` not starting
/// with a digit.
pub fn is_name(name: &str) -> bool {
    !name.is_empty() && scan::name_len(name) == name.len()
}

#[cfg(test)]
mod tests;
