//! The `--stats-json` reader and `merge`: a file that reads renders without a panic, and a
//! merge refuses duplicate or mismatched shards and counters that would wrap.

use super::{Finding, Findings, finding};
use dealbench::run::stats::file::{Part, StatsFile, merge, parse, render};

/// `input` is one file, or two separated by a NUL byte.
pub fn check(input: &[u8], found: &mut Findings) {
    let mut parts = input.splitn(2, |&b| b == 0);
    let a = parts.next().and_then(read);
    let b = parts.next().and_then(read);
    for f in a.iter().chain(&b) {
        let _ = render(f);
        match merge(&[part(f)], true) {
            Ok(m) => drop(render(&m.total)),
            Err(e) => found.add(Err(finding("merge --partial of a single file fails", e.to_string()))),
        }
        if merge(&[part(f), part(f)], true).is_ok() {
            found.add(Err(finding("merge accepts the same file twice", format!("shard {}", f.shard))));
        }
    }
    if let (Some(a), Some(b)) = (&a, &b) {
        found.add(pair(a, b));
    }
}

fn read(bytes: &[u8]) -> Option<StatsFile> {
    parse(std::str::from_utf8(bytes).ok()?).ok()
}

fn part(f: &StatsFile) -> Part {
    Part { name: "fuzz.json".into(), file: f.clone() }
}

/// Two different shards of one run merge to the sums; anything else is refused.
fn pair(a: &StatsFile, b: &StatsFile) -> Result<(), Finding> {
    let Ok(merged) = merge(&[part(a), part(b)], true) else { return Ok(()) };
    let total = merged.total;
    let _ = render(&total);
    if a.shard.n != b.shard.n || a.shard.k == b.shard.k {
        return Err(finding(
            "merge accepts files that are not different shards of one run",
            format!("{} + {}", a.shard, b.shard),
        ));
    }
    if a.run != b.run {
        return Err(finding("merge accepts shards of different runs", format!("{:?} and {:?}", a.run, b.run)));
    }
    let (sa, sb, st) = (&a.stats, &b.stats, &total.stats);
    let sums = [(sa.generated, sb.generated, st.generated), (sa.produced, sb.produced, st.produced)];
    let counts = sa
        .frequencies()
        .zip(sb.frequencies())
        .zip(st.frequencies())
        .flat_map(|((x, y), t)| x.counts.iter().zip(&y.counts).zip(&t.counts).map(|((&x, &y), &t)| (x, y, t)));
    let averages = sa.averages().zip(sb.averages()).zip(st.averages()).map(|((x, y), t)| (x.count, y.count, t.count));
    for (x, y, t) in sums.into_iter().chain(counts).chain(averages) {
        if x.checked_add(y) != Some(t) {
            return Err(finding("merge wraps or miscounts a counter", format!("{x} + {y} gave {t}")));
        }
    }
    Ok(())
}
