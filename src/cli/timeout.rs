//! `-t SECONDS` / `--timeout SECONDS`: stop the run after that long and print what was done,
//! as dealer3 does (a message on standard error, the end-of-run report of the deals actually
//! dealt, exit status 2).

use super::error::CliError;
use clap::Args;
use dealbench::run::{Event, RunHandle};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// The exit status of a run stopped by its timeout (dealer3's).
pub const TIMED_OUT: i32 = 2;

/// The timeout switch.
#[derive(Args, Debug, Default)]
pub struct TimeoutArgs {
    /// Stop after SECONDS (decimals allowed) and print what was done: the end-of-run report
    /// counts the deals dealt by then; exit status 2.
    #[arg(short = 't', long = "timeout", value_name = "SECONDS", value_parser = seconds)]
    pub timeout: Option<Duration>,
}

/// A positive number of seconds, at most a year.
fn seconds(text: &str) -> Result<Duration, CliError> {
    let s: f64 = text.trim().parse().map_err(|_| CliError(format!("`{text}` is not a number of seconds")))?;
    if !(s > 0.0 && s <= 366.0 * 86400.0) {
        return Err(CliError(format!("`{text}`: expected more than 0 seconds and at most a year")));
    }
    Duration::try_from_secs_f64(s).map_err(|e| CliError(e.to_string()))
}

/// Receives a run's events and cancels the run when its time is up.
pub struct Deadline {
    at: Option<Instant>,
    /// True once the run was cancelled for its timeout.
    pub fired: bool,
}

impl Deadline {
    /// A deadline `timeout` from now (none: the run is never stopped).
    pub fn start(timeout: Option<Duration>) -> Deadline {
        Deadline { at: timeout.map(|t| Instant::now() + t), fired: false }
    }

    /// The run's next event; `None` when the run's channel is closed.
    pub fn next(&mut self, handle: &RunHandle) -> Option<Event> {
        loop {
            let Some(at) = self.at else { return handle.events().recv().ok() };
            match handle.events().recv_timeout(at.saturating_duration_since(Instant::now())) {
                Ok(ev) => return Some(ev),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => {
                    handle.cancel();
                    self.at = None;
                    self.fired = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_positive_numbers() {
        assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(seconds("2"), Ok(Duration::from_secs(2)));
        for bad in ["0", "-1", "nan", "inf", "1e30", "x"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }
}
