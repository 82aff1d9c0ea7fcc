//! The Leads pane: every opening lead against the contract given at its prompt (`o`), the
//! `--leads` table filling in as the run solves the kept deals, with the leader's hand drawn
//! above it when it is the same on every deal.

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Effect, Pane, RunState};
use super::deal_view::hand_lines;
use super::keymap::Scope;
use super::overlay::{Overlay, PromptKey, prompt_key};
use super::pane::{PaneView, Scroll};
use super::widgets::{pane_block, stale_span};
use crate::run::stats::{LeadContract, LeadsStat, Stat, Stats};

/// The Leads pane, with its scroll offset.
#[derive(Default)]
pub struct LeadsPane {
    scroll: Scroll,
}

impl PaneView for LeadsPane {
    fn id(&self) -> Pane {
        Pane::Leads
    }

    fn title(&self) -> &'static str {
        "Leads"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Browse, Scope::Scroll]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        let study = leads_study(&app.results.stats);
        let mut extra = stale_span(app);
        if let Some(l) = study {
            let what = format!("{}, {} leads ", l.contract(), l.leader().name());
            extra.insert(0, Span::styled(what, app.theme.get("ui.text.dim")));
        }
        let block = pane_block(app, Pane::Leads, extra);
        let inner = block.inner(area);
        f.render_widget(block, area);
        let lines = leads_lines(study, app, inner.width as usize);
        let max = (lines.len() as u16).saturating_sub(inner.height);
        f.render_widget(Paragraph::new(lines).scroll((self.scroll.0.min(max), 0)), inner);
    }

    fn scroll(&mut self) -> Option<&mut Scroll> {
        Some(&mut self.scroll)
    }

    fn on_run_started(&mut self) {
        self.scroll = Scroll::default();
    }
}

/// The run's lead study, if it has one.
pub fn leads_study(s: &Stats) -> Option<&LeadsStat> {
    s.stats.iter().find_map(|s| if let Stat::Leads(l) = s { Some(l) } else { None })
}

/// The pane's lines: the leader's hand when fixed, then the table's header, a row per lead
/// and `best` (the statistic's own lines; the frame's title names the contract).
pub fn leads_lines(study: Option<&LeadsStat>, app: &App, width: usize) -> Vec<Line<'static>> {
    let t = &app.theme;
    let dim = t.get("ui.text.dim");
    let Some(l) = study else {
        return vec![
            Line::styled("No lead study in this run.", dim),
            Line::styled("o (Alt-o): opening leads against a contract (3N:S)", dim),
        ];
    };
    if l.best.deals == 0 {
        let what = if app.state == RunState::Running { "solving the first deal's leads…" } else { "no deal solved" };
        return vec![Line::styled(what, dim)];
    }
    let mut out = match l.fixed_hand() {
        Some(hand) => hand_lines(app, l.leader().index(), hand, width.min(17)),
        None => vec![Line::styled(format!("{}'s hand varies: a row is a suit's best card", l.leader().name()), dim)],
    };
    let table = l.lines();
    let rows = table.len();
    for (i, text) in table.into_iter().enumerate().skip(1) {
        let header = i == 1 || i + 1 == rows;
        out.push(Line::styled(text, t.get(if header { "ui.table.header" } else { "ui.text" })));
    }
    out
}

impl App {
    /// True when the run studies opening leads.
    pub fn shows_leads(&self) -> bool {
        leads_study(&self.results.stats).is_some()
    }

    /// A key in the leads prompt: Enter takes the contract (an empty line drops it) and
    /// re-runs, showing the Leads pane; a contract that does not read keeps the prompt open
    /// with the reason; Esc leaves it as it was.
    pub(super) fn leads_key(&mut self, q: String, key: KeyEvent) -> (Option<Overlay>, Vec<Effect>) {
        let q = match prompt_key(q, key) {
            PromptKey::Cancel => return (None, Vec::new()),
            PromptKey::Submit(q) if q.trim().is_empty() => {
                self.leads = None;
                return (None, self.request_run());
            }
            PromptKey::Submit(q) => match LeadContract::parse(&q) {
                Ok(c) => {
                    self.leads = Some(c);
                    if !self.wide() {
                        self.focus = Pane::Leads;
                    }
                    return (None, self.request_run());
                }
                Err(e) => {
                    self.say(format!("leads: {e}"), true);
                    q
                }
            },
            PromptKey::Edit(q) => q,
        };
        (Some(Overlay::Leads(q)), Vec::new())
    }
}
