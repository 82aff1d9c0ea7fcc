//! A matched deal's printed text: its slice of the text its batch printed, the batch's text
//! shared by the batch's deals, so that a run sending deals allocates no string per deal.
//! The batch's text counts its deals itself ([`Shared`]): a batch is shared out with its count
//! set once, and deals dropped together give their shares back in one step
//! ([`Printed::release`]), so neither side pays an atomic operation per deal.

use std::fmt;
use std::ops::{Deref, Range};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicUsize, Ordering, fence};

use super::Matched;

/// What dealer prints for one deal; reads as a `str`.
#[derive(Clone, Default)]
pub struct Printed {
    /// The text of the deal's batch (`None`: nothing, or not sent yet).
    batch: Option<Shared>,
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
        let printed = |d: &&mut Matched| !d.printed.range.is_empty();
        let n = deals.iter_mut().filter(printed).count();
        let Some(inner) = Inner::new(text, n) else { return };
        for d in deals.iter_mut().filter(printed) {
            d.printed.batch = Some(Shared(inner));
        }
    }

    /// The same text in a string of its own, holding no batch alive (for a deal kept longer
    /// than its batch, as the workbench's selected one).
    pub fn own(&self) -> Printed {
        if self.batch.is_none() { Printed::default() } else { Printed::from(&**self) }
    }

    /// Drops `texts` at once: the consecutive ones of one batch give back their shares in
    /// one step (what dropping them one by one does, without an atomic operation each).
    pub fn release(texts: impl IntoIterator<Item = Printed>) {
        let mut run: Option<(NonNull<Inner>, usize)> = None;
        for s in texts.into_iter().filter_map(|p| p.batch) {
            let ptr = s.0;
            std::mem::forget(s);
            match &mut run {
                Some((p, n)) if *p == ptr => *n += 1,
                _ => {
                    if let Some((p, n)) = run.replace((ptr, 1)) {
                        Inner::put_back(p, n);
                    }
                }
            }
        }
        if let Some((p, n)) = run {
            Inner::put_back(p, n);
        }
    }
}

/// A batch's text and the number of [`Shared`] handles to it.
struct Inner {
    refs: AtomicUsize,
    text: String,
}

impl Inner {
    /// The text, to be handed out as `refs` handles (`None` when there are none to give).
    fn new(text: String, refs: usize) -> Option<NonNull<Inner>> {
        (refs > 0).then(|| NonNull::from(Box::leak(Box::new(Inner { refs: AtomicUsize::new(refs), text }))))
    }

    /// Gives back `n` handles to `p` (forgotten by the caller); the last one frees it.
    fn put_back(p: NonNull<Inner>, n: usize) {
        // SAFETY: the caller held `n` live handles to `p`, so it is still allocated.
        if unsafe { p.as_ref() }.refs.fetch_sub(n, Ordering::Release) == n {
            fence(Ordering::Acquire);
            // SAFETY: those were the last handles; `p` came from `Box::leak`.
            super::outbox::recycle_text(unsafe { Box::from_raw(p.as_ptr()) }.text);
        }
    }
}

/// One counted share of a batch's text, as an `Arc` is, its count set once for a whole batch.
struct Shared(NonNull<Inner>);

// SAFETY: the text is immutable while shared and the count atomic, as in `Arc<String>`.
unsafe impl Send for Shared {}
// SAFETY: as above.
unsafe impl Sync for Shared {}

impl Shared {
    fn text(&self) -> &str {
        // SAFETY: a live handle keeps its `Inner` allocated.
        unsafe { &self.0.as_ref().text }
    }
}

impl Clone for Shared {
    fn clone(&self) -> Shared {
        // SAFETY: a live handle keeps its `Inner` allocated.
        unsafe { self.0.as_ref() }.refs.fetch_add(1, Ordering::Relaxed);
        Shared(self.0)
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        Inner::put_back(self.0, 1);
    }
}

impl Deref for Printed {
    type Target = str;

    fn deref(&self) -> &str {
        self.batch.as_ref().map_or("", |t| &t.text()[self.range.clone()])
    }
}

impl From<String> for Printed {
    fn from(text: String) -> Printed {
        let range = 0..text.len();
        Printed { batch: Inner::new(text, 1).map(Shared), range }
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

    fn refs(p: &Printed) -> usize {
        // SAFETY: a live handle keeps its `Inner` allocated.
        unsafe { p.batch.as_ref().unwrap().0.as_ref() }.refs.load(Ordering::Relaxed)
    }

    #[test]
    fn released_deals_give_back_their_shares_and_the_last_frees_the_text() {
        let batch = |n: usize| {
            let mut deals: Vec<Matched> = (0..n).map(|i| matched(i..i + 1)).collect();
            Printed::share(&mut deals, "abcdef".to_string());
            deals.into_iter().map(|d| d.printed).collect::<Vec<_>>()
        };
        let (mut a, b) = (batch(4), batch(2));
        assert_eq!((refs(&a[0]), refs(&b[0])), (4, 2), "one share per deal, counted once");
        let copy = a[3].clone();
        assert_eq!(refs(&copy), 5);
        let (b0, a3) = (b[0].clone(), a.pop().unwrap());
        // Two of a, then all of b (a clone of b's kept), mixed runs of one batch each.
        let rest = a.split_off(2);
        Printed::release(a.into_iter().chain(b).chain([Printed::default()]));
        assert_eq!((refs(&copy), refs(&b0)), (3, 1));
        assert_eq!((&*rest[0], &*a3, &*b0), ("c", "d", "a"));
        Printed::release(rest.into_iter().chain([a3]));
        assert_eq!(refs(&copy), 1);
        assert_eq!(&*copy, "d", "the last share still reads its text");
        let own = copy.own();
        assert_eq!((&*own, refs(&own), refs(&copy)), ("d", 1, 1), "its own text, no share of the batch");
        assert!(Printed::default().own().batch.is_none());
    }
}
