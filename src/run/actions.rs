//! Running the actions for each matching deal, and the end-of-run report.

use super::RunOptions;
use super::files::Sink;
use super::stats::{HandTypeStat, Sample, Stat, Stats};
use crate::cards::Deal;
use crate::eval::v2dd::dd_table;
use crate::eval::{Ctx, EvalError, Program};
use crate::report::deal as fmt;
use crate::report::stats as sfmt;
use crate::script::ast::{Action, PrintItem, ReportTerm};
use std::fmt::Write;

/// Accumulated state of a run's actions.
pub(super) struct ActionState<'a> {
    program: &'a Program,
    options: &'a RunOptions,
    seed_text: String,
    date: String,
    /// The statistics, in action order.
    stats: Vec<Stat>,
    /// Which of them are studies, and where the hand types' figures are: found once, not
    /// searched for on every deal.
    studies: Vec<usize>,
    types_at: Option<usize>,
    stored: Vec<Deal>,
    keeps_deals: bool,
    csv: Sink,
    exports: Sink,
}

impl<'a> ActionState<'a> {
    pub(super) fn new(program: &'a Program, options: &'a RunOptions, seed: i64) -> Self {
        let mut stats: Vec<Stat> = program.actions.iter().filter_map(stat_of).collect();
        let types = &program.script.hand_types;
        if !types.is_empty() {
            stats.push(Stat::HandTypes(HandTypeStat::new(types.iter().map(|t| t.name.clone()).collect())));
        }
        stats.extend(options.studies.iter().cloned());
        let studies = (0..stats.len()).filter(|&i| stats[i].is_study()).collect();
        let types_at = stats.iter().rposition(|s| matches!(s, Stat::HandTypes(_)));
        let keeps_deals = program.actions.iter().any(|a| matches!(a, Action::Print(_)));
        let date = options.date.clone().unwrap_or_else(today);
        let (csv, exports) = sinks(options);
        ActionState {
            program,
            options,
            seed_text: seed.to_string(),
            date,
            stats,
            studies,
            types_at,
            stored: Vec::new(),
            keeps_deals,
            csv,
            exports,
        }
    }

    /// Runs every action for a matching deal, appending what it prints to `out`.
    pub(super) fn per_deal(&mut self, ctx: &mut Ctx, number: u64, out: &mut String) -> Result<(), EvalError> {
        let mut next = 0;
        let p = self.program;
        let board = number + p.script.board_offset();
        for a in &p.actions {
            match a {
                Action::PrintAll => fmt::printall(out, board, ctx.deal),
                Action::PrintSide(side) => fmt::printside(out, *side, ctx.deal),
                Action::PrintPbn if !self.options.quiet_pbn => {
                    fmt::printpbn(out, board - 1, ctx.deal, &self.pbn_context())
                }
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
                Action::Stat(call) => {
                    let mut values = [0i64; 2];
                    for (v, e) in values.iter_mut().zip(&call.exprs) {
                        *v = i64::from(p.eval(e, ctx)?);
                    }
                    self.stats[next].add_deal(&mut Sample { values, ctx, span: call.span })?;
                    next += 1;
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
        }
        for &i in &self.studies {
            self.stats[i].add_deal(&mut Sample { values: [0; 2], ctx, span: Default::default() })?;
        }
        if self.keeps_deals {
            self.stored.push(*ctx.deal);
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
        Stats { generated, produced, stats: self.stats.clone() }
    }

    /// End-of-run actions in action order, then the statistics lines; an error when the
    /// `-C` or `-X` file cannot be written to the end.
    pub(super) fn finish(&mut self, generated: u64, produced: u64, seconds: f64) -> Result<String, EvalError> {
        self.csv.flush()?;
        self.exports.flush()?;
        let mut out = String::new();
        let mut next = self.stats.iter();
        for a in &self.program.actions {
            if let Action::Print(seats) = a {
                fmt::print_hands(&mut out, seats, &self.stored, self.program.script.board_offset());
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
        Ok(out)
    }
}

/// The empty statistic an action accumulates, if it is a statistics action.
fn stat_of(a: &Action) -> Option<Stat> {
    match a {
        Action::Stat(call) => Stat::from_call(call),
        _ => None,
    }
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
