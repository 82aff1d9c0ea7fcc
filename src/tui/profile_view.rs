//! The Profile pane: the condition's terms as written, each with its pass rate alone and in
//! short-circuit order and the deals each figure rests on; it updates while the run goes on.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Pane};
use super::keymap::Scope;
use super::pane::{PaneView, Scroll};
use super::widgets::{compact, pane_block, stale_span};
use crate::run::profile::{Count, Profile};

/// The Profile pane, with its scroll offset.
#[derive(Default)]
pub struct ProfilePane {
    scroll: Scroll,
}

impl PaneView for ProfilePane {
    fn id(&self) -> Pane {
        Pane::Profile
    }

    fn title(&self) -> &'static str {
        "Profile"
    }

    fn tab_label(&self) -> &'static str {
        "Prof"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Browse, Scope::Scroll]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        let mut extra = stale_span(app);
        if let Some(p) = &app.results.profile {
            extra.insert(0, Span::styled(format!("{} deals ", compact(p.deals)), app.theme.get("ui.text.dim")));
        }
        let block = pane_block(app, Pane::Profile, extra);
        let inner = block.inner(area);
        f.render_widget(block, area);
        let lines = match &app.results.profile {
            Some(p) => profile_lines(p, app, inner.width as usize),
            None => vec![Line::styled(
                "No condition profiled yet: run a script with a condition.",
                app.theme.get("ui.text.dim"),
            )],
        };
        let max = (lines.len() as u16).saturating_sub(inner.height);
        f.render_widget(Paragraph::new(lines).scroll((self.scroll.0.min(max), 0)), inner);
    }

    fn scroll(&mut self) -> Option<&mut Scroll> {
        Some(&mut self.scroll)
    }
}

/// A share with one decimal, or `—`.
fn pct(c: Count) -> String {
    c.percent().map_or_else(|| "—".into(), |p| format!("{p:.1}%"))
}

/// The table at a width: the term (cut with `…` when needed), alone, in order, and the
/// deals the in-order figure rests on.
fn profile_lines(p: &Profile, app: &App, width: usize) -> Vec<Line<'static>> {
    let t = &app.theme;
    let nums = 7 + 1 + 7 + 1 + 6;
    let tw = width.saturating_sub(nums + 1).max(8);
    let mut out = vec![Line::styled(
        format!("{:<tw$} {:>7} {:>7} {:>6}", "term", "alone", "order", "deals"),
        t.get("ui.table.header"),
    )];
    for r in &p.rows {
        let text = format!("{}{}", "  ".repeat(r.depth as usize), r.text);
        let text = if text.chars().count() > tw {
            text.chars().take(tw.saturating_sub(1)).collect::<String>() + "…"
        } else {
            text
        };
        let low = r.order.percent().is_some_and(|x| x < 1.0);
        out.push(Line::from(vec![
            Span::styled(format!("{text:<tw$} "), t.get("ui.text")),
            Span::styled(format!("{:>7} ", pct(r.alone)), t.get("constant.numeric")),
            Span::styled(format!("{:>7} ", pct(r.order)), t.get(if low { "warning" } else { "constant.numeric" })),
            Span::styled(format!("{:>6}", compact(r.order.deals)), t.get("ui.text.dim")),
        ]));
    }
    if let Some(r) = p.culprit() {
        out.push(Line::raw(""));
        out.push(Line::styled(format!("cuts most: {}", r.text), t.get("ui.text.dim")));
    }
    out
}
