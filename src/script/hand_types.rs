//! Hand types, dealer3's naming rule: a variable whose name starts with `HandType` (in any
//! case) is a hand type, one starting `LevelType` a level type (what levelling keeps by, when
//! a script has any), and `<Prefix>_NAME_Share = N` a type's weight in a levelled mix. A
//! naming rule, not syntax: the script still runs on any dealer.

use super::ast::Expr;
use super::diag::Span;

/// The prefix that makes a variable a hand type (matched in any case).
pub const PREFIX: &str = "HandType";
/// The prefix that makes a variable a level type (matched in any case).
pub const LEVEL_PREFIX: &str = "LevelType";
/// The suffix that makes a typed variable a share declaration instead (matched in any case).
pub const SHARE_SUFFIX: &str = "_Share";

/// Which partition a type belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `HandType…`: the `[HandType]` tag, the statistics, `--interleave`, `--round-robin`.
    Hand,
    /// `LevelType…`: what levelling keeps by when the script has any.
    Level,
}

impl Kind {
    /// `HandType` or `LevelType`.
    pub fn prefix(self) -> &'static str {
        match self {
            Kind::Hand => PREFIX,
            Kind::Level => LEVEL_PREFIX,
        }
    }

    /// "Hand types" or "Level types", as dealer3's messages say.
    pub fn plural(self) -> &'static str {
        match self {
            Kind::Hand => "Hand types",
            Kind::Level => "Level types",
        }
    }
}

/// One hand type: its label (the name after the prefix), its expression and where it is defined.
#[derive(Clone, Debug, PartialEq)]
pub struct HandType {
    /// The label: the name without its prefix and without leading `_` and `-`.
    pub name: String,
    /// The variable's expression.
    pub expr: Expr,
    /// The variable's name in the source.
    pub span: Span,
    /// `<Prefix>_NAME_Share = N`, if declared: the weight and where.
    pub share: Option<(i64, Span)>,
}

/// What a variable's name makes it.
#[derive(Debug, PartialEq, Eq)]
pub enum Role<'a> {
    /// An ordinary variable.
    Plain,
    /// A type of this label.
    Type(Kind, &'a str),
    /// The share of the type of this label.
    Share(Kind, &'a str),
}

/// What a variable's name makes it.
pub fn role(variable: &str) -> Role<'_> {
    let Some((kind, rest)) = strip_kind(variable) else { return Role::Plain };
    let n = SHARE_SUFFIX.len();
    let share = rest.len() > n
        && rest.is_char_boundary(rest.len() - n)
        && rest[rest.len() - n..].eq_ignore_ascii_case(SHARE_SUFFIX);
    let (rest, share) = if share { (&rest[..rest.len() - n], true) } else { (rest, false) };
    let label = rest.trim_start_matches(['_', '-']);
    match (label.is_empty(), share) {
        (true, _) => Role::Plain,
        (false, true) => Role::Share(kind, label),
        (false, false) => Role::Type(kind, label),
    }
}

/// The kind and the text after the prefix, matched in any case.
fn strip_kind(variable: &str) -> Option<(Kind, &str)> {
    [Kind::Hand, Kind::Level].into_iter().find_map(|k| {
        let p = k.prefix();
        let head = variable.get(..p.len())?;
        head.eq_ignore_ascii_case(p).then(|| (k, &variable[p.len()..]))
    })
}

/// Where the script's condition is: the statement (from `condition`, if written) and its expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConditionAt {
    /// The statement, from its first token.
    pub statement: Span,
    /// The expression alone.
    pub expr: Span,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_make_types_and_shares_as_dealer3_reads_them() {
        assert_eq!(role("HandType_weak"), Role::Type(Kind::Hand, "weak"));
        assert_eq!(role("HandType_12_14"), Role::Type(Kind::Hand, "12_14"));
        assert_eq!(role("HandTypeX"), Role::Type(Kind::Hand, "X"));
        assert_eq!(role("handtype_a"), Role::Type(Kind::Hand, "a"));
        assert_eq!(role("HandType-a"), Role::Type(Kind::Hand, "a"));
        assert_eq!(role("HandType_weak_Share"), Role::Share(Kind::Hand, "weak"));
        assert_eq!(role("HandType_weak_SHARE"), Role::Share(Kind::Hand, "weak"));
        assert_eq!(role("LevelType_12"), Role::Type(Kind::Level, "12"));
        assert_eq!(role("LevelType_12_Share"), Role::Share(Kind::Level, "12"));
        assert_eq!(role("HandType_"), Role::Plain);
        assert_eq!(role("HandType"), Role::Plain);
        assert_eq!(role("HandType__Share"), Role::Plain);
        assert_eq!(role("Hand"), Role::Plain);
    }
}
