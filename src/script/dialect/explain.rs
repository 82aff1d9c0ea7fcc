//! Why dealer 1.24 (BBO) refuses a token or a name: the DealerV2_4 or dealer3 construct it is.

use super::lex124::{T, Tok};
use crate::script::vocab;

/// Words dealer 1.24 itself knows; any other word of the vocabulary is an extra.
const OWN: [&str; 12] = [
    "generate",
    "produce",
    "dealer",
    "vulnerable",
    "predeal",
    "pointcount",
    "altcount",
    "condition",
    "action",
    "print",
    "average",
    "frequency",
];

/// A name dealer 1.24 reads as an undefined variable.
pub(super) fn unknown(word: &str) -> String {
    extra(word).unwrap_or_else(|| format!("`{word}` is used before it is assigned"))
}

/// A word of DealerV2_4's or dealer3's vocabulary that dealer 1.24 lacks, said so.
fn extra(word: &str) -> Option<String> {
    (vocab::lookup(word).is_some() && !OWN.contains(&word))
        .then(|| format!("`{word}` is a word of DealerV2_4 or dealer3 that BBO's dealer (1.24) does not know"))
}

/// What a token that dealer 1.24 does not expect is.
pub(super) fn token(src: &str, t: Tok) -> String {
    let text = &src[t.span.start..t.span.end.min(src.len())];
    let rest = &src[t.span.start.min(src.len())..];
    match t.t {
        T::Char(b'#') if rest.contains('\n') => {
            "a `#` comment after code or blanks: BBO's dealer takes `#` only at the start of a line (use `//`; dealer3 issue 339)".into()
        }
        T::Char(b'#') => "a `#` comment on the last line without a newline: BBO's dealer needs the newline".into(),
        T::Op("/") if rest.starts_with("//") => {
            "a `//` comment on the last line without a newline: BBO's dealer needs the newline".into()
        }
        T::Char(b'$') => "a `$N` script parameter: DealerV2_4's and dealer3's, not BBO's dealer's".into(),
        T::Char(b'{') => "`shape{…}` is DealerV2_4's and dealer3's, not BBO's dealer's".into(),
        T::Char(b'"') => "a string left open: BBO's dealer needs its closing `\"`".into(),
        T::Char(b'.') => "a decimal number (DealerV2_4's) or a stray `.`".into(),
        T::Char(b'\r') => "a carriage return not followed by a newline".into(),
        T::Char(b';') => "a `;`: dealer's statements have no separator".into(),
        T::Eof => "the script ends in the middle of a statement".into(),
        T::Ident if let Some(said) = extra(text) => said,
        T::Ident if text.starts_with('z') || text.starts_with("x") => {
            format!("`{text}` is not a contract BBO's dealer reads (it knows only `x1N` to `x7S`, undoubled)")
        }
        _ => format!("BBO's dealer (1.24) does not expect `{}` here", crate::script::diag::escape(text)),
    }
}
