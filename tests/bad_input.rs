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
    assert!(north.starts_with("n K") && !out.contains("n A"), "{out}");
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
    assert!(refused(wide, &["-p", "1"]).contains("error: number too large: values are 32-bit integers"));
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
