//! The profile's terms, taken from the script's recorded chains (script/explain.rs).

use crate::eval::Program;
use crate::script::Script;
use crate::script::ast::{Expr, VarDef};
use crate::script::explain::{Chain, Join};

/// One term.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// As written in the script (whitespace runs made one space).
    pub text: String,
    /// What it computes.
    pub expr: Expr,
    /// 0 for the condition's terms, 1 for the terms inside a variable.
    pub depth: u8,
    /// For a term that is a variable whose expression is a chain: how its parts join and
    /// their node indices.
    pub parts: Option<(Join, Vec<usize>)>,
    /// Evaluating it may solve the deal double dummy.
    pub solves: bool,
}

/// The terms of a program's condition, in the order the table lists them (each term of the
/// condition, followed by its parts).
#[derive(Clone, Debug)]
pub struct Spec {
    pub(super) nodes: Vec<Node>,
    /// How the condition's terms join, and their node indices.
    pub(super) join: Option<Join>,
    pub(super) tops: Vec<usize>,
    /// Some term solves double dummy.
    solves: bool,
}

impl Spec {
    /// The profile of `program`'s condition; `None` without a condition. Term `i` is the
    /// program's compiled term `i` ([`Program::term`]).
    pub fn of(program: &Program) -> Option<Spec> {
        Spec::build(&program.script, &program.source)
    }

    /// The profile of the condition of `script`, compiled from `source`.
    pub fn build(script: &Script, source: &str) -> Option<Spec> {
        let chain = script.explain.condition.as_ref()?;
        let mut spec = Spec { nodes: Vec::new(), join: chain.join, tops: Vec::new(), solves: false };
        for term in &chain.terms {
            let text = source_text(source, term.span.start, term.span.end);
            let i = spec.push(text.clone(), term.expr.clone(), 0, &script.vars);
            spec.tops.push(i);
            let var = script.explain.var(unparenthesized(&text));
            if let Some(v) = var.filter(|v| v.chain.join.is_some() && v.chain.terms.len() > 1) {
                spec.nodes[i].parts = Some(spec.parts_of(script, source, &v.chain));
            }
        }
        spec.solves = spec.nodes.iter().any(|n| n.solves);
        Some(spec)
    }

    /// The terms' expressions, in order.
    pub fn exprs(self) -> Vec<Expr> {
        self.nodes.into_iter().map(|n| n.expr).collect()
    }

    fn parts_of(&mut self, script: &Script, source: &str, chain: &Chain) -> (Join, Vec<usize>) {
        let vars = &script.vars;
        let ids = chain
            .terms
            .iter()
            .map(|t| self.push(source_text(source, t.span.start, t.span.end), t.expr.clone(), 1, vars))
            .collect();
        (chain.join.unwrap_or(Join::And), ids)
    }

    fn push(&mut self, text: String, expr: Expr, depth: u8, vars: &[VarDef]) -> usize {
        let solves = expr.solves(vars);
        self.nodes.push(Node { text, expr, depth, parts: None, solves });
        self.nodes.len() - 1
    }

    /// How many terms the table has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the condition has no term (never: a condition has one at least).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// True when some term solves double dummy.
    pub fn solves(&self) -> bool {
        self.solves
    }
}

/// The text of `source[start..end]`, its whitespace runs (line ends included) made one space.
fn source_text(source: &str, start: usize, end: usize) -> String {
    let s = source.get(start.min(end)..end.min(source.len())).unwrap_or("");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `(name)` as `name`.
fn unparenthesized(text: &str) -> &str {
    let mut t = text.trim();
    while let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        t = inner.trim();
    }
    t
}
