//! The syntax tree of a parsed script, with names resolved.

use super::diag::Span;
use crate::cards::{Card, Seat, Suit, Vul};

/// Arithmetic operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (truncating)
    Div,
    /// `%` (remainder, sign of the dividend)
    Rem,
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

/// Counts that are row sums of the count table: the row number.
pub type Row = usize;

/// Per-hand functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandFn {
    /// A count-table row: hcp (0), controls (1), tens (2) … c13 (11).
    Row(Row),
    /// Losing trick count.
    Losers,
    /// Suit length.
    Length,
    /// Bridge World suit quality × 100.
    Quality,
    /// Bridge World hand evaluation × 100.
    Cccc,
    /// DealerV2_4's modern losing trick count × 100.
    Ltc,
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A number.
    Num(i64),
    /// `-a`
    Neg(Box<Expr>),
    /// `!a`
    Not(Box<Expr>),
    /// `a op b`; the span is the operator's, for division by zero.
    Arith(ArithOp, Box<Expr>, Box<Expr>, Span),
    /// `a op b op c …`, chained: true when every adjacent pair holds.
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    /// `a && b`
    And(Box<Expr>, Box<Expr>),
    /// `a || b`
    Or(Box<Expr>, Box<Expr>),
    /// `a ? b : c`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A hand function of a seat, whole hand or one suit.
    Hand(HandFn, Seat, Option<Suit>),
    /// `shape(seat, …)`: index into the program's shape tables.
    Shape(Seat, usize),
    /// `hascard(seat, card)`
    HasCard(Seat, Card),
    /// `tricks(seat, strain)`
    Tricks(Seat, usize),
    /// `score(vul, contract, tricks)`
    Score(Box<Expr>, Box<Expr>, Box<Expr>, Span),
    /// `imps(diff)`
    Imps(Box<Expr>),
    /// `par(side)`: 0 NS, 1 EW.
    Par(usize),
    /// DealerV2_4's `par(side, vul)`: side 0 NS, 1 EW, at that vulnerability.
    ParAt(usize, Vul, Span),
    /// `rnd(bound)`; the span is the call's.
    Rnd(Box<Expr>, Span),
    /// A mention of the script's variable `Script::vars[i]`, computed once per deal unless
    /// it draws `rnd`.
    Var(usize),
}

/// A named variable whose expression is kept once and mentioned by [`Expr::Var`].
#[derive(Clone, Debug, PartialEq)]
pub struct VarDef {
    /// Its name.
    pub name: String,
    /// Its expression.
    pub expr: Expr,
    /// It calls `rnd`, itself or through another variable: each mention draws.
    pub draws_rnd: bool,
    /// Evaluating it may solve the deal double dummy.
    pub solves: bool,
    /// The depth of its tree with every variable mentioned in it expanded.
    pub depth: usize,
}

impl Expr {
    /// The direct operands, in the order written: the one traversal every reader uses.
    pub fn children(&self) -> impl Iterator<Item = &Expr> + '_ {
        let (fixed, rest): ([Option<&Expr>; 3], &[(CmpOp, Expr)]) = match self {
            Expr::Neg(a) | Expr::Not(a) | Expr::Imps(a) | Expr::Rnd(a, _) => ([Some(a), None, None], &[]),
            Expr::Arith(_, a, b, _) | Expr::And(a, b) | Expr::Or(a, b) => ([Some(a), Some(b), None], &[]),
            Expr::Cond(a, b, c) | Expr::Score(a, b, c, _) => ([Some(a), Some(b), Some(c)], &[]),
            Expr::Compare(a, rest) => ([Some(a), None, None], rest),
            Expr::Num(_) | Expr::Hand(..) | Expr::Shape(..) | Expr::HasCard(..) => ([None; 3], &[]),
            Expr::Tricks(..) | Expr::Par(_) | Expr::ParAt(..) | Expr::Var(_) => ([None; 3], &[]),
        };
        fixed.into_iter().flatten().chain(rest.iter().map(|(_, e)| e))
    }

    /// Visits this node and every node beneath it in the order written, descending into a
    /// variable at its first mention only (`seen` marks the variables already entered).
    pub fn visit<'a>(&'a self, vars: &'a [VarDef], seen: &mut Vec<bool>, f: &mut impl FnMut(&'a Expr)) {
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            f(e);
            if let Expr::Var(i) = *e {
                seen.resize(seen.len().max(vars.len()), false);
                if !std::mem::replace(&mut seen[i], true) {
                    stack.push(&vars[i].expr);
                }
                continue;
            }
            let at = stack.len();
            stack.extend(e.children());
            stack[at..].reverse();
        }
    }

    /// True when it calls `rnd`, itself or through a variable.
    pub fn draws_rnd(&self, vars: &[VarDef]) -> bool {
        match self {
            Expr::Rnd(..) => true,
            Expr::Var(i) => vars[*i].draws_rnd,
            _ => self.children().any(|c| c.draws_rnd(vars)),
        }
    }

    /// True when evaluating it may solve the deal double dummy (`tricks`, `par`).
    pub fn solves(&self, vars: &[VarDef]) -> bool {
        match self {
            Expr::Tricks(..) | Expr::Par(_) | Expr::ParAt(..) => true,
            Expr::Var(i) => vars[*i].solves,
            _ => self.children().any(|c| c.solves(vars)),
        }
    }

    /// The expression a mention stands for: through variables to the first node that is not one.
    pub fn resolved<'a>(&'a self, vars: &'a [VarDef]) -> &'a Expr {
        let mut e = self;
        while let Expr::Var(i) = e {
            e = &vars[*i].expr;
        }
        e
    }
}

/// One item of a `printes` list.
#[derive(Clone, Debug, PartialEq)]
pub enum PrintItem {
    /// An expression, printed as a number.
    Expr(Expr),
    /// Literal text.
    Text(String),
    /// A line end.
    Newline,
}

/// One term of `csvrpt` / `printrpt`.
#[derive(Clone, Debug, PartialEq)]
pub enum ReportTerm {
    /// An expression.
    Expr(Expr),
    /// Quoted text.
    Text(String),
    /// The hands of these seats, in N, E, S, W order.
    Hands(Vec<Seat>),
    /// Double-dummy tricks of these seats (5 strains each); the span is the term's.
    Trix(Vec<Seat>, Span),
    /// DealerV2_4's `parcontract[(vul)]`: the par contract as text; the span is the term's.
    ParContract(Option<Vul>, Span),
}

/// The buckets of a `bktfreq` axis: from `lo` in steps of `size` up to `hi` (all in the
/// script's units, so `5.00` is 500), plus a Low and a High bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Buckets {
    /// The first bucket's lowest value.
    pub lo: i64,
    /// The last in-range bucket's lowest value (when `hi - lo` is a whole number of buckets).
    pub hi: i64,
    /// The width of a bucket, at least 1.
    pub size: i64,
}

/// The contract of an `evalcontract` action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EvalContract {
    /// 0 NS (South declares), 1 EW (West declares).
    pub side: usize,
    /// Level, strain and doubling.
    pub contract: crate::dd::score::Contract,
    /// True when the side is vulnerable.
    pub vulnerable: bool,
    /// Where the action is written (not kept in statistics files).
    #[serde(skip)]
    pub span: Span,
}

/// A statistics action as written: its word, and its arguments in the shape its vocabulary
/// entry gives ([`crate::script::vocab::StatShape`]).
#[derive(Clone, Debug, PartialEq)]
pub struct StatCall {
    /// The word (`frequency`).
    pub name: &'static str,
    /// The label, if the script gave one.
    pub label: Option<String>,
    /// The expressions whose values each matching deal adds, in order (at most two).
    pub exprs: Vec<Expr>,
    /// The other arguments.
    pub args: StatArgs,
    /// Where the action is written.
    pub span: Span,
}

/// The arguments of a statistics action besides its label and expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum StatArgs {
    /// None (`average`).
    None,
    /// A range `low, high` per expression (`frequency`).
    Ranges(Vec<(i64, i64)>),
    /// Buckets per expression (`bktfreq`).
    Buckets(Vec<Buckets>),
    /// A contract of a side (`evalcontract`).
    Contract(EvalContract),
}

/// An action run for each matching deal (and, for statistics, at the end).
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The four hands around the compass.
    PrintAll,
    /// Two hands of a side: 0 NS (South left), 1 EW (West left).
    PrintSide(usize),
    /// PBN records.
    PrintPbn,
    /// Four lines per deal, optionally a value.
    PrintCompact(Option<Expr>),
    /// One line per deal, optionally a value.
    PrintOneLine(Option<Expr>),
    /// A line of the script's own.
    PrintEs(Vec<PrintItem>),
    /// Seats' hands at the end of the run.
    Print(Vec<Seat>),
    /// A statistic (`average`, `frequency`, `bktfreq`, `evalcontract`): accumulated for each
    /// matching deal, reported at the end.
    Stat(StatCall),
    /// DealerV2_4's export of hands in predeal form: N, S for NS; E, W for EW; or one seat.
    Export(Vec<Seat>),
    /// A CSV row to the `-C` file.
    CsvRpt(Vec<ReportTerm>),
    /// A CSV row to standard output.
    PrintRpt(Vec<ReportTerm>),
}

impl Action {
    /// True for the actions that accumulate a statistic and report it at the end.
    pub fn is_statistic(&self) -> bool {
        matches!(self, Action::Stat(_))
    }

    /// True for the actions that make dealer default to producing 40 deals: all but the
    /// statistics of expressions (`evalcontract`, of a contract, counts as printing).
    pub fn prints(&self) -> bool {
        !matches!(self, Action::Stat(call) if !matches!(call.args, StatArgs::Contract(_)))
    }
}
