//! The status line: run state, counters, rate, elapsed, seed, and the file's state.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, DiskState, RunState};
use super::widgets::{compact, thousands};

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
    let counters = if wide {
        format!(" gen {} · prod {} · {rate:.2}% · {}/s · {secs:.1}s", num(r.generated), num(r.produced), compact(speed))
    } else {
        format!(" {} gen {} prod {rate:.2}% {}/s {secs:.1}s", num(r.generated), num(r.produced), compact(speed))
    };
    // Each left part with the order in which it gives way to an error message (0 first;
    // the state and the stale mark stay).
    let mut left = vec![(KEEP, Span::styled(format!(" {name} "), t.get(key))), (2, Span::raw(counters))];
    if let Some(p) = progress(app, wide) {
        left.push((1, Span::styled(p, t.get("ui.statusline.running"))));
    }
    if let Some(seed) = r.seed.or(app.seed.value) {
        left.push((0, Span::raw(if wide { format!(" · seed {seed} (r new)") } else { format!(" seed {seed} r:new") })));
    }
    if app.stale {
        left.push((KEEP, Span::styled(" · stale", t.get("ui.stale"))));
    }
    let mut right = Vec::new();
    if let Some((msg, err)) = &app.message {
        right.push(Span::styled(format!(" {msg} "), if *err { t.get("error") } else { base }));
    }
    right.push(Span::raw(format!(" {} ", app.file_name)));
    right.push(match app.disk {
        DiskState::Gone => Span::styled("deleted on disk ", t.get("error")),
        DiskState::NotUtf8 => Span::styled("not UTF-8 on disk ", t.get("error")),
        DiskState::NotFile(what) => Span::styled(format!("{} on disk ", short_kind(what)), t.get("error")),
        DiskState::Unreadable => Span::styled("unreadable on disk ", t.get("error")),
        _ if app.modified() => Span::styled("modified ", t.get("ui.statusline.modified")),
        DiskState::Lossy => Span::styled("saved (not UTF-8) ", t.get("warning")),
        DiskState::Text => Span::raw("saved "),
    });
    right.push(Span::styled("F1 help ", base));
    let width = area.width as usize;
    let mut help = true;
    // An error is what the user must read: the help hint, then the seed, the progress and
    // the counters give way to it (the run's state stays).
    let over = |l: &[(u8, Span)], r: &[Span]| l.iter().map(|s| s.1.width()).sum::<usize>() + spans_width(r) > width;
    if app.message.as_ref().is_some_and(|m| m.1) && over(&left, &right) {
        right.pop();
        help = false;
        while over(&left, &right)
            && let Some(i) = (0..KEEP).find_map(|rank| left.iter().position(|s| s.0 == rank))
        {
            left.remove(i);
        }
    }
    let left: Vec<Span> = left.into_iter().map(|s| s.1).collect();
    let lw = spans_width(&left);
    let rw = spans_width(&right);
    // Too long: shorten the message first, then drop the help hint, then cut the counters.
    if lw + rw > width && app.message.is_some() {
        let room = width.saturating_sub(lw + rw - right[0].width());
        let text: String = right[0].content.chars().take(room.saturating_sub(1)).collect();
        if text.chars().count() < 8 {
            right.remove(0);
        } else {
            right[0].content = format!("{text}…").into();
        }
    }
    let rw: usize = right.iter().map(|s| s.width()).sum();
    if lw + rw > width && help {
        right.pop();
    }
    let rw: usize = right.iter().map(|s| s.width()).sum();
    let mut spans = Vec::new();
    let mut used = 0;
    for s in left {
        let room = width.saturating_sub(rw + used);
        if s.width() <= room {
            used += s.width();
            spans.push(s);
        } else {
            let cut: String = s.content.chars().take(room).collect();
            used += cut.chars().count();
            spans.push(Span::styled(cut, s.style));
            break;
        }
    }
    spans.push(Span::raw(" ".repeat(width.saturating_sub(used + rw))));
    spans.extend(right);
    f.render_widget(Paragraph::new(Line::from(spans)).style(base), area);
}

/// The rank of the status line's parts that never give way to a message.
const KEEP: u8 = 9;

fn spans_width(spans: &[Span]) -> usize {
    spans.iter().map(|s| s.width()).sum()
}

/// What stands in the script's place, in a word or two: `a named pipe (FIFO)` is `a FIFO`.
fn short_kind(what: &str) -> &str {
    if what.contains("FIFO") { "a FIFO" } else { what }
}

/// While a run longer than a second goes on: a bar toward `produce` (or `generate`, when
/// that comes first at the rate so far) and the time left; double-dummy runs add the deals
/// solved per second.
fn progress(app: &App, wide: bool) -> Option<String> {
    let r = &app.results;
    let (generate, produce) = app.limits?;
    let secs = r.elapsed.as_secs_f64();
    if app.state != RunState::Running || secs < 1.0 {
        return None;
    }
    let done = (r.produced as f64 / produce.max(1) as f64).max(r.generated as f64 / generate.max(1) as f64).min(1.0);
    let eta = if done > 0.0 { secs * (1.0 - done) / done } else { f64::INFINITY };
    let eta = if eta.is_finite() { format!("{:.0}s", eta.ceil()) } else { "?".into() };
    let cells = if wide { 10 } else { 5 };
    let full = (done * cells as f64).round() as usize;
    let bar = "█".repeat(full) + &"░".repeat(cells - full.min(cells));
    let mut out = format!(" {bar} {:.0}% ETA {eta}", done * 100.0);
    if let Some(p) = r.profile.as_ref().filter(|p| p.solves > 0 && p.deals > 0) {
        let solved = p.solves as f64 * p.seen as f64 / p.deals as f64;
        out += &format!(" · {:.0} solved/s", solved / secs);
    }
    Some(out)
}
