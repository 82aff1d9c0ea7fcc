//! Running the actions for each matching deal, and the end-of-run report.

use super::RunOptions;
use super::files::Sink;
use super::stats::{Axis, HandTypeStat, Sample, Stat, Stats, Tallies, Tally};
use crate::cards::{Hand, Seat};
use crate::eval::v2dd::dd_table;
use crate::eval::{Ctx, EvalError, Program};
use crate::report::deal as fmt;
use crate::report::stats as sfmt;
use crate::script::ast::{Action, Expr, PrintItem, ReportTerm, StatCall};
use std::fmt::Write;

/// Accumulated state of a run's actions.
pub(super) struct ActionState<'a> {
    program: &'a Program,
    options: &'a RunOptions,
    seed_text: String,
    date: String,
    /// The statistics, in action order; the frequencies' and averages' figures are kept in
    /// `tallies` during the run and written here when read.
    stats: Vec<Stat>,
    tallies: Tallies,
    /// The actions as each deal runs them.
    steps: Vec<Step<'a>>,
    /// Which of them are studies, and where the hand types' figures are: found once, not
    /// searched for on every deal.
    studies: Vec<usize>,
    types_at: Option<usize>,
    /// The hands of the seats `print` names, one per produced deal (the others are not kept).
    stored: [Vec<Hand>; 4],
    kept: [bool; 4],
    csv: Sink,
    exports: Sink,
}

impl<'a> ActionState<'a> {
    pub(super) fn new(program: &'a Program, options: &'a RunOptions, seed: i64) -> Self {
        let (mut stats, steps) = compile(&program.actions);
        let types = &program.script.hand_types;
        if !types.is_empty() {
            stats.push(Stat::HandTypes(HandTypeStat::new(types.iter().map(|t| t.name.clone()).collect())));
        }
        stats.extend(options.studies.iter().cloned());
        let studies = (0..stats.len()).filter(|&i| stats[i].is_study()).collect();
        let types_at = stats.iter().rposition(|s| matches!(s, Stat::HandTypes(_)));
        let mut kept = [false; 4];
        for a in &program.actions {
            if let Action::Print(seats) = a {
                seats.iter().for_each(|&s| kept[s] = true);
            }
        }
        let date = options.date.clone().unwrap_or_else(today);
        let (csv, exports) = sinks(options);
        let tallies = Tallies::new(&stats);
        let steps = steps.into_iter().map(|s| s.tallied(&tallies)).collect();
        ActionState {
            program,
            options,
            seed_text: seed.to_string(),
            date,
            stats,
            tallies,
            steps,
            studies,
            types_at,
            stored: Default::default(),
            kept,
            csv,
            exports,
        }
    }

    /// Runs every action for a matching deal, appending what it prints to `out`.
    pub(super) fn per_deal(&mut self, ctx: &mut Ctx, number: u64, out: &mut String) -> Result<(), EvalError> {
        let p = self.program;
        let board = number + p.script.board_offset();
        for k in 0..self.steps.len() {
            match self.steps[k] {
                Step::Count { e, rows, base } => self.tallies.count(rows, base, p.eval(e, ctx)?.into()),
                Step::Cross { e, rows, cols, base } => {
                    let v = [p.eval(e[0], ctx)?.into(), p.eval(e[1], ctx)?.into()];
                    self.tallies.count2(rows, cols, base, v);
                }
                Step::Average { e, slot } => self.tallies.average(slot, p.eval(e, ctx)?.into()),
                Step::Stat { call, i } => {
                    let mut values = [0i64; 2];
                    for (v, e) in values.iter_mut().zip(&call.exprs) {
                        *v = i64::from(p.eval(e, ctx)?);
                    }
                    self.stats[i].add_deal(&mut Sample { values, ctx, span: call.span })?;
                }
                Step::Act(a) => self.act(a, out, board, ctx)?,
            }
        }
        for &i in &self.studies {
            self.stats[i].add_deal(&mut Sample { values: [0; 2], ctx, span: Default::default() })?;
        }
        for seat in Seat::ALL {
            if self.kept[seat] {
                self.stored[seat].push(ctx.deal.hands[seat]);
            }
        }
        Ok(())
    }

    /// Runs an action that is not a statistic on a matching deal numbered `board`.
    fn act(&mut self, a: &Action, out: &mut String, board: u64, ctx: &mut Ctx) -> Result<(), EvalError> {
        let p = self.program;
        match a {
            Action::PrintAll => fmt::printall(out, board, ctx.deal),
            Action::PrintSide(side) => fmt::printside(out, *side, ctx.deal),
            Action::PrintPbn if !self.options.quiet_pbn => fmt::printpbn(out, board - 1, ctx.deal, &self.pbn_context()),
            Action::PrintPbn => {}
            Action::PrintCompact(e) => {
                let v = e.as_ref().map(|e| p.eval(e, ctx)).transpose()?;
                fmt::printcompact(out, ctx.deal, v);
            }
            Action::PrintOneLine(e) => {
                let v = e.as_ref().map(|e| p.eval(e, ctx)).transpose()?;
                fmt::printoneline(out, ctx.deal, v);
            }
            Action::PrintEs(items) => self.printes(out, items, ctx)?,
            Action::Print(_) => {}
            // A statistics action without a statistic: its values are drawn all the same.
            Action::Stat(call) => {
                for e in &call.exprs {
                    p.eval(e, ctx)?;
                }
            }
            Action::Export(seats) => {
                let mut line = String::new();
                crate::report::export::export(&mut line, seats, ctx.deal);
                self.exports.write(out, &line)?;
            }
            Action::PrintRpt(terms) => self.report_row(out, terms, ctx)?,
            Action::CsvRpt(terms) => {
                let mut row = String::new();
                self.report_row(&mut row, terms, ctx)?;
                self.csv.write(out, &row)?;
            }
        }
        Ok(())
    }

    /// The hand types' figures, when the script defines hand types.
    fn hand_types(&mut self) -> Option<&mut HandTypeStat> {
        match self.stats.get_mut(self.types_at?) {
            Some(Stat::HandTypes(h)) => Some(h),
            _ => None,
        }
    }

    /// Counts a deal that matched the condition by its hand types (`mask`), before levelling.
    pub(super) fn measure_types(&mut self, mask: u64) {
        if let Some(h) = self.hand_types() {
            h.measure(mask);
        }
    }

    /// Counts a produced deal by its hand types.
    pub(super) fn add_types(&mut self, mask: u64) {
        if let Some(h) = self.hand_types() {
            crate::run::stats::Statistic::add(h, [mask as i64, 0]);
        }
    }

    fn printes(&self, out: &mut String, items: &[PrintItem], ctx: &mut Ctx) -> Result<(), EvalError> {
        for item in items {
            match item {
                PrintItem::Expr(e) => {
                    let v = self.program.eval(e, ctx)?;
                    let _ = write!(out, "{v}");
                }
                PrintItem::Text(t) => out.push_str(t),
                PrintItem::Newline => out.push('\n'),
            }
        }
        Ok(())
    }

    fn report_row(&self, out: &mut String, terms: &[ReportTerm], ctx: &mut Ctx) -> Result<(), EvalError> {
        for (i, t) in terms.iter().enumerate() {
            out.push(if i == 0 { ' ' } else { ',' });
            match t {
                ReportTerm::Expr(e) => {
                    let v = self.program.eval(e, ctx)?;
                    let _ = write!(out, "{v}");
                }
                ReportTerm::Text(s) => {
                    let _ = write!(out, "'{s}'");
                }
                ReportTerm::Hands(seats) => {
                    for &s in seats {
                        let _ = write!(out, "{} {} ", crate::cards::SEAT_CHARS[s] as char, ctx.deal.hands[s].dotted());
                    }
                }
                ReportTerm::Trix(seats, span) => {
                    let table = dd_table(ctx, *span, "trix")?;
                    let cells: Vec<String> =
                        seats.iter().flat_map(|&s| table[s].iter().map(|t| t.to_string())).collect();
                    out.push_str(&cells.join(","));
                }
                ReportTerm::ParContract(vul, span) => {
                    let (deal, vul) = (*ctx.deal, vul.unwrap_or(ctx.vulnerable));
                    let no_solver = || EvalError::new(*span, "double-dummy solving is not available here");
                    let dd = ctx.dd.as_mut().ok_or_else(no_solver)?;
                    let text = dd.par_contracts(&deal, vul).map_err(|e| EvalError::solving(*span, e))?;
                    let _ = write!(out, "'{text}'");
                }
            }
        }
        out.push('\n');
        Ok(())
    }

    fn pbn_context(&self) -> fmt::PbnContext<'_> {
        fmt::PbnContext {
            input_name: &self.options.input_name,
            seed: &self.seed_text,
            date: &self.date,
            dealer: self.program.script.dealer,
            vulnerable: self.program.script.vulnerable,
            event: self.options.title.as_deref().or(self.program.script.title.as_deref()),
        }
    }

    /// The statistics so far.
    pub(super) fn snapshot(&self, generated: u64, produced: u64) -> Stats {
        let mut stats = self.stats.clone();
        self.tallies.write(&mut stats);
        Stats { generated, produced, stats }
    }

    /// End-of-run actions in action order, then the statistics lines, given to `emit` in
    /// parts of about [`PART`] bytes; an error (before any part) when the `-C` or `-X` file
    /// cannot be written to the end.
    pub(super) fn finish(
        &mut self,
        generated: u64,
        produced: u64,
        seconds: f64,
        emit: &mut dyn FnMut(String),
    ) -> Result<(), EvalError> {
        self.csv.flush()?;
        self.exports.flush()?;
        self.tallies.write(&mut self.stats);
        let mut out = String::new();
        let mut flush = |out: &mut String| {
            if out.len() >= PART {
                emit(std::mem::take(out));
            }
        };
        let mut next = self.stats.iter();
        for a in &self.program.actions {
            if let Action::Print(seats) = a {
                let first = self.program.script.board_offset();
                fmt::print_hands(&mut out, seats, &self.stored, first, &mut flush);
            } else if a.is_statistic() {
                next.next().expect("a statistic for every statistics action").render(&mut out, produced);
            }
        }
        for rest in next.filter(|s| !s.is_study()) {
            rest.render(&mut out, produced);
        }
        if self.options.print_stats {
            sfmt::summary(&mut out, generated, produced, &self.seed_text, seconds);
        }
        for study in self.stats.iter().filter(|s| s.is_study()) {
            study.render(&mut out, produced);
        }
        emit(out);
        Ok(())
    }
}

/// The size of the parts the end-of-run report is passed on in: `print`'s hands of a long run
/// are never held whole.
const PART: usize = 1 << 16;

/// An action as each matching deal runs it.
#[derive(Clone, Copy)]
enum Step<'a> {
    /// A one-dimensional `frequency`: its expression's bucket counted at `base`.
    Count { e: &'a Expr, rows: Axis, base: usize },
    /// A two-dimensional `frequency`.
    Cross { e: [&'a Expr; 2], rows: Axis, cols: Axis, base: usize },
    /// An `average`: its expression's value added at `slot`.
    Average { e: &'a Expr, slot: usize },
    /// Any other statistic, the run's `i`th.
    Stat { call: &'a StatCall, i: usize },
    /// An action that is not a statistic.
    Act(&'a Action),
}

impl<'a> Step<'a> {
    /// A statistic's step reading its tally's slots, when it has them.
    fn tallied(self, tallies: &Tallies) -> Step<'a> {
        let Step::Stat { call, i } = self else { return self };
        match (tallies.tally(i), call.exprs.as_slice()) {
            (Tally::Frequency { rows, cols: None, base }, [e]) => Step::Count { e, rows, base },
            (Tally::Frequency { rows, cols: Some(cols), base }, [a, b]) => Step::Cross { e: [a, b], rows, cols, base },
            (Tally::Average { slot }, [e]) => Step::Average { e, slot },
            _ => self,
        }
    }
}

/// The empty statistics of the statistics actions, and every action's step.
fn compile(actions: &[Action]) -> (Vec<Stat>, Vec<Step<'_>>) {
    let mut stats = Vec::new();
    let steps = actions
        .iter()
        .map(|a| match a {
            Action::Stat(call) => match Stat::from_call(call) {
                Some(s) => {
                    stats.push(s);
                    Step::Stat { call, i: stats.len() - 1 }
                }
                None => Step::Act(a),
            },
            _ => Step::Act(a),
        })
        .collect();
    (stats, steps)
}

/// The csvrpt and export sinks; a file that cannot be opened falls back to standard output
/// (the command line has already opened it once, so this is not expected).
fn sinks(options: &RunOptions) -> (Sink, Sink) {
    let csv = Sink::new(options.csv_file.as_ref()).unwrap_or(Sink::Stdout);
    let exports = Sink::new(options.export_file.as_ref()).unwrap_or(Sink::Stdout);
    (csv, exports)
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a calendar date (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(20_788), (2026, 12, 1));
    }
}
