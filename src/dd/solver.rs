//! The solver: whole tables, single results and bound tests, each reusing what is known of
//! the deal (a [`Known`]) and the transposition table of the deal and strain last searched.

use super::known::Known;
use super::search::Search;
use super::{DdError, DdTable, check_deal};
use crate::cards::{Deal, Seat};

/// The mask of every declarer, for [`Solver::strain_known`].
pub const ALL_DECLARERS: u8 = 0b1111;

/// Default transposition-table budget per solver, in MiB.
pub const DEFAULT_MIB: usize = 256;

/// A reusable double-dummy solver; owns its transposition table (one per thread).
pub struct Solver {
    pub(super) search: Search,
    /// The deal and strain the search holds (its transposition table is theirs).
    loaded: Option<(Deal, usize)>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// North-South's tricks for declarer's `t` (or the reverse) in a deal of `n` tricks.
fn flip(declarer: usize, t: i32, n: i32) -> i32 {
    if declarer & 1 == 0 { t } else { n - t }
}

/// The known range of declarer's tricks as a range of North-South's.
fn ns_range(known: &Known, declarer: usize, strain: usize, n: i32) -> (i32, i32) {
    let (lo, hi) = known.range(declarer, strain);
    let (a, b) = (flip(declarer, lo.into(), n), flip(declarer, hi.into(), n));
    (a.min(b), a.max(b))
}

impl Solver {
    /// A solver with the default transposition-table budget (256 MiB).
    pub fn new() -> Self {
        Self::with_memory_mib(DEFAULT_MIB)
    }

    /// A solver whose transposition table stays within about `mib` MiB (at least 1).
    pub fn with_memory_mib(mib: usize) -> Self {
        Solver { search: Search::new(mib.max(1) << 20), loaded: None }
    }

    /// The 20-result table of a deal. Partial deals are accepted when every hand holds
    /// the same number of cards (the result then counts the remaining tricks).
    pub fn table(&mut self, deal: &Deal) -> Result<DdTable, DdError> {
        self.table_known(deal, &mut Known::of(deal))
    }

    /// Declarer's tricks in one strain (0 C .. 4 NT) with the declarer's LHO on lead.
    pub fn tricks(&mut self, deal: &Deal, declarer: Seat, strain: usize) -> Result<u8, DdError> {
        self.tricks_known(deal, &mut Known::of(deal), declarer, strain)
    }

    /// Does declarer take at least `target` tricks in `strain`? One null-window search.
    pub fn at_least(&mut self, deal: &Deal, declarer: Seat, strain: usize, target: i32) -> Result<bool, DdError> {
        self.at_least_known(deal, &mut Known::of(deal), declarer, strain, target)
    }

    /// The whole table, solving only the results `known` lacks (and recording them there).
    /// The strain last searched goes first, keeping its transposition table.
    pub fn table_known(&mut self, deal: &Deal, known: &mut Known) -> Result<DdTable, DdError> {
        if check_deal(deal)? == 0 {
            return Ok(DdTable { tricks: [[0; 5]; 4] });
        }
        self.results_known(deal, known, [ALL_DECLARERS; 5])?;
        Ok(known.table().expect("every result solved"))
    }

    /// The results of the declarers in `declarers[strain]` (a mask: bit 0 North .. bit 3
    /// West), solving those `known` lacks strain by strain, each strain's with one
    /// transposition table as the table does, the strain last searched first; recorded in
    /// `known`.
    pub fn results_known(&mut self, deal: &Deal, known: &mut Known, declarers: [u8; 5]) -> Result<(), DdError> {
        let n = check_deal(deal)?;
        if n == 0 {
            return Ok(());
        }
        let first = self.loaded.filter(|(d, _)| d == deal).map_or(0, |(_, s)| s);
        for strain in (0..5).map(|k| (first + k) % 5) {
            self.strain_results(deal, known, strain, n, declarers[strain] & ALL_DECLARERS)?;
        }
        Ok(())
    }

    /// Fills in the results of one strain for the declarers in the mask, sharing the
    /// transposition table.
    fn strain_results(
        &mut self,
        deal: &Deal,
        known: &mut Known,
        strain: usize,
        n: i32,
        declarers: u8,
    ) -> Result<(), DdError> {
        let wanted = |d: usize| declarers >> d & 1 == 1;
        if (0..4).all(|d| !wanted(d) || known.exact(d, strain).is_some()) {
            return Ok(());
        }
        self.load(deal, strain);
        // North and South (East and West) on lead nearly always give the same result, and
        // the table serves the second of a side better after the first: North's and South's
        // leads are solved first, each result the next one's first guess.
        let mut guess = self.search.estimate(0);
        for leader in [0, 2, 1, 3] {
            let declarer = (leader + 3) & 3;
            guess = match known.exact(declarer, strain) {
                Some(t) => flip(declarer, t.into(), n),
                None if !wanted(declarer) => guess,
                None => {
                    self.next_leader(leader);
                    self.solve_one(known, declarer, strain, n, guess)?
                }
            };
        }
        Ok(())
    }

    /// Before solving for another leader of the strain, as macroxue does: on a deal of four
    /// voids or more, the cut-off cards one leader's search found mislead the next, and are
    /// forgotten (thomas1: 8% fewer nodes; no change on DDS list100); on a deal of eight voids
    /// or more the transposition table is forgotten too, since its long chains of patterns
    /// cost more to scan than they save (thomas2: 10% more nodes but 22% less time).
    fn next_leader(&mut self, leader: usize) {
        let voids = if leader > 0 { self.search.voids() } else { 0 };
        if voids >= 4 {
            self.search.clear_cutoffs();
        }
        if voids >= 8 {
            self.search.clear_table();
        }
    }

    /// Solves one result of the loaded deal and strain from `guess`; returns North-South's tricks.
    fn solve_one(
        &mut self,
        known: &mut Known,
        declarer: usize,
        strain: usize,
        n: i32,
        guess: i32,
    ) -> Result<i32, DdError> {
        let (lo, hi) = ns_range(known, declarer, strain, n);
        let ns = self.search.solve((declarer + 1) & 3, guess, lo, hi);
        self.check_cancelled()?;
        let t = flip(declarer, ns, n) as u8;
        known.narrow(declarer, strain, t, t);
        Ok(ns)
    }

    /// As [`Solver::tricks`], answered from `known` when it can be and recorded there.
    pub fn tricks_known(
        &mut self,
        deal: &Deal,
        known: &mut Known,
        declarer: Seat,
        strain: usize,
    ) -> Result<u8, DdError> {
        check_strain(strain)?;
        let declarer = declarer.index();
        let n = check_deal(deal)?;
        if n == 0 {
            return Ok(0);
        }
        if let Some(t) = known.exact(declarer, strain) {
            return Ok(t);
        }
        self.load(deal, strain);
        let ns = self.solve_one(known, declarer, strain, n, self.first_guess(known, declarer, strain))?;
        Ok(flip(declarer, ns, n) as u8)
    }

    /// North-South's tricks to test first for one result of the loaded deal: partner's result
    /// when known (North and South, East and West, nearly always take the same), else the
    /// estimate from high cards and trump fit, within the range known.
    fn first_guess(&self, known: &Known, declarer: usize, strain: usize) -> i32 {
        let n = self.search.tricks_left;
        let partner = (declarer + 2) & 3;
        let guess = match known.exact(partner, strain) {
            Some(t) => flip(partner, t.into(), n),
            None => self.search.estimate((declarer + 1) & 3),
        };
        let (lo, hi) = ns_range(known, declarer, strain, n);
        guess.clamp(lo, hi)
    }

    /// As [`Solver::at_least`], answered from `known` when it can be; the bound the search
    /// finds is recorded there.
    pub fn at_least_known(
        &mut self,
        deal: &Deal,
        known: &mut Known,
        declarer: Seat,
        strain: usize,
        target: i32,
    ) -> Result<bool, DdError> {
        check_strain(strain)?;
        let declarer = declarer.index();
        let n = check_deal(deal)?;
        if n == 0 {
            return Ok(target <= 0);
        }
        if let Some(b) = known.at_least(declarer, strain, target) {
            return Ok(b);
        }
        self.load(deal, strain);
        // Declarer's side reaching `target` is North-South reaching `beta`, or not reaching it.
        let ns_declares = declarer & 1 == 0;
        let beta = if ns_declares { target } else { n - target + 1 };
        let v = self.search.test((declarer + 1) & 3, beta);
        self.check_cancelled()?;
        let t = flip(declarer, v, n) as u8;
        // North-South's `v` is a lower bound when it reached `beta`, an upper bound otherwise.
        if (v >= beta) == ns_declares {
            known.narrow(declarer, strain, t, n as u8);
        } else {
            known.narrow(declarer, strain, 0, t);
        }
        Ok(known.at_least(declarer, strain, target).expect("the test decides"))
    }

    /// Loads the deal and strain, keeping the transposition table when they are already loaded.
    pub(super) fn load(&mut self, deal: &Deal, strain: usize) {
        if self.loaded == Some((*deal, strain)) {
            return;
        }
        self.search.set_deal(deal);
        self.search.set_trump(strain);
        self.loaded = Some((*deal, strain));
    }

    /// Makes every later solve stop, with [`DdError::Cancelled`] and no tricks, within a few
    /// thousand search nodes after any of `flags` is set.
    pub fn set_cancel(&mut self, flags: Vec<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.search.set_cancel(flags);
    }

    pub(super) fn check_cancelled(&mut self) -> Result<(), DdError> {
        if self.search.take_cancelled() {
            self.loaded = None;
            return Err(DdError::Cancelled);
        }
        Ok(())
    }

    /// Search nodes visited since the solver was created (for profiling).
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }

    /// Trick-start positions entered since the solver was created, every one counted, as
    /// DDS counts its `trickNodes` (for profiling).
    pub fn trick_nodes(&self) -> u64 {
        self.search.trick_nodes
    }
}

fn check_strain(strain: usize) -> Result<(), DdError> {
    if strain > 4 {
        return Err(DdError::Invalid(format!("bad strain {strain} (0 clubs .. 4 notrump)")));
    }
    Ok(())
}
