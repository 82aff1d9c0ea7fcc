//! Parse errors a user can act on (issue 34, item 17): a `?:` chain is not nesting, a long
//! string is not quoted whole, a misspelt statement word gets the statement it resembles.

mod common;

fn run(script: &str, args: &[&str]) -> (String, String, Option<i32>) {
    common::run_stdin(script, &[&["-s", "1"], args].concat())
}

/// `hcp(north) == 0 ? 0 : hcp(north) == 1 ? 1 : … : 99`, `n` links long: hcp(north) itself
/// for every hand (at most 37 points) once `n` passes 37.
fn chain(n: usize) -> String {
    let links: String = (0..n).map(|k| format!("hcp(north) == {k} ? {k} : ")).collect();
    format!("{links}99")
}

#[test]
fn a_long_conditional_chain_is_not_nesting() {
    let script = format!("x = {}\ncondition x == hcp(north)\naction average x\n", chain(300));
    let (out, err, code) = run(&script, &["-g", "50"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Produced 50 hands"), "every deal matches: {out}");
}

#[test]
fn nesting_is_still_bounded_by_parentheses_and_middle_branches() {
    let deep = format!("condition {}1{} > 0\n", "(".repeat(101), ")".repeat(101));
    let (_, err, code) = run(&deep, &["-g", "1"]);
    assert_eq!(code, Some(255));
    assert!(err.contains("more than 100 levels of parentheses"), "{err}");
    let middle: String = (0..101).map(|_| "hcp(north) > 1 ? ").collect::<String>() + "1" + &" : 0".repeat(101);
    let (_, err, code) = run(&format!("condition {middle}\n"), &["-g", "1"]);
    assert_eq!(code, Some(255));
    assert!(err.contains("nested too deeply"), "{err}");
}

#[test]
fn a_long_string_is_cut_in_the_message() {
    let script = format!("action printes \"{}\" +\n", "x".repeat(1 << 20));
    let (_, err, code) = run(&script, &["-g", "1"]);
    assert_eq!(code, Some(255));
    let first = err.lines().next().unwrap();
    let want = format!(
        "(null):1:16: error: expected `(` after `printes` (its items go in parentheses), found the string \"{}…\"",
        "x".repeat(40)
    );
    assert_eq!(first, want);
    assert!(err.len() < 1000, "{} bytes of message", err.len());
}

#[test]
fn a_misspelt_statement_word_names_the_statement() {
    let (_, err, code) = run("conditon hcp(north) >= 15\n", &["-g", "1"]);
    assert_eq!(code, Some(255));
    assert_eq!(
        err,
        "(null):1:1: error: unknown statement `conditon`; did you mean `condition`?\n  |\n\
         1 | conditon hcp(north) >= 15\n  | ^^^^^^^^\n"
    );
    let (_, err, _) = run("condition hcp(north) >= 15\nprodcue 10\n", &["-g", "1"]);
    assert!(err.starts_with("(null):2:1: error: unknown statement `prodcue`; did you mean `produce`?"), "{err}");
    // A variable that is merely undefined keeps its own message.
    let (_, err, _) = run("condition zzzz >= 15\n", &["-g", "1"]);
    assert!(err.contains("unknown variable `zzzz`: define it first"), "{err}");
}
