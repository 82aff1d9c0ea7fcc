//! Drawing the overlays (overlay.rs): key help from the key table, a word's vocabulary entry,
//! the quit question, the search prompt, the export prompt.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Paragraph, Wrap};

use super::app::{App, Overlay};
use super::keymap::KEYS;
use super::widgets::{centered, popup_area};
use crate::script::vocab::{self, Support};

/// Draws the overlays, bottom first.
pub fn draw_overlays(f: &mut Frame, app: &App) {
    for o in app.overlays() {
        draw_overlay(f, app, o);
    }
}

fn draw_overlay(f: &mut Frame, app: &App, o: &Overlay) {
    let t = &app.theme;
    let area = f.area();
    let popup = t.get("ui.popup");
    let block = |title: String| {
        Block::default()
            .borders(Borders::ALL)
            .border_type(BorderType::Rounded)
            .border_style(t.get("ui.border.focus"))
            .title(Span::styled(title, t.get("ui.title.focus")))
            .style(popup)
    };
    match o {
        Overlay::Help(scroll) => {
            let r = centered(area, 76, area.height.saturating_sub(2));
            popup_area(f, r, popup);
            let mut lines = vec![];
            for row in KEYS {
                lines.push(Line::from(vec![
                    Span::styled(format!(" {:<22}", row.help_keys), t.get("ui.help.key")),
                    Span::styled(row.help, popup),
                ]));
            }
            lines.push(Line::raw(""));
            lines.push(Line::styled(" Any other key closes this; ↑ ↓ scroll.", t.get("ui.text.dim")));
            let max = (lines.len() as u16).saturating_sub(r.height.saturating_sub(2));
            f.render_widget(Paragraph::new(lines).block(block(" Keys ".into())).scroll(((*scroll).min(max), 0)), r);
        }
        Overlay::Word(word) => {
            let Some(e) = vocab::lookup(word) else { return };
            let mut lines = vec![Line::styled(e.signature.to_string(), t.get("function.builtin")), Line::raw("")];
            lines.push(Line::styled(e.summary.to_string(), popup));
            if let Some(a) = e.alias_of {
                lines.push(Line::raw(""));
                lines.push(Line::styled(format!("Another spelling of {a}."), t.get("ui.text.dim")));
            }
            if let Support::Unsupported(why) = e.support {
                lines.push(Line::raw(""));
                lines.push(Line::styled(format!("Not supported: {why}"), t.get("warning")));
            }
            if !e.example.is_empty() {
                lines.push(Line::raw(""));
                lines.push(Line::styled("Example", t.get("ui.table.header")));
                lines.push(Line::styled(format!("  {}", e.example), t.get("string")));
            }
            let w = 70.min(area.width);
            let r = centered(area, w, (lines.len() as u16 + 6).min(area.height));
            popup_area(f, r, popup);
            f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }).block(block(format!(" {} ", e.name))), r);
        }
        Overlay::ConfirmQuit => {
            let r = centered(area, 50, 6);
            popup_area(f, r, popup);
            let lines = vec![
                Line::styled(format!("{} has unsaved changes.", app.file_name), popup),
                Line::raw(""),
                Line::from(vec![
                    Span::styled("s", t.get("ui.help.key")),
                    Span::styled(" save and quit   ", popup),
                    Span::styled("d", t.get("ui.help.key")),
                    Span::styled(" discard   ", popup),
                    Span::styled("Esc", t.get("ui.help.key")),
                    Span::styled(" stay", popup),
                ]),
            ];
            f.render_widget(Paragraph::new(lines).block(block(" Quit? ".into())), r);
        }
        Overlay::Search(q) | Overlay::Filter(q) | Overlay::Compare(q) | Overlay::Leads(q) | Overlay::Leveled(q) => {
            let r = Rect { x: area.x, y: area.bottom().saturating_sub(2), width: area.width.min(60), height: 1 };
            popup_area(f, r, popup);
            let label = match o {
                Overlay::Search(_) => " Search: ",
                Overlay::Filter(_) => " Filter: ",
                Overlay::Leads(_) => " Leads against (3N:S): ",
                Overlay::Leveled(_) => " Write the levelled copy to: ",
                _ => " Compare (3N:N,4H:S): ",
            };
            let line = Line::from(vec![
                Span::styled(label, t.get("ui.help.key")),
                Span::styled(q.clone(), popup),
                Span::styled(" ", t.get("ui.cursor")),
            ]);
            f.render_widget(Paragraph::new(line), r);
        }
        Overlay::Export { rotate } => super::export_prompt::draw(f, app, *rotate, block(" Export ".into())),
        Overlay::ConfirmReplace { path, deals, .. } => {
            super::export_prompt::draw_replace(f, app, path, *deals, block(" Replace? ".into()))
        }
        Overlay::Session { input, rotate } => {
            super::session_view::draw_prompt(f, app, input, *rotate, block(" Session ".into()))
        }
        Overlay::ConfirmSession { add, added } => {
            super::session_view::draw_confirm(f, app, add, added, block(" Add to the session? ".into()))
        }
        Overlay::SessionList(list) => {
            let title = format!(" Session: {} — {} boards ", list.name, list.rows.len());
            super::session_view::draw_list(f, app, list, block(title))
        }
    }
}
