//! What a run holds back before sending: the deals' printed text (the command line) or the
//! matching deals themselves with their text (the workbench), sent in batches so that a run
//! of mostly matching deals pays neither a channel send nor an allocation per deal.

use std::sync::Mutex;

use super::printed::Printed;
use super::{Event, EventSink, Matched};

/// Bytes of printed text sent at once (the command line's output).
const OUTPUT_BATCH: usize = 1 << 16;
/// Matching deals sent at once; fewer when the run reports progress first or the batch's
/// text reaches [`TEXT_BATCH`]. Large, so that the workbench, which keeps the last thousand,
/// passes over most of a batch at once.
const DEAL_BATCH: usize = 4096;
const TEXT_BATCH: usize = 1 << 18;

/// Spent batches the workbench gave back, at most [`SPENT`] of each, so that in steady state
/// the run reuses memory it has touched (fresh pages cost a fault each) and nobody allocates.
static SPENT_TEXT: Mutex<Vec<String>> = Mutex::new(Vec::new());
static SPENT_DEALS: Mutex<Vec<Vec<Matched>>> = Mutex::new(Vec::new());
const SPENT: usize = 4;

/// Keeps `v`, emptied, for a later batch when there is room.
fn keep<T>(pool: &Mutex<Vec<T>>, v: T) {
    if let Ok(mut p) = pool.lock()
        && p.len() < SPENT
    {
        p.push(v);
    }
}

/// Gives back a batch's `Vec` of deals, once the deals are taken out of it.
pub fn recycle_deals(mut deals: Vec<Matched>) {
    deals.clear();
    if deals.capacity() >= DEAL_BATCH {
        keep(&SPENT_DEALS, deals);
    }
}

/// Gives back a batch's text, once no deal reads it.
pub(super) fn recycle_text(mut text: String) {
    text.clear();
    if text.capacity() >= TEXT_BATCH {
        keep(&SPENT_TEXT, text);
    }
}

/// A spent buffer, else a new one.
fn reuse<T>(pool: &Mutex<Vec<T>>, new: impl FnOnce() -> T) -> T {
    pool.lock().ok().and_then(|mut p| p.pop()).unwrap_or_else(new)
}

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
            return self.text.len() < OUTPUT_BATCH || self.send(tx);
        }
        m.printed = Printed::pending(from..self.text.len());
        let first = m.number == 1;
        self.deals.push(m);
        let full = self.deals.len() >= DEAL_BATCH || self.text.len() >= TEXT_BATCH;
        !first && !full || self.send(tx)
    }

    /// Sends whatever is held; false when nobody listens.
    pub(super) fn send(&mut self, tx: &dyn EventSink) -> bool {
        if self.deals.is_empty() {
            let next = String::with_capacity(self.text.len());
            let text = std::mem::replace(&mut self.text, next);
            return text.is_empty() || tx.deliver(Event::Output(text));
        }
        let next = reuse(&SPENT_TEXT, || String::with_capacity(TEXT_BATCH + TEXT_BATCH / 4));
        let text = std::mem::replace(&mut self.text, next);
        let mut deals = std::mem::replace(&mut self.deals, reuse(&SPENT_DEALS, || Vec::with_capacity(DEAL_BATCH)));
        Printed::share(&mut deals, text);
        tx.deliver(Event::Matched(deals))
    }
}
