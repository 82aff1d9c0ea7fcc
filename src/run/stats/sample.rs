//! What a statistic is given for each produced deal.

use crate::cards::{Deal, Vul};
use crate::eval::{Ctx, EvalError};
use crate::script::diag::Span;

/// One produced deal as the statistics see it: the values of the action's expressions and the
/// deal itself, with its solver.
pub struct Sample<'c, 'd> {
    /// The values of the action's expressions (0 where it has none).
    pub values: [i64; 2],
    /// The deal's evaluation context: the deal, its solver and the run's vulnerability.
    pub ctx: &'c mut Ctx<'d>,
    /// Where the action is written (a switch's statistic: nowhere), for errors.
    pub span: Span,
}

impl Sample<'_, '_> {
    /// The deal.
    pub fn deal(&self) -> &Deal {
        self.ctx.deal
    }

    /// The run's vulnerability (the script's `vulnerable`, or `--vulnerable`).
    pub fn vulnerable(&self) -> Vul {
        self.ctx.vulnerable
    }

    /// The deal's 20 double-dummy results (declarer N, E, S, W × strain C, D, H, S, NT); `what`
    /// names the statistic in the error when the run has no solver.
    pub fn table(&mut self, what: &str) -> Result<[[u8; 5]; 4], EvalError> {
        crate::eval::v2dd::dd_table(self.ctx, self.span, what)
    }
}
