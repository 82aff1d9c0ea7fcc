//! The pane trait and the panes' registration. A pane owns its own state (a scroll offset,
//! say), draws itself from the shared [`App`] (buffer, results, theme), names the key
//! scopes it answers to, and handles the actions of those scopes that are its own.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;

use super::app::{App, Effect, Pane};
use super::keymap::{Action, Scope};
use super::{
    contracts_view, dd_view, deal_view, editor_view, hand_types_view, leads_view, profile_view, stats_view, text_view,
    watch_view,
};

/// One pane of the workbench.
pub trait PaneView {
    /// Which pane this is.
    fn id(&self) -> Pane;
    /// The title on its frame.
    fn title(&self) -> &'static str;
    /// Its name in the tab bar.
    fn tab_label(&self) -> &'static str {
        self.title()
    }
    /// The key scopes it answers to, after the global keys, in order.
    fn scopes(&self) -> &'static [Scope];
    /// Draws it in `area`.
    fn draw(&self, f: &mut Frame, area: Rect, app: &App);
    /// The scroll offset of a pane that shows a scrolled list.
    fn scroll(&mut self) -> Option<&mut Scroll> {
        None
    }
    /// An action bound in its scopes that the app does not carry out itself: by default a
    /// scrolling action moves its list.
    fn act(&mut self, action: Action, _app: &mut App) -> Vec<Effect> {
        if let Some(s) = self.scroll() {
            s.act(action);
        }
        Vec::new()
    }
    /// A key that no binding took.
    fn key(&mut self, _key: KeyEvent, _app: &mut App) -> Vec<Effect> {
        Vec::new()
    }
    /// The mouse wheel over it: by default it scrolls the list, or, in a pane that browses
    /// the deals, selects the next or previous one.
    fn wheel(&mut self, down: bool, app: &mut App) -> Vec<Effect> {
        if let Some(s) = self.scroll() {
            s.wheel(down);
        } else if self.scopes().contains(&Scope::Deals) {
            return app.select_by(if down { 1 } else { -1 });
        }
        Vec::new()
    }
    /// A new run started.
    fn on_run_started(&mut self) {}
}

/// Every pane, one line each, in Tab order.
pub fn registry() -> Vec<Box<dyn PaneView>> {
    vec![
        Box::new(editor_view::EditorPane),
        Box::new(deal_view::DealPane),
        Box::new(stats_view::StatsPane::default()),
        Box::new(dd_view::DdPane),
        Box::new(text_view::TextPane::default()),
        Box::new(hand_types_view::HandTypesPane::default()),
        Box::new(profile_view::ProfilePane::default()),
        Box::new(watch_view::WatchPane),
        Box::new(contracts_view::ContractsPane::default()),
        Box::new(leads_view::LeadsPane::default()),
    ]
}

/// A list's scroll offset, kept by the pane that shows the list; drawing clamps it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scroll(pub u16);

impl Scroll {
    /// Applies a scrolling action.
    pub fn act(&mut self, action: Action) {
        let s = &mut self.0;
        match action {
            Action::ScrollBy(n) if n >= 0 => *s = s.saturating_add(n as u16),
            Action::ScrollBy(n) => *s = s.saturating_sub(n.unsigned_abs() as u16),
            Action::ScrollEnd(bottom) => *s = if bottom { u16::MAX } else { 0 },
            _ => {}
        }
    }

    /// The mouse wheel: three rows.
    pub fn wheel(&mut self, down: bool) {
        self.act(Action::ScrollBy(if down { 3 } else { -3 }));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_pane_is_registered_once_in_tab_order() {
        let ids: Vec<_> = super::registry().iter().map(|p| p.id()).collect();
        assert_eq!(ids, super::Pane::ALL);
    }
}
