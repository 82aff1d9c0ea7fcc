//! The run's double-dummy solver: made on first use, one solve per deal whatever mix of
//! `tricks`, `trix` and `par` the script uses.

use crate::cards::{Deal, Vul};
use crate::dd::{DdError, Solver, par};
use crate::eval::DoubleDummy;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A solver and the last deal's table.
#[derive(Default)]
pub struct DdCache {
    solver: Option<Solver>,
    /// The solver's table budget in MiB (the solver's default when `None`).
    memory_mib: Option<usize>,
    /// Flags that stop a solve midway (the run's cancel, the workers' stop).
    cancel: Vec<Arc<AtomicBool>>,
    last: Option<(Deal, [[u8; 5]; 4])>,
}

impl DdCache {
    /// A cache whose solver, once made, keeps its table within `memory_mib` MiB.
    pub fn with_memory(memory_mib: Option<usize>) -> DdCache {
        DdCache { memory_mib, ..DdCache::default() }
    }

    /// The same, whose solves stop with [`crate::dd::DdError::CANCELLED`] soon after any
    /// of `flags` is set.
    pub fn cancelled_by(self, flags: Vec<Arc<AtomicBool>>) -> DdCache {
        DdCache { cancel: flags, ..self }
    }

    /// Remembers a table solved elsewhere (by the worker that tested the condition).
    pub fn prime(&mut self, deal: Deal, table: [[u8; 5]; 4]) {
        self.last = Some((deal, table));
    }

    /// The table of this deal, if it was solved.
    pub fn solved(&self, deal: &Deal) -> Option<[[u8; 5]; 4]> {
        self.last.as_ref().filter(|(d, _)| d == deal).map(|(_, t)| *t)
    }
}

impl DoubleDummy for DdCache {
    fn table(&mut self, deal: &Deal) -> Result<[[u8; 5]; 4], DdError> {
        if let Some(t) = self.solved(deal) {
            return Ok(t);
        }
        let mib = self.memory_mib;
        let solver = self.solver.get_or_insert_with(|| {
            let mut s = mib.map_or_else(Solver::new, Solver::with_memory_mib);
            s.set_cancel(self.cancel.clone());
            s
        });
        let t = solver.table(deal)?.tricks;
        self.last = Some((*deal, t));
        Ok(t)
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
