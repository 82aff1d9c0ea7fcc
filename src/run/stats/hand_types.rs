//! Hand types (`HandType_NAME` variables): each type's share of the produced deals with a 95%
//! interval, the natural mix of the deals that matched the condition (the same deals unless
//! the run is levelled), and the deals in two types (overlaps) or in none (gaps).

use super::{Statistic, StatsError, View, add_count, add_counts};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// Counts by hand type. A deal's membership is a bit mask: bit `i` set when it is in type `i`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandTypeStat {
    /// The types' names (after `HandType_`), in definition order.
    pub names: Vec<String>,
    /// Produced deals.
    pub produced: u64,
    /// Produced deals in each type.
    pub counts: Vec<u64>,
    /// Produced deals in two types or more.
    pub overlaps: u64,
    /// Produced deals in none.
    pub gaps: u64,
    /// Deals that matched the condition (before levelling), and how many were in each type.
    pub natural_total: u64,
    /// Matching deals in each type.
    pub natural: Vec<u64>,
    /// What levelling warns of (a type measured on few deals), shown after the figures.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// A share with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    /// The count.
    pub count: u64,
    /// count / total (NaN when the total is 0).
    pub share: f64,
    /// Wilson score interval at 95%.
    pub low: f64,
    /// Its upper end.
    pub high: f64,
}

/// `count` of `total` with its Wilson 95% interval.
pub fn share(count: u64, total: u64) -> Share {
    if total == 0 {
        return Share { count, share: f64::NAN, low: f64::NAN, high: f64::NAN };
    }
    let (n, p, z) = (total as f64, count as f64 / total as f64, 1.959_964);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    Share { count, share: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
}

impl HandTypeStat {
    /// No deals yet, for these types.
    pub fn new(names: Vec<String>) -> HandTypeStat {
        let n = names.len();
        HandTypeStat {
            names,
            produced: 0,
            counts: vec![0; n],
            overlaps: 0,
            gaps: 0,
            natural_total: 0,
            natural: vec![0; n],
            warnings: Vec::new(),
        }
    }

    /// Counts a deal that matched the condition, before levelling.
    pub fn measure(&mut self, mask: u64) {
        self.natural_total += 1;
        for (i, c) in self.natural.iter_mut().enumerate() {
            *c += (mask >> i) & 1;
        }
    }

    /// True when the natural mix differs from the produced one (a levelled run).
    pub fn levelled(&self, produced: u64) -> bool {
        self.natural_total != produced || self.natural != self.counts
    }

    /// The report's lines, for `produced` deals.
    pub fn lines(&self, produced: u64) -> Vec<String> {
        let levelled = self.levelled(produced);
        let mut out = vec![format!("Hand types ({produced} produced deals, 95% intervals):")];
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(0).max(4);
        // A share of no deals has no value: `-` rather than NaN.
        let pc =
            |x: f64, w: usize| if x.is_nan() { format!("{:>1$}", "-", w + 1) } else { format!("{:w$.2}%", 100.0 * x) };
        for (i, name) in self.names.iter().enumerate() {
            let s = share(self.counts[i], produced);
            // Padded by hand: a width past 65,535 is out of range for `format!`.
            let pad = " ".repeat(width - name.len());
            let mut line =
                format!("  {name}{pad} {:8} {}  [{}, {}]", s.count, pc(s.share, 6), pc(s.low, 0), pc(s.high, 0));
            if levelled {
                let n = share(self.natural[i], self.natural_total);
                let _ = write!(line, "  natural {} of {}", pc(n.share, 6), self.natural_total);
            }
            out.push(line);
        }
        if self.overlaps > 0 {
            out.push(format!(
                "warning: {} produced deals are in two hand types or more (overlapping types)",
                self.overlaps
            ));
        }
        if self.gaps > 0 {
            out.push(format!("warning: {} produced deals are in no hand type (a gap between the types)", self.gaps));
        }
        out.extend(self.warnings.iter().map(|w| format!("warning: {w}")));
        out
    }
}

impl Statistic for HandTypeStat {
    const KIND: &'static str = "hand types";

    /// `values[0]` is the produced deal's membership mask.
    fn add(&mut self, values: [i64; 2]) {
        let mask = values[0] as u64;
        self.produced += 1;
        for (i, c) in self.counts.iter_mut().enumerate() {
            *c += (mask >> i) & 1;
        }
        match mask.count_ones() {
            0 => self.gaps += 1,
            1 => {}
            _ => self.overlaps += 1,
        }
    }

    fn merge(&mut self, other: &HandTypeStat) -> Result<(), StatsError> {
        if self.names != other.names {
            return Err(StatsError::Shape(format!("hand types {:?} against {:?}", self.names, other.names)));
        }
        add_counts(&mut self.counts, &other.counts, "hand type")?;
        add_counts(&mut self.natural, &other.natural, "hand type")?;
        add_count(&mut self.overlaps, other.overlaps, "hand type overlap")?;
        add_count(&mut self.gaps, other.gaps, "hand type gap")?;
        add_count(&mut self.produced, other.produced, "count of produced deals")?;
        add_count(&mut self.natural_total, other.natural_total, "count of measured deals")?;
        for w in &other.warnings {
            if !self.warnings.contains(w) {
                self.warnings.push(w.clone());
            }
        }
        Ok(())
    }

    fn render(&self, out: &mut String, produced: u64) {
        for l in self.lines(produced) {
            out.push_str(&l);
            out.push('\n');
        }
    }

    fn check(&self, produced: u64) -> Result<(), StatsError> {
        let bad = |what: String| Err(StatsError::Inconsistent(what));
        let n = self.names.len();
        if self.produced != produced {
            return bad(format!("it counts {} produced deals, not {produced}", self.produced));
        }
        if self.counts.len() != n || self.natural.len() != n || n > 64 {
            return bad(format!("{} types with {} and {} counts", n, self.counts.len(), self.natural.len()));
        }
        if self.counts.iter().chain([&self.overlaps, &self.gaps]).any(|&c| c > produced) {
            return bad(format!("a count exceeds the {produced} produced deals"));
        }
        if self.natural.iter().any(|&c| c > self.natural_total) || self.natural_total < produced {
            return bad(format!("its natural counts do not fit {} measured deals", self.natural_total));
        }
        let in_some = self.counts.iter().sum::<u64>() + self.gaps;
        if in_some < produced {
            return bad(format!("its counts cover fewer than the {produced} produced deals"));
        }
        Ok(())
    }

    fn view(&self) -> View {
        View::Lines { label: Some("Hand types".into()), lines: self.lines(self.produced).split_off(1) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_of_a_known_case() {
        // 50 of 100: Wilson's 95% interval is [0.4038, 0.5962].
        let s = share(50, 100);
        assert!((s.low - 0.4038).abs() < 1e-4 && (s.high - 0.5962).abs() < 1e-4, "{s:?}");
        assert_eq!(share(0, 10).low, 0.0);
    }

    #[test]
    fn masks_count_types_overlaps_and_gaps() {
        let mut h = HandTypeStat::new(vec!["a".into(), "b".into()]);
        for m in [0b01, 0b10, 0b11, 0b00] {
            h.measure(m);
            h.add([m as i64, 0]);
        }
        assert_eq!((h.counts.clone(), h.overlaps, h.gaps), (vec![2, 2], 1, 1));
        assert!(h.check(4).is_ok());
        let text = h.lines(4).join("\n");
        assert!(text.contains("1 produced deals are in two hand types") && text.contains("1 produced deals are in no"));
    }
}
