//! Expressions that depend on one seat's shape only (its suit lengths, its `shape()` tests,
//! numbers, and variables of the same kind) are worked out at compile time for each of the 560
//! shapes: the evaluator reads one entry, by the seat's shape number kept per deal, instead of
//! walking their nodes. Such an expression draws no `rnd` and cannot fail (a division only by
//! a non-zero number), so its value is the walk's on every deal. An expression of numbers
//! alone becomes its value.

use super::compare::holds;
use super::expr::{arith, solved};
use super::shapes::{SHAPES, ShapeSets, lengths};
use crate::cards::{Seat, Suit};
use crate::script::ast::{ArithOp, Expr, HandFn};

/// What an expression's value depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dep {
    /// Nothing: a number.
    Const,
    /// One seat's shape.
    Shape(Seat),
    /// Anything else (hand values, cards, `rnd`, double dummy, a division that may fail).
    Other,
}

impl Dep {
    fn join(self, b: Dep) -> Dep {
        match (self, b) {
            (Dep::Const, x) | (x, Dep::Const) => x,
            (Dep::Shape(a), Dep::Shape(b)) if a == b => Dep::Shape(a),
            _ => Dep::Other,
        }
    }
}

/// A variable's values by shape number, or its one value.
#[derive(Clone, Debug)]
enum Known {
    Unknown,
    Value(i32),
    ByShape(Box<[i32; SHAPES]>),
}

/// The variables' dependences and, for those of one shape, their tables (compile time only).
pub(super) struct Tabulator {
    deps: Vec<Dep>,
    known: Vec<Known>,
    /// Per shape number: the suit lengths, clubs to spades.
    lengths: Box<[[u8; 4]; SHAPES]>,
}

impl Tabulator {
    pub(super) fn new() -> Tabulator {
        Tabulator { deps: Vec::new(), known: Vec::new(), lengths: Box::new(lengths()) }
    }

    /// What `e` depends on, the variables defined so far counted by their own.
    pub(super) fn dep(&self, e: &Expr) -> Dep {
        match e {
            Expr::Num(_) => Dep::Const,
            Expr::Hand(HandFn::Length, seat, _) | Expr::Shape(seat, _) => Dep::Shape(*seat),
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
            Dep::Const => Known::Value(self.value(e, 0, shapes)),
            Dep::Shape(_) => Known::ByShape(Box::new(self.table(e, shapes))),
            Dep::Other => Known::Unknown,
        };
        self.deps.push(dep);
        self.known.push(known);
    }

    /// `e`'s value for every shape number (`e` depends on one shape or none).
    pub(super) fn table(&self, e: &Expr, shapes: &ShapeSets) -> [i32; SHAPES] {
        std::array::from_fn(|n| self.value(e, n, shapes))
    }

    /// The value of `&&` (or `||`) over `ops` for every shape number.
    pub(super) fn chain_table(&self, ops: &[&Expr], and: bool, shapes: &ShapeSets) -> [i32; SHAPES] {
        std::array::from_fn(|n| i32::from(ops.iter().all(|o| (self.value(o, n, shapes) != 0) == and) == and))
    }

    /// `e`'s value when the seat it depends on has shape number `n`.
    pub(super) fn value(&self, e: &Expr, n: usize, shapes: &ShapeSets) -> i32 {
        let v = |x: &Expr| self.value(x, n, shapes);
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
            Expr::Hand(_, _, s) => i32::from(self.lengths[n][s.unwrap_or(Suit::Clubs).index()]),
            Expr::Shape(_, t) => i32::from(shapes.holds(*t, n)),
            Expr::Var(i) => match &self.known[*i] {
                Known::Value(x) => *x,
                Known::ByShape(t) => t[n],
                Known::Unknown => 0,
            },
            _ => 0,
        }
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
    use super::{Dep, Tabulator};
    use crate::cards::Seat;
    use crate::eval::compile;

    #[test]
    fn only_numbers_and_one_seats_lengths_and_shapes_are_tabulated() {
        let src = "a = spades(north) > 4 and shape(north, any 4333)\nb = a * 2 + hearts(north) / 2\n\
                   c = b + spades(south)\nd = 3 * 4\ne = 10 / spades(north)\nf = hcp(north) + a\n\
                   g = d - 1 ? clubs(west) : 0\nh = rnd(3) + 1\ni = 7 % 0\ncondition a\n";
        let p = compile(src, "t.dlr", &Default::default()).unwrap();
        let mut t = Tabulator::new();
        for v in &p.script.vars {
            t.define(&v.expr, &p.flat.shapes);
        }
        let (n, w, o) = (Dep::Shape(Seat::North), Dep::Shape(Seat::West), Dep::Other);
        assert_eq!(t.deps, [n, n, o, Dep::Const, o, o, w, o, o]);
    }
}
