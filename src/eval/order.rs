//! Which terms of an `&&` or `||` chain may be tested in another order, and what each costs:
//! a chain whose terms are all pure (no `rnd`, no double dummy, no `score`/`imps`) and cannot
//! fail (no division by anything but a non-zero number) gives the same value in any order,
//! so the flat form tests its cheaper terms first.

use crate::script::ast::{ArithOp, Expr, VarDef};

/// Per variable: whether it is pure and cannot fail, and its cost (nodes, through the
/// variables it names).
pub(super) struct Terms {
    safe: Vec<bool>,
    cost: Vec<u64>,
}

impl Terms {
    pub(super) fn new(vars: &[VarDef]) -> Terms {
        let mut t = Terms { safe: Vec::with_capacity(vars.len()), cost: Vec::with_capacity(vars.len()) };
        for v in vars {
            let (safe, cost) = (t.safe(&v.expr), t.cost(&v.expr));
            t.safe.push(safe);
            t.cost.push(cost);
        }
        t
    }

    /// Pure and cannot fail; a variable not yet measured counts as neither.
    pub(super) fn safe(&self, e: &Expr) -> bool {
        match e {
            Expr::Var(i) => self.safe.get(*i).copied().unwrap_or(false),
            Expr::Rnd(..) | Expr::Tricks(..) | Expr::Par(_) | Expr::ParAt(..) | Expr::Score(..) | Expr::Imps(_) => {
                false
            }
            Expr::Arith(ArithOp::Div | ArithOp::Rem, a, b, _) => matches!(**b, Expr::Num(k) if k != 0) && self.safe(a),
            _ => e.children().all(|c| self.safe(c)),
        }
    }

    /// Nodes evaluated at most, every variable counted in full.
    pub(super) fn cost(&self, e: &Expr) -> u64 {
        match e {
            Expr::Var(i) => self.cost.get(*i).copied().unwrap_or(u64::MAX / 4),
            _ => e.children().fold(1u64, |sum, c| sum.saturating_add(self.cost(c))),
        }
    }
}

/// The operands of a chain of one operator (`and`: `&&`, else `||`), in the order written.
pub(super) fn operands(e: &Expr, and: bool) -> Vec<&Expr> {
    let mut out = Vec::new();
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match (e, and) {
            (Expr::And(a, b), true) | (Expr::Or(a, b), false) => {
                stack.push(b);
                stack.push(a);
            }
            _ => out.push(e),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Terms;
    use crate::eval::compile;

    /// Whether the condition of `src` is safe to reorder, and its cost.
    fn condition(src: &str) -> (bool, u64) {
        let p = compile(src, "o.dlr", &Default::default()).unwrap();
        let t = Terms::new(&p.script.vars);
        let c = p.script.condition.as_ref().unwrap();
        (t.safe(c), t.cost(c))
    }

    #[test]
    fn only_pure_terms_that_cannot_fail_are_safe() {
        assert!(condition("condition hcp(north) > 10 and shape(south, any 4333)\n").0);
        assert!(condition("a = hcp(north) / 2\ncondition a > 3\n").0);
        for unsafe_ in [
            "condition hcp(north) / hcp(south) > 1\n",
            "condition hcp(north) % 0 > 1\n",
            "a = rnd(3)\ncondition a > 1\n",
            "condition tricks(north, spades) > 8\n",
            "b = hcp(north) / spades(south)\na = b + 1\ncondition a > 1\n",
        ] {
            assert!(!condition(unsafe_).0, "{unsafe_}");
        }
    }

    #[test]
    fn a_variable_costs_what_it_names() {
        let (_, alone) = condition("condition hcp(north) + hcp(south) > 20\n");
        let (_, named) = condition("t = hcp(north) + hcp(south)\ncondition t > 20\n");
        assert_eq!(alone, named);
    }
}
