//! The raw text view: what `dealbench run` prints, scrollable.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Pane};
use super::widgets::{pane_block, stale_span};

/// Draws the text view.
pub fn draw(f: &mut Frame, area: Rect, app: &App) {
    let t = &app.theme;
    let lines = app.text_lines();
    let inner_h = area.height.saturating_sub(2);
    let max = (lines.len() as u16).saturating_sub(inner_h);
    let scroll = app.text_scroll.min(max);
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
