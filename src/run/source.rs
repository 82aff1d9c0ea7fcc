//! Where a run's deals come from: dealer.exe's stream, the fast stream, DealerV2_4's bias
//! dealer, or a list read from a file.

use crate::cards::Deal;
use crate::dealing::bias::BiasDealer;
use crate::dealing::swap::Swapper;
use crate::dealing::{DealerStream, FastStream};
use std::iter::Peekable;
use std::sync::{Arc, Mutex};

/// The deals a feed yields.
type Deals = Box<dyn Iterator<Item = Deal> + Send>;

/// Deals read as the run takes them (a deal file streamed rather than held in memory). The
/// run takes the reader once; clones share it.
#[derive(Clone)]
pub struct DealFeed(Arc<Mutex<Option<Deals>>>);

impl DealFeed {
    /// A feed of `deals`.
    pub fn new(deals: impl Iterator<Item = Deal> + Send + 'static) -> DealFeed {
        DealFeed(Arc::new(Mutex::new(Some(Box::new(deals)))))
    }

    /// The reader, the first time; an empty one after.
    pub(super) fn take(&self) -> Deals {
        let taken = self.0.lock().map(|mut g| g.take()).unwrap_or_default();
        taken.unwrap_or_else(|| Box::new(std::iter::empty()))
    }
}

impl std::fmt::Debug for DealFeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DealFeed")
    }
}

/// Which generator a run deals with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamKind {
    /// dealer.exe's deals for the seed (sequential: each deal reshuffles the previous one).
    Dealer,
    /// Deal `i` from `(seed, i)`: any slice of the stream can be dealt on its own.
    Fast,
}

/// A source of deals in serial order.
pub enum Source {
    /// dealer.exe's stream.
    Dealer(Box<DealerStream>),
    /// The fast stream: every `step`-th deal from `next`.
    Fast { stream: FastStream, next: u64, step: u64 },
    /// Deals read from a file.
    List(Arc<Vec<Deal>>, usize),
    /// Deals streamed from a file.
    Feed(Peekable<Deals>),
    /// DealerV2_4's bias dealer (`predeal spades(north) == 5`).
    Bias(Box<BiasDealer>),
    /// Another source with each shuffle dealt again, seats exchanged (`-2`, `-3`).
    Swapped(Box<Source>, Swapper),
}

impl Source {
    /// The next deal, or `None` when a list is exhausted.
    #[inline]
    pub fn next(&mut self) -> Option<Deal> {
        match self {
            Source::Dealer(s) => Some(s.next_deal()),
            Source::Bias(b) => Some(b.next_deal()),
            Source::Fast { stream, next, step } => {
                let d = stream.deal(*next);
                *next += *step;
                Some(d)
            }
            Source::List(list, i) => {
                let d = list.get(*i).copied();
                *i += 1;
                d
            }
            Source::Feed(deals) => deals.next(),
            Source::Swapped(inner, swap) => swapped(inner, swap),
        }
    }

    /// From a list, the next deal when it repeats `last` (DDS's lists repeat deals); `None`
    /// otherwise, without taking it.
    pub fn next_repeat(&mut self, last: &Deal) -> Option<Deal> {
        if let Source::Feed(deals) = self {
            return deals.next_if_eq(last);
        }
        let Source::List(list, i) = self else { return None };
        let d = list.get(*i).filter(|d| *d == last).copied()?;
        *i += 1;
        Some(d)
    }
}

/// The next deal of a swapped source: a fresh one, or the last with seats exchanged (in
/// dealer.exe's stream too, whose next shuffle starts from the exchanged arrangement).
fn swapped(inner: &mut Source, swap: &mut Swapper) -> Option<Deal> {
    if swap.wants_shuffle() {
        return inner.next().map(|d| swap.shuffled(d));
    }
    if let Source::Dealer(s) = inner {
        let (a, b) = swap.next_pair();
        s.exchange_seats(a, b);
    }
    Some(swap.exchanged())
}
