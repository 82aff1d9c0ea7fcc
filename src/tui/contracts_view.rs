//! The Contracts pane: the studies of what the kept deals make double dummy, filling in as the
//! run solves them: the `--dd-summary` tables (a double-dummy script has them without asking)
//! and the `--compare` lines of the contracts given at its prompt (`c`).

use ratatui::Frame;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::app::{App, Effect, Pane};
use super::keymap::Scope;
use super::overlay::{Overlay, PromptKey, prompt_key};
use super::pane::{PaneView, Scroll};
use super::widgets::{pane_block, stale_span};
use crate::run::stats::{CompareStat, ContractAt, DdSummaryStat, LeadContract, Stat, Stats, View};

/// The Contracts pane, with its scroll offset.
#[derive(Default)]
pub struct ContractsPane {
    scroll: Scroll,
}

impl PaneView for ContractsPane {
    fn id(&self) -> Pane {
        Pane::Contracts
    }

    fn title(&self) -> &'static str {
        "Contracts"
    }

    fn tab_label(&self) -> &'static str {
        "Contr"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Browse, Scope::Scroll, Scope::Contracts]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        let block = pane_block(app, Pane::Contracts, stale_span(app));
        let inner = block.inner(area);
        f.render_widget(block, area);
        let lines = contracts_lines(&app.results.stats, app);
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

/// The pane's lines: each study's, headers styled, or how to get them.
pub fn contracts_lines(s: &Stats, app: &App) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = Vec::new();
    // The compared contracts first: a few lines the user asked for, above the long tables.
    let compare_first = |s: &&Stat| (!matches!(s, Stat::Compare(_)), s.kind());
    let mut studies: Vec<&Stat> = s.stats.iter().filter(|s| is_contract_study(s)).collect();
    studies.sort_by_key(compare_first);
    for study in studies {
        let View::Lines { lines, .. } = study.view() else { continue };
        if !out.is_empty() {
            out.push(Line::raw(""));
        }
        for l in lines {
            let header = l.starts_with("Double dummy")
                || l.starts_with("Mean")
                || l.starts_with("Makes")
                || l.starts_with("Par");
            out.push(Line::styled(l, t.get(if header { "ui.table.header" } else { "ui.text" })));
        }
    }
    if out.is_empty() {
        let dim = t.get("ui.text.dim");
        out.push(Line::styled("A double-dummy script (tricks, par, …) fills this in as deals are solved.", dim));
    }
    if app.compare.is_empty() {
        out.push(Line::styled("c: compare contracts (3N:N,4H:S)", t.get("ui.text.dim")));
    }
    out
}

/// True for the studies this pane shows: all but the leads (leads_view.rs).
fn is_contract_study(s: &Stat) -> bool {
    s.is_study() && !matches!(s, Stat::Leads(_))
}

impl App {
    /// True when the run has contract studies to show (a double-dummy script, or contracts
    /// to compare).
    pub fn shows_contracts(&self) -> bool {
        self.results.stats.stats.iter().any(is_contract_study)
    }

    /// A key in the compare prompt: Enter takes the contracts (an empty line drops them) and
    /// re-runs; a list that does not read keeps the prompt open with the reason; Esc leaves
    /// them as they were.
    pub(super) fn compare_key(&mut self, q: String, key: KeyEvent) -> (Option<Overlay>, Vec<Effect>) {
        let q = match prompt_key(q, key) {
            PromptKey::Cancel => return (None, Vec::new()),
            PromptKey::Submit(q) if q.trim().is_empty() => {
                self.compare.clear();
                return (None, self.request_run());
            }
            PromptKey::Submit(q) => match ContractAt::parse_list(&q) {
                Ok(list) => {
                    self.compare = list;
                    return (None, self.request_run());
                }
                Err(e) => {
                    self.say(format!("compare: {e}"), true);
                    q
                }
            },
            PromptKey::Edit(q) => q,
        };
        (Some(Overlay::Compare(q)), Vec::new())
    }
}

/// The studies a workbench run counts: the double-dummy summary for a script that solves
/// (its condition or its actions), the contracts compared when the prompt gave some, and
/// the opening leads against the contract the Leads prompt gave.
pub fn studies(program: &crate::eval::Program, compare: &[ContractAt], leads: Option<LeadContract>) -> Vec<Stat> {
    let s = &program.script;
    let solves = s.condition.as_ref().is_some_and(|c| c.solves(&s.vars))
        || !crate::run::dd_needs::DdNeeds::of(&program.actions, &s.vars).is_empty();
    let mut out = Vec::new();
    if solves || !compare.is_empty() {
        out.push(Stat::DdSummary(DdSummaryStat::new()));
    }
    if !compare.is_empty() {
        out.push(Stat::Compare(CompareStat::new(compare.to_vec())));
    }
    out.extend(leads.map(|c| Stat::Leads(c.stat())));
    out
}
