//! The evaluator's hot form: each variable's and the condition's tree laid out as nodes in one
//! `Vec`, children by index, leaves inline. Built from the `Expr` tree at compile time; the
//! nodes few deals reach (double dummy, `score`, `rnd`, longer comparison chains) stay trees,
//! walked by the tree walker, so the values, the order of `rnd` draws and the errors are the
//! tree walker's.

use super::compare::holds;
use super::expr::V;
use super::memo::SHAPE;
use super::shapes::{SHAPES, ShapeSets};
use super::{Ctx, Program};
use crate::cards::{Card, Seat, Suit};
use crate::script::ast::{ArithOp, CmpOp, Expr, HandFn};
use crate::script::diag::Span;

mod lower;

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
    /// The root nodes of the profile's terms ([`crate::run::profile::Spec`]'s order).
    terms: Vec<u32>,
    /// Every `shape()` call's shapes, by shape number.
    pub(super) shapes: ShapeSets,
    /// The values of expressions of one seat's shape, by shape number.
    tabs8: Vec<[i8; SHAPES]>,
    tabs32: Vec<[i32; SHAPES]>,
    /// The values of expressions of one row's sum, from the least sum up.
    row_tabs: Vec<(i32, Box<[i32]>)>,
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

    /// The value of the profile's term `k`: what [`Program::eval`] gives for its expression,
    /// through the compiled form.
    pub fn term(&self, k: usize, ctx: &mut Ctx) -> Result<i32, super::EvalError> {
        self.run(self.flat.terms[k], ctx).map_err(|super::expr::Stop| self.stopped(ctx))
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
            Node::Shape(seat, t) => self.shape(seat, t as usize, ctx),
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
            Node::Shape(seat, t) => self.shape(seat, t as usize, ctx),
            Node::HasCard(seat, card) => i32::from(ctx.deal.hands[seat].has(card)),
            Node::Var(v) => self.var(v as usize, ctx)?,
            Node::Tab8(seat, t) => i32::from(f.tabs8[t as usize][self.shape_number(seat, ctx)]),
            Node::Tab32(seat, t) => f.tabs32[t as usize][self.shape_number(seat, ctx)],
            Node::RowTab(r, seat, t) => self.row_tab(r, seat, t, ctx),
            Node::Tree(t) => self.ev(&f.trees[t as usize], ctx)?,
        })
    }
}
