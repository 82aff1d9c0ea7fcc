//! Runs: start one from a compiled script, receive its events, cancel it.
//!
//! The CLI and the workbench are both consumers of [`start`]: the engine knows nothing of
//! terminals. Every event of a run arrives in order on one channel.

mod actions;
mod chain;
mod dd_cache;
pub(crate) mod dd_needs;
pub mod dealer3;
mod engine;
pub mod files;
mod known_tables;
pub mod level;
mod outbox;
mod parallel;
pub mod predeal;
mod printed;
pub mod profile;
mod source;
pub mod stats;
pub mod switches;
mod types;

pub use actions::today;
pub use known_tables::KnownTables;
pub use outbox::recycle_deals;
pub use printed::Printed;
pub use source::{DealFeed, StreamKind};

use crate::cards::{Card, Deal, Seat, Vul};
use crate::eval::Program;
use crate::script::diag::Diagnostic;
use stats::Stats;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};
use std::thread::JoinHandle;
use std::time::Duration;

/// How to run a script; `None` fields fall back to the script's statements, then to dealer's defaults.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// `-s`: the seed; default the clock in whole seconds. dealer.exe's stream takes it mod 2^32,
    /// the fast stream as a 64-bit value.
    pub seed: Option<i64>,
    /// `-p`: deals to produce.
    pub produce: Option<u64>,
    /// `-g`: deals to generate.
    pub generate: Option<u64>,
    /// Print the four statistics lines at the end (dealer's default; `-v` toggles).
    pub print_stats: bool,
    /// `-q`: suppress printpbn.
    pub quiet_pbn: bool,
    /// The script's name as typed, for PBN's `[Event]`; `(null)` for standard input.
    pub input_name: String,
    /// Shifts the `rnd` stream.
    pub rnd_seed: u64,
    /// `--vulnerable`: vulnerability for `par`.
    pub vulnerable: Option<Vul>,
    /// Replaces the script's predeal for these seats (`-N`, `-E`, `-S`, `-W`).
    pub predeal_override: Vec<(Seat, Vec<Card>)>,
    /// How often progress and statistics snapshots are sent.
    pub progress_every: Duration,
    /// `YYYY.MM.DD` for PBN's `[Date]`; today when `None`.
    pub date: Option<String>,
    /// Threads that deal and test the condition (1: everything on the run's own thread).
    pub threads: usize,
    /// Which generator deals.
    pub stream: StreamKind,
    /// `-x 2|3` (dealer3's `-2`/`-3`): each shuffle dealt again with seats exchanged.
    pub swap: crate::dealing::swap::Swapping,
    /// `--shard K/N`: only the K-th of N interleaved slices of the fast stream.
    pub shard: Option<(u64, u64)>,
    /// Evaluate these deals (read from a file) instead of dealing.
    pub deals: Option<Arc<Vec<Deal>>>,
    /// Evaluate the deals of this feed, read as the run takes them (wins over dealing).
    pub deal_feed: Option<DealFeed>,
    /// Double-dummy tables read with the deals, used instead of solving.
    pub known_tables: Option<KnownTables>,
    /// `-C`: the file `csvrpt` appends to (standard output when `None`).
    pub csv_file: Option<std::path::PathBuf>,
    /// `-X`: the file `export` appends to (standard output when `None`).
    pub export_file: Option<std::path::PathBuf>,
    /// `-T`: the run's title (wins over the `title` statement), for PBN's `[Event]`.
    pub title: Option<String>,
    /// Send every matching deal in [`Event::Matched`] batches (the workbench); when false, what
    /// the deals print arrives batched in [`Event::Output`] (the command line).
    pub matched_events: bool,
    /// `--dd-memory`: the transposition-table budget of each thread's double-dummy solver, in
    /// MiB (256 when `None`).
    pub dd_memory_mib: Option<usize>,
    /// Profile the condition (run/profile): [`Event::Profile`] snapshots with the progress.
    pub profile: bool,
    // Hand types (issue 19, levelling half).
    /// `--level`: keep each hand type's deals so the produced deals follow this mix.
    pub level: Option<level::Level>,
    /// `--interleave`: produce the deals in rounds, one of each hand type before any repeats.
    pub interleave: bool,
    /// dealer3's `--round-robin`: exact quotas per hand type (each type's `_Share` a round,
    /// at least 1); deals passed over count in no statistic.
    pub round_robin: bool,
    /// The studies the command line asks for (`--dd-summary`, `--compare`), empty: each adds
    /// every produced deal after the actions and reports after the statistics lines.
    pub studies: Vec<stats::Stat>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            seed: None,
            produce: None,
            generate: None,
            print_stats: true,
            quiet_pbn: false,
            input_name: "(null)".into(),
            rnd_seed: 0,
            vulnerable: None,
            predeal_override: Vec::new(),
            progress_every: Duration::from_millis(50),
            date: None,
            matched_events: true,
            deals: None,
            deal_feed: None,
            known_tables: None,
            csv_file: None,
            export_file: None,
            title: None,
            threads: 1,
            stream: StreamKind::Dealer,
            swap: Default::default(),
            shard: None,
            dd_memory_mib: None,
            profile: false,
            level: None,
            interleave: false,
            round_robin: false,
            studies: Vec::new(),
        }
    }
}

/// A deal that matched the condition.
#[derive(Clone, Debug, PartialEq)]
pub struct Matched {
    /// 1-based number among the produced deals.
    pub number: u64,
    /// Deals generated when this one was dealt (1-based).
    pub generated: u64,
    /// The deal.
    pub deal: Deal,
    /// What dealer prints for this deal (may be empty).
    pub printed: Printed,
    /// What the run learnt of it double dummy (the condition's and the actions' solves and
    /// bound tests), so that a later full table searches only what is still unknown.
    pub known: Option<crate::dd::Known>,
    /// Bit `i` set when the deal is in the script's hand type `i` (0 without hand types).
    pub hand_types: u64,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Deals dealt.
    pub generated: u64,
    /// Deals that matched.
    pub produced: u64,
    /// The seed used.
    pub seed: i64,
    /// Time from start to the end of dealing.
    pub elapsed: Duration,
    /// True when the run was cancelled.
    pub cancelled: bool,
}

/// What a run reports, in order.
#[derive(Debug)]
pub enum Event {
    /// Matching deals, in order: a batch of those found since the last event.
    Matched(Vec<Matched>),
    /// Counts so far.
    Progress {
        /// Deals dealt.
        generated: u64,
        /// Deals matched.
        produced: u64,
        /// Time since the start.
        elapsed: Duration,
    },
    /// A snapshot of the statistics.
    Stats(Box<Stats>),
    /// A snapshot of the condition's profile (runs with `profile` set).
    Profile(Box<profile::Profile>),
    /// Text exactly as `dealbench run` prints it: the end-of-run report, and the deals'
    /// output when `matched_events` is off.
    Output(String),
    /// The run is over.
    Finished(Summary),
    /// The run stopped on an error in the script.
    Failed(Box<Diagnostic>),
}

/// Where a run's events go: a channel of the caller's, with whatever it adds (the workbench
/// tags each event with its run's generation).
pub trait EventSink: Send + Sync + 'static {
    /// Delivers one event; false when nobody listens any more (the run then stops).
    fn deliver(&self, event: Event) -> bool;
}

impl EventSink for SyncSender<Event> {
    fn deliver(&self, event: Event) -> bool {
        self.send(event).is_ok()
    }
}

/// A run started with [`spawn`]: cancel it, or let it finish. Dropping it cancels the run.
pub struct RunControl {
    cancel: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl RunControl {
    /// Asks the run to stop; a `Finished` event with `cancelled` follows.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The run's cancel flag, for stopping it from elsewhere (setting it is [`Self::cancel`]).
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }
}

impl Drop for RunControl {
    fn drop(&mut self) {
        self.cancel();
        // Dropping the join handle detaches the run's thread: it ends on its own once it sees
        // the flag, and nobody waits for it here.
        drop(self.thread.take());
    }
}

/// A run started with [`start`], whose events arrive on its own channel.
pub struct RunHandle {
    events: Receiver<Event>,
    control: RunControl,
}

impl RunHandle {
    /// The run's events.
    pub fn events(&self) -> &Receiver<Event> {
        &self.events
    }
    /// Asks the run to stop; a `Finished` event with `cancelled` follows.
    pub fn cancel(&self) {
        self.control.cancel();
    }

    /// The run's cancel flag, for stopping it from elsewhere (setting it is [`Self::cancel`]).
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.control.cancel_flag()
    }
}

impl Drop for RunHandle {
    fn drop(&mut self) {
        self.control.cancel();
        // Drain so a worker blocked on a full channel can see the flag and exit.
        while self.events.try_recv().is_ok() {}
    }
}

/// Starts a run on a worker thread and returns at once; its events arrive on the handle.
pub fn start(program: Arc<Program>, options: RunOptions) -> RunHandle {
    // Few slots: a matched event holds up to 256 deals, and a reader behind a slow terminal
    // must not have thousands of them queued when a deadline stops the run.
    let (tx, rx) = std::sync::mpsc::sync_channel(16);
    RunHandle { events: rx, control: spawn(program, options, tx) }
}

/// Starts a run on a worker thread whose events go to `sink`, and returns at once. Every run
/// ends with a `Finished` or `Failed` event, a panic in the engine or a thread that cannot be
/// started included.
pub fn spawn(program: Arc<Program>, options: RunOptions, sink: impl EventSink) -> RunControl {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let sink = Arc::new(sink);
    let in_thread = sink.clone();
    let thread = std::thread::Builder::new().name("dealbench-run".into()).stack_size(16 << 20).spawn({
        let program = program.clone();
        move || run_guarded(&program, &options, &*in_thread, &flag)
    });
    let thread = match thread {
        Ok(t) => Some(t),
        Err(e) => {
            let text = format!("cannot start the run's thread: {e}");
            let d = Diagnostic::error(&program.script.file, &program.source, Default::default(), text);
            sink.deliver(Event::Failed(Box::new(d)));
            None
        }
    };
    RunControl { cancel, thread }
}

/// The deals a run of `program` with `options` generates at most, and produces at most.
pub fn deal_limits(program: &Program, options: &RunOptions) -> (u64, u64) {
    engine::counts(program, options)
}

fn run_guarded(program: &Program, options: &RunOptions, tx: &dyn EventSink, cancel: &Arc<AtomicBool>) {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        engine::Engine::new(program, options, tx, cancel).run();
    }));
    if let Err(p) = result {
        let msg = p.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| p.downcast_ref::<String>().cloned());
        let text = format!("internal error: the engine panicked ({}); please report it", msg.unwrap_or_default());
        let d = Diagnostic::error(&program.script.file, &program.source, Default::default(), text);
        tx.deliver(Event::Failed(Box::new(d)));
    }
}
