//! What the actions will ask the double-dummy solver for, so that on several threads the
//! worker that found a matching deal solves it, not the run's one thread that runs the actions.

use super::stats::Stat;
use crate::cards::Seat;
use crate::script::ast::{Action, Expr, PrintItem, ReportTerm, VarDef};

/// The results the actions use: single `tricks` calls, or the whole table (`trix`, `par`,
/// `parcontract`, `evalcontract`).
#[derive(Default, Debug, PartialEq, Eq)]
pub struct DdNeeds {
    /// `(declarer, strain)` of each `tricks` call, without repeats.
    pub results: Vec<(Seat, usize)>,
    /// The whole table.
    pub table: bool,
}

impl DdNeeds {
    /// What `actions` use, through the script's variables `vars`.
    pub fn of(actions: &[Action], vars: &[VarDef]) -> DdNeeds {
        let mut walk = Walk { needs: DdNeeds::default(), vars, seen: Vec::new() };
        for action in actions {
            walk.action(action);
        }
        walk.needs
    }

    /// Adds what the command line's studies use.
    pub fn with_studies(mut self, studies: &[Stat]) -> DdNeeds {
        self.table |= studies.iter().any(Stat::needs_table);
        self
    }

    /// True when the actions solve nothing.
    pub fn is_empty(&self) -> bool {
        self.results.is_empty() && !self.table
    }
}

/// The actions' expressions walked, each variable entered once.
struct Walk<'a> {
    needs: DdNeeds,
    vars: &'a [VarDef],
    seen: Vec<bool>,
}

impl Walk<'_> {
    fn action(&mut self, action: &Action) {
        match action {
            Action::PrintCompact(Some(e)) | Action::PrintOneLine(Some(e)) => self.expr(e),
            Action::PrintEs(items) => items.iter().for_each(|i| {
                if let PrintItem::Expr(e) = i {
                    self.expr(e)
                }
            }),
            Action::Stat(call) => {
                call.exprs.iter().for_each(|e| self.expr(e));
                self.needs.table |= Stat::from_call(call).is_some_and(|s| s.needs_table());
            }
            Action::CsvRpt(terms) | Action::PrintRpt(terms) => terms.iter().for_each(|t| match t {
                ReportTerm::Expr(e) => self.expr(e),
                ReportTerm::Trix(..) | ReportTerm::ParContract(..) => self.needs.table = true,
                ReportTerm::Text(_) | ReportTerm::Hands(_) => {}
            }),
            Action::PrintAll
            | Action::PrintSide(_)
            | Action::PrintPbn
            | Action::PrintCompact(None)
            | Action::PrintOneLine(None)
            | Action::Print(_)
            | Action::Export(_) => {}
        }
    }

    fn expr(&mut self, e: &Expr) {
        let needs = &mut self.needs;
        e.visit(self.vars, &mut self.seen, &mut |e| match e {
            Expr::Tricks(d, s) if !needs.results.contains(&(*d, *s)) => needs.results.push((*d, *s)),
            Expr::Par(_) | Expr::ParAt(..) => needs.table = true,
            _ => {}
        });
    }
}

#[cfg(test)]
mod tests {
    use super::DdNeeds;
    use crate::cards::Seat;
    use crate::eval::compile;
    use crate::script::CompileOptions;

    fn needs(script: &str) -> DdNeeds {
        let p = compile(script, "t.dlr", &CompileOptions::default()).unwrap();
        DdNeeds::of(&p.actions, &p.script.vars)
    }

    #[test]
    fn actions_name_the_results_they_use() {
        let f = needs("action frequency \"t\" (dds(north, notrumps), 5, 11), average tricks(south, spades) >= 10");
        assert_eq!(f, DdNeeds { results: vec![(Seat::North, 4), (Seat::South, 3)], table: false });
        assert!(needs("action printrpt(hcp(north), trix(deal))").table);
        assert!(needs("action average par(NS)").table);
        assert!(needs("condition tricks(north, spades) > 9\naction printall").is_empty());
    }
}
