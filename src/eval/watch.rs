//! A deal's watch values: every named variable of the script, and every hand function the
//! condition calls with its seat (`fit = 9`, `hcp(north) = 16`, `stayman = true`).

use super::{Ctx, Memo, Program};
use crate::cards::{Deal, SEAT_NAMES};
use crate::script::ast::{Expr, HandFn};
use crate::script::parser::card_name;
use crate::script::vocab::hand_function_name;

/// One watched value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The variable's name, or the call as `hcp(north)`.
    pub name: String,
    /// Its value on the deal: a number, `true` / `false`, or why there is none.
    pub value: String,
}

impl Program {
    /// The watch values of `deal`: the variables in the order defined, then the hand
    /// functions in the order the condition calls them. A value that needs a double-dummy
    /// solve is not computed here.
    pub fn watch(&self, deal: &Deal) -> Vec<Watch> {
        let mut memo = Memo::default();
        let mut ctx = Ctx::new(deal, &mut memo);
        let mut out: Vec<Watch> = self
            .script
            .explain
            .vars
            .iter()
            .map(|v| Watch { name: v.name.clone(), value: self.show(&v.expr, &mut ctx) })
            .collect();
        for e in self.hand_calls() {
            let name = self.call_name(e);
            if !out.iter().any(|w| w.name == name) {
                out.push(Watch { value: self.show(e, &mut ctx), name });
            }
        }
        out
    }

    /// The value as shown; each starts a fresh `rnd` stream, as if alone.
    fn show(&self, e: &Expr, ctx: &mut Ctx) -> String {
        let vars = &self.script.vars;
        if e.solves(vars) {
            return "(double dummy)".into();
        }
        ctx.rnd = None;
        let shown = e.resolved(vars);
        match self.eval(e, ctx) {
            Ok(v) if boolean(shown) => (v != 0).to_string(),
            Ok(v) if hundredths(shown) => format!("{}", v as f64 / 100.0),
            Ok(v) => v.to_string(),
            Err(err) => format!("({})", err.message),
        }
    }

    /// The hand-function calls of the condition (its variables' included), each once, in the
    /// order written.
    fn hand_calls(&self) -> Vec<&Expr> {
        let mut out: Vec<&Expr> = Vec::new();
        if let Some(c) = &self.script.condition {
            c.visit(&self.script.vars, &mut Vec::new(), &mut |e| {
                if matches!(e, Expr::Hand(..) | Expr::Shape(..) | Expr::HasCard(..)) && !out.contains(&e) {
                    out.push(e);
                }
            });
        }
        out
    }
}

/// True for an expression whose value is a truth value.
fn boolean(e: &Expr) -> bool {
    matches!(e, Expr::Compare(..) | Expr::And(..) | Expr::Or(..) | Expr::Not(..) | Expr::Shape(..) | Expr::HasCard(..))
}

/// True for a value in hundredths that scripts write as a dotnum (`ltc(north) <= 7.5`).
fn hundredths(e: &Expr) -> bool {
    matches!(e, Expr::Hand(HandFn::Ltc, ..))
}

impl Program {
    /// A call as written: `hcp(north)`, `spades(north)`, `shape(north, any 4333)`,
    /// `hascard(north, AS)`.
    fn call_name(&self, e: &Expr) -> String {
        match e {
            Expr::Shape(_, i) => self.script.shape_texts.get(*i).cloned().unwrap_or_else(|| "shape(…)".into()),
            Expr::HasCard(seat, card) => {
                let c = card_name(*card);
                format!("hascard({}, {}{})", seat.name().to_lowercase(), &c[1..], &c[..1])
            }
            _ => hand_call_name(e),
        }
    }
}

/// A hand call as written: `hcp(north)`, `hcp(north, spades)`, `spades(north)`.
fn hand_call_name(e: &Expr) -> String {
    let Expr::Hand(f, seat, suit) = e else { return String::new() };
    let seat = SEAT_NAMES[*seat].to_lowercase();
    let name = hand_function_name(*f, *suit).unwrap_or("?");
    match suit {
        Some(s) if *f != HandFn::Length => {
            format!("{name}({seat}, {})", hand_function_name(HandFn::Length, Some(*s)).unwrap_or("?"))
        }
        _ => format!("{name}({seat})"),
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::parse_deal;

    #[test]
    fn variables_then_the_conditions_hand_calls_with_their_seats() {
        let src = "fit = spades(north) + spades(south)\nstayman = hcp(south) >= 8 && hearts(south) == 4\n\
                   l = ltc(north)\ncondition hcp(north) >= 15 && fit >= 8 && stayman\n";
        let p = crate::eval::compile(src, "w.dlr", &Default::default()).unwrap();
        // North AKQJ5.K32.A2.432: 17 points, 5 spades; South T982.AQ54.K3.765: 9 points, 4 spades, 4 hearts.
        let deal = parse_deal("N:AKQJ5.K32.A2.432 7643.T987.QJT9.8 T982.AQ54.K3.765 .J6.87654.AKQJT9").unwrap();
        let w: Vec<String> = p.watch(&deal).iter().map(|w| format!("{} = {}", w.name, w.value)).collect();
        // ltc: spades AKQ 0, hearts Kxx 2, diamonds Ax 1, clubs xxx 3 = 6 losers.
        assert_eq!(
            w,
            [
                "fit = 9",
                "stayman = true",
                "l = 6",
                "hcp(north) = 17",
                "spades(north) = 5",
                "spades(south) = 4",
                "hcp(south) = 9",
                "hearts(south) = 4"
            ]
        );
    }

    #[test]
    fn shape_and_hascard_calls_as_written() {
        let src = "condition shape(north, any 4333 + 5xxx) && hascard(south, AS) && shape{north, 5+xxx}\n";
        let p = crate::eval::compile(src, "w.dlr", &Default::default()).unwrap();
        // North 5-3-3-2, South holds the ace of spades.
        let deal = parse_deal("N:KQJ52.K32.A32.32 7643.T987.QJT9.8 AT98.AQ54.K5.765 .J6.8764.AKQJT94").unwrap();
        let w: Vec<String> = p.watch(&deal).iter().map(|w| format!("{} = {}", w.name, w.value)).collect();
        assert_eq!(
            w,
            ["shape(north, any 4333 + 5xxx) = true", "hascard(south, AS) = true", "shape{north, 5+xxx} = true"]
        );
    }
}
