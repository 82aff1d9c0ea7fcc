//! The editor pane: the textarea draws text, cursor, selection and search; then syntax
//! colours and diagnostic underlines are painted over the cells it drew (never the cursor).

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use ratatui::crossterm::event::KeyEvent;
use ratatui_textarea::{CursorMove, Input, Scrolling};

use super::app::{App, Effect, Pane, TAB_LEN};
use super::keymap::{Action, Scope};
use super::pane::PaneView;
use super::widgets::pane_block;
use crate::script::diag::Severity;

/// The editor pane. The buffer it edits is the app's: runs, saves and the watcher read it.
pub struct EditorPane;

impl PaneView for EditorPane {
    fn id(&self) -> Pane {
        Pane::Editor
    }

    fn title(&self) -> &'static str {
        "Script"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Editor]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        draw(f, area, app);
    }

    fn act(&mut self, action: Action, app: &mut App) -> Vec<Effect> {
        let ed = &mut app.editor;
        let modified = match action {
            Action::Undo => ed.undo(),
            Action::Redo => ed.redo(),
            Action::ClearSearch => {
                ed.cancel_selection();
                let _ = ed.set_search_pattern("");
                false
            }
            Action::CursorEnd(bottom) => {
                ed.move_cursor(if bottom { CursorMove::Bottom } else { CursorMove::Top });
                false
            }
            _ => false,
        };
        if modified {
            app.after_edit();
        }
        Vec::new()
    }

    fn key(&mut self, key: KeyEvent, app: &mut App) -> Vec<Effect> {
        if app.editor.input(Input::from(key)) {
            app.after_edit();
        }
        Vec::new()
    }

    fn wheel(&mut self, down: bool, app: &mut App) -> Vec<Effect> {
        app.editor.scroll(Scrolling::Delta { rows: if down { 3 } else { -3 }, cols: 0 });
        Vec::new()
    }
}

/// Draws the editor pane.
pub fn draw(f: &mut Frame, area: Rect, app: &App) {
    let t = &app.theme;
    let mut extra = vec![Span::styled(format!("{} ", app.file_name), t.get("ui.text"))];
    if app.modified() {
        extra.push(Span::styled("[+] ", t.get("ui.statusline.modified")));
    }
    let mut block = pane_block(app, Pane::Editor, extra);
    let row = app.editor.cursor().0 + 1;
    if let Some(d) = app.diagnostics.iter().find(|d| d.line == row).or(app.diagnostics.first()) {
        let (kind, style) = match d.severity {
            Severity::Error => ("error", t.get("error")),
            Severity::Warning => ("warning", t.get("warning")),
        };
        let more = if app.diagnostics.len() > 1 { format!(" (+{})", app.diagnostics.len() - 1) } else { String::new() };
        let msg = format!(" {}:{} {kind}: {}{more} ", d.line, d.column, d.message);
        block = block.title_bottom(Line::from(Span::styled(msg, style)));
    }
    let inner = block.inner(area);
    f.render_widget(block, area);
    f.render_widget(&app.editor, inner);
    paint(f.buffer_mut(), inner, app);
}

/// Display column of each char of a line (tabs expanded), plus the width of the line.
fn columns(line: &str) -> Vec<(usize, usize, usize)> {
    // (byte offset, char index, display column)
    let mut out = Vec::with_capacity(line.len());
    let mut col = 0;
    for (ci, (b, c)) in line.char_indices().enumerate() {
        out.push((b, ci, col));
        col += if c == '\t' { TAB_LEN as usize - col % TAB_LEN as usize } else { 1 };
    }
    out.push((line.len(), out.len(), col));
    out
}

fn paint(buf: &mut Buffer, inner: Rect, app: &App) {
    let lines = app.editor.lines();
    let (top_row, top_col) = app.editor.scroll_offset();
    let top = top_row as usize;
    let rows = top..(top + inner.height as usize).min(lines.len());
    let lnw = app.editor.line_number_width() as usize;
    let cursor = app.editor.cursor();
    let search_bg = app.editor.search_pattern().map(|_| app.theme.get("ui.search").bg);
    let diag_styles: Vec<(usize, usize, Style)> = app
        .diagnostics
        .iter()
        .map(|d| {
            let key = if d.severity == Severity::Error { "diagnostic.error" } else { "diagnostic.warning" };
            (d.span.start, d.span.end.max(d.span.start + 1), app.theme.get(key))
        })
        .collect();
    // Diagnostics are byte ranges of the whole text: where the first visible row starts.
    let mut base = if diag_styles.is_empty() { 0 } else { lines[..top].iter().map(|l| l.len() + 1).sum() };
    let highlights = app.visible_highlights(rows.clone());
    let mut hl = highlights.as_slice();
    for (r, row) in rows.enumerate() {
        let line = &lines[row];
        let cols = columns(line);
        let n = hl.iter().take_while(|s| s.row == row).count();
        let (spans, rest) = hl.split_at(n);
        hl = rest;
        for &(b, ci, dc) in &cols {
            let x = lnw + dc;
            if x < top_col as usize {
                continue;
            }
            let x = x - top_col as usize;
            if x >= inner.width as usize {
                break;
            }
            let pos = (inner.x + x as u16, inner.y + r as u16);
            let is_cursor = cursor.0 == row && cursor.1 == ci;
            let Some(cell) = buf.cell_mut(pos) else { continue };
            let in_search = search_bg.is_some_and(|bg| cell.bg == bg.unwrap_or_default());
            if b < line.len()
                && !is_cursor
                && !in_search
                && let Some(s) = spans.iter().find(|s| s.start <= b && b < s.end)
            {
                let style = app.theme.get(s.capture);
                cell.set_style(Style { bg: None, ..style });
            }
            let abs = base + b;
            for &(s, e, style) in &diag_styles {
                let hit = s <= abs && abs < e && (b < line.len() || s == abs);
                if hit {
                    cell.set_style(Style { bg: None, ..style });
                }
            }
        }
        base += line.len() + 1;
    }
}
