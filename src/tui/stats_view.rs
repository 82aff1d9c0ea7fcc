//! The statistics pane: averages with count and standard error, 1-D frequencies with a
//! bar per row, 2-D frequencies as a cross-tab with Low/High and marginal sums.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Pane};
use super::theme::Theme;
use super::ui::{pane_block, stale_span};
use crate::run::stats::{AverageStat, FrequencyStat, Stats};

/// Draws the statistics pane.
pub fn draw(f: &mut Frame, area: Rect, app: &App) {
    let block = pane_block(app, Pane::Stats, stale_span(app));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let lines = stats_lines(&app.results.stats, &app.theme, inner.width as usize);
    let max = (lines.len() as u16).saturating_sub(inner.height);
    f.render_widget(Paragraph::new(lines).scroll((app.stats_scroll.min(max), 0)), inner);
}

/// The pane's content at a width.
pub fn stats_lines(s: &Stats, t: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    if s.averages.is_empty() && s.frequencies.is_empty() {
        out.push(Line::styled("No average or frequency in the script.", t.get("ui.text.dim")));
        out.push(Line::styled("Try: average \"hcp\" hcp(north)", t.get("ui.text.dim")));
        return out;
    }
    if !s.averages.is_empty() {
        out.push(Line::styled("Averages", t.get("ui.table.header")));
        let lw = s
            .averages
            .iter()
            .enumerate()
            .map(|(i, a)| label(&a.label, "average", i).chars().count())
            .max()
            .unwrap_or(0);
        for (i, a) in s.averages.iter().enumerate() {
            out.push(average_line(a, &label(&a.label, "average", i), lw, t));
        }
        out.push(Line::raw(""));
    }
    for (i, fr) in s.frequencies.iter().enumerate() {
        let name = label(&fr.label, "frequency", i);
        out.push(Line::styled(name, t.get("ui.table.header")));
        if fr.cols.is_some() {
            out.extend(crosstab(fr, t));
        } else {
            out.extend(histogram(fr, t, width));
        }
        out.push(Line::raw(""));
    }
    out
}

fn label(l: &Option<String>, kind: &str, i: usize) -> String {
    l.clone().unwrap_or_else(|| format!("{kind} {}", i + 1))
}

fn average_line(a: &AverageStat, name: &str, lw: usize, t: &Theme) -> Line<'static> {
    let mean = if a.count == 0 { "—".to_string() } else { format!("{:.3}", a.mean()) };
    let se = a.std_error();
    let se = if se.is_finite() { format!("± {se:.3}") } else { "± —".to_string() };
    Line::from(vec![
        Span::styled(format!("  {name:<lw$}  "), t.get("ui.text")),
        Span::styled(format!("{mean:>9} "), t.get("constant.numeric")),
        Span::styled(format!("{se:<9}"), t.get("ui.text.dim")),
        Span::styled(format!("  n={}", a.count), t.get("ui.text.dim")),
    ])
}

fn bucket_name(axis_low: i64, width: usize, b: usize) -> String {
    if b == 0 {
        "Low".into()
    } else if b == width + 1 {
        "High".into()
    } else {
        (axis_low + b as i64 - 1).to_string()
    }
}

fn histogram(fr: &FrequencyStat, t: &Theme, width: usize) -> Vec<Line<'static>> {
    let n = fr.rows.width();
    let total: u64 = fr.counts.iter().sum();
    let max = fr.counts.iter().copied().max().unwrap_or(0).max(1);
    let cw = fr.counts.iter().map(|c| c.to_string().len()).max().unwrap_or(1).max(5);
    let bar_room = width.saturating_sub(6 + cw + 9 + 2).max(1);
    let mut out = Vec::new();
    for b in 0..n + 2 {
        let c = fr.counts[b];
        if (b == 0 || b == n + 1) && c == 0 {
            continue;
        }
        let pct = if total > 0 { 100.0 * c as f64 / total as f64 } else { 0.0 };
        let len = (c as f64 / max as f64 * bar_room as f64).round() as usize;
        let bar = "█".repeat(len) + if len == 0 && c > 0 { "▏" } else { "" };
        out.push(Line::from(vec![
            Span::styled(format!("{:>5} ", bucket_name(fr.rows.low, n, b)), t.get("ui.text")),
            Span::styled(format!("{c:>cw$} "), t.get("constant.numeric")),
            Span::styled(format!("{pct:>6.2}% "), t.get("ui.text.dim")),
            Span::styled(bar, t.get("ui.bar")),
        ]));
    }
    out
}

fn crosstab(fr: &FrequencyStat, t: &Theme) -> Vec<Line<'static>> {
    let cols = fr.cols.expect("a cross-tab has columns");
    let (nr, nc) = (fr.rows.width() + 2, cols.width() + 2);
    let row_sum: Vec<u64> = (0..nr).map(|r| (0..nc).map(|c| fr.cell(r, c)).sum()).collect();
    let col_sum: Vec<u64> = (0..nc).map(|c| (0..nr).map(|r| fr.cell(r, c)).sum()).collect();
    let total: u64 = row_sum.iter().sum();
    let w = total.to_string().len().max(4) + 1;
    let mut head = vec![Span::styled(format!("{:>5}", ""), t.get("ui.table.header"))];
    for c in 0..nc {
        head.push(Span::styled(format!("{:>w$}", bucket_name(cols.low, nc - 2, c)), t.get("ui.table.header")));
    }
    head.push(Span::styled(format!("{:>w$}", "Sum"), t.get("ui.table.header")));
    let mut out = vec![Line::from(head)];
    for (r, sum) in row_sum.iter().enumerate() {
        let mut spans =
            vec![Span::styled(format!("{:>5}", bucket_name(fr.rows.low, nr - 2, r)), t.get("ui.table.header"))];
        for c in 0..nc {
            let v = fr.cell(r, c);
            let style = if v == 0 { t.get("ui.text.dim") } else { t.get("constant.numeric") };
            spans.push(Span::styled(format!("{v:>w$}"), style));
        }
        spans.push(Span::styled(format!("{sum:>w$}"), t.get("ui.text")));
        out.push(Line::from(spans));
    }
    let mut spans = vec![Span::styled(format!("{:>5}", "Sum"), t.get("ui.table.header"))];
    for c in col_sum {
        spans.push(Span::styled(format!("{c:>w$}"), t.get("ui.text")));
    }
    spans.push(Span::styled(format!("{total:>w$}"), t.get("ui.text")));
    out.push(Line::from(spans));
    out
}
