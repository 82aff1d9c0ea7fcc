//! `--write-leveled`'s script text: a block of plain dealer code that keeps each hand type's
//! deals below an `rnd()` threshold, between marker lines, with the verdict joined to the
//! condition. dealer's `rnd(x)` (a correct build, as BBO's) gives a whole number in
//! `0..x`, so `rnd(10000) < K` holds with probability K/10000.

use super::hand_types::ConditionAt;

/// The block's first line.
pub const BEGIN: &str = "### BEGIN GENERATED LEVELING ###";
/// The block's last line.
pub const END: &str = "### END GENERATED LEVELING ###";
/// The variable the block defines and the condition tests.
pub const VERDICT: &str = "Leveled_Keep";
/// The bound of the `rnd` draw: thresholds are in ten-thousandths.
pub const RND_BOUND: u32 = 10_000;

/// The byte range of a generated block, from its first line to the end of its last.
pub fn find_block(source: &str) -> Result<Option<std::ops::Range<usize>>, String> {
    let Some(start) = line_at(source, BEGIN) else {
        return match line_at(source, END) {
            Some(_) => Err(format!("the script has `{END}` without `{BEGIN}`")),
            None => Ok(None),
        };
    };
    let end = line_at(&source[start..], END).map(|e| start + e).ok_or(format!("`{BEGIN}` has no `{END}` after it"))?;
    let end = source[end..].find('\n').map_or(source.len(), |n| end + n + 1);
    Ok(Some(start..end))
}

/// Where a line that is exactly `marker` (trailing blanks aside) starts.
fn line_at(source: &str, marker: &str) -> Option<usize> {
    let mut at = 0;
    for line in source.split_inclusive('\n') {
        if line.trim_end() == marker {
            return Some(at);
        }
        at += line.len();
    }
    None
}

/// The script with its generated block (if any) replaced by a verdict that keeps every deal,
/// for measuring the natural mix.
pub fn neutral(source: &str) -> Result<String, String> {
    Ok(match find_block(source)? {
        Some(r) => format!("{}{VERDICT} = 1\n{}", &source[..r.start], &source[r.end..]),
        None => source.to_string(),
    })
}

/// A keep threshold in ten-thousandths for a keep probability.
pub fn threshold(rate: f64) -> u32 {
    (rate * f64::from(RND_BOUND)).round().clamp(0.0, f64::from(RND_BOUND)) as u32
}

/// The block for these types (names after `HandType_`) and keep thresholds, with comment lines.
pub fn block(types: &[(String, u32)], comments: &[String]) -> String {
    let mut out = format!("{BEGIN}\n");
    for c in comments {
        out.push_str(&format!("# {c}\n"));
    }
    let terms: Vec<String> = types
        .iter()
        .filter(|(_, k)| *k > 0)
        .map(|(name, k)| match *k {
            RND_BOUND => format!("HandType_{name}"),
            k => format!("(HandType_{name} && rnd({RND_BOUND}) < {k})"),
        })
        .collect();
    let verdict = if terms.is_empty() { "0".to_string() } else { terms.join(" || ") };
    out.push_str(&format!("{VERDICT} = {verdict}\n{END}\n"));
    out
}

/// The levelled script: `block` in place of the old one, or before the condition's statement
/// with the verdict joined to the condition (also when the old block's verdict is not in it).
pub fn rewrite(source: &str, condition: Option<ConditionAt>, block: &str) -> Result<String, String> {
    let cond = condition.ok_or("the script has no condition to join the levelling verdict to")?;
    let expr = &source[cond.expr.start..cond.expr.end];
    let joined = expr.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == VERDICT);
    let new_cond = if joined { expr.to_string() } else { format!("({expr}) && {VERDICT}") };
    let mut out = String::with_capacity(source.len() + block.len() + 32);
    match find_block(source)? {
        Some(r) if r.end <= cond.statement.start => {
            out.push_str(&source[..r.start]);
            out.push_str(block);
            out.push_str(&source[r.end..cond.expr.start]);
        }
        Some(_) => return Err(format!("the `{BEGIN}` block comes after the condition: it must come before it")),
        None => {
            let line = source[..cond.statement.start].rfind('\n').map_or(0, |n| n + 1);
            if !source[line..cond.statement.start].trim().is_empty() {
                return Err("the condition does not start its line: put it on a line of its own".into());
            }
            out.push_str(&source[..line]);
            out.push_str(block);
            out.push_str(&source[line..cond.expr.start]);
        }
    }
    out.push_str(&new_cond);
    out.push_str(&source[cond.expr.end..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::diag::Span;

    fn at(src: &str, stmt: &str, expr: &str) -> Option<ConditionAt> {
        let s = src.find(stmt).unwrap();
        let e = src.find(expr).unwrap();
        Some(ConditionAt { statement: Span::new(s, e + expr.len()), expr: Span::new(e, e + expr.len()) })
    }

    #[test]
    fn the_block_goes_before_the_condition_and_joins_it() {
        let src = "HandType_a = hcp(north) > 10\nHandType_b = hcp(north) <= 10\ncondition HandType_a || HandType_b\n";
        let b = block(&[("a".into(), 2500), ("b".into(), RND_BOUND)], &[]);
        let out = rewrite(src, at(src, "condition", "HandType_a || HandType_b"), &b).unwrap();
        let expected = "HandType_a = hcp(north) > 10\nHandType_b = hcp(north) <= 10\n\
            ### BEGIN GENERATED LEVELING ###\n\
            Leveled_Keep = (HandType_a && rnd(10000) < 2500) || HandType_b\n\
            ### END GENERATED LEVELING ###\n\
            condition (HandType_a || HandType_b) && Leveled_Keep\n";
        assert_eq!(out, expected);
    }

    #[test]
    fn an_old_block_is_replaced_and_neutralised() {
        let src = "### BEGIN GENERATED LEVELING ###\nLeveled_Keep = 0\n### END GENERATED LEVELING ###\ncondition x && Leveled_Keep\n";
        assert_eq!(find_block(src).unwrap(), Some(0..81));
        assert_eq!(neutral(src).unwrap(), "Leveled_Keep = 1\ncondition x && Leveled_Keep\n");
        let out = rewrite(src, at(src, "condition", "x && Leveled_Keep"), &block(&[("a".into(), 1)], &[])).unwrap();
        assert_eq!(
            out,
            format!("{BEGIN}\nLeveled_Keep = (HandType_a && rnd(10000) < 1)\n{END}\ncondition x && Leveled_Keep\n")
        );
        assert!(find_block("### END GENERATED LEVELING ###\n").is_err());
    }
}
