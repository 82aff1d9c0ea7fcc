//! `{{level-mix}}` and `{{level-mix:NAME}}`: the levelled mix written into the copy's text
//! (usually its `/*@chat … @chat*/` comment) as dealer3 fills them in.

const OPEN: &str = "{{level-mix";

/// A share as a percentage: whole when within 0.05 of a whole number, else to a tenth.
pub fn percent(share: f64) -> String {
    let v = 100.0 * share;
    if (v - v.round()).abs() < 0.05 { format!("{v:.0}%") } else { format!("{v:.1}%") }
}

/// The table `{{level-mix}}` becomes: a line a category, `NAME  PCT`, no final line end.
pub fn table(mix: &[(String, f64)]) -> String {
    let w = mix.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let lines: Vec<String> = mix.iter().map(|(n, s)| format!("{n:<w$}  {}", percent(*s))).collect();
    lines.join("\n")
}

/// `text` with every `{{level-mix…}}` filled in from `mix` (names in declaration order).
pub fn fill(text: &str, mix: &[(String, f64)]) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(OPEN) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let close = tail.find("}}").ok_or("a `{{level-mix` marker is never closed")?;
        let inner = &tail[OPEN.len()..close];
        match inner.strip_prefix(':') {
            Some(name) => {
                let share = mix.iter().find(|(n, _)| n == name).ok_or_else(|| {
                    let known: Vec<&str> = mix.iter().map(|(n, _)| n.as_str()).collect();
                    format!(
                        "`{{{{level-mix:{name}}}}}` names a category the scenario does not declare. Known: {}",
                        known.join(", ")
                    )
                })?;
                out.push_str(&percent(share.1));
            }
            None => out.push_str(&table(mix)),
        }
        rest = &tail[close + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// With level types, the share of each hand-type group: Σ_l joint[g][l]·keep_l over the same
/// sum for all groups.
pub fn grouped(joint: &[Vec<u64>], keep: &[f64]) -> Vec<f64> {
    let kept: Vec<f64> =
        joint.iter().map(|row| row.iter().zip(keep).map(|(&c, k)| c as f64 * k).sum::<f64>()).collect();
    let total: f64 = kept.iter().sum();
    kept.iter().map(|k| if total > 0.0 { k / total } else { 0.0 }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder() -> Vec<(String, f64)> {
        ["12_14", "15_17", "18_19", "20_21", "22_24"].iter().map(|n| (n.to_string(), 0.2)).collect()
    }

    #[test]
    fn markers_fill_with_the_mix() {
        let m = ladder();
        assert_eq!(fill("• 12-14 HCP ({{level-mix:12_14}})", &m).unwrap(), "• 12-14 HCP (20%)");
        assert_eq!(fill("{{level-mix}}\n", &m[..2]).unwrap(), "12_14  20%\n15_17  20%\n");
        assert_eq!(percent(0.1234), "12.3%");
        assert_eq!(percent(0.12004), "12%");
        assert_eq!(fill("x {{level-mix", &m).unwrap_err(), "a `{{level-mix` marker is never closed");
        let e = fill("{{level-mix:9}}", &m[..2]).unwrap_err();
        assert_eq!(e, "`{{level-mix:9}}` names a category the scenario does not declare. Known: 12_14, 15_17");
    }

    #[test]
    fn groups_share_their_levels_keeps() {
        let g = grouped(&[vec![10, 0], vec![0, 30]], &[1.0, 1.0 / 3.0]);
        assert!((g[0] - 0.5).abs() < 1e-12 && (g[1] - 0.5).abs() < 1e-12);
    }
}
