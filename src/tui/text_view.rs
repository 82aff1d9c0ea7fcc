//! The raw text view: what `dealbench run` prints, scrollable.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Pane};
use super::keymap::Scope;
use super::pane::{PaneView, Scroll};
use super::widgets::{pane_block, stale_span};

/// The output pane, with its scroll offset.
#[derive(Default)]
pub struct TextPane {
    scroll: Scroll,
}

impl PaneView for TextPane {
    fn id(&self) -> Pane {
        Pane::Text
    }

    fn title(&self) -> &'static str {
        "Output"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Browse, Scope::Scroll]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        draw(f, area, app, self.scroll.0);
    }

    fn scroll(&mut self) -> Option<&mut Scroll> {
        Some(&mut self.scroll)
    }

    fn on_run_started(&mut self) {
        self.scroll = Scroll::default();
    }
}

/// Draws the text view.
pub fn draw(f: &mut Frame, area: Rect, app: &App, scroll: u16) {
    let t = &app.theme;
    let lines = app.text_lines();
    let inner_h = area.height.saturating_sub(2);
    let max = (lines.len() as u16).saturating_sub(inner_h);
    let scroll = scroll.min(max);
    let mut extra = stale_span(app);
    if !lines.is_empty() {
        let last = (scroll as usize + inner_h as usize).min(lines.len());
        extra.push(Span::styled(format!("{}-{} of {} ", scroll + 1, last, lines.len()), t.get("ui.text.dim")));
    }
    let block = pane_block(app, Pane::Text, extra);
    let inner = block.inner(area);
    f.render_widget(block, area);
    let text: Vec<Line> = lines.into_iter().map(|l| Line::styled(l, t.get("ui.text"))).collect();
    f.render_widget(Paragraph::new(text).scroll((scroll, 0)), inner);
}
