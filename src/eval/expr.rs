//! Evaluating expressions: 32-bit integers as the original, short-circuit `&&`, `||`, `?:`.

use super::{Ctx, EvalError, Program};
use crate::cards::{Seat, Suit};
use crate::dd::score::{Contract, imps, score};
use crate::script::ast::{ArithOp, Expr, HandFn};
use crate::script::diag::Span;
use crate::script::shape::index;

type R = Result<i32, EvalError>;

fn err(span: Span, message: impl Into<String>) -> EvalError {
    EvalError { span, message: message.into() }
}

impl Program {
    /// The value of an expression for the context's deal.
    pub fn eval(&self, e: &Expr, ctx: &mut Ctx) -> R {
        Ok(match e {
            Expr::Num(n) => *n as i32,
            Expr::Neg(a) => self.eval(a, ctx)?.wrapping_neg(),
            Expr::Not(a) => i32::from(self.eval(a, ctx)? == 0),
            Expr::Arith(op, a, b, span) => arith(*op, self.eval(a, ctx)?, self.eval(b, ctx)?, *span)?,
            Expr::Compare(first, chain) => self.compare(first, chain, ctx)?,
            Expr::And(a, b) => i32::from(self.eval(a, ctx)? != 0 && self.eval(b, ctx)? != 0),
            Expr::Or(a, b) => i32::from(self.eval(a, ctx)? != 0 || self.eval(b, ctx)? != 0),
            Expr::Cond(t, y, n) => {
                if self.eval(t, ctx)? != 0 {
                    self.eval(y, ctx)?
                } else {
                    self.eval(n, ctx)?
                }
            }
            Expr::Hand(f, seat, suit) => self.hand(*f, *seat, *suit, ctx),
            Expr::Shape(seat, t) => {
                let h = ctx.deal.hands[*seat];
                let i = index(h.len(Suit::Spades), h.len(Suit::Hearts), h.len(Suit::Diamonds), h.len(Suit::Clubs));
                i32::from(self.script.shapes[*t].contains(i))
            }
            Expr::HasCard(seat, card) => i32::from(ctx.deal.hands[*seat].has(*card)),
            Expr::Tricks(seat, strain) => self.tricks(*seat, *strain, ctx)?,
            Expr::Score(v, c, t, span) => {
                let (v, c, t) = (self.eval(v, ctx)?, self.eval(c, ctx)?, self.eval(t, ctx)?);
                let contract =
                    Contract::from_code(c).ok_or_else(|| err(*span, format!("score: {c} is not a contract number")))?;
                score(v != 0, contract, t)
            }
            Expr::Imps(d) => imps(self.eval(d, ctx)?),
            Expr::Par(side) => self.par(*side, ctx)?,
            Expr::ParAt(side, vul, span) => self.par_at(*side, *vul, *span, ctx)?,
            Expr::Var(i) => self.var(*i, ctx)?,
            Expr::Rnd(b, _) => {
                let bound = self.eval(b, ctx)?;
                let (deal, seed) = (ctx.deal, ctx.rnd_seed);
                ctx.rnd.get_or_insert_with(|| super::RndStream::for_deal(deal, seed)).below(bound)
            }
        })
    }

    /// A variable's value: computed at its first mention on the deal and kept, unless it
    /// draws `rnd`, when each mention draws as dealer.exe does.
    fn var(&self, i: usize, ctx: &mut Ctx) -> R {
        let v = &self.script.vars[i];
        if v.draws_rnd {
            return self.eval(&v.expr, ctx);
        }
        if let Some(x) = ctx.memo.get(i) {
            return Ok(x);
        }
        let x = self.eval(&v.expr, ctx)?;
        ctx.memo.set(i, x);
        Ok(x)
    }

    fn hand(&self, f: HandFn, seat: Seat, suit: Option<Suit>, ctx: &Ctx) -> i32 {
        let h = ctx.deal.hands[seat];
        match f {
            HandFn::Row(r) => self.counts.hand(r, h, suit),
            HandFn::Length => h.len(suit.unwrap_or(Suit::Clubs)) as i32,
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

fn arith(op: ArithOp, a: i32, b: i32, span: Span) -> R {
    Ok(match op {
        ArithOp::Add => a.wrapping_add(b),
        ArithOp::Sub => a.wrapping_sub(b),
        ArithOp::Mul => a.wrapping_mul(b),
        ArithOp::Div | ArithOp::Rem if b == 0 => {
            let what = if op == ArithOp::Div { "division" } else { "remainder" };
            return Err(err(span, format!("{what} by zero (the right-hand side is 0 for this deal)")));
        }
        ArithOp::Div => a.wrapping_div(b),
        ArithOp::Rem => a.wrapping_rem(b),
    })
}
