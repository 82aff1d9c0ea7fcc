//! Where a run's deals come from: dealer.exe's stream, the fast stream, DealerV2_4's bias
//! dealer, or a list read from a file.

use crate::cards::Deal;
use crate::dealing::bias::BiasDealer;
use crate::dealing::{DealerStream, FastStream};
use std::sync::Arc;

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
    /// DealerV2_4's bias dealer (`predeal spades(north) == 5`).
    Bias(Box<BiasDealer>),
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
        }
    }

    /// From a list, the next deal when it repeats `last` (DDS's lists repeat deals); `None`
    /// otherwise, without taking it.
    pub fn next_repeat(&mut self, last: &Deal) -> Option<Deal> {
        let Source::List(list, i) = self else { return None };
        let d = list.get(*i).filter(|d| *d == last).copied()?;
        *i += 1;
        Some(d)
    }
}
