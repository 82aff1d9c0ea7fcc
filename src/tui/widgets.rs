//! Drawing helpers the panes and overlays share: pane frames, the stale marker, popups
//! and number formats.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear};

use super::app::{App, Pane};

/// A pane's frame: rounded border, highlighted when focused, title with extras.
pub fn pane_block<'a>(app: &App, pane: Pane, extra: Vec<Span<'a>>) -> Block<'a> {
    let focused = app.focus == pane;
    let t = &app.theme;
    let (border, title) = if focused {
        (t.get("ui.border.focus"), t.get("ui.title.focus"))
    } else {
        (t.get("ui.border"), t.get("ui.title"))
    };
    let mut spans = vec![Span::styled(format!(" {} ", app.pane(pane).title()), title)];
    spans.extend(extra);
    Block::default()
        .borders(Borders::ALL)
        .border_type(if focused { BorderType::Thick } else { BorderType::Rounded })
        .border_style(border)
        .title(Line::from(spans))
}

/// The stale marker for pane titles.
pub fn stale_span(app: &App) -> Vec<Span<'static>> {
    if app.stale { vec![Span::styled("(stale) ", app.theme.get("ui.stale"))] } else { Vec::new() }
}

/// A rectangle centred in `area`, at most `w`×`h`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect { x: area.x + (area.width - w) / 2, y: area.y + (area.height - h) / 2, width: w, height: h }
}

/// Clears an area and fills it with the popup style.
pub fn popup_area(f: &mut Frame, area: Rect, style: Style) {
    f.render_widget(Clear, area);
    f.buffer_mut().set_style(area, style);
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1234567` as `1.2M`.
pub fn compact(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.1}M", n as f64 / 1e6),
        _ => format!("{:.1}G", n as f64 / 1e9),
    }
}
