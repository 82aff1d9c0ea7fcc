//! The one module that talks to the engine and the solver, so the rest of the workbench
//! sees only the plain messages below.
//!
//! Runs: `compile` on the main thread (fast, panic-guarded), then [`start`] spawns the
//! engine's run and a forwarder thread that batches its events, tags them with the run's
//! generation, and turns a vanished run (a panic in a worker) into [`RunMsg::Crashed`].

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, SyncSender};
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
    /// Matched deals skipped before reaching the workbench (beyond `keep` in one batch).
    Skipped(u64),
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
    program: Arc<crate::eval::Program>,
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
    /// Matched deals the workbench keeps; older ones in a batch are skipped early.
    pub keep: usize,
}

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
            use ratatui::crossterm::event::{DisableBracketedPaste, DisableMouseCapture};
            let _ = ratatui::crossterm::execute!(std::io::stdout(), DisableMouseCapture, DisableBracketedPaste);
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
    let program = crate::eval::compile(source, file_name, &crate::script::CompileOptions::default())?;
    let table = TableInfo { dealer: program.dealer(), vulnerable: program.vulnerable() };
    Ok(Compiled { table, warnings: Vec::new(), program: Arc::new(program) })
}

/// A run in progress: cancel it, or let it finish.
pub struct RunControl {
    cancel: Arc<AtomicBool>,
}

impl RunControl {
    /// Stops the run: its workers and double-dummy solves end within milliseconds; its
    /// remaining events are dropped by generation anyway.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

fn convert(ev: crate::run::Event) -> RunMsg {
    use crate::run::Event;
    match ev {
        Event::Matched(m) => {
            let m = *m;
            RunMsg::Matched(Box::new(MatchedDeal {
                number: m.number,
                generated: m.generated,
                deal: m.deal,
                printed: m.printed,
            }))
        }
        Event::Progress { generated, produced, elapsed } => RunMsg::Progress { generated, produced, elapsed },
        Event::Stats(s) => RunMsg::Stats(s),
        Event::Output(t) => RunMsg::Output(t),
        Event::Finished(s) => RunMsg::Finished(RunSummary {
            generated: s.generated,
            produced: s.produced,
            seed: s.seed,
            elapsed: s.elapsed,
            cancelled: s.cancelled,
        }),
        Event::Failed(d) => RunMsg::Failed(d),
    }
}

/// Keeps a batch small: the last `keep` matched deals, the last progress and statistics.
fn coalesce(batch: Vec<RunMsg>, keep: usize) -> Vec<RunMsg> {
    let matched = batch.iter().filter(|m| matches!(m, RunMsg::Matched(_))).count();
    let last_stats = batch.iter().rposition(|m| matches!(m, RunMsg::Stats(_)));
    let last_progress = batch.iter().rposition(|m| matches!(m, RunMsg::Progress { .. }));
    let mut skip = matched.saturating_sub(keep.max(1));
    let mut out = Vec::with_capacity(batch.len().min(keep + 8));
    if skip > 0 {
        out.push(RunMsg::Skipped(skip as u64));
    }
    for (i, m) in batch.into_iter().enumerate() {
        match m {
            RunMsg::Matched(_) if skip > 0 => skip -= 1,
            RunMsg::Stats(_) if Some(i) != last_stats => {}
            RunMsg::Progress { .. } if Some(i) != last_progress => {}
            m => out.push(m),
        }
    }
    out
}

/// Starts a run; its messages arrive on `sink` as `wrap(generation, batch)`.
pub fn start<M: Send + 'static>(
    compiled: &Compiled,
    params: &RunParams,
    generation: u64,
    sink: SyncSender<M>,
    wrap: fn(u64, Vec<RunMsg>) -> M,
) -> RunControl {
    let defaults = crate::run::RunOptions::default();
    let options = crate::run::RunOptions {
        seed: params.seed,
        input_name: params.input_name.clone(),
        threads: params.threads.unwrap_or(defaults.threads),
        ..defaults
    };
    let keep = params.keep;
    let program = compiled.program.clone();
    // The run starts here, so that cancelling sets its own flag at once (its workers and
    // double-dummy solves read it), not a flag its forwarder polls.
    let handle = guarded(|| crate::run::start(program, options));
    let cancel = handle.as_ref().map_or_else(|_| Arc::new(AtomicBool::new(false)), |h| h.cancel_flag());
    let flag = cancel.clone();
    let spawned = std::thread::Builder::new().name(format!("forward-{generation}")).spawn(move || {
        let handle = match handle {
            Ok(h) => h,
            Err(p) => {
                let _ = sink.send(wrap(generation, vec![RunMsg::Crashed(format!("the engine panicked: {p}"))]));
                return;
            }
        };
        let mut ended = false;
        loop {
            if flag.load(Ordering::Relaxed) {
                handle.cancel();
                return;
            }
            let first = match handle.events().recv_timeout(Duration::from_millis(20)) {
                Ok(ev) => ev,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let mut batch = vec![convert(first)];
            while batch.len() < 20_000 {
                match handle.events().try_recv() {
                    Ok(ev) => batch.push(convert(ev)),
                    Err(_) => break,
                }
            }
            ended = batch.iter().any(|m| matches!(m, RunMsg::Finished(_) | RunMsg::Failed(_)));
            if sink.send(wrap(generation, coalesce(batch, keep))).is_err() {
                return;
            }
        }
        if !ended && !flag.load(Ordering::Relaxed) {
            let why = take_last_panic().unwrap_or_else(|| "the run stopped without finishing".into());
            let _ = sink.send(wrap(generation, vec![RunMsg::Crashed(why)]));
        }
    });
    if let Err(e) = spawned {
        // Nothing to forward: report it through the return path of the caller's next draw.
        eprintln!("dealbench: cannot start a thread: {e}");
    }
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

/// Solves a deal double dummy (slow: call off the main thread). A solver panic is an error.
pub fn solve_dd(deal: &Deal, vul: u8) -> Result<DdResult, String> {
    guarded(|| solve_inner(deal, vul)).unwrap_or_else(|p| Err(format!("solver panicked: {p}")))
}

thread_local! {
    // One solver per thread (the DD thread), keeping its tables between deals.
    static SOLVER: std::cell::RefCell<Option<crate::dd::Solver>> = const { std::cell::RefCell::new(None) };
}

fn solve_inner(deal: &Deal, vul: u8) -> Result<DdResult, String> {
    let table = SOLVER.with(|s| {
        let mut s = s.borrow_mut();
        s.get_or_insert_with(crate::dd::Solver::new).table(deal)
    });
    let table = table.map_err(|e| e.to_string())?;
    let par = crate::dd::par(&table, vul);
    Ok(DdResult { tricks: table.tricks, par_ns: par.score_ns, contracts: par.contracts })
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
