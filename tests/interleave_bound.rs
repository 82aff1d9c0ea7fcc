//! `--interleave` holds a bounded number of deals (issue 34, item 7): a type that never comes
//! (or whose deals all go to an earlier, overlapping type) stops the run with a message naming
//! it, after the deals it holds are written; a run stopped by `-t` writes what it holds too,
//! and blames no term of a condition that every deal met.

mod common;

use std::path::Path;

fn dir(test: &str, script: &str) -> common::Scratch {
    let d = common::Scratch::new(&format!("interleave-{test}"));
    std::fs::write(d.join("s.dlr"), script).unwrap();
    d
}

fn run(d: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = common::dealbench(d, args);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// North's hands of the oneline deals printed, each checked to hold `min` points or more.
fn norths_with_at_least(out: &str, min: u32) -> usize {
    let deals: Vec<&str> = out.lines().filter(|l| l.starts_with("n ")).collect();
    for d in &deals {
        let north = d.split_whitespace().nth(1).unwrap();
        assert!(common::points(north) >= min, "{d}");
    }
    deals.len()
}

#[test]
fn a_type_that_never_comes_stops_the_run_naming_it() {
    let script = "HandType_a = hcp(north) >= 10\nHandType_b = hcp(north) >= 38\n\
                  condition hcp(north) >= 10\naction printoneline\n";
    let d = dir("never", script);
    let (code, out, err) = run(&d, &["run", "-s", "1", "-g", "10000000", "--interleave", "s.dlr"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with("s.dlr:2:1: error: --interleave holds 100000 deals waiting for a deal of type `b`"),
        "{err}"
    );
    assert!(err.contains("(0 of the 100000 kept deals were `b`)"), "{err}");
    // The 40 deals it was asked for (dealer's default when deals print) are written.
    assert_eq!(norths_with_at_least(&out, 10), 40, "{out}");
}

#[test]
fn a_type_every_deal_of_which_goes_to_an_earlier_one_is_named_as_overlapping() {
    let script = "HandType_a = hcp(north) >= 10\nHandType_b = hcp(north) >= 12\n\
                  condition hcp(north) >= 10\naction printoneline\n";
    let d = dir("overlap", script);
    let (code, _, err) = run(&d, &["run", "-s", "1", "-g", "10000000", "--interleave", "s.dlr"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("waiting for a deal of type `b`"), "{err}");
    assert!(err.contains("were also in an earlier type, which takes them"), "{err}");
}

#[test]
fn a_timeout_writes_the_deals_held_and_blames_no_term() {
    // About 1.5% of deals match: 0.3 s deals thousands of them, far from the 100,000 held.
    let script = "HandType_a = hcp(north) >= 20\nHandType_b = hcp(north) >= 38\n\
                  condition hcp(north) >= 20\naction printoneline\n";
    let d = dir("timeout", script);
    let (code, out, err) = run(&d, &["run", "-s", "1", "-g", "500000000", "-t", "0.3", "--interleave", "s.dlr"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("timeout after 0.3 seconds"), "{err}");
    assert_eq!(norths_with_at_least(&out, 20), 40, "{out}");
    assert!(!err.contains("held ("), "the deals matched; no term is to blame: {err}");
}
