//! Key handling: overlays first, then the keys that work everywhere, then the focused pane.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui_textarea::{CursorMove, Input};

use super::app::{App, Effect, Overlay, Pane, RunState};
use super::highlight::word_at;
use crate::script::vocab;

impl App {
    /// One key press.
    pub fn on_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        if let Some(overlay) = self.overlay.clone() {
            return self.overlay_key(overlay, key);
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        match (key.code, ctrl, alt) {
            (KeyCode::Char('s'), true, _) => return self.save(),
            (KeyCode::Char('q'), true, _) => return self.ask_quit(),
            (KeyCode::Char('o'), true, _) => return self.load_disk_version(),
            (KeyCode::Char('f'), true, _) => {
                self.overlay = Some(Overlay::Search(String::new()));
                return Vec::new();
            }
            (KeyCode::Char('g'), true, _) | (KeyCode::F(3), _, _) => {
                if !self.editor.search_forward(false) {
                    self.say("no match", false);
                }
                return Vec::new();
            }
            (KeyCode::Tab, false, false) => return self.focus_next(1),
            (KeyCode::BackTab, _, _) => return self.focus_next(-1),
            (KeyCode::Char(c @ '1'..='5'), false, true) => {
                return self.focus_to(Pane::ALL[c as usize - '1' as usize]);
            }
            (KeyCode::F(1), _, _) => {
                self.help_for_cursor();
                return Vec::new();
            }
            (KeyCode::F(5), _, _) => return self.request_run(),
            (KeyCode::F(6), _, _) => return self.stop(),
            (KeyCode::Char('n'), false, true) | (KeyCode::Right, false, true) => return self.select_by(1),
            (KeyCode::Char('p'), false, true) | (KeyCode::Left, false, true) => return self.select_by(-1),
            (KeyCode::Char('e'), false, true) => return self.export(),
            (KeyCode::Char('y'), false, true) => return self.copy_selected(),
            (KeyCode::Char('d'), false, true) => return self.dd_solve_selected(),
            _ => {}
        }
        match self.focus {
            Pane::Editor => self.editor_key(key),
            pane => self.pane_key(pane, key),
        }
    }

    /// Bracketed paste: the text goes into the editor as it is (terminals send CR for LF).
    pub fn paste(&mut self, text: &str) {
        if self.focus == Pane::Editor && self.overlay.is_none() {
            let text = text.replace("\r\n", "\n").replace('\r', "\n");
            self.editor.insert_str(text);
            self.after_edit();
        }
    }

    fn ask_quit(&mut self) -> Vec<Effect> {
        if self.modified() {
            self.overlay = Some(Overlay::ConfirmQuit);
            Vec::new()
        } else {
            self.quit = true;
            vec![Effect::Quit]
        }
    }

    fn stop(&mut self) -> Vec<Effect> {
        if self.state == RunState::Running {
            self.generation += 1;
            self.state = RunState::Cancelled;
            vec![Effect::Cancel]
        } else {
            Vec::new()
        }
    }

    fn focus_next(&mut self, step: i32) -> Vec<Effect> {
        let i = Pane::ALL.iter().position(|p| *p == self.focus).unwrap_or(0) as i32;
        let n = Pane::ALL.len() as i32;
        self.focus_to(Pane::ALL[(i + step).rem_euclid(n) as usize])
    }

    fn focus_to(&mut self, pane: Pane) -> Vec<Effect> {
        self.focus = pane;
        self.dd_request()
    }

    fn export(&mut self) -> Vec<Effect> {
        if self.results.deals.is_empty() {
            self.say("no deals to export", true);
            return Vec::new();
        }
        let path = self.path.with_extension("pbn");
        vec![Effect::Export { path, text: self.pbn_export() }]
    }

    fn copy_selected(&mut self) -> Vec<Effect> {
        match self.results.selected_deal() {
            Some(d) => {
                let line = d.deal.oneline();
                self.say(format!("copied deal {} as a oneline", d.number), false);
                vec![Effect::Copy(line)]
            }
            None => {
                self.say("no deal selected", true);
                Vec::new()
            }
        }
    }

    /// F1: the vocabulary entry of the word under the cursor, or the key help.
    pub fn help_for_cursor(&mut self) {
        if self.focus == Pane::Editor {
            let (row, col) = (self.editor.cursor().0, self.editor.cursor().1);
            if let Some(line) = self.editor.lines().get(row)
                && let Some(word) = word_at(line, col)
                && vocab::lookup(&word).is_some()
            {
                self.overlay = Some(Overlay::Word(word));
                return;
            }
        }
        self.overlay = Some(Overlay::Help(0));
    }

    fn overlay_key(&mut self, overlay: Overlay, key: KeyEvent) -> Vec<Effect> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match overlay {
            Overlay::ConfirmQuit => match key.code {
                KeyCode::Char('s') | KeyCode::Char('y') => {
                    self.overlay = None;
                    self.quit_after_save = true;
                    self.save()
                }
                KeyCode::Char('d') | KeyCode::Char('n') => {
                    self.overlay = None;
                    self.quit = true;
                    vec![Effect::Quit]
                }
                KeyCode::Esc | KeyCode::Char('c') => {
                    self.overlay = None;
                    Vec::new()
                }
                _ => Vec::new(),
            },
            Overlay::Help(scroll) => {
                self.overlay = match key.code {
                    KeyCode::Down | KeyCode::Char('j') => Some(Overlay::Help(scroll.saturating_add(1))),
                    KeyCode::Up | KeyCode::Char('k') => Some(Overlay::Help(scroll.saturating_sub(1))),
                    KeyCode::PageDown => Some(Overlay::Help(scroll.saturating_add(10))),
                    KeyCode::PageUp => Some(Overlay::Help(scroll.saturating_sub(10))),
                    _ => None,
                };
                Vec::new()
            }
            Overlay::Word(_) => {
                self.overlay = None;
                Vec::new()
            }
            Overlay::Search(mut q) => {
                match key.code {
                    KeyCode::Esc => self.overlay = None,
                    KeyCode::Enter => {
                        self.overlay = None;
                        if q.is_empty() {
                            let _ = self.editor.set_search_pattern("");
                        } else if self.editor.set_search_pattern(regex_escape(&q)).is_ok()
                            && !self.editor.search_forward(true)
                        {
                            self.say(format!("not found: {q}"), true);
                        }
                    }
                    KeyCode::Backspace => {
                        q.pop();
                        self.overlay = Some(Overlay::Search(q));
                    }
                    KeyCode::Char(c) if !ctrl => {
                        q.push(c);
                        self.overlay = Some(Overlay::Search(q));
                    }
                    _ => {}
                }
                Vec::new()
            }
        }
    }

    fn editor_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let modified = match (key.code, ctrl) {
            (KeyCode::Char('z'), true) => self.editor.undo(),
            (KeyCode::Char('y'), true) => self.editor.redo(),
            (KeyCode::Esc, _) => {
                self.editor.cancel_selection();
                let _ = self.editor.set_search_pattern("");
                false
            }
            (KeyCode::Home, true) => {
                self.editor.move_cursor(CursorMove::Top);
                false
            }
            (KeyCode::End, true) => {
                self.editor.move_cursor(CursorMove::Bottom);
                false
            }
            _ => self.editor.input(Input::from(key)),
        };
        if modified {
            self.after_edit();
        }
        Vec::new()
    }

    fn pane_key(&mut self, pane: Pane, key: KeyEvent) -> Vec<Effect> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match (key.code, ctrl) {
            (KeyCode::Char('?'), _) => {
                self.overlay = Some(Overlay::Help(0));
                return Vec::new();
            }
            (KeyCode::Char('q'), false) => return self.ask_quit(),
            (KeyCode::Char('c'), true) => return self.stop(),
            (KeyCode::Esc, _) => return self.focus_to(Pane::Editor),
            (KeyCode::Char('y'), false) => return self.copy_selected(),
            (KeyCode::Char('e'), false) => return self.export(),
            _ => {}
        }
        match pane {
            Pane::Deal | Pane::Dd => match key.code {
                KeyCode::Char('n') | KeyCode::Char('j') | KeyCode::Right | KeyCode::Down => self.select_by(1),
                KeyCode::Char('p') | KeyCode::Char('k') | KeyCode::Left | KeyCode::Up => self.select_by(-1),
                KeyCode::PageDown => self.select_by(10),
                KeyCode::PageUp => self.select_by(-10),
                KeyCode::Home | KeyCode::Char('g') => self.select_end(false),
                KeyCode::End | KeyCode::Char('G') => self.select_end(true),
                KeyCode::Char('d') => self.dd_solve_selected(),
                _ => Vec::new(),
            },
            Pane::Stats | Pane::Text => {
                let s = if pane == Pane::Stats { &mut self.stats_scroll } else { &mut self.text_scroll };
                match key.code {
                    KeyCode::Down | KeyCode::Char('j') => *s = s.saturating_add(1),
                    KeyCode::Up | KeyCode::Char('k') => *s = s.saturating_sub(1),
                    KeyCode::PageDown | KeyCode::Char(' ') => *s = s.saturating_add(10),
                    KeyCode::PageUp => *s = s.saturating_sub(10),
                    KeyCode::Home | KeyCode::Char('g') => *s = 0,
                    KeyCode::End | KeyCode::Char('G') => *s = u16::MAX,
                    _ => {}
                }
                Vec::new()
            }
            Pane::Editor => Vec::new(),
        }
    }
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

/// Every key, for the help overlay and the README.
pub const KEYS: &[(&str, &str)] = &[
    ("Ctrl-S", "save (atomically) and re-run"),
    ("Ctrl-Q", "quit (asks when there are unsaved changes)"),
    ("Tab / Shift-Tab", "next / previous pane"),
    ("Alt-1 … Alt-5", "editor, deal, statistics, double dummy, output"),
    ("F1", "explain the word under the cursor (else this list)"),
    ("?", "this list (outside the editor)"),
    ("F5", "re-run the buffer without saving"),
    ("F6, Ctrl-C", "stop the run (Ctrl-C outside the editor)"),
    ("Ctrl-O", "load the version on disk, dropping edits"),
    ("Ctrl-Z / Ctrl-Y", "undo / redo (also Ctrl-U / Ctrl-R)"),
    ("Ctrl-F, F3 / Ctrl-G", "search, next match"),
    ("Esc", "clear selection and search; back to the editor"),
    ("Alt-n / Alt-p", "next / previous matched deal (anywhere)"),
    ("n p ← → j k", "next / previous deal (deal and DD panes)"),
    ("g G Home End", "first / last deal; top / bottom of lists"),
    ("d, Alt-d", "solve the selected deal double dummy"),
    ("y, Alt-y", "copy the selected deal as a oneline (OSC 52)"),
    ("e, Alt-e", "export the kept deals to SCRIPT.pbn"),
    ("↑ ↓ PgUp PgDn", "scroll statistics and output"),
    ("q", "quit (outside the editor)"),
];
