//! The run's double-dummy solver: made on first use, and what it learnt of the last deal (each
//! result or bound asked), so a deal is solved only as far as its `tricks`, `trix` and `par` need.

use crate::cards::{Deal, Seat, Vul};
use crate::dd::{DdError, Known, Solver, par};
use crate::eval::DoubleDummy;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A solver and what is known of the last deal.
#[derive(Default)]
pub struct DdCache {
    solver: Option<Solver>,
    /// The solver's table budget in MiB (the solver's default when `None`).
    memory_mib: Option<usize>,
    /// Flags that stop a solve midway (the run's cancel, the workers' stop).
    cancel: Vec<Arc<AtomicBool>>,
    last: Option<(Deal, Known)>,
}

impl DdCache {
    /// A cache whose solver, once made, keeps its table within `memory_mib` MiB.
    pub fn with_memory(memory_mib: Option<usize>) -> DdCache {
        DdCache { memory_mib, ..DdCache::default() }
    }

    /// The same, whose solves stop with [`crate::dd::DdError::Cancelled`] soon after any
    /// of `flags` is set.
    pub fn cancelled_by(self, flags: Vec<Arc<AtomicBool>>) -> DdCache {
        DdCache { cancel: flags, ..self }
    }

    /// Remembers what was learnt of a deal elsewhere (by the worker that tested the condition).
    pub fn prime(&mut self, deal: Deal, known: Known) {
        self.last = Some((deal, known));
    }

    /// What was learnt of this deal, if it was the last one asked about.
    pub fn solved(&self, deal: &Deal) -> Option<Known> {
        self.last.as_ref().filter(|(d, _)| d == deal).map(|(_, k)| *k)
    }

    /// The solver, made on first use, and what is known of `deal`.
    fn parts(&mut self, deal: &Deal) -> (&mut Solver, &mut Known) {
        if self.last.as_ref().is_none_or(|(d, _)| d != deal) {
            self.last = Some((*deal, Known::of(deal)));
        }
        let mib = self.memory_mib;
        let cancel = &self.cancel;
        let solver = self.solver.get_or_insert_with(|| {
            let mut s = mib.map_or_else(Solver::new, Solver::with_memory_mib);
            s.set_cancel(cancel.clone());
            s
        });
        (solver, &mut self.last.as_mut().expect("just set").1)
    }
}

impl DoubleDummy for DdCache {
    fn table(&mut self, deal: &Deal) -> Result<[[u8; 5]; 4], DdError> {
        let (solver, known) = self.parts(deal);
        Ok(solver.table_known(deal, known)?.tricks)
    }

    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: usize) -> Result<u8, DdError> {
        let (solver, known) = self.parts(deal);
        solver.tricks_known(deal, known, declarer, strain)
    }

    fn at_least(&mut self, deal: &Deal, declarer: Seat, strain: usize, target: i32) -> Result<bool, DdError> {
        let (solver, known) = self.parts(deal);
        solver.at_least_known(deal, known, declarer, strain, target)
    }

    fn par_contracts(&mut self, deal: &Deal, vul: Vul) -> Result<String, DdError> {
        let tricks = self.table(deal)?;
        Ok(par(&crate::dd::DdTable { tricks }, vul).contracts)
    }

    fn par_ns(&mut self, deal: &Deal, vul: Vul) -> Result<i32, DdError> {
        let tricks = self.table(deal)?;
        Ok(par(&crate::dd::DdTable { tricks }, vul).score_ns)
    }
}
