//! Overlays: windows stacked over the panes (key help, a word's vocabulary entry, the quit
//! question, the search prompt, the export prompt and its question before replacing a
//! file, the session prompt, its question and the session's board list). The top one takes every key and mouse event; each decides whether it stays.
//! Drawing (help.rs) paints them bottom to top.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};

use super::app::{App, Effect};
use super::keymap::{Action, Scope, lookup};

/// A window over the panes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Key help, scrolled.
    Help(u16),
    /// A word's vocabulary entry.
    Word(String),
    /// Unsaved changes: save, discard or stay.
    ConfirmQuit,
    /// The search prompt, with what has been typed.
    Search(String),
    /// The filter prompt over the kept deals, with what has been typed (explore.rs).
    Filter(String),
    /// The prompt for the contracts to compare, with what has been typed (contracts_view.rs).
    Compare(String),
    /// The prompt for the contract whose leads to study, with what has been typed (leads_view.rs).
    Leads(String),
    /// The export prompt: PBN or LIN, rotated or not (export_prompt.rs).
    Export {
        /// Boards take their number's dealer, the deals turned to match.
        rotate: bool,
    },
    /// An export's file exists: replace it (`y`) or keep it (export_prompt.rs).
    ConfirmReplace {
        /// The file.
        path: std::path::PathBuf,
        /// What would replace it.
        text: String,
        /// How many deals that holds.
        deals: usize,
    },
    /// The session prompt: the set's file name as typed, rotation (session.rs).
    Session {
        /// The file name typed.
        input: String,
        /// The new boards take their number's dealer, the deals turned to match.
        rotate: bool,
    },
    /// Boards to add to an existing session set: rewrite it (`y`) or keep it (session.rs).
    ConfirmSession {
        /// What to add.
        add: Box<super::session::SessionAdd>,
        /// The set it would become.
        added: crate::report::session_file::Added,
    },
    /// The session set's boards (session.rs).
    SessionList(super::session::SessionList),
    /// The levelled copy's file name as typed (leveled.rs).
    Leveled(String),
}

/// What a layer does after an event: stays (perhaps changed) or closes.
pub(super) type Outcome = (Option<Overlay>, Vec<Effect>);

impl App {
    /// The overlay on top, if any.
    pub fn overlay(&self) -> Option<&Overlay> {
        self.layers.last()
    }

    /// The overlays, bottom first.
    pub fn overlays(&self) -> &[Overlay] {
        &self.layers
    }

    /// Puts an overlay on top.
    pub fn push_overlay(&mut self, overlay: Overlay) {
        self.layers.push(overlay);
    }

    /// Takes the overlay on top away.
    pub fn pop_overlay(&mut self) -> Option<Overlay> {
        self.layers.pop()
    }

    /// A key for the overlay on top.
    pub(super) fn overlay_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        let Some(top) = self.layers.pop() else { return Vec::new() };
        let (stays, effects) = match top {
            Overlay::ConfirmQuit => self.quit_key(key),
            Overlay::Help(scroll) => (help_key(scroll, key), Vec::new()),
            Overlay::Word(_) => (None, Vec::new()),
            Overlay::Search(q) => (self.search_key(q, key), Vec::new()),
            Overlay::Filter(q) => self.filter_key(q, key),
            Overlay::Compare(q) => self.compare_key(q, key),
            Overlay::Leads(q) => self.leads_key(q, key),
            Overlay::Export { rotate } => self.export_key(rotate, key),
            Overlay::ConfirmReplace { path, text, deals } => self.replace_key(path, text, deals, key),
            Overlay::Session { input, rotate } => self.session_key(input, rotate, key),
            Overlay::ConfirmSession { add, added } => self.confirm_session_key(add, added, key),
            Overlay::SessionList(list) => self.session_list_key(list, key),
            Overlay::Leveled(input) => self.leveled_key(input, key),
        };
        self.layers.extend(stays);
        effects
    }

    /// A mouse event while an overlay is up: the help scrolls with the wheel and closes on
    /// a click; the others ignore the mouse.
    pub(super) fn overlay_mouse(&mut self, ev: MouseEvent) {
        let Some(Overlay::Help(s)) = self.layers.last_mut() else { return };
        match ev.kind {
            MouseEventKind::ScrollDown => *s = s.saturating_add(3),
            MouseEventKind::ScrollUp => *s = s.saturating_sub(3),
            MouseEventKind::Down(_) => {
                self.layers.pop();
            }
            _ => {}
        }
    }

    fn quit_key(&mut self, key: KeyEvent) -> Outcome {
        match lookup(Scope::QuitPrompt, &key) {
            Some(Action::SaveAndQuit) => {
                self.quit_after_save = true;
                (None, self.save())
            }
            Some(Action::Discard) => {
                self.quit = true;
                (None, vec![Effect::Quit])
            }
            Some(Action::Stay) => (None, Vec::new()),
            _ => (Some(Overlay::ConfirmQuit), Vec::new()),
        }
    }

    fn search_key(&mut self, mut q: String, key: KeyEvent) -> Option<Overlay> {
        match key.code {
            KeyCode::Esc => return None,
            KeyCode::Enter => {
                if q.is_empty() {
                    let _ = self.editor.set_search_pattern("");
                } else if self.editor.set_search_pattern(regex_escape(&q)).is_ok() && !self.editor.search_forward(true)
                {
                    self.say(format!("not found: {q}"), true);
                }
                return None;
            }
            KeyCode::Backspace => {
                q.pop();
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => q.push(c),
            _ => {}
        }
        Some(Overlay::Search(q))
    }
}

/// What a key does at a one-line prompt.
pub(super) enum PromptKey {
    /// Esc: close it, nothing taken.
    Cancel,
    /// Enter: take the text.
    Submit(String),
    /// Typing (or a key the prompt ignores): the text as it now reads.
    Edit(String),
}

/// A key at a one-line prompt holding `q`: Esc, Enter, Backspace, or a character typed.
pub(super) fn prompt_key(mut q: String, key: KeyEvent) -> PromptKey {
    match key.code {
        KeyCode::Esc => return PromptKey::Cancel,
        KeyCode::Enter => return PromptKey::Submit(q),
        KeyCode::Backspace => {
            q.pop();
        }
        KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => q.push(c),
        _ => {}
    }
    PromptKey::Edit(q)
}

/// The key help scrolls with ↑ ↓ j k PgUp PgDn; any other key closes it.
fn help_key(scroll: u16, key: KeyEvent) -> Option<Overlay> {
    let to = match key.code {
        KeyCode::Down | KeyCode::Char('j') => scroll.saturating_add(1),
        KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
        KeyCode::PageDown => scroll.saturating_add(10),
        KeyCode::PageUp => scroll.saturating_sub(10),
        _ => return None,
    };
    Some(Overlay::Help(to))
}

/// The search text as a literal regular expression.
pub fn regex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
