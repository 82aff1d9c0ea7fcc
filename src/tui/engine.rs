//! The one module that talks to the engine and the solver.
//!
//! Runs: `compile` (panic-guarded; the runtime calls it on its compile thread, never on the
//! event loop), then [`start`] spawns the engine's run, whose [`Event`]s arrive on the
//! workbench's channel tagged with the run's generation ([`Tagged`], the one place that
//! tags them).

use crate::tui::TuiError;
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc::SyncSender;

use crate::cards::{Deal, Seat, Vul};
use crate::dd::Known;
use crate::run::{Event, EventSink, RunControl, RunOptions};
use crate::script::diag::Diagnostic;
use crate::script::dialect::Dialect;

/// What the script says about the table, for the deal pane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableInfo {
    /// The `dealer` statement's seat.
    pub dealer: Option<Seat>,
    /// The `vulnerable` statement.
    pub vulnerable: Option<Vul>,
    /// The `startboard` statement: the first board's number.
    pub startboard: Option<u64>,
}

/// A compiled script, ready to run.
pub struct Compiled {
    /// Dealer and vulnerability.
    pub table: TableInfo,
    /// Warnings from the compiler.
    pub warnings: Vec<Diagnostic>,
    /// The levelling a toggle asks for: the declared shares, else even (`None`: no hand types).
    pub level: Option<crate::run::level::Level>,
    program: Arc<crate::eval::Program>,
    /// The workbench's filter compiled in this script's scope, when it has one.
    pub filter: Option<FilterCompile>,
}

/// A filter's text and what compiling it in a script's scope gave.
pub type FilterCompile = (String, FilterResult);

/// What compiling a filter in a script's scope gave.
pub type FilterResult = Result<Arc<crate::eval::Program>, Diagnostic>;

/// Compiles `filter` in the scope of `program` (slow as the script's compile: call it off the
/// event loop).
pub fn filter_compile(program: &crate::eval::Program, filter: &str) -> FilterResult {
    crate::eval::filter::compile_filter(program, filter).map(Arc::new)
}

/// Compiles `filter` in `compiled`'s scope (slow as the script's compile: call it off the
/// event loop) and keeps it in `compiled`.
pub fn compile_filter(compiled: &mut Compiled, filter: String) {
    let r = filter_compile(&compiled.program, &filter);
    compiled.filter = Some((filter, r));
}

impl Compiled {
    /// The compiled script.
    pub fn program(&self) -> Arc<crate::eval::Program> {
        self.program.clone()
    }
}

thread_local! {
    static GUARDED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, turning a panic into `Err` with its message. While it runs, the panic hook
/// installed by [`install_panic_hook`] leaves the terminal alone.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, TuiError> {
    let was = GUARDED.with(|g| g.replace(true));
    let r = catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(was));
    r.map_err(|p| TuiError(panic_text(&*p)))
}

/// Wraps the current panic hook (ratatui's, which restores the terminal): panics on the
/// main thread outside [`guarded`] still restore and report; panics on other threads or
/// inside `guarded` print nothing over the screen: the run reports its own as a `Failed`
/// event, and `guarded` returns the message.
pub fn install_panic_hook() {
    let main = std::thread::current().id();
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let quiet = std::thread::current().id() != main || GUARDED.with(Cell::get);
        if !quiet {
            use ratatui::crossterm::event::{DisableBracketedPaste, DisableMouseCapture};
            let _ = ratatui::crossterm::execute!(std::io::stdout(), DisableMouseCapture, DisableBracketedPaste);
            prev(info);
        }
    }));
}

/// Compiles a script, with BBO's refusals as warnings; a panic in the compiler becomes a
/// diagnostic.
pub fn compile(source: &str, file_name: &str) -> Result<Compiled, Vec<Diagnostic>> {
    compile_for(source, file_name, Dialect::Bbo)
}

/// Compiles a script, with the refusals of the program `dialect` names as warnings.
pub fn compile_for(source: &str, file_name: &str, dialect: Dialect) -> Result<Compiled, Vec<Diagnostic>> {
    let r = guarded(|| compile_inner(source, file_name, dialect));
    r.unwrap_or_else(|p| {
        Err(vec![Diagnostic::error(
            file_name,
            source,
            crate::script::diag::Span::new(0, 0),
            format!("internal error: the compiler panicked: {p}"),
        )])
    })
}

fn compile_inner(source: &str, file_name: &str, dialect: Dialect) -> Result<Compiled, Vec<Diagnostic>> {
    let program = crate::eval::compile(source, file_name, &crate::script::CompileOptions::default())?;
    let s = &program.script;
    let table = TableInfo { dealer: s.dealer, vulnerable: s.vulnerable, startboard: s.startboard };
    let mut warnings = program.script.warnings.clone();
    warnings.extend(dialect_warnings(source, file_name, dialect));
    let types = &program.script.hand_types;
    let level = (!types.is_empty()).then(|| {
        use crate::run::level::Level;
        if types.iter().any(|t| t.share.is_some()) { Level::Shares } else { Level::Even }
    });
    Ok(Compiled { table, warnings, level, program: Arc::new(program), filter: None })
}

/// What the program `dialect` names (BBO's dealer, dealer.exe 1.24, unless the config names
/// another) refuses in the script, as warnings beside the lines.
fn dialect_warnings(source: &str, file_name: &str, dialect: Dialect) -> Vec<Diagnostic> {
    let who = match dialect {
        Dialect::Bbo => "BBO",
        other => other.program(),
    };
    let warn = |r: crate::script::dialect::Refusal| {
        let message = format!("{who} refuses (`{}`): {}", r.quoted, r.why);
        Diagnostic::warning(file_name, source, r.diagnostic.span, message)
    };
    crate::script::dialect::check(source, file_name, dialect, &[]).into_iter().map(warn).collect()
}

/// A run's events on the workbench's channel, each wrapped with the run's generation, so
/// that the app can drop those of a run it has replaced.
struct Tagged<M> {
    tx: SyncSender<M>,
    generation: u64,
    wrap: fn(u64, Event) -> M,
}

impl<M: Send + 'static> EventSink for Tagged<M> {
    fn deliver(&self, event: Event) -> bool {
        self.tx.send((self.wrap)(self.generation, event)).is_ok()
    }
}

/// Starts a run of `compiled`; its events arrive on `tx` as `wrap(generation, event)`, the
/// last a `Finished` or `Failed` (a panic in the engine included).
pub fn start<M: Send + 'static>(
    compiled: &Compiled,
    options: RunOptions,
    generation: u64,
    tx: SyncSender<M>,
    wrap: fn(u64, Event) -> M,
) -> RunControl {
    start_program(compiled.program.clone(), options, generation, tx, wrap)
}

/// Starts a run of `program` (the levelled copy `L` runs), reporting as [`start`] does.
pub fn start_program<M: Send + 'static>(
    program: Arc<crate::eval::Program>,
    options: RunOptions,
    generation: u64,
    tx: SyncSender<M>,
    wrap: fn(u64, Event) -> M,
) -> RunControl {
    crate::run::spawn(program, options, Tagged { tx, generation, wrap })
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

/// Solves a deal double dummy (slow: call off the main thread), searching only the results
/// `known` (what the run learnt of the deal) leaves open. A solver panic is an error.
pub fn solve_dd(deal: &Deal, vul: Vul, known: Option<Known>) -> Result<DdResult, TuiError> {
    guarded(|| solve_inner(deal, vul, known)).unwrap_or_else(|p| Err(format!("solver panicked: {p}").into()))
}

thread_local! {
    // One solver per thread (the DD thread), keeping its tables between deals.
    static SOLVER: std::cell::RefCell<Option<crate::dd::Solver>> = const { std::cell::RefCell::new(None) };
}

fn solve_inner(deal: &Deal, vul: Vul, known: Option<Known>) -> Result<DdResult, TuiError> {
    let mut known = known.unwrap_or_else(|| Known::of(deal));
    let table = SOLVER.with(|s| {
        let mut s = s.borrow_mut();
        s.get_or_insert_with(crate::dd::Solver::new).table_known(deal, &mut known)
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
