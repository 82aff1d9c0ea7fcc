//! Hand types, dealer3 1.1's naming rule: a variable `HandType_NAME` is a hand type, and
//! `HandType_NAME_Share = N` its weight in a levelled mix. A naming rule, not syntax: the
//! script still runs on any dealer.

use super::ast::Expr;
use super::diag::Span;

/// The prefix that makes a variable a hand type.
pub const PREFIX: &str = "HandType_";
/// The suffix that makes a `HandType_` variable a share declaration instead.
pub const SHARE_SUFFIX: &str = "_Share";

/// One hand type: its name (after the prefix), its expression and where it is defined.
#[derive(Clone, Debug, PartialEq)]
pub struct HandType {
    /// The name after `HandType_`.
    pub name: String,
    /// The variable's expression.
    pub expr: Expr,
    /// The variable's name in the source.
    pub span: Span,
    /// `HandType_NAME_Share = N`, if declared: the weight and where.
    pub share: Option<(i64, Span)>,
}

/// What a variable's name makes it.
#[derive(Debug, PartialEq, Eq)]
pub enum Role<'a> {
    /// An ordinary variable.
    Plain,
    /// A hand type of this name.
    Type(&'a str),
    /// The share of the hand type of this name.
    Share(&'a str),
}

/// What a variable's name makes it.
pub fn role(variable: &str) -> Role<'_> {
    match variable.strip_prefix(PREFIX) {
        Some(rest) if !rest.is_empty() => match rest.strip_suffix(SHARE_SUFFIX) {
            Some(t) if !t.is_empty() => Role::Share(t),
            _ => Role::Type(rest),
        },
        _ => Role::Plain,
    }
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
    fn names_make_types_and_shares() {
        assert_eq!(role("HandType_weak"), Role::Type("weak"));
        assert_eq!(role("HandType_weak_Share"), Role::Share("weak"));
        assert_eq!(role("HandType_"), Role::Plain);
        assert_eq!(role("HandType__Share"), Role::Type("_Share"));
        assert_eq!(role("handtype_weak"), Role::Plain);
    }
}
