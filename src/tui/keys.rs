//! Key handling: the overlay on top first, then the key table (global bindings, then the focused
//! pane's scopes), then the focused pane; and the actions the bindings name.

use ratatui::crossterm::event::{KeyEvent, KeyEventKind};

use super::app::{App, Effect, Overlay, Pane, RunState};
use super::highlight::word_at;
use super::keymap::{Action, Scope, lookup};
use crate::script::vocab;

impl App {
    /// One key press: the overlay on top takes it; else the global bindings, then the
    /// focused pane's scopes, then the pane itself.
    pub fn on_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        if self.overlay().is_some() {
            return self.overlay_key(key);
        }
        let focus = self.focus;
        let scopes = self.pane(focus).scopes();
        let bound = std::iter::once(Scope::Global).chain(scopes.iter().copied()).find_map(|s| lookup(s, &key));
        match bound {
            Some(action) => self.act(action),
            None => self.with_pane(focus, |p, app| p.key(key, app)),
        }
    }

    /// Carries out a bound action; the focused pane gets those that are its own.
    pub fn act(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Save => self.save(),
            Action::Quit => self.ask_quit(),
            Action::LoadDisk => self.load_disk_version(),
            Action::Search => {
                self.push_overlay(Overlay::Search(String::new()));
                Vec::new()
            }
            Action::SearchNext => {
                if !self.editor.search_forward(false) {
                    self.say("no match", false);
                }
                Vec::new()
            }
            Action::FocusBy(step) => self.focus_next(step),
            Action::FocusAt(i) => self.focus_at(i),
            Action::FocusEditor => self.focus_to(Pane::Editor),
            Action::Explain => {
                self.help_for_cursor();
                Vec::new()
            }
            Action::Help => {
                self.push_overlay(Overlay::Help(0));
                Vec::new()
            }
            Action::Run => self.request_run(),
            Action::Stop => self.stop(),
            Action::SelectBy(n) => self.select_by(n),
            Action::SelectEnd(last) => self.select_end(last),
            Action::Solve => self.dd_solve_selected(),
            Action::Copy => self.copy_selected(),
            Action::Export => self.export(),
            Action::SessionAdd => self.open_session_prompt(),
            Action::SessionList => self.show_session(),
            Action::Filter => {
                let text = self.filter.as_ref().map(|f| f.text.clone()).unwrap_or_default();
                self.push_overlay(Overlay::Filter(text));
                Vec::new()
            }
            Action::Compare => {
                let text: Vec<String> = self.compare.iter().map(|c| c.to_string()).collect();
                self.push_overlay(Overlay::Compare(text.join(",")));
                Vec::new()
            }
            Action::Leads => {
                let text = self.leads.map(|c| c.to_string()).unwrap_or_default();
                self.push_overlay(Overlay::Leads(text));
                Vec::new()
            }
            Action::Reseed => self.reseed(),
            Action::ToggleLevel => self.toggle_level(),
            Action::WriteLeveled => self.open_leveled_prompt(),
            _ => self.with_pane(self.focus, |p, app| p.act(action, app)),
        }
    }

    /// Bracketed paste: the text goes into the editor as it is (terminals send CR for LF).
    pub fn paste(&mut self, text: &str) {
        if self.focus == Pane::Editor && self.overlay().is_none() {
            let text = text.replace("\r\n", "\n").replace('\r', "\n");
            self.editor.insert_str(text);
            self.after_edit();
        }
    }

    /// Turns levelling on or off and re-runs (the run turns it off again, with a word, when
    /// the script has no hand types).
    fn toggle_level(&mut self) -> Vec<Effect> {
        self.level = !self.level;
        let what = if self.level { "levelling the hand types" } else { "levelling off: nature's mix" };
        self.say(what, false);
        self.request_run()
    }

    /// The script being run has no hand types: levelling goes off, and the status line says why.
    pub fn no_hand_types_to_level(&mut self) {
        self.level = false;
        self.say("no hand types to level: the script names no HandType_NAME variable", true);
    }

    fn ask_quit(&mut self) -> Vec<Effect> {
        if self.modified() {
            self.push_overlay(Overlay::ConfirmQuit);
            Vec::new()
        } else {
            self.quit = true;
            vec![Effect::Quit]
        }
    }

    /// Stops the run, or the one requested and not started yet (F5 or `r` in the same
    /// burst of keys): its generation is then outdated, so the runtime never starts it.
    fn stop(&mut self) -> Vec<Effect> {
        if self.state == RunState::Running || self.run_requested {
            self.generation += 1;
            self.run_requested = false;
            self.state = RunState::Cancelled;
            vec![Effect::Cancel]
        } else {
            Vec::new()
        }
    }

    fn focus_next(&mut self, step: i32) -> Vec<Effect> {
        let n = self.panes().count().max(1) as i32;
        let i = self.panes().position(|p| p.id() == self.focus).unwrap_or(0) as i32;
        self.focus_at((i + step).rem_euclid(n) as usize)
    }

    fn focus_at(&mut self, i: usize) -> Vec<Effect> {
        let pane = self.panes().nth(i).map(|p| p.id());
        pane.map_or_else(Vec::new, |p| self.focus_to(p))
    }

    fn focus_to(&mut self, pane: Pane) -> Vec<Effect> {
        self.focus = pane;
        self.dd_request()
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
                self.push_overlay(Overlay::Word(word));
                return;
            }
        }
        self.push_overlay(Overlay::Help(0));
    }
}
