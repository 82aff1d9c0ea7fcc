//! Swapping: dealer.exe's `-2`/`-3` in `dealbench dealer3` and DealerV2_4's `-x 2|3` in
//! `dealbench run` (../shared/spec/dealer3-levelling.md §8, compat.md §1.7): each shuffle
//! dealt again with whole seats exchanged, the arrangements in the spec's order; a predeal to
//! a seat that moves is refused. With `DEALBENCH_DEALER124` naming a dealer 1.24 build, `run`
//! on dealer.exe's stream deals exactly what dealer 1.24 deals with `-2` and `-3`.

mod common;

use common::{Scratch, dealbench};
use std::process::Command;

const SCRIPT: &str = "produce 12\ncondition hcp(north) > 12\naction printoneline\n";

/// The spec's seat sources (N, E, S, W) of each arrangement, as indices into the first deal.
const TWO: [[usize; 4]; 2] = [[0, 1, 2, 3], [0, 3, 2, 1]];
const THREE: [[usize; 4]; 6] = [[0, 1, 2, 3], [0, 3, 2, 1], [0, 3, 1, 2], [0, 1, 3, 2], [0, 2, 3, 1], [0, 2, 1, 3]];

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn scratch(tag: &str, script: &str) -> Scratch {
    let d = Scratch::new(tag);
    std::fs::write(d.join("s.dlr"), script).unwrap();
    d
}

/// The four hands of each oneline deal printed.
fn deals(out: &str) -> Vec<[String; 4]> {
    let hands = |l: &str| -> [String; 4] {
        let w: Vec<&str> = l.split_whitespace().collect();
        std::array::from_fn(|i| w[2 * i + 1].to_string())
    };
    out.lines().filter(|l| l.starts_with("n ")).map(hands).collect()
}

/// Every group of `sources.len()` deals is its first deal's hands in the spec's arrangements.
fn assert_arranged(out: &str, sources: &[[usize; 4]]) {
    let all = deals(out);
    assert_eq!(all.len() % sources.len(), 0, "{out}");
    for group in all.chunks(sources.len()) {
        for (deal, src) in group.iter().zip(sources) {
            let want: [String; 4] = std::array::from_fn(|s| group[0][src[s]].clone());
            assert_eq!(deal, &want, "{out}");
        }
    }
}

#[test]
fn dealer3_mode_deals_each_shuffle_in_the_specs_arrangements() {
    // Every arrangement keeps North, so with a condition on North alone all of them match.
    let d = scratch("swap-d3", SCRIPT);
    for (flag, sources) in [("-2", &TWO[..]), ("-3", &THREE[..])] {
        let out = dealbench(&d, &["dealer3", flag, "-s", "5", "-f", "oneline", "-v", "s.dlr"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert_arranged(&stdout, sources);
        // Each arrangement is a deal generated: 12 produced from 12 / 2 or 12 / 6 shuffles.
        let shuffles: usize = stdout
            .lines()
            .find_map(|l| l.strip_prefix("Generated "))
            .unwrap()
            .trim_end_matches(" hands")
            .parse()
            .unwrap();
        assert_eq!(shuffles % sources.len(), 0, "{stdout}");
    }
}

#[test]
fn the_last_swapping_flag_given_wins() {
    // dealer.exe reads -0/-2/-3 in order, each replacing the one before (spec §8).
    let d = scratch("swap-last", SCRIPT);
    let run = |flags: &[&str]| {
        let mut args = vec!["dealer3"];
        args.extend_from_slice(flags);
        args.extend_from_slice(&["-s", "5", "-f", "oneline", "s.dlr"]);
        let out = dealbench(&d, &args);
        assert_eq!(out.status.code(), Some(0), "{flags:?}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    assert_arranged(&run(&["-3", "-2"]), &TWO);
    assert_arranged(&run(&["-2", "-3"]), &THREE);
    assert_eq!(deals(&run(&["-3", "-0"])), deals(&run(&[])));
    assert_ne!(deals(&run(&["-0", "-2"])), deals(&run(&[])));
}

#[test]
fn run_swaps_with_x_and_keeps_the_digits_as_parameters() {
    let d = scratch("swap-run", "produce 12\ncondition hcp($0) > 12\naction printoneline\n");
    for (x, sources) in [("2", &TWO[..]), ("3", &THREE[..])] {
        for threads in ["1", "2"] {
            let out = dealbench(&d, &["run", "-x", x, "-0", "north", "-R", threads, "-s", "9", "s.dlr"]);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            assert_arranged(&text(&out.stdout), sources);
        }
    }
    let out = dealbench(&d, &["run", "-x", "4", "-0", "north", "s.dlr"]);
    assert!(text(&out.stderr).contains("`4` is not a swapping: expected 0, 2 or 3"), "{}", text(&out.stderr));
}

#[test]
fn a_predeal_to_a_seat_that_moves_is_refused() {
    let d = scratch("swap-predeal", "predeal south SAKQ\ncondition hcp(north) > 12\naction printoneline\n");
    // -2 leaves South in place; -3 moves it.
    let out = dealbench(&d, &["dealer3", "-2", "-s", "1", "-p", "2", "s.dlr"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = dealbench(&d, &["dealer3", "-3", "-s", "1", "s.dlr"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("s.dlr:1:15: error: -3 moves South's cards to another seat"), "{err}");
    assert!(err.contains("\n1 | predeal south SAKQ\n  |               ^^^^\n"), "{err}");
    let d = scratch("swap-switch", SCRIPT);
    let out = dealbench(&d, &["dealer3", "-2", "-W", "SA", "s.dlr"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("Error: -W: -2 moves West's cards"), "{}", text(&out.stderr));
    let out = dealbench(&d, &["run", "-x", "3", "-N", "SA", "-s", "1", "s.dlr"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(deals(&text(&out.stdout)).iter().all(|h| h[0].starts_with('A')));
}

/// dealer 1.24's own `-2` and `-3` against `run -x` on dealer.exe's stream: the same deals
/// (each arrangement counted as generated, the next shuffle starting from the last one).
#[test]
fn run_x_deals_what_dealer_124_deals_with_2_and_3() {
    let Some(dealer) = std::env::var_os("DEALBENCH_DEALER124") else {
        eprintln!("SKIPPED: DEALBENCH_DEALER124 is not set (a dealer 1.24 binary)");
        return;
    };
    let scripts = [
        ("plain.dlr", SCRIPT),
        ("north.dlr", "produce 20\npredeal north SAK,HQ\ncondition hcp(south) > 9\naction printoneline\n"),
    ];
    for (name, script) in scripts {
        let d = scratch("swap-124", script);
        std::fs::write(d.join(name), script).unwrap();
        for (flag, x) in [("-2", "2"), ("-3", "3")] {
            for seed in ["1", "20261206"] {
                let theirs = Command::new(&dealer).current_dir(&*d).args([flag, "-s", seed, name]).output().unwrap();
                let ours = dealbench(&d, &["run", "-x", x, "-s", seed, name]);
                let strip = |b: &[u8]| -> String {
                    text(b).lines().filter(|l| !l.starts_with("Time needed")).map(|l| format!("{l}\n")).collect()
                };
                assert!(deals(&strip(&theirs.stdout)).len() >= 12, "{}", text(&theirs.stdout));
                assert_eq!(strip(&ours.stdout), strip(&theirs.stdout), "{name} {flag} -s {seed}");
            }
        }
    }
}
