//! The workbench: a terminal UI that edits a dealer3 script and re-runs it on every save.
//!
//! `App` (app.rs) is plain state whose updates return effects; it routes keys and the mouse
//! to the overlay on top (overlay.rs), else through the key table (keymap.rs) to itself or
//! the focused pane. Each pane (`*_view`, a [`pane::PaneView`]) owns its state and draws
//! itself without I/O, with the helpers in widgets.rs; `runtime` owns the terminal, the watcher, the engine runs
//! and the solver thread, and feeds everything back into `App` from one channel.

pub mod app;
pub mod config;
pub mod contracts_view;
pub mod dd_view;
pub mod deal_view;
pub mod deals;
pub mod disk;
pub mod editor_view;
pub mod engine;
pub mod explore;
pub mod export_prompt;
pub mod files;
pub mod hand_types_view;
pub mod help;
mod highlight;
pub mod keymap;
pub mod keys;
pub mod leads_view;
pub mod leveled;
pub mod line_edit;
pub mod mouse;
pub mod overlay;
pub mod pane;
pub mod profile_view;
pub mod runtime;
pub mod session;
pub mod session_view;
pub mod stats_view;
pub mod status;
pub mod text_view;
pub mod theme;
pub mod ts_highlight;
pub mod ui;
pub mod watch_view;
pub mod watcher;
pub mod widgets;

use std::path::PathBuf;

message_error! {
    /// What the workbench reports in its status line or on exit: a config or theme that
    /// cannot be read, a watcher that cannot start, a save or solve that failed.
    TuiError
}

/// Command-line settings for the workbench.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TuiOptions {
    /// Theme name (bundled or user); overrides `config.toml`.
    pub theme: Option<String>,
    /// Fixed seed for every run.
    pub seed: Option<i64>,
    /// Engine worker threads.
    pub threads: Option<usize>,
    /// `auto`, `always`, `256`, `16` or `never`; overrides `config.toml`.
    pub color: Option<String>,
}

impl TuiOptions {
    /// The switches the workbench's runs are resolved from, as `dealbench run`'s are.
    pub fn switches(&self) -> crate::run::switches::Switches {
        crate::run::switches::Switches {
            seed: self.seed,
            threads: self.threads,
            matched_events: true,
            ..Default::default()
        }
    }
}

/// The example opened by `dealbench` with no script.
pub const EXAMPLE: &str = include_str!("../../assets/example.dlr");

/// Opens the workbench on `path` (created if missing), or on a scratch copy of the
/// bundled example in the user's data directory. Returns when the user quits; the
/// terminal is restored on every exit, panics included.
pub fn open(path: Option<PathBuf>, opts: TuiOptions) -> std::io::Result<()> {
    let path = match path {
        Some(p) => {
            if !p.exists() {
                std::fs::write(&p, "")?;
            }
            // Work on the real file, so saves replace it rather than a symlink to it, and
            // the watcher watches the directory it really lives in.
            p.canonicalize().unwrap_or(p)
        }
        None => scratch_example()?,
    };
    runtime::run(path, opts)
}

/// The scratch copy of the example: `example.dlr` in the data directory, written when
/// missing (an existing one keeps the user's edits).
pub fn scratch_example() -> std::io::Result<PathBuf> {
    let dir = config::data_dir().unwrap_or_else(std::env::temp_dir);
    std::fs::create_dir_all(&dir)?;
    let p = dir.join("example.dlr");
    if !p.exists() {
        std::fs::write(&p, EXAMPLE)?;
    }
    Ok(p)
}
