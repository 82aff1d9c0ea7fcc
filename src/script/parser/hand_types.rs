//! Recording hand and level types and their `_Share` declarations as they are defined, with
//! dealer3's errors.

use super::{PResult, Parser};
use crate::script::ast::Expr;
use crate::script::diag::Span;
use crate::script::hand_types::{HandType, Kind, Role, role};

impl Parser {
    /// Records a variable that is a hand or level type or a share declaration.
    pub(super) fn hand_type(&mut self, name: &str, span: Span, e: &Expr) -> PResult<()> {
        match role(name) {
            Role::Plain => {}
            Role::Type(kind, t) => {
                let list = self.types_of(kind);
                if let Some(other) = list.iter().find(|h| h.name.eq_ignore_ascii_case(t) && h.name != t) {
                    let msg = format!(
                        "two {} `{}` and `{t}` differ only in case: name them apart",
                        kind.plural().to_lowercase(),
                        other.name
                    );
                    return Err(self.error_at(span, msg));
                }
                if list.iter().any(|h| h.name == t) {
                    return Ok(()); // only a label's first assignment counts
                }
                let expr = e.clone();
                self.types_of(kind).push(HandType { name: t.to_string(), expr, span, share: None });
            }
            Role::Share(kind, t) => {
                let Expr::Num(n) = e else {
                    return Err(self.error_at(span, format!("`{name}` has to be a plain number (the share of `{t}`)")));
                };
                if *n < 0 {
                    return Err(self.error_at(span, format!("`{name}` cannot be negative: a share is 0 or more")));
                }
                self.shares.push((kind, t.to_string(), *n, span));
            }
        }
        Ok(())
    }

    fn types_of(&mut self, kind: Kind) -> &mut Vec<HandType> {
        match kind {
            Kind::Hand => &mut self.script.hand_types,
            Kind::Level => &mut self.script.level_types,
        }
    }

    /// Gives each share declaration to its type; dealer3's refusals otherwise.
    pub(super) fn check_shares(&mut self) -> PResult<()> {
        let shares = std::mem::take(&mut self.shares);
        let kinds = |k: Kind| shares.iter().filter(move |s| s.0 == k);
        if let (Some(h), Some(_)) = (kinds(Kind::Hand).next(), kinds(Kind::Level).next()) {
            let msg = "the script sets both `HandType_…_Share` and `LevelType_…_Share`: weight one partition";
            return Err(self.error_at(h.3, msg));
        }
        if let (Some(h), false) = (kinds(Kind::Hand).next(), self.script.level_types.is_empty()) {
            let msg = format!(
                "`HandType_{}_Share` weights a hand type, but the script levels on `LevelType_` variables. \
                 Move them to the `LevelType_` they weight",
                h.1
            );
            return Err(self.error_at(h.3, msg));
        }
        for (kind, t, n, span) in &shares {
            match self.types_of(*kind).iter_mut().find(|h| &h.name == t) {
                Some(h) => h.share = Some((*n, *span)),
                None => {
                    let msg = format!(
                        "`{}_{t}_Share` weights `{t}`, but the script never declares `{}_{t}`",
                        kind.prefix(),
                        kind.prefix()
                    );
                    return Err(self.error_at(*span, msg));
                }
            }
        }
        if let Some(s) = shares.first()
            && shares.iter().all(|s| s.2 == 0)
            && self.types_of(s.0).iter().all(|h| h.share.is_some())
        {
            return Err(self.error_at(s.3, "every share is 0, which asks for no deals at all."));
        }
        Ok(())
    }
}
