//! The double-dummy pane: the selected deal's 20 results (declarer × strain) and par.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::app::{App, Pane};
use super::deal_view::{LETTERS, SYMBOLS};
use super::engine::DdResult;
use super::keymap::Scope;
use super::pane::PaneView;
use super::widgets::pane_block;

/// The double-dummy pane.
pub struct DdPane;

impl PaneView for DdPane {
    fn id(&self) -> Pane {
        Pane::Dd
    }

    fn title(&self) -> &'static str {
        "Double dummy"
    }

    fn tab_label(&self) -> &'static str {
        "DD"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Browse, Scope::Deals]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        draw(f, area, app);
    }
}

/// Draws the DD pane.
pub fn draw(f: &mut Frame, area: Rect, app: &App) {
    let t = &app.theme;
    let block = pane_block(app, Pane::Dd, Vec::new());
    let inner = block.inner(area);
    f.render_widget(block, area);
    let dim = t.get("ui.text.dim");
    let Some(d) = app.results.selected_deal() else {
        f.render_widget(Paragraph::new(Span::styled("no deal selected", dim)), inner);
        return;
    };
    let mut lines = vec![Line::styled(format!("Board {}", d.number), t.get("ui.table.header"))];
    match app.dd_selected() {
        Some(Ok(r)) => lines.extend(table_lines(app, r)),
        Some(Err(e)) => lines.push(Line::styled(e.0.clone(), t.get("warning"))),
        None if app.dd.pending.is_some() => lines.push(Line::styled("solving…", dim)),
        None => lines.push(Line::styled("press d to solve", dim)),
    }
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// The table and the par lines.
pub fn table_lines(app: &App, r: &DdResult) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut head = vec![Span::raw("   ")];
    for s in crate::cards::Suit::ALL {
        let sym = if app.suit_letters { LETTERS[s] } else { SYMBOLS[s] };
        head.push(Span::styled(format!("{sym:>3}"), t.suit(s)));
    }
    head.push(Span::styled(" NT", t.get("ui.table.header")));
    let mut out = vec![Line::from(head)];
    for (seat, name) in ["N", "S", "E", "W"].iter().enumerate() {
        let seat = [0, 2, 1, 3][seat];
        let mut spans = vec![Span::styled(format!("{name:<3}"), t.get("ui.table.header"))];
        for strain in 0..5 {
            let n = r.tricks[seat][strain];
            let style = if n >= 7 { t.get("constant.numeric") } else { t.get("ui.text.dim") };
            spans.push(Span::styled(format!("{n:>3}"), style));
        }
        out.push(Line::from(spans));
    }
    out.push(Line::raw(""));
    out.push(Line::from(vec![
        Span::styled("Par ", t.get("ui.table.header")),
        Span::styled(format!("NS {:+}  EW {:+}", r.par_ns, -r.par_ns), t.get("ui.text")),
    ]));
    out.push(Line::styled(r.contracts.clone(), t.get("ui.text")));
    out
}
