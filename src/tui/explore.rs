//! Exploring a run: the seed re-runs keep (and the key that draws a new one), and the filter
//! over the kept deals, compiled by the engine in the script's scope.

use std::collections::BTreeSet;
use std::sync::Arc;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::{App, Effect, Overlay};
use crate::cards::{Deal, Seat, Vul};
use crate::dd::{DdError, Known};
use crate::eval::{Ctx, DoubleDummy, Memo, Program};
use crate::run::Matched;

/// The seed of the workbench's runs: kept from one run to the next, so an edit that leaves
/// the condition alone shows the same deals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seed {
    /// The seed, once chosen (`--seed`, the clock at the first run, or the reseed key).
    pub value: Option<i64>,
    /// Chosen by the user (`--seed N` or the reseed key): it wins over the script's `seed`.
    pub forced: bool,
}

impl Seed {
    /// The seed for a run of a script whose `seed` statement is `script`: the user's, else
    /// the script's, else the kept one (the clock's, chosen at the first run).
    pub fn for_run(&mut self, script: Option<i64>) -> i64 {
        match (self.forced, script, self.value) {
            (true, _, Some(v)) => v,
            (_, Some(s), _) => s,
            (_, None, Some(v)) => v,
            (_, None, None) => *self.value.insert(clock()),
        }
    }
}

fn clock() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// A filter over the kept deals.
pub struct Filter {
    /// As typed.
    pub text: String,
    program: Arc<Program>,
    /// The numbers of the kept deals it holds on.
    pub pass: BTreeSet<u64>,
    /// Deals tested.
    pub tested: u64,
    /// Deals it could not decide (a double-dummy value neither the run nor the DD pane knows,
    /// a division by zero).
    pub unknown: u64,
    /// Why the first undecided deal was undecided, with the place: `filter:COL: …` in the
    /// filter's text, `FILE:LINE:COL: …` in a script variable it uses.
    pub reason: Option<String>,
}

impl Filter {
    /// Tests one deal on what the run learnt of it; true when the filter holds.
    pub fn test(&mut self, d: &Matched) -> bool {
        self.test_with(d, None)
    }

    /// Tests one deal on what the run learnt of it and on its table, if the DD pane solved it.
    fn test_with(&mut self, d: &Matched, solved: Option<&[[u8; 5]; 4]>) -> bool {
        self.tested += 1;
        let mut dd = Learnt { known: d.known, solved };
        let mut memo = Memo::default();
        let mut ctx = Ctx::new(&d.deal, &mut memo);
        ctx.dd = Some(&mut dd);
        match self.program.matches(&mut ctx) {
            Ok(true) => {
                self.pass.insert(d.number);
                true
            }
            Ok(false) => false,
            Err(e) => {
                self.unknown += 1;
                if self.reason.is_none() {
                    self.reason = Some(self.place(&e));
                }
                false
            }
        }
    }

    /// An evaluation error with its place: in the filter's text (compiled after the script,
    /// as its last line), else in the script.
    fn place(&self, e: &crate::eval::EvalError) -> String {
        let source = &self.program.source;
        let start = source.len().saturating_sub(self.text.len() + 1);
        match e.span.start.checked_sub(start).and_then(|at| self.text.get(..at)) {
            Some(before) => format!("filter:{}: {}", before.chars().count() + 1, e.message),
            None => {
                let d = self.program.diagnostic(e);
                format!("{}:{}:{}: {}", d.file, d.line, d.column, d.message)
            }
        }
    }

    /// The undecided deals, with the first one's reason, for the deal pane and status line.
    pub fn undecided(&self) -> Option<String> {
        let why = self.reason.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
        (self.unknown > 0).then(|| format!("{} undecided{why}", self.unknown))
    }
}

/// What the workbench knows of one kept deal's double-dummy results, for a filter that asks
/// for tricks: what the run learnt of it (its bound tests and solves) and the table the DD
/// pane solved. It answers for that deal only, so the `deal` arguments go unread.
struct Learnt<'a> {
    known: Option<Known>,
    solved: Option<&'a [[u8; 5]; 4]>,
}

fn not_solved() -> DdError {
    DdError::Invalid("not solved yet: select the deal with the DD pane shown, or press d".into())
}

impl DoubleDummy for Learnt<'_> {
    fn table(&mut self, _: &Deal) -> Result<[[u8; 5]; 4], DdError> {
        let learnt = self.known.and_then(|k| k.table()).map(|t| t.tricks);
        learnt.or(self.solved.copied()).ok_or_else(not_solved)
    }
    fn tricks(&mut self, _: &Deal, declarer: Seat, strain: usize) -> Result<u8, DdError> {
        let learnt = self.known.and_then(|k| k.exact(declarer.index(), strain));
        learnt.or(self.solved.map(|t| t[declarer][strain])).ok_or_else(not_solved)
    }
    /// Answered by the run's range when it decides, else by the exact result.
    fn at_least(&mut self, deal: &Deal, declarer: Seat, strain: usize, target: i32) -> Result<bool, DdError> {
        match self.known.and_then(|k| k.at_least(declarer.index(), strain, target)) {
            Some(holds) => Ok(holds),
            None => Ok(i32::from(self.tricks(deal, declarer, strain)?) >= target),
        }
    }
    fn par_ns(&mut self, _: &Deal, _: Vul) -> Result<i32, DdError> {
        Err(DdError::Invalid("par is not available in a filter".into()))
    }
    fn par_contracts(&mut self, _: &Deal, _: Vul) -> Result<String, DdError> {
        Err(DdError::Invalid("par is not available in a filter".into()))
    }
}

impl App {
    /// A key in the filter prompt: Enter applies it, Esc clears the filter.
    pub(super) fn filter_key(&mut self, mut q: String, key: KeyEvent) -> (Option<Overlay>, Vec<Effect>) {
        match key.code {
            KeyCode::Esc => {
                self.filter = None;
                self.say("filter cleared", false);
                return (None, Vec::new());
            }
            KeyCode::Enter if q.trim().is_empty() => {
                self.filter = None;
                return (None, Vec::new());
            }
            KeyCode::Enter => return self.apply_filter(q),
            KeyCode::Backspace => {
                q.pop();
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => q.push(c),
            _ => {}
        }
        (Some(Overlay::Filter(q)), Vec::new())
    }

    /// Sends the filter to the compile thread; the prompt stays open until it is back.
    fn apply_filter(&mut self, text: String) -> (Option<Overlay>, Vec<Effect>) {
        if self.results.program.is_none() {
            self.say("no run to filter yet", true);
            return (Some(Overlay::Filter(text)), Vec::new());
        }
        let compile = Effect::CompileFilter { generation: self.results.generation, text: text.clone() };
        (Some(Overlay::Filter(text)), vec![compile])
    }

    /// A filter compiled on the compile thread: tests the kept deals and closes the prompt, or
    /// says where it is wrong. Dropped when the prompt no longer shows that text (edited,
    /// closed) or other results came meanwhile.
    pub fn on_filter_compiled(
        &mut self,
        generation: u64,
        text: String,
        result: Result<Arc<Program>, crate::script::diag::Diagnostic>,
    ) -> Vec<Effect> {
        let asked = matches!(self.layers.last(), Some(Overlay::Filter(t)) if *t == text);
        if !asked || generation != self.results.generation {
            return Vec::new();
        }
        let program = match result {
            Ok(p) => p,
            Err(d) => {
                self.say(format!("filter:{}: {}", d.column, d.message), true);
                return Vec::new();
            }
        };
        self.layers.pop();
        self.filter = Some(Filter { text, program, pass: BTreeSet::new(), tested: 0, unknown: 0, reason: None });
        self.retest();
        if let Some(f) = &self.filter
            && let Some(undecided) = f.undecided()
        {
            let msg = format!("filter: {} of {} pass, {undecided}", f.pass.len(), f.tested);
            self.say(msg, true);
        }
        self.select_first_passing()
    }

    /// Tests every kept deal against the filter again, compiled anew in the scope of the
    /// results' script (an edit may have changed its variables): on the compile thread with
    /// the script when it could, else here. A filter the script no longer compiles is
    /// dropped, with the reason.
    pub fn refilter(&mut self) {
        let Some(mut f) = self.filter.take() else { return };
        let fresh = self.fresh_filter.take().filter(|(text, _)| *text == f.text).map(|(_, r)| r);
        if let Some(program) = self.results.program.clone() {
            let compiled =
                fresh.unwrap_or_else(|| crate::eval::filter::compile_filter(&program, &f.text).map(Arc::new));
            match compiled {
                Ok(p) => f.program = p,
                Err(d) => {
                    self.say(format!("filter dropped: {}", d.message), true);
                    return;
                }
            }
        }
        self.filter = Some(f);
        self.retest();
    }

    /// Tests every kept deal against the filter as it is compiled.
    fn retest(&mut self) {
        let Some(mut f) = self.filter.take() else { return };
        (f.pass, f.tested, f.unknown, f.reason) = (BTreeSet::new(), 0, 0, None);
        for d in &self.results.deals {
            f.test_with(d, self.solved_table(d.number));
        }
        self.filter = Some(f);
    }

    /// The table the DD pane solved for the kept deal numbered `n` of these results.
    fn solved_table(&self, n: u64) -> Option<&[[u8; 5]; 4]> {
        let done = self.dd.done.get(&(self.results.generation, n))?;
        done.as_ref().ok().map(|r| &r.tricks)
    }

    /// True when the deal numbered `n` passes the filter (or there is none).
    pub fn passes(&self, n: u64) -> bool {
        self.filter.as_ref().is_none_or(|f| f.pass.contains(&n))
    }

    fn select_first_passing(&mut self) -> Vec<Effect> {
        if self.results.selected.is_some_and(|n| self.passes(n)) {
            return Vec::new();
        }
        let first = self.results.deals.iter().map(|d| d.number).find(|&n| self.passes(n));
        self.results.select(first.or(self.results.selected));
        self.dd_request()
    }

    /// The reseed key: a new seed, kept from now on, and a re-run.
    pub fn reseed(&mut self) -> Vec<Effect> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let old = self.seed.value.unwrap_or(0);
        let mut new = (nanos % 2_147_483_647) as i64;
        if new == old {
            new = (new + 1) % 2_147_483_647;
        }
        self.seed = Seed { value: Some(new), forced: true };
        self.say(format!("new seed {new}"), false);
        self.request_run()
    }
}
