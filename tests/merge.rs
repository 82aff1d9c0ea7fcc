//! `dealbench merge` adds up only files that are the parts of exactly one run: the same
//! script, seed, stream and limits, shards of one N with each K once; sums never wrap.

mod common;

use std::path::Path;

const SCRIPT: &str = "condition hcp(north) >= $0\naction average \"s\" hcp(south), frequency (spades(north), 3, 6)\n";

/// A directory of the test's own: tests run in parallel.
fn dir(test: &str) -> common::Scratch {
    let d = common::Scratch::new(&format!("merge-{test}"));
    std::fs::write(d.join("script.dlr"), SCRIPT).unwrap();
    d
}

/// `dealbench run -v script.dlr --stats-json NAME`: fast stream, seed 5, 600 deals, `$0` = 10
/// unless `extra` says otherwise.
fn shard(d: &Path, name: &str, extra: &[&str]) {
    run_to(d, "script.dlr", name, extra);
}

fn run_to(d: &Path, script: &str, name: &str, extra: &[&str]) {
    let mut args = vec!["run", "-v", script, "--stats-json", name];
    for (flag, default) in [("-s", "5"), ("--stream", "fast"), ("-g", "600"), ("-0", "10")] {
        if !extra.contains(&flag) {
            args.extend([flag, default]);
        }
    }
    args.extend_from_slice(extra);
    let out = common::dealbench(d, &args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// `dealbench merge ARGS`: exit code, stdout, stderr.
fn merge(d: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = common::dealbench(d, &[&["merge"], args].concat());
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

fn assert_refused(d: &Path, args: &[&str], wants: &[&str]) {
    let (code, out, err) = merge(d, args);
    assert_eq!(code, Some(255), "merge {args:?} must fail; stdout: {out}");
    assert!(out.is_empty(), "a refused merge prints no figures: {out}");
    for w in wants {
        assert!(err.contains(w), "merge {args:?}: `{w}` missing from: {err}");
    }
}

#[test]
fn the_same_shard_twice_is_refused() {
    let d = dir("twice");
    shard(&d, "a.json", &["--shard", "0/2"]);
    shard(&d, "b.json", &["--shard", "1/2"]);
    assert_refused(&d, &["a.json", "a.json", "b.json"], &["a.json", "given twice"]);
    std::fs::copy(d.join("a.json"), d.join("copy.json")).unwrap();
    assert_refused(&d, &["a.json", "copy.json", "b.json"], &["copy.json", "a.json", "both shard 0/2"]);
    shard(&d, "whole.json", &[]);
    assert_refused(&d, &["whole.json", "whole.json"], &["whole.json", "given twice"]);
}

#[test]
fn shards_of_different_runs_are_refused() {
    let d = dir("different");
    shard(&d, "s0.json", &["--shard", "0/2"]);
    shard(&d, "seed.json", &["--shard", "1/2", "-s", "6"]);
    assert_refused(&d, &["s0.json", "seed.json"], &["seed.json", "seed 6", "seed 5"]);
    shard(&d, "param.json", &["--shard", "1/2", "-0", "11"]);
    assert_refused(&d, &["s0.json", "param.json"], &["param.json", "script"]);
    std::fs::write(d.join("other.dlr"), SCRIPT.replace("north) >=", "north) >")).unwrap();
    run_to(&d, "other.dlr", "script.json", &["--shard", "1/2"]);
    assert_refused(&d, &["s0.json", "script.json"], &["script.json", "script"]);
    shard(&d, "gen.json", &["--shard", "1/2", "-g", "601"]);
    assert_refused(&d, &["s0.json", "gen.json"], &["gen.json", "generate 601", "generate 600"]);
    shard(&d, "produce.json", &["--shard", "1/2", "-p", "7"]);
    assert_refused(&d, &["s0.json", "produce.json"], &["produce.json", "produce"]);
    shard(&d, "rnd.json", &["--shard", "1/2", "--rnd-seed", "3"]);
    assert_refused(&d, &["s0.json", "rnd.json"], &["rnd.json", "--rnd-seed 3"]);
    shard(&d, "dealer.json", &["--stream", "dealer"]);
    assert_refused(&d, &["dealer.json", "s0.json"], &["s0.json", "stream fast", "stream dealer"]);
}

#[test]
fn shards_must_all_be_of_one_n() {
    let d = dir("one_n");
    shard(&d, "a.json", &["--shard", "0/3"]);
    shard(&d, "b.json", &["--shard", "1/2"]);
    assert_refused(&d, &["a.json", "b.json"], &["b.json", "1/2", "a.json", "0/3"]);
}

#[test]
fn a_partial_set_of_shards_needs_partial() {
    let d = dir("partial");
    for k in 0..4 {
        shard(&d, &format!("s{k}.json"), &["--shard", &format!("{k}/4")]);
    }
    assert_refused(&d, &["s0.json", "s3.json"], &["missing", "1-2 of 4", "--partial"]);
    let (code, out, err) = merge(&d, &["--partial", "s3.json", "s0.json"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("shards 0, 3 of 4"), "{err}");
    assert!(out.contains("Generated 1200 hands\n"), "{out}");
    let (code, _, err) = merge(&d, &["s1.json", "s0.json", "s3.json", "s2.json"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "a complete set merges quietly: {err}");
}

/// Rewrites one JSON value of a stats file.
fn edit(d: &Path, from: &str, to: &str, pointer: &str, value: serde_json::Value) {
    let text = std::fs::read_to_string(d.join(from)).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    *json.pointer_mut(pointer).unwrap_or_else(|| panic!("{pointer} is not in {text}")) = value;
    std::fs::write(d.join(to), json.to_string()).unwrap();
}

#[test]
fn corrupt_files_are_refused_by_name() {
    let d = dir("corrupt");
    shard(&d, "s0.json", &["--shard", "0/2"]);
    shard(&d, "s1.json", &["--shard", "1/2"]);
    assert_eq!(merge(&d, &["s0.json", "s1.json"]).0, Some(0));
    std::fs::write(d.join("cut.json"), &std::fs::read(d.join("s1.json")).unwrap()[..40]).unwrap();
    assert_refused(&d, &["s0.json", "cut.json"], &["cut.json:"]);
    let cases: [(&str, serde_json::Value, &str); 9] = [
        ("/shard/k", 2.into(), "shard 2/2"),
        ("/shard/n", 0.into(), "shard 1/0"),
        ("/version", 1.into(), "version 1"),
        ("/run/stream", "slow".into(), "stream `slow`"),
        ("/stats/stats/1", serde_json::json!({"median": {}}), "median"),
        ("/stats/stats/1/frequency/counts", serde_json::json!([1, 2]), "counts"),
        ("/stats/stats/1/frequency/rows", serde_json::json!({"low": i64::MIN, "high": i64::MAX}), "counts"),
        ("/stats/stats/0/average/count", 1.into(), "count"),
        (
            "/stats/stats/0",
            serde_json::json!({"frequency": {"label": null, "rows": {"low": 3, "high": 6}, "cols": null, "counts": [0, 0, 0, 0, 0, 0]}}),
            "frequency",
        ),
    ];
    for (pointer, value, want) in cases {
        edit(&d, "s1.json", "bad.json", pointer, value);
        assert_refused(&d, &["s0.json", "bad.json"], &["bad.json:", want]);
    }
}

#[test]
fn sums_that_overflow_are_errors() {
    let d = dir("overflow");
    shard(&d, "s0.json", &["--shard", "0/2"]);
    shard(&d, "s1.json", &["--shard", "1/2"]);
    edit(&d, "s0.json", "big0.json", "/stats/generated", u64::MAX.into());
    assert_refused(&d, &["big0.json", "s1.json"], &["generated", "overflow"]);
    // The averages' sums: each file's own figures are consistent, their total is not.
    for (from, to) in [("s0.json", "sum0.json"), ("s1.json", "sum1.json")] {
        edit(&d, from, to, "/stats/stats/0/average/sum", i64::MAX.into());
    }
    assert_refused(&d, &["sum0.json", "sum1.json"], &["sum", "overflow"]);
}
