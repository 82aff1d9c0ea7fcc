//! What the parser keeps for explaining a condition: the top-level `&&` / `||` terms of the
//! condition and of each variable as written (their source spans), and the variables in the
//! order they are defined.

use super::ast::Expr;
use super::diag::Span;

/// How the terms of a chain combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// `a && b && …`: every term must hold.
    And,
    /// `a || b || …`: one term must hold.
    Or,
}

/// One term of a chain: where it is written and what it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// Its text in the script.
    pub span: Span,
    /// The term's expression.
    pub expr: Expr,
}

/// An expression as the top-level `&&` / `||` chain it is written as.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    /// How the terms combine (`None`: a single term).
    pub join: Option<Join>,
    /// The terms in the order written (one when the expression is no chain).
    pub terms: Vec<Term>,
    /// The whole expression's text.
    pub span: Span,
}

/// A named variable: `name = expression`.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    /// Its name.
    pub name: String,
    /// Its expression, as a chain.
    pub chain: Chain,
    /// Its expression.
    pub expr: Expr,
}

/// The explanation data of a script.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Explain {
    /// The condition (the last one written), as a chain.
    pub condition: Option<Chain>,
    /// The variables, in the order defined.
    pub vars: Vec<Var>,
}

impl Chain {
    /// The chain of `expr`, written at `span`, from the operands the parser recorded for its
    /// top-level `||` and `&&` (each operand's span and expression).
    pub fn of(expr: &Expr, span: Span, ors: &[Term], ands: &[Term]) -> Chain {
        let (join, terms) = match expr {
            Expr::Or(..) if ors.len() > 1 => (Some(Join::Or), ors.to_vec()),
            Expr::And(..) if ands.len() > 1 => (Some(Join::And), ands.to_vec()),
            _ => (None, vec![Term { span, expr: expr.clone() }]),
        };
        Chain { join, terms, span }
    }
}

impl Explain {
    /// The variable of this name.
    pub fn var(&self, name: &str) -> Option<&Var> {
        self.vars.iter().find(|v| v.name == name)
    }
}
