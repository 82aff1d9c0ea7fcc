//! Write errors on standard output, standard error and output files (issue 34, items 1, 9
//! and 17): a full device (`/dev/full`) stops `run`, `merge`, `completions` and `man` with a
//! message and a non-zero status, never a panic (101); a closed pipe stays quiet with status 0.

mod common;

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const PANIC: i32 = 101;

fn full() -> Stdio {
    Stdio::from(File::options().write(true).open("/dev/full").expect("/dev/full"))
}

/// `dealbench ARGS` in `dir` with standard output and standard error as given.
fn with(dir: &Path, args: &[&str], stdout: Stdio, stderr: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .expect("dealbench runs")
}

/// The exit code of `dealbench ARGS` whose reader of `which` (1 stdout, 2 stderr) closes the
/// pipe at once; standard error is read when it is not the closed pipe.
fn closed_pipe(dir: &Path, args: &[&str], which: u8) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(if which == 1 { Stdio::piped() } else { Stdio::null() })
        .stderr(Stdio::piped())
        .spawn()
        .expect("dealbench runs");
    let mut err = String::new();
    if which == 1 {
        drop(child.stdout.take());
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    } else {
        drop(child.stderr.take());
    }
    (child.wait().unwrap().code(), err)
}

fn scratch(tag: &str, script: &str) -> common::Scratch {
    let dir = common::Scratch::new(tag);
    std::fs::write(dir.join("s.dlr"), script).unwrap();
    dir
}

const ONELINE: &str = "condition hcp(north) >= 0\naction printoneline\n";

#[test]
fn run_to_a_full_device_says_so_and_fails() {
    let dir = scratch("full-run", ONELINE);
    let out = with(&dir, &["run", "-s", "1", "-p", "50000", "s.dlr"], full(), Stdio::piped());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && out.status.code() != Some(PANIC), "{:?} {err}", out.status);
    assert!(err.contains("standard output") && err.contains("No space left"), "{err}");
    // Three deals fit the buffer and fail only at the last flush: still an error.
    let out = with(&dir, &["run", "-s", "1", "-p", "3", "s.dlr"], full(), Stdio::piped());
    assert!(!out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn run_into_a_closed_pipe_stops_quietly() {
    let dir = scratch("pipe-run", ONELINE);
    let (code, err) = closed_pipe(&dir, &["run", "-s", "1", "-p", "200000", "s.dlr"], 1);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "");
}

#[test]
fn standard_error_full_or_closed_is_no_panic() {
    // --interleave without hand types warns on standard error.
    let dir = scratch("stderr", ONELINE);
    let args = ["run", "-s", "1", "-p", "3", "--interleave", "-m", "s.dlr"];
    let out = with(&dir, &args, Stdio::null(), full());
    assert_eq!(out.status.code(), Some(1), "a failed standard error is a failed run");
    let (code, _) = closed_pipe(&dir, &args, 2);
    assert_eq!(code, Some(0), "a closed standard error is not worth a failure");
}

#[test]
fn merge_completions_and_man_to_a_full_device_fail_without_a_panic() {
    let dir = scratch("full-merge", "condition hcp(north) > 10\naction average hcp(south)\n");
    let made = common::dealbench(&dir, &["run", "-s", "1", "-g", "1000", "--stats-json", "a.json", "s.dlr"]);
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    for args in [&["merge", "a.json"][..], &["completions", "bash"], &["man"], &["--help"]] {
        let out = with(&dir, args, full(), Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("No space left"), "{args:?}: {err}");
    }
    for args in [&["completions", "zsh"][..], &["man"], &["merge", "a.json"]] {
        let (code, err) = closed_pipe(&dir, args, 1);
        assert_eq!(code, Some(0), "{args:?}: {err}");
    }
}

#[test]
fn stats_json_to_a_full_device_names_the_full_device() {
    let dir = scratch("full-stats", ONELINE);
    let out = common::dealbench(&dir, &["run", "-s", "1", "-p", "2", "--stats-json", "/dev/full", "s.dlr"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("--stats-json /dev/full") && err.contains("No space left"), "{err}");
    assert!(!err.contains("Invalid argument"), "{err}");
}

#[test]
fn a_csv_report_to_a_full_device_fails_the_run() {
    let script = "condition hcp(north) >= 0\nproduce 5\naction csvrpt(hcp(north))\n";
    let dir = scratch("full-csv", script);
    let out = common::dealbench(&dir, &["run", "-s", "1", "-C", "/dev/full", "s.dlr"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("No space left"), "{err}");
}

#[test]
fn a_hand_type_name_of_65536_characters_is_reported_not_a_panic() {
    let name = "a".repeat(65_536);
    let script = format!("HandType_{name} = hcp(north) >= 0\ncondition HandType_{name}\nproduce 3\n");
    let dir = scratch("long-name", &script);
    let out = common::dealbench(&dir, &["run", "-s", "1", "s.dlr"]);
    let (stdout, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{err}");
    let row = stdout.lines().find(|l| l.contains(&name)).expect("the type's row");
    assert!(row.contains(" 100.00%"), "{}", &row[row.len() - 40..]);
    // --profile pads its terms the same way.
    let out = common::dealbench(&dir, &["run", "-s", "1", "--profile", "s.dlr"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}
