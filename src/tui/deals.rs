//! The selected deal, shared by the deal and double-dummy panes: moving the selection,
//! the board's dealer and vulnerability, and double-dummy solves.

use super::app::{App, Effect, Pane};
use super::engine::DdResult;
use crate::cards::{Deal, Seat, Vul};
use crate::report::set::SetOptions;
use crate::tui::TuiError;

impl App {
    /// Moves the selection by `delta` deals (clamped), returning the solve to start.
    pub fn select_by(&mut self, delta: i64) -> Vec<Effect> {
        let r = &mut self.results;
        if r.deals.is_empty() {
            return Vec::new();
        }
        // A pinned deal that has left the list sits just before its oldest deal.
        let i = r.selected_index().map_or(-1, |i| i as i64);
        let j = (i + delta).clamp(0, r.deals.len() as i64 - 1) as usize;
        let mut n = r.deals[j].number;
        if self.filter.is_some() {
            // Among the deals the filter passes: the one `delta` steps along, or the last that way.
            let pass: Vec<u64> = self.results.deals.iter().map(|d| d.number).filter(|&n| self.passes(n)).collect();
            let at = self.results.selected.map_or(0, |s| pass.partition_point(|&p| p < s) as i64);
            let here = self.results.selected.is_some_and(|s| pass.binary_search(&s).is_ok());
            let step = if here || delta < 0 { delta } else { delta - 1 };
            let Some(&m) = pass.get((at + step).clamp(0, pass.len() as i64 - 1).max(0) as usize) else {
                return Vec::new();
            };
            n = m;
        }
        self.results.select(Some(n));
        self.dd_request()
    }

    /// Selects the first or last kept deal.
    pub fn select_end(&mut self, last: bool) -> Vec<Effect> {
        let r = &mut self.results;
        let n = if last { r.deals.back() } else { r.deals.front() }.map(|d| d.number);
        r.select(n);
        self.dd_request()
    }

    /// Board information for a deal number: dealer and vulnerability, from the script or
    /// else the standard board rotation of its board number.
    pub fn board_info(&self, number: u64) -> (Seat, Vul) {
        let b = self.set_options(false).board(number, Deal::default());
        (b.dealer, b.vulnerable)
    }

    /// The board number of a deal number (`startboard` shifts it).
    pub fn board_number(&self, number: u64) -> u64 {
        self.set_options(false).board(number, Deal::default()).number
    }

    /// How the kept deals become a set: the script's `startboard`, dealer and vulnerability.
    pub fn set_options(&self, rotate: bool) -> SetOptions {
        let t = &self.results.table;
        SetOptions { first_board: t.startboard.unwrap_or(1), dealer: t.dealer, vulnerable: t.vulnerable, rotate }
    }

    /// Asks for the selected deal's double-dummy solve when the DD pane shows and it is not known.
    pub fn dd_request(&mut self) -> Vec<Effect> {
        if !self.auto_dd || !self.visible(Pane::Dd) {
            return Vec::new();
        }
        self.dd_solve_selected()
    }

    /// Asks for the selected deal's solve, whatever is on screen.
    pub fn dd_solve_selected(&mut self) -> Vec<Effect> {
        let Some(d) = self.results.selected_deal() else { return Vec::new() };
        let key = (self.results.generation, d.number);
        if self.dd.done.contains_key(&key) || self.dd.pending == Some(key) {
            return Vec::new();
        }
        let (_, vul) = self.board_info(d.number);
        let e = Effect::SolveDd { generation: key.0, number: key.1, deal: d.deal, vul, known: d.known };
        self.dd.pending = Some(key);
        vec![e]
    }

    /// A solve came back.
    pub fn on_dd(&mut self, generation: u64, number: u64, result: Result<DdResult, TuiError>) {
        if self.dd.pending == Some((generation, number)) {
            self.dd.pending = None;
        }
        if self.dd.done.len() > 256 {
            self.dd.done.clear();
        }
        self.dd.done.insert((generation, number), result);
    }

    /// The selected deal's solve, if known.
    pub fn dd_selected(&self) -> Option<&Result<DdResult, TuiError>> {
        let n = self.results.selected?;
        self.dd.done.get(&(self.results.generation, n))
    }
}
