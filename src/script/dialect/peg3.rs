//! A recognizer of dealer3 1.0.0's grammar (dealer-parser/src/grammar.pest of its v1.0.0 tag),
//! read rule by rule as pest reads it: ordered choice, implicit whitespace and comments between
//! the parts of a non-atomic rule, none inside an atomic one. Where pest fails it names the
//! furthest place a rule (not inside an atomic one) began and did not match; so does this.

/// What the recognizer found: where the parse stopped (if it did), and the names read.
pub(super) struct Parsed {
    /// The furthest start of a rule that failed, when the script does not parse.
    pub stop: Option<usize>,
    /// Every statement's names: the assigned name (if an assignment) and the names it reads.
    pub statements: Vec<Statement>,
}

/// A statement's names.
pub(super) struct Statement {
    /// The name it assigns.
    pub assigned: Option<String>,
    /// It is (or holds) an `average`, `frequency` or `csvrpt`, evaluated on each deal that
    /// matches, where an undefined name stops dealer3 (in a condition it is only false).
    pub reports: bool,
    /// The names it reads as variables, with their places.
    pub names: Vec<(usize, String)>,
}

/// Reads `text` (dealer3's prepared text) as dealer3 1.0.0's `program` rule.
pub(super) fn parse(text: &str) -> Parsed {
    let mut p = Peg {
        s: text.as_bytes(),
        pos: 0,
        far: 0,
        atomic: 0,
        names: Vec::new(),
        assigned: None,
        reports: false,
        statements: Vec::new(),
    };
    let ok = p.program();
    Parsed { stop: (!ok).then_some(p.far), statements: p.statements }
}

struct Peg<'a> {
    s: &'a [u8],
    pos: usize,
    far: usize,
    atomic: u32,
    /// Names read as variables by the statement being read.
    names: Vec<(usize, String)>,
    /// The name the statement being read assigns.
    assigned: Option<String>,
    /// The statement being read reports.
    reports: bool,
    statements: Vec<Statement>,
}

/// `function_name`, in the grammar's order.
pub(super) const FUNCTIONS: [&str; 39] = [
    "hcp", "controls", "losers", "loser", "shape", "hascard", "tens", "jacks", "queens", "kings", "aces", "top2",
    "top3", "top4", "top5", "c13", "pt0", "pt1", "pt2", "pt3", "pt4", "pt5", "pt6", "pt7", "pt8", "pt9", "quality",
    "cccc", "tricks", "score", "imps", "hearts", "spades", "diamonds", "clubs", "heart", "spade", "diamond", "club",
];

impl Peg<'_> {
    /// A rule: on failure the position (and the names read) go back, and its start counts
    /// for the error's place unless it is inside an atomic rule.
    fn rule(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        let (start, names) = (self.pos, self.names.len());
        let ok = f(self);
        if !ok {
            self.pos = start;
            self.names.truncate(names);
            if self.atomic == 0 {
                self.far = self.far.max(start);
            }
        }
        ok
    }

    /// An atomic rule (`@{…}`): no whitespace inside, and the rules inside do not count.
    fn atom(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        self.rule(|p| {
            p.atomic += 1;
            let ok = f(p);
            p.atomic -= 1;
            ok
        })
    }

    /// A part that goes back when it fails, without counting.
    fn attempt(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        let (start, names) = (self.pos, self.names.len());
        let ok = f(self);
        if !ok {
            self.pos = start;
            self.names.truncate(names);
        }
        ok
    }

    /// `x?`.
    fn opt(&mut self, f: impl FnOnce(&mut Self) -> bool) -> bool {
        self.attempt(f);
        true
    }

    /// `x*`, with whitespace between the repeats.
    fn star(&mut self, f: impl Fn(&mut Self) -> bool) -> bool {
        if self.attempt(&f) {
            while self.attempt(|p| {
                p.skip();
                f(p)
            }) {}
        }
        true
    }

    /// WHITESPACE and COMMENT between the parts of a non-atomic rule.
    fn skip(&mut self) -> bool {
        if self.atomic > 0 {
            return true;
        }
        loop {
            let rest = &self.s[self.pos..];
            match rest.first() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.pos += 1,
                Some(b'#') => self.skip_line(),
                Some(b'/') if rest.get(1) == Some(&b'/') => self.skip_line(),
                Some(b'/') if rest.get(1) == Some(&b'*') => match rest[2..].windows(2).position(|w| w == b"*/") {
                    Some(k) => self.pos += 2 + k + 2,
                    None => return true,
                },
                _ => return true,
            }
        }
    }

    fn skip_line(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos] != b'\n' {
            self.pos += 1;
        }
    }

    fn lit(&mut self, t: &str) -> bool {
        let ok = self.s[self.pos..].starts_with(t.as_bytes());
        self.pos += if ok { t.len() } else { 0 };
        ok
    }

    /// `^"t"`: ASCII letters in any case.
    fn ilit(&mut self, t: &str) -> bool {
        let ok = self.s.len() - self.pos >= t.len()
            && self.s[self.pos..self.pos + t.len()].eq_ignore_ascii_case(t.as_bytes());
        self.pos += if ok { t.len() } else { 0 };
        ok
    }

    fn byte(&mut self, f: impl Fn(u8) -> bool) -> bool {
        let ok = self.s.get(self.pos).is_some_and(|&c| f(c));
        self.pos += usize::from(ok);
        ok
    }

    /// `!(ASCII_ALPHANUMERIC | "_")` (or with `(` for `suit`).
    fn not_word_next(&self, also: u8) -> bool {
        !self.s.get(self.pos).is_some_and(|&c| c.is_ascii_alphanumeric() || c == also)
    }

    fn program(&mut self) -> bool {
        self.rule(|p| {
            p.skip();
            p.star(|p| p.dealer_statement() && p.skip() && p.opt(|p| p.lit("\n") || p.lit(";") || p.lit(",")));
            p.skip();
            p.rule(|p| p.pos == p.s.len())
        })
    }

    fn dealer_statement(&mut self) -> bool {
        self.names.clear();
        (self.assigned, self.reports) = (None, false);
        let ok = self.rule(|p| {
            p.keyword_stmt("condition", Self::expr)
                || p.keyword_stmt("produce", Self::literal)
                || p.keyword_stmt("generate", Self::literal)
                || p.action_stmt()
                || p.keyword_stmt("dealer", Self::compass)
                || p.keyword_stmt("vulnerable", Self::vulnerability)
                || p.predeal_stmt()
                || p.csvrpt_stmt()
                || p.average()
                || p.frequency()
                || p.rule(|p| p.print_word())
                || p.assignment()
                || p.expr()
        });
        if ok {
            let (assigned, names) = (self.assigned.take(), std::mem::take(&mut self.names));
            self.statements.push(Statement { assigned, reports: self.reports, names });
        }
        ok
    }

    /// `^"word" ~ part`.
    fn keyword_stmt(&mut self, word: &str, part: fn(&mut Self) -> bool) -> bool {
        self.rule(|p| p.ilit(word) && p.skip() && part(p))
    }

    fn action_stmt(&mut self) -> bool {
        self.rule(|p| {
            p.ilit("action")
                && p.skip()
                && p.opt(|p| {
                    p.action_component() && p.skip() && p.star(|p| p.lit(",") && p.skip() && p.action_component())
                })
        })
    }

    fn action_component(&mut self) -> bool {
        self.rule(|p| p.average() || p.frequency() || p.atom(|p| p.print_word()))
    }

    fn print_word(&mut self) -> bool {
        ["printall", "printew", "printpbn", "printcompact", "printoneline"].iter().any(|w| self.ilit(w))
    }

    /// `average_stmt` and `average_spec`: `^"average" ~ string_literal? ~ expr`.
    fn average(&mut self) -> bool {
        let ok = self.rule(|p| p.ilit("average") && p.skip() && p.opt(Self::string_literal) && p.skip() && p.expr());
        self.reports |= ok;
        ok
    }

    /// `frequency_stmt` and `frequency_spec`.
    fn frequency(&mut self) -> bool {
        let ok = self.rule(|p| {
            p.ilit("frequency")
                && p.skip()
                && p.opt(Self::string_literal)
                && p.skip()
                && p.lit("(")
                && p.skip()
                && p.expr()
                && p.skip()
                && p.lit(",")
                && p.skip()
                && p.literal()
                && p.skip()
                && p.lit(",")
                && p.skip()
                && p.literal()
                && p.skip()
                && p.lit(")")
        });
        self.reports |= ok;
        ok
    }

    fn predeal_stmt(&mut self) -> bool {
        self.rule(|p| {
            p.ilit("predeal")
                && p.skip()
                && p.compass()
                && p.skip()
                && p.predeal_card()
                && p.skip()
                && p.star(|p| p.lit(",") && p.skip() && p.predeal_card())
        })
    }

    fn csvrpt_stmt(&mut self) -> bool {
        let ok = self.rule(|p| {
            p.ilit("csvrpt")
                && p.skip()
                && p.lit("(")
                && p.skip()
                && p.csv_term()
                && p.skip()
                && p.star(|p| p.lit(",") && p.skip() && p.csv_term())
                && p.skip()
                && p.lit(")")
        });
        self.reports |= ok;
        ok
    }

    fn csv_term(&mut self) -> bool {
        self.rule(|p| {
            p.ilit("deal") || p.atom(|p| p.ilit("ns") || p.ilit("ew")) || p.compass() || p.string_literal() || p.expr()
        })
    }

    /// `compass` and `position`.
    fn compass(&mut self) -> bool {
        self.atom(|p| {
            p.attempt(|p| ["north", "south", "east", "west"].iter().any(|w| p.ilit(w)) && p.not_word_next(b'_'))
                || p.attempt(|p| ["n", "s", "e", "w"].iter().any(|w| p.ilit(w)) && p.not_word_next(b'_'))
        })
    }

    fn vulnerability(&mut self) -> bool {
        self.atom(|p| ["none", "ns", "ew", "all"].iter().any(|w| p.ilit(w)))
    }

    fn assignment(&mut self) -> bool {
        let at = self.pos;
        let mut end = at;
        let ok = self.rule(|p| {
            p.atom(Self::word) && {
                end = p.pos;
                p.skip() && p.lit("=") && p.skip() && p.expr()
            }
        });
        if ok {
            self.assigned = Some(String::from_utf8_lossy(&self.s[at..end]).into_owned());
        }
        ok
    }

    /// `ASCII_ALPHA ~ (ASCII_ALPHANUMERIC | "_")*`.
    fn word(&mut self) -> bool {
        self.byte(|c| c.is_ascii_alphabetic()) && {
            while self.byte(|c| c.is_ascii_alphanumeric() || c == b'_') {}
            true
        }
    }

    fn expr(&mut self) -> bool {
        self.rule(|p| p.ternary())
    }

    fn ternary(&mut self) -> bool {
        self.rule(|p| {
            p.logical_or()
                && p.skip()
                && p.opt(|p| {
                    p.lit("?") && p.skip() && p.logical_or() && p.skip() && p.lit(":") && p.skip() && p.ternary()
                })
        })
    }

    /// `part ~ (op ~ part)*`.
    fn chain(&mut self, part: fn(&mut Self) -> bool, op: fn(&mut Self) -> bool) -> bool {
        self.rule(|p| part(p) && p.skip() && p.star(|p| op(p) && p.skip() && part(p)))
    }

    fn logical_or(&mut self) -> bool {
        self.chain(Self::logical_and, |p| p.rule(|p| p.lit("||") || p.keyword("or")))
    }

    fn logical_and(&mut self) -> bool {
        self.chain(Self::logical_not, |p| p.rule(|p| p.lit("&&") || p.keyword("and")))
    }

    fn logical_not(&mut self) -> bool {
        self.rule(|p| p.attempt(|p| p.not_op() && p.skip() && p.logical_not()) || p.comparison())
    }

    fn not_op(&mut self) -> bool {
        self.rule(|p| p.lit("!") || p.keyword("not"))
    }

    /// `or_keyword` and its kin: `@{ ^"w" ~ !(ASCII_ALPHANUMERIC | "_") }`.
    fn keyword(&mut self, w: &str) -> bool {
        self.atom(|p| p.ilit(w) && p.not_word_next(b'_'))
    }

    fn comparison(&mut self) -> bool {
        let cmp = |p: &mut Self| p.rule(|p| ["==", "!=", "<=", ">=", "<", ">"].iter().any(|o| p.lit(o)));
        self.chain(Self::additive, cmp)
    }

    fn additive(&mut self) -> bool {
        self.chain(Self::multiplicative, |p| p.rule(|p| p.lit("+") || p.lit("-")))
    }

    fn multiplicative(&mut self) -> bool {
        self.chain(Self::unary, |p| p.rule(|p| p.lit("*") || p.lit("/") || p.lit("%")))
    }

    fn unary(&mut self) -> bool {
        self.rule(|p| {
            p.attempt(|p| p.lit("-") && p.skip() && p.unary())
                || p.attempt(|p| p.not_op() && p.skip() && p.unary())
                || p.primary()
        })
    }

    /// `primary`, a silent rule: its alternatives count, it does not.
    fn primary(&mut self) -> bool {
        self.function_call()
            || self.rule(|p| p.lit("(") && p.skip() && p.expr() && p.skip() && p.lit(")"))
            || self.shape_pattern()
            || self.atom(|p| p.rank() && p.suit_char())
            || self.suit()
            || self.compass()
            || self.literal()
            || self.ident()
    }

    fn function_call(&mut self) -> bool {
        self.rule(|p| {
            p.atom(|p| FUNCTIONS.iter().any(|f| p.lit(f)))
                && p.skip()
                && p.lit("(")
                && p.skip()
                && p.expr()
                && p.skip()
                && p.star(|p| p.lit(",") && p.skip() && p.expr())
                && p.skip()
                && p.lit(")")
        })
    }

    fn suit(&mut self) -> bool {
        self.atom(|p| ["spades", "hearts", "diamonds", "clubs"].iter().any(|w| p.ilit(w)) && p.not_word_next(b'('))
    }

    fn literal(&mut self) -> bool {
        self.atom(|p| {
            p.lit("-");
            p.byte(|c| c.is_ascii_digit()) && {
                while p.byte(|c| c.is_ascii_digit()) {}
                true
            }
        })
    }

    fn string_literal(&mut self) -> bool {
        self.atom(|p| {
            p.lit("\"") && {
                while p.byte(|c| c != b'"') {}
                p.lit("\"")
            }
        })
    }

    fn rank(&mut self) -> bool {
        self.byte(|c| b"AKQJT98765432".contains(&c))
    }

    fn suit_char(&mut self) -> bool {
        self.byte(|c| b"SHDC".contains(&c))
    }

    fn predeal_card(&mut self) -> bool {
        self.atom(|p| {
            p.suit_char() && {
                while p.rank() {}
                true
            }
        })
    }

    fn ident(&mut self) -> bool {
        let at = self.pos;
        let ok = self.atom(Self::word);
        if ok {
            let name = String::from_utf8_lossy(&self.s[at..self.pos]).into_owned();
            self.names.push((at, name));
        }
        ok
    }

    fn shape_pattern(&mut self) -> bool {
        self.rule(|p| {
            p.shape_spec()
                && p.skip()
                && p.star(|p| p.opt(|p| p.rule(|p| p.lit("+") || p.lit("-"))) && p.skip() && p.shape_spec())
        })
    }

    fn shape_spec(&mut self) -> bool {
        self.rule(|p| {
            p.attempt(|p| p.rule(|p| p.ilit("any")) && p.skip() && p.atom(|p| (0..4).all(|_| p.shape_char())))
                || p.atom(|p| {
                    p.attempt(|p| p.lit("%s") && (0..4).all(|_| p.byte(|c| c.is_ascii_digit())))
                        || p.attempt(|p| {
                            let at = p.pos;
                            (0..4).all(|_| p.shape_char()) && p.s[at..p.pos].iter().any(|&c| c == b'x' || c == b'X')
                        })
                })
        })
    }

    fn shape_char(&mut self) -> bool {
        self.byte(|c| c.is_ascii_digit() || c == b'x' || c == b'X')
    }
}
