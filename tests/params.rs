//! `# param N = default  # description` declarations as `dealbench run` honours them: the
//! default stands in for `$N`, `-N` and `--param N=` win over it, and dealer3's errors and
//! warnings come out positioned (dealer3-levelling.md §6).

mod common;

const SCRIPT: &str =
    "# param 1 = 3  # how many deals\n# param 0 = north\nproduce $1\ncondition hcp($0) >= 0\naction printoneline\n";

fn deals(args: &[&str]) -> (usize, String) {
    let mut all = vec!["-v", "-s", "1"];
    all.extend_from_slice(args);
    let (out, err, rc) = common::run_stdin(SCRIPT, &all);
    assert_eq!(rc, Some(0), "{err}");
    (out.lines().count(), err)
}

#[test]
fn the_declared_default_stands_in_and_a_switch_wins() {
    assert_eq!(deals(&[]), (3, String::new()));
    assert_eq!(deals(&["-1", "5"]).0, 5);
    assert_eq!(deals(&["--param", "1=2"]).0, 2);
}

#[test]
fn a_parameter_given_and_never_mentioned_is_a_warning() {
    let (n, err) = deals(&["--param", "4=x"]);
    assert_eq!(n, 3);
    assert_eq!(err, "dealbench: warning: script parameter `$4` is given and the script never mentions it\n");
}

#[test]
fn a_declaration_never_used_is_a_positioned_warning() {
    let script = "produce 1\n# param 7 = north  # gone\naction printoneline\n";
    let (out, err, rc) = common::run_stdin(script, &["-v", "-s", "1"]);
    assert_eq!((rc, out.lines().count()), (Some(0), 1), "{err}");
    assert!(err.starts_with("(null):2:1: warning: line 2 declares `$7` and the script never mentions it\n"), "{err}");
    assert!(err.contains("2 | # param 7 = north  # gone\n"), "{err}");
}

#[test]
fn a_malformed_declaration_stops_the_run_at_its_line() {
    let script = "produce 1\n  // param 0 west\ncondition hcp($0) > 3\n";
    let (out, err, rc) = common::run_stdin(script, &["-s", "1"]);
    assert_eq!((rc, out.as_str()), (Some(255), ""));
    assert!(err.starts_with("(null):2:3: error: a parameter declaration needs an `=`; a declaration reads"), "{err}");
    assert!(err.contains("  |   ^^^^^^^^^^^^^^^\n"), "{err}");
}
