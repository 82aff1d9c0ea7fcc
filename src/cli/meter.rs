//! `-m`: dealer's progress meter on standard error, byte for byte.
//!
//! dealer prints `Calculating...  0% complete\r` at the start, then
//! `Calculating... %2d%% complete\r` each time `100 * produced / produce` grows, and 38 spaces
//! and `\r` at the end. The run reports its count every so often, so the meter catches up on
//! every deal produced since the last report and prints exactly the lines dealer would have.

use std::io::Write;

/// The meter's state.
pub struct Meter<W: Write> {
    out: W,
    produce: u64,
    produced: u64,
    percent: u64,
}

impl<W: Write> Meter<W> {
    /// Prints the 0% line; `produce` is the run's produce limit.
    pub fn start(mut out: W, produce: u64) -> Self {
        let _ = write!(out, "Calculating...  0% complete\r");
        let _ = out.flush();
        Meter { out, produce: produce.max(1), produced: 0, percent: 0 }
    }

    /// Prints the lines of every percentage passed up to `produced` deals.
    pub fn advance(&mut self, produced: u64) {
        let mut wrote = false;
        while self.produced < produced.min(self.produce) {
            self.produced += 1;
            let pct = 100 * self.produced / self.produce;
            if pct > self.percent {
                self.percent = pct;
                let _ = write!(self.out, "Calculating... {pct:2}% complete\r");
                wrote = true;
            }
        }
        if wrote {
            let _ = self.out.flush();
        }
    }

    /// Catches up to `produced` and blanks the line.
    pub fn finish(mut self, produced: u64) {
        self.advance(produced);
        let _ = write!(self.out, "{:38}\r", "");
        let _ = self.out.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(produce: u64, reports: &[u64]) -> String {
        let mut buf = Vec::new();
        let mut m = Meter::start(&mut buf, produce);
        for &r in &reports[..reports.len() - 1] {
            m.advance(r);
        }
        m.finish(reports[reports.len() - 1]);
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn four_deals_print_dealers_bytes_however_the_counts_arrive() {
        // dealer 1.24's bytes for `-p 4`.
        let want = "Calculating...  0% complete\rCalculating... 25% complete\rCalculating... 50% complete\r\
                    Calculating... 75% complete\rCalculating... 100% complete\r                                      \r";
        assert_eq!(bytes(4, &[4]), want);
        assert_eq!(bytes(4, &[1, 1, 3, 4]), want);
    }

    #[test]
    fn a_percentage_is_printed_once_when_it_first_grows() {
        let out = bytes(300, &[2, 3, 150, 300]);
        let lines: Vec<&str> = out.split('\r').collect();
        assert_eq!(lines[1], "Calculating...  1% complete");
        assert_eq!(lines.len(), 1 + 100 + 2);
        assert_eq!(lines[100], "Calculating... 100% complete");
    }

    #[test]
    fn a_run_that_stops_early_ends_where_it_got_to() {
        let out = bytes(10, &[3]);
        assert!(out.ends_with(&format!("Calculating... 30% complete\r{:38}\r", "")), "{out:?}");
    }
}
