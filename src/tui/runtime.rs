//! The event loop: one channel carries key presses, watcher signals, engine batches and
//! solver results; after each batch the app updates, and the screen redraws at most
//! every 16 ms. Everything slow runs on other threads.

use crate::tui::TuiError;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::time::{Duration, Instant};

use base64::Engine as _;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};

use super::app::{App, Effect};
use super::config::{self, Config};
use super::engine::{self, Compiled, DdResult};
use super::theme::{ColorDepth, Theme};
use super::{TuiOptions, disk, ui, watcher};
use crate::cards::{Deal, Vul};
use crate::dd::Known;
use crate::run::switches::Switches;
use crate::run::{Event as RunEvent, RunControl};
use crate::script::diag::Diagnostic;
use crate::script::dialect::Dialect;

/// What arrives on the loop's channel.
pub enum Msg {
    /// A terminal event.
    Term(Event),
    /// The terminal could not be read.
    TermGone(String),
    /// A batch of a run's events.
    Run(u64, RunEvent),
    /// The script changed on disk.
    FileChanged,
    /// A double-dummy solve finished.
    Dd(u64, u64, Result<DdResult, TuiError>),
    /// SIGTERM, SIGHUP, SIGINT or SIGQUIT arrived: leave, saving nothing.
    Signal(i32),
    /// A run's script compiled (or did not) on the compile thread.
    Compiled(u64, Box<Result<Compiled, Vec<Diagnostic>>>),
    /// A filter compiled (or did not) on the compile thread: the generation of the results it
    /// filters, its text, the outcome.
    FilterCompiled(u64, String, engine::FilterResult),
    /// A levelled copy was written (or not): the request's number and the outcome.
    Leveled(u64, Result<super::leveled::LevelReport, String>),
    /// The levelled copy `L` runs was made (or not): the run's generation and the outcome.
    LevelledRun(u64, Box<LevelledRun>),
}

/// The levelled copy `L` runs, what the pane shows of it, and the run's options.
pub type LevelledRun = Result<(crate::eval::Program, super::leveled::LevelReport, crate::run::RunOptions), String>;

struct DdRequest {
    generation: u64,
    number: u64,
    deal: Deal,
    vul: Vul,
    known: Option<Known>,
}

/// Builds the app from the config and options (no terminal yet) on the script's bytes.
pub fn build_app(path: &Path, bytes: &[u8], opts: &TuiOptions) -> App {
    let dir = config::config_dir();
    let (cfg, cfg_err) = Config::load(dir.as_deref());
    let name = opts.theme.clone().unwrap_or_else(|| cfg.theme.clone());
    let (theme, theme_err) = match config::load_theme(&name, dir.as_deref()) {
        Ok(t) => (t, None),
        Err(e) => (Theme::dark(), Some(e)),
    };
    let cfg = Config { color: opts.color.clone().unwrap_or(cfg.color), ..cfg };
    let depth = cfg.depth(ColorDepth::from_env());
    if depth == ColorDepth::None {
        // With NO_COLOR crossterm writes an empty colour (an SGR reset), which would drop
        // the reverse video of the cursor; the colourless theme needs no colour anyway.
        ratatui::crossterm::style::force_color_output(true);
    }
    let mut app = App::open_bytes(path.to_path_buf(), bytes, theme.adapt(depth));
    app.suit_letters = match cfg.suits.as_str() {
        "letters" => true,
        "symbols" => false,
        _ => app.theme.colorless,
    };
    app.keep = cfg.keep_deals.max(1);
    app.seed = crate::tui::explore::Seed { value: opts.seed, forced: opts.seed.is_some() };
    app.auto_dd = cfg.auto_dd;
    if let Some(e) = cfg_err.or(theme_err)
        && app.message.is_none()
    {
        app.say(e.0, true);
    }
    app
}

/// Runs the workbench on `path` until the user quits.
pub fn run(path: PathBuf, opts: TuiOptions) -> io::Result<()> {
    let bytes = disk::read_regular(&path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    let mut app = build_app(&path, &bytes, &opts);
    let cfg = Config::load(config::config_dir().as_deref()).0;
    let (tx, rx) = mpsc::sync_channel::<Msg>(256);

    let watch_tx = tx.clone();
    let changed = move || {
        let _ = watch_tx.send(Msg::FileChanged);
    };
    let debounce = Duration::from_millis(cfg.debounce_ms);
    let watch = if cfg.poll_ms > 0 {
        watcher::watch_polling(&path, debounce, Duration::from_millis(cfg.poll_ms), changed)
    } else {
        watcher::watch(&path, debounce, changed)
    };
    if let Err(e) = &watch {
        app.say(format!("not watching the file: {e}"), true);
    }

    let mut terminal = ratatui::try_init()?;
    // From here on every way out (return, error, unwinding panic) restores the terminal.
    let _guard = TerminalGuard { mouse: cfg.mouse };
    // Pasted text arrives as one event (a pasted tab must not switch panes).
    let _ = execute!(io::stdout(), EnableBracketedPaste);
    if cfg.mouse {
        let _ = execute!(io::stdout(), EnableMouseCapture);
    }
    engine::install_panic_hook();
    spawn_signal_thread(tx.clone(), cfg.mouse)?;
    let input_tx = tx.clone();
    std::thread::Builder::new().name("input".into()).spawn(move || {
        loop {
            let m = match event::read() {
                Ok(ev) => Msg::Term(ev),
                Err(e) => Msg::TermGone(e.to_string()),
            };
            let gone = matches!(m, Msg::TermGone(_));
            if input_tx.send(m).is_err() || gone {
                break;
            }
        }
    })?;

    let mut rt = Runtime::new(tx, opts.switches());
    rt.dialect = cfg.dialect();
    let result = event_loop(&mut terminal, &mut app, &mut rt, &rx, true);
    if let Some(r) = rt.run.take() {
        r.cancel();
    }
    drop(watch);
    result
}

/// Puts the terminal back (cooked mode, main screen, no mouse or paste reporting) when dropped.
struct TerminalGuard {
    mouse: bool,
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal(self.mouse);
    }
}

fn restore_terminal(mouse: bool) {
    if mouse {
        let _ = execute!(io::stdout(), DisableMouseCapture);
    }
    let _ = execute!(io::stdout(), DisableBracketedPaste);
    ratatui::restore();
}

/// The signals that end the workbench: `kill`, a closed terminal or SSH session, and
/// SIGINT/SIGQUIT sent from outside (in raw mode Ctrl-C is a key, not a signal).
const EXIT_SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];

/// Turns the first exit signal into [`Msg::Signal`] for the loop, which then returns and
/// restores the terminal; a second one (the loop not answering) restores it here and exits.
fn spawn_signal_thread(tx: SyncSender<Msg>, mouse: bool) -> io::Result<()> {
    let mut signals = signal_hook::iterator::Signals::new(EXIT_SIGNALS)?;
    std::thread::Builder::new().name("signals".into()).spawn(move || {
        let mut seen = false;
        for sig in signals.forever() {
            if seen {
                restore_terminal(mouse);
                std::process::exit(128 + sig);
            }
            seen = true;
            // The channel may be full: never block here, or a second signal could not exit.
            let tx = tx.clone();
            std::thread::spawn(move || {
                let _ = tx.send(Msg::Signal(sig));
            });
        }
    })?;
    Ok(())
}

/// The name of an exit signal, for the message printed after the terminal is restored.
fn signal_name(sig: i32) -> String {
    match sig {
        signal_hook::consts::SIGTERM => "SIGTERM".into(),
        signal_hook::consts::SIGHUP => "SIGHUP".into(),
        signal_hook::consts::SIGINT => "SIGINT".into(),
        signal_hook::consts::SIGQUIT => "SIGQUIT".into(),
        n => format!("signal {n}"),
    }
}

/// What the loop drives besides the app: the current run and the solver thread.
pub struct Runtime {
    tx: SyncSender<Msg>,
    dd_tx: Sender<DdRequest>,
    run: Option<RunControl>,
    switches: Switches,
    /// A compile is on the compile thread.
    compiling: bool,
    /// The compile to start when it ends (a newer request replaces an older one).
    queued: Option<CompileJob>,
    /// The program whose refusals show as warnings (the config's `dialect`).
    pub dialect: Dialect,
    /// Cancels the levelled copy's measuring (leveled.rs).
    leveling: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Cancels the measuring before an `L` run.
    level_run: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

/// A run's script to compile off the event loop.
struct CompileJob {
    generation: u64,
    source: String,
    file_name: String,
    /// The filter's text, compiled in the new script's scope too.
    filter: Option<String>,
    dialect: Dialect,
}

impl Runtime {
    /// A runtime whose runs and solves report on `tx`.
    pub fn new(tx: SyncSender<Msg>, switches: Switches) -> Runtime {
        let dd_tx = spawn_solver(tx.clone());
        Runtime {
            tx,
            dd_tx,
            run: None,
            switches,
            compiling: false,
            queued: None,
            dialect: Dialect::Bbo,
            leveling: None,
            level_run: None,
        }
    }
}

/// Runs the loop on any backend until the app quits: `sync_updates` wraps each frame in
/// synchronized-update escapes (real terminals only).
pub fn event_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    rt: &mut Runtime,
    rx: &Receiver<Msg>,
    sync_updates: bool,
) -> io::Result<()> {
    let size = terminal.size().map_err(|e| io::Error::other(e.to_string()))?;
    app.size = (size.width, size.height);
    let mut effects = app.request_run();
    let frame = Duration::from_millis(16);
    let mut last_draw: Option<Instant> = None;
    let mut dirty = true;
    loop {
        while !effects.is_empty() {
            let batch = std::mem::take(&mut effects);
            for e in batch {
                effects.extend(rt.apply(app, e));
            }
        }
        if app.quit {
            return Ok(());
        }
        let due = last_draw.map_or(Duration::ZERO, |t| frame.saturating_sub(t.elapsed()));
        if dirty && due.is_zero() {
            if sync_updates {
                let _ = execute!(io::stdout(), BeginSynchronizedUpdate);
            }
            terminal.draw(|f| ui::draw(f, app)).map_err(|e| io::Error::other(e.to_string()))?;
            if sync_updates {
                let _ = execute!(io::stdout(), EndSynchronizedUpdate);
            }
            last_draw = Some(Instant::now());
            dirty = false;
        }
        let wait = if dirty { due.max(Duration::from_millis(1)) } else { Duration::from_millis(500) };
        let first = match rx.recv_timeout(wait) {
            Ok(m) => m,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        };
        dirty = true;
        // Take what else is waiting, up to a bound, before drawing again.
        let mut msgs = vec![first];
        while msgs.len() < 256 {
            match rx.try_recv() {
                Ok(m) => msgs.push(m),
                Err(_) => break,
            }
        }
        for m in msgs {
            let now = match m {
                Msg::Term(Event::Key(k)) => app.on_key(k),
                Msg::Term(Event::Resize(w, h)) => {
                    app.size = (w, h);
                    app.dd_request()
                }
                Msg::Term(Event::Paste(text)) => {
                    app.paste(&text);
                    Vec::new()
                }
                Msg::Term(Event::Mouse(m)) => app.on_mouse(m),
                Msg::Term(_) => Vec::new(),
                Msg::TermGone(e) => return Err(io::Error::other(e)),
                Msg::Run(generation, event) => app.on_run_msgs(generation, vec![event]),
                Msg::Compiled(generation, result) => rt.on_compiled(app, generation, *result),
                Msg::FilterCompiled(generation, text, result) => app.on_filter_compiled(generation, text, result),
                Msg::Leveled(job, result) => {
                    app.on_leveled(job, result);
                    Vec::new()
                }
                Msg::LevelledRun(generation, result) => rt.on_levelled_run(app, generation, *result),
                Msg::FileChanged => app.on_disk_read(disk::read_regular(&app.path)),
                Msg::Dd(generation, number, result) => {
                    app.on_dd(generation, number, result);
                    Vec::new()
                }
                Msg::Signal(sig) => {
                    let unsaved = if app.modified() { "; unsaved edits were not saved" } else { "" };
                    return Err(io::Error::new(
                        io::ErrorKind::Interrupted,
                        format!("stopped by {}{unsaved}", signal_name(sig)),
                    ));
                }
            };
            settle(rt, app, now, &mut effects);
            if app.quit {
                break;
            }
        }
    }
}

/// Carries out one message's effects at once, so that the next message of the batch (a key
/// in the same burst) meets their outcome: an export's question, a save's result. Runs wait
/// in `runs` for the end of the batch, where a later request or a stop has outdated all
/// but the last.
fn settle(rt: &mut Runtime, app: &mut App, mut effects: Vec<Effect>, runs: &mut Vec<Effect>) {
    while !effects.is_empty() {
        for e in std::mem::take(&mut effects) {
            if matches!(e, Effect::Run { .. }) {
                runs.push(e);
            } else {
                effects.extend(rt.apply(app, e));
            }
        }
    }
}

impl Runtime {
    /// Carries out one effect of the app's updates, feeding its outcome back into the app;
    /// returns the effects that follow.
    pub fn apply(&mut self, app: &mut App, effect: Effect) -> Vec<Effect> {
        match effect {
            Effect::Save { path, text } => {
                let r = atomic_write(&path, &text).map(|()| text).map_err(|e| TuiError(e.to_string()));
                app.on_saved(r)
            }
            Effect::Run { generation, source } => {
                // Outdated by a later request or a stop in the same burst: never started.
                if generation != app.generation {
                    return Vec::new();
                }
                self.stop_runs();
                let filter = app.filter.as_ref().map(|f| f.text.clone());
                let (file_name, dialect) = (app.file_name.clone(), self.dialect);
                self.compile(CompileJob { generation, source, file_name, filter, dialect });
                Vec::new()
            }
            Effect::Cancel => {
                self.stop_runs();
                Vec::new()
            }
            Effect::SolveDd { generation, number, deal, vul, known } => {
                let _ = self.dd_tx.send(DdRequest { generation, number, deal, vul, known });
                Vec::new()
            }
            Effect::Copy(text) => {
                let b64 = base64::engine::general_purpose::STANDARD.encode(text.as_bytes());
                let mut out = io::stdout();
                let _ = write!(out, "\x1b]52;c;{b64}\x07");
                let _ = out.flush();
                Vec::new()
            }
            Effect::Export { path, text, deals, replace } => {
                let outcome = disk::export(&app.path, &path, &text, replace);
                app.on_export(outcome, path, text, deals);
                Vec::new()
            }
            Effect::SessionAdd(add) => {
                let outcome = disk::session_add(&app.path, &add);
                app.on_session_added(outcome, *add);
                Vec::new()
            }
            Effect::SessionRead(path) => {
                app.on_session_read(&path, disk::session_rows(&path));
                Vec::new()
            }
            Effect::CompileFilter { generation, text } => {
                if let Some(program) = app.results.program.clone().filter(|_| generation == app.results.generation) {
                    self.compile_filter(generation, program, text);
                }
                Vec::new()
            }
            Effect::WriteLeveled(job) => {
                self.write_leveled(*job);
                Vec::new()
            }
            Effect::Quit => {
                app.quit = true;
                if let Some(c) = self.leveling.take() {
                    c.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                Vec::new()
            }
        }
    }

    /// Measures and writes a levelled copy on a thread of its own, cancelling the one before;
    /// it reports with [`Msg::Leveled`].
    fn write_leveled(&mut self, job: super::leveled::LevelJob) {
        use std::sync::atomic::{AtomicBool, Ordering};
        if let Some(c) = self.leveling.take() {
            c.store(true, Ordering::Relaxed);
        }
        let cancel = std::sync::Arc::new(AtomicBool::new(false));
        self.leveling = Some(cancel.clone());
        let (tx, n) = (self.tx.clone(), job.job);
        let spawned = std::thread::Builder::new().name("level".into()).stack_size(16 << 20).spawn(move || {
            let _ = tx.send(Msg::Leveled(job.job, super::leveled::level(&job, cancel)));
        });
        if let Err(e) = spawned {
            let _ = self.tx.try_send(Msg::Leveled(n, Err(format!("cannot start the measuring thread: {e}"))));
        }
    }
}

impl Runtime {
    /// Compiles a run's script on the compile thread, which reports with [`Msg::Compiled`];
    /// while one compile runs, the newest request waits (older waiting ones are dropped).
    fn compile(&mut self, job: CompileJob) {
        if self.compiling {
            self.queued = Some(job);
            return;
        }
        let (tx, generation, name) = (self.tx.clone(), job.generation, job.file_name.clone());
        let thread = std::thread::Builder::new().name("compile".into()).stack_size(16 << 20).spawn(move || {
            let mut result = engine::compile_for(&job.source, &job.file_name, job.dialect);
            if let (Ok(c), Some(filter)) = (&mut result, job.filter) {
                engine::compile_filter(c, filter);
            }
            let _ = tx.send(Msg::Compiled(job.generation, Box::new(result)));
        });
        self.compiling = thread.is_ok();
        if let Err(e) = thread {
            let d = Diagnostic::error(&name, "", Default::default(), format!("cannot start the compile's thread: {e}"));
            let _ = self.tx.try_send(Msg::Compiled(generation, Box::new(Err(vec![d]))));
        }
    }

    /// Compiles a filter on a compile thread of its own (a filter is short, but names the
    /// script's variables), which reports with [`Msg::FilterCompiled`].
    fn compile_filter(&mut self, generation: u64, program: std::sync::Arc<crate::eval::Program>, text: String) {
        let tx = self.tx.clone();
        let spawned = std::thread::Builder::new().name("compile".into()).stack_size(16 << 20).spawn({
            let text = text.clone();
            move || {
                let result = engine::filter_compile(&program, &text);
                let _ = tx.send(Msg::FilterCompiled(generation, text, result));
            }
        });
        if let Err(e) = spawned {
            let d =
                Diagnostic::error("filter", "", Default::default(), format!("cannot start the compile's thread: {e}"));
            let _ = self.tx.try_send(Msg::FilterCompiled(generation, text, Err(d)));
        }
    }

    /// A compile ended: starts the waiting one, and, unless a later request or a stop
    /// outdated it, reports the errors or starts the run.
    pub fn on_compiled(
        &mut self,
        app: &mut App,
        generation: u64,
        result: Result<Compiled, Vec<Diagnostic>>,
    ) -> Vec<Effect> {
        self.compiling = false;
        if let Some(job) = self.queued.take().filter(|j| j.generation == app.generation) {
            self.compile(job);
        }
        if generation != app.generation {
            return Vec::new();
        }
        match result {
            Err(diags) => app.on_compile_error(generation, diags),
            Ok(compiled) => self.start_run(app, generation, &compiled),
        }
        Vec::new()
    }

    /// Starts the run of a compiled script as `generation`, with the switches, the seed
    /// re-runs keep and the levelling toggle.
    fn start_run(&mut self, app: &mut App, generation: u64, compiled: &Compiled) {
        let mut resolved = match self.switches.resolve(&app.path.display().to_string()) {
            Ok(r) => r,
            Err(e) => {
                app.run_requested = false;
                return app.say(e.to_string(), true);
            }
        };
        app.on_run_started(generation, compiled.table, compiled.warnings.clone());
        if app.level && compiled.level.is_none() {
            app.no_hand_types_to_level();
        }
        let program = compiled.program();
        let o = &mut resolved.options;
        o.seed = Some(app.seed.for_run(program.script.seed));
        o.profile = true;
        app.limits = Some(crate::run::deal_limits(&program, o));
        let studies = super::contracts_view::studies(&program, &app.compare, app.leads);
        app.fresh_program = Some(program);
        app.fresh_filter = compiled.filter.clone();
        for note in resolved.notes {
            app.say(note, false);
        }
        let mut options = resolved.options;
        options.level = compiled.level.clone().filter(|_| app.level);
        options.studies = studies;
        if options.level.is_some() {
            return self.start_levelled(app, generation, compiled.program(), options);
        }
        self.run = Some(engine::start(compiled, options, generation, self.tx.clone(), Msg::Run));
    }

    /// Cancels the run and the measuring before an `L` run.
    fn stop_runs(&mut self) {
        if let Some(r) = self.run.take() {
            r.cancel();
        }
        if let Some(c) = self.level_run.take() {
            c.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// `L`: makes the levelled copy on a thread of its own (the engine's one machinery, as
    /// `run --level`); [`Msg::LevelledRun`] then starts its run.
    fn start_levelled(
        &mut self,
        app: &mut App,
        generation: u64,
        program: std::sync::Arc<crate::eval::Program>,
        options: crate::run::RunOptions,
    ) {
        let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        self.level_run = Some(cancel.clone());
        app.say("levelling: measuring the hand types as dealer3 does…", false);
        let tx = self.tx.clone();
        let spawned = std::thread::Builder::new().name("level".into()).stack_size(16 << 20).spawn(move || {
            let r = super::leveled::level_run(&program, &options, cancel).map(|(p, rep)| (p, rep, options));
            let _ = tx.send(Msg::LevelledRun(generation, Box::new(r)));
        });
        if let Err(e) = spawned {
            let err = Err(format!("cannot start the measuring thread: {e}"));
            let _ = self.tx.try_send(Msg::LevelledRun(generation, Box::new(err)));
        }
    }

    /// The levelled copy for an `L` run is made: runs it, unless a later request outdated
    /// it; when the script cannot be levelled, says why and runs it unlevelled.
    pub fn on_levelled_run(&mut self, app: &mut App, generation: u64, result: LevelledRun) -> Vec<Effect> {
        if generation != app.generation {
            return Vec::new();
        }
        self.level_run = None;
        match result {
            Ok((program, report, options)) => {
                app.leveled = Some(report);
                let program = std::sync::Arc::new(program);
                self.run = Some(engine::start_program(program, options, generation, self.tx.clone(), Msg::Run));
                Vec::new()
            }
            Err(e) => {
                app.level = false;
                let effects = app.request_run();
                app.say(format!("not levelled: {e} (running unlevelled)"), true);
                effects
            }
        }
    }
}

/// The solver thread: one solve at a time; while it works, newer requests replace older ones.
fn spawn_solver(tx: SyncSender<Msg>) -> Sender<DdRequest> {
    let (req_tx, req_rx) = mpsc::channel::<DdRequest>();
    let _ = std::thread::Builder::new().name("dd".into()).spawn(move || {
        while let Ok(mut req) = req_rx.recv() {
            while let Ok(newer) = req_rx.try_recv() {
                req = newer;
            }
            let result = engine::solve_dd(&req.deal, req.vul, req.known);
            if tx.send(Msg::Dd(req.generation, req.number, result)).is_err() {
                break;
            }
        }
    });
    req_tx
}

pub use super::disk::atomic_write;
