//! `score(vulnerable, contract, tricks)` takes its arguments as the reference describes them:
//! vulnerability 0 (`nv`) or 1 (`vul`), a contract word or its number, tricks 0 to 13. A
//! constant out of range is a compile error at the argument; a computed one stops the run at
//! the call, as a division by zero does. Issue 34, item 14.

mod common;

/// `dealbench run -s 1 ARGS` on `script` given on standard input: stdout, stderr, exit code.
fn run(script: &str, args: &[&str]) -> (String, String, Option<i32>) {
    common::run_stdin(script, &[&["-s", "1"], args].concat())
}

/// The error a script gets, with its exit code.
fn refused(script: &str) -> (String, Option<i32>) {
    let (out, err, code) = run(script, &["-g", "5"]);
    assert!(out.is_empty(), "nothing is dealt: {out}");
    (err, code)
}

#[test]
fn constant_tricks_out_of_range_are_an_error_at_the_argument() {
    let (err, code) = refused("condition score(vul, x7N, 14) > 0\n");
    assert_eq!(code, Some(255), "{err}");
    let want = "(null):1:27: error: score: 14 tricks: a deal has 0 to 13 tricks\n  |\n\
                1 | condition score(vul, x7N, 14) > 0\n  |                           ^^\n";
    assert_eq!(err, want);
    for tricks in ["-1", "2147483647"] {
        let (err, code) = refused(&format!("condition score(nv, x3N, {tricks}) > 0\n"));
        assert_eq!(code, Some(255));
        assert!(err.contains(&format!("score: {tricks} tricks: a deal has 0 to 13 tricks")), "{err}");
    }
}

#[test]
fn a_vulnerability_other_than_0_or_1_is_an_error_at_the_argument() {
    let (err, code) = refused("condition score(2, x3N, 9) > 0\n");
    assert_eq!(code, Some(255));
    assert!(err.starts_with("(null):1:17: error: score: vulnerability 2: expected `nv` or 0, `vul` or 1\n"), "{err}");
    let (err, _) = refused("condition score(nv, 200, 9) > 0\n");
    assert!(err.starts_with("(null):1:21: error: score: 200 is not a contract number"), "{err}");
}

#[test]
fn computed_arguments_out_of_range_stop_the_run_at_the_call() {
    // hcp(north) + 14 is never a number of tricks.
    let (out, err, code) = run("condition score(vul, x7N, hcp(north) + 14) > 0\n", &["-g", "5"]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(err.starts_with("(null):1:11: error: score: "), "{err}");
    assert!(err.contains(" tricks: a deal has 0 to 13 tricks"), "{err}");
    let (_, err, code) = run("v = hcp(north) > 40 ? 0 : 3\ncondition score(v, x3N, 9) > 0\n", &["-g", "5"]);
    assert_eq!(code, Some(1));
    assert!(err.starts_with("(null):2:11: error: score: vulnerability 3"), "{err}");
}

#[test]
fn arguments_in_range_score_as_the_laws_do() {
    // 7NT vulnerable made: 40 + 6 x 30 = 220, game 500, grand slam 1500. 13 down not
    // vulnerable undoubled: 13 x 50. 3NT vulnerable by numbers (1, 19): 100 + 500.
    let script = "condition score(vul, x7N, 13) == 2220 and score(nv, x7N, 0) == -650 \
                  and score(1, 19, 9) == 600 and score(0, x4Sx, 10) == 590\naction average score(vul, x7N, 13)\n";
    let (out, err, code) = run(script, &["-g", "3"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("2220\n") && out.contains("Produced 3 hands"), "{out}");
}
