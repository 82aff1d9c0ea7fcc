//! The lexer: dealer 1.24's token rules (longest match, listed rules first on a tie).

use super::diag::Span;

/// A token's kind and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A name: keyword, function, variable or seat.
    Ident(String),
    /// `[0-9]+`.
    Number(i64),
    /// A decimal, a hundred times its value (`6.25` is 625).
    DotNum(i64),
    /// Exactly four characters of `[0-9x]`: a shape pattern, or a number where one is expected.
    Pattern(String),
    /// A suit letter and its ranks in descending order (`SAKQ`): suit and rank bits.
    Holding(crate::cards::Suit, u16),
    /// A card, rank then suit (`TC`): the card index.
    Card(u8),
    /// A contract word `x3N`, `z4Sx`: its number `level*5 + strain + 40*doubling`.
    Contract(i64),
    /// A string between double quotes, without them.
    Str(String),
    /// The bare token `\n` in a printes list.
    NewlineItem,
    /// The text between the braces of `shape{…}`, unparsed (its own small language).
    ShapeBody(String),
    /// Punctuation and operators, as written.
    Op(&'static str),
    /// End of input.
    Eof,
}

/// A token and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub tok: Tok,
    /// Where it is.
    pub span: Span,
}

/// A lexical error: where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    /// Where.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

const OPS: [&str; 24] = [
    "&&", "||", "==", "!=", "<=", ">=", "(", ")", "{", "}", ",", "=", "<", ">", "+", "-", "*", "/", "%", "!", "?", ":",
    ";", "$",
];

/// The UTF-8 byte order mark some editors write first; a script may start with it.
pub const BOM: &str = "\u{feff}";

/// Splits a script into tokens, ending with [`Tok::Eof`]; a leading [`BOM`] is skipped.
pub fn lex(src: &str) -> Result<Vec<Token>, LexError> {
    let start = if src.starts_with(BOM) { BOM.len() } else { 0 };
    let mut lx = Lexer { src: src.as_bytes(), pos: start, out: Vec::new() };
    lx.run()?;
    Ok(lx.out)
}

struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    out: Vec<Token>,
}

impl Lexer<'_> {
    fn run(&mut self) -> Result<(), LexError> {
        while self.skip_space_and_comments()? {
            let start = self.pos;
            let tok = self.token()?;
            let is_shape = tok == Tok::Ident("shape".into());
            self.out.push(Token { tok, span: Span::new(start, self.pos) });
            if is_shape {
                self.shape_body()?;
            }
        }
        let end = self.src.len();
        self.out.push(Token { tok: Tok::Eof, span: Span::new(end, end) });
        Ok(())
    }

    fn at_line_start(&self) -> bool {
        let before = &self.src[..self.pos];
        before.is_empty() || before.ends_with(b"\n") || before == BOM.as_bytes()
    }

    fn peek(&self, k: usize) -> u8 {
        *self.src.get(self.pos + k).unwrap_or(&0)
    }

    fn err<T>(&self, start: usize, end: usize, msg: impl Into<String>) -> Result<T, LexError> {
        Err(LexError { span: Span::new(start, end), message: msg.into() })
    }

    /// Skips blanks and comments; false at end of input.
    fn skip_space_and_comments(&mut self) -> Result<bool, LexError> {
        loop {
            match self.peek(0) {
                0 if self.pos >= self.src.len() => return Ok(false),
                b' ' | b'\t' | b'\r' | b'\n' | 0x0c | 0x0b => self.pos += 1,
                b'#' if self.at_line_start() => self.skip_line(),
                b'#' => {
                    return self.err(
                        self.pos,
                        self.pos + 1,
                        "a `#` comment must start at column 1; use `//` after code",
                    );
                }
                b'/' if self.peek(1) == b'/' => self.skip_line(),
                b'/' if self.peek(1) == b'*' => self.skip_block()?,
                _ => return Ok(true),
            }
        }
    }

    fn skip_line(&mut self) {
        while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
            self.pos += 1;
        }
    }

    fn skip_block(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        match find(&self.src[self.pos + 2..], b"*/") {
            Some(i) => {
                self.pos += 2 + i + 2;
                Ok(())
            }
            None => self.err(
                start,
                start + 2,
                "this `/*` comment is never closed: expected `*/` before the end of the file",
            ),
        }
    }

    fn token(&mut self) -> Result<Tok, LexError> {
        let c = self.peek(0);
        let start = self.pos;
        if c == b'"' {
            return self.string();
        }
        if c == b'\\' && self.peek(1) == b'n' {
            self.pos += 2;
            return Ok(Tok::NewlineItem);
        }
        if c.is_ascii_alphanumeric() || c == b'.' && self.peek(1).is_ascii_digit() {
            return self.word();
        }
        for op in OPS {
            if self.src[self.pos..].starts_with(op.as_bytes()) {
                self.pos += op.len();
                return Ok(Tok::Op(op));
            }
        }
        let ch = std::str::from_utf8(&self.src[start..]).ok().and_then(|s| s.chars().next());
        let len = ch.map_or(1, char::len_utf8);
        let shown = ch.map_or("?".to_string(), |c| c.to_string());
        self.err(start, start + len, format!("unexpected character `{shown}`"))
    }

    /// After `shape`: a `{` opens a body kept as raw text up to the matching `}`.
    fn shape_body(&mut self) -> Result<(), LexError> {
        let rest = &self.src[self.pos..];
        let gap = span_while(rest, |b| b == b' ' || b == b'\t');
        if rest.get(gap) != Some(&b'{') {
            return Ok(());
        }
        let open = self.pos + gap;
        let Some(len) = self.src[open + 1..].iter().position(|&b| b == b'}') else {
            return self.err(open, open + 1, "this `shape{` is never closed: expected `}`");
        };
        let body = String::from_utf8_lossy(&self.src[open + 1..open + 1 + len]).into_owned();
        self.out.push(Token { tok: Tok::ShapeBody(body), span: Span::new(open + 1, open + 1 + len) });
        self.pos = open + len + 2;
        Ok(())
    }

    /// A string, or DealerV2_4's string closed by the end of its line when no `"` is on it
    /// (the span then does not end with `"`; the parser warns).
    fn string(&mut self) -> Result<Tok, LexError> {
        let start = self.pos;
        let rest = &self.src[start + 1..];
        let line = rest.iter().position(|&b| b == b'\n');
        let close = rest[..line.unwrap_or(rest.len())].iter().position(|&b| b == b'"');
        let (text, end) = match (close, line) {
            (Some(i), _) => (&rest[..i], start + 1 + i + 1),
            (None, Some(l)) => {
                let text = &rest[..l];
                (text.strip_suffix(b"\r").unwrap_or(text), start + 1 + l)
            }
            (None, None) => return self.err(start, start + 1, "this string is never closed: expected a closing `\"`"),
        };
        self.pos = end;
        Ok(Tok::Str(String::from_utf8_lossy(text).into_owned()))
    }

    /// Words, numbers, patterns, holdings, cards, contracts: the longest candidate wins,
    /// and on a tie the order pattern, holding, card, contract, dotnum, number, name.
    fn word(&mut self) -> Result<Tok, LexError> {
        let s = &self.src[self.pos..];
        let ident =
            if s[0].is_ascii_alphabetic() { span_while(s, |b| b.is_ascii_alphanumeric() || b == b'_') } else { 0 };
        let number = span_while(s, |b| b.is_ascii_digit());
        let number_tok = number_tok(&s[..number]);
        if number > 0 && number_tok.is_none() {
            // no other token starting with a digit is as long
            return self.err(self.pos, self.pos + number, format!("number too large: at most {}", i64::MAX));
        }
        let candidates: [(usize, Option<Tok>); 6] =
            [pattern(s), holding(s), card(s), contract(s), dotnum(s), (number, number_tok)];
        let mut best: (usize, Option<Tok>) = (ident, None);
        for (len, tok) in candidates {
            if len > 0 && len >= best.0 && tok.is_some() && (best.1.is_none() || len > best.0) {
                best = (len, tok);
            }
        }
        let (len, tok) = best;
        let text = String::from_utf8_lossy(&s[..len]).into_owned();
        self.pos += len.max(1);
        Ok(tok.unwrap_or(Tok::Ident(text)))
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn span_while(s: &[u8], f: impl Fn(u8) -> bool) -> usize {
    s.iter().take_while(|&&b| f(b)).count()
}

fn number_tok(digits: &[u8]) -> Option<Tok> {
    let text = std::str::from_utf8(digits).ok()?;
    text.parse::<i64>().ok().map(Tok::Number)
}

fn pattern(s: &[u8]) -> (usize, Option<Tok>) {
    let n = span_while(&s[..s.len().min(4)], |b| b.is_ascii_digit() || b == b'x');
    if n == 4 {
        let text = String::from_utf8_lossy(&s[..4]).into_owned();
        return (4, Some(Tok::Pattern(text)));
    }
    (0, None)
}

fn holding(s: &[u8]) -> (usize, Option<Tok>) {
    let Some(suit) = crate::cards::suit_of_char(s[0]) else { return (0, None) };
    let mut bits = 0u16;
    let mut i = 1;
    for &r in b"AKQJT98765432" {
        if s.get(i) == Some(&r) {
            bits |= 1 << crate::cards::rank_of_char(r).unwrap_or(0);
            i += 1;
        }
    }
    (i, Some(Tok::Holding(suit, bits)))
}

fn card(s: &[u8]) -> (usize, Option<Tok>) {
    let rank = crate::cards::rank_of_char(s[0]);
    let suit = s.get(1).and_then(|&c| crate::cards::suit_of_char(c));
    match (rank, suit) {
        (Some(r), Some(su)) => (2, Some(Tok::Card(crate::cards::Card::new(su, r).0))),
        _ => (0, None),
    }
}

fn contract(s: &[u8]) -> (usize, Option<Tok>) {
    if s.len() < 3 || !(s[0] == b'x' || s[0] == b'z') || !(b'1'..=b'7').contains(&s[1]) {
        return (0, None);
    }
    let Some(strain) = b"CDHSN".iter().position(|&c| c == s[2]) else { return (0, None) };
    let level = i64::from(s[1] - b'0');
    let dbl = span_while(&s[3..], |b| b == b'x').min(2);
    (3 + dbl, Some(Tok::Contract(level * 5 + strain as i64 + 40 * dbl as i64)))
}

fn dotnum(s: &[u8]) -> (usize, Option<Tok>) {
    let int = span_while(s, |b| b.is_ascii_digit());
    if int > 2 || s.get(int) != Some(&b'.') {
        return (0, None);
    }
    let frac = span_while(&s[int + 1..], |b| b.is_ascii_digit()).min(2);
    if int == 0 && frac == 0 {
        return (0, None);
    }
    let digits = |d: &[u8]| d.iter().fold(0i64, |a, &b| a * 10 + i64::from(b - b'0'));
    let mut value = digits(&s[..int]) * 100;
    let f = digits(&s[int + 1..int + 1 + frac]);
    value += if frac == 1 { f * 10 } else { f };
    (int + 1 + frac, Some(Tok::DotNum(value)))
}

#[cfg(test)]
mod tests;
