//! The one module that talks to the engine and the solver, so the rest of the workbench
//! sees only the plain messages below.
//!
//! Runs: `compile` on the main thread (fast, panic-guarded), then [`start`] spawns the
//! engine's run and a forwarder thread that batches its events, tags them with the run's
//! generation, and turns a vanished run (a panic in a worker) into [`RunMsg::Crashed`].

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::cards::Deal;
use crate::run::stats::Stats;
use crate::script::diag::Diagnostic;

/// One matched deal, as the workbench keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchedDeal {
    /// 1-based number among the produced deals.
    pub number: u64,
    /// Deals generated when this one matched.
    pub generated: u64,
    /// The cards.
    pub deal: Deal,
    /// What the script prints for this deal.
    pub printed: String,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSummary {
    /// Deals generated.
    pub generated: u64,
    /// Deals produced.
    pub produced: u64,
    /// The seed used.
    pub seed: i64,
    /// Wall time.
    pub elapsed: Duration,
    /// True when it was stopped early.
    pub cancelled: bool,
}

/// What a run reports.
#[derive(Clone, Debug, PartialEq)]
pub enum RunMsg {
    /// A deal matched.
    Matched(Box<MatchedDeal>),
    /// Counters.
    Progress {
        /// Deals generated.
        generated: u64,
        /// Deals produced.
        produced: u64,
        /// Time since the start.
        elapsed: Duration,
    },
    /// A statistics snapshot.
    Stats(Box<Stats>),
    /// End-of-run text, as `dealbench run` prints it.
    Output(String),
    /// The run ended.
    Finished(RunSummary),
    /// A runtime error in the script.
    Failed(Box<Diagnostic>),
    /// The engine stopped without finishing (a panic in a worker).
    Crashed(String),
}

/// What the script says about the table, for the deal pane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableInfo {
    /// The `dealer` statement's seat.
    pub dealer: Option<usize>,
    /// The `vulnerable` statement: 0 none, 1 NS, 2 EW, 3 all.
    pub vulnerable: Option<u8>,
}

/// A compiled script, ready to run.
pub struct Compiled {
    /// Dealer and vulnerability.
    pub table: TableInfo,
    /// Warnings from the compiler.
    pub warnings: Vec<Diagnostic>,
    #[allow(dead_code)]
    program: (),
}

/// Run settings from the command line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunParams {
    /// Fixed seed.
    pub seed: Option<i64>,
    /// Worker threads.
    pub threads: Option<usize>,
    /// The script's name, for messages.
    pub input_name: String,
}

/// True when this build carries the engine's run API.
pub const ENGINE_AVAILABLE: bool = false;

thread_local! {
    static GUARDED: Cell<bool> = const { Cell::new(false) };
}

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Runs `f`, turning a panic into `Err` with its message. While it runs, the panic hook
/// installed by [`install_panic_hook`] leaves the terminal alone.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let was = GUARDED.with(|g| g.replace(true));
    let r = catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(was));
    r.map_err(|p| panic_text(&*p))
}

/// Wraps the current panic hook (ratatui's, which restores the terminal): panics on the
/// main thread outside [`guarded`] still restore and report; panics on worker threads or
/// inside `guarded` are only recorded, for the UI to show.
pub fn install_panic_hook() {
    let main = std::thread::current().id();
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let quiet = std::thread::current().id() != main || GUARDED.with(Cell::get);
        if quiet {
            if let Ok(mut l) = LAST_PANIC.lock() {
                *l = Some(info.to_string());
            }
        } else {
            prev(info);
        }
    }));
}

/// The last panic recorded by the hook, taken.
pub fn take_last_panic() -> Option<String> {
    LAST_PANIC.lock().ok().and_then(|mut l| l.take())
}

/// Compiles a script; a panic in the compiler becomes a diagnostic.
pub fn compile(source: &str, file_name: &str) -> Result<Compiled, Vec<Diagnostic>> {
    let r = guarded(|| compile_inner(source, file_name));
    r.unwrap_or_else(|p| {
        Err(vec![Diagnostic::error(
            file_name,
            source,
            crate::script::diag::Span::new(0, 0),
            format!("internal error: the compiler panicked: {p}"),
        )])
    })
}

fn compile_inner(source: &str, file_name: &str) -> Result<Compiled, Vec<Diagnostic>> {
    Err(vec![Diagnostic::error(
        file_name,
        source,
        crate::script::diag::Span::new(0, 0),
        "the engine is not in this build yet (dealbench::script::compile)",
    )])
}

/// A run in progress: cancel it, or let it finish.
pub struct RunControl {
    cancel: Arc<AtomicBool>,
}

impl RunControl {
    /// Asks the run to stop; its remaining events are dropped by generation anyway.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Starts a run; its messages arrive on `sink` as `wrap(generation, batch)`.
pub fn start<M: Send + 'static>(
    compiled: &Compiled,
    params: &RunParams,
    generation: u64,
    sink: Sender<M>,
    wrap: fn(u64, Vec<RunMsg>) -> M,
) -> RunControl {
    let _ = (compiled, params);
    let cancel = Arc::new(AtomicBool::new(false));
    let _ = sink.send(wrap(generation, vec![RunMsg::Crashed("the engine is not in this build yet".into())]));
    RunControl { cancel }
}

/// A double-dummy table and par, for the DD pane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdResult {
    /// Tricks by declarer (N, E, S, W) and strain (C, D, H, S, NT).
    pub tricks: [[u8; 5]; 4],
    /// Par score for North-South.
    pub par_ns: i32,
    /// The par contracts, as the solver writes them.
    pub contracts: String,
}

/// True when this build carries the double-dummy solver.
pub const SOLVER_AVAILABLE: bool = false;

/// Solves a deal double dummy (slow: call off the main thread). A solver panic is an error.
pub fn solve_dd(deal: &Deal, vul: u8) -> Result<DdResult, String> {
    guarded(|| solve_inner(deal, vul)).unwrap_or_else(|p| Err(format!("solver panicked: {p}")))
}

fn solve_inner(_deal: &Deal, _vul: u8) -> Result<DdResult, String> {
    Err("solver not available in this build".into())
}

/// The message of a panic payload.
pub fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".into()
    }
}
