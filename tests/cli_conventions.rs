//! The command line's conventions: shell completions and the manual page generated from the
//! clap definitions, and `-t` / `--timeout`.

mod common;

use std::io::Write;
use std::process::Command;

fn dealbench(args: &[&str]) -> std::process::Output {
    common::dealbench(&std::env::temp_dir(), args)
}

#[test]
fn bash_completions_load_in_bash() {
    let out = dealbench(&["completions", "bash"]);
    assert!(out.status.success());
    let script = String::from_utf8(out.stdout).unwrap();
    assert!(script.contains("complete ") && script.contains("--export") && script.contains("--timeout"), "{script}");
    let dir = common::Scratch::new("completion");
    let path = dir.join("dealbench.bash");
    std::fs::write(&path, &script).unwrap();
    let check = Command::new("bash").arg("-n").arg(&path).output().expect("bash runs");
    assert!(check.status.success(), "bash -n: {}", String::from_utf8_lossy(&check.stderr));
    // Sourced, it registers a completion for dealbench.
    let shown =
        Command::new("bash").arg("-c").arg(format!("source {} && complete -p dealbench", path.display())).output();
    let shown = shown.expect("bash runs");
    assert!(String::from_utf8_lossy(&shown.stdout).contains("dealbench"), "{}", String::from_utf8_lossy(&shown.stderr));
}

#[test]
fn every_shell_gets_a_script() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = dealbench(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("dealbench"), "{shell}");
    }
    let out = dealbench(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bash"), "the error lists the shells");
}

#[test]
fn the_man_page_is_roff_with_the_run_switches() {
    let out = dealbench(&["man"]);
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH dealbench 1"), "a title line");
    assert!(page.contains(".SH NAME") && page.contains(".SH SYNOPSIS"));
    assert!(page.contains(".SH \"RUN OPTIONS\"") || page.contains(".SH RUN OPTIONS"), "a section of run's switches");
    for switch in ["\\-\\-export", "\\-\\-rotate", "\\-\\-timeout", "\\-\\-threads", "\\-\\-deals"] {
        assert!(page.contains(switch), "{switch} in the page");
    }
    // man(1) formats it without complaint, where it is installed.
    if let Ok(o) =
        Command::new("groff").args(["-man", "-Tutf8", "-ww", "-z"]).stdin(std::process::Stdio::null()).output()
        && o.status.success()
    {
        let dir = common::Scratch::new("man-page");
        let path = dir.join("dealbench.1");
        std::fs::write(&path, &page).unwrap();
        let o = Command::new("groff").args(["-man", "-Tutf8", "-ww", "-z"]).arg(&path).output().unwrap();
        assert!(o.stderr.is_empty(), "groff: {}", String::from_utf8_lossy(&o.stderr));
    } else {
        let _ = writeln!(std::io::stderr(), "SKIPPED: groff not found: the page is checked as text only");
    }
}

#[test]
fn man_dir_writes_a_page_a_command() {
    let dir = common::Scratch::new("man");
    let out = dealbench(&["man", "--dir", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for page in ["dealbench.1", "dealbench-run.1", "dealbench-merge.1", "dealbench-completions.1", "dealbench-man.1"] {
        let text = std::fs::read_to_string(dir.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(text.contains(".TH "), "{page}");
    }
    assert!(std::fs::read_to_string(dir.join("dealbench-run.1")).unwrap().contains("\\-\\-rotate"));
}

#[test]
fn a_timeout_stops_the_run_and_reports_what_was_done() {
    let start = std::time::Instant::now();
    let (out, err, code) = common::run_stdin("condition hcp(north) > 37\n", &["-s", "1", "-t", "0.5"]);
    assert!(start.elapsed().as_secs() < 30, "the run stopped");
    assert_eq!(code, Some(2), "dealer3's exit status for a timeout; stderr: {err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    let generated: u64 =
        lines[0].strip_prefix("Generated ").and_then(|l| l.strip_suffix(" hands")).unwrap().parse().unwrap();
    assert!(generated > 0, "{out}");
    assert_eq!(lines[1], "Produced 0 hands");
    assert_eq!(lines[2], "Initial random seed 1");
    let secs: f64 = lines[3].trim_start_matches("Time needed").trim_end_matches("sec").trim().parse().unwrap();
    // The clock starts before the run's own does: a few milliseconds may be missing.
    assert!((0.4..30.0).contains(&secs), "{out}");
    assert!(err.contains(&format!("timeout after 0.5 seconds ({generated} generated, 0 produced)")), "{err}");
}

#[test]
fn a_run_that_ends_in_time_is_not_a_timeout() {
    let (out, err, code) =
        common::run_stdin("condition hcp(north) > 20\naction printoneline\n", &["-s", "1", "-p", "2", "-t", "600"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Produced 2 hands") && !err.contains("timeout"), "{out}{err}");
    // A script file, not standard input: clap refuses the switch before anything is read.
    let out = dealbench(&["run", "-t", "0", "no-such-script.dl"]);
    assert_eq!(out.status.code(), Some(2), "clap refuses it");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("more than 0 seconds"), "{err}");
}
