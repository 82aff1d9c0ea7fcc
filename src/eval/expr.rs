//! Evaluating expressions: 32-bit integers as the original, short-circuit `&&`, `||`, `?:`.

use super::memo::{LOSERS, SHAPE};
use super::{Ctx, EvalError, Program};
use crate::cards::{Seat, Suit};
use crate::dd::score::{imps, score_of};
use crate::script::ast::{ArithOp, Expr, HandFn};
use crate::script::diag::Span;

type R = Result<i32, EvalError>;

/// The evaluator's error marker: what went wrong waits in [`Ctx::fault`].
pub(super) struct Stop;

/// The walker's result: a value, or [`Stop`].
pub(super) type V = Result<i32, Stop>;

fn err(span: Span, message: impl Into<String>) -> EvalError {
    EvalError::new(span, message)
}

impl Ctx<'_> {
    /// Parks an error and returns the marker that stops the walk.
    #[cold]
    pub(super) fn fail(&mut self, e: EvalError) -> Stop {
        self.fault = Some(e);
        Stop
    }

    /// A result of the slow paths (solver, errors) as the walker's.
    #[inline]
    pub(super) fn park<T>(&mut self, r: Result<T, EvalError>) -> Result<T, Stop> {
        r.map_err(|e| self.fail(e))
    }
}

impl Program {
    /// The value of an expression for the context's deal.
    pub fn eval(&self, e: &Expr, ctx: &mut Ctx) -> R {
        self.ev(e, ctx).map_err(|Stop| self.stopped(ctx))
    }

    /// The error parked by the walk that stopped.
    #[cold]
    pub(super) fn stopped(&self, ctx: &mut Ctx) -> EvalError {
        ctx.fault.take().unwrap_or_else(|| err(Span::default(), "evaluation stopped"))
    }

    /// The walk: values pass up the tree, an error only as the marker.
    pub(super) fn ev(&self, e: &Expr, ctx: &mut Ctx) -> V {
        Ok(match e {
            Expr::Num(n) => *n as i32,
            Expr::Neg(a) => self.operand(a, ctx)?.wrapping_neg(),
            Expr::Not(a) => i32::from(self.operand(a, ctx)? == 0),
            Expr::Arith(op, a, b, span) => {
                let (a, b) = (self.operand(a, ctx)?, self.operand(b, ctx)?);
                match arith(*op, a, b) {
                    Some(v) => v,
                    None => return Err(ctx.fail(by_zero(*op, *span))),
                }
            }
            Expr::Compare(first, chain) if chain.len() == 1 && !solved(first) && !solved(&chain[0].1) => {
                let (op, second) = &chain[0];
                i32::from(super::compare::holds(*op, self.operand(first, ctx)?, self.operand(second, ctx)?))
            }
            Expr::Compare(first, chain) => self.compare(first, chain, ctx)?,
            Expr::And(a, b) => i32::from(self.operand(a, ctx)? != 0 && self.operand(b, ctx)? != 0),
            Expr::Or(a, b) => i32::from(self.operand(a, ctx)? != 0 || self.operand(b, ctx)? != 0),
            Expr::Cond(t, y, n) => {
                if self.operand(t, ctx)? != 0 {
                    self.operand(y, ctx)?
                } else {
                    self.operand(n, ctx)?
                }
            }
            Expr::Hand(f, seat, suit) => self.hand(*f, *seat, *suit, ctx),
            Expr::Shape(seat, t) => self.shape(*seat, *t, ctx),
            Expr::HasCard(seat, card) => i32::from(ctx.deal.hands[*seat].has(*card)),
            Expr::Imps(d) => imps(self.operand(d, ctx)?),
            Expr::Var(i) => self.var(*i, ctx)?,
            Expr::Tricks(..) | Expr::Score(..) | Expr::Par(_) | Expr::ParAt(..) | Expr::Rnd(..) => self.rare(e, ctx)?,
        })
    }

    /// An operand: the leaves (numbers, variables already computed, hand functions) read in
    /// place, anything else walked.
    #[inline(always)]
    pub(super) fn operand(&self, e: &Expr, ctx: &mut Ctx) -> V {
        match e {
            Expr::Num(n) => Ok(*n as i32),
            Expr::Var(i) if let Some(x) = ctx.memo.get(*i) => Ok(x),
            Expr::Hand(HandFn::Length, seat, suit) => Ok(ctx.deal.hands[*seat].len(suit.unwrap_or(Suit::Clubs)) as i32),
            Expr::Hand(f, seat, suit) => Ok(self.hand(*f, *seat, *suit, ctx)),
            _ => self.ev(e, ctx),
        }
    }

    /// The nodes few deals reach, out of the walk's frame: double dummy, `score`, `rnd`.
    #[inline(never)]
    fn rare(&self, e: &Expr, ctx: &mut Ctx) -> V {
        Ok(match e {
            Expr::Tricks(seat, strain) => {
                let r = self.tricks(*seat, *strain, ctx);
                ctx.park(r)?
            }
            Expr::Score(v, c, t, span) => {
                let (v, c, t) = (self.ev(v, ctx)?, self.ev(c, ctx)?, self.ev(t, ctx)?);
                match score_of(v.into(), c.into(), t.into()) {
                    Ok(points) => points,
                    Err(m) => return Err(ctx.fail(err(*span, m))),
                }
            }
            Expr::Par(side) => {
                let r = self.par(*side, ctx);
                ctx.park(r)?
            }
            Expr::ParAt(side, vul, span) => {
                let r = self.par_at(*side, *vul, *span, ctx);
                ctx.park(r)?
            }
            Expr::Rnd(b, _) => {
                let bound = self.ev(b, ctx)?;
                let (deal, seed) = (ctx.deal, ctx.rnd_seed);
                ctx.rnd.get_or_insert_with(|| super::RndStream::for_deal(deal, seed)).below(bound)
            }
            _ => self.ev(e, ctx)?,
        })
    }

    /// `shape(seat, t)`, the seat's shape number kept per deal.
    #[inline(never)]
    pub(super) fn shape(&self, seat: Seat, t: usize, ctx: &mut Ctx) -> i32 {
        let h = ctx.deal.hands[seat];
        let n = ctx.memo.total(seat.index(), SHAPE, || super::shapes::number(h) as i32);
        i32::from(self.flat.shapes.holds(t, n as usize))
    }

    /// Count-table row `r` over `seat`'s whole hand, kept per deal.
    #[inline(always)]
    pub(super) fn hand_row(&self, r: usize, seat: Seat, ctx: &mut Ctx) -> i32 {
        let h = ctx.deal.hands[seat];
        ctx.memo.total(seat.index(), r, || self.counts.hand(r, h, None))
    }

    #[inline(never)]
    pub(super) fn hand(&self, f: HandFn, seat: Seat, suit: Option<Suit>, ctx: &mut Ctx) -> i32 {
        let h = ctx.deal.hands[seat];
        match f {
            HandFn::Row(r) if suit.is_none() => self.hand_row(r, seat, ctx),
            HandFn::Row(r) => self.counts.hand(r, h, suit),
            HandFn::Length => h.len(suit.unwrap_or(Suit::Clubs)) as i32,
            HandFn::Losers if suit.is_none() => ctx.memo.total(seat.index(), LOSERS, || self.counts.losers(h, None)),
            HandFn::Losers => self.counts.losers(h, suit),
            HandFn::Quality => super::hand::quality(h.suit(suit.unwrap_or(Suit::Clubs))),
            HandFn::Cccc => super::hand::cccc(h),
            HandFn::Ltc => super::ltc::ltc(h, suit),
        }
    }

    pub(super) fn tricks(&self, seat: Seat, strain: usize, ctx: &mut Ctx) -> R {
        Ok(i32::from(ctx.dd_tricks(seat, strain)?))
    }

    fn par(&self, side: usize, ctx: &mut Ctx) -> R {
        let (deal, vul) = (*ctx.deal, ctx.vulnerable);
        let dd = ctx.dd.as_mut().ok_or_else(|| err(Span::default(), "double-dummy solving is not available here"))?;
        let p = dd.par_ns(&deal, vul).map_err(|e| err(Span::default(), e.to_string()))?;
        Ok(if side == 0 { p } else { -p })
    }
}

/// True for a `tricks` call, which a comparison asks as bounds (compare.rs).
#[inline(always)]
pub(super) fn solved(e: &Expr) -> bool {
    matches!(e, Expr::Tricks(..))
}

/// `a op b`; `None` for a division or remainder by zero.
#[inline]
pub(super) fn arith(op: ArithOp, a: i32, b: i32) -> Option<i32> {
    Some(match op {
        ArithOp::Add => a.wrapping_add(b),
        ArithOp::Sub => a.wrapping_sub(b),
        ArithOp::Mul => a.wrapping_mul(b),
        ArithOp::Div | ArithOp::Rem if b == 0 => return None,
        ArithOp::Div => a.wrapping_div(b),
        ArithOp::Rem => a.wrapping_rem(b),
    })
}

#[cold]
pub(super) fn by_zero(op: ArithOp, span: Span) -> EvalError {
    let what = if op == ArithOp::Div { "division" } else { "remainder" };
    err(span, format!("{what} by zero (the right-hand side is 0 for this deal)"))
}
