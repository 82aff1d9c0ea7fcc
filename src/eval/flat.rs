//! The evaluator's hot form: each variable's and the condition's tree laid out as nodes in one
//! `Vec`, children by index, leaves inline. Built from the `Expr` tree at compile time; the
//! nodes few deals reach (double dummy, `score`, `rnd`, longer comparison chains) stay trees,
//! walked by the tree walker, so the values, the order of `rnd` draws and the errors are the
//! tree walker's.

use super::compare::holds;
use super::expr::{V, solved};
use super::memo::SHAPE;
use super::order::Terms;
use super::shapes::{SHAPES, ShapeSets};
use super::tabulate::{Dep, Fact, Tabulator, summands, worth_it};
use super::{Ctx, Program};
use crate::cards::{Card, Seat, Suit};
use crate::script::Script;
use crate::script::ast::{ArithOp, CmpOp, Expr, HandFn};
use crate::script::diag::Span;

/// One node; operands are indexes into [`Flat::nodes`].
#[derive(Clone, Copy, Debug)]
enum Node {
    Num(i32),
    Neg(u32),
    Not(u32),
    /// `not var`: the variable's value read as in [`Node::Var`].
    NotVar(u32),
    /// The last field indexes [`Flat::spans`] (for division by zero).
    Arith(ArithOp, u32, u32, u32),
    Cmp(CmpOp, u32, u32),
    /// A comparison with a number (`a op k`).
    CmpNum(CmpOp, u32, i32),
    /// `length op k`, `row(suit) op k`, `row(hand) op k`, `var op k`: the leaf read in place.
    LenCmp(CmpOp, Seat, Suit, i32),
    SuitRowCmp(CmpOp, u8, Seat, Suit, i32),
    HandRowCmp(CmpOp, u8, Seat, i32),
    VarCmp(CmpOp, u32, i32),
    /// A chain of `&&` (or `||`): its operands are [`Flat::lists`]`[start..start + len]`.
    All(u32, u32),
    Any(u32, u32),
    Cond(u32, u32, u32),
    /// A count-table row over one suit.
    SuitRow(u8, Seat, Suit),
    /// A count-table row over the whole hand (kept per deal).
    HandRow(u8, Seat),
    Length(Seat, Suit),
    /// Any other hand function: indexes [`Flat::hands`].
    Hand(u32),
    Shape(Seat, u32),
    HasCard(Seat, Card),
    Var(u32),
    /// A value of one seat's shape, read by its shape number: indexes [`Flat::tabs8`] (or
    /// [`Flat::tabs32`] for values beyond `i8`).
    Tab8(Seat, u32),
    Tab32(Seat, u32),
    /// A value of one seat's count-table row `r` over the whole hand, read by the row's sum:
    /// indexes [`Flat::row_tabs`].
    RowTab(u8, Seat, u32),
    /// A rare node, walked as a tree: indexes [`Flat::trees`].
    Tree(u32),
}

/// The nodes of every variable and of the condition.
#[derive(Debug, Default)]
pub(super) struct Flat {
    nodes: Vec<Node>,
    spans: Vec<Span>,
    hands: Vec<(HandFn, Seat, Option<Suit>)>,
    trees: Vec<Expr>,
    /// The operands of the `&&` and `||` chains.
    lists: Vec<u32>,
    /// Each variable's root node.
    vars: Vec<u32>,
    /// The condition's root node.
    pub(super) condition: Option<u32>,
    /// Every `shape()` call's shapes, by shape number.
    pub(super) shapes: ShapeSets,
    /// The values of expressions of one seat's shape, by shape number.
    tabs8: Vec<[i8; SHAPES]>,
    tabs32: Vec<[i32; SHAPES]>,
    /// The values of expressions of one row's sum, from the least sum up.
    row_tabs: Vec<(i32, Box<[i32]>)>,
}

/// What lowering reads: the chains' terms and the shape-only expressions' values.
struct Cx {
    terms: Terms,
    tab: Tabulator,
}

impl Flat {
    /// Lays out the script's variables and condition.
    pub(super) fn new(script: &Script) -> Flat {
        let mut f = Flat { shapes: ShapeSets::new(&script.shapes), ..Flat::default() };
        let mut cx = Cx { terms: Terms::new(&script.vars), tab: Tabulator::new(&script.counts) };
        for v in &script.vars {
            let root = f.lower(&v.expr, &cx);
            f.vars.push(root);
            cx.tab.define(&v.expr, &f.shapes);
        }
        f.condition = script.condition.as_ref().map(|e| f.lower(e, &cx));
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
        let mut ops = super::order::operands(e, and);
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
                self.spans.push(*span);
                Node::Arith(*op, a, b, (self.spans.len() - 1) as u32)
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

impl Program {
    /// A variable's value: computed at its first mention on the deal and kept, unless it
    /// draws `rnd`, when each mention draws as dealer.exe does (such a value is never kept).
    #[inline]
    pub(super) fn var(&self, i: usize, ctx: &mut Ctx) -> V {
        if let Some(x) = ctx.memo.get(i) {
            return Ok(x);
        }
        self.compute_var(i, ctx)
    }

    #[inline(never)]
    fn compute_var(&self, i: usize, ctx: &mut Ctx) -> V {
        let x = self.run(self.flat.vars[i], ctx)?;
        if !self.script.vars[i].draws_rnd {
            ctx.memo.set(i, x, self.script.vars.len());
        }
        Ok(x)
    }

    /// `seat`'s shape number, kept per deal.
    #[inline(always)]
    fn shape_number(&self, seat: Seat, ctx: &mut Ctx) -> usize {
        let h = ctx.deal.hands[seat];
        ctx.memo.total(seat.index(), SHAPE, || super::shapes::number(h) as i32) as usize
    }

    /// Row table `t`'s value for `seat`'s sum of row `r`.
    #[inline(always)]
    fn row_tab(&self, r: u8, seat: Seat, t: u32, ctx: &mut Ctx) -> i32 {
        let (lo, values) = &self.flat.row_tabs[t as usize];
        values[self.hand_row(r as usize, seat, ctx).wrapping_sub(*lo) as usize]
    }

    /// An operand: the leaves that read the deal or a kept value in place, anything else
    /// through [`Program::run`] (one call fewer per leaf).
    #[inline(always)]
    fn arg(&self, i: u32, ctx: &mut Ctx) -> V {
        Ok(match self.flat.nodes[i as usize] {
            Node::Num(n) => n,
            Node::Length(seat, s) => ctx.deal.hands[seat].len(s) as i32,
            Node::LenCmp(op, seat, s, k) => i32::from(holds(op, ctx.deal.hands[seat].len(s) as i32, k)),
            Node::HasCard(seat, card) => i32::from(ctx.deal.hands[seat].has(card)),
            Node::Shape(seat, t) => i32::from(self.flat.shapes.holds(t as usize, self.shape_number(seat, ctx))),
            Node::Var(v) => self.var(v as usize, ctx)?,
            Node::NotVar(v) => i32::from(self.var(v as usize, ctx)? == 0),
            Node::Tab8(seat, t) => i32::from(self.flat.tabs8[t as usize][self.shape_number(seat, ctx)]),
            Node::Tab32(seat, t) => self.flat.tabs32[t as usize][self.shape_number(seat, ctx)],
            Node::RowTab(r, seat, t) => self.row_tab(r, seat, t, ctx),
            _ => self.run(i, ctx)?,
        })
    }

    /// The value of node `i` (a variable's or the condition's root, or a node below).
    pub(super) fn run(&self, i: u32, ctx: &mut Ctx) -> V {
        let f = &self.flat;
        Ok(match f.nodes[i as usize] {
            Node::Num(n) => n,
            Node::Neg(a) => self.arg(a, ctx)?.wrapping_neg(),
            Node::Not(a) => i32::from(self.arg(a, ctx)? == 0),
            Node::NotVar(v) => i32::from(self.var(v as usize, ctx)? == 0),
            Node::Arith(op, a, b, span) => {
                let (a, b) = (self.arg(a, ctx)?, self.arg(b, ctx)?);
                match super::expr::arith(op, a, b) {
                    Some(v) => v,
                    None => return Err(ctx.fail(super::expr::by_zero(op, f.spans[span as usize]))),
                }
            }
            Node::Cmp(op, a, b) => {
                let (a, b) = (self.arg(a, ctx)?, self.arg(b, ctx)?);
                i32::from(super::compare::holds(op, a, b))
            }
            Node::CmpNum(op, a, k) => i32::from(holds(op, self.arg(a, ctx)?, k)),
            Node::LenCmp(op, seat, s, k) => i32::from(holds(op, ctx.deal.hands[seat].len(s) as i32, k)),
            Node::SuitRowCmp(op, r, seat, s, k) => {
                i32::from(holds(op, self.counts.suit(r as usize, ctx.deal.hands[seat].suit(s)), k))
            }
            Node::HandRowCmp(op, r, seat, k) => i32::from(holds(op, self.hand_row(r as usize, seat, ctx), k)),
            Node::VarCmp(op, v, k) => i32::from(holds(op, self.var(v as usize, ctx)?, k)),
            Node::All(start, len) => {
                for &x in &f.lists[start as usize..(start + len) as usize] {
                    if self.arg(x, ctx)? == 0 {
                        return Ok(0);
                    }
                }
                1
            }
            Node::Any(start, len) => {
                for &x in &f.lists[start as usize..(start + len) as usize] {
                    if self.arg(x, ctx)? != 0 {
                        return Ok(1);
                    }
                }
                0
            }
            Node::Cond(t, y, n) => self.arg(if self.arg(t, ctx)? != 0 { y } else { n }, ctx)?,
            Node::SuitRow(r, seat, s) => self.counts.suit(r as usize, ctx.deal.hands[seat].suit(s)),
            Node::HandRow(r, seat) => self.hand_row(r as usize, seat, ctx),
            Node::Length(seat, s) => ctx.deal.hands[seat].len(s) as i32,
            Node::Hand(k) => {
                let (hf, seat, s) = f.hands[k as usize];
                self.hand(hf, seat, s, ctx)
            }
            Node::Shape(seat, t) => i32::from(self.flat.shapes.holds(t as usize, self.shape_number(seat, ctx))),
            Node::HasCard(seat, card) => i32::from(ctx.deal.hands[seat].has(card)),
            Node::Var(v) => self.var(v as usize, ctx)?,
            Node::Tab8(seat, t) => i32::from(f.tabs8[t as usize][self.shape_number(seat, ctx)]),
            Node::Tab32(seat, t) => f.tabs32[t as usize][self.shape_number(seat, ctx)],
            Node::RowTab(r, seat, t) => self.row_tab(r, seat, t, ctx),
            Node::Tree(t) => self.ev(&f.trees[t as usize], ctx)?,
        })
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
