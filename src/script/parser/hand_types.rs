//! Recording `HandType_` variables and their `_Share` declarations as they are defined.

use super::{PResult, Parser};
use crate::script::ast::Expr;
use crate::script::diag::Span;
use crate::script::hand_types::{HandType, Role, role};

impl Parser {
    /// Records a variable that is a hand type or a share declaration.
    pub(super) fn hand_type(&mut self, name: &str, span: Span, e: &Expr) -> PResult<()> {
        match role(name) {
            Role::Plain => {}
            Role::Type(t) => {
                let expr = e.clone();
                self.script.hand_types.push(HandType { name: t.to_string(), expr, span, share: None });
            }
            Role::Share(t) => {
                let Expr::Num(n) = e else {
                    return Err(
                        self.error_at(span, format!("`{name}` must be a whole number (the share of `HandType_{t}`)"))
                    );
                };
                if *n < 0 {
                    return Err(self.error_at(span, format!("`{name}` is negative: a share is 0 or more")));
                }
                self.shares.push((t.to_string(), *n, span));
            }
        }
        Ok(())
    }

    /// Gives each share declaration to its hand type; one naming no type is an error.
    pub(super) fn check_shares(&mut self) -> PResult<()> {
        for (t, n, span) in std::mem::take(&mut self.shares) {
            match self.script.hand_types.iter_mut().find(|h| h.name == t) {
                Some(h) => h.share = Some((n, span)),
                None => {
                    let msg = format!("`HandType_{t}_Share` gives a share to `HandType_{t}`, which is not defined");
                    return Err(self.error_at(span, msg));
                }
            }
        }
        Ok(())
    }
}
