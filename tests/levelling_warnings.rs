//! Levelling says what it cannot do (issue 34, items 12 and 13): overlapping types and a
//! type that never occurs stop a levelled run at the type's definition, as `--write-leveled`
//! refuses them; a type without a `_Share` weighs 1, as in dealer3; a run that produced no
//! deal prints no `NaN`; a levelled run that kept none blames levelling, not a term.

mod common;

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
    assert!(
        err.starts_with("s.dlr:2:1: error: a deal is both `a` and `b`: levelling needs hand types that do not overlap"),
        "{err}"
    );
    // The deal named is in both: North holds 12 points or more.
    let deal = err.split("The deal: ").nth(1).unwrap().lines().next().unwrap();
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
    let (code, _, err) = run(&d, &["run", "-s", "1", "-g", "400000", "--level", "--level-target", "even", "s.dlr"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with("s.dlr:2:1: error: hand type `b` never occurred in the 100000 matching deals measured"),
        "{err}"
    );
    // Weighted 0, it is not wanted and the run levels the rest.
    let (code, _, err) = run(&d, &["run", "-s", "1", "-g", "4000", "--level", "--level-target", "1,0", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_type_without_a_share_weighs_one() {
    // Natural mix about 35 / 65; `a` declares share 1 and `b` none, so the target is 1:1.
    let script = "HandType_a = hcp(north) >= 12\nHandType_b = hcp(north) < 12\nHandType_a_Share = 1\n\
                  action average hcp(north)\n";
    let d = dir("share", script);
    let (code, _, err) = run(&d, &["run", "-s", "1", "-g", "30000", "--stats-json", "o.json", "--level", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(d.join("o.json")).unwrap()).unwrap();
    let h = &v["stats"]["stats"][1]["handtypes"];
    let (a, b) = (h["counts"][0].as_f64().unwrap(), h["counts"][1].as_f64().unwrap());
    let n = a + b;
    // Within four standard errors of one half.
    assert!((b / n - 0.5).abs() < 4.0 * (0.25 / n).sqrt(), "a {a}, b {b}");
    assert!(n > 15_000.0, "{n}");
}

const LADDER: &str = "bal = shape(south, any 4333 + any 4432 + any 5332)\n\
    HandType_weak   = bal and hcp(south) >= 12 and hcp(south) <= 14\n\
    HandType_strong = bal and hcp(south) >= 15 and hcp(south) <= 17\n\
    HandType_big    = bal and hcp(south) >= 18 and hcp(south) <= 19\n\
    condition HandType_weak or HandType_strong or HandType_big\n\
    action printoneline\n";

#[test]
fn no_produced_deal_prints_no_nan_in_the_run_or_the_merge() {
    let d = dir("nan", LADDER);
    let (code, out, err) = run(
        &d,
        &["run", "-s", "1", "-g", "10", "--level", "--level-target", "even", "--stats-json", "z.json", "s.dlr"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Produced 0 hands"), "{out}");
    assert!(out.contains("  weak          0       -  [-, -]  natural "), "{out}");
    assert!(!out.to_lowercase().contains("nan%"), "{out}");
    let (code, merged, err) = run(&d, &["merge", "z.json"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(merged.contains("  weak          0       -  [-, -]"), "{merged}");
    assert!(!merged.to_lowercase().contains("nan%"), "{merged}");
}

#[test]
fn a_levelled_run_that_kept_nothing_blames_levelling() {
    let d = dir("blame", LADDER);
    // The same seed unlevelled: how many of the 10 deals match the condition.
    let (_, plain, _) = run(&d, &["run", "-s", "1", "-g", "10", "s.dlr"]);
    let matched = plain.lines().filter(|l| l.starts_with("n ")).count();
    assert!(matched > 0, "{plain}");
    let (code, _, err) = run(&d, &["run", "-s", "1", "-g", "10", "--level", "--level-target", "even", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(&format!(
            "{matched} of 10 deals matched the condition and levelling kept 0: it keeps none of the first 1000"
        )),
        "{err}"
    );
    assert!(!err.contains("0 of 10 deals matched"), "{err}");
}

#[test]
fn a_type_measured_on_few_deals_is_warned_of_in_the_run_and_the_merge() {
    // 26 points or more: about 1 deal in 10,000, too few to be seen 30 times in the 100,000
    // matching deals measuring looks at.
    let script = "HandType_a = hcp(north) < 26\nHandType_b = hcp(north) >= 26\naction average hcp(north)\n";
    let d = dir("rare", script);
    // Unlevelled, the first 100,000 deals of the seed: how many are `b`.
    let (_, plain, _) = run(&d, &["run", "-s", "1", "-g", "100000", "s.dlr"]);
    let line = plain.lines().find(|l| l.starts_with("  b ")).expect(&plain);
    let seen: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(seen > 0 && seen < 30, "{line}");
    let want = format!("warning: levelling measured `b` only {seen} times in 100000 matching deals");
    let args =
        ["run", "-s", "1", "-g", "150000", "--level", "--level-target", "even", "--stats-json", "r.json", "s.dlr"];
    let (code, out, err) = run(&d, &args);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(&want), "{out}");
    let (_, merged, _) = run(&d, &["merge", "r.json"]);
    assert!(merged.contains(&want), "{merged}");
}
