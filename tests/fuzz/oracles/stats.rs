//! The `--stats-json` reader and `merge`: a file that reads renders without a panic, and a
//! merge refuses duplicate or mismatched shards and counters that would wrap.

use super::{Finding, Findings, finding};
use dealbench::report::stats_file::{StatsFile, merge, render};

/// `input` is one file, or two separated by a NUL byte.
pub fn check(input: &[u8], found: &mut Findings) {
    let mut parts = input.splitn(2, |&b| b == 0);
    let a = parts.next().and_then(read);
    let b = parts.next().and_then(read);
    for f in a.iter().chain(&b) {
        let _ = render(f);
        if merge(std::slice::from_ref(f)).is_err() {
            found.add(Err(finding("merge of a single file fails", "")));
        }
        if merge(&[f.clone(), f.clone()]).is_ok() {
            found.add(Err(finding("merge accepts the same file twice", format!("shard {:?}", f.shard))));
        }
    }
    if let (Some(a), Some(b)) = (&a, &b) {
        found.add(pair(a, b));
    }
}

fn read(bytes: &[u8]) -> Option<StatsFile> {
    serde_json::from_slice(bytes).ok()
}

/// Two different shards of one run merge to the sums; anything else is refused.
fn pair(a: &StatsFile, b: &StatsFile) -> Result<(), Finding> {
    let Ok(total) = merge(&[a.clone(), b.clone()]) else { return Ok(()) };
    let _ = render(&total);
    let n = |f: &StatsFile| f.shard.as_deref().and_then(|s| s.split_once('/')).map(|(_, n)| n.to_string());
    if a.shard.is_none() || a.shard == b.shard || n(a) != n(b) {
        return Err(finding(
            "merge accepts files that are not different shards of one run",
            format!("{:?} + {:?}", a.shard, b.shard),
        ));
    }
    if a.seed != b.seed || a.stream != b.stream {
        return Err(finding(
            "merge accepts shards of different runs",
            format!("seeds {} {}, streams {} {}", a.seed, b.seed, a.stream, b.stream),
        ));
    }
    let (sa, sb) = (&a.stats, &b.stats);
    let sums = [(sa.generated, sb.generated, total.stats.generated), (sa.produced, sb.produced, total.stats.produced)];
    let counts = sa
        .frequencies
        .iter()
        .zip(&sb.frequencies)
        .zip(&total.stats.frequencies)
        .flat_map(|((x, y), t)| x.counts.iter().zip(&y.counts).zip(&t.counts).map(|((&x, &y), &t)| (x, y, t)));
    let averages =
        sa.averages.iter().zip(&sb.averages).zip(&total.stats.averages).map(|((x, y), t)| (x.count, y.count, t.count));
    for (x, y, t) in sums.into_iter().chain(counts).chain(averages) {
        if x.checked_add(y) != Some(t) {
            return Err(finding("merge wraps or miscounts a counter", format!("{x} + {y} gave {t}")));
        }
    }
    Ok(())
}
