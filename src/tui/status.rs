//! The status line: run state, counters, rate, elapsed, seed, and the file's state.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

use super::app::{App, RunState};
use super::ui::{compact, thousands};

/// Draws the status line.
pub fn draw(f: &mut Frame, area: Rect, app: &App) {
    let t = &app.theme;
    let base = t.get("ui.statusline");
    f.buffer_mut().set_style(area, base);
    let (name, key) = match app.state {
        RunState::Idle => ("IDLE", "ui.statusline"),
        RunState::Running => ("RUNNING", "ui.statusline.running"),
        RunState::Done => ("DONE", "ui.statusline.done"),
        RunState::Error => ("ERROR", "ui.statusline.error"),
        RunState::Cancelled => ("CANCELLED", "ui.statusline.cancelled"),
    };
    let r = &app.results;
    let wide = area.width >= 100;
    let num = |n: u64| if wide { thousands(n) } else { compact(n) };
    let rate = if r.generated > 0 { 100.0 * r.produced as f64 / r.generated as f64 } else { 0.0 };
    let secs = r.elapsed.as_secs_f64();
    let speed = if secs > 0.0 { (r.generated as f64 / secs) as u64 } else { 0 };
    let mut left = vec![
        Span::styled(format!(" {name} "), t.get(key)),
        Span::raw(format!(" gen {} · prod {} · {rate:.2}% · {}/s · {secs:.1}s", num(r.generated), num(r.produced), compact(speed))),
    ];
    if let Some(seed) = r.seed {
        left.push(Span::raw(format!(" · seed {seed}")));
    }
    if app.stale {
        left.push(Span::styled(" · stale", t.get("ui.stale")));
    }
    let mut right = Vec::new();
    if let Some((msg, err)) = &app.message {
        right.push(Span::styled(format!("{msg} "), if *err { t.get("error") } else { base }));
    }
    right.push(Span::raw(format!("{} ", app.file_name)));
    right.push(if app.modified() {
        Span::styled("modified ", t.get("ui.statusline.modified"))
    } else {
        Span::raw("saved ")
    });
    right.push(Span::styled("F1 help ", base));
    let lw: usize = left.iter().map(|s| s.width()).sum();
    let mut rw: usize = right.iter().map(|s| s.width()).sum();
    // Drop the message when the line is too short for everything.
    if lw + rw > area.width as usize && app.message.is_some() {
        rw -= right[0].width();
        right.remove(0);
    }
    let gap = (area.width as usize).saturating_sub(lw + rw);
    let mut spans = left;
    spans.push(Span::raw(" ".repeat(gap)));
    spans.extend(right);
    f.render_widget(Paragraph::new(Line::from(spans)).style(base), area);
}
