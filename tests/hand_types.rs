//! Hand types (`HandType_NAME`), `--level`, `--interleave` and `--write-leveled` on the
//! balanced-opener ladder of issue 19: 12–14 / 15–17 / 18–19, about 61/31/8% unlevelled.

mod common;

use common::LADDER;
use std::path::Path;

/// A directory of the test's own holding the ladder as `ladder.dlr`.
fn dir(test: &str) -> common::Scratch {
    let d = common::Scratch::new(&format!("handtypes-{test}"));
    std::fs::write(d.join("ladder.dlr"), LADDER).unwrap();
    d
}

fn run(d: &Path, args: &[&str]) -> String {
    let out = common::dealbench(d, args);
    assert!(out.status.success(), "dealbench {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// South's high-card points in a `printoneline` line.
fn south_hcp(line: &str) -> u32 {
    common::points(line.split(" s ").nth(1).unwrap().split(' ').next().unwrap())
}

/// The ladder band of a deal line: 0, 1 or 2.
fn band(line: &str) -> usize {
    match south_hcp(line) {
        12..=14 => 0,
        15..=17 => 1,
        18..=19 => 2,
        h => panic!("a deal outside the ladder: {h} hcp in {line}"),
    }
}

/// The share of each band among the printed deals, from the deals themselves.
fn shares(stdout: &str) -> [f64; 3] {
    let deals: Vec<&str> = stdout.lines().filter(|l| l.starts_with("n ")).collect();
    let mut n = [0usize; 3];
    deals.iter().for_each(|l| n[band(l)] += 1);
    n.map(|c| c as f64 / deals.len() as f64)
}

#[test]
fn unlevelled_the_ladder_is_nature_and_the_report_says_so() {
    let d = dir("natural");
    let out = run(&d, &["run", "-s", "11", "-p", "4000", "ladder.dlr"]);
    let s = shares(&out);
    // Nature's mix, about 61/31/8: each within 2.5 points with 4000 deals.
    for (got, want) in s.iter().zip([0.61, 0.31, 0.08]) {
        assert!((got - want).abs() < 0.025, "{s:?}");
    }
    assert!(out.contains("Hand types (4000 produced deals, 95% intervals):"), "{out}");
    let weak = out.lines().find(|l| l.trim_start().starts_with("weak ")).unwrap();
    let count: u64 = weak.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert_eq!(count as f64 / 4000.0, s[0], "the reported count is the deals' own");
}

#[test]
fn level_even_delivers_each_band_within_two_points_of_a_third() {
    let d = dir("even");
    let args = ["run", "-s", "1", "-p", "20000", "--level", "--level-target", "even", "ladder.dlr"];
    let out = common::dealbench(&d, &args);
    let s = shares(&String::from_utf8(out.stdout).unwrap());
    assert!(s.iter().all(|x| (x - 1.0 / 3.0).abs() < 0.02), "{s:?}");
    // The natural mix is in dealer3's levelling summary (spec §2), on standard error.
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("measured over ") && err.contains("  type      natural    target       mix"), "{err}");
}

#[test]
fn level_weights_follow_definition_order() {
    let d = dir("weights");
    let out = run(&d, &["run", "-s", "2", "-p", "8000", "--level", "--level-target", "2,1,1", "ladder.dlr"]);
    let s = shares(&out);
    for (got, want) in s.iter().zip([0.5, 0.25, 0.25]) {
        assert!((got - want).abs() < 0.03, "{s:?}");
    }
}

#[test]
fn levelling_and_interleaving_give_the_same_deals_on_any_thread_count() {
    let d = dir("threads");
    let args = |r: &'static str| {
        ["run", "-s", "9", "-p", "600", "-R", r, "--level", "--level-target", "even", "--interleave", "ladder.dlr"]
    };
    let strip = |s: String| s.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(run(&d, &args("1"))), strip(run(&d, &args("2"))));
}

#[test]
fn interleave_shows_every_type_before_any_repeats() {
    let d = dir("interleave");
    let out =
        run(&d, &["run", "-s", "3", "-p", "300", "--level", "--level-target", "even", "--interleave", "ladder.dlr"]);
    let bands: Vec<usize> = out.lines().filter(|l| l.starts_with("n ")).map(band).collect();
    assert_eq!(bands.len(), 300);
    for round in bands.chunks(3) {
        assert_eq!(round, [0, 1, 2], "rounds in type order: {bands:?}");
    }
}

#[test]
fn the_write_leveled_copy_delivers_within_three_points_of_a_third() {
    let d = dir("write");
    let measured = common::dealbench(&d, &["run", "-s", "4", "--write-leveled", "lev.dlr", "ladder.dlr"]);
    let err = String::from_utf8_lossy(&measured.stderr);
    assert!(measured.status.success() && measured.stdout.is_empty(), "{err}");
    // dealer3's summary: measured until the rarest type was seen 2,000 times.
    assert!(
        err.contains("keeps pinned down by `big`, the rarest, seen 2000 times") && err.contains("\nwrote lev.dlr\n"),
        "{err}"
    );
    let copy = std::fs::read_to_string(d.join("lev.dlr")).unwrap();
    assert!(
        copy.contains("### BEGIN GENERATED LEVELING ###\n")
            && copy.contains("roll = (rnd(1000) % 1000 + 1000) % 1000\n"),
        "{copy}"
    );
    assert!(copy.contains("condition (HandType_weak or HandType_strong or HandType_big) and levelTheDeal"), "{copy}");
    let s = shares(&run(&d, &["run", "-s", "5", "-p", "20000", "lev.dlr"]));
    assert!(s.iter().all(|x| (x - 1.0 / 3.0).abs() < 0.03), "{s:?}");
    // A levelled copy is not levelled again: dealer3 refuses its stamp.
    let again = common::dealbench(&d, &["run", "-s", "6", "--write-leveled", "lev2.dlr", "lev.dlr"]);
    assert!(!again.status.success() && String::from_utf8_lossy(&again.stderr).contains("already a levelled copy"));
    assert!(!d.join("lev2.dlr").exists());
}

#[test]
fn write_leveled_refuses_what_it_cannot_level_and_says_why() {
    let d = dir("refuse");
    let cases = [
        (
            "HandType_a = hcp(north) > 10\nHandType_b = hcp(north) > 12\ncondition HandType_a\n",
            "a deal is both `a` and `b`",
        ),
        (
            "HandType_a = hcp(north) > 10\nHandType_b = hcp(north) > 40\ncondition HandType_a\n",
            "never seen in 2000 deals: `b`",
        ),
        ("HandType_a = hcp(north) > 10\nHandType_b = hcp(north) < 5\ncondition 1\n", "deals matched no hand type"),
        ("x = 1\ncondition x\n", "there are no hand types to level"),
    ];
    for (script, why) in cases {
        std::fs::write(d.join("s.dlr"), script).unwrap();
        let out = common::dealbench(&d, &["run", "-s", "1", "-p", "2000", "--write-leveled", "o.dlr", "s.dlr"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(why), "{script}: {err}");
        assert!(!d.join("o.dlr").exists());
    }
}

#[test]
fn level_weights_that_do_not_fit_the_types_are_a_positioned_error() {
    let d = dir("badlevel");
    let out = common::dealbench(&d, &["run", "-s", "1", "-p", "10", "--level", "--level-target", "2,1", "ladder.dlr"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ladder.dlr:2:1: error: --level: 2 weights for 3 hand types"), "{err}");
}

#[test]
fn merge_adds_up_the_hand_types_of_shards() {
    let d = dir("merge");
    for k in ["0/2", "1/2"] {
        let name = format!("s{}.json", &k[..1]);
        run(
            &d,
            &["run", "-s", "5", "--stream", "fast", "--shard", k, "-g", "3000", "--stats-json", &name, "ladder.dlr"],
        );
    }
    let merged = run(&d, &["merge", "s0.json", "s1.json"]);
    let whole: Vec<u64> = ["s0.json", "s1.json"]
        .iter()
        .map(|f| {
            let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(d.join(f)).unwrap()).unwrap();
            v["stats"]["stats"][0]["handtypes"]["counts"][0].as_u64().unwrap()
        })
        .collect();
    let line = merged.lines().find(|l| l.trim_start().starts_with("weak ")).expect(&merged);
    assert_eq!(line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap(), whole[0] + whole[1]);
}

/// The copy run by dealer 1.24 itself, when `DEALBENCH_DEALER124` names a build of it (one
/// whose `rnd()` is right, as BBO's is); skipped visibly otherwise.
#[test]
fn the_write_leveled_copy_runs_on_dealer_124() {
    let Some(dealer) = std::env::var_os("DEALBENCH_DEALER124") else {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "SKIPPED: DEALBENCH_DEALER124 is not set (a dealer 1.24 binary)");
        return;
    };
    let d = dir("dealer124");
    run(&d, &["run", "-s", "4", "--write-leveled", "lev.dlr", "ladder.dlr"]);
    let out = std::process::Command::new(dealer)
        .current_dir(&d)
        .args(["-s", "5", "-p", "20000", "lev.dlr"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let s = shares(&String::from_utf8(out.stdout).unwrap());
    assert!(s.iter().all(|x| (x - 1.0 / 3.0).abs() < 0.03), "{s:?}");
}

#[test]
fn share_declarations_are_checked_where_they_are_written() {
    let d = dir("shares");
    let cases = [
        (
            "HandType_a = hcp(north) > 10\nHandType_b_Share = 2\ncondition HandType_a\n",
            "s.dlr:2:1: error: `HandType_b_Share` weights `b`, but the script never declares `HandType_b`",
        ),
        (
            "HandType_a = hcp(north) > 10\nHandType_a_Share = hcp(north)\ncondition HandType_a\n",
            "s.dlr:2:1: error: `HandType_a_Share` has to be a plain number",
        ),
        (
            "HandType_a = hcp(north) > 10\nHandType_a_Share = 0\ncondition HandType_a\n",
            "s.dlr:2:1: error: every share is 0, which asks for no deals at all.",
        ),
        (
            "HandType_a = 1\nhandtype_A = 1\ncondition HandType_a\n",
            "s.dlr:2:1: error: two hand types `a` and `A` differ only in case",
        ),
        (
            "HandType_a = 1\nLevelType_b = 1\nHandType_a_Share = 2\ncondition HandType_a\n",
            "Move them to the `LevelType_` they weight",
        ),
    ];
    for (script, want) in cases {
        std::fs::write(d.join("s.dlr"), script).unwrap();
        let out = common::dealbench(&d, &["run", "-s", "1", "-p", "5", "s.dlr"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(want), "{script}: {err}");
    }
}

#[test]
fn level_with_no_value_follows_the_declared_shares() {
    let d = dir("declared");
    let script = LADDER
        .replace("condition", "HandType_weak_Share = 2\nHandType_strong_Share = 1\nHandType_big_Share = 1\ncondition");
    std::fs::write(d.join("shares.dlr"), script).unwrap();
    let s = shares(&run(&d, &["run", "-s", "8", "-p", "8000", "--level", "shares.dlr"]));
    for (got, want) in s.iter().zip([0.5, 0.25, 0.25]) {
        assert!((got - want).abs() < 0.03, "{s:?}");
    }
}
