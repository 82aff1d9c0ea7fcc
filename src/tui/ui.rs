//! Layout: every pane at once when the terminal is large enough, one pane and a tab bar
//! otherwise; overlays on top. Drawing reads `&App` and does no I/O.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};

use ratatui::text::{Line, Span};
use ratatui::widgets::Tabs;

use super::app::{App, Pane};
use super::{help, status};

/// Where everything goes on a screen of `area`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Screen {
    /// The tab bar (narrow layout only).
    pub tabs: Option<Rect>,
    /// The panes on screen and their areas.
    pub panes: Vec<(Pane, Rect)>,
    /// The status line.
    pub status: Rect,
}

impl Screen {
    /// The pane at a screen position.
    pub fn pane_at(&self, x: u16, y: u16) -> Option<(Pane, Rect)> {
        self.panes.iter().copied().find(|(_, r)| r.contains(ratatui::layout::Position { x, y }))
    }
}

/// The layout: every pane at 100×30 and larger, else the focused pane under a tab bar.
/// `types` is the script's number of hand types: their pane takes a row each (plus header,
/// levelling line and frame) under the statistics, three rows when there are none.
pub fn layout(area: Rect, wide: bool, focus: Pane, types: usize) -> Screen {
    layout_with(area, wide, focus, types, Studies::default())
}

/// The studies a run has, each with a pane that a wide screen shows only then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Studies {
    /// The double-dummy summary or compared contracts (the Contracts pane).
    pub contracts: bool,
    /// The opening leads (the Leads pane).
    pub leads: bool,
}

/// [`layout`], with the study panes on a wide screen when the run has their studies (they
/// then show without a key): the Contracts pane beside the statistics, the Leads pane beside
/// the output, under the editor.
pub fn layout_with(area: Rect, wide: bool, focus: Pane, types: usize, studies: Studies) -> Screen {
    if wide {
        let [main, bar] = Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(area);
        // The right column needs ~70 columns (deal 48 + DD 22); the editor takes the rest.
        let ew = main.width.saturating_sub(70).clamp(40, (main.width / 2).max(40));
        let [left, right] = Layout::horizontal([Constraint::Length(ew), Constraint::Fill(1)]).areas(main);
        let [ed, text, leads] = left_column(left, studies.leads);
        let [top, lower] = Layout::vertical([Constraint::Length(19), Constraint::Fill(1)]).areas(right);
        let [deal, dd] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(22)]).areas(top);
        let want = if types == 0 { 3 } else { types as u16 + 6 };
        let types_h = want.min(lower.height / 3);
        // Under the deal: the profile and the watch values, then the statistics and the hand types.
        let ph = (lower.height / 3).clamp(3, 14);
        let [explain, stats, types] =
            Layout::vertical([Constraint::Length(ph), Constraint::Fill(1), Constraint::Length(types_h)]).areas(lower);
        let vw = (explain.width / 3).clamp(20, 30);
        let [profile, values] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(vw)]).areas(explain);
        // The Contracts pane's tables are 49 columns wide.
        let cw = if studies.contracts { (stats.width * 2 / 3).clamp(stats.width.min(20), 51) } else { 0 };
        let [stats, contracts] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(cw)]).areas(stats);
        let mut panes = vec![
            (Pane::Editor, ed),
            (Pane::Text, text),
            (Pane::Deal, deal),
            (Pane::Dd, dd),
            (Pane::Profile, profile),
            (Pane::Values, values),
            (Pane::Stats, stats),
            (Pane::HandTypes, types),
        ];
        if studies.contracts {
            panes.push((Pane::Contracts, contracts));
        }
        if studies.leads {
            panes.push((Pane::Leads, leads));
        }
        Screen { tabs: None, panes, status: bar }
    } else {
        let [tabs, body, bar] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1), Constraint::Length(1)]).areas(area);
        Screen { tabs: Some(tabs), panes: vec![(focus, body)], status: bar }
    }
}

impl App {
    /// The studies the run has, for the layout.
    pub fn studies(&self) -> Studies {
        Studies { contracts: self.shows_contracts(), leads: self.shows_leads() }
    }
}

/// The wide layout's left column: the editor over the output, and beside the output the
/// Leads pane when the run studies leads (its table under the leader's hand is 22 rows high
/// and 51 columns wide).
fn left_column(left: Rect, leads: bool) -> [Rect; 3] {
    let third = left.height / 3;
    let th = if leads { third.max(22).min(left.height / 2) } else { third.max(6) };
    let [ed, text] = Layout::vertical([Constraint::Fill(1), Constraint::Length(th)]).areas(left);
    let lw = if leads { (text.width * 2 / 3).min(51) } else { 0 };
    let [text, leads] = Layout::horizontal([Constraint::Fill(1), Constraint::Length(lw)]).areas(text);
    [ed, text, leads]
}

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    f.buffer_mut().set_style(area, app.theme.get("ui.background"));
    let screen = layout_with(area, app.wide(), app.focus, app.hand_type_count(), app.studies());
    if let Some(tabs) = screen.tabs {
        draw_tabs(f, tabs, app);
    }
    for (pane, r) in &screen.panes {
        app.pane(*pane).draw(f, *r, app);
    }
    status::draw(f, screen.status, app);
    help::draw_overlays(f, app);
}

/// The width of a tab: " 1 Script │": its label, the number and a space, padding and a divider.
fn tab_width(label: &str) -> u16 {
    label.chars().count() as u16 + 2 + 2 + 1
}

/// The first tab the bar shows: the first, unless the focused one would then not fit in
/// `width` columns (the ninth tab at 80 columns).
fn first_tab(app: &App, width: u16) -> usize {
    let widths: Vec<u16> = app.panes().map(|p| tab_width(p.tab_label())).collect();
    let sel = app.panes().position(|p| p.id() == app.focus).unwrap_or(0);
    (0..=sel).find(|&s| widths[s..=sel].iter().sum::<u16>() <= width + 1).unwrap_or(sel)
}

/// The pane whose tab is at column `x` of the tab bar.
pub fn tab_at(app: &App, x: u16) -> Option<Pane> {
    let mut at = 0u16;
    for p in app.panes().skip(first_tab(app, app.size.0)) {
        let w = tab_width(p.tab_label());
        if x < at + w {
            return Some(p.id());
        }
        at += w;
    }
    None
}

fn draw_tabs(f: &mut Frame, area: Rect, app: &App) {
    let first = first_tab(app, area.width);
    let titles: Vec<Line> =
        app.panes().enumerate().skip(first).map(|(i, p)| Line::from(format!("{} {}", i + 1, p.tab_label()))).collect();
    let sel = app.panes().position(|p| p.id() == app.focus).unwrap_or(0) - first;
    let tabs = Tabs::new(titles)
        .select(sel)
        .style(app.theme.get("ui.title"))
        .highlight_style(app.theme.get("ui.title.focus"))
        .divider(Span::styled("│", app.theme.get("ui.border")));
    f.render_widget(tabs, area);
}
