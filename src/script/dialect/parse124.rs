//! dealer 1.24's grammar (its `defs.y`) as a recognizer: where the original stops, with the
//! line its `lino` names (the lookahead's line where yacc reads one before acting), and what
//! it stops with (`syntax error`, `unknown variable`, …). After a finding it goes on (a
//! syntax error skips to the next statement keyword), so a script's every refusal is listed.

use super::Finding;
use super::lex124::{T, Tok, lex};
use std::collections::HashSet;

struct Stop;
type R = Result<(), Stop>;

struct P<'a> {
    src: &'a str,
    toks: Vec<Tok>,
    pos: usize,
    vars: HashSet<String>,
    shapes: usize,
    predealt: [bool; 52],
    held: [usize; 4],
    bias: [[i32; 4]; 4],
    counts_left: i32,
    found: Vec<Finding>,
}

/// Every place dealer 1.24 refuses `src`, the first being where it stops.
pub(super) fn check(src: &str) -> Vec<Finding> {
    let toks = lex(src);
    let mut p = P {
        src,
        toks,
        pos: 0,
        vars: HashSet::new(),
        shapes: 0,
        predealt: [false; 52],
        held: [0; 4],
        bias: [[-1; 4]; 4],
        counts_left: 12,
        found: Vec::new(),
    };
    while !matches!(p.peek().t, T::Eof | T::OpenComment) {
        if p.def().is_err() {
            p.recover();
        }
    }
    if p.peek().t == T::OpenComment {
        let t = p.peek();
        p.report(t, t.line, "EOF found in comment", "a `/*` comment never closed".into());
    }
    p.found
}

const STATEMENTS: [&str; 7] = ["generate", "produce", "dealer", "predeal", "pointcount", "altcount", "condition"];

impl P<'_> {
    fn peek(&self) -> Tok {
        self.toks[self.pos.min(self.toks.len() - 1)]
    }
    fn ahead(&self, k: usize) -> T {
        self.toks[(self.pos + k).min(self.toks.len() - 1)].t
    }
    fn next(&mut self) -> Tok {
        let t = self.peek();
        self.pos += 1;
        t
    }
    fn text(&self, t: Tok) -> &str {
        &self.src[t.span.start..t.span.end.min(self.src.len())]
    }
    fn report(&mut self, t: Tok, line: usize, says: &str, why: String) {
        self.found.push(Finding { span: t.span, program_line: line, program_says: says.to_string(), why });
    }

    /// A syntax error at the lookahead.
    fn syntax(&mut self) -> Stop {
        let t = self.peek();
        let (says, why) = match t.t {
            T::OpenComment => ("EOF found in comment", "a `/*` comment never closed".to_string()),
            _ => ("syntax error", super::explain::token(self.src, t)),
        };
        self.report(t, t.line, says, why);
        Stop
    }

    fn recover(&mut self) {
        if matches!(self.peek().t, T::Eof | T::OpenComment) {
            return;
        }
        self.pos += 1;
        while !matches!(self.peek().t, T::Eof | T::OpenComment | T::Vulnerable) {
            match self.peek().t {
                T::Kw(k) if STATEMENTS.contains(&k) || k == "action" => return,
                _ => self.pos += 1,
            }
        }
    }

    fn expect(&mut self, ok: impl Fn(T) -> bool) -> Result<Tok, Stop> {
        if ok(self.peek().t) { Ok(self.next()) } else { Err(self.syntax()) }
    }
    fn punct(&mut self, c: u8) -> R {
        self.expect(|t| t == T::Char(c)).map(drop)
    }

    fn def(&mut self) -> R {
        match self.peek().t {
            T::Kw("generate" | "produce") => {
                self.next();
                self.number()
            }
            T::Kw("dealer") => {
                self.next();
                self.expect(|t| t == T::Compass).map(drop)
            }
            T::Vulnerable => {
                self.next();
                self.expect(|t| t == T::Vulnerable).map(drop)
            }
            T::Kw("predeal") => {
                self.next();
                self.predeal_arg()?;
                while matches!(self.peek().t, T::Compass | T::Suit) {
                    self.predeal_arg()?;
                }
                Ok(())
            }
            T::Kw("pointcount") => {
                self.next();
                self.counts_left = 12;
                self.point_counts()
            }
            T::Kw("altcount") => {
                self.next();
                self.number()?;
                self.counts_left = 12;
                self.point_counts()
            }
            T::Kw("condition") => {
                self.next();
                self.expr()
            }
            T::Kw("action") => {
                self.next();
                self.actions()
            }
            T::Ident if self.ahead(1) == T::Op("=") => {
                let name = self.next();
                self.next();
                self.expr()?;
                let word = self.text(name).to_string();
                if !self.vars.insert(word.clone()) {
                    let line = self.peek().line;
                    self.report(name, line, "redefined variable", format!("`{word}` is assigned a second time"));
                }
                Ok(())
            }
            T::Ident => {
                let name = self.next();
                self.lookup(name, self.peek().line);
                self.operators()
            }
            _ => self.expr(),
        }
    }

    fn lookup(&mut self, name: Tok, line: usize) {
        let word = self.text(name).to_string();
        if !self.vars.contains(&word) {
            let why = super::explain::unknown(&word);
            self.report(name, line, "unknown variable", why);
        }
    }

    fn number(&mut self) -> R {
        if self.peek().t == T::Op("-") {
            self.next();
            return self.expect(|t| t == T::Number).map(drop);
        }
        self.expect(|t| matches!(t, T::Number | T::DistrOrNumber)).map(drop)
    }

    fn point_counts(&mut self) -> R {
        while matches!(self.peek().t, T::Number | T::DistrOrNumber | T::Op("-")) {
            self.number()?;
            if self.counts_left < 0 {
                let t = self.toks[self.pos - 1];
                self.report(t, t.line, "too many pointcount values", "more than 13 point values".into());
            }
            self.counts_left -= 1;
        }
        Ok(())
    }

    fn predeal_arg(&mut self) -> R {
        if self.peek().t == T::Suit {
            let suit = self.next();
            self.punct(b'(')?;
            let seat = self.expect(|t| t == T::Compass)?;
            self.punct(b')')?;
            self.expect(|t| t == T::Op("=="))?;
            let n = self.expect(|t| t == T::Number)?;
            self.bias(suit, seat, n);
            return Ok(());
        }
        let seat = self.expect(|t| t == T::Compass)?;
        let seat = seat_of(self.text(seat));
        loop {
            let h = self.expect(|t| t == T::Holding)?;
            self.predeal(seat, h);
            if self.peek().t != T::Char(b',') {
                return Ok(());
            }
            self.next();
        }
    }

    fn predeal(&mut self, seat: usize, h: Tok) {
        let text = self.text(h).as_bytes().to_vec();
        let suit = b"CDHS".iter().position(|&c| c == text[0]).unwrap_or(0);
        for r in &text[1..] {
            let rank = b"23456789TJQKA".iter().position(|c| c == r).unwrap_or(0);
            let card = suit * 13 + rank;
            if self.predealt[card] {
                return self.report(h, h.line, "Card predealt twice", "a card predealt twice".into());
            }
            self.predealt[card] = true;
            if self.held[seat] == 13 {
                return self.report(h, h.line, "More than 13 cards for one player", "more than 13 cards".into());
            }
            self.held[seat] += 1;
        }
    }

    fn bias(&mut self, suit: Tok, seat: Tok, n: Tok) {
        let s = ["club", "diamond", "heart", "spade"].iter().position(|w| self.text(suit).starts_with(w)).unwrap_or(0);
        let c = seat_of(self.text(seat));
        let len = self.text(n).parse::<i32>().unwrap_or(i32::MAX);
        let problem = if self.bias[c][s] != -1 {
            Some("this seat's suit length is already set")
        } else {
            self.bias[c][s] = len;
            let seat_total: i32 = self.bias[c].iter().map(|&x| x.max(0)).sum();
            let suit_total: i32 = self.bias.iter().map(|b| b[s].max(0)).sum();
            (seat_total > 13)
                .then_some("suit lengths too long for the seat")
                .or((suit_total > 13).then_some("too many cards of the suit"))
        };
        if let Some(p) = problem {
            self.report(n, n.line, p, format!("{p} (dealer 1.24's bias predeal)"));
        }
    }

    fn expr(&mut self) -> R {
        self.unary()?;
        self.operators()
    }

    /// What may follow an operand: binary operators and `? :`.
    fn operators(&mut self) -> R {
        loop {
            match self.peek().t {
                T::Op("?") => {
                    self.next();
                    self.expr()?;
                    self.expect(|t| t == T::Op(":"))?;
                    self.unary()?;
                }
                T::Op("&&" | "||" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%") => {
                    self.next();
                    self.unary()?;
                }
                _ => return Ok(()),
            }
        }
    }

    fn unary(&mut self) -> R {
        while self.peek().t == T::Op("!") {
            self.next();
        }
        self.primary()
    }

    fn primary(&mut self) -> R {
        let t = self.peek();
        match t.t {
            T::Number | T::DistrOrNumber | T::Op("-") => self.number(),
            T::Ident => {
                self.next();
                self.lookup(t, t.line);
                Ok(())
            }
            T::Char(b'(') => {
                self.next();
                self.expr()?;
                self.punct(b')')
            }
            T::Suit | T::Kw("cccc") => self.call(&[]),
            T::HandFn => self.call_opt_suit(),
            T::Kw("quality") => self.call(&[Arg::Suit]),
            T::Kw("shape") => self.shape(),
            T::Kw("hascard") => self.call(&[Arg::Card]),
            T::Kw("tricks") => self.call(&[Arg::Strain]),
            T::Kw("score") => {
                self.next();
                self.punct(b'(')?;
                self.expect(|t| t == T::Vuln)?;
                self.punct(b',')?;
                self.expect(|t| t == T::Contract)?;
                self.punct(b',')?;
                self.expr()?;
                self.punct(b')')
            }
            T::Kw("imps" | "rnd") => {
                self.next();
                self.punct(b'(')?;
                self.expr()?;
                self.punct(b')')
            }
            _ => Err(self.syntax()),
        }
    }

    /// `name(compass, ARGS…)`.
    fn call(&mut self, args: &[Arg]) -> R {
        self.next();
        self.punct(b'(')?;
        self.expect(|t| t == T::Compass)?;
        for a in args {
            self.punct(b',')?;
            self.expect(|t| a.fits(t))?;
        }
        self.punct(b')')
    }

    fn call_opt_suit(&mut self) -> R {
        self.next();
        self.punct(b'(')?;
        self.expect(|t| t == T::Compass)?;
        if self.peek().t == T::Char(b',') {
            self.next();
            self.expect(|t| t == T::Suit)?;
        }
        self.punct(b')')
    }

    fn shape(&mut self) -> R {
        self.next();
        self.punct(b'(')?;
        self.expect(|t| t == T::Compass)?;
        self.punct(b',')?;
        loop {
            if matches!(self.peek().t, T::Char(b',') | T::Op("+" | "-")) {
                self.next();
            }
            if self.peek().t == T::Kw("any") {
                self.next();
            }
            let d = self.expect(|t| matches!(t, T::Distr | T::DistrOrNumber))?;
            self.pattern(d);
            if !matches!(self.peek().t, T::Char(b',') | T::Op("+" | "-") | T::Kw("any") | T::Distr | T::DistrOrNumber) {
                break;
            }
        }
        let close = self.peek();
        self.punct(b')')?;
        self.shapes += 1;
        if self.shapes >= 32 {
            self.report(close, close.line, "Too many shapes -- only 32 allowed!", "a 32nd shape() call".into());
        }
        Ok(())
    }

    fn pattern(&mut self, d: Tok) {
        let text = self.text(d);
        let xs = text.bytes().filter(|&c| c == b'x').count();
        let sum: u32 = text.bytes().filter(u8::is_ascii_digit).map(|c| u32::from(c - b'0')).sum();
        if xs == 0 && sum != 13 {
            self.report(d, d.line, "wrong number of cards in shape", format!("`{text}` does not hold 13 cards"));
        } else if xs > 0 && sum > 13 {
            let why = format!("`{text}` holds more than 13 cards");
            self.report(d, d.line, "too many cards in ambiguous shape", why);
        }
    }

    fn actions(&mut self) -> R {
        while let T::Kw(k) = self.peek().t {
            if !ACTIONS.contains(&k) {
                break;
            }
            self.action(k)?;
            if self.peek().t != T::Char(b',') {
                break;
            }
            self.next();
        }
        Ok(())
    }

    fn action(&mut self, k: &str) -> R {
        self.next();
        match k {
            "print" => {
                self.punct(b'(')?;
                self.expect(|t| t == T::Compass)?;
                while self.peek().t == T::Char(b',') {
                    self.next();
                    self.expect(|t| t == T::Compass)?;
                }
                self.punct(b')')
            }
            "printcompact" | "printoneline" if self.peek().t == T::Char(b'(') => {
                self.next();
                self.expr()?;
                self.punct(b')')
            }
            "printes" => {
                self.punct(b'(')?;
                loop {
                    if self.peek().t == T::Str {
                        self.next();
                    } else {
                        self.expr()?;
                    }
                    if self.peek().t != T::Char(b',') {
                        break self.punct(b')');
                    }
                    self.next();
                }
            }
            "average" => {
                if self.peek().t == T::Str {
                    self.next();
                }
                self.expr()
            }
            "frequency" => self.frequency(),
            _ => Ok(()),
        }
    }

    fn frequency(&mut self) -> R {
        if self.peek().t == T::Str {
            self.next();
        }
        self.punct(b'(')?;
        for axis in 0..2 {
            self.expr()?;
            self.punct(b',')?;
            self.number()?;
            self.punct(b',')?;
            self.number()?;
            if axis == 1 || self.peek().t != T::Char(b',') {
                break;
            }
            self.next();
        }
        self.punct(b')')
    }
}

const ACTIONS: [&str; 10] = [
    "printall",
    "printew",
    "print",
    "printcompact",
    "printoneline",
    "printpbn",
    "printes",
    "evalcontract",
    "average",
    "frequency",
];

#[derive(Clone, Copy)]
enum Arg {
    Suit,
    Card,
    Strain,
}

impl Arg {
    fn fits(self, t: T) -> bool {
        match self {
            Arg::Suit => t == T::Suit,
            Arg::Card => t == T::Card,
            Arg::Strain => matches!(t, T::Suit | T::NoTrumps),
        }
    }
}

fn seat_of(word: &str) -> usize {
    ["north", "east", "south", "west"].iter().position(|w| *w == word).unwrap_or(0)
}
