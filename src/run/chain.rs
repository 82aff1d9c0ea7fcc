//! The arrangement each block of dealer.exe's stream starts from. Workers shuffle their blocks
//! from the identity arrangement at the same time; each then hands in its block's total
//! permutation and waits for its starting arrangement, which is the one before composed with
//! every earlier block's total, in order.

use crate::dealing::dealer_stream::compose;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// The starting arrangements of the blocks, worked out as the blocks' totals come in.
pub(super) struct Chain {
    state: Mutex<State>,
    ready: Condvar,
}

struct State {
    /// The first block whose start is not yet known to the chain.
    next: u64,
    /// That block's starting arrangement.
    start: [u8; 52],
    /// Totals handed in ahead of `next`.
    totals: BTreeMap<u64, [u8; 52]>,
    /// Starts known but not yet collected.
    starts: BTreeMap<u64, [u8; 52]>,
}

impl Chain {
    /// A chain whose block 0 starts from `start`.
    pub(super) fn new(start: [u8; 52]) -> Chain {
        let state = State { next: 0, start, totals: BTreeMap::new(), starts: BTreeMap::new() };
        Chain { state: Mutex::new(state), ready: Condvar::new() }
    }

    /// Hands in `block`'s total permutation and waits for its starting arrangement; `None`
    /// when the run stops first.
    pub(super) fn start_of(&self, block: u64, total: [u8; 52], stop: &AtomicBool) -> Option<[u8; 52]> {
        let mut st = self.lock();
        st.hand_in(block, total);
        self.ready.notify_all();
        loop {
            if let Some(s) = st.starts.remove(&block) {
                return Some(s);
            }
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            st = match self.ready.wait_timeout(st, Duration::from_millis(20)) {
                Ok((g, _)) => g,
                Err(p) => p.into_inner().0,
            };
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl State {
    /// Records a block's total and works out every start it makes known.
    fn hand_in(&mut self, block: u64, total: [u8; 52]) {
        self.totals.insert(block, total);
        while let Some(t) = self.totals.remove(&self.next) {
            self.starts.insert(self.next, self.start);
            self.start = compose(&self.start, &t);
            self.next += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_handed_in_out_of_order_get_their_starts() {
        let id: [u8; 52] = std::array::from_fn(|i| i as u8);
        let rot: [u8; 52] = std::array::from_fn(|i| ((i + 1) % 52) as u8);
        let chain = Chain::new(id);
        let stop = AtomicBool::new(false);
        std::thread::scope(|sc| {
            let late = sc.spawn(|| chain.start_of(2, rot, &stop));
            let mid = sc.spawn(|| chain.start_of(1, rot, &stop));
            assert_eq!(chain.start_of(0, rot, &stop), Some(id));
            assert_eq!(mid.join().unwrap(), Some(rot));
            assert_eq!(late.join().unwrap(), Some(compose(&rot, &rot)));
        });
    }

    #[test]
    fn a_stopped_run_releases_the_waiters() {
        let chain = Chain::new([0; 52]);
        let stop = AtomicBool::new(true);
        assert_eq!(chain.start_of(3, [0; 52], &stop), None);
    }
}
