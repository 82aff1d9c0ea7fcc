//! Double-dummy tables known before a run (read with the deals from a file: PBN's
//! `[OptimumResultTable]`, ZRD records), which the run's solvers take instead of solving.

use crate::cards::Deal;
use crate::dd::DdTable;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Tables by deal, shared by the reader that fills it and the threads that take them.
#[derive(Clone, Debug, Default)]
pub struct KnownTables(Arc<Mutex<HashMap<Deal, DdTable>>>);

impl KnownTables {
    /// Records the table of a deal about to be fed to the run.
    pub fn insert(&self, deal: Deal, table: DdTable) {
        if let Ok(mut m) = self.0.lock() {
            m.insert(deal, table);
        }
    }

    /// The table of a deal, taken out (a deal's table is asked for once, when the run
    /// first solves it).
    pub fn take(&self, deal: &Deal) -> Option<DdTable> {
        self.0.lock().ok()?.remove(deal)
    }
}
