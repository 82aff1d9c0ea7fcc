//! Bad script and switch input is refused before the run with a clear error, never dealt,
//! truncated, panicked on or allocated without bound.

mod common;

fn run(script: &str, args: &[&str]) -> (String, String, Option<i32>) {
    common::run_stdin(script, args)
}

/// The error a refused run prints (exit 255, nothing on stdout).
fn refused(script: &str, args: &[&str]) -> String {
    let (out, err, rc) = run(script, args);
    assert_eq!(rc, Some(255), "{args:?}: stdout {out}\nstderr {err}");
    assert_eq!(out, "", "{args:?}");
    err
}

#[test]
fn a_card_on_two_switches_is_refused() {
    let err = refused("action printoneline\n", &["-s", "1", "-p", "1", "-N", "SA", "-S", "SA"]);
    assert_eq!(err, "dealbench: card SA is predealt twice: to North by -N and to South by -S\n");
    let all = "SAKQJT98765432";
    let err = refused("action printoneline\n", &["-p", "1", "-N", all, "-S", all]);
    assert!(err.contains("card SA is predealt twice: to North by -N and to South by -S"), "{err}");
}

#[test]
fn a_switch_clashing_with_the_script_points_at_the_script() {
    let err = refused("predeal north SA\naction printoneline\n", &["-p", "1", "-S", "SA"]);
    assert!(
        err.starts_with("(null):1:15: error: card SA is predealt twice: to North here and to South by -S\n"),
        "{err}"
    );
    assert!(err.contains("1 | predeal north SA\n"), "{err}");
}

#[test]
fn a_switch_still_replaces_the_script_of_its_seat() {
    let (out, err, rc) = run("predeal north SA\naction printoneline\n", &["-s", "1", "-p", "1", "-N", "SK"]);
    assert_eq!(rc, Some(0), "{err}");
    let north = out.split(" e ").next().unwrap();
    assert!(north.starts_with("n K"), "North holds the switch's SK and not the script's SA: {out}");
}

#[test]
fn switch_holdings_are_read_as_the_script_reads_them() {
    for (hand, why) in [("SAA", "ranks are written from the ace down, each once"), ("SKA", "from the ace down")] {
        let err = refused("action printoneline\n", &["-p", "1", "-N", hand]);
        assert!(err.starts_with(&format!("dealbench: -N `{hand}`: ")) && err.contains(why), "{hand}: {err}");
    }
    assert!(refused("predeal north SKA\n", &[]).contains("error:"));
}

#[test]
fn a_seed_too_large_is_an_error_not_two_statements() {
    let err = refused("seed 12345678901234567890\naction printoneline\n", &["-p", "1"]);
    assert!(err.starts_with("(null):1:6: error: number too large: at most 9223372036854775807\n"), "{err}");
}

#[test]
fn huge_frequency_tables_are_errors_not_panics() {
    let wide = "action frequency (hcp(north), -5000000000000000000, 5000000000000000000)\n";
    assert!(
        refused(wide, &["-p", "1"])
            .contains("error: number too small: values are 32-bit integers, at least -2147483648")
    );
    let square = "action frequency (hcp(north), 0, 100000, hcp(south), 0, 100000)\n";
    let err = refused(square, &["-p", "1"]);
    assert!(err.starts_with("(null):1:54: error: the table is too large: 100001 × 100001 values"), "{err}");
}

#[test]
fn a_byte_order_mark_starts_a_script_quietly() {
    let (out, err, rc) = run("\u{feff}produce 1\naction printoneline\n", &["-s", "1"]);
    assert_eq!((rc, err.as_str()), (Some(0), ""));
    assert!(out.starts_with("n AKQT3.J6.KJ42.95 e "), "{out}");
}

#[test]
fn control_characters_are_shown_escaped() {
    let err = refused("produce 1\ncondition \u{1b}[31m hcp(north) > 10\n", &[]);
    assert!(err.starts_with("(null):2:11: error: unexpected character `\\u{1b}`\n"), "{err}");
    assert!(err.contains("2 | condition \\u{1b}[31m hcp(north) > 10\n  |           ^^^^^^\n"), "{err}");
    assert!(!err.contains('\u{1b}'));
}

#[test]
fn a_parameter_needs_a_name() {
    for bad in ["=5", "$=5"] {
        let err = refused("produce 1\n", &["--param", bad]);
        assert_eq!(err, format!("dealbench: --param {bad}: no name before `=`: expected NAME=VALUE\n"));
    }
    for bad in ["a-b=1", "12=3", "é=1"] {
        let err = refused("produce 1\n", &["--param", bad]);
        assert!(
            err.starts_with(&format!("dealbench: --param {bad}: `")) && err.contains("not a parameter name"),
            "{err}"
        );
    }
    let (out, err, rc) = run("produce $n\naction printoneline\n", &["-v", "-s", "1", "--param", "$n=2"]);
    assert_eq!((rc, out.lines().count()), (Some(0), 2), "{err}");
}

#[test]
fn threads_beyond_the_cores_are_capped_with_a_note() {
    let script = "produce 3\naction printoneline\n";
    let (one, _, _) = run(script, &["-s", "1", "-v", "-R", "1"]);
    let (many, err, rc) = run(script, &["-s", "1", "-v", "-R", "100000"]);
    assert_eq!((rc, many), (Some(0), one));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(err, format!("dealbench: -R 100000: using {cores} threads, one per core\n"));
}

#[test]
fn output_paths_are_checked_before_the_run() {
    let dir = common::Scratch::new("no-such-dir");
    let bad = dir.join("missing").join("out");
    let bad = bad.to_str().unwrap();
    let script = "produce 2\naction printoneline\n";
    for (switch, arg) in [("--stats-json", bad.to_string()), ("-C", bad.to_string()), ("-X", format!("w:{bad}"))] {
        let err = refused(script, &["-s", "1", switch, &arg]);
        assert_eq!(err, format!("dealbench: {switch} {bad}: No such file or directory (os error 2)\n"), "{switch}");
    }
}

#[test]
fn a_failed_run_leaves_no_stats_file_behind() {
    let dir = common::Scratch::new("stats");
    let path = dir.join("stats.json");
    let failing = "condition score(vul, hcp(north) + 1000, 3) > 0\n"; // a run-time error
    let (_, err, rc) = run(failing, &["-s", "1", "--stats-json", path.to_str().unwrap()]);
    assert_eq!(rc, Some(1), "{err}");
    assert!(!path.exists(), "a file the run could not fill is removed");
    std::fs::write(&path, "kept").unwrap();
    run(failing, &["-s", "1", "--stats-json", path.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "kept", "an existing file is left as it was");
    let (_, err, rc) =
        run("produce 1\naction average hcp(north)\n", &["-s", "1", "--stats-json", path.to_str().unwrap()]);
    assert_eq!(rc, Some(0), "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with('{') && text.contains("\"produced\": 1"), "{text}");
}

#[test]
fn a_300000_digit_literal_is_one_short_error() {
    let script = format!("produce 1\ncondition hcp(north) > {}\n", "9".repeat(300_000));
    let err = refused(&script, &[]);
    assert!(err.starts_with("(null):2:24: error: number too large: at most 9223372036854775807\n"), "{}", &err[..200]);
    assert!(err.len() < 400, "the long line is shown in part: {} bytes", err.len());
}
