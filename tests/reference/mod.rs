//! A plain tree-walking evaluator, kept for tests only: every mention of a variable evaluates
//! its expression again (dealer.exe's reading, spec compat.md §4: "every mention re-evaluates
//! it"), nothing is remembered between mentions, and hand functions are computed from the
//! cards each time. The compiled evaluator must agree with it on every value and every error.
//! It solves nothing double dummy: callers leave out what [`Expr::solves`].

use dealbench::cards::{Deal, Suit};
use dealbench::dd::score::{Contract, imps, score};
use dealbench::eval::hand::{CountTables, cccc, quality};
use dealbench::eval::{EvalError, RndStream, ltc::ltc};
use dealbench::script::Script;
use dealbench::script::ast::{ArithOp, CmpOp, Expr, HandFn};
use dealbench::script::diag::Span;
use dealbench::script::shape::index;

/// The reference evaluator of one script.
pub struct Reference<'a> {
    script: &'a Script,
    counts: CountTables,
}

/// One deal's state: its `rnd` stream, made on first use.
pub struct RefDeal<'a> {
    pub deal: &'a Deal,
    pub rnd: Option<RndStream>,
    pub rnd_seed: u64,
}

type R = Result<i32, EvalError>;

fn err(span: Span, message: String) -> EvalError {
    EvalError::new(span, message)
}

impl<'a> Reference<'a> {
    pub fn new(script: &'a Script) -> Reference<'a> {
        Reference { script, counts: CountTables::new(&script.counts) }
    }

    pub fn eval(&self, e: &Expr, d: &mut RefDeal) -> R {
        Ok(match e {
            Expr::Num(n) => *n as i32,
            Expr::Neg(a) => self.eval(a, d)?.wrapping_neg(),
            Expr::Not(a) => i32::from(self.eval(a, d)? == 0),
            Expr::Arith(op, a, b, span) => {
                let (a, b) = (self.eval(a, d)?, self.eval(b, d)?);
                match op {
                    ArithOp::Add => a.wrapping_add(b),
                    ArithOp::Sub => a.wrapping_sub(b),
                    ArithOp::Mul => a.wrapping_mul(b),
                    ArithOp::Div | ArithOp::Rem if b == 0 => {
                        let what = if *op == ArithOp::Div { "division" } else { "remainder" };
                        return Err(err(*span, format!("{what} by zero (the right-hand side is 0 for this deal)")));
                    }
                    ArithOp::Div => a.wrapping_div(b),
                    ArithOp::Rem => a.wrapping_rem(b),
                }
            }
            Expr::Compare(first, chain) => {
                let mut left = self.eval(first, d)?;
                for (op, e) in chain {
                    let right = self.eval(e, d)?;
                    if !holds(*op, left, right) {
                        return Ok(0);
                    }
                    left = right;
                }
                1
            }
            Expr::And(a, b) => i32::from(self.eval(a, d)? != 0 && self.eval(b, d)? != 0),
            Expr::Or(a, b) => i32::from(self.eval(a, d)? != 0 || self.eval(b, d)? != 0),
            Expr::Cond(t, y, n) => {
                if self.eval(t, d)? != 0 {
                    self.eval(y, d)?
                } else {
                    self.eval(n, d)?
                }
            }
            Expr::Hand(f, seat, suit) => self.hand(*f, d.deal.hands[*seat], *suit),
            Expr::Shape(seat, t) => {
                let h = d.deal.hands[*seat];
                let i = index(h.len(Suit::Spades), h.len(Suit::Hearts), h.len(Suit::Diamonds), h.len(Suit::Clubs));
                i32::from(self.script.shapes[*t].contains(i))
            }
            Expr::HasCard(seat, card) => i32::from(d.deal.hands[*seat].has(*card)),
            Expr::Score(v, c, t, span) => {
                let (v, c, t) = (self.eval(v, d)?, self.eval(c, d)?, self.eval(t, d)?);
                let contract =
                    Contract::from_code(c).ok_or_else(|| err(*span, format!("score: {c} is not a contract number")))?;
                score(v != 0, contract, t)
            }
            Expr::Imps(a) => imps(self.eval(a, d)?),
            Expr::Rnd(b, _) => {
                let bound = self.eval(b, d)?;
                let (deal, seed) = (d.deal, d.rnd_seed);
                d.rnd.get_or_insert_with(|| RndStream::for_deal(deal, seed)).below(bound)
            }
            Expr::Var(i) => self.eval(&self.script.vars[*i].expr, d)?,
            Expr::Tricks(..) | Expr::Par(_) | Expr::ParAt(..) => panic!("the reference solves nothing"),
        })
    }

    fn hand(&self, f: HandFn, h: dealbench::cards::Hand, suit: Option<Suit>) -> i32 {
        let one = suit.unwrap_or(Suit::Clubs);
        match f {
            HandFn::Row(r) => match suit {
                Some(s) => self.counts.suit(r, h.suit(s)),
                None => Suit::ALL.into_iter().map(|s| self.counts.suit(r, h.suit(s))).sum(),
            },
            HandFn::Length => h.len(one) as i32,
            HandFn::Losers => match suit {
                Some(s) => self.counts.suit_losers(h.suit(s)),
                None => Suit::ALL.into_iter().map(|s| self.counts.suit_losers(h.suit(s))).sum(),
            },
            HandFn::Quality => quality(h.suit(one)),
            HandFn::Cccc => cccc(h),
            HandFn::Ltc => ltc(h, suit),
        }
    }
}

fn holds(op: CmpOp, a: i32, b: i32) -> bool {
    match op {
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
    }
}
