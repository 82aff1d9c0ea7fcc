//! The hand types pane: each `HandType_NAME` type's natural share (of the deals that matched
//! the condition), its target share, its delivered share (of the produced deals, with a 95%
//! interval), dealer3's keep for the target and its sightings, live as the run goes, and
//! whether levelling is on.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Pane};
use super::keymap::Scope;
use super::leveled::LevelReport;
use super::pane::{PaneView, Scroll};
use super::theme::Theme;
use super::widgets::{pane_block, stale_span, thousands};
use crate::run::dealer3::keeps::Keeps;
use crate::run::dealer3::mix::percent;
use crate::run::stats::{HandTypeStat, share};

/// The hand types pane, with its scroll offset.
#[derive(Default)]
pub struct HandTypesPane {
    scroll: Scroll,
}

impl PaneView for HandTypesPane {
    fn id(&self) -> Pane {
        Pane::HandTypes
    }

    fn title(&self) -> &'static str {
        "Hand types"
    }

    fn tab_label(&self) -> &'static str {
        "Types"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Browse, Scope::Scroll]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        let block = pane_block(app, Pane::HandTypes, stale_span(app));
        let inner = block.inner(area);
        f.render_widget(block, area);
        let mut lines = match app.results.stats.hand_types() {
            Some(h) => type_lines(h, app.results.produced, app.level, &weights(app), &app.theme),
            None => vec![Line::styled("No hand types: name variables HandType_NAME.", app.theme.get("ui.text.dim"))],
        };
        lines.extend(app.leveled.as_ref().map(|r| leveled_lines(r, &app.theme)).unwrap_or_default());
        let max = (lines.len() as u16).saturating_sub(inner.height);
        f.render_widget(Paragraph::new(lines).scroll((self.scroll.0.min(max), 0)), inner);
    }

    fn scroll(&mut self) -> Option<&mut Scroll> {
        Some(&mut self.scroll)
    }
}

/// The levelling last done (W's copy, or the `L` run's): the measuring and the mix its keeps deliver.
pub fn leveled_lines(r: &LevelReport, t: &Theme) -> Vec<Line<'static>> {
    let k = &r.keeps;
    let title = match &r.path {
        Some(p) => {
            let name = p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into());
            format!("levelled copy {name} (W writes): seed {}", r.seed)
        }
        None => format!("levelled run (L): dealer3's copy, measured with seed {}", r.seed),
    };
    let mix: Vec<String> = r.labels.iter().zip(&k.mix).map(|(l, m)| format!("{l} {}", percent(*m))).collect();
    let mut out = vec![
        Line::raw(""),
        Line::styled(title, t.get("ui.table.header")),
        Line::styled(
            format!("  measured over {} deals; keep {}", thousands(k.produced), keeps(&r.labels, &k.keep)),
            t.get("ui.text"),
        ),
        Line::styled(format!("  mix {}", mix.join(", ")), t.get("ui.text")),
        Line::styled(
            format!("  acceptance {:.4}, about {:.0} dealt per deal kept", k.acceptance, k.cost),
            t.get("ui.text.dim"),
        ),
    ];
    out.extend(r.notes.iter().map(|n| Line::styled(n.clone(), t.get("warning"))));
    out
}

fn keeps(labels: &[String], keep: &[f64]) -> String {
    labels.iter().zip(keep).map(|(l, k)| format!("{l} {k:.4}")).collect::<Vec<_>>().join(", ")
}

/// The target weights of the run's hand types: their declared shares (1 without one).
fn weights(app: &App) -> Vec<f64> {
    let types = app.results.program.as_ref().map_or(&[][..], |p| &p.script.hand_types[..]);
    types.iter().map(|t| t.share.map_or(1.0, |(n, _)| n as f64)).collect()
}

/// The pane's lines: a header, one row per type (natural, target, delivered, keep, seen and
/// the delivered share's interval), the levelling state and any warnings. `weights` are the
/// target's (even when they do not fit the types).
pub fn type_lines(h: &HandTypeStat, produced: u64, level: bool, weights: &[f64], t: &Theme) -> Vec<Line<'static>> {
    let width = h.names.iter().map(|n| n.chars().count()).max().unwrap_or(0).clamp(4, 16);
    let header = format!(
        "{:<width$} {:>7} {:>7} {:>9} {:>6} {:>7}  95% interval",
        "type", "natural", "target", "delivered", "keep", "seen"
    );
    let mut out = vec![Line::styled(header, t.get("ui.table.header"))];
    let even = vec![1.0; h.names.len()];
    let w = if weights.len() == h.names.len() { weights } else { &even[..] };
    let k = Keeps::compute(&h.natural, h.natural_total, h.natural_total, w, None);
    for (i, name) in h.names.iter().enumerate() {
        let n = share(h.natural[i], h.natural_total);
        let d = share(h.counts[i], produced);
        let pct = |x: f64| if x.is_nan() { "–".to_string() } else { format!("{:.1}%", 100.0 * x) };
        let keep = if h.natural[i] == 0 { "–".to_string() } else { format!("{:.3}", k.keep[i]) };
        let name: String = name.chars().take(width).collect();
        let row = format!(
            "{name:<width$} {:>7} {:>7} {:>9} {keep:>6} {:>7}  {}–{}",
            pct(n.share),
            pct(k.target[i]),
            pct(d.share),
            thousands(h.natural[i]),
            pct(d.low),
            pct(d.high)
        );
        out.push(Line::styled(row, t.get("ui.text")));
    }
    // A type nature never gave cannot be delivered: levelling is asked for, not on.
    let never = h.names.iter().zip(&h.natural).find(|(_, n)| **n == 0).map(|(name, _)| name);
    let (state, style) = match never.filter(|_| level && h.natural_total > 0) {
        Some(name) => (format!("levelling asked, but `{name}` never occurred (L toggles)"), t.get("warning")),
        None if level && !h.warnings.is_empty() => {
            ("levelling on, with warnings (L toggles)".to_string(), t.get("warning"))
        }
        None if level => ("levelling on (L toggles)".to_string(), t.get("ui.text.dim")),
        None => ("levelling off (L toggles)".to_string(), t.get("ui.text.dim")),
    };
    let measured = format!("  · {} measured", thousands(h.natural_total));
    out.push(Line::from(vec![Span::styled(state, style), Span::styled(measured, t.get("ui.text.dim"))]));
    if h.overlaps > 0 {
        out.push(Line::styled(format!("{} deal(s) in two types or more", thousands(h.overlaps)), t.get("warning")));
    }
    if h.gaps > 0 {
        out.push(Line::styled(format!("{} deal(s) in no type", thousands(h.gaps)), t.get("warning")));
    }
    // The engine's levelling warnings (a type measured on few deals), as the run prints them.
    out.extend(h.warnings.iter().map(|w| Line::styled(format!("warning: {w}"), t.get("warning"))));
    out
}
