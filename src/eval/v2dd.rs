//! DealerV2_4's double-dummy words beyond `tricks`/`par(side)`: `par(side, vul)`, the `trix`
//! report term and `evalcontract`'s per-deal tricks. They all read the run's solver through
//! [`Ctx::dd`]; without one they stop with a positioned `unsupported:`.

use super::{Ctx, EvalError, Program};
use crate::cards::Vul;
use crate::script::diag::Span;

fn no_solver(span: Span, what: &str) -> EvalError {
    EvalError::new(span, format!("unsupported: {what} (needs the double-dummy solver, which this run does not have)"))
}

/// The 20 double-dummy results of the context's deal: declarer N, E, S, W × strain C, D, H, S, NT.
pub fn dd_table(ctx: &mut Ctx, span: Span, what: &str) -> Result<[[u8; 5]; 4], EvalError> {
    if ctx.dd.is_none() {
        return Err(no_solver(span, what));
    }
    ctx.dd_table().map_err(|e| EvalError { span, ..e })
}

impl Program {
    /// DealerV2_4's `par(side, vul)`: par for that side at a vulnerability named in the call
    /// whatever the run's vulnerability.
    pub(super) fn par_at(&self, side: usize, vul: Vul, span: Span, ctx: &mut Ctx) -> Result<i32, EvalError> {
        let deal = *ctx.deal;
        // DD: as `par(side)`, with the call's vulnerability instead of the run's.
        let dd = ctx.dd.as_mut().ok_or_else(|| no_solver(span, "par"))?;
        let p = dd.par_ns(&deal, vul).map_err(|e| EvalError::solving(span, e))?;
        Ok(if side == 0 { p } else { -p })
    }
}
