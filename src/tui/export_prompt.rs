//! The export prompt: the kept deals as a numbered set for play, PBN or BBO LIN, with the
//! duplicate rotation if wanted (report::set writes it). Keys come from the key table's
//! ExportPrompt scope.

use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::app::{App, Effect, Overlay};
use super::keymap::{Action, Scope, lookup};
use super::overlay::Outcome;
use super::widgets::{centered, popup_area};
use crate::report::set::{SetFormat, write_set};
use ratatui::crossterm::event::KeyEvent;

impl App {
    /// Opens the export prompt, when there are deals to export.
    pub(super) fn export(&mut self) -> Vec<Effect> {
        if self.results.deals.is_empty() {
            self.say("no deals to export", true);
        } else {
            self.push_overlay(Overlay::Export { rotate: false });
        }
        Vec::new()
    }

    /// A key at the export prompt.
    pub(super) fn export_key(&mut self, rotate: bool, key: KeyEvent) -> Outcome {
        match lookup(Scope::ExportPrompt, &key) {
            Some(Action::ExportSet(lin)) => (None, self.export_set(lin, rotate)),
            Some(Action::ToggleRotate) => (Some(Overlay::Export { rotate: !rotate }), Vec::new()),
            Some(Action::Stay) => (None, Vec::new()),
            _ => (Some(Overlay::Export { rotate }), Vec::new()),
        }
    }

    /// Writes the kept deals next to the script, as SCRIPT.lin or SCRIPT.pbn.
    fn export_set(&mut self, lin: bool, rotate: bool) -> Vec<Effect> {
        let (format, ext) = if lin { (SetFormat::Lin, "lin") } else { (SetFormat::Pbn, "pbn") };
        let deals = self.results.deals.iter().map(|d| (d.number, d.deal));
        let text = write_set(format, self.set_options(rotate), &self.file_name, deals);
        vec![Effect::Export { path: self.path.with_extension(ext), text }]
    }
}

/// Draws the prompt: how many deals, the two formats and the rotation switch.
pub fn draw(f: &mut Frame, app: &App, rotate: bool, block: Block) {
    let t = &app.theme;
    let popup = t.get("ui.popup");
    let key = |k: &'static str| Span::styled(k, t.get("ui.help.key"));
    let text = |s: String| Span::styled(s, popup);
    let stem = app.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let n = app.results.deals.len();
    let lines = vec![
        Line::from(text(format!(" {n} kept deal{} as a numbered set:", if n == 1 { "" } else { "s" }))),
        Line::raw(""),
        Line::from(vec![text("  ".into()), key("p"), text(format!(" PBN      {stem}.pbn"))]),
        Line::from(vec![text("  ".into()), key("l"), text(format!(" BBO LIN  {stem}.lin"))]),
        Line::from(vec![
            text("  ".into()),
            key("r"),
            text(format!(" rotation: {}", if rotate { "on" } else { "off" })),
        ]),
        Line::styled(
            format!("    {}boards take their number's dealer and vulnerability;", if rotate { "" } else { "on: " }),
            t.get("ui.text.dim"),
        ),
        Line::styled(
            match app.results.table.dealer {
                Some(d) => format!("    {}'s hand turned to the dealer's seat", d.name()),
                None => "    the deal as dealt (the script names no dealer)".to_string(),
            },
            t.get("ui.text.dim"),
        ),
        Line::raw(""),
        Line::from(vec![text("  ".into()), key("Esc"), text(" cancel".into())]),
    ];
    let area = f.area();
    let r = centered(area, 64, lines.len() as u16 + 2);
    popup_area(f, r, popup);
    f.render_widget(Paragraph::new(lines).block(block), r);
}
