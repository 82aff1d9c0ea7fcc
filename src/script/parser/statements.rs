//! Statements: condition, produce, generate, action, predeal, pointcount, …

use super::{PResult, Parser, describe, is_reserved};
use crate::cards::{Card, Seat, Suit, Vul};
use crate::script::ast::{Expr, VarDef};
use crate::script::diag::Span;
use crate::script::lexer::Tok;

impl Parser {
    pub(super) fn statement(&mut self) -> PResult<()> {
        let word = match self.peek() {
            Tok::Ident(w) => w.clone(),
            _ => return self.bare_condition(),
        };
        if word == "seed" && self.is_assignment() && matches!(self.peek_at(2), Tok::Number(_)) {
            let span = self.span();
            self.warn_at(span, "`seed = N` is read as `seed N`, as DealerV2_4 reads it");
            self.bump();
            self.bump();
            let n = self.number()?;
            self.script.seed.get_or_insert(n);
            return Ok(());
        }
        if self.is_assignment() {
            return self.assignment(word);
        }
        match word.as_str() {
            "condition" => {
                let keyword = self.bump().span;
                self.condition_from(keyword.start)
            }
            "produce" | "generate" => self.limit(&word),
            "action" => self.action_statement(),
            "dealer" => {
                self.bump();
                let seat = self.compass()?;
                self.script.dealer = Some(seat);
                Ok(())
            }
            "vulnerable" => self.vulnerable(),
            "predeal" => self.predeal(),
            "pointcount" => {
                self.bump();
                self.count_row(0)
            }
            "altcount" => self.altcount(),
            "title" => {
                self.bump();
                match self.bump().tok {
                    Tok::Str(s) => self.script.title = Some(s),
                    _ => return Err(self.error_at(self.prev_span(), "expected a quoted title after `title`")),
                }
                Ok(())
            }
            "seed" => {
                self.bump();
                let n = self.number()?;
                self.script.seed.get_or_insert(n);
                Ok(())
            }
            "opener" => {
                self.bump();
                let seat = self.compass()?;
                self.script.opener = Some(seat);
                Ok(())
            }
            "startboard" => {
                self.bump();
                let span = self.span();
                let n = self.number()?;
                if n < 1 {
                    return Err(self.error_at(span, "`startboard` needs a board number of 1 or more"));
                }
                self.script.startboard = Some(n as u64);
                Ok(())
            }
            w if crate::script::vocab::lookup(w).is_some_and(|e| e.in_actions) && self.action_follows() => {
                let a = self.action()?;
                self.script.extra_actions.extend(a);
                Ok(())
            }
            _ => self.bare_condition(),
        }
    }

    fn action_follows(&self) -> bool {
        !matches!(self.peek_at(1), Tok::Op("=" | "==" | "<" | ">" | "<=" | ">=" | "!=" | "&&" | "||"))
    }

    fn is_assignment(&self) -> bool {
        matches!(self.peek_at(1), Tok::Op("="))
    }

    fn assignment(&mut self, name: String) -> PResult<()> {
        let span = self.bump().span;
        if is_reserved(&name) {
            let msg = format!("`{name}` is a reserved word of the language and cannot be a variable name");
            return Err(self.error_at(span, msg));
        }
        if self.vars.contains_key(&name) {
            return Err(self.error_at(span, format!("redefined variable `{name}`: each name can be defined once")));
        }
        self.bump();
        let start = self.span().start;
        let e = self.expr()?;
        let chain = self.chain(&e, start);
        self.script.explain.vars.push(crate::script::explain::Var { name: name.clone(), chain, expr: e.clone() });
        self.hand_type(&name, span, &e)?;
        let mention = self.var_mention(&name, e);
        self.vars.insert(name, mention);
        Ok(())
    }

    /// What a mention of the variable stands for: a single node (a number, a hand function,
    /// another variable) as itself, anything else as a reference to its entry in the table.
    fn var_mention(&mut self, name: &str, e: Expr) -> Expr {
        if e.children().next().is_none() {
            return e;
        }
        let vars = &self.script.vars;
        let (draws_rnd, solves) = (e.draws_rnd(vars), e.solves(vars));
        let depth = super::expr::size(&e, vars).0;
        self.script.vars.push(VarDef { name: name.to_string(), expr: e, draws_rnd, solves, depth });
        Expr::Var(self.script.vars.len() - 1)
    }

    fn bare_condition(&mut self) -> PResult<()> {
        let start = self.span().start;
        if let Some(d) = self.misspelt_statement() {
            return Err(d);
        }
        self.condition_from(start)
    }

    /// A statement's first word that is no name the script knows but is close to a statement
    /// word (`conditon`): the error says which was meant.
    fn misspelt_statement(&self) -> Option<crate::script::diag::Diagnostic> {
        use crate::script::vocab::{Kind, lookup, nearest_of};
        let Tok::Ident(w) = self.peek() else { return None };
        if self.vars.contains_key(w) || lookup(w).is_some() || matches!(self.peek_at(1), Tok::Op("(")) {
            return None;
        }
        let meant = nearest_of(w, Kind::Statement)?;
        Some(self.error_at(self.span(), format!("unknown statement `{w}`; did you mean `{meant}`?")))
    }

    /// The condition's expression, for a statement that starts at byte `from`.
    fn condition_from(&mut self, from: usize) -> PResult<()> {
        if matches!(self.peek(), Tok::Str(_)) {
            return Err(self.unexpected("a statement or a condition"));
        }
        let start = self.span();
        let e = self.expr()?;
        self.script.explain.condition = Some(self.chain(&e, start.start));
        let expr = Span::new(start.start, self.prev_span().end);
        let statement = Span::new(from, expr.end);
        self.script.condition_at = Some(crate::script::hand_types::ConditionAt { statement, expr });
        self.script.condition = Some(e);
        Ok(())
    }

    /// The top-level `&&` / `||` chain of the expression just parsed from `start`.
    fn chain(&mut self, e: &crate::script::ast::Expr, start: usize) -> crate::script::explain::Chain {
        let span = crate::script::diag::Span::new(start, self.prev_span().end);
        let (ors, ands) = (std::mem::take(&mut self.top_or), std::mem::take(&mut self.top_and));
        crate::script::explain::Chain::of(e, span, &ors, &ands)
    }

    fn limit(&mut self, word: &str) -> PResult<()> {
        self.bump();
        let span = self.span();
        let n = self.number()?;
        if n < 0 {
            return Err(self.error_at(span, format!("`{word}` needs a positive number")));
        }
        let slot = if word == "produce" { &mut self.script.produce } else { &mut self.script.generate };
        if slot.is_none() {
            *slot = Some(n as u64);
        }
        Ok(())
    }

    /// A number literal: digits, a 4-digit pattern token, a decimal, or `-` before one.
    pub(super) fn number(&mut self) -> PResult<i64> {
        let neg = self.eat_op("-");
        let v = match self.peek().clone() {
            Tok::Number(n) | Tok::DotNum(n) => n,
            Tok::Pattern(p) if p.bytes().all(|b| b.is_ascii_digit()) => p.parse().unwrap_or(0),
            _ => return Err(self.unexpected("a number")),
        };
        self.bump();
        Ok(if neg { -v } else { v })
    }

    /// A number literal that fits the engine's 32-bit integers.
    pub(super) fn int_number(&mut self) -> PResult<i64> {
        let start = self.span();
        let n = self.number()?;
        Ok(self.int32(n, start.to(self.prev_span()))?.into())
    }

    /// `n` as a value of the engine's 32-bit integers, or an error at `span`.
    pub(super) fn int32(&self, n: i64, span: Span) -> PResult<i32> {
        i32::try_from(n).map_err(|_| {
            let (what, limit) = if n < 0 { ("small", i32::MIN) } else { ("large", i32::MAX) };
            let bound = if n < 0 { "at least" } else { "at most" };
            self.error_at(span, format!("number too {what}: values are 32-bit integers, {bound} {limit}"))
        })
    }

    fn vulnerable(&mut self) -> PResult<()> {
        self.bump();
        let v = match self.peek() {
            Tok::Ident(w) => match w.as_str() {
                "none" => Some(Vul::None),
                "ns" | "NS" => Some(Vul::NS),
                "ew" | "EW" => Some(Vul::EW),
                "all" => Some(Vul::All),
                _ => None,
            },
            _ => None,
        };
        let Some(v) = v else {
            return Err(self.unexpected("`none`, `ns`, `ew` or `all`"));
        };
        self.bump();
        self.script.vulnerable = Some(v);
        Ok(())
    }

    fn altcount(&mut self) -> PResult<()> {
        self.bump();
        let span = self.span();
        let row = self.number()?;
        if !(0..=11).contains(&row) {
            return Err(self.error_at(span, format!("altcount row {row} does not exist: rows run 0 to 11")));
        }
        self.count_row(row as usize)
    }

    /// Values from the ace down; at most 13.
    fn count_row(&mut self, row: usize) -> PResult<()> {
        let mut values = Vec::new();
        while matches!(self.peek(), Tok::Number(_) | Tok::DotNum(_) | Tok::Pattern(_))
            || self.is_op("-") && matches!(self.peek_at(1), Tok::Number(_) | Tok::DotNum(_))
        {
            let span = self.span();
            values.push(self.int_number()? as i32);
            if values.len() > 13 {
                return Err(
                    self.error_at(span, "too many pointcount values: at most 13, one per rank from the ace down")
                );
            }
            self.eat_op(",");
        }
        let r = &mut self.script.counts[row];
        *r = [0; 13];
        for (i, v) in values.into_iter().enumerate() {
            r[12 - i] = v;
        }
        Ok(())
    }

    fn predeal(&mut self) -> PResult<()> {
        self.bump();
        loop {
            if self.is_suit_word() {
                self.bias_predeal()?;
                if !self.predeal_goes_on() {
                    return Ok(());
                }
                continue;
            }
            let seat = self.compass()?;
            loop {
                let (suit, ranks) = match self.peek() {
                    Tok::Holding(s, r) => (*s, *r),
                    _ => return Err(self.unexpected("a holding such as `SAKQ` or `HT98`")),
                };
                let span = self.bump().span;
                for rank in (0..13).rev().filter(|r| ranks & (1 << r) != 0) {
                    self.predeal_card(seat, Card::new(suit, rank), span)?;
                }
                if !self.eat_op(",") {
                    break;
                }
            }
            if !self.predeal_goes_on() {
                return Ok(());
            }
        }
    }

    /// Another seat or bias length of the same predeal follows; `s = …` starts an assignment.
    fn predeal_goes_on(&self) -> bool {
        (self.compass_word().is_some() || self.is_suit_word()) && !self.is_assignment()
    }

    fn is_suit_word(&self) -> bool {
        matches!(self.peek(), Tok::Ident(w) if crate::script::vocab::suit_of(w).is_some())
    }

    /// DealerV2_4's `spades(north) == 5`: that seat gets exactly that many of the suit.
    fn bias_predeal(&mut self) -> PResult<()> {
        let start = self.span();
        let Tok::Ident(word) = self.bump().tok else { return Err(self.unexpected("a suit")) };
        let suit = crate::script::vocab::suit_of(&word).unwrap_or(Suit::Clubs);
        self.expect_op("(", "after the suit")?;
        let seat = self.compass()?;
        self.expect_op(")", "after the compass")?;
        self.expect_op("==", "then the length, as in `spades(north) == 5`")?;
        let n_span = self.span();
        let n = self.number()?;
        let span = start.to(n_span);
        if !(0..=13).contains(&n) {
            return Err(self.error_at(n_span, format!("a suit length runs 0 to 13, not {n}")));
        }
        if let Some(old) = self.script.bias[seat][suit] {
            let msg = format!("{}'s {word} length is already set to {old}", seat.name());
            return Err(self.error_at(span, msg));
        }
        self.script.bias[seat][suit] = Some(n as u8);
        self.script.bias_span = Some(span);
        crate::dealing::bias::check(&[], &self.script.bias).map(|_| ()).map_err(|m| self.error_at(span, m.0))
    }

    /// After the whole script: predealt cards and bias lengths can be dealt together.
    pub(super) fn check_bias(&self) -> PResult<()> {
        let Some(span) = self.script.bias_span else { return Ok(()) };
        crate::dealing::bias::check(&self.script.predeal, &self.script.bias)
            .map(|_| ())
            .map_err(|m| self.error_at(span, m.0))
    }

    fn predeal_card(&mut self, seat: Seat, card: Card, span: Span) -> PResult<()> {
        if self.script.predeal.iter().any(|(_, c)| *c == card) {
            let msg = format!("card {} predealt twice", card_name(card));
            return Err(self.error_at(span, msg));
        }
        if self.script.predeal.iter().filter(|(s, _)| *s == seat).count() == 13 {
            let msg = format!("more than 13 cards predealt to {}", seat.name());
            return Err(self.error_at(span, msg));
        }
        self.script.predeal.push((seat, card));
        self.script.predeal_at.push(span);
        Ok(())
    }

    fn action_statement(&mut self) -> PResult<()> {
        self.bump();
        let mut list = Vec::new();
        loop {
            if !self.starts_action() {
                if list.is_empty() && !self.at_eof() && !self.starts_statement() {
                    return Err(self.unexpected("an action such as `printoneline` or `average`"));
                }
                break;
            }
            list.extend(self.action()?);
            if !self.eat_op(",") {
                break;
            }
        }
        self.script.actions = Some(list);
        Ok(())
    }

    fn starts_statement(&self) -> bool {
        use crate::script::vocab::{Kind, lookup};
        matches!(self.peek(), Tok::Ident(w) if lookup(w).is_some_and(|e| e.kind == Kind::Statement))
            || self.is_assignment()
    }

    pub(super) fn compass_word(&self) -> Option<Seat> {
        match self.peek() {
            Tok::Ident(w) => crate::script::parser::expr::seat_word(w, &self.vars),
            _ => None,
        }
    }

    /// A seat: `north`…, or `n`/`e`/`s`/`w` unless a variable has that name.
    pub(super) fn compass(&mut self) -> PResult<Seat> {
        match self.compass_word() {
            Some(s) => {
                self.bump();
                Ok(s)
            }
            None => {
                let msg =
                    format!("expected a compass (`north`, `east`, `south` or `west`), found {}", describe(self.peek()));
                Err(self.error_at(self.span(), msg))
            }
        }
    }
}

/// A card as `SA`, `HT`.
pub fn card_name(c: Card) -> String {
    format!("{}{}", crate::cards::SUIT_CHARS[c.suit()] as char, crate::cards::RANK_CHARS[c.rank()] as char)
}
