//! `dealbench merge` adds up only the parts of one run, whole (issue 34, item 4): the run's
//! identity holds every switch that changes the figures (`--level`, `--interleave`, the deals
//! of `--deals`), the file says how the run ended, a shard cut short merges only with
//! `--partial`, and `--level` is refused with `--shard` (a levelled shard cannot decide its
//! deals without the deals before it in the other shards).

mod common;

use std::path::Path;

const LADDER: &str = "bal = shape(south, any 4333 + any 4432 + any 5332)\n\
    HandType_weak   = bal and hcp(south) >= 12 and hcp(south) <= 14\n\
    HandType_strong = bal and hcp(south) >= 15 and hcp(south) <= 17\n\
    HandType_big    = bal and hcp(south) >= 18 and hcp(south) <= 19\n\
    condition HandType_weak or HandType_strong or HandType_big\n\
    action average hcp(south)\n";

fn dir(test: &str) -> common::Scratch {
    let d = common::Scratch::new(&format!("merge-id-{test}"));
    std::fs::write(d.join("ladder.dlr"), LADDER).unwrap();
    d
}

/// `dealbench ARGS` in `d`: exit code, stdout, stderr.
fn run(d: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = common::dealbench(d, args);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// `run -s 5 --stream fast -g 4000 ladder.dlr --stats-json NAME EXTRA…`, which must succeed.
fn stats(d: &Path, name: &str, extra: &[&str]) {
    let args =
        [&["run", "-s", "5", "--stream", "fast", "-g", "4000", "ladder.dlr", "--stats-json", name], extra].concat();
    let (code, _, err) = run(d, &args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
}

fn json(d: &Path, name: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(d.join(name)).unwrap()).unwrap()
}

fn refused(d: &Path, args: &[&str], wants: &[&str]) {
    let (code, out, err) = run(d, &[&["merge"], args].concat());
    assert_eq!(code, Some(255), "merge {args:?} must be refused: {out}");
    assert!(out.is_empty(), "{out}");
    for w in wants {
        assert!(err.contains(w), "`{w}` missing from: {err}");
    }
}

#[test]
fn a_levelled_run_is_not_a_part_of_an_unlevelled_one() {
    let d = dir("level");
    stats(&d, "plain.json", &[]);
    stats(&d, "even.json", &["--level", "--level-target", "even"]);
    stats(&d, "weighted.json", &["--level", "--level-target", "2,1,1"]);
    refused(
        &d,
        &["plain.json", "even.json"],
        &["even.json", "switches --level even", "plain.json has switches (none)"],
    );
    refused(&d, &["even.json", "weighted.json"], &["switches --level 2,1,1", "switches --level even"]);
    assert_eq!(json(&d, "even.json")["run"]["switches"], serde_json::json!(["--level even"]));
}

#[test]
fn interleaved_shards_do_not_merge_with_plain_ones() {
    let d = dir("interleave");
    stats(&d, "s0.json", &["--shard", "0/2", "--interleave"]);
    stats(&d, "s1.json", &["--shard", "1/2"]);
    refused(&d, &["s0.json", "s1.json"], &["s1.json", "switches (none)", "--interleave"]);
    stats(&d, "i1.json", &["--shard", "1/2", "--interleave"]);
    let (code, _, err) = run(&d, &["merge", "s0.json", "i1.json"]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn level_with_shard_is_refused_with_the_reason() {
    let d = dir("shard");
    let args = [
        "run",
        "-s",
        "5",
        "--stream",
        "fast",
        "--shard",
        "0/2",
        "-g",
        "4000",
        "--level",
        "--level-target",
        "even",
        "ladder.dlr",
    ];
    let (code, out, err) = run(&d, &args);
    assert_ne!(code, Some(0));
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("--level cannot be sharded") && err.contains("would not add up"), "{err}");
    // The whole run (shard 0/1 or no shard) levels, and merges alone into its own figures.
    stats(&d, "whole.json", &["--level", "--level-target", "even"]);
    let (code, merged, err) = run(&d, &["merge", "whole.json"]);
    assert_eq!(code, Some(0), "{err}");
    let (_, direct, _) = run(
        &d,
        &["run", "-s", "5", "--stream", "fast", "-g", "4000", "--level", "--level-target", "even", "ladder.dlr"],
    );
    let strip = |t: &str| t.lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&merged), strip(&direct));
}

#[test]
fn different_deal_files_are_different_runs() {
    let d = dir("deals");
    let one = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72\n";
    let two = "n 652.AK42.AQ87.T4 e AKQT3.J6.KJ42.95 s J74.QT95.T.AK863 w 98.873.9653.QJ72\n";
    std::fs::write(d.join("one.txt"), one).unwrap();
    std::fs::write(d.join("two.txt"), two).unwrap();
    std::fs::write(d.join("all.dlr"), "action average hcp(north)\n").unwrap();
    for (file, name) in [("one.txt", "a.json"), ("two.txt", "b.json")] {
        let (code, _, err) = run(&d, &["run", "all.dlr", "--deals", file, "-s", "1", "--stats-json", name]);
        assert_eq!(code, Some(0), "{err}");
    }
    refused(&d, &["a.json", "b.json"], &["b.json", "--deals "]);
    // A deal file read to its end ends `complete`.
    assert_eq!(json(&d, "a.json")["ended"], "complete");
}

#[test]
fn the_file_says_how_the_run_ended() {
    let d = dir("ended");
    stats(&d, "g.json", &[]);
    assert_eq!(json(&d, "g.json")["ended"], "generate");
    stats(&d, "p.json", &["-p", "5"]);
    assert_eq!(json(&d, "p.json")["ended"], "produce");
    assert_eq!(json(&d, "p.json")["stats"]["produced"], 5);
}

#[test]
fn a_shard_stopped_by_its_timeout_merges_only_with_partial() {
    let d = dir("timeout");
    std::fs::write(d.join("never.dlr"), "condition hcp(north) > 37\naction average hcp(south)\n").unwrap();
    // Enough deals that 10 ms cannot deal half of them, even in a debug build on a fast core.
    let base = ["run", "-s", "5", "--stream", "fast", "never.dlr", "-g", "4000000"];
    let (code, _, err) = run(&d, &[&base[..], &["--shard", "0/2", "--stats-json", "s0.json"]].concat());
    assert_eq!(code, Some(0), "{err}");
    // `-t` is no part of the identity.
    let (code, _, err) = run(&d, &[&base[..], &["--shard", "1/2", "--stats-json", "s1.json", "-t", "0.01"]].concat());
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(json(&d, "s1.json")["ended"], "timeout");
    refused(&d, &["s0.json", "s1.json"], &["s1.json (shard 1/2) ended by timeout", "--partial"]);
    let (code, out, err) = run(&d, &["merge", "--partial", "s0.json", "s1.json"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("--partial: s1.json (shard 1/2) ended by timeout"), "{err}");
    assert!(out.contains("Produced 0 hands"), "{out}");
}

#[test]
fn seconds_that_are_no_time_are_refused() {
    let d = dir("seconds");
    stats(&d, "a.json", &[]);
    for bad in [-1e308, -1.0] {
        let mut v = json(&d, "a.json");
        v["seconds"] = bad.into();
        std::fs::write(d.join("bad.json"), serde_json::to_string(&v).unwrap()).unwrap();
        refused(&d, &["bad.json"], &["bad.json", "seconds", "expected a time of 0 or more"]);
    }
    // Two finite times whose sum is not.
    for (k, name) in ["s0.json", "s1.json"].iter().enumerate() {
        stats(&d, name, &["--shard", &format!("{k}/2")]);
        let mut v = json(&d, name);
        v["seconds"] = 1e308.into();
        std::fs::write(d.join(name), serde_json::to_string(&v).unwrap()).unwrap();
    }
    refused(&d, &["s0.json", "s1.json"], &["s1.json: the seconds add up past what a number holds"]);
}
