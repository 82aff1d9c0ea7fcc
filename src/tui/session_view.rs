//! Drawing the session's overlays (session.rs): the prompt for the set's file, the question
//! before an existing set is rewritten, and the set's board list.

use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::App;
use super::session::{SessionAdd, SessionList, span};
use super::widgets::{centered, popup_area};
use crate::report::handout::vul_text;
use crate::report::session_file::{Added, Row};

/// The prompt: how many deals, the file as typed, the rotation switch.
pub fn draw_prompt(f: &mut Frame, app: &App, input: &str, rotate: bool, block: Block) {
    let t = &app.theme;
    let (popup, dim) = (t.get("ui.popup"), t.get("ui.text.dim"));
    let key = |k: &'static str| Span::styled(k, t.get("ui.help.key"));
    let text = |s: String| Span::styled(s, popup);
    let n = app.export_deals().count();
    let head = match n {
        0 if app.results.deals.is_empty() => " No deals to add: no deal has matched.".to_string(),
        0 => " No kept deal passes the filter: nothing to add.".to_string(),
        _ => format!(" Add {n} kept deal{} to a session set:", if n == 1 { "" } else { "s" }),
    };
    let mut lines = vec![Line::from(text(head))];
    if app.filter.is_some() && !app.results.deals.is_empty() {
        let of = app.results.deals.len();
        lines.push(Line::styled(format!("   those the filter passes ({n} of {of})"), t.get("warning")));
    }
    lines.extend([
        Line::raw(""),
        Line::from(vec![
            text("  File: ".into()),
            Span::styled(input.to_string(), t.get("ui.text")),
            Span::styled(" ", t.get("ui.cursor")),
        ]),
        Line::styled("    .pbn or .lin, beside the script unless the path says otherwise;", dim),
        Line::styled("    a set already there keeps its boards, the new ones follow", dim),
        Line::from(vec![text("  ".into()), key("Ctrl-R"), text(format!(" rotation: {}", on(rotate)))]),
        Line::styled("    on: boards take their number's dealer and vulnerability", dim),
        Line::raw(""),
        Line::from(vec![text("  ".into()), key("Enter"), text(" add   ".into()), key("Esc"), text(" cancel".into())]),
    ]);
    let r = centered(f.area(), 70, lines.len() as u16 + 2);
    popup_area(f, r, popup);
    f.render_widget(Paragraph::new(lines).block(block), r);
}

fn on(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

/// The question before boards are added to an existing set.
pub fn draw_confirm(f: &mut Frame, app: &App, add: &SessionAdd, added: &Added, block: Block) {
    let t = &app.theme;
    let popup = t.get("ui.popup");
    let key = |k: &'static str| Span::styled(k, t.get("ui.help.key"));
    let name = super::session::file_name(&add.path);
    let (old, new) = added.rows.split_at(added.before.min(added.rows.len()));
    let mut lines = vec![
        Line::styled(format!(" {name} holds {} boards ({}).", old.len(), span(old)), popup),
        Line::styled(format!(" Add the {} kept deals as {}?", new.len(), span(new)), popup),
    ];
    if added.renumbered {
        lines.push(Line::styled(
            format!(" Its numbers do not run in order: they become {}.", span(old)),
            t.get("warning"),
        ));
    }
    lines.extend([
        Line::raw(""),
        Line::from(vec![
            Span::styled("  ", popup),
            key("y"),
            Span::styled(" add them   ", popup),
            key("n"),
            Span::styled(" / ", popup),
            key("Esc"),
            Span::styled(" keep the set as it is", popup),
        ]),
    ]);
    let r = centered(f.area(), 64, lines.len() as u16 + 2);
    popup_area(f, r, popup);
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block), r);
}

/// The board list: a line of scenarios and counts, then a row a board from `scroll` on.
pub fn draw_list(f: &mut Frame, app: &App, list: &SessionList, block: Block) {
    let t = &app.theme;
    let popup = t.get("ui.popup");
    let area = f.area();
    let r = centered(area, 78, (list.rows.len() as u16).saturating_add(5).min(area.height.saturating_sub(2)));
    popup_area(f, r, popup);
    let inner = r.width.saturating_sub(2) as usize;
    let longest = list.rows.iter().map(|row| row.scenario.chars().count()).max().unwrap_or(0);
    let width = longest.clamp(8, inner.saturating_sub(32).max(8));
    let mut lines = vec![Line::styled(format!(" {}", counts(&list.rows)), t.get("ui.text.dim"))];
    let head = format!(" {:>5}  {:<width$}  {:<6} {:<5} {}", "Board", "Scenario", "Dealer", "Vul", "Hand type");
    lines.push(Line::styled(head, t.get("ui.table.header")));
    let shown = r.height.saturating_sub(5) as usize;
    for row in list.rows.iter().skip(list.scroll as usize).take(shown) {
        lines.push(Line::styled(line(row, width), popup));
    }
    lines.push(Line::styled(" ↑ ↓ PgUp PgDn scroll; any other key closes this.", t.get("ui.text.dim")));
    f.render_widget(Paragraph::new(lines).block(block), r);
}

/// One board's row.
fn line(row: &Row, width: usize) -> String {
    let mut scenario: String = row.scenario.chars().take(width).collect();
    if row.scenario.chars().count() > width {
        scenario.pop();
        scenario.push('…');
    }
    let vul = vul_text(row.vulnerable);
    format!(" {:>5}  {scenario:<width$}  {:<6} {vul:<5} {}", row.number, row.dealer.name(), row.hand_type)
}

/// `1NT openings 8 · Stayman 8`: each scenario, in order of first board, with its boards.
fn counts(rows: &[Row]) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for row in rows {
        match seen.iter_mut().find(|(s, _)| *s == row.scenario) {
            Some((_, n)) => *n += 1,
            None => seen.push((&row.scenario, 1)),
        }
    }
    if seen.is_empty() {
        return "No boards yet.".into();
    }
    seen.iter().map(|(s, n)| format!("{s} {n}")).collect::<Vec<_>>().join(" · ")
}
