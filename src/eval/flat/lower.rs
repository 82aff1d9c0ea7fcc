//! Lowering a script's trees to the flat form: leaves fused with their comparisons, chains
//! reordered cheapest first where that cannot change their value, and the expressions of one
//! fact of one seat replaced by their tables (tabulate.rs).

use super::{Flat, Node};
use crate::cards::Suit;
use crate::eval::expr::solved;
use crate::eval::order::Terms;
use crate::eval::shapes::SHAPES;
use crate::eval::shapes::ShapeSets;
use crate::eval::tabulate::{Dep, Fact, Tabulator, summands, worth_it};
use crate::script::Script;
use crate::script::ast::{ArithOp, CmpOp, Expr, HandFn};
use crate::script::diag::Span;

/// What lowering reads: the chains' terms and the shape-only expressions' values.
struct Cx {
    terms: Terms,
    tab: Tabulator,
}

impl Flat {
    /// Lays out the script's variables and condition, and the profile's `terms`.
    pub(in crate::eval) fn new(script: &Script, terms: &[Expr]) -> Flat {
        let mut f = Flat { shapes: ShapeSets::new(&script.shapes), ..Flat::default() };
        let mut cx = Cx { terms: Terms::new(&script.vars), tab: Tabulator::new(&script.counts) };
        for v in &script.vars {
            let root = f.lower(&v.expr, &cx);
            f.vars.push(root);
            cx.tab.define(&v.expr, &f.shapes);
        }
        f.condition = script.condition.as_ref().map(|e| f.lower(e, &cx));
        f.terms = terms.iter().map(|e| f.lower(e, &cx)).collect();
        f
    }

    /// A node reading `table` by `fact`.
    fn tabulated(&mut self, fact: Fact, table: Box<[i32]>, cx: &Cx) -> Node {
        match fact {
            Fact::Row(seat, r) => {
                self.row_tabs.push((cx.tab.domain(fact).0, table));
                Node::RowTab(r, seat, (self.row_tabs.len() - 1) as u32)
            }
            Fact::Shape(seat) => {
                let table: [i32; SHAPES] = std::array::from_fn(|n| table[n]);
                if table.iter().all(|&v| i8::try_from(v).is_ok()) {
                    self.tabs8.push(table.map(|v| v as i8));
                    Node::Tab8(seat, (self.tabs8.len() - 1) as u32)
                } else {
                    self.tabs32.push(table);
                    Node::Tab32(seat, (self.tabs32.len() - 1) as u32)
                }
            }
        }
    }

    /// A chain of `&&` (`and`) or `||`, its cheaper terms first when the order cannot change
    /// its value (dealer.exe tests them as written; the value is the same).
    fn chain(&mut self, e: &Expr, and: bool, cx: &Cx) -> Node {
        let mut ops = crate::eval::order::operands(e, and);
        let mut ids = Vec::new();
        if ops.iter().all(|o| cx.terms.safe(o)) {
            ids = self.merge_facts(&mut ops, and, cx);
            ops.sort_by_cached_key(|o| cx.terms.cost(o));
        }
        ids.extend(ops.into_iter().map(|o| self.lower(o, cx)).collect::<Vec<_>>());
        let start = self.lists.len() as u32;
        self.lists.extend(&ids);
        if and { Node::All(start, ids.len() as u32) } else { Node::Any(start, ids.len() as u32) }
    }

    /// The operands of a chain that may be reordered which depend on one fact, two or more
    /// for a fact: one table each, taken out of `ops`.
    fn merge_facts(&mut self, ops: &mut Vec<&Expr>, and: bool, cx: &Cx) -> Vec<u32> {
        let mut ids = Vec::new();
        for fact in facts(ops.iter().copied(), cx) {
            let of_fact = |o: &&Expr| cx.tab.dep(o) == Dep::On(fact);
            let group: Vec<&Expr> = ops.iter().copied().filter(of_fact).collect();
            if group.len() > 1 {
                let table = cx.tab.chain_table(&group, and, fact, &self.shapes);
                let n = self.tabulated(fact, table, cx);
                ids.push(self.push(n));
                ops.retain(|o| !of_fact(o));
            }
        }
        ids
    }

    /// A chain of `+` and `-` whose terms are pure and cannot fail, its terms of one fact (two
    /// or more) summed in one table: wrapping sums are the same in any order. None when no
    /// two terms share a fact.
    fn sum(&mut self, e: &Expr, span: Span, cx: &Cx) -> Option<u32> {
        let mut terms = Vec::new();
        summands(e, false, &mut terms);
        if !terms.iter().all(|(_, t)| cx.terms.safe(t)) {
            return None;
        }
        let mut root = None;
        for fact in facts(terms.iter().map(|(_, t)| *t), cx) {
            let group: Vec<(bool, &Expr)> =
                terms.iter().copied().filter(|(_, t)| on(cx.tab.dep(t)) == Some(fact)).collect();
            if group.len() > 1 {
                terms.retain(|(_, t)| on(cx.tab.dep(t)) != Some(fact));
                let n = self.tabulated(fact, cx.tab.sum_table(&group, fact, &self.shapes), cx);
                let table = self.push(n);
                root = Some(match root {
                    None => table,
                    Some(acc) => self.arith(ArithOp::Add, acc, table, span),
                });
            }
        }
        let mut acc = root?;
        for (minus, t) in terms {
            let b = self.lower(t, cx);
            acc = self.arith(if minus { ArithOp::Sub } else { ArithOp::Add }, acc, b, span);
        }
        Some(acc)
    }

    fn arith(&mut self, op: ArithOp, a: u32, b: u32, span: Span) -> u32 {
        self.spans.push(span);
        let n = Node::Arith(op, a, b, (self.spans.len() - 1) as u32);
        self.push(n)
    }

    fn push(&mut self, n: Node) -> u32 {
        self.nodes.push(n);
        (self.nodes.len() - 1) as u32
    }

    fn lower(&mut self, e: &Expr, cx: &Cx) -> u32 {
        match cx.tab.dep(e) {
            Dep::Const if !matches!(e, Expr::Num(_)) => {
                return self.push(Node::Num(cx.tab.value(e, 0, 0, &self.shapes)));
            }
            Dep::On(fact) if worth_it(e) => {
                let n = self.tabulated(fact, cx.tab.table(e, fact, &self.shapes), cx);
                return self.push(n);
            }
            _ => {}
        }
        if let Expr::Arith(ArithOp::Add | ArithOp::Sub, _, _, span) = e
            && let Some(root) = self.sum(e, *span, cx)
        {
            return root;
        }
        let n = match e {
            Expr::Num(n) => Node::Num(*n as i32),
            Expr::Neg(a) => Node::Neg(self.lower(a, cx)),
            Expr::Not(a) => match self.lower(a, cx) {
                v if let Node::Var(x) = self.nodes[v as usize] => Node::NotVar(x),
                v => Node::Not(v),
            },
            Expr::Arith(op, a, b, span) => {
                let (a, b) = (self.lower(a, cx), self.lower(b, cx));
                return self.arith(*op, a, b, *span);
            }
            Expr::Compare(first, chain) if chain.len() == 1 && !solved(first) && !solved(&chain[0].1) => {
                let (op, second) = (chain[0].0, &chain[0].1);
                match second {
                    Expr::Num(k) => self.compare_num(op, first, *k as i32, cx),
                    _ => {
                        let (a, b) = (self.lower(first, cx), self.lower(second, cx));
                        Node::Cmp(op, a, b)
                    }
                }
            }
            Expr::And(..) => self.chain(e, true, cx),
            Expr::Or(..) => self.chain(e, false, cx),
            Expr::Cond(t, y, n) => {
                let (t, y, n) = (self.lower(t, cx), self.lower(y, cx), self.lower(n, cx));
                Node::Cond(t, y, n)
            }
            Expr::Hand(HandFn::Row(r), seat, Some(s)) if *r < 256 => Node::SuitRow(*r as u8, *seat, *s),
            Expr::Hand(HandFn::Row(r), seat, None) if *r < 256 => Node::HandRow(*r as u8, *seat),
            Expr::Hand(HandFn::Length, seat, s) => Node::Length(*seat, s.unwrap_or(Suit::Clubs)),
            Expr::Hand(f, seat, s) => {
                self.hands.push((*f, *seat, *s));
                Node::Hand((self.hands.len() - 1) as u32)
            }
            Expr::Shape(seat, t) => Node::Shape(*seat, *t as u32),
            Expr::HasCard(seat, card) => Node::HasCard(*seat, *card),
            Expr::Var(i) => match self.leaf_var(*i) {
                Some(root) => return root,
                None => Node::Var(*i as u32),
            },
            _ => {
                self.trees.push(e.clone());
                Node::Tree((self.trees.len() - 1) as u32)
            }
        };
        self.push(n)
    }
}

impl Flat {
    /// The root of variable `i` when it is one node that reads the deal in place (a length, a
    /// count-table row, a card, a shape, a number, or one of these compared with a number):
    /// a mention reads it directly, cheaper than the memo. Such a node draws no `rnd`.
    fn leaf_var(&self, i: usize) -> Option<u32> {
        let root = *self.vars.get(i)?;
        match self.nodes[root as usize] {
            Node::Num(_)
            | Node::Length(..)
            | Node::SuitRow(..)
            | Node::HandRow(..)
            | Node::LenCmp(..)
            | Node::SuitRowCmp(..)
            | Node::HandRowCmp(..)
            | Node::VarCmp(..)
            | Node::Shape(..)
            | Node::HasCard(..)
            | Node::Tab8(..)
            | Node::Tab32(..)
            | Node::RowTab(..)
            | Node::Var(_) => Some(root),
            _ => None,
        }
    }

    /// `first op k`, fused with a leaf operand.
    fn compare_num(&mut self, op: CmpOp, first: &Expr, k: i32, cx: &Cx) -> Node {
        let a = self.lower(first, cx);
        match self.nodes[a as usize] {
            Node::Length(seat, s) => Node::LenCmp(op, seat, s, k),
            Node::SuitRow(r, seat, s) => Node::SuitRowCmp(op, r, seat, s, k),
            Node::HandRow(r, seat) => Node::HandRowCmp(op, r, seat, k),
            Node::Var(v) => Node::VarCmp(op, v, k),
            _ => Node::CmpNum(op, a, k),
        }
    }
}

/// The fact a dependence names.
fn on(d: Dep) -> Option<Fact> {
    if let Dep::On(f) = d { Some(f) } else { None }
}

/// The facts the expressions depend on, each once, in the order first met.
fn facts<'a>(exprs: impl Iterator<Item = &'a Expr>, cx: &Cx) -> Vec<Fact> {
    let mut out = Vec::new();
    for f in exprs.filter_map(|e| on(cx.tab.dep(e))) {
        if !out.contains(&f) {
            out.push(f);
        }
    }
    out
}
