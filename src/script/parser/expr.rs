//! Expressions, with the reference's precedence: `?:` < `||` < `&&` < comparisons (chained)
//! < `+ -` < `* / %` < unary `- ! not`; `not` before a comparison negates the comparison.

use super::{PResult, Parser, describe};
use crate::cards::{Seat, Suit, Vul};
use crate::script::ast::{ArithOp, CmpOp, Expr, VarDef};
use crate::script::diag::Span;
use crate::script::lexer::Tok;
use crate::script::shape::{PatternError, ShapeTable, expand};
use crate::script::vocab::{self, Call, SuitArg};
use std::collections::HashMap;

/// The seat a word names: `north`… or `n`/`e`/`s`/`w` when no variable has that name.
pub(crate) fn seat_word(w: &str, vars: &HashMap<String, Expr>) -> Option<Seat> {
    match w {
        "north" => Some(Seat::North),
        "east" => Some(Seat::East),
        "south" => Some(Seat::South),
        "west" => Some(Seat::West),
        "n" | "e" | "s" | "w" if !vars.contains_key(w) => "nesw".find(w).map(Seat::from_index),
        _ => None,
    }
}

fn cmp_op(t: &Tok) -> Option<CmpOp> {
    Some(match t {
        Tok::Op("<") => CmpOp::Lt,
        Tok::Op("<=") => CmpOp::Le,
        Tok::Op(">") => CmpOp::Gt,
        Tok::Op(">=") => CmpOp::Ge,
        Tok::Op("==") => CmpOp::Eq,
        Tok::Op("!=") => CmpOp::Ne,
        _ => return None,
    })
}

/// Deepest nesting of parentheses.
const MAX_DEPTH: usize = 100;

/// Largest expression, counted in nodes (a variable's mention is one).
const MAX_NODES: usize = 1 << 20;

/// Deepest expression tree accepted, its variables expanded (evaluation recurses over it).
pub(super) const MAX_TREE_DEPTH: usize = 10_000;

/// Most operators one statement may write.
const MAX_OPERATORS: usize = 2000;

/// The depth of `e`'s tree with its variables expanded, and its node count (a variable's
/// mention counts one node); walks with an explicit stack and stops past the limits.
pub(super) fn size(e: &Expr, vars: &[VarDef]) -> (usize, usize) {
    let mut stack = vec![(e, 1usize)];
    let (mut nodes, mut deepest) = (0, 0);
    while let Some((e, depth)) = stack.pop() {
        nodes += 1;
        let depth = match e {
            Expr::Var(i) => depth + vars[*i].depth,
            _ => depth,
        };
        deepest = deepest.max(depth);
        if nodes > MAX_NODES || deepest > MAX_TREE_DEPTH {
            break;
        }
        stack.extend(e.children().map(|c| (c, depth + 1)));
    }
    (deepest, nodes)
}

/// True when the tree is larger than [`MAX_NODES`] or deeper than [`MAX_TREE_DEPTH`].
fn too_big(e: &Expr, vars: &[VarDef]) -> bool {
    let (depth, nodes) = size(e, vars);
    nodes > MAX_NODES || depth > MAX_TREE_DEPTH
}

/// The value of a constant expression (a number, negated or not), as the evaluator takes it.
fn constant(e: &Expr) -> Option<i64> {
    match e {
        Expr::Num(n) => Some(i64::from(*n as i32)),
        Expr::Neg(a) => constant(a).map(|n| i64::from((n as i32).wrapping_neg())),
        _ => None,
    }
}

impl Parser {
    /// A full expression.
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        if self.depth >= MAX_DEPTH {
            return Err(
                self.error_at(self.span(), "expression nested too deeply (more than 100 levels of parentheses)")
            );
        }
        self.depth += 1;
        let e = self.expr_inner();
        self.depth -= 1;
        let e = e?;
        if too_big(&e, &self.script.vars) {
            return Err(self.error_at(self.prev_span(), "expression too large once its variables are expanded"));
        }
        Ok(e)
    }

    /// `t ? y : n`, right-associative; a chain `a ? 1 : b ? 2 : 3` is read in a loop, so its
    /// length does not count as nesting (only the middle branches and parentheses do).
    fn expr_inner(&mut self) -> PResult<Expr> {
        let mut arms = Vec::new();
        let mut last = self.or_expr()?;
        while self.eat_op("?") {
            let yes = self.expr()?;
            self.expect_op(":", "for the `?:` choice's second branch")?;
            arms.push((last, yes));
            // One level below the statement, as a nested `expr` would read it (not a top term).
            self.depth += 1;
            let no = self.or_expr();
            self.depth -= 1;
            last = no?;
        }
        Ok(arms.into_iter().rev().fold(last, |no, (t, y)| Expr::Cond(Box::new(t), Box::new(y), Box::new(no))))
    }

    fn is_or(&self) -> bool {
        self.is_op("||") || self.is_word("or")
    }
    fn is_and(&self) -> bool {
        self.is_op("&&") || self.is_word("and")
    }
    fn is_not(&self) -> bool {
        self.is_op("!") || self.is_word("not")
    }

    /// Counts one operator of the current statement; too many is an error.
    fn count_operator(&mut self) -> PResult<()> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(self.error_at(self.span(), format!("statement too long: more than {MAX_OPERATORS} operators")));
        }
        Ok(())
    }

    fn or_expr(&mut self) -> PResult<Expr> {
        let top = self.depth == 1;
        if top {
            self.top_or.clear();
        }
        let mut left = self.operand(top, Self::and_expr, true)?;
        while self.is_or() {
            self.bump();
            self.count_operator()?;
            let right = self.operand(top, Self::and_expr, true)?;
            left = Expr::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn and_expr(&mut self) -> PResult<Expr> {
        let top = self.depth == 1;
        if top {
            self.top_and.clear();
        }
        let mut left = self.operand(top, Self::cmp_expr, false)?;
        while self.is_and() {
            self.bump();
            self.count_operator()?;
            let right = self.operand(top, Self::cmp_expr, false)?;
            left = Expr::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    /// One operand of `||` (`or`) or `&&`; a statement's top-level operands are recorded
    /// with their spans, for the condition's profile (script/explain.rs).
    fn operand(&mut self, top: bool, parse: fn(&mut Self) -> PResult<Expr>, or: bool) -> PResult<Expr> {
        let start = self.span().start;
        let e = parse(self)?;
        if top {
            let term = crate::script::explain::Term { span: Span::new(start, self.prev_span().end), expr: e.clone() };
            if or { self.top_or.push(term) } else { self.top_and.push(term) }
        }
        Ok(e)
    }

    fn cmp_expr(&mut self) -> PResult<Expr> {
        let mut nots = 0;
        let not_span = self.span();
        while self.is_not() {
            self.bump();
            self.count_operator()?;
            nots += 1;
        }
        let before = self.pos;
        let mut e = self.comparison()?;
        let compared_here = self.toks[before..self.pos].iter().any(|t| cmp_op(&t.tok).is_some())
            && !matches!(self.toks[before].tok, Tok::Op("("));
        if nots > 0 && compared_here {
            self.warn_at(not_span, "`not` before a comparison negates the whole comparison here (dealer.exe applies it to the first operand only)");
        }
        for _ in 0..nots {
            e = Expr::Not(Box::new(e));
        }
        Ok(e)
    }

    fn comparison(&mut self) -> PResult<Expr> {
        let start = self.span();
        let first = self.add_expr()?;
        let mut chain = Vec::new();
        while let Some(op) = cmp_op(self.peek()) {
            self.bump();
            self.count_operator()?;
            chain.push((op, self.add_expr()?));
        }
        if chain.len() > 1 {
            let span = start.to(self.prev_span());
            self.warn_at(span, "comparisons chain here: `a == b == c` means `a == b && b == c` (dealer.exe compares the first result with `c`)");
        }
        Ok(if chain.is_empty() { first } else { Expr::Compare(Box::new(first), chain) })
    }

    fn add_expr(&mut self) -> PResult<Expr> {
        let mut left = self.mul_expr()?;
        loop {
            let op = match self.peek() {
                Tok::Op("+") => ArithOp::Add,
                Tok::Op("-") => ArithOp::Sub,
                _ => return Ok(left),
            };
            let span = self.bump().span;
            let right = self.mul_expr()?;
            self.count_operator()?;
            left = Expr::Arith(op, Box::new(left), Box::new(right), span);
        }
    }

    fn mul_expr(&mut self) -> PResult<Expr> {
        let mut left = self.unary()?;
        loop {
            let op = match self.peek() {
                Tok::Op("*") => ArithOp::Mul,
                Tok::Op("/") => ArithOp::Div,
                Tok::Op("%") => ArithOp::Rem,
                _ => return Ok(left),
            };
            let span = self.bump().span;
            let right = self.unary()?;
            self.count_operator()?;
            left = Expr::Arith(op, Box::new(left), Box::new(right), span);
        }
    }

    fn unary(&mut self) -> PResult<Expr> {
        let mut prefixes = Vec::new();
        loop {
            if self.is_not() {
                self.bump();
                prefixes.push(true);
            } else if self.eat_op("-") {
                prefixes.push(false);
            } else {
                break;
            }
            self.count_operator()?;
        }
        let start = self.span();
        let mut e = self.primary()?;
        let span = start.to(self.prev_span());
        for not in prefixes.into_iter().rev() {
            if not {
                self.fits_int32(&e, span)?;
            }
            e = match (not, e) {
                (true, e) => Expr::Not(Box::new(e)),
                (false, Expr::Num(n)) => Expr::Num(-n),
                (false, e) => Expr::Neg(Box::new(e)),
            };
        }
        self.fits_int32(&e, span)?;
        Ok(e)
    }

    /// A literal (its minus signs folded in, so `-2147483648` is one) fits the engine's integers.
    fn fits_int32(&self, e: &Expr, span: Span) -> PResult<()> {
        match e {
            Expr::Num(n) => self.int32(*n, span).map(|_| ()),
            _ => Ok(()),
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        match self.peek().clone() {
            Tok::Number(n) | Tok::DotNum(n) => {
                self.bump();
                Ok(Expr::Num(n))
            }
            Tok::Pattern(p) if p.bytes().all(|b| b.is_ascii_digit()) => {
                self.bump();
                Ok(Expr::Num(p.parse().unwrap_or(0)))
            }
            Tok::Contract(c) => {
                self.bump();
                Ok(Expr::Num(c))
            }
            Tok::Op("(") => {
                self.bump();
                let e = self.expr()?;
                self.expect_op(")", "to close the parenthesis")?;
                Ok(e)
            }
            Tok::Ident(name) => self.name(name),
            _ => Err(self.unexpected("an expression")),
        }
    }

    /// A name: a call when the vocabulary has a function of that name; otherwise a variable,
    /// and a `(` after it starts the next statement, as dealer.exe reads it.
    fn name(&mut self, name: String) -> PResult<Expr> {
        let span = self.span();
        let paren = matches!(self.peek_at(1), Tok::Op("(") | Tok::ShapeBody(_));
        if paren && (vocab::is_function(&name) || !self.vars.contains_key(&name)) {
            self.bump();
            return self.call(&name, span);
        }
        if let Some(e) = self.vars.get(&name) {
            let e = e.clone();
            self.bump();
            if paren {
                self.call_like = Some(super::CallLike { name, span, paren: self.pos });
            }
            return Ok(e);
        }
        let msg = match vocab::lookup(&name) {
            Some(en) if en.kind == vocab::Kind::Function => format!("`{name}` is a function: write `{}`", en.signature),
            Some(_) => format!("expected an expression, found the word `{name}`"),
            None => format!("unknown variable `{name}`: define it first with `{name} = <expression>`"),
        };
        Err(self.error_at(span, msg))
    }

    fn call(&mut self, name: &str, span: Span) -> PResult<Expr> {
        let Some(call) = vocab::call_of(name) else { return Err(self.unknown_function(name, span)) };
        if let Tok::ShapeBody(body) = self.peek().clone() {
            if call != Call::Shape {
                return Err(self.unknown_function(name, span));
            }
            let e = self.shape_braces(&body)?;
            self.shape_written(span.to(self.prev_span()));
            return Ok(e);
        }
        self.bump(); // (
        let e = self.call_args(call, span)?;
        let end = self.expect_op(")", &format!("to close `{name}(`"))?;
        if call == Call::Shape {
            self.shape_written(span.to(end));
        }
        Ok(e)
    }

    /// Records the text of the `shape` call just parsed, for the watch values.
    fn shape_written(&mut self, span: Span) {
        // A `shape{…}` body token ends before its closing brace.
        let end = if self.src[span.end..].starts_with('}') { span.end + 1 } else { span.end };
        let text = self.src.get(span.start..end).unwrap_or("shape(…)");
        self.script.shape_texts.push(text.split_whitespace().collect::<Vec<_>>().join(" "));
    }

    /// The arguments the vocabulary entry describes, and the expression it builds.
    fn call_args(&mut self, call: Call, span: Span) -> PResult<Expr> {
        match call {
            Call::Hand(f, SuitArg::Optional) => {
                let (seat, suit) = self.seat_and_suit()?;
                Ok(Expr::Hand(f, seat, suit))
            }
            Call::Hand(f, SuitArg::None) => Ok(Expr::Hand(f, self.compass()?, None)),
            Call::Hand(f, SuitArg::Fixed(suit)) => Ok(Expr::Hand(f, self.compass()?, Some(suit))),
            Call::Hand(f, SuitArg::Required) => {
                let seat = self.compass()?;
                self.expect_op(",", "then a suit")?;
                Ok(Expr::Hand(f, seat, Some(self.suit()?)))
            }
            Call::Shape => self.shape_call(),
            Call::HasCard => self.hascard(),
            Call::Tricks => self.tricks(),
            Call::Score => self.score(span),
            Call::Imps => Ok(Expr::Imps(Box::new(self.expr()?))),
            Call::Par => self.par(span),
            Call::Rnd => Ok(Expr::Rnd(Box::new(self.expr()?), span)),
        }
    }

    pub(super) fn unknown_function(&self, name: &str, span: Span) -> crate::script::diag::Diagnostic {
        match vocab::lookup(name) {
            Some(en) if let vocab::Support::Unsupported(why) = en.support => {
                return self.error_at(span, format!("unsupported: {name} ({why})"));
            }
            Some(en) if en.kind == vocab::Kind::Function => {
                let msg = format!("`{name}` stands only in a `csvrpt` or `printrpt` list: `{}`", en.signature);
                return self.error_at(span, msg);
            }
            _ => {}
        }
        let hint = match vocab::nearest(name) {
            Some(n) => format!("; did you mean `{n}`?"),
            None => String::new(),
        };
        self.error_at(span, format!("unknown function `{name}`{hint}"))
    }

    fn seat_and_suit(&mut self) -> PResult<(Seat, Option<Suit>)> {
        let seat = self.compass()?;
        let suit = if self.eat_op(",") { Some(self.suit()?) } else { None };
        Ok((seat, suit))
    }

    fn suit(&mut self) -> PResult<Suit> {
        match self.peek() {
            Tok::Ident(w) if vocab::suit_of(w).is_some() => {
                let s = vocab::suit_of(w);
                self.bump();
                Ok(s.unwrap_or(Suit::Clubs))
            }
            _ => Err(self.unexpected("a suit (`spades`, `hearts`, `diamonds` or `clubs`)")),
        }
    }

    fn hascard(&mut self) -> PResult<Expr> {
        let seat = self.compass()?;
        self.expect_op(",", "then a card such as `AS`")?;
        match self.peek() {
            Tok::Card(c) => {
                let c = *c;
                self.bump();
                Ok(Expr::HasCard(seat, crate::cards::Card(c)))
            }
            _ => Err(self.unexpected("a card, rank then suit, such as `AS` or `TC`")),
        }
    }

    fn tricks(&mut self) -> PResult<Expr> {
        let seat = self.compass()?;
        self.expect_op(",", "then a strain")?;
        let strain = match self.peek().clone() {
            Tok::Ident(w) if w == "notrump" || w == "notrumps" => 4,
            Tok::Ident(w) if vocab::suit_of(&w).is_some() => vocab::suit_of(&w).map_or(0, Suit::index),
            Tok::Number(n) if (0..=4).contains(&n) => n as usize,
            _ => return Err(self.unexpected("a strain: a suit, `notrump`, or 0 to 4")),
        };
        self.bump();
        Ok(Expr::Tricks(seat, strain))
    }

    fn score(&mut self, span: Span) -> PResult<Expr> {
        let vul = match self.peek() {
            Tok::Ident(w) if w == "nv" => Some(0),
            Tok::Ident(w) if w == "vul" => Some(1),
            _ => None,
        };
        let vul = match vul {
            Some(v) => {
                self.bump();
                Expr::Num(v)
            }
            None => self.score_arg(crate::dd::score::score_vul)?,
        };
        self.expect_op(",", "then a contract such as `x3N`")?;
        if let Tok::Ident(w) = self.peek()
            && (w.starts_with('x') || w.starts_with('z'))
        {
            return Err(
                self.unexpected("a contract: `x`, a level 1 to 7 and a strain of CDHSN, such as `x3N` or `x4Hx`")
            );
        }
        let contract = self.score_arg(crate::dd::score::score_contract)?;
        self.expect_op(",", "then the number of tricks")?;
        let tricks = self.score_arg(crate::dd::score::score_tricks)?;
        Ok(Expr::Score(Box::new(vul), Box::new(contract), Box::new(tricks), span))
    }

    /// An argument of `score`; a constant out of its range is an error at the argument.
    fn score_arg<T>(&mut self, check: fn(i64) -> Result<T, String>) -> PResult<Expr> {
        let start = self.span().start;
        let e = self.expr()?;
        if let Some(Err(msg)) = constant(&e).map(check) {
            return Err(self.error_at(Span::new(start, self.prev_span().end), msg));
        }
        Ok(e)
    }

    fn par(&mut self, span: Span) -> PResult<Expr> {
        let side = match self.peek() {
            Tok::Ident(w) if w.eq_ignore_ascii_case("ns") => 0,
            Tok::Ident(w) if w.eq_ignore_ascii_case("ew") => 1,
            _ => self.compass()?.side() + 2,
        };
        if side < 2 {
            self.bump();
        }
        let side = side % 2;
        if !self.eat_op(",") {
            return Ok(Expr::Par(side));
        }
        Ok(Expr::ParAt(side, self.par_vulnerability()?, span))
    }

    /// DealerV2_4's vulnerability words in `par(side, vul)` and `parcontract(vul)`:
    /// `none`, `ns`, `ew`, `both` or `all`.
    pub(super) fn par_vulnerability(&mut self) -> PResult<Vul> {
        let v = match self.peek() {
            Tok::Ident(w) => match w.to_ascii_lowercase().as_str() {
                "none" => Some(Vul::None),
                "ns" => Some(Vul::NS),
                "ew" => Some(Vul::EW),
                "both" | "all" => Some(Vul::All),
                _ => None,
            },
            _ => None,
        };
        let v = v.ok_or_else(|| self.unexpected("a vulnerability: `none`, `ns`, `ew` or `both`"))?;
        self.bump();
        Ok(v)
    }

    /// `shape{…}`: François Dellacherie's shape language.
    fn shape_braces(&mut self, body: &str) -> PResult<Expr> {
        let at = self.span().start;
        let expansion = crate::script::shape_lang::expand(body).map_err(|e| {
            let span = Span::new(at + e.offset, at + e.offset + e.len.max(1));
            self.error_at(span, format!("in shape{{…}}: {}", e.message))
        })?;
        let seat = seat_word(&expansion.compass, &self.vars).ok_or_else(|| {
            let start = at + expansion.compass_offset;
            let span = Span::new(start, start + expansion.compass.len());
            self.error_at(span, format!("expected a compass, found `{}`", expansion.compass))
        })?;
        self.bump();
        let mut table = ShapeTable::default();
        for l in &expansion.shapes {
            table.set([u32::from(l[0]), u32::from(l[1]), u32::from(l[2]), u32::from(l[3])], true);
        }
        self.script.shapes.push(table);
        Ok(Expr::Shape(seat, self.script.shapes.len() - 1))
    }

    fn shape_call(&mut self) -> PResult<Expr> {
        let seat = self.compass()?;
        self.eat_op(",");
        let mut table = ShapeTable::default();
        loop {
            let include = !self.eat_op("-");
            if include && !self.eat_op("+") {
                self.eat_op(",");
            }
            let any = self.is_word("any");
            if any {
                self.bump();
            }
            self.shape_element(&mut table, any, include)?;
            if self.is_op(")") {
                break;
            }
        }
        self.script.shapes.push(table);
        Ok(Expr::Shape(seat, self.script.shapes.len() - 1))
    }

    fn shape_element(&mut self, table: &mut ShapeTable, any: bool, include: bool) -> PResult<()> {
        let span = self.span();
        let pattern = match self.peek().clone() {
            Tok::Pattern(p) => p,
            other => {
                let msg = format!(
                    "expected a shape pattern of four digits or `x` (such as `4333` or `5xxx`), found {}",
                    describe(&other)
                );
                return Err(self.error_at(span, msg));
            }
        };
        self.bump();
        match expand(&pattern, any) {
            Ok(shapes) => {
                for s in shapes {
                    table.set(s, include);
                }
                Ok(())
            }
            Err(PatternError::WrongSum(n)) => Err(self.error_at(
                span,
                format!("wrong number of cards in shape `{pattern}`: its lengths add up to {n}, not 13"),
            )),
            Err(PatternError::TooMany(n)) => Err(self.error_at(
                span,
                format!("too many cards in ambiguous shape `{pattern}`: the fixed lengths already add up to {n}"),
            )),
        }
    }
}
