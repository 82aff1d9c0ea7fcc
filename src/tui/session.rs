//! Growing a teaching session from the workbench: `a` adds the kept deals (those the filter
//! passes) to a session set, a file typed at a prompt (report::session_file reads the set
//! back and numbers the new boards after its own); `s` lists the set's boards. The runtime
//! does the file I/O (disk.rs) and hands the outcome back here.

use std::path::{Path, PathBuf};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::{App, Effect, Overlay};
use super::keymap::{Action, Scope, lookup};
use super::overlay::Outcome;
use crate::report::session::{Drawn, Scenario};
use crate::report::session_file::{Added, Row};
use crate::report::set::SetFormat;

/// The session file the prompt offers first.
pub const DEFAULT_FILE: &str = "session.pbn";

/// Boards to add to a session set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionAdd {
    /// The set's file.
    pub path: PathBuf,
    /// Its format, from its name.
    pub format: SetFormat,
    /// The script's scenario: title (else the file's stem), dealer, vulnerability, hand types
    /// and teaching text.
    pub scenario: Scenario,
    /// The kept deals, with their hand types.
    pub drawn: Vec<Drawn>,
    /// Every new board takes its number's dealer and vulnerability, the deal turned.
    pub rotate: bool,
    /// The user agreed to rewrite the set already there.
    pub confirmed: bool,
}

/// What became of an addition.
#[derive(Debug)]
pub enum SessionOutcome {
    /// Written: the set as it now is.
    Written(Added),
    /// The file exists and rewriting it was not confirmed: the set it would become.
    Exists(Added),
    /// Not a set, the script itself, not a regular file, or unreadable: nothing written.
    Refused(String),
    /// Writing failed: the old file, if any, is as it was.
    Failed(String),
}

/// The session set's boards, as the list overlay shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionList {
    /// The file's name.
    pub name: String,
    /// Its boards.
    pub rows: Vec<Row>,
    /// The first row on screen.
    pub scroll: u16,
}

impl App {
    /// The session file `input` names: relative to the script's directory.
    pub fn session_path(&self, input: &str) -> PathBuf {
        let dir = self.path.parent().unwrap_or(Path::new(""));
        dir.join(input.trim())
    }

    /// `a`: opens the session prompt on the file last used.
    pub(super) fn open_session_prompt(&mut self) -> Vec<Effect> {
        self.push_overlay(Overlay::Session { input: self.session_input.clone(), rotate: false });
        Vec::new()
    }

    /// A key at the session prompt: Enter adds, Ctrl-R turns rotation on or off, Esc cancels;
    /// others edit the file name.
    pub(super) fn session_key(&mut self, mut input: String, rotate: bool, key: KeyEvent) -> Outcome {
        match lookup(Scope::SessionPrompt, &key) {
            Some(Action::SessionWrite) => return (None, self.session_add(&input, rotate)),
            Some(Action::ToggleRotate) => return (Some(Overlay::Session { input, rotate: !rotate }), Vec::new()),
            Some(Action::Stay) => return (None, Vec::new()),
            _ => {}
        }
        match key.code {
            KeyCode::Backspace => {
                input.pop();
            }
            KeyCode::Char(c) if !key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) => input.push(c),
            _ => {}
        }
        (Some(Overlay::Session { input, rotate }), Vec::new())
    }

    /// The kept deals as boards to add to the file `input` names.
    fn session_add(&mut self, input: &str, rotate: bool) -> Vec<Effect> {
        let path = self.session_path(input);
        let format = match SetFormat::from_path(&path) {
            Ok(f) => f,
            Err(e) => {
                self.say(e.0, true);
                return Vec::new();
            }
        };
        self.session_input = input.trim().to_string();
        let drawn: Vec<Drawn> =
            self.export_deals().map(|d| Drawn { scenario: 0, deal: d.deal, hand_types: d.hand_types }).collect();
        let Some(program) = self.results.program.as_ref().filter(|_| !drawn.is_empty()) else {
            let why = if self.results.deals.is_empty() { "no deals to add" } else { "no kept deal passes the filter" };
            self.say(format!("{why}: nothing written"), true);
            return Vec::new();
        };
        let stem = self.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let mut scenario = Scenario::of(&program.script, &program.source, &stem);
        (scenario.dealer, scenario.vulnerable) = (self.results.table.dealer, self.results.table.vulnerable);
        let add = SessionAdd { path, format, scenario, drawn, rotate, confirmed: false };
        vec![Effect::SessionAdd(Box::new(add))]
    }

    /// What became of an addition: written (the board list shows the set), waiting for a
    /// yes to rewrite the file there, refused or failed.
    pub fn on_session_added(&mut self, outcome: SessionOutcome, add: SessionAdd) {
        let name = file_name(&add.path);
        match outcome {
            SessionOutcome::Written(a) => {
                let (n, total) = (add.drawn.len(), a.rows.len());
                let range = a.rows.get(a.before..).map_or(String::new(), span);
                self.say(format!("added {n} boards to {name}: {range} of {total}"), false);
                let scroll = a.before.saturating_sub(1) as u16;
                self.push_overlay(Overlay::SessionList(SessionList { name, rows: a.rows, scroll }));
            }
            SessionOutcome::Exists(a) => self.push_overlay(Overlay::ConfirmSession { add: Box::new(add), added: a }),
            SessionOutcome::Refused(why) => self.say(format!("session refused: {why}"), true),
            SessionOutcome::Failed(e) => self.say(format!("session not written: {e}; {name} left as it was"), true),
        }
    }

    /// A key at the question before boards are added to an existing set: `y` rewrites it,
    /// `n` or Esc keeps it.
    pub(super) fn confirm_session_key(&mut self, add: Box<SessionAdd>, added: Added, key: KeyEvent) -> Outcome {
        match lookup(Scope::ReplacePrompt, &key) {
            Some(Action::Replace) => (None, vec![Effect::SessionAdd(Box::new(SessionAdd { confirmed: true, ..*add }))]),
            Some(Action::Stay) => {
                self.say(format!("nothing added; {} left as it was", file_name(&add.path)), false);
                (None, Vec::new())
            }
            _ => (Some(Overlay::ConfirmSession { add, added }), Vec::new()),
        }
    }

    /// `s`: reads the session set the prompt names, for its board list.
    pub(super) fn show_session(&mut self) -> Vec<Effect> {
        vec![Effect::SessionRead(self.session_path(&self.session_input.clone()))]
    }

    /// The session set read for its list: the list, or what kept it from being read.
    pub fn on_session_read(&mut self, path: &Path, rows: Result<Vec<Row>, String>) {
        match rows {
            Ok(rows) => self.push_overlay(Overlay::SessionList(SessionList { name: file_name(path), rows, scroll: 0 })),
            Err(e) => self.say(e, true),
        }
    }

    /// A key over the board list: ↑ ↓ PgUp PgDn scroll, any other closes it.
    pub(super) fn session_list_key(&mut self, mut list: SessionList, key: KeyEvent) -> Outcome {
        match lookup(Scope::SessionList, &key) {
            Some(Action::ScrollBy(n)) => {
                let last = list.rows.len().saturating_sub(1) as i64;
                list.scroll = (i64::from(list.scroll) + i64::from(n)).clamp(0, last) as u16;
                (Some(Overlay::SessionList(list)), Vec::new())
            }
            _ => (None, Vec::new()),
        }
    }
}

/// The file name of `path`, for messages.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// `boards 5–9` (or `board 5`) for rows.
pub fn span(rows: &[Row]) -> String {
    match (rows.first(), rows.last()) {
        (Some(a), Some(b)) if a.number != b.number => format!("boards {}–{}", a.number, b.number),
        (Some(a), _) => format!("board {}", a.number),
        _ => "no boards".into(),
    }
}
