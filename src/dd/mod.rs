//! Exact double-dummy solver, par, duplicate score and IMPs.
//!
//! The solver is a null-window alpha-beta search over whole tricks driven by an MTD(f)-style loop,
//! with a transposition table probed at trick boundaries and keyed by the hands' suit lengths and
//! the ownership of the relevant relative ranks (partition search), quick-trick bounds,
//! rank-equivalent move merging and heuristic move ordering with killer moves.
//! Conventions: seats N=0, E=1, S=2, W=3; strains C=0, D=1, H=2, S=3, NT=4.

mod combined;
mod known;
mod lead_fit;
mod leads;
mod moves;
mod par;
mod quick;
pub mod score;
mod search;
mod solver;
mod tt;

pub use known::Known;
pub use leads::Leads;
pub use par::{Par, par};
pub use solver::{ALL_DECLARERS, DEFAULT_MIB, Solver};

use crate::cards::Deal;

/// tricks[declarer N,E,S,W][strain C,D,H,S,NT] — declarer's tricks, declarer's LHO leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdTable {
    /// Declarer's tricks by declarer (N, E, S, W) and strain (C, D, H, S, NT).
    pub tricks: [[u8; 5]; 4],
}

/// Why a deal was not solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DdError {
    /// It cannot be (wrong card counts, a card held twice, a bad strain…): what is wrong.
    Invalid(String),
    /// The solve was stopped by a cancel flag (see [`Solver::set_cancel`]).
    Cancelled,
}

impl std::fmt::Display for DdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DdError::Invalid(m) => f.write_str(m),
            DdError::Cancelled => f.write_str("double-dummy solve cancelled"),
        }
    }
}

impl std::error::Error for DdError {}

/// Checks that the hands are disjoint, hold only real cards and have equal sizes; returns the size.
fn check_deal(deal: &Deal) -> Result<i32, DdError> {
    const VALID: u64 = 0x1FFF_1FFF_1FFF_1FFF;
    let mut seen = 0u64;
    for (seat, hand) in deal.hands.iter().enumerate() {
        if hand.0 & !VALID != 0 {
            return Err(DdError::Invalid(format!("hand {seat} holds bits that are not cards")));
        }
        if hand.0 & seen != 0 {
            return Err(DdError::Invalid("a card is held by two hands".into()));
        }
        seen |= hand.0;
    }
    let n = deal.hands[0].count();
    if deal.hands.iter().any(|h| h.count() != n) {
        let counts: Vec<String> = deal.hands.iter().map(|h| h.count().to_string()).collect();
        return Err(DdError::Invalid(format!("hands hold different numbers of cards ({})", counts.join(", "))));
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
