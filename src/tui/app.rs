//! The workbench's shared state (the buffer, the run's results, the file's state) and the
//! router over its parts: the panes (pane.rs), the overlay stack (overlay.rs) and the key
//! table (keymap.rs, dispatched in keys.rs). Updates here and in files.rs, deals.rs and
//! keys.rs return the [`Effect`]s the runtime carries out (saving, running, solving,
//! copying). Nothing here does I/O, so tests drive it with key events and hand-built results.

use crate::tui::TuiError;
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::time::Duration;

use ratatui_textarea::{CursorMove, TextArea};

use super::engine::{DdResult, TableInfo};
use super::highlight::{Highlighter, RowSpan};
use super::line_edit;
pub use super::overlay::Overlay;
use super::pane::PaneView;
use super::theme::Theme;
use crate::cards::{Deal, Vul};
use crate::dd::Known;
use crate::run::stats::Stats;
use crate::run::{Event, Matched as MatchedDeal, Printed, Summary};
use crate::script::diag::Diagnostic;

/// The panes' names; pane.rs registers what each is, in Tab order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pane {
    /// The script.
    Editor,
    /// The selected matched deal.
    Deal,
    /// Averages and frequencies.
    Stats,
    /// Double-dummy table and par.
    Dd,
    /// What `dealbench run` prints.
    Text,
    /// The hand types' natural and delivered mix.
    HandTypes,
    /// The condition's profile.
    Profile,
    /// The selected deal's watch values.
    Values,
    /// What the kept deals make double dummy, and the compared contracts.
    Contracts,
    /// Every opening lead against a contract.
    Leads,
}

impl Pane {
    /// All panes, in the order pane.rs registers them (Tab order).
    pub const ALL: [Pane; 10] = [
        Pane::Editor,
        Pane::Deal,
        Pane::Stats,
        Pane::Dd,
        Pane::Text,
        Pane::HandTypes,
        Pane::Profile,
        Pane::Values,
        Pane::Contracts,
        Pane::Leads,
    ];
}

/// Where the run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// Nothing run yet.
    Idle,
    /// Dealing.
    Running,
    /// Finished.
    Done,
    /// The script did not compile, or failed while running.
    Error,
    /// Stopped early.
    Cancelled,
}

/// What the file on disk holds, compared with what the editor loaded or saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskState {
    /// Text, as last loaded, saved or seen.
    Text,
    /// Opened from bytes that are not UTF-8: the buffer holds them decoded lossily (U+FFFD),
    /// and the file stays as it is until the user saves.
    Lossy,
    /// Deleted (or renamed away) by another program.
    Gone,
    /// Overwritten by another program with bytes that are not UTF-8.
    NotUtf8,
    /// Replaced by something that is not a regular file: what (`a directory`, `a named pipe (FIFO)`, …).
    NotFile(&'static str),
    /// Could not be read (permissions, too large, an I/O error).
    Unreadable,
}

impl DiskState {
    /// True when the file holds what the buffer last loaded or saved.
    pub fn holds_buffer(self) -> bool {
        matches!(self, DiskState::Text | DiskState::Lossy)
    }
}

/// Something for the runtime to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Write the buffer atomically, then call [`App::on_saved`].
    Save {
        /// Where.
        path: PathBuf,
        /// The text (ends with a newline).
        text: String,
    },
    /// Cancel the current run, compile `source` and start it as `generation`.
    Run {
        /// The run's generation.
        generation: u64,
        /// The script.
        source: String,
    },
    /// Stop the current run.
    Cancel,
    /// Solve a deal double dummy in the background.
    SolveDd {
        /// The run the deal belongs to.
        generation: u64,
        /// Its number.
        number: u64,
        /// The cards.
        deal: Deal,
        /// Vulnerability for par.
        vul: Vul,
        /// What the run learnt of the deal double dummy, so the solve skips it.
        known: Option<Known>,
    },
    /// Put text on the clipboard with OSC 52.
    Copy(String),
    /// Write an export (a PBN or LIN set), then call [`App::on_export`]. Never over the
    /// script; over an existing file only when `replace` (the user said yes).
    Export {
        /// Where.
        path: PathBuf,
        /// What.
        text: String,
        /// How many deals it holds.
        deals: usize,
        /// The user agreed to replace a file already there.
        replace: bool,
    },
    /// Add boards to a session set (reading it back first), then call [`App::on_session_added`].
    SessionAdd(Box<super::session::SessionAdd>),
    /// Read a session set for its board list, then call [`App::on_session_read`].
    SessionRead(PathBuf),
    /// Compile a filter in the scope of the results' script on the compile thread, then call
    /// [`App::on_filter_compiled`].
    CompileFilter {
        /// The generation of the results it filters.
        generation: u64,
        /// The filter as typed.
        text: String,
    },
    /// Measure the hand types and write the levelled copy off the event loop, then call
    /// [`App::on_leveled`] (leveled.rs).
    WriteLeveled(Box<super::leveled::LevelJob>),
    /// Leave.
    Quit,
}

/// The results of the latest run that compiled.
#[derive(Clone, Debug, Default)]
pub struct Results {
    /// The last `keep` matched deals, oldest first.
    pub deals: VecDeque<MatchedDeal>,
    /// The selected deal's number.
    pub selected: Option<u64>,
    /// Latest statistics.
    pub stats: Stats,
    /// End-of-run text.
    pub output: String,
    /// Deals generated.
    pub generated: u64,
    /// Deals produced.
    pub produced: u64,
    /// Time since the start.
    pub elapsed: Duration,
    /// The seed, once known.
    pub seed: Option<i64>,
    /// Dealer and vulnerability from the script.
    pub table: TableInfo,
    /// Matched deals dropped to keep memory bounded.
    pub dropped: u64,
    /// A copy of the selected deal, so it stays on screen after it leaves `deals`.
    pub pinned: Option<MatchedDeal>,
    /// The run these results came from.
    pub generation: u64,
    /// The condition's profile, latest snapshot.
    pub profile: Option<crate::run::profile::Profile>,
    /// The compiled script of the run, for watch values and filters.
    pub program: Option<std::sync::Arc<crate::eval::Program>>,
}

impl Results {
    /// Index of the selected deal in `deals`.
    pub fn selected_index(&self) -> Option<usize> {
        let n = self.selected?;
        self.deals.binary_search_by_key(&n, |d| d.number).ok()
    }

    /// The selected deal (kept, or pinned after it was dropped).
    pub fn selected_deal(&self) -> Option<&MatchedDeal> {
        match self.selected_index() {
            Some(i) => Some(&self.deals[i]),
            None => self.pinned.as_ref().filter(|p| Some(p.number) == self.selected),
        }
    }

    /// Selects a deal by number, pinning a copy of it.
    pub fn select(&mut self, number: Option<u64>) {
        self.selected = number;
        // Its own copy of its text: a pinned deal holds no batch of the run alive.
        self.pinned = self
            .selected_index()
            .map(|i| MatchedDeal { printed: self.deals[i].printed.own(), ..self.deals[i].clone() });
    }
}

/// Double-dummy results by (generation, deal number).
#[derive(Clone, Debug, Default)]
pub struct DdCache {
    /// Finished solves.
    pub done: HashMap<(u64, u64), Result<DdResult, TuiError>>,
    /// Requested and not back yet.
    pub pending: Option<(u64, u64)>,
}

/// The whole workbench state.
pub struct App {
    /// The script's path.
    pub path: PathBuf,
    /// The name shown (file name).
    pub file_name: String,
    /// The editor buffer.
    pub editor: TextArea<'static>,
    /// The rows of the text last saved or loaded.
    pub(super) saved_lines: Vec<String>,
    /// The buffer differs from `saved_lines` (kept up to date by every edit).
    pub(super) unsaved: bool,
    /// The rows as the highlighter last saw them, to find what the next edit changed.
    seen: Vec<String>,
    /// What changed on disk while the buffer had edits, for Ctrl-O.
    pub disk_text: Option<String>,
    /// What the file on disk holds.
    pub disk: DiskState,
    /// Diagnostics of the last compile or run.
    pub diagnostics: Vec<Diagnostic>,
    highlighter: Box<dyn Highlighter>,
    /// The theme.
    pub theme: Theme,
    /// Show suits as letters.
    pub suit_letters: bool,
    /// The focused pane.
    pub focus: Pane,
    /// The overlays, bottom first (overlay.rs).
    pub(super) layers: Vec<Overlay>,
    /// The latest results.
    pub results: Results,
    /// Run state.
    pub state: RunState,
    /// True when the results on screen are from an older script than the one that failed.
    pub stale: bool,
    /// The current run's generation; events of other generations are dropped.
    pub generation: u64,
    /// Double-dummy solves.
    pub dd: DdCache,
    /// Solve automatically when the DD pane shows.
    pub auto_dd: bool,
    /// The panes, each with its own state.
    panes: Vec<Box<dyn PaneView>>,
    /// A message for the status line (text, is it an error).
    pub message: Option<(String, bool)>,
    /// How many matched deals to keep.
    pub keep: usize,
    /// Terminal size, for layout-dependent keys.
    pub size: (u16, u16),
    /// Set when the app should exit.
    pub quit: bool,
    /// Quit once the pending save succeeds.
    pub quit_after_save: bool,
    /// A run was requested (the `Run` effect is on its way, or its script is compiling) and
    /// has not started yet: a stop cancels it.
    pub run_requested: bool,
    /// Set when a run started and its first events have not arrived yet.
    fresh_table: Option<TableInfo>,
    /// Level the hand types (`--level`) in the runs.
    pub level: bool,
    /// The compiled script of the run that started, until its results replace the old ones.
    pub fresh_program: Option<std::sync::Arc<crate::eval::Program>>,
    /// The filter's text compiled with `fresh_program` on the compile thread, for `refilter`.
    pub fresh_filter: Option<super::engine::FilterCompile>,
    /// The seed re-runs keep (explore.rs).
    pub seed: super::explore::Seed,
    /// The run's generate and produce limits, for the progress bar.
    pub limits: Option<(u64, u64)>,
    /// The filter over the kept deals (explore.rs).
    pub filter: Option<super::explore::Filter>,
    /// The session set's file as last typed at the session prompt (session.rs).
    pub session_input: String,
    /// The latest levelled-copy request: an answer to an older one is dropped (leveled.rs).
    pub level_job: u64,
    /// The levelled copy last written.
    pub leveled: Option<super::leveled::LevelReport>,
    /// The contracts compared on the kept deals (the Contracts pane's prompt), none at first.
    pub compare: Vec<crate::run::stats::ContractAt>,
    /// The contract whose opening leads the runs study (the Leads prompt), none at first.
    pub leads: Option<crate::run::stats::LeadContract>,
}

/// Tab width the editor expands to.
pub const TAB_LEN: u8 = 4;

impl App {
    /// A workbench on `path` holding `text`.
    pub fn new(path: PathBuf, text: &str, theme: Theme) -> App {
        let file_name =
            path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let saved = normalize(text);
        let mut app = App {
            path,
            file_name,
            editor: TextArea::default(),
            saved_lines: rows(&saved),
            unsaved: false,
            seen: Vec::new(),
            disk_text: None,
            disk: DiskState::Text,
            diagnostics: Vec::new(),
            highlighter: super::highlight::default_highlighter(),
            suit_letters: theme.colorless,
            theme,
            focus: Pane::Editor,
            layers: Vec::new(),
            results: Results::default(),
            state: RunState::Idle,
            stale: false,
            generation: 0,
            dd: DdCache::default(),
            auto_dd: true,
            panes: super::pane::registry(),
            message: None,
            keep: 1000,
            size: (120, 40),
            quit: false,
            quit_after_save: false,
            run_requested: false,
            fresh_table: None,
            level: false,
            fresh_program: None,
            fresh_filter: None,
            seed: Default::default(),
            limits: None,
            filter: None,
            session_input: super::session::DEFAULT_FILE.into(),
            level_job: 0,
            leveled: None,
            compare: Vec::new(),
            leads: None,
        };
        app.set_buffer(&saved);
        app.apply_theme_to_editor();
        app
    }

    /// A workbench on `path` from the file's bytes: UTF-8, or else decoded lossily (as
    /// `dealbench run` reads scripts) with a warning naming the file.
    pub fn open_bytes(path: PathBuf, bytes: &[u8], theme: Theme) -> App {
        let text = String::from_utf8_lossy(bytes);
        let mut app = App::new(path, &text, theme);
        if std::str::from_utf8(bytes).is_err() {
            app.disk = DiskState::Lossy;
            app.say(
                format!("{} is not UTF-8: bad bytes show as \u{fffd}, and only a save writes them so", app.file_name),
                true,
            );
        }
        app
    }

    /// Replaces the highlighter (the tree-sitter one, when the grammar is built in).
    pub fn set_highlighter(&mut self, h: Box<dyn Highlighter>) {
        self.highlighter = h;
        self.highlighter.update(&[], self.editor.lines(), None);
    }

    /// Replaces the theme.
    pub fn set_theme(&mut self, theme: Theme) {
        self.theme = theme;
        self.apply_theme_to_editor();
    }

    fn apply_theme_to_editor(&mut self) {
        let t = &self.theme;
        self.editor.set_line_number_style(t.get("ui.linenr"));
        self.editor.set_cursor_style(t.get("ui.cursor"));
        self.editor.set_cursor_line_style(t.get("ui.cursorline"));
        self.editor.set_selection_style(t.get("ui.selection"));
        self.editor.set_search_style(t.get("ui.search"));
        self.editor.set_style(t.get("ui.text"));
        self.editor.set_tab_length(TAB_LEN);
    }

    /// Loads text into the editor, keeping the cursor where it can.
    pub fn set_buffer(&mut self, text: &str) {
        let cursor = self.editor.cursor();
        let lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let mut ta = TextArea::new(lines);
        std::mem::swap(&mut self.editor, &mut ta);
        self.apply_theme_to_editor();
        let row = cursor.0.min(self.editor.lines().len().saturating_sub(1));
        self.editor.move_cursor(CursorMove::Jump(row as u16, cursor.1 as u16));
        self.seen = self.editor.lines().to_vec();
        self.highlighter.update(&[], &self.seen, None);
        self.unsaved = self.seen != self.saved_lines;
    }

    /// The buffer as one string, lines joined with `\n`.
    pub fn buffer_text(&self) -> String {
        self.editor.lines().join("\n")
    }

    /// True when the buffer is not safely on disk: it differs from the file as last saved
    /// or loaded, or the file no longer holds those bytes (deleted, overwritten with bytes
    /// that are not text, replaced by a directory or a FIFO, unreadable).
    pub fn modified(&self) -> bool {
        !self.disk.holds_buffer() || self.unsaved
    }

    /// After the editor changed the buffer: finds the rows it changed and passes them to
    /// the highlighter, and updates `modified`. Copies only the changed rows; each unchanged
    /// row costs one comparison with its copy.
    pub fn after_edit(&mut self) {
        let lines = self.editor.lines();
        let Some(e) = line_edit::diff(&self.seen, lines) else { return };
        self.highlighter.update(&self.seen, lines, Some(&e));
        self.seen.splice(e.first..e.first + e.old_rows, lines[e.new_range()].iter().cloned());
        // A changed row that differs from the saved one settles it without the full comparison.
        let saved = &self.saved_lines;
        self.unsaved =
            lines.len() != saved.len() || e.new_range().any(|r| lines[r] != saved[r]) || lines != saved.as_slice();
    }

    /// The colours of rows `rows` of the buffer.
    pub fn visible_highlights(&self, rows: std::ops::Range<usize>) -> Vec<RowSpan> {
        self.highlighter.visible(self.editor.lines(), rows)
    }

    /// The script's number of hand types, from the latest statistics.
    pub fn hand_type_count(&self) -> usize {
        self.results.stats.hand_types().map_or(0, |h| h.names.len())
    }

    /// True when every pane is on screen at once.
    pub fn wide(&self) -> bool {
        self.size.0 >= 100 && self.size.1 >= 30
    }

    /// True when the pane is on screen.
    pub fn visible(&self, pane: Pane) -> bool {
        self.wide() || self.focus == pane
    }

    /// The panes in Tab order.
    pub fn panes(&self) -> impl Iterator<Item = &dyn PaneView> {
        self.panes.iter().map(|p| p.as_ref())
    }

    /// A registered pane.
    pub fn pane(&self, id: Pane) -> &dyn PaneView {
        self.panes.iter().find(|p| p.id() == id).expect("every pane is registered").as_ref()
    }

    /// Runs `f` on a pane and the app. The panes are lent out meanwhile: `f` must not look
    /// panes up through the app.
    pub fn with_pane<R>(&mut self, id: Pane, f: impl FnOnce(&mut dyn PaneView, &mut App) -> R) -> R {
        let mut panes = std::mem::take(&mut self.panes);
        let i = panes.iter().position(|p| p.id() == id).expect("every pane is registered");
        let r = f(panes[i].as_mut(), self);
        self.panes = panes;
        r
    }

    /// Sets the message on the status line.
    pub fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some((text.into(), error));
    }

    // ---- runs -------------------------------------------------------------------------

    /// Starts a new run of the buffer (after a save, a reload or F5).
    pub fn request_run(&mut self) -> Vec<Effect> {
        self.generation += 1;
        self.run_requested = true;
        vec![Effect::Run { generation: self.generation, source: self.buffer_text() }]
    }

    /// The script did not compile: keep the last results, marked stale.
    pub fn on_compile_error(&mut self, generation: u64, diags: Vec<Diagnostic>) {
        if generation != self.generation {
            return;
        }
        self.run_requested = false;
        self.state = RunState::Error;
        self.stale = self.results.generated > 0 || !self.results.deals.is_empty();
        if let Some(d) = diags.first() {
            self.say(format!("{}:{}: {}", d.line, d.column, d.message), true);
        }
        self.diagnostics = diags;
    }

    /// The script compiled and its run started. The old results stay (marked stale) until
    /// the new run's first events arrive, so the screen does not flash empty.
    pub fn on_run_started(&mut self, generation: u64, table: TableInfo, warnings: Vec<Diagnostic>) {
        if generation != self.generation {
            return;
        }
        self.run_requested = false;
        self.fresh_table = Some(table);
        self.state = RunState::Running;
        self.stale = !self.results.deals.is_empty() || self.results.generated > 0;
        self.diagnostics = warnings;
        self.panes.iter_mut().for_each(|p| p.on_run_started());
        if self.message.as_ref().is_some_and(|m| m.1) {
            self.message = None;
        }
    }

    /// A batch of run events; stale generations are dropped.
    pub fn on_run_msgs(&mut self, generation: u64, msgs: Vec<Event>) -> Vec<Effect> {
        if generation != self.generation {
            return Vec::new();
        }
        let before = (self.results.generation, self.results.selected);
        for m in msgs {
            // The old results give way to the first real results of the new run; a run that
            // fails before any leaves them on screen, stale.
            if !matches!(m, Event::Failed(_))
                && let Some(table) = self.fresh_table.take()
            {
                let program = self.fresh_program.take();
                self.results = Results { table, generation, program, ..Results::default() };
                self.refilter();
                self.stale = false;
            }
            self.on_run_msg(m);
        }
        if (self.results.generation, self.results.selected) != before { self.dd_request() } else { Vec::new() }
    }

    /// A batch of matched deals, in deal order. With no deal selected yet, the batch's first
    /// deal is kept and selected (pinned) before the rest can push it out of the ring.
    fn on_batch(&mut self, mut deals: Vec<MatchedDeal>) {
        if self.results.selected.is_none() && !deals.is_empty() {
            let rest = deals.split_off(1);
            self.keep_last(deals);
            let first = self.results.deals.front().map(|d| d.number);
            self.results.select(first);
            deals = rest;
        }
        self.keep_last(deals);
    }

    /// Each deal of `deals` through the filter, and only the last `keep` of ring and batch
    /// kept, moved in at once.
    fn keep_last(&mut self, mut deals: Vec<MatchedDeal>) {
        let Some(last) = deals.last() else { return };
        let r = &mut self.results;
        r.produced = r.produced.max(last.number);
        r.generated = r.generated.max(last.generated);
        if let Some(f) = &mut self.filter {
            deals.iter().for_each(|d| {
                f.test(d);
            });
        }
        let keep = self.keep.max(1);
        let skip = deals.len().saturating_sub(keep);
        let excess = (r.deals.len() + deals.len() - skip).saturating_sub(keep);
        Printed::release(r.deals.drain(..excess).map(|d| d.printed));
        r.deals.extend(deals.drain(skip..));
        Printed::release(deals.drain(..).map(|d| d.printed));
        crate::run::recycle_deals(deals);
        r.dropped += (skip + excess) as u64;
    }

    fn on_run_msg(&mut self, m: Event) {
        let r = &mut self.results;
        match m {
            Event::Matched(deals) => self.on_batch(deals),
            Event::Progress { generated, produced, elapsed } => {
                r.generated = generated;
                r.produced = produced;
                r.elapsed = elapsed;
            }
            Event::Stats(s) => {
                r.generated = r.generated.max(s.generated);
                r.produced = r.produced.max(s.produced);
                r.stats = *s;
            }
            Event::Output(text) => r.output.push_str(&text),
            Event::Profile(p) => r.profile = Some(*p),
            Event::Finished(Summary { generated, produced, seed, elapsed, cancelled }) => {
                r.generated = generated;
                r.produced = produced;
                r.seed = Some(seed);
                r.elapsed = elapsed;
                self.state = if cancelled { RunState::Cancelled } else { RunState::Done };
                let fruitless = r.profile.as_ref().zip(self.limits).and_then(|(p, (g, n))| {
                    let (row, how) = p.fruitless(produced, n, generated, g)?;
                    Some(format!("`{}` {how} ({} of {} deals)", row.text, row.order.held, row.order.deals))
                });
                if let Some(note) = fruitless.filter(|_| !cancelled) {
                    self.say(note, true);
                }
            }
            Event::Failed(d) => {
                self.state = RunState::Error;
                self.say(format!("{}:{}: {}", d.line, d.column, d.message), true);
                self.diagnostics.push(*d);
            }
        }
    }

    /// The text view's lines: every kept deal's printed text, then the end-of-run output.
    pub fn text_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.results.dropped > 0 {
            out.push(format!("… {} earlier deals not kept (keep_deals = {})", self.results.dropped, self.keep));
        }
        for d in &self.results.deals {
            out.extend(d.printed.lines().map(str::to_string));
        }
        out.extend(self.results.output.lines().map(str::to_string));
        out
    }
}

/// The rows of a normalized text.
pub(super) fn rows(text: &str) -> Vec<String> {
    text.split('\n').map(str::to_string).collect()
}

/// Text as the editor holds it: `\n` line ends and no final newline.
pub fn normalize(text: &str) -> String {
    let t = text.replace("\r\n", "\n");
    t.strip_suffix('\n').map(str::to_string).unwrap_or(t)
}
