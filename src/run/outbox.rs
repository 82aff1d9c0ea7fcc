//! What a run holds back before sending: the deals' printed text (the command line) or the
//! matching deals themselves with their text (the workbench), sent in batches so that a run
//! of mostly matching deals pays neither a channel send nor an allocation per deal.

use super::printed::Printed;
use super::{Event, EventSink, Matched};

/// Bytes of printed text sent at once.
const TEXT_BATCH: usize = 1 << 16;
/// Matching deals sent at once; fewer when the run reports progress first or the batch's
/// text reaches [`TEXT_BATCH`].
const DEAL_BATCH: usize = 1024;

#[derive(Default)]
pub(super) struct Outbox {
    /// What the deals held print, one after the other.
    text: String,
    deals: Vec<Matched>,
}

impl Outbox {
    /// Where a deal's actions print: after the text of the deals held.
    pub(super) fn text(&mut self) -> &mut String {
        &mut self.text
    }

    /// Holds a matching deal (`deals`: the deal itself, else only its printed text) that
    /// printed `text()[from..]`; sends what is held when a batch is full, and the run's first
    /// deal at once. False when nobody listens.
    pub(super) fn push(&mut self, tx: &dyn EventSink, mut m: Matched, from: usize, deals: bool) -> bool {
        if !deals {
            return self.text.len() < TEXT_BATCH || self.send(tx);
        }
        m.printed = Printed::pending(from..self.text.len());
        let first = m.number == 1;
        self.deals.push(m);
        let full = self.deals.len() >= DEAL_BATCH || self.text.len() >= TEXT_BATCH;
        !first && !full || self.send(tx)
    }

    /// Sends whatever is held; false when nobody listens.
    pub(super) fn send(&mut self, tx: &dyn EventSink) -> bool {
        let next = String::with_capacity(self.text.len());
        let text = std::mem::replace(&mut self.text, next);
        if self.deals.is_empty() {
            return text.is_empty() || tx.deliver(Event::Output(text));
        }
        let mut deals = std::mem::replace(&mut self.deals, Vec::with_capacity(DEAL_BATCH));
        Printed::share(&mut deals, text);
        tx.deliver(Event::Matched(deals))
    }
}
