//! The export prompt: the kept deals as a numbered set for play, PBN or BBO LIN, with the
//! duplicate rotation if wanted (report::set writes it). Keys come from the key table's
//! ExportPrompt scope.

use ratatui::Frame;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use std::path::PathBuf;

use super::app::{App, Effect, Overlay};
use super::disk::Exported;
use super::keymap::{Action, Scope, lookup};
use super::overlay::Outcome;
use super::widgets::{centered, popup_area};
use crate::report::set::{SetFormat, write_set};
use crate::run::Matched;
use ratatui::crossterm::event::KeyEvent;

impl App {
    /// Opens the export prompt (with no deals to export it says so, and takes the next key).
    pub(super) fn export(&mut self) -> Vec<Effect> {
        self.push_overlay(Overlay::Export { rotate: false });
        Vec::new()
    }

    /// The deals an export writes: the kept deals, only those passing the filter when one is set.
    pub fn export_deals(&self) -> impl Iterator<Item = &Matched> {
        self.results.deals.iter().filter(|d| self.passes(d.number))
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

    /// Writes the deals to export next to the script, as SCRIPT.lin or SCRIPT.pbn.
    fn export_set(&mut self, lin: bool, rotate: bool) -> Vec<Effect> {
        let (format, ext) = if lin { (SetFormat::Lin, "lin") } else { (SetFormat::Pbn, "pbn") };
        let deals: Vec<_> = self.export_deals().map(|d| (d.number, d.deal)).collect();
        if deals.is_empty() {
            let why =
                if self.results.deals.is_empty() { "no deals to export" } else { "no kept deal passes the filter" };
            self.say(format!("{why}: nothing written"), true);
            return Vec::new();
        }
        let count = deals.len();
        let text = write_set(format, self.set_options(rotate), &self.file_name, deals);
        vec![Effect::Export { path: self.path.with_extension(ext), text, deals: count, replace: false }]
    }

    /// What became of an export: written, refused (the target is the script, or not a
    /// file), failed, or waiting for a yes to replace the file already there.
    pub fn on_export(&mut self, outcome: Exported, path: PathBuf, text: String, deals: usize) {
        match outcome {
            Exported::Written => self.say(format!("wrote {deals} deals to {}", path.display()), false),
            Exported::Exists => self.push_overlay(Overlay::ConfirmReplace { path, text, deals }),
            Exported::Refused(why) => self.say(format!("export refused: {why}"), true),
            Exported::Failed(e) => self.say(format!("export failed: {e}; {} left as it was", path.display()), true),
        }
    }

    /// A key at the question whether to replace an existing file: `y` writes, `n` or Esc keeps it.
    pub(super) fn replace_key(&mut self, path: PathBuf, text: String, deals: usize, key: KeyEvent) -> Outcome {
        match lookup(Scope::ReplacePrompt, &key) {
            Some(Action::Replace) => (None, vec![Effect::Export { path, text, deals, replace: true }]),
            Some(Action::Stay) => {
                self.say(format!("export cancelled; {} left as it was", path.display()), false);
                (None, Vec::new())
            }
            _ => (Some(Overlay::ConfirmReplace { path, text, deals }), Vec::new()),
        }
    }
}

/// Draws the prompt: how many deals, the two formats and the rotation switch.
pub fn draw(f: &mut Frame, app: &App, rotate: bool, block: Block) {
    let t = &app.theme;
    let popup = t.get("ui.popup");
    let key = |k: &'static str| Span::styled(k, t.get("ui.help.key"));
    let text = |s: String| Span::styled(s, popup);
    let stem = app.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let n = app.export_deals().count();
    let head = match n {
        0 if app.results.deals.is_empty() => " No deals to export: no deal has matched.".to_string(),
        0 => " No kept deal passes the filter: nothing to export.".to_string(),
        _ => format!(" {n} kept deal{} as a numbered set:", if n == 1 { "" } else { "s" }),
    };
    let mut lines = vec![Line::from(text(head))];
    if app.filter.is_some() && !app.results.deals.is_empty() {
        let of = app.results.deals.len();
        lines.push(Line::styled(
            format!("   those the filter passes ({n} of {of}; clear it to export all)"),
            t.get("warning"),
        ));
    }
    lines.extend([
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
    ]);
    let area = f.area();
    let r = centered(area, 64, lines.len() as u16 + 2);
    popup_area(f, r, popup);
    f.render_widget(Paragraph::new(lines).block(block), r);
}

/// Draws the question before an export replaces a file: `y` replaces, `n` or Esc keeps it.
pub fn draw_replace(f: &mut Frame, app: &App, path: &std::path::Path, deals: usize, block: Block) {
    let t = &app.theme;
    let popup = t.get("ui.popup");
    let key = |k: &'static str| Span::styled(k, t.get("ui.help.key"));
    let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
    let lines = vec![
        Line::styled(format!(" {name} already exists."), popup),
        Line::raw(""),
        Line::from(vec![
            Span::styled("  ", popup),
            key("y"),
            Span::styled(format!(" replace it with the {deals} deals   "), popup),
            key("n"),
            Span::styled(" / ", popup),
            key("Esc"),
            Span::styled(" keep it", popup),
        ]),
    ];
    let r = centered(f.area(), 60, lines.len() as u16 + 2);
    popup_area(f, r, popup);
    f.render_widget(Paragraph::new(lines).block(block), r);
}
