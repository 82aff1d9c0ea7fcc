//! Ctrl-C (SIGINT) and SIGTERM during a command that writes files: the first stops the run as
//! `-t` does, so that what was completed is still renamed into place; a second ends the
//! process at once (the temporary files are then left behind, the old files untouched).

use signal_hook::consts::{SIGINT, SIGTERM};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The flags the two signals set.
#[derive(Clone)]
pub struct Interrupt {
    int: Arc<AtomicBool>,
    term: Arc<AtomicBool>,
}

impl Interrupt {
    /// Catches SIGINT and SIGTERM from now on (if the handlers cannot be installed, the
    /// signals keep their default action).
    pub fn catch() -> Interrupt {
        let (int, term) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
        for (sig, flag) in [(SIGINT, &int), (SIGTERM, &term)] {
            // The second signal, with the flag already set, exits with the shell's status.
            let _ = signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, flag.clone());
            let _ = signal_hook::flag::register(sig, flag.clone());
        }
        Interrupt { int, term }
    }

    /// The signal that arrived, as its exit status (130 SIGINT, 143 SIGTERM).
    pub fn status(&self) -> Option<i32> {
        if self.int.load(Ordering::Relaxed) {
            Some(128 + SIGINT)
        } else if self.term.load(Ordering::Relaxed) {
            Some(128 + SIGTERM)
        } else {
            None
        }
    }
}
