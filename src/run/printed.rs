//! A matched deal's printed text: its slice of the text its batch printed, the batch's text
//! shared by the batch's deals, so that a run sending deals allocates no string per deal.

use std::fmt;
use std::ops::{Deref, Range};
use std::sync::Arc;

use super::Matched;

/// What dealer prints for one deal; reads as a `str`.
#[derive(Clone, Default)]
pub struct Printed {
    /// The text of the deal's batch (`None`: nothing, or not sent yet).
    batch: Option<Arc<String>>,
    /// The deal's bytes in it.
    range: Range<usize>,
}

impl Printed {
    /// The bytes `range` of the batch's text, attached when the batch is sent.
    pub(super) fn pending(range: Range<usize>) -> Printed {
        Printed { batch: None, range }
    }

    /// Gives every deal of `deals` that printed something its share of `text`.
    pub(super) fn share(deals: &mut [Matched], text: String) {
        if text.is_empty() {
            return;
        }
        let text = Arc::new(text);
        for d in deals.iter_mut().filter(|d| !d.printed.range.is_empty()) {
            d.printed.batch = Some(text.clone());
        }
    }
}

impl Deref for Printed {
    type Target = str;

    fn deref(&self) -> &str {
        self.batch.as_ref().map_or("", |t| &t[self.range.clone()])
    }
}

impl From<String> for Printed {
    fn from(text: String) -> Printed {
        Printed { range: 0..text.len(), batch: Some(Arc::new(text)) }
    }
}

impl From<&str> for Printed {
    fn from(text: &str) -> Printed {
        Printed::from(text.to_string())
    }
}

impl PartialEq for Printed {
    fn eq(&self, other: &Printed) -> bool {
        **self == **other
    }
}

impl fmt::Debug for Printed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl fmt::Display for Printed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Deal;

    fn matched(range: Range<usize>) -> Matched {
        let printed = Printed::pending(range);
        Matched { number: 1, generated: 1, deal: Deal::default(), printed, known: None, hand_types: 0 }
    }

    #[test]
    fn each_deal_reads_its_own_slice_of_the_batch() {
        let mut deals = vec![matched(0..4), matched(4..4), matched(4..9)];
        Printed::share(&mut deals, "one\ntwo!\n".to_string());
        let texts: Vec<&str> = deals.iter().map(|d| &*d.printed).collect();
        assert_eq!(texts, ["one\n", "", "two!\n"]);
        assert!(deals[1].printed.batch.is_none(), "a deal that printed nothing holds no text");
        let kept = deals.pop().unwrap();
        drop(deals);
        assert_eq!(kept.printed, Printed::from("two!\n"), "a deal keeps its text after its batch");
    }
}
