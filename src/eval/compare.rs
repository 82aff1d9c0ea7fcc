//! Comparison chains (`a < b <= c`). A `tricks` result compared with a number needs only a
//! bound: it is asked as one or two "at least" tests, which the solver answers with null-window
//! searches instead of the exact result.

use super::expr::{Stop, V};
use super::{Ctx, EvalError, Program};
use crate::cards::Seat;
use crate::script::ast::{CmpOp, Expr};

/// One side of a comparison: a number, or a `tricks` result not yet asked for.
#[derive(Clone, Copy)]
enum Side {
    Value(i32),
    Tricks(Seat, usize),
}

/// The operator seen from the other side (`a < b` is `b > a`).
fn mirrored(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        CmpOp::Eq | CmpOp::Ne => op,
    }
}

#[inline(always)]
pub(super) fn holds(op: CmpOp, a: i32, b: i32) -> bool {
    match op {
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
    }
}

impl Program {
    /// 1 when every link of the chain holds, else 0; stops at the first that fails.
    pub(super) fn compare(&self, first: &Expr, chain: &[(CmpOp, Expr)], ctx: &mut Ctx) -> V {
        let mut left = self.side(first, ctx)?;
        for (op, e) in chain {
            let right = self.side(e, ctx)?;
            let ok = match (left, right) {
                (Side::Value(a), Side::Value(b)) => holds(*op, a, b),
                _ => self.dd_link(*op, left, right, ctx)?,
            };
            if !ok {
                return Ok(0);
            }
            left = right;
        }
        Ok(1)
    }

    /// A link of the chain with a `tricks` side, out of the common path.
    #[inline(never)]
    fn dd_link(&self, op: CmpOp, left: Side, right: Side, ctx: &mut Ctx) -> Result<bool, Stop> {
        let r = match (left, right) {
            (Side::Tricks(d, s), Side::Value(b)) => self.tricks_holds(op, d, s, b, ctx),
            (Side::Value(a), Side::Tricks(d, s)) => self.tricks_holds(mirrored(op), d, s, a, ctx),
            (Side::Tricks(d, s), _) => self.tricks(d, s, ctx).and_then(|a| Ok(holds(op, a, self.value(right, ctx)?))),
            (Side::Value(a), Side::Value(b)) => Ok(holds(op, a, b)),
        };
        ctx.park(r)
    }

    /// A `tricks` call stays unasked when a solver will answer bound tests; anything else
    /// is evaluated (without a solver, `tricks` fails here as it always has).
    #[inline]
    fn side(&self, e: &Expr, ctx: &mut Ctx) -> Result<Side, Stop> {
        match e {
            Expr::Tricks(d, s) if ctx.dd.is_some() => Ok(Side::Tricks(*d, *s)),
            _ => Ok(Side::Value(self.operand(e, ctx)?)),
        }
    }

    fn value(&self, side: Side, ctx: &mut Ctx) -> Result<i32, EvalError> {
        match side {
            Side::Value(v) => Ok(v),
            Side::Tricks(d, s) => self.tricks(d, s, ctx),
        }
    }

    /// `tricks(d, s) op b` through "at least" tests.
    fn tricks_holds(&self, op: CmpOp, d: Seat, s: usize, b: i32, ctx: &mut Ctx) -> Result<bool, EvalError> {
        let mut at_least = |t: i32| ctx.dd_at_least(d, s, t);
        Ok(match op {
            CmpOp::Ge => at_least(b)?,
            CmpOp::Gt => at_least(b.saturating_add(1))?,
            CmpOp::Lt => !at_least(b)?,
            CmpOp::Le => !at_least(b.saturating_add(1))?,
            CmpOp::Eq => at_least(b)? && !at_least(b.saturating_add(1))?,
            CmpOp::Ne => !at_least(b)? || at_least(b.saturating_add(1))?,
        })
    }
}
