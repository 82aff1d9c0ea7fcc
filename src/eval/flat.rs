//! The evaluator's hot form: each variable's and the condition's tree laid out as nodes in one
//! `Vec`, children by index, leaves inline. Built from the `Expr` tree at compile time; the
//! nodes few deals reach (double dummy, `score`, `rnd`, longer comparison chains) stay trees,
//! walked by the tree walker, so the values, the order of `rnd` draws and the errors are the
//! tree walker's.

use super::compare::holds;
use super::expr::{V, solved};
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
    And(u32, u32),
    Or(u32, u32),
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
    /// Each variable's root node.
    vars: Vec<u32>,
    /// The condition's root node.
    pub(super) condition: Option<u32>,
}

impl Flat {
    /// Lays out the script's variables and condition.
    pub(super) fn new(script: &Script) -> Flat {
        let mut f = Flat::default();
        f.vars = script.vars.iter().map(|v| f.lower(&v.expr)).collect();
        f.condition = script.condition.as_ref().map(|e| f.lower(e));
        f
    }

    fn push(&mut self, n: Node) -> u32 {
        self.nodes.push(n);
        (self.nodes.len() - 1) as u32
    }

    fn lower(&mut self, e: &Expr) -> u32 {
        let n = match e {
            Expr::Num(n) => Node::Num(*n as i32),
            Expr::Neg(a) => Node::Neg(self.lower(a)),
            Expr::Not(a) => Node::Not(self.lower(a)),
            Expr::Arith(op, a, b, span) => {
                let (a, b) = (self.lower(a), self.lower(b));
                self.spans.push(*span);
                Node::Arith(*op, a, b, (self.spans.len() - 1) as u32)
            }
            Expr::Compare(first, chain) if chain.len() == 1 && !solved(first) && !solved(&chain[0].1) => {
                let (op, second) = (chain[0].0, &chain[0].1);
                match second {
                    Expr::Num(k) => self.compare_num(op, first, *k as i32),
                    _ => {
                        let (a, b) = (self.lower(first), self.lower(second));
                        Node::Cmp(op, a, b)
                    }
                }
            }
            Expr::And(a, b) => {
                let (a, b) = (self.lower(a), self.lower(b));
                Node::And(a, b)
            }
            Expr::Or(a, b) => {
                let (a, b) = (self.lower(a), self.lower(b));
                Node::Or(a, b)
            }
            Expr::Cond(t, y, n) => {
                let (t, y, n) = (self.lower(t), self.lower(y), self.lower(n));
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
            Expr::Var(i) => Node::Var(*i as u32),
            _ => {
                self.trees.push(e.clone());
                Node::Tree((self.trees.len() - 1) as u32)
            }
        };
        self.push(n)
    }
}

impl Flat {
    /// `first op k`, fused with a leaf operand.
    fn compare_num(&mut self, op: CmpOp, first: &Expr, k: i32) -> Node {
        let a = self.lower(first);
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

    /// The value of node `i` (a variable's or the condition's root, or a node below).
    pub(super) fn run(&self, i: u32, ctx: &mut Ctx) -> V {
        let f = &self.flat;
        Ok(match f.nodes[i as usize] {
            Node::Num(n) => n,
            Node::Neg(a) => self.run(a, ctx)?.wrapping_neg(),
            Node::Not(a) => i32::from(self.run(a, ctx)? == 0),
            Node::Arith(op, a, b, span) => {
                let (a, b) = (self.run(a, ctx)?, self.run(b, ctx)?);
                match super::expr::arith(op, a, b) {
                    Some(v) => v,
                    None => return Err(ctx.fail(super::expr::by_zero(op, f.spans[span as usize]))),
                }
            }
            Node::Cmp(op, a, b) => {
                let (a, b) = (self.run(a, ctx)?, self.run(b, ctx)?);
                i32::from(super::compare::holds(op, a, b))
            }
            Node::CmpNum(op, a, k) => i32::from(holds(op, self.run(a, ctx)?, k)),
            Node::LenCmp(op, seat, s, k) => i32::from(holds(op, ctx.deal.hands[seat].len(s) as i32, k)),
            Node::SuitRowCmp(op, r, seat, s, k) => {
                i32::from(holds(op, self.counts.suit(r as usize, ctx.deal.hands[seat].suit(s)), k))
            }
            Node::HandRowCmp(op, r, seat, k) => i32::from(holds(op, self.hand_row(r as usize, seat, ctx), k)),
            Node::VarCmp(op, v, k) => i32::from(holds(op, self.var(v as usize, ctx)?, k)),
            Node::And(a, b) => i32::from(self.run(a, ctx)? != 0 && self.run(b, ctx)? != 0),
            Node::Or(a, b) => i32::from(self.run(a, ctx)? != 0 || self.run(b, ctx)? != 0),
            Node::Cond(t, y, n) => self.run(if self.run(t, ctx)? != 0 { y } else { n }, ctx)?,
            Node::SuitRow(r, seat, s) => self.counts.suit(r as usize, ctx.deal.hands[seat].suit(s)),
            Node::HandRow(r, seat) => self.hand_row(r as usize, seat, ctx),
            Node::Length(seat, s) => ctx.deal.hands[seat].len(s) as i32,
            Node::Hand(k) => {
                let (hf, seat, s) = f.hands[k as usize];
                self.hand(hf, seat, s, ctx)
            }
            Node::Shape(seat, t) => self.shape(seat, t as usize, ctx),
            Node::HasCard(seat, card) => i32::from(ctx.deal.hands[seat].has(card)),
            Node::Var(v) => self.var(v as usize, ctx)?,
            Node::Tree(t) => self.ev(&f.trees[t as usize], ctx)?,
        })
    }
}
