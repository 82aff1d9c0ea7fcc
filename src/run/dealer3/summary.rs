//! The summary dealer3 prints on standard error after levelling, which Practice-Bidding-
//! Scenarios' build reads with regular expressions (its `level.py`).

use super::keeps::Keeps;
use std::fmt::Write;

/// The summary: `measured over`, the table (natural, target, mix, keep, seen), exactness,
/// acceptance, cost and the rarest category's precision; `wrote FILE` when a copy was written.
pub fn summary(labels: &[String], k: &Keeps, wrote: Option<&str>) -> String {
    let w = labels.iter().map(String::len).max().unwrap_or(0).max(4);
    let mut o = format!("measured over {} deals\n", k.produced);
    let _ = writeln!(o, "  {:<w$}  {:>9} {:>9} {:>9} {:>8} {:>9}", "type", "natural", "target", "mix", "keep", "seen");
    for (i, l) in labels.iter().enumerate() {
        let (n, t, m, kp, s) = (k.natural[i], k.target[i], k.mix[i], k.keep[i], k.seen[i]);
        let _ = writeln!(o, "  {l:<w$}  {n:>9.5} {t:>9.5} {m:>9.5} {kp:>8.4} {s:>9}");
    }
    let relaxed = if k.relaxed() { "  (relaxed to fit the budget)" } else { "" };
    let _ = writeln!(o, "\n  exactness {:.3}{relaxed}", k.exactness);
    let _ = writeln!(o, "  acceptance {:.4} of qualifying deals", k.acceptance);
    let _ = writeln!(o, "  about {:.0} deals dealt per deal kept", k.cost);
    let r = k.rarest();
    let _ = writeln!(
        o,
        "  keeps pinned down by `{}`, the rarest, seen {} times: +-{:.1}%",
        labels[r],
        k.seen[r],
        100.0 * k.precision(r)
    );
    if let Some(f) = wrote {
        let _ = writeln!(o, "\nwrote {f}");
    }
    o
}
