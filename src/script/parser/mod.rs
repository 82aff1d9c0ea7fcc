//! The parser: statements, actions and expressions, with names resolved and checked.

mod actions;
mod expr;
mod hand_types;
mod statements;
#[cfg(test)]
mod tests;

use super::ast::{Action, Expr};
use super::diag::{Diagnostic, Span};
use super::lexer::{Tok, Token};
use super::shape::ShapeTable;
use crate::cards::{Card, Seat, Vul};
use std::collections::HashMap;

pub use statements::card_name;

/// dealer 1.24's default count table: rows × ranks 2..A.
pub const DEFAULT_COUNTS: [[i32; 13]; 12] = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2],
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 6],
];

/// A parsed script: everything a run needs.
#[derive(Clone, Debug)]
pub struct Script {
    /// The script's file name as given.
    pub file: String,
    /// The condition; `None` keeps every deal.
    pub condition: Option<Expr>,
    /// The variables that [`Expr::Var`] mentions, in the order defined.
    pub vars: Vec<super::ast::VarDef>,
    /// The last `action` statement's list; `None` means the default `printall`.
    pub actions: Option<Vec<Action>>,
    /// Actions written as statements of their own (`average`, `frequency`, `printes`…).
    pub extra_actions: Vec<Action>,
    /// `produce N` (the first one written).
    pub produce: Option<u64>,
    /// `generate N` (the first one written).
    pub generate: Option<u64>,
    /// `dealer` seat.
    pub dealer: Option<Seat>,
    /// `vulnerable`.
    pub vulnerable: Option<Vul>,
    /// `title "…"`.
    pub title: Option<String>,
    /// `seed N`.
    pub seed: Option<i64>,
    /// DealerV2_4's `opener compass`: the opening seat its `opc` evaluation assumes.
    pub opener: Option<Seat>,
    /// DealerV2_4's `startboard N`: the number of the first board printed.
    pub startboard: Option<u64>,
    /// Predealt cards in the order written.
    pub predeal: Vec<(Seat, Card)>,
    /// Where each card of `predeal` is written (its holding), in the same order.
    pub predeal_at: Vec<Span>,
    /// DealerV2_4's bias predeals `predeal spades(north) == 5`: `bias[seat][suit]`.
    pub bias: crate::dealing::bias::Lengths,
    /// Where the last bias predeal is written (for errors found when the run starts).
    pub bias_span: Option<Span>,
    /// The count table after `pointcount` / `altcount`.
    pub counts: [[i32; 13]; 12],
    /// One table per `shape()` call.
    pub shapes: Vec<ShapeTable>,
    /// Each `shape()` call as written, as `shapes` orders them.
    pub shape_texts: Vec<String>,
    /// Warnings (the script runs).
    pub warnings: Vec<Diagnostic>,
    /// The condition's and the variables' terms as written, for the profile and watch values.
    pub explain: super::explain::Explain,
    /// The `HandType` variables, in definition order.
    pub hand_types: Vec<crate::script::hand_types::HandType>,
    /// The `LevelType` variables, in definition order: levelling keeps by these when any exist.
    pub level_types: Vec<crate::script::hand_types::HandType>,
    /// Where the (last) condition is written.
    pub condition_at: Option<crate::script::hand_types::ConditionAt>,
}

impl Script {
    /// What `startboard` adds to the produced-deal number in board numbers (0 without it).
    pub fn board_offset(&self) -> u64 {
        self.startboard.map_or(0, |b| b.saturating_sub(1))
    }

    /// The actions run per matching deal, in order.
    pub fn all_actions(&self) -> Vec<Action> {
        let mut out = self.actions.clone().unwrap_or_else(|| vec![Action::PrintAll]);
        out.extend(self.extra_actions.iter().cloned());
        out
    }
}

/// Parses a token stream (see [`super::lexer::lex`]) into a [`Script`].
pub fn parse(tokens: Vec<Token>, file: &str, src: &str) -> Result<Script, Diagnostic> {
    let mut p = Parser {
        toks: tokens,
        pos: 0,
        file: file.to_string(),
        src: src.to_string(),
        vars: HashMap::new(),
        shares: Vec::new(),
        depth: 0,
        operators: 0,
        call_like: None,
        script: Script {
            file: file.to_string(),
            condition: None,
            vars: Vec::new(),
            actions: None,
            extra_actions: Vec::new(),
            produce: None,
            generate: None,
            dealer: None,
            vulnerable: None,
            title: None,
            seed: None,
            opener: None,
            startboard: None,
            predeal: Vec::new(),
            predeal_at: Vec::new(),
            bias: [[None; 4]; 4],
            bias_span: None,
            counts: DEFAULT_COUNTS,
            shapes: Vec::new(),
            shape_texts: Vec::new(),
            warnings: Vec::new(),
            explain: Default::default(),
            hand_types: Vec::new(),
            level_types: Vec::new(),
            condition_at: None,
        },
        top_or: Vec::new(),
        top_and: Vec::new(),
    };
    p.warn_unclosed_strings();
    while !p.at_eof() {
        p.operators = 0;
        p.statement().map_err(|e| p.call_like_error(e))?;
    }
    p.check_bias()?;
    p.check_shares()?;
    Ok(p.script)
}

pub(crate) struct Parser {
    toks: Vec<Token>,
    pos: usize,
    file: String,
    src: String,
    vars: HashMap<String, Expr>,
    /// `<Prefix>_NAME_Share` declarations: the partition, the type's label, the share, where.
    shares: Vec<(crate::script::hand_types::Kind, String, i64, Span)>,
    depth: usize,
    operators: usize,
    /// The last variable read with a `(` after it, which then starts the next statement.
    call_like: Option<CallLike>,
    script: Script,
    /// The operands of the statement's top-level `||` (explain.rs).
    top_or: Vec<super::explain::Term>,
    /// The operands of the statement's last top-level `&&`.
    top_and: Vec<super::explain::Term>,
}

/// A variable followed by `(`: dealer.exe's reading, unless what follows fails to parse.
struct CallLike {
    name: String,
    span: Span,
    /// The token index of the `(`.
    paren: usize,
}

type PResult<T> = Result<T, Diagnostic>;

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)].tok
    }
    fn span(&self) -> Span {
        self.toks[self.pos].span
    }
    fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1)].span
    }
    fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }
    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }
    fn eat_op(&mut self, op: &str) -> bool {
        let yes = self.is_op(op);
        if yes {
            self.bump();
        }
        yes
    }
    fn expect_op(&mut self, op: &str, what: &str) -> PResult<Span> {
        if self.is_op(op) {
            return Ok(self.bump().span);
        }
        Err(self.unexpected(&format!("`{op}` {what}")))
    }
    fn error_at(&self, span: Span, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(&self.file, &self.src, span, msg)
    }
    fn warn_at(&mut self, span: Span, msg: impl Into<String>) {
        let d = Diagnostic::warning(&self.file, &self.src, span, msg);
        self.script.warnings.push(d);
    }
    /// "expected X, found Y" at the current token.
    fn unexpected(&self, expected: &str) -> Diagnostic {
        let found = describe(self.peek());
        let span = if self.at_eof() && self.pos > 0 {
            let end = self.prev_span().end;
            Span::new(end, end)
        } else {
            self.span()
        };
        self.error_at(span, format!("expected {expected}, found {found}"))
    }
}

impl Parser {
    /// When a variable was followed by a `(` and the error lies inside that parenthesis (read
    /// as the start of the next statement, it does not parse), the name was most likely meant
    /// as a function, and the error says so. A misspelt function inside is reported as itself.
    fn call_like_error(&self, e: Diagnostic) -> Diagnostic {
        let Some(c) = &self.call_like else { return e };
        let open = self.toks[c.paren].span.start;
        let close = self.matching_paren(c.paren).map_or(usize::MAX, |i| self.toks[i].span.start);
        if !(open..=close).contains(&e.span.start) || e.message.starts_with("unknown function") {
            return e;
        }
        let mut d = self.unknown_function(&c.name, c.span);
        d.message = format!(
            "{} (as the variable `{}`, the `(` after it starts a new statement, which does not parse: {})",
            d.message, c.name, e.message
        );
        d
    }

    /// The index of the `)` that closes the `(` at token `open`.
    fn matching_paren(&self, open: usize) -> Option<usize> {
        let mut depth = 0usize;
        for (i, t) in self.toks.iter().enumerate().skip(open) {
            match t.tok {
                Tok::Op("(") => depth += 1,
                Tok::Op(")") if depth == 1 => return Some(i),
                Tok::Op(")") => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        None
    }

    /// A string the lexer closed at the end of its line, DealerV2_4's reading: a warning each.
    fn warn_unclosed_strings(&mut self) {
        let unclosed: Vec<Span> = self
            .toks
            .iter()
            .filter(|t| {
                let text = &self.src[t.span.start..t.span.end];
                matches!(t.tok, Tok::Str(_)) && (text.len() < 2 || !text.ends_with('"'))
            })
            .map(|t| t.span)
            .collect();
        for span in unclosed {
            let open = Span::new(span.start, span.start + 1);
            self.warn_at(
                open,
                "this string is not closed on its line: it ends at the line end, as DealerV2_4 reads it",
            );
        }
    }
}

/// How a token is named in messages.
pub(crate) fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{}`", clip(s)),
        Tok::Number(n) => format!("the number {n}"),
        Tok::DotNum(n) => format!("the decimal {}.{:02}", n / 100, n % 100),
        Tok::Pattern(p) => format!("the shape pattern `{p}`"),
        Tok::Holding(..) => "a holding".into(),
        Tok::Card(_) => "a card".into(),
        Tok::Contract(_) => "a contract word".into(),
        Tok::Str(s) => format!("the string \"{}\"", clip(s)),
        Tok::NewlineItem => "`\\n`".into(),
        Tok::ShapeBody(_) => "a shape{…} body".into(),
        Tok::Op(o) => format!("`{o}`"),
        Tok::Eof => "the end of the file".into(),
    }
}

/// At most 40 characters of a quoted text, then `…`: a message never repeats a long string.
fn clip(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

/// Names the parser treats as reserved: they cannot be variables.
pub(crate) fn is_reserved(name: &str) -> bool {
    use super::vocab::{Kind, WordKind, lookup};
    if matches!(name, "opener" | "startboard" | "both" | "parcontract") {
        return false; // DealerV2_4's words, but ordinary names in dealer3 scripts
    }
    lookup(name).is_some_and(|e| !matches!(e.kind, Kind::Word(WordKind::Compass)) || name.len() > 1)
}
