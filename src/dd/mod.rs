//! Exact double-dummy solver, par, duplicate score and IMPs.
//!
//! The solver is a null-window alpha-beta search over whole tricks driven by an MTD(f)-style loop,
//! with a transposition table probed at trick boundaries and keyed by the hands' suit lengths and
//! the ownership of the relevant relative ranks (partition search), quick-trick bounds,
//! rank-equivalent move merging and heuristic move ordering with killer moves.
//! Conventions: seats N=0, E=1, S=2, W=3; strains C=0, D=1, H=2, S=3, NT=4.

mod moves;
mod par;
mod quick;
pub mod score;
mod search;
mod tt;

pub use par::{Par, par};

use crate::cards::Deal;
use search::Search;

/// tricks[declarer N,E,S,W][strain C,D,H,S,NT] — declarer's tricks, declarer's LHO leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdTable {
    /// Declarer's tricks by declarer (N, E, S, W) and strain (C, D, H, S, NT).
    pub tricks: [[u8; 5]; 4],
}

message_error! {
    /// Why a deal cannot be solved (wrong card counts, a card held twice, a cancelled solve).
    DdError
}

impl DdError {
    /// The message of a solve stopped by a cancel flag (see [`Solver::set_cancel`]).
    pub const CANCELLED: &'static str = "double-dummy solve cancelled";
}

/// Default transposition-table budget per solver, in MiB.
pub const DEFAULT_MIB: usize = 256;

/// A reusable double-dummy solver; owns its transposition table (one per thread).
pub struct Solver {
    search: Search,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver with the default transposition-table budget (256 MiB).
    pub fn new() -> Self {
        Self::with_memory_mib(DEFAULT_MIB)
    }

    /// A solver whose transposition table stays within about `mib` MiB (at least 1).
    pub fn with_memory_mib(mib: usize) -> Self {
        Solver { search: Search::new(mib.max(1) << 20) }
    }

    /// The 20-result table of a deal. Partial deals are accepted when every hand holds
    /// the same number of cards (the result then counts the remaining tricks).
    pub fn table(&mut self, deal: &Deal) -> Result<DdTable, DdError> {
        let n = check_deal(deal)?;
        let mut table = DdTable { tricks: [[0; 5]; 4] };
        if n == 0 {
            return Ok(table);
        }
        self.search.set_deal(deal);
        for strain in 0..5 {
            self.search.set_trump(strain);
            // North and South (East and West) on lead nearly always give the same result.
            let mut got = [self.search.estimate(0); 4];
            for leader in 0..4usize {
                let guess = got[leader.saturating_sub(2)];
                let ns = self.search.solve(leader, guess);
                got[leader] = ns;
                let declarer = (leader + 3) & 3;
                let tricks = if declarer & 1 == 0 { ns } else { n - ns };
                table.tricks[declarer][strain] = tricks as u8;
            }
        }
        self.check_cancelled()?;
        Ok(table)
    }

    /// Declarer's tricks in one strain (0 C .. 4 NT) with the declarer's LHO on lead.
    pub fn tricks(&mut self, deal: &Deal, declarer: usize, strain: usize) -> Result<u8, DdError> {
        if declarer > 3 || strain > 4 {
            return Err(DdError(format!("bad declarer {declarer} or strain {strain}")));
        }
        let n = check_deal(deal)?;
        if n == 0 {
            return Ok(0);
        }
        self.search.set_deal(deal);
        self.search.set_trump(strain);
        let leader = (declarer + 1) & 3;
        let ns = self.search.solve(leader, self.search.estimate(leader));
        self.check_cancelled()?;
        Ok(if declarer & 1 == 0 { ns } else { n - ns } as u8)
    }

    /// Makes every later solve stop, with [`DdError::CANCELLED`] and no tricks, within a few
    /// thousand search nodes after any of `flags` is set.
    pub fn set_cancel(&mut self, flags: Vec<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.search.set_cancel(flags);
    }

    fn check_cancelled(&mut self) -> Result<(), DdError> {
        if self.search.take_cancelled() { Err(DdError(DdError::CANCELLED.into())) } else { Ok(()) }
    }

    /// Search nodes visited since the solver was created (for profiling).
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }
}

/// Checks that the hands are disjoint, hold only real cards and have equal sizes; returns the size.
fn check_deal(deal: &Deal) -> Result<i32, DdError> {
    const VALID: u64 = 0x1FFF_1FFF_1FFF_1FFF;
    let mut seen = 0u64;
    for (seat, hand) in deal.hands.iter().enumerate() {
        if hand.0 & !VALID != 0 {
            return Err(DdError(format!("hand {seat} holds bits that are not cards")));
        }
        if hand.0 & seen != 0 {
            return Err(DdError("a card is held by two hands".into()));
        }
        seen |= hand.0;
    }
    let n = deal.hands[0].count();
    if deal.hands.iter().any(|h| h.count() != n) {
        let counts: Vec<String> = deal.hands.iter().map(|h| h.count().to_string()).collect();
        return Err(DdError(format!("hands hold different numbers of cards ({})", counts.join(", "))));
    }
    Ok(n as i32)
}

/// Solves the 20-result table of every deal on `threads` threads (one solver each).
pub fn solve_tables_parallel(deals: &[Deal], threads: usize) -> Vec<Result<DdTable, DdError>> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = threads.clamp(1, deals.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<DdTable, DdError>>>> = Mutex::new(vec![None; deals.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut solver = Solver::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(deal) = deals.get(i) else { break };
                    let r = solver.table(deal);
                    results.lock().unwrap()[i] = Some(r);
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    results.into_iter().map(|r| r.expect("every deal solved")).collect()
}

#[cfg(test)]
mod tests;
