//! Compiled scripts and their evaluation over a deal.

mod compare;
mod expr;
pub mod filter;
mod flat;
pub mod hand;
pub mod ltc;
mod memo;
mod order;
mod rnd;
mod shapes;
mod tabulate;
pub mod v2dd;
pub mod watch;

pub use memo::Memo;
pub use rnd::RndStream;

use crate::cards::{Deal, Seat, Vul};
use crate::dd::DdError;
use crate::script::ast::Action;
use crate::script::diag::{Diagnostic, Span};
use crate::script::{CompileOptions, Script};
use hand::CountTables;

/// A script ready to run.
pub struct Program {
    /// The parsed script.
    pub script: Script,
    /// The actions per matching deal, in order.
    pub actions: Vec<Action>,
    /// The script's source text, for runtime diagnostics.
    pub source: String,
    counts: CountTables,
    /// The variables and condition laid out for the evaluator's hot path.
    flat: flat::Flat,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Program").field("file", &self.script.file).finish_non_exhaustive()
    }
}

/// Something that solves deals double dummy for `tricks` and `par`.
pub trait DoubleDummy {
    /// Tricks for declarer N,E,S,W × strain C,D,H,S,NT.
    fn table(&mut self, deal: &Deal) -> Result<[[u8; 5]; 4], DdError>;
    /// Declarer's tricks in one strain (declarer's LHO leads); a solver that can solves only that.
    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: usize) -> Result<u8, DdError> {
        let t = self.table(deal)?;
        t[declarer].get(strain).copied().ok_or_else(|| DdError::Invalid(format!("bad strain {strain}")))
    }
    /// Does declarer take at least `target` tricks? A solver that can answers with a bound test.
    fn at_least(&mut self, deal: &Deal, declarer: Seat, strain: usize, target: i32) -> Result<bool, DdError> {
        Ok(i32::from(self.tricks(deal, declarer, strain)?) >= target)
    }
    /// Par score for North-South at that vulnerability.
    fn par_ns(&mut self, deal: &Deal, vul: Vul) -> Result<i32, DdError>;
    /// The par contracts as text (`4S-NS+1`, `pass`) at that vulnerability.
    fn par_contracts(&mut self, deal: &Deal, vul: Vul) -> Result<String, DdError>;
    /// Declarer's tricks after each card the opening leader can lead (see
    /// [`crate::dd::Solver::leads`]); a solver without the lead mode says so.
    fn leads(&mut self, _deal: &Deal, _declarer: Seat, _strain: usize) -> Result<crate::dd::Leads, DdError> {
        Err(DdError::Invalid("this solver does not score opening leads".into()))
    }
}

/// A runtime error: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// The spot in the script.
    pub span: Span,
    /// What went wrong.
    pub message: String,
    /// A double-dummy solve stopped because the run was cancelled: not the script's error.
    pub cancelled: bool,
}

impl EvalError {
    /// An error of the script at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> EvalError {
        EvalError { span, message: message.into(), cancelled: false }
    }

    /// A solver's error, at `span`.
    pub fn solving(span: Span, e: DdError) -> EvalError {
        EvalError { span, message: e.to_string(), cancelled: e == DdError::Cancelled }
    }
}

/// Per-deal evaluation state.
pub struct Ctx<'a> {
    /// The deal being evaluated.
    pub deal: &'a Deal,
    /// The `rnd` stream for this deal, made on first use.
    pub rnd: Option<RndStream>,
    /// `--rnd-seed`.
    pub rnd_seed: u64,
    /// The solver, when the run has one.
    pub dd: Option<&'a mut dyn DoubleDummy>,
    /// Vulnerability for `par`.
    pub vulnerable: Vul,
    /// The variables' values on this deal.
    memo: &'a mut Memo,
    /// The error that stopped the evaluation, parked here so the evaluator passes only a
    /// marker ([`expr::Stop`]) up the tree.
    fault: Option<EvalError>,
}

impl<'a> Ctx<'a> {
    /// A context for a new deal (no `rnd` seed, no solver, no vulnerability): `memo` forgets
    /// what it held for the previous one.
    pub fn new(deal: &'a Deal, memo: &'a mut Memo) -> Ctx<'a> {
        memo.next_deal();
        Ctx { deal, rnd: None, rnd_seed: 0, dd: None, vulnerable: Vul::None, memo, fault: None }
    }
}

impl Ctx<'_> {
    /// The deal's 20 double-dummy results (declarer N,E,S,W × strain C,D,H,S,NT).
    pub fn dd_table(&mut self) -> Result<[[u8; 5]; 4], EvalError> {
        self.with_dd(|dd, deal| dd.table(deal))
    }

    /// Declarer's tricks in one strain.
    pub fn dd_tricks(&mut self, declarer: Seat, strain: usize) -> Result<u8, EvalError> {
        self.with_dd(|dd, deal| dd.tricks(deal, declarer, strain))
    }

    /// Whether declarer takes at least `target` tricks in `strain`.
    pub fn dd_at_least(&mut self, declarer: Seat, strain: usize, target: i32) -> Result<bool, EvalError> {
        self.with_dd(|dd, deal| dd.at_least(deal, declarer, strain, target))
    }

    fn with_dd<T>(
        &mut self,
        f: impl FnOnce(&mut dyn DoubleDummy, &Deal) -> Result<T, DdError>,
    ) -> Result<T, EvalError> {
        let deal = *self.deal;
        let no_solver = || EvalError::new(Span::default(), "double-dummy solving is not available here");
        let dd = self.dd.as_mut().ok_or_else(no_solver)?;
        f(&mut **dd, &deal).map_err(|e| EvalError::solving(Span::default(), e))
    }
}

/// Compiles a script: parse, then build the lookup tables.
pub fn compile(source: &str, file: &str, options: &CompileOptions) -> Result<Program, Vec<Diagnostic>> {
    let (source, warnings) =
        crate::script::params::substitute_with(source, file, &options.params, options.unset_params)
            .map_err(|d| vec![d])?;
    let mut script = crate::script::parse_script(&source, file)?;
    script.warnings.splice(0..0, warnings);
    Ok(Program::new(script, &source))
}

impl Program {
    /// Builds the tables a parsed script needs.
    pub fn new(script: Script, source: &str) -> Program {
        let counts = CountTables::new(&script.counts);
        let actions = script.all_actions();
        let terms = crate::run::profile::Spec::build(&script, source).map_or_else(Vec::new, |s| s.exprs());
        let flat = flat::Flat::new(&script, &terms);
        Program { script, actions, source: source.to_string(), counts, flat }
    }

    /// The `dealer` statement's seat.
    pub fn dealer(&self) -> Option<Seat> {
        self.script.dealer
    }

    /// The `vulnerable` statement's value.
    pub fn vulnerable(&self) -> Option<Vul> {
        self.script.vulnerable
    }

    /// True when the condition holds for the deal (no condition: always).
    pub fn matches(&self, ctx: &mut Ctx) -> Result<bool, EvalError> {
        match self.flat.condition {
            Some(root) => match self.run(root, ctx) {
                Ok(v) => Ok(v != 0),
                Err(expr::Stop) => Err(self.stopped(ctx)),
            },
            None => Ok(true),
        }
    }

    /// A diagnostic for a runtime error.
    pub fn diagnostic(&self, e: &EvalError) -> Diagnostic {
        Diagnostic::error(&self.script.file, &self.source, e.span, e.message.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::{Ctx, DoubleDummy, EvalError, Memo};
    use crate::cards::{Deal, Vul, parse_deal};
    use crate::dd::DdError;

    /// A solver whose every solve was cancelled.
    struct Stopped;

    impl DoubleDummy for Stopped {
        fn table(&mut self, _: &Deal) -> Result<[[u8; 5]; 4], DdError> {
            Err(DdError::Cancelled)
        }
        fn par_ns(&mut self, _: &Deal, _: Vul) -> Result<i32, DdError> {
            Err(DdError::Invalid("no par here".into()))
        }
        fn par_contracts(&mut self, _: &Deal, _: Vul) -> Result<String, DdError> {
            Err(DdError::Cancelled)
        }
    }

    #[test]
    fn a_cancelled_solve_is_told_by_its_type_not_its_message() {
        let src = "condition hcp(north) > 0 && tricks(south, spades) > 7\n";
        let p = super::compile(src, "c.dlr", &Default::default()).unwrap();
        let deal = parse_deal("n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72").unwrap();
        let (mut memo, mut dd) = (Memo::default(), Stopped);
        let mut ctx = Ctx::new(&deal, &mut memo);
        ctx.dd = Some(&mut dd);
        let e = p.matches(&mut ctx).unwrap_err();
        assert!(e.cancelled, "{e:?}");
        assert!(!p.eval(&crate::script::ast::Expr::Par(0), &mut ctx).unwrap_err().cancelled);
        assert!(!EvalError::new(Default::default(), "double-dummy solve cancelled").cancelled);
    }
}
