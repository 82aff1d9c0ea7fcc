//! Expressions that depend on one fact of one seat only, its shape (suit lengths, `shape()`
//! tests) or one count-table row over its whole hand (`hcp(north)`), with numbers and
//! variables of the same kind, are worked out at compile time for every value of the fact
//! (560 shapes; a row's possible sums): the evaluator reads one entry, by the fact kept per
//! deal, instead of walking their nodes. Such an expression draws no `rnd` and cannot fail (a
//! division only by a non-zero number), so its value is the walk's on every deal. An
//! expression of numbers alone becomes its value.

use super::compare::holds;
use super::expr::{arith, solved};
use super::shapes::{SHAPES, ShapeSets, lengths};
use crate::cards::{Seat, Suit};
use crate::script::ast::{ArithOp, Expr, HandFn};

/// A fact of one seat's hand that a table is read by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fact {
    /// The shape number, 0..560.
    Shape(Seat),
    /// A count-table row's sum over the whole hand.
    Row(Seat, u8),
}

/// What an expression's value depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dep {
    /// Nothing: a number.
    Const,
    /// One fact.
    On(Fact),
    /// Anything else (other hand values, cards, `rnd`, double dummy, a division that may fail).
    Other,
}

impl Dep {
    fn join(self, b: Dep) -> Dep {
        match (self, b) {
            (Dep::Const, x) | (x, Dep::Const) => x,
            (Dep::On(a), Dep::On(b)) if a == b => Dep::On(a),
            _ => Dep::Other,
        }
    }
}

/// A count-table row's sums are tabulated when they span at most this many values.
const ROW_SPAN: i64 = 256;

/// A variable's value: one, or one per value of its fact, or not known at compile time.
#[derive(Clone, Debug)]
enum Known {
    Unknown,
    Value(i32),
    ByFact(Box<[i32]>),
}

/// The variables' dependences and values (compile time only).
pub(super) struct Tabulator {
    deps: Vec<Dep>,
    known: Vec<Known>,
    /// Per shape number: the suit lengths, clubs to spades.
    lengths: Box<[[u8; 4]; SHAPES]>,
    /// Per count-table row: the least sum any set of cards has, when the sums span at most
    /// [`ROW_SPAN`] values, and how many values they span.
    rows: Vec<Option<(i32, usize)>>,
}

impl Tabulator {
    pub(super) fn new(counts: &[[i32; 13]; 12]) -> Tabulator {
        let rows = counts
            .iter()
            .map(|w| {
                let lo: i64 = w.iter().filter(|&&x| x < 0).map(|&x| i64::from(x)).sum::<i64>() * 4;
                let hi: i64 = w.iter().filter(|&&x| x > 0).map(|&x| i64::from(x)).sum::<i64>() * 4;
                (hi - lo < ROW_SPAN).then_some((lo as i32, (hi - lo + 1) as usize))
            })
            .collect();
        Tabulator { deps: Vec::new(), known: Vec::new(), lengths: Box::new(lengths()), rows }
    }

    /// The fact's least value and how many values it takes.
    pub(super) fn domain(&self, fact: Fact) -> (i32, usize) {
        match fact {
            Fact::Shape(_) => (0, SHAPES),
            Fact::Row(_, r) => self.rows[r as usize].unwrap_or((0, 0)),
        }
    }

    /// What `e` depends on, the variables defined so far counted by their own.
    pub(super) fn dep(&self, e: &Expr) -> Dep {
        match e {
            Expr::Num(_) => Dep::Const,
            Expr::Hand(HandFn::Length, seat, _) | Expr::Shape(seat, _) => Dep::On(Fact::Shape(*seat)),
            Expr::Hand(HandFn::Row(r), seat, None) if self.rows.get(*r).is_some_and(Option::is_some) => {
                Dep::On(Fact::Row(*seat, *r as u8))
            }
            Expr::Var(i) => self.deps.get(*i).copied().unwrap_or(Dep::Other),
            Expr::Arith(ArithOp::Div | ArithOp::Rem, a, b, _) => match **b {
                Expr::Num(k) if k as i32 != 0 => self.dep(a),
                _ => Dep::Other,
            },
            Expr::Compare(a, chain) if chain.len() == 1 && !solved(a) && !solved(&chain[0].1) => {
                self.dep(a).join(self.dep(&chain[0].1))
            }
            Expr::Compare(..) => Dep::Other,
            Expr::Neg(_) | Expr::Not(_) | Expr::Arith(..) | Expr::And(..) | Expr::Or(..) | Expr::Cond(..) => {
                e.children().fold(Dep::Const, |d, c| d.join(self.dep(c)))
            }
            _ => Dep::Other,
        }
    }

    /// Records the next variable: its dependence and its value or table.
    pub(super) fn define(&mut self, e: &Expr, shapes: &ShapeSets) {
        let dep = self.dep(e);
        let known = match dep {
            Dep::Const => Known::Value(self.value(e, 0, 0, shapes)),
            Dep::On(fact) => Known::ByFact(self.table(e, fact, shapes)),
            Dep::Other => Known::Unknown,
        };
        self.deps.push(dep);
        self.known.push(known);
    }

    /// `e`'s value for every value of `fact`, the only fact it depends on.
    pub(super) fn table(&self, e: &Expr, fact: Fact, shapes: &ShapeSets) -> Box<[i32]> {
        let (lo, n) = self.domain(fact);
        (0..n).map(|x| self.value(e, x, lo, shapes)).collect()
    }

    /// The value of `&&` (or `||`) over `ops` for every value of `fact`.
    pub(super) fn chain_table(&self, ops: &[&Expr], and: bool, fact: Fact, shapes: &ShapeSets) -> Box<[i32]> {
        let (lo, n) = self.domain(fact);
        let value = |x| i32::from(ops.iter().all(|o| (self.value(o, x, lo, shapes) != 0) == and) == and);
        (0..n).map(value).collect()
    }

    /// The signed sum of `terms` (`true`: subtracted) for every value of `fact`.
    pub(super) fn sum_table(&self, terms: &[(bool, &Expr)], fact: Fact, shapes: &ShapeSets) -> Box<[i32]> {
        let (lo, n) = self.domain(fact);
        let term = |x, (minus, e): &(bool, &Expr)| {
            let v = self.value(e, x, lo, shapes);
            if *minus { v.wrapping_neg() } else { v }
        };
        (0..n).map(|x| terms.iter().fold(0i32, |s, t| s.wrapping_add(term(x, t)))).collect()
    }

    /// `e`'s value at the `x`th value of its fact (a row's sum is `lo + x`; a shape's number
    /// is `x`).
    pub(super) fn value(&self, e: &Expr, x: usize, lo: i32, shapes: &ShapeSets) -> i32 {
        let v = |a: &Expr| self.value(a, x, lo, shapes);
        match e {
            Expr::Num(k) => *k as i32,
            Expr::Neg(a) => v(a).wrapping_neg(),
            Expr::Not(a) => i32::from(v(a) == 0),
            // `dep` admits only a division by a non-zero number, so `arith` gives a value.
            Expr::Arith(op, a, b, _) => arith(*op, v(a), v(b)).unwrap_or(0),
            Expr::Compare(a, chain) => i32::from(holds(chain[0].0, v(a), v(&chain[0].1))),
            Expr::And(a, b) => i32::from(v(a) != 0 && v(b) != 0),
            Expr::Or(a, b) => i32::from(v(a) != 0 || v(b) != 0),
            Expr::Cond(t, y, no) => v(if v(t) != 0 { y } else { no }),
            Expr::Hand(HandFn::Row(_), _, _) => lo.wrapping_add(x as i32),
            Expr::Hand(_, _, s) => i32::from(self.lengths[x][s.unwrap_or(Suit::Clubs).index()]),
            Expr::Shape(_, t) => i32::from(shapes.holds(*t, x)),
            Expr::Var(i) => match &self.known[*i] {
                Known::Value(c) => *c,
                Known::ByFact(t) => t[x],
                Known::Unknown => 0,
            },
            _ => 0,
        }
    }
}

/// The terms of a chain of `+` and `-`, each with whether it is subtracted.
pub(super) fn summands<'a>(e: &'a Expr, minus: bool, out: &mut Vec<(bool, &'a Expr)>) {
    match e {
        Expr::Arith(ArithOp::Add, a, b, _) => {
            summands(a, minus, out);
            summands(b, minus, out);
        }
        Expr::Arith(ArithOp::Sub, a, b, _) => {
            summands(a, minus, out);
            summands(b, !minus, out);
        }
        _ => out.push((minus, e)),
    }
}

/// Whether tabulating `e` saves the walker work: not for a leaf the walker reads in place.
pub(super) fn worth_it(e: &Expr) -> bool {
    match e {
        Expr::Num(_) | Expr::Hand(..) | Expr::Shape(..) | Expr::Var(_) => false,
        Expr::Compare(a, chain) => !(chain.len() == 1 && is_leaf(a) && matches!(chain[0].1, Expr::Num(_))),
        _ => true,
    }
}

fn is_leaf(e: &Expr) -> bool {
    matches!(e, Expr::Hand(..) | Expr::Shape(..) | Expr::Var(_))
}

#[cfg(test)]
mod tests {
    use super::{Dep, Fact, Tabulator};
    use crate::cards::Seat;
    use crate::eval::compile;

    #[test]
    fn only_numbers_and_one_fact_of_one_seat_are_tabulated() {
        let src = "a = spades(north) > 4 and shape(north, any 4333)\nb = a * 2 + hearts(north) / 2\n\
                   c = b + spades(south)\nd = 3 * 4\ne = 10 / spades(north)\nf = hcp(north) + a\n\
                   g = d - 1 ? clubs(west) : 0\nh = rnd(3) + 1\ni = 7 % 0\n\
                   j = hcp(north) > 11 and hcp(north) < 15\nk = j or controls(north) > 3\ncondition a\n";
        let p = compile(src, "t.dlr", &Default::default()).unwrap();
        let mut t = Tabulator::new(&p.script.counts);
        for v in &p.script.vars {
            t.define(&v.expr, &p.flat.shapes);
        }
        let (n, w, o) = (Dep::On(Fact::Shape(Seat::North)), Dep::On(Fact::Shape(Seat::West)), Dep::Other);
        assert_eq!(t.deps, [n, n, o, Dep::Const, o, o, w, o, o, Dep::On(Fact::Row(Seat::North, 0)), o]);
        // hcp: 0 to 40 points (any set of cards); controls: 0 to 12.
        assert_eq!(t.domain(Fact::Row(Seat::North, 0)), (0, 41));
        assert_eq!(t.domain(Fact::Row(Seat::North, 1)), (0, 13));
    }
}
