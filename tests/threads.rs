//! The output does not depend on the thread count, for both streams; the fast stream's shards
//! are disjoint slices that together make up the whole stream.

mod common;

use std::path::Path;

const SCRIPT: &str = "condition hcp(north) >= 12 && shape(north, any 5xxx)\n\
    action printoneline(hcp(south)), average \"s\" hcp(south), frequency (spades(north), 4, 8, hcp(north), 12, 16)\n";

fn run(dir: &Path, args: &[&str]) -> String {
    let mut all = vec!["run", "-v", "-s", "7", "script.dlr"];
    all.extend_from_slice(args);
    let out = common::dealbench(dir, &all);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// A directory of the test's own: tests run in parallel, and rewriting a script another test
/// is reading would hand it an empty file.
fn dir(test: &str) -> common::Scratch {
    let d = common::Scratch::new(&format!("threads-{test}"));
    std::fs::write(d.join("script.dlr"), SCRIPT).unwrap();
    d
}

#[test]
fn same_output_for_any_thread_count() {
    let d = dir("same_output_for_any_thread_count");
    for stream in ["dealer", "fast"] {
        let one = run(&d, &["-R", "1", "--stream", stream, "-p", "300"]);
        assert_eq!(one.lines().filter(|l| l.starts_with("n ")).count(), 300);
        for r in ["2", "3"] {
            assert_eq!(run(&d, &["-R", r, "--stream", stream, "-p", "300"]), one, "{stream} with {r} threads");
        }
    }
}

#[test]
fn same_output_for_any_thread_count_with_a_predeal() {
    // dealer.exe's stream rejects more draws with cards predealt: the blocks must still line up.
    let d = dir("same_output_for_any_thread_count_with_a_predeal");
    let script = "predeal north SAKQ, HT9\npredeal west C2\ncondition hcp(south) >= 10\naction printoneline\n";
    std::fs::write(d.join("pre.dlr"), script).unwrap();
    for stream in ["dealer", "fast"] {
        let run = |r: &str| {
            let out = common::dealbench(&d, &["run", "-s", "3", "-p", "2000", "-R", r, "--stream", stream, "pre.dlr"]);
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .filter(|l| l.starts_with("n "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let one = run("1");
        assert_eq!(one.lines().count(), 2000);
        assert_eq!(run("3"), one, "{stream} with 3 threads");
    }
}

#[test]
fn shards_partition_the_fast_stream() {
    let d = dir("shards_partition_the_fast_stream");
    let whole = run(&d, &["--stream", "fast", "-g", "3000", "-p", "100000", "-R", "1"]);
    let mut lines: Vec<String> = whole.lines().filter(|l| l.starts_with("n ")).map(String::from).collect();
    let mut parts = Vec::new();
    for k in 0..3 {
        let shard = format!("{k}/3");
        let out = run(&d, &["--stream", "fast", "--shard", &shard, "-g", "1000", "-p", "100000", "-R", "2"]);
        parts.extend(out.lines().filter(|l| l.starts_with("n ")).map(String::from));
    }
    lines.sort();
    parts.sort();
    assert!(!lines.is_empty());
    assert_eq!(lines, parts);
}

#[test]
fn merged_shards_equal_one_run() {
    let d = dir("merged_shards_equal_one_run");
    let script = "generate 3000\naction average \"hs\" hcp(south), frequency \"f\" (hcp(north), 8, 14), frequency (spades(north), 3, 5, hcp(north), 10, 12)\n";
    std::fs::write(d.join("stats.dlr"), script).unwrap();
    let whole =
        common::dealbench(&d, &["run", "-s", "9", "--stream", "fast", "stats.dlr", "--stats-json", "whole.json"]);
    assert!(whole.status.success());
    let mut files = Vec::new();
    for k in 0..3 {
        let name = format!("s{k}.json");
        let shard = format!("{k}/3");
        let out = common::dealbench(
            &d,
            &[
                "run",
                "-s",
                "9",
                "--stream",
                "fast",
                "--shard",
                &shard,
                "-g",
                "1000",
                "stats.dlr",
                "--stats-json",
                &name,
            ],
        );
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        files.push(name);
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = common::dealbench(&d, &args);
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    let strip = |b: &[u8]| -> String {
        String::from_utf8_lossy(b).lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(strip(&merged.stdout), strip(&whole.stdout));
    let one = common::dealbench(&d, &["merge", "whole.json"]);
    assert_eq!(strip(&one.stdout), strip(&whole.stdout));
}

/// Every kind of statistic: shards of one run merge into exactly what the whole run prints.
#[test]
fn merged_shards_equal_one_run_for_every_statistic() {
    let d = dir("merged_shards_equal_one_run_for_every_statistic");
    let script = "generate 3000\ncondition hcp(north) >= 21\naction average \"hs\" hcp(south), \
                  frequency (spades(north), 3, 5, hcp(north), 19, 22), \
                  bktfreq \"b1\" (hcp(south), 0, 12, 3), \
                  bktfreq \"b2\" (hcp(east), 0, 12, 4, hcp(west), 0, 12, 4), \
                  evalcontract(NS, z3N, nv)\n";
    std::fs::write(d.join("stats.dlr"), script).unwrap();
    // evalcontract counts as printing, so dealer's default would stop at 40 produced deals.
    let base = ["run", "-s", "5", "--stream", "fast", "-p", "100000", "stats.dlr"];
    let whole = common::dealbench(&d, &[&base[..], &["--stats-json", "whole.json"]].concat());
    assert!(whole.status.success(), "{}", String::from_utf8_lossy(&whole.stderr));
    let text = String::from_utf8_lossy(&whole.stdout);
    for want in ["hs: ", "Description: b1", "Description: b2", "Contract  3N    by NS"] {
        assert!(text.contains(want), "{want:?} missing from\n{text}");
    }
    let names: Vec<String> = (0..2).map(|k| format!("s{k}.json")).collect();
    for (k, name) in names.iter().enumerate() {
        let shard = format!("{k}/2");
        let args = [&base[..], &["--shard", &shard, "-g", "1500", "--stats-json", name]].concat();
        let out = common::dealbench(&d, &args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let merged = common::dealbench(&d, &["merge", &names[0], &names[1]]);
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    let strip = |b: &[u8]| -> String {
        String::from_utf8_lossy(b).lines().filter(|l| !l.starts_with("Time needed")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(strip(&merged.stdout), strip(&whole.stdout));
}
