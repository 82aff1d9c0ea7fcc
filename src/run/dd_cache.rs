//! The run's double-dummy solver: made on first use, and what it learnt of the last deal (each
//! result or bound asked), so a deal is solved only as far as its `tricks`, `trix` and `par` need.
//!
//! The per-deal plan: on a deal the actions run on, a `tricks` the actions ask solves with it
//! every result of its strain the actions will ask ([`DdNeeds`]), with one transposition
//! table, as a whole table does. A script printing the table through twenty `tricks` then
//! solves five strains, not twenty cold results, and one asking a single result solves only it.

use super::dd_needs::DdNeeds;
use crate::cards::{Deal, Seat, Vul};
use crate::dd::{ALL_DECLARERS, DdError, Known, Solver, par};
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
    /// By strain, the declarers whose results the actions ask (bit 0 North .. bit 3 West).
    plan: [u8; 5],
    /// True while the actions run on the last deal.
    acting: bool,
    /// Tables known before the run (read with the deals).
    tables: Option<super::KnownTables>,
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

    /// The same, taking a deal's table from `tables` when it is there instead of solving it.
    pub fn with_tables(self, tables: Option<super::KnownTables>) -> DdCache {
        DdCache { tables, ..self }
    }

    /// The same, planning for the results `needs` says the actions ask.
    pub fn planned(self, needs: &DdNeeds) -> DdCache {
        let mut plan = [0u8; 5];
        if needs.table {
            plan = [ALL_DECLARERS; 5];
        }
        for &(declarer, strain) in &needs.results {
            if let Some(m) = plan.get_mut(strain) {
                *m |= 1 << declarer.index();
            }
        }
        DdCache { plan, ..self }
    }

    /// Says that the actions run on `deal` now (until another deal is asked about).
    pub fn acting(&mut self, deal: &Deal) {
        self.known(deal);
        self.acting = true;
    }

    /// Solves every result the actions will ask of `deal`, strain by strain.
    pub fn presolve(&mut self, deal: &Deal) -> Result<(), DdError> {
        let plan = self.plan;
        if plan == [0; 5] {
            return Ok(());
        }
        let (solver, known) = self.parts(deal);
        solver.results_known(deal, known, plan)
    }

    /// Remembers what was learnt of a deal elsewhere (by the worker that tested the condition).
    pub fn prime(&mut self, deal: Deal, known: Known) {
        self.last = Some((deal, known));
        self.acting = false;
    }

    /// What was learnt of this deal, if it was the last one asked about.
    pub fn solved(&self, deal: &Deal) -> Option<Known> {
        self.last.as_ref().filter(|(d, _)| d == deal).map(|(_, k)| *k)
    }

    /// The declarers of `strain` whose results the actions ask, while they run on `deal`.
    fn planned_for(&mut self, deal: &Deal, strain: usize) -> u8 {
        self.known(deal);
        if self.acting { self.plan.get(strain).copied().unwrap_or(0) } else { 0 }
    }

    /// What is known of `deal`: nothing when another deal was the last asked about.
    fn known(&mut self, deal: &Deal) -> &mut Known {
        if self.last.as_ref().is_none_or(|(d, _)| d != deal) {
            let table = self.tables.as_ref().and_then(|t| t.take(deal));
            self.last = Some((*deal, table.map_or_else(|| Known::of(deal), |t| Known::from_table(&t))));
            self.acting = false;
        }
        &mut self.last.as_mut().expect("just set").1
    }

    /// The solver, made on first use, and what is known of `deal`.
    fn parts(&mut self, deal: &Deal) -> (&mut Solver, &mut Known) {
        self.known(deal);
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

    fn leads(&mut self, deal: &Deal, declarer: Seat, strain: usize) -> Result<crate::dd::Leads, DdError> {
        let (solver, known) = self.parts(deal);
        let leads = solver.leads(deal, declarer, strain)?;
        known.narrow(declarer.index(), strain, leads.best, leads.best);
        Ok(leads)
    }

    fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: usize) -> Result<u8, DdError> {
        let mask = self.planned_for(deal, strain);
        let (solver, known) = self.parts(deal);
        if mask >> declarer.index() & 1 == 1 {
            let mut strains = [0; 5];
            strains[strain] = mask;
            solver.results_known(deal, known, strains)?;
        }
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

#[cfg(test)]
mod tests {
    use super::{DdCache, DdNeeds};
    use crate::cards::{Seat, parse_deal};
    use crate::eval::DoubleDummy;

    /// DDS list100's first deal and its table (strain S, H, D, C, NT outer; N, E, S, W inner).
    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    const DDS: [u8; 20] = [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6];

    fn want(declarer: Seat, strain: usize) -> u8 {
        DDS[[3, 2, 1, 0, 4][strain] * 4 + declarer.index()]
    }

    fn cache(results: &[(Seat, usize)]) -> DdCache {
        DdCache::with_memory(Some(8)).planned(&DdNeeds { results: results.to_vec(), table: false })
    }

    #[test]
    fn a_tricks_the_actions_ask_solves_its_strains_planned_results() {
        let deal = parse_deal(DEAL).unwrap();
        let mut dd = cache(&[(Seat::North, 0), (Seat::East, 3), (Seat::West, 0)]);
        dd.acting(&deal);
        assert_eq!(dd.tricks(&deal, Seat::West, 0).unwrap(), want(Seat::West, 0));
        let known = dd.solved(&deal).unwrap();
        assert_eq!(known.exact(0, 0), Some(want(Seat::North, 0)), "North's clubs came with West's");
        assert_eq!(known.exact(2, 0), None, "South's clubs are not asked");
        assert_eq!(known.exact(1, 3), None, "another strain waits until asked");
        assert_eq!(dd.tricks(&deal, Seat::East, 3).unwrap(), want(Seat::East, 3));
    }

    #[test]
    fn the_condition_and_a_new_deal_solve_only_the_result_asked() {
        let deal = parse_deal(DEAL).unwrap();
        let mut dd = cache(&[(Seat::North, 4), (Seat::South, 4)]);
        assert_eq!(dd.tricks(&deal, Seat::North, 4).unwrap(), want(Seat::North, 4));
        assert_eq!(dd.solved(&deal).unwrap().exact(2, 4), None, "not acting: one result");
        let other = parse_deal("N:AK96.KQ8.A98.K63 QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75").unwrap();
        dd.acting(&other);
        dd.tricks(&deal, Seat::East, 4).unwrap();
        assert_eq!(dd.solved(&deal).unwrap().exact(0, 4), None, "acting on another deal");
    }

    #[test]
    fn presolve_solves_every_planned_result_and_no_other() {
        let deal = parse_deal(DEAL).unwrap();
        let asked = [(Seat::North, 0), (Seat::South, 2), (Seat::West, 4)];
        let mut dd = cache(&asked);
        dd.presolve(&deal).unwrap();
        let known = dd.solved(&deal).unwrap();
        for (d, s) in asked {
            assert_eq!(known.exact(d.index(), s), Some(want(d, s)));
        }
        assert_eq!(known.exact(1, 0), None);
        let mut table = DdCache::default().planned(&DdNeeds { results: vec![], table: true });
        table.presolve(&deal).unwrap();
        assert!(table.solved(&deal).unwrap().table().is_some());
    }
}
