//! Levelling says what it cannot do (issue 34, items 12 and 13), in dealer3's words now that
//! `run --level` levels with dealer3's machinery (issue 31, spec §1–2): overlapping types and
//! a type never seen while measuring stop a levelled run, as `--write-leveled` refuses them;
//! a type without a `_Share` weighs 1; a type seen fewer than 500 times is warned of; a run
//! that produced no deal prints no `NaN`; measuring and the run share one `-g` budget.

mod common;

use common::LADDER;
use std::path::Path;

fn dir(test: &str, script: &str) -> common::Scratch {
    let d = common::Scratch::new(&format!("levelling-{test}"));
    std::fs::write(d.join("s.dlr"), script).unwrap();
    d
}

fn run(d: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = common::dealbench(d, args);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

const OVERLAP: &str = "HandType_a = hcp(north) >= 10\nHandType_b = hcp(north) >= 12\n\
                       condition hcp(north) >= 10\naction average hcp(north)\n";

#[test]
fn overlapping_types_stop_a_levelled_run_with_the_deal() {
    let d = dir("overlap", OVERLAP);
    let (code, out, err) = run(&d, &["run", "-s", "1", "-g", "100000", "--level", "--level-target", "even", "s.dlr"]);
    assert_eq!(code, Some(1), "{out}{err}");
    let head =
        "dealbench: a deal is both `a` and `b`. Hand types have to partition the deals, so at most one may match.\n";
    assert!(err.starts_with(head), "{err}");
    // The deal named (dealer3 prints it as a oneline) is in both: North holds 12 points or more.
    let deal = err[head.len()..].lines().next().unwrap();
    let north = deal.split_whitespace().nth(1).unwrap();
    assert!(common::points(north) >= 12, "{deal}");
    // Unlevelled, the same types only warn, as before.
    let (code, out, _) = run(&d, &["run", "-s", "1", "-g", "1000", "s.dlr"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("in two hand types or more (overlapping types)"), "{out}");
}

#[test]
fn a_type_that_never_occurs_stops_a_levelled_run() {
    let script = "HandType_a = hcp(north) >= 10\nHandType_b = hcp(north) >= 38\n\
                  condition hcp(north) >= 10\naction average hcp(north)\n";
    let d = dir("never", script);
    let never = "dealbench: never seen in 20000 deals: `b`. A keep cannot make a hand that does not occur; \
                 widen the type or drop it.";
    // Weighted 0 or not: dealer3 refuses a category it never saw.
    for target in ["even", "1,0"] {
        let args = ["run", "-s", "1", "--level", "--level-measure", "20000", "--level-target", target, "s.dlr"];
        let (code, _, err) = run(&d, &args);
        assert_eq!(code, Some(1), "{err}");
        assert_eq!(err.trim_end(), never, "{target}");
    }
}

#[test]
fn a_type_without_a_share_weighs_one() {
    // Natural mix about 35 / 65; `a` declares share 1 and `b` none, so the target is 1:1.
    let script = "HandType_a = hcp(north) >= 12\nHandType_b = hcp(north) < 12\nHandType_a_Share = 1\n\
                  condition HandType_a or HandType_b\naction average hcp(north)\n";
    let d = dir("share", script);
    let (code, _, err) = run(&d, &["run", "-s", "1", "-g", "30000", "--stats-json", "o.json", "--level", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(d.join("o.json")).unwrap()).unwrap();
    let h = &v["stats"]["stats"][1]["handtypes"];
    let (a, b) = (h["counts"][0].as_f64().unwrap(), h["counts"][1].as_f64().unwrap());
    let n = a + b;
    // Within four standard errors of one half.
    assert!((b / n - 0.5).abs() < 4.0 * (0.25 / n).sqrt(), "a {a}, b {b}");
    assert!(n > 12_000.0, "{n}");
}

#[test]
fn no_produced_deal_prints_no_nan_in_the_run_or_the_merge() {
    let d = dir("nan", LADDER);
    // Measuring takes the whole -g budget (shared, as in dealer3): the run deals one more.
    let (code, out, err) = run(
        &d,
        &["run", "-s", "1", "-g", "3000", "--level", "--level-target", "even", "--stats-json", "z.json", "s.dlr"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Produced 0 hands"), "{out}");
    assert!(out.contains("  weak          0       -  [-, -]"), "{out}");
    assert!(!out.to_lowercase().contains("nan%"), "{out}");
    let (code, merged, err) = run(&d, &["merge", "z.json"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(merged.contains("  weak          0       -  [-, -]"), "{merged}");
    assert!(!merged.to_lowercase().contains("nan%"), "{merged}");
}

#[test]
fn a_levelled_run_out_of_deals_says_what_measuring_saw() {
    let d = dir("blame", LADDER);
    // The same seed unlevelled: how many of the 10 deals match the condition.
    let (_, plain, _) = run(&d, &["run", "-s", "1", "-g", "10", "s.dlr"]);
    let matched = plain.lines().filter(|l| l.starts_with("n ")).count();
    assert!(matched > 0, "{plain}");
    let (code, _, err) = run(&d, &["run", "-s", "1", "-g", "10", "--level", "--level-target", "even", "s.dlr"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.starts_with(&format!("dealbench: never seen in {matched} deals: ")), "{err}");
}

#[test]
fn a_type_measured_on_few_deals_is_warned_of() {
    // 26 points or more: about 1 deal in 10,000, seen far fewer than 500 times in 150,000.
    let script = "HandType_a = hcp(north) < 26\nHandType_b = hcp(north) >= 26\n\
                  condition HandType_a or HandType_b\naction average hcp(north)\n";
    let d = dir("rare", script);
    // 1000:1, so `a`'s keep (about 0.1) stays above a roll of 1000's resolution.
    let args = ["run", "-s", "1", "-g", "150000", "--level", "--level-target", "1000,1", "s.dlr"];
    let (code, _, err) = run(&d, &args);
    assert_eq!(code, Some(0), "{err}");
    let want = "Warning: measured on fewer than 500 deals of `b`. Raise --level-measure or --level-timeout, or \
                widen the rare types.\nmeasured over 150000 deals\n";
    assert!(err.starts_with(want), "{err}");
}
