//! `-t SECONDS` / `--timeout SECONDS`: stop the run after that long and print what was done,
//! as dealer3 does (a message on standard error, the end-of-run report of the deals actually
//! dealt, exit status 2).

use super::error::CliError;
use super::interrupt::Interrupt;
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

/// How often a run waiting on its events looks for Ctrl-C and SIGTERM.
const POLL: Duration = Duration::from_millis(50);

/// How long a stopped run may stay silent before it is given up (its thread blocked reading
/// a FIFO, say): the command then ends without the run's closing report.
const GRACE: Duration = Duration::from_secs(5);

/// Receives a run's events and cancels the run when its time is up or a signal arrives.
pub struct Deadline {
    at: Option<Instant>,
    /// True once the run was cancelled for its timeout.
    pub fired: bool,
    interrupt: Option<Interrupt>,
    /// The exit status of the signal that cancelled the run (130, 143).
    pub interrupted: Option<i32>,
}

impl Deadline {
    /// A deadline `timeout` from now (none: the run is never stopped for time), watching
    /// `interrupt`'s signals.
    pub fn start(timeout: Option<Duration>, interrupt: Option<Interrupt>) -> Deadline {
        Deadline { at: timeout.map(|t| Instant::now() + t), fired: false, interrupt, interrupted: None }
    }

    /// When the time is up, if it is to be.
    pub fn at(&self) -> Option<Instant> {
        self.at
    }

    /// The run's next event; `None` when the run's channel is closed. The deadline is checked
    /// before every event, so a run whose events never stop coming still stops on time.
    pub fn next(&mut self, handle: &RunHandle) -> Option<Event> {
        loop {
            self.check(handle);
            if self.fired || self.interrupted.is_some() {
                return handle.events().recv_timeout(GRACE).ok();
            }
            let Some(wait) = self.wait() else { return handle.events().recv().ok() };
            match handle.events().recv_timeout(wait) {
                Ok(ev) => return Some(ev),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    fn check(&mut self, handle: &RunHandle) {
        if self.interrupted.is_none()
            && let Some(status) = self.interrupt.as_ref().and_then(Interrupt::status)
        {
            handle.cancel();
            self.interrupted = Some(status);
        }
        if self.at.is_some_and(|at| Instant::now() >= at) {
            handle.cancel();
            self.at = None;
            self.fired = true;
        }
    }

    /// How long to wait for the next event before looking again (`None`: as long as it takes).
    fn wait(&self) -> Option<Duration> {
        let time = self.at.map(|at| at.saturating_duration_since(Instant::now()));
        let poll = (self.interrupt.is_some() && self.interrupted.is_none()).then_some(POLL);
        match (time, poll) {
            (Some(t), Some(p)) => Some(t.min(p)),
            (t, p) => t.or(p),
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
