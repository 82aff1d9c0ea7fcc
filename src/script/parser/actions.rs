//! Actions: print formats, printes, print(), average, frequency, csvrpt/printrpt.

use super::{PResult, Parser};
use crate::cards::Seat;
use crate::script::ast::{Action, Expr, PrintItem, ReportTerm, StatArgs, StatCall};
use crate::script::diag::Span;
use crate::script::lexer::Tok;
use crate::script::vocab::StatShape;

/// The most counts a two-dimensional `frequency` or `bktfreq` table may hold (8 MB).
const MAX_CELLS: usize = 1_000_000;

impl Parser {
    pub(super) fn starts_action(&self) -> bool {
        matches!(self.peek(), Tok::Ident(w) if crate::script::vocab::is_action(w))
    }

    pub(super) fn action(&mut self) -> PResult<Vec<Action>> {
        let Tok::Ident(word) = self.peek().clone() else { unreachable!("starts_action checked") };
        let span = self.bump().span;
        if let Some((name, shape)) = crate::script::vocab::stat_shape(&word) {
            return Ok(vec![Action::Stat(self.stat_call(name, shape, span)?)]);
        }
        let a = match word.as_str() {
            "printall" => Action::PrintAll,
            "printew" => Action::PrintSide(1),
            "printns" => Action::PrintSide(0),
            "printside" => self.printside()?,
            "printpbn" => Action::PrintPbn,
            "printcompact" => Action::PrintCompact(self.optional_expr()?),
            "printoneline" => Action::PrintOneLine(self.optional_expr()?),
            "printes" => Action::PrintEs(self.printes()?),
            "print" => Action::Print(self.seat_list()?),
            "export" => self.export()?,
            "csvrpt" => Action::CsvRpt(self.report_terms()?),
            "printrpt" => Action::PrintRpt(self.report_terms()?),
            other => return Err(self.error_at(span, format!("unsupported: {other} (a DealerV2_4 extension)"))),
        };
        Ok(vec![a])
    }

    /// A statistics action's arguments, read in the shape its vocabulary entry gives.
    fn stat_call(&mut self, name: &'static str, shape: StatShape, span: Span) -> PResult<StatCall> {
        let (label, exprs, args) = match shape {
            StatShape::LabelExpr => (self.label(), vec![self.expr()?], StatArgs::None),
            StatShape::Ranges => self.frequency()?,
            StatShape::Buckets => self.bktfreq()?,
            StatShape::SideContract => (None, Vec::new(), StatArgs::Contract(self.evalcontract(span)?)),
        };
        Ok(StatCall { name, label, exprs, args, span: span.to(self.prev_span()) })
    }

    fn label(&mut self) -> Option<String> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.bump();
                Some(s)
            }
            _ => None,
        }
    }

    fn optional_expr(&mut self) -> PResult<Option<crate::script::ast::Expr>> {
        if !self.eat_op("(") {
            return Ok(None);
        }
        let e = self.expr()?;
        self.expect_op(")", "to close the expression")?;
        Ok(Some(e))
    }

    fn printside(&mut self) -> PResult<Action> {
        self.expect_op("(", "after `printside`")?;
        let side = match self.peek() {
            Tok::Ident(w) if w.eq_ignore_ascii_case("ns") => 0,
            Tok::Ident(w) if w.eq_ignore_ascii_case("ew") => 1,
            _ => return Err(self.unexpected("`ns` or `ew`")),
        };
        self.bump();
        self.expect_op(")", "after the side")?;
        Ok(Action::PrintSide(side))
    }

    fn printes(&mut self) -> PResult<Vec<PrintItem>> {
        self.expect_op("(", "after `printes` (its items go in parentheses)")?;
        let mut items = Vec::new();
        loop {
            match self.peek().clone() {
                Tok::Str(s) => {
                    self.bump();
                    items.push(PrintItem::Text(s));
                }
                Tok::NewlineItem => {
                    self.bump();
                    items.push(PrintItem::Newline);
                }
                _ => items.push(PrintItem::Expr(self.expr()?)),
            }
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op(")", "to close the printes list")?;
        Ok(items)
    }

    fn seat_list(&mut self) -> PResult<Vec<Seat>> {
        self.expect_op("(", "after `print`")?;
        let mut seats = vec![self.compass()?];
        while self.eat_op(",") {
            seats.push(self.compass()?);
        }
        self.expect_op(")", "to close the seat list")?;
        Ok(seats)
    }

    fn frequency(&mut self) -> PResult<(Option<String>, Vec<Expr>, StatArgs)> {
        let label = self.label();
        self.expect_op("(", "to open the frequency's expression and range")?;
        let e1 = self.expr()?;
        self.expect_op(",", "then the lowest value of the range")?;
        let r1 = self.range()?;
        let second = if self.eat_op(",") {
            let e2 = self.expr()?;
            self.expect_op(",", "then the lowest value of the second range")?;
            let start = self.span();
            let r2 = self.range()?;
            let values = |(low, high): (i64, i64)| (high - low + 1) as usize;
            self.check_cells(start, [values(r1), values(r2)], "values")?;
            Some((e2, r2))
        } else {
            None
        };
        self.expect_op(")", "to close the frequency")?;
        Ok(axes(label, (e1, r1), second, StatArgs::Ranges))
    }

    fn export(&mut self) -> PResult<Action> {
        self.expect_op("(", "after `export`")?;
        let seats = match self.peek() {
            Tok::Ident(w) if w.eq_ignore_ascii_case("ns") => vec![Seat::North, Seat::South],
            Tok::Ident(w) if w.eq_ignore_ascii_case("ew") => vec![Seat::East, Seat::West],
            _ if self.compass_word().is_some() => vec![self.compass_word().unwrap_or(Seat::North)],
            _ => return Err(self.unexpected("`NS`, `EW` or a compass")),
        };
        self.bump();
        self.expect_op(")", "after export's side or compass")?;
        Ok(Action::Export(seats))
    }

    fn bktfreq(&mut self) -> PResult<(Option<String>, Vec<Expr>, StatArgs)> {
        let label = self.label();
        self.expect_op("(", "to open the bktfreq's expression and buckets")?;
        let e1 = self.expr()?;
        self.expect_op(",", "then the lowest bucket")?;
        let b1 = self.buckets()?;
        let second = if self.eat_op(",") {
            let e2 = self.expr()?;
            self.expect_op(",", "then the second axis' lowest bucket")?;
            let start = self.span();
            let b2 = self.buckets()?;
            self.check_cells(start, [b1.count() - 2, b2.count() - 2], "buckets")?;
            Some((e2, b2))
        } else {
            None
        };
        self.expect_op(")", "to close the bktfreq")?;
        Ok(axes(label, (e1, b1), second, StatArgs::Buckets))
    }

    /// A two-dimensional table of `[rows, columns]` in-range entries, whose second axis is
    /// written from `start`, is refused when with Low and High it holds over [`MAX_CELLS`] counts.
    fn check_cells(&self, start: Span, entries: [usize; 2], what: &str) -> PResult<()> {
        if (entries[0] + 2) * (entries[1] + 2) <= MAX_CELLS {
            return Ok(());
        }
        let msg = format!(
            "the table is too large: {} × {} {what}; a table holds at most {MAX_CELLS} counts, Low and High included",
            entries[0], entries[1]
        );
        Err(self.error_at(start.to(self.prev_span()), msg))
    }

    /// `low, high, size` of a bktfreq axis (numbers or decimals).
    fn buckets(&mut self) -> PResult<crate::script::ast::Buckets> {
        let lo = self.int_number()?;
        self.expect_op(",", "then the highest bucket")?;
        let hi_span = self.span();
        let hi = self.int_number()?;
        self.expect_op(",", "then the bucket size")?;
        let size_span = self.span();
        let size = self.int_number()?;
        if size <= 0 {
            return Err(self.error_at(size_span, format!("the bucket size must be above zero, not {size}")));
        }
        if hi < lo {
            return Err(self.error_at(hi_span, format!("the highest bucket ({hi}) is below the lowest ({lo})")));
        }
        if (hi - lo) / size > 100_000 {
            return Err(self.error_at(size_span, "too many buckets: at most 100000"));
        }
        Ok(crate::script::ast::Buckets { lo, hi, size })
    }

    fn range(&mut self) -> PResult<(i64, i64)> {
        let low = self.int_number()?;
        self.expect_op(",", "then the highest value of the range")?;
        let span = self.span();
        let high = self.int_number()?;
        if high < low {
            return Err(self.error_at(span, format!("the range's high ({high}) is below its low ({low})")));
        }
        if high - low > 100_000 {
            return Err(self.error_at(span, "the range is too wide: at most 100000 values"));
        }
        Ok((low, high))
    }

    fn report_terms(&mut self) -> PResult<Vec<ReportTerm>> {
        self.expect_op("(", "to open the report's terms")?;
        let mut terms = Vec::new();
        loop {
            terms.push(self.report_term()?);
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op(")", "to close the report's terms")?;
        Ok(terms)
    }

    fn report_term(&mut self) -> PResult<ReportTerm> {
        if let Tok::Str(s) = self.peek().clone() {
            self.bump();
            return Ok(ReportTerm::Text(s));
        }
        if let Some(seats) = self.seats_term() {
            self.bump();
            return Ok(ReportTerm::Hands(seats));
        }
        if self.is_word("trix") {
            return self.trix_term();
        }
        if self.is_word("parcontract") {
            let span = self.bump().span;
            let vul = if self.eat_op("(") {
                let v = self.par_vulnerability()?;
                self.expect_op(")", "after parcontract's vulnerability")?;
                Some(v)
            } else {
                None
            };
            return Ok(ReportTerm::ParContract(vul, span));
        }
        Ok(ReportTerm::Expr(self.expr()?))
    }

    /// `trix(compass|deal)`, or a bare `trix` (DealerV2_4's example scripts), all four seats.
    fn trix_term(&mut self) -> PResult<ReportTerm> {
        let span = self.bump().span;
        if matches!(self.peek(), Tok::Op("," | ")")) {
            return Ok(ReportTerm::Trix(Seat::ALL.to_vec(), span));
        }
        self.expect_op("(", "after `trix`")?;
        let seats = self.seats_term().ok_or_else(|| self.unexpected("a compass or `deal`"))?;
        self.bump();
        let end = self.expect_op(")", "after trix's seat")?;
        Ok(ReportTerm::Trix(seats, span.to(end)))
    }

    /// `evalcontract(NS|EW, contract, nv|vul)`.
    fn evalcontract(&mut self, span: Span) -> PResult<crate::script::ast::EvalContract> {
        if !self.is_op("(") {
            return Err(self.error_at(span, "unsupported: evalcontract without arguments (dealer 1.24 parses it and then aborts on an assertion); DealerV2_4's `evalcontract(NS, z4S, vul)` is supported"));
        }
        self.expect_op("(", "after `evalcontract`")?;
        let side = match self.peek() {
            Tok::Ident(w) if w.eq_ignore_ascii_case("ns") => 0,
            Tok::Ident(w) if w.eq_ignore_ascii_case("ew") => 1,
            _ => return Err(self.unexpected("`NS` or `EW`")),
        };
        self.bump();
        self.expect_op(",", "then a contract such as `z3N` or `z4Hx`")?;
        let contract = match self.peek() {
            Tok::Contract(c) => crate::dd::score::Contract::from_code(*c as i32),
            _ => None,
        };
        let contract = contract.ok_or_else(|| self.unexpected("a contract such as `z3N` or `z4Hx`"))?;
        self.bump();
        self.expect_op(",", "then `nv` or `vul`")?;
        let vulnerable = match self.peek() {
            Tok::Ident(w) if w == "nv" => false,
            Tok::Ident(w) if w == "vul" => true,
            _ => return Err(self.unexpected("`nv` or `vul`")),
        };
        self.bump();
        let end = self.expect_op(")", "to close evalcontract")?;
        Ok(crate::script::ast::EvalContract { side, contract, vulnerable, span: span.to(end) })
    }

    /// `deal`, `ns`/`ew` (any case) or a compass, when followed by `,` or `)`.
    fn seats_term(&self) -> Option<Vec<Seat>> {
        if !matches!(self.peek_at(1), Tok::Op("," | ")")) {
            return None;
        }
        let Tok::Ident(w) = self.peek() else { return None };
        match w.as_str() {
            "deal" => Some(Seat::ALL.to_vec()),
            w if w.eq_ignore_ascii_case("ns") => Some(vec![Seat::North, Seat::South]),
            w if w.eq_ignore_ascii_case("ew") => Some(vec![Seat::East, Seat::West]),
            _ => self.compass_word().map(|s| vec![s]),
        }
    }
}

/// A table's label, expressions and axes (one or two) as a statistics call's parts.
fn axes<A>(
    label: Option<String>,
    first: (Expr, A),
    second: Option<(Expr, A)>,
    args: fn(Vec<A>) -> StatArgs,
) -> (Option<String>, Vec<Expr>, StatArgs) {
    let (exprs, axes): (Vec<Expr>, Vec<A>) = std::iter::once(first).chain(second).unzip();
    (label, exprs, args(axes))
}
