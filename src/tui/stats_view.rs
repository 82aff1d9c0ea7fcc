//! The statistics pane: averages with count and standard error, 1-D tables (`frequency`,
//! `bktfreq`) with a bar per row, 2-D tables as cross-tabs with marginal sums, and the
//! `evalcontract` summaries; every statistic drawn from its [`View`].

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Pane};
use super::keymap::Scope;
use super::pane::{PaneView, Scroll};
use super::theme::Theme;
use super::widgets::{pane_block, stale_span};
use crate::run::stats::{Stats, View};

/// The statistics pane, with its scroll offset.
#[derive(Default)]
pub struct StatsPane {
    scroll: Scroll,
}

impl PaneView for StatsPane {
    fn id(&self) -> Pane {
        Pane::Stats
    }

    fn title(&self) -> &'static str {
        "Statistics"
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
}

/// Draws the statistics pane.
pub fn draw(f: &mut Frame, area: Rect, app: &App, scroll: u16) {
    let block = pane_block(app, Pane::Stats, stale_span(app));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let lines = stats_lines(&app.results.stats, &app.theme, inner.width as usize);
    let max = (lines.len() as u16).saturating_sub(inner.height);
    f.render_widget(Paragraph::new(lines).scroll((scroll.min(max), 0)), inner);
}

/// The pane's content at a width.
pub fn stats_lines(s: &Stats, t: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    // The studies (last) have panes of their own.
    let stats = &s.stats[..s.stats.iter().take_while(|s| !s.is_study()).count()];
    if stats.is_empty() {
        out.push(Line::styled("No average or frequency in the script.", t.get("ui.text.dim")));
        out.push(Line::styled("Try: average \"hcp\" hcp(north)", t.get("ui.text.dim")));
        return out;
    }
    let views: Vec<(usize, View)> = stats.iter().enumerate().map(|(i, st)| (i, st.view())).collect();
    let rows: Vec<MeanRow> = views.iter().filter_map(|(i, v)| MeanRow::of(v, stats[*i].kind(), *i)).collect();
    if !rows.is_empty() {
        out.push(Line::styled("Averages", t.get("ui.table.header")));
        let cols = MeanCols::fit(&rows, width);
        out.extend(rows.iter().map(|r| cols.line(r, t)));
        out.push(Line::raw(""));
    }
    for (i, v) in &views {
        let lines = match v {
            View::Mean { .. } => continue,
            View::Histogram { rows, .. } => histogram(rows, t, width),
            View::CrossTab { rows, cols, counts, .. } => crosstab(rows, cols, counts, t),
            View::Lines { lines, .. } => lines.iter().map(|l| Line::styled(l.clone(), t.get("ui.text"))).collect(),
        };
        out.push(Line::styled(label(v, stats[*i].kind(), *i), t.get("ui.table.header")));
        out.extend(lines);
        out.push(Line::raw(""));
    }
    out
}

/// The statistic's label, or its kind and position.
fn label(v: &View, kind: &str, i: usize) -> String {
    let l = match v {
        View::Mean { label, .. }
        | View::Histogram { label, .. }
        | View::CrossTab { label, .. }
        | View::Lines { label, .. } => label,
    };
    l.clone().unwrap_or_else(|| format!("{kind} {}", i + 1))
}

/// An average's cells as text.
struct MeanRow {
    name: String,
    mean: String,
    se: String,
    count: String,
}

impl MeanRow {
    /// The cells of the `i`th statistic, of `kind`, when it is an average.
    fn of(v: &View, kind: &str, i: usize) -> Option<MeanRow> {
        let View::Mean { count, mean, std_error, .. } = *v else { return None };
        let mean = if count == 0 { "—".to_string() } else { format!("{mean:.3}") };
        let se = if std_error.is_finite() { format!("± {std_error:.3}") } else { "± —".to_string() };
        Some(MeanRow { name: label(v, kind, i), mean, se, count: format!("n={count}") })
    }
}

/// The averages' columns at a width: indented with the counts when that fits; else without
/// them, the names cut (`…`) so that every mean and standard error shows whole.
struct MeanCols {
    indent: usize,
    name: usize,
    mean: usize,
    se: usize,
    count: bool,
}

impl MeanCols {
    fn fit(rows: &[MeanRow], width: usize) -> MeanCols {
        let w = |f: fn(&MeanRow) -> &String| rows.iter().map(|r| f(r).chars().count()).max().unwrap_or(0);
        let (name, count) = (w(|r| &r.name), w(|r| &r.count));
        let full = MeanCols { indent: 2, name, mean: 9, se: 9, count: true };
        if 2 + name + 2 + 9 + 1 + 9 + 2 + count <= width {
            return full;
        }
        let (mean, se) = (w(|r| &r.mean), w(|r| &r.se));
        MeanCols { indent: 0, name: name.min(width.saturating_sub(mean + se + 2)).max(4), mean, se, count: false }
    }

    fn line(&self, r: &MeanRow, t: &Theme) -> Line<'static> {
        let (indent, nw, mw, sw) = (self.indent, self.name, self.mean, self.se);
        let (name, gap) = (cut(&r.name, nw), indent.max(1));
        let mut spans = vec![
            Span::styled(format!("{:indent$}{name:<nw$}{:gap$}", "", ""), t.get("ui.text")),
            Span::styled(format!("{:>mw$} ", r.mean), t.get("constant.numeric")),
            Span::styled(format!("{:<sw$}", r.se), t.get("ui.text.dim")),
        ];
        if self.count {
            spans.push(Span::styled(format!("  {}", r.count), t.get("ui.text.dim")));
        }
        Line::from(spans)
    }
}

/// `text` cut to `width` characters, the last one `…` when cut.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    text.chars().take(width.saturating_sub(1)).chain(['…']).collect()
}

fn histogram(rows: &[(String, u64)], t: &Theme, width: usize) -> Vec<Line<'static>> {
    let total: u64 = rows.iter().map(|r| r.1).sum();
    let max = rows.iter().map(|r| r.1).max().unwrap_or(0).max(1);
    let cw = rows.iter().map(|r| r.1.to_string().len()).max().unwrap_or(1).max(5);
    let nw = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0).max(5);
    let bar_room = width.saturating_sub(nw + 1 + cw + 9 + 2).max(1);
    let line = |(name, c): &(String, u64)| {
        let pct = if total > 0 { 100.0 * *c as f64 / total as f64 } else { 0.0 };
        let len = (*c as f64 / max as f64 * bar_room as f64).round() as usize;
        let bar = "█".repeat(len) + if len == 0 && *c > 0 { "▏" } else { "" };
        Line::from(vec![
            Span::styled(format!("{name:>nw$} "), t.get("ui.text")),
            Span::styled(format!("{c:>cw$} "), t.get("constant.numeric")),
            Span::styled(format!("{pct:>6.2}% "), t.get("ui.text.dim")),
            Span::styled(bar, t.get("ui.bar")),
        ])
    };
    rows.iter().map(line).collect()
}

fn crosstab(rows: &[String], cols: &[String], counts: &[u64], t: &Theme) -> Vec<Line<'static>> {
    let (nr, nc) = (rows.len(), cols.len());
    let cell = |r: usize, c: usize| counts[r * nc + c];
    let row_sum: Vec<u64> = (0..nr).map(|r| (0..nc).map(|c| cell(r, c)).sum()).collect();
    let col_sum: Vec<u64> = (0..nc).map(|c| (0..nr).map(|r| cell(r, c)).sum()).collect();
    let total: u64 = row_sum.iter().sum();
    let w = cols.iter().map(|c| c.chars().count()).chain([total.to_string().len(), 4]).max().unwrap_or(4) + 1;
    let nw = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0).max(5);
    let head_style = t.get("ui.table.header");
    let mut head = vec![Span::styled(format!("{:>nw$}", ""), head_style)];
    head.extend(cols.iter().chain([&"Sum".to_string()]).map(|c| Span::styled(format!("{c:>w$}"), head_style)));
    let mut out = vec![Line::from(head)];
    for (r, sum) in row_sum.iter().enumerate() {
        let mut spans = vec![Span::styled(format!("{:>nw$}", rows[r]), head_style)];
        for c in 0..nc {
            let v = cell(r, c);
            let style = if v == 0 { t.get("ui.text.dim") } else { t.get("constant.numeric") };
            spans.push(Span::styled(format!("{v:>w$}"), style));
        }
        spans.push(Span::styled(format!("{sum:>w$}"), t.get("ui.text")));
        out.push(Line::from(spans));
    }
    let mut spans = vec![Span::styled(format!("{:>nw$}", "Sum"), head_style)];
    spans.extend(col_sum.iter().chain([&total]).map(|c| Span::styled(format!("{c:>w$}"), t.get("ui.text"))));
    out.push(Line::from(spans));
    out
}
