//! What another dealer program refuses in a script: `dealbench check`. For BBO (dealer 1.24)
//! a recognizer of its own grammar ([`parse124`]) says where the original stops and which line
//! it names; for dealer3 (1.0.0) one of its PEG grammar ([`dealer3`]); DealerV2_4 is judged by
//! dealbench's own reader, which follows it.

mod dealer3;
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

/// A spot dealer 1.24 refuses, as the recognizer finds it.
#[derive(Clone, Debug)]
struct Finding {
    span: Span,
    program_line: usize,
    program_says: String,
    why: String,
}

/// Every refusal of `source` by `dialect`, in the order the program meets them: the first is
/// where it stops. `given` holds script parameters (`$N`) the program would be given.
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

/// DealerV2_4: dealbench's own reader, with its parameter rules.
fn by_dealbench(source: &str, file: &str, given: &[(String, String)]) -> Vec<Refusal> {
    let unset = Unset::Empty;
    let compiled = params::substitute_with(source, file, given, unset)
        .map_err(|d| vec![d])
        .and_then(|(text, _)| super::parse_script(&text, file).map(drop));
    let Err(diags) = compiled else { return Vec::new() };
    // `unsupported:` marks what dealbench does not run (usereval, opc), not what the program refuses.
    diags
        .into_iter()
        .filter(|d| !d.message.starts_with("unsupported:"))
        .map(|d| Refusal {
            program_line: d.line,
            program_says: d.message.clone(),
            quoted: format!("line {}: {}", d.line, d.message),
            why: d.message.clone(),
            diagnostic: d,
        })
        .collect()
}

#[cfg(test)]
mod tests;
