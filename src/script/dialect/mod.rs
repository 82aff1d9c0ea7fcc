//! What another dealer program refuses in a script: `dealbench check`. For BBO (dealer 1.24)
//! a recognizer of its own grammar ([`parse124`]) says where the original stops and which line
//! it names; for dealer3 (1.0.0) one of its PEG grammar ([`dealer3`]); DealerV2_4 is judged by
//! dealbench's own reader, which follows it, and the places where the two differ ([`dealerv2`]).

mod dealer3;
mod dealerv2;
mod explain;
mod lex124;
mod parse124;
mod peg3;
mod prep3;

use super::diag::{Diagnostic, Span};
use super::params::{self, Unset};

/// The program a script is checked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// dealer.exe 1.24, as BBO runs it.
    Bbo,
    /// DealerV2_4.
    DealerV2,
    /// dealer3.
    Dealer3,
}

impl Dialect {
    /// The dialect a name (`bbo`, `dealerv2`, `dealer3`) stands for.
    pub fn parse(name: &str) -> Option<Dialect> {
        match name.to_ascii_lowercase().as_str() {
            "bbo" | "dealer124" | "dealer.exe" => Some(Dialect::Bbo),
            "dealerv2" | "dealerv2_4" | "v2" => Some(Dialect::DealerV2),
            "dealer3" => Some(Dialect::Dealer3),
            _ => None,
        }
    }

    /// The program's name as messages give it.
    pub fn program(self) -> &'static str {
        match self {
            Dialect::Bbo => "BBO's dealer (dealer.exe 1.24)",
            Dialect::DealerV2 => "DealerV2_4",
            Dialect::Dealer3 => "dealer3 (1.0.0)",
        }
    }
}

/// A place the program refuses.
#[derive(Clone, Debug)]
pub struct Refusal {
    /// Where, and why, positioned in the script as written.
    pub diagnostic: Diagnostic,
    /// The line the program itself names (dealer 1.24's line counter skips newlines inside
    /// strings, and names the token after the spot where yacc reads one before acting;
    /// dealer3 counts from the first line that is not blank); 0 when it names none.
    pub program_line: usize,
    /// What the program says (`syntax error`, `unknown variable`, `Parse error at 3:7`, …).
    pub program_says: String,
    /// How the program says it: `line N: MESSAGE` for dealer 1.24 and DealerV2_4, dealer3's
    /// message as it is.
    pub quoted: String,
    /// What the construct is, and why the program refuses it.
    pub why: String,
}

/// A spot the program refuses, as a recognizer finds it.
#[derive(Clone, Debug)]
struct Finding {
    span: Span,
    program_line: usize,
    program_says: String,
    why: String,
}

/// Every refusal of `source` by `dialect`, in the order the program meets them: the first is
/// where it stops (a dealer3 parse error is the only one). `given` holds script
/// parameters (`$N`) the program would be given (DealerV2_4's only).
pub fn check(source: &str, file: &str, dialect: Dialect, given: &[(String, String)]) -> Vec<Refusal> {
    let findings = match dialect {
        Dialect::Bbo => parse124::check(source),
        Dialect::Dealer3 => dealer3::check(source),
        Dialect::DealerV2 => return by_dealbench(source, file, given),
    };
    findings
        .into_iter()
        .map(|f| {
            let quoted = match dialect {
                Dialect::Dealer3 => f.program_says.clone(),
                _ => format!("line {}: {}", f.program_line, f.program_says),
            };
            let message = format!("{} stops here (`{quoted}`): {}", dialect.program(), f.why);
            Refusal {
                diagnostic: Diagnostic::error(file, source, f.span, message),
                program_line: f.program_line,
                program_says: f.program_says,
                quoted,
                why: f.why,
            }
        })
        .collect()
}

/// DealerV2_4: the places where it differs from dealbench's reader ([`dealerv2`]), then that
/// reader (with DealerV2_4's parameter rules: an unset `$N` is nothing) on the script with its
/// `usereval(…)` calls blanked; in the order of the script.
fn by_dealbench(source: &str, file: &str, given: &[(String, String)]) -> Vec<Refusal> {
    let text = match params::substitute_with(source, file, given, Unset::Empty) {
        Ok((text, _)) => text,
        Err(d) => return vec![from_reader(d)],
    };
    let (findings, blanked) = dealerv2::scan(&text);
    let mut out: Vec<Refusal> = findings
        .into_iter()
        .map(|f| {
            let quoted = format!("line {}: {}", f.program_line, f.program_says);
            let message = format!("{} stops here (`{quoted}`): {}", Dialect::DealerV2.program(), f.why);
            Refusal {
                diagnostic: Diagnostic::error(file, &text, f.span, message),
                program_line: f.program_line,
                program_says: f.program_says,
                quoted,
                why: f.why,
            }
        })
        .collect();
    if let Err(diags) = super::parse_script(&blanked, file) {
        // `unsupported:` marks what dealbench does not run (opc), not what the program refuses.
        let kept = diags.into_iter().filter(|d| !d.message.starts_with("unsupported:"));
        out.extend(kept.map(from_reader).map(|r| unknown_at_lookahead(r, &blanked)).map(|mut r| {
            r.diagnostic.message = format!("{} stops here (`{}`): {}", Dialect::DealerV2.program(), r.quoted, r.why);
            r
        }));
    }
    out.sort_by_key(|r| (r.diagnostic.line, r.diagnostic.column));
    out
}

/// An unknown name that starts a statement: DealerV2_4 (as dealer 1.24) reads the next token
/// before it looks the name up, and names that token's line.
fn unknown_at_lookahead(mut r: Refusal, text: &str) -> Refusal {
    let span = r.diagnostic.span;
    if r.program_says == "unknown variable"
        && let Some(line) = dealerv2::lookahead_line(text, span.start, span.end)
    {
        r.program_line = line;
        r.quoted = format!("line {line}: unknown variable");
    }
    r
}

/// A refusal dealbench's reader finds, in DealerV2_4's words (`unknown variable` for a name,
/// else its parser's `syntax error`) and dealbench's.
fn from_reader(d: Diagnostic) -> Refusal {
    let says = if d.message.starts_with("unknown variable") { "unknown variable" } else { "syntax error" };
    Refusal {
        program_line: d.line,
        program_says: says.into(),
        quoted: format!("line {}: {says}", d.line),
        why: d.message.clone(),
        diagnostic: d,
    }
}

#[cfg(test)]
mod tests;
