//! The Values pane: the selected deal's watch values, as a debugger's watch window: every
//! named variable of the script and every hand function the condition calls, with its seat.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Pane};
use super::keymap::Scope;
use super::pane::PaneView;
use super::widgets::{pane_block, stale_span};

/// The Values pane.
pub struct WatchPane;

impl PaneView for WatchPane {
    fn id(&self) -> Pane {
        Pane::Values
    }

    fn title(&self) -> &'static str {
        "Values"
    }

    fn tab_label(&self) -> &'static str {
        "Vals"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Browse, Scope::Deals]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        let t = &app.theme;
        let r = &app.results;
        let mut extra = stale_span(app);
        if let Some(d) = r.selected_deal() {
            extra.insert(0, Span::styled(format!("deal {} ", d.number), t.get("ui.text.dim")));
        }
        let block = pane_block(app, Pane::Values, extra);
        let inner = block.inner(area);
        f.render_widget(block, area);
        let (Some(d), Some(p)) = (r.selected_deal(), &r.program) else {
            f.render_widget(Paragraph::new(Line::styled("no deal selected", t.get("ui.text.dim"))), inner);
            return;
        };
        let watch = p.watch(&d.deal);
        if watch.is_empty() {
            f.render_widget(
                Paragraph::new(Line::styled("no variables or hand functions", t.get("ui.text.dim"))),
                inner,
            );
            return;
        }
        let nw = watch
            .iter()
            .map(|w| w.name.chars().count())
            .max()
            .unwrap_or(0)
            .min(NAME_WIDTH)
            .min((inner.width as usize).saturating_sub(8));
        let lines: Vec<Line> = watch
            .iter()
            .map(|w| {
                let style = match w.value.as_str() {
                    "true" => t.get("ui.text"),
                    "false" => t.get("ui.text.dim"),
                    _ => t.get("constant.numeric"),
                };
                Line::from(vec![
                    Span::styled(format!("{:<nw$} = ", cut(&w.name, nw)), t.get("ui.text")),
                    Span::styled(w.value.clone(), style),
                ])
            })
            .collect();
        f.render_widget(Paragraph::new(lines), inner);
    }
}

/// The widest a name is shown: a long `shape(…)` call is cut, so the values stay in view.
const NAME_WIDTH: usize = 24;

/// `text` cut to `width` characters, the last one `…` when it was longer.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let head: String = text.chars().take(width.saturating_sub(1)).collect();
    format!("{head}…")
}
