//! What a run holds back before sending: the deals' printed text (the command line) or the
//! matching deals themselves (the workbench), sent in batches so that a run of mostly
//! matching deals does not pay a channel send per deal.

use super::{Event, EventSink, Matched};

/// Bytes of printed text sent at once.
const TEXT_BATCH: usize = 1 << 16;
/// Matching deals sent at once; fewer when the run reports progress first.
const DEAL_BATCH: usize = 256;

#[derive(Default)]
pub(super) struct Outbox {
    text: String,
    deals: Vec<Matched>,
}

impl Outbox {
    /// Holds a matching deal (`deals`: the deal itself, else its printed text); sends what is
    /// held when a batch is full, and the run's first deal at once. False when nobody listens.
    pub(super) fn push(&mut self, tx: &dyn EventSink, m: Matched, deals: bool) -> bool {
        if !deals {
            self.text.push_str(&m.printed);
            return self.text.len() < TEXT_BATCH || self.send(tx);
        }
        let first = m.number == 1;
        self.deals.push(m);
        !first && self.deals.len() < DEAL_BATCH || self.send(tx)
    }

    /// Sends whatever is held; false when nobody listens.
    pub(super) fn send(&mut self, tx: &dyn EventSink) -> bool {
        if !self.deals.is_empty() && !tx.deliver(Event::Matched(std::mem::take(&mut self.deals))) {
            return false;
        }
        self.text.is_empty() || tx.deliver(Event::Output(std::mem::take(&mut self.text)))
    }
}
