//! `dealbench check`: for BBO (dealer 1.24), DealerV2_4 and dealer3 1.0.0, on every corpus
//! script, the verdict and the line named agree with what the program itself gave
//! (tests/check_verdicts/verdicts.tsv, written by tests/check_verdicts/regen.sh from the real
//! binaries), and with dealer 1.24 run live when `DEALBENCH_DEALER124` names a build of it.

mod common;

use dealbench::script::dialect::{Dialect, check};
use std::path::Path;

/// `Some((line, message))` when dealer 1.24 refuses the script, as `check` says.
fn bbo(path: &Path) -> Option<(usize, String)> {
    let source = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    let r = check(&source, &path.display().to_string(), Dialect::Bbo, &[]);
    r.first().map(|r| (r.program_line, r.program_says.clone()))
}

/// The table's rows of `program`: script, verdict, line, message.
fn rows(program: &str) -> Vec<(String, bool, Option<usize>, String)> {
    let table =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check_verdicts/verdicts.tsv"))
            .unwrap();
    let rows: Vec<_> = table
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|r| r[1] == program)
        .map(|r| (r[0].to_string(), r[2] == "refuses", r[3].parse().ok(), r[4].to_string()))
        .collect();
    assert!(rows.len() >= 476, "the table holds {} scripts of {program}", rows.len());
    rows
}

/// dealer3 1.0.0 (the tag the verdicts are of): the same verdict, line and message (`Parse
/// error at L:C`, or the undefined name of an evaluation error, which names no line).
#[test]
fn check_agrees_with_dealer3_on_every_corpus_script() {
    let Some(corpus) = common::shared("corpus/scripts") else { return };
    let (mut refused, mut wrong) = (0, Vec::new());
    let rows = rows("dealer3_1.0.0");
    for (script, refuses, line, message) in &rows {
        let source = String::from_utf8_lossy(&std::fs::read(corpus.join(script)).unwrap()).into_owned();
        let r = check(&source, script, Dialect::Dealer3, &[]);
        refused += usize::from(*refuses);
        let agrees = match r.first() {
            None => !refuses,
            Some(r) => *refuses && line.unwrap_or(0) == r.program_line && message.ends_with(&r.program_says),
        };
        if !agrees {
            let got = r.first().map(|r| (r.program_line, r.program_says.clone()));
            wrong.push(format!("{script}: dealer3 {refuses} {line:?} {message}, check {got:?}"));
        }
    }
    eprintln!("dealer3 1.0.0 refuses {refused} of {} corpus scripts", rows.len());
    assert!(wrong.is_empty(), "{} disagree:\n{}", wrong.len(), wrong.join("\n"));
}

/// DealerV2_4 (run with its `shape{}` preprocessor, and the README's parameters for `.dls`
/// scripts): the same verdict, line and message.
#[test]
fn check_agrees_with_dealerv2_4_on_every_corpus_script() {
    let Some(corpus) = common::shared("corpus/scripts") else { return };
    let (mut refused, mut wrong) = (0, Vec::new());
    let rows = rows("dealerv2_4");
    for (script, refuses, line, message) in &rows {
        let source = String::from_utf8_lossy(&std::fs::read(corpus.join(script)).unwrap()).into_owned();
        let given: Vec<(String, String)> = match script.ends_with(".dls") {
            true => common::DLS_PARAMS.iter().enumerate().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
            false => Vec::new(),
        };
        let r = check(&source, script, Dialect::DealerV2, &given);
        refused += usize::from(*refuses);
        let first = r.first().map(|r| (r.program_line, r.program_says.clone()));
        let agrees = match &first {
            None => !refuses,
            Some((l, says)) => *refuses && *line == Some(*l) && says == message,
        };
        if !agrees {
            wrong.push(format!("{script}: DealerV2_4 {refuses} {line:?} {message}, check {first:?}"));
        }
    }
    eprintln!("DealerV2_4 refuses {refused} of {} corpus scripts", rows.len());
    assert!(wrong.is_empty(), "{} disagree:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn check_agrees_with_dealer_124_on_every_corpus_script() {
    let Some(corpus) = common::shared("corpus/scripts") else { return };
    let table =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/check_verdicts/verdicts.tsv"))
            .unwrap();
    let (mut seen, mut refused, mut wrong) = (0, 0, Vec::new());
    for row in table.lines().skip(1).map(|l| l.split('\t').collect::<Vec<_>>()) {
        if row[1] != "dealer124" {
            continue;
        }
        seen += 1;
        let want = (row[2] == "refuses").then(|| (row[3].parse::<usize>().unwrap(), row[4].to_string()));
        refused += usize::from(want.is_some());
        let got = bbo(&corpus.join(row[0]));
        if got != want {
            wrong.push(format!("{}: dealer 1.24 {want:?}, check {got:?}", row[0]));
        }
    }
    assert!(seen >= 476, "the table holds {seen} scripts");
    eprintln!("dealer 1.24 refuses {refused} of {seen} corpus scripts");
    assert!(wrong.is_empty(), "{} disagree:\n{}", wrong.len(), wrong.join("\n"));
}

/// The same against the program itself, when `DEALBENCH_DEALER124` names a build of it.
#[test]
fn check_agrees_with_dealer_124_run_live() {
    let Some(dealer) = std::env::var_os("DEALBENCH_DEALER124") else {
        eprintln!("SKIPPED: DEALBENCH_DEALER124 is not set (a dealer 1.24 binary)");
        return;
    };
    let dir = common::Scratch::new("check-live");
    let mut cases: Vec<(String, String)> = EXAMPLES.iter().map(|(n, s)| (n.to_string(), s.to_string())).collect();
    if let Some(corpus) = common::shared("corpus/scripts") {
        let mut all = Vec::new();
        walk(&corpus, &mut all);
        cases.extend(all.into_iter().map(|p| (p.display().to_string(), String::new())));
    }
    let mut wrong = Vec::new();
    for (name, text) in cases {
        let path = if text.is_empty() { name.clone().into() } else { dir.join(&name) };
        if !text.is_empty() {
            std::fs::write(&path, &text).unwrap();
        }
        let out = std::process::Command::new(&dealer)
            .current_dir(dir.join(""))
            .args(["-s", "1", "-g", "200", "-p", "1"])
            .arg(&path)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let want = err.lines().find_map(|l| {
            let rest = l.strip_prefix("line ")?;
            let (n, says) = rest.split_once(": ")?;
            Some((n.parse::<usize>().ok()?, says.to_string()))
        });
        let got = bbo(&path);
        if got != want {
            wrong.push(format!("{name}: dealer 1.24 {want:?}, check {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} disagree:\n{}", wrong.len(), wrong.join("\n"));
}

/// Small scripts of what BBO refuses and what it reads as another program does not.
const EXAMPLES: &[(&str, &str)] = &[
    ("hash.dlr", "produce 1\ncondition hcp(north) > 10 # strong\naction printoneline\n"),
    ("ltc.dlr", "produce 1\ncondition ltc(north) <= 7\n"),
    ("param.dlr", "produce 1\ncondition hcp(north) > $1\n"),
    ("bktfreq.dlr", "produce 1\naction bktfreq \"x\" (hcp(north), 0, 20, 5)\n"),
    ("title.dlr", "title \"x\"\nproduce 1\n"),
    ("prefix.dlr", "conditionMet = hcp(north) > 10\nproduce 1\ncondition conditionMet\n"),
    ("string.dlr", "produce 1\naction average \"two\nlines\" hcp(north), printoneline\ncondition hcp(north) > 40 ?\n"),
    ("z.dlr", "produce 1\ncondition score(vul, z4S, tricks(north, spades)) > 0\n"),
    ("shapes.dlr", "produce 1\ncondition shape(north, 5431 + 4xx4 + 5xx8)\n"),
    ("redefine.dlr", "a = 1\na = 2\n\nproduce 1\n"),
    ("eof.dlr", "produce 1\n// no newline"),
    (
        "ok.dlr",
        "# fine\nproduce 1\nnt = shape(north, any 4333 + any 4432) and hcp(north) >= 15\ncondition nt\naction printall\n",
    ),
];

fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() { walk(&p, out) } else { out.push(p) }
    }
}

#[test]
fn the_command_lists_each_refusal_with_a_caret_and_exits_1() {
    let dir = common::Scratch::new("check-cli");
    std::fs::write(dir.join("a.dlr"), "produce 1\ncondition hcp(north) > 10 # strong\naction printoneline\n").unwrap();
    std::fs::write(dir.join("b.dlr"), "produce 1\ncondition hcp(north) > 10 // strong\n").unwrap();
    let out = common::dealbench(&dir, &["check", "a.dlr", "b.dlr"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.starts_with("a.dlr:2:27: error: BBO's dealer (dealer.exe 1.24) stops here (`line 2: syntax error`): a `#` comment after code"), "{text}");
    assert!(text.contains("2 | condition hcp(north) > 10 # strong\n  |                           ^\n"), "{text}");
    assert!(text.contains("a.dlr: BBO's dealer (dealer.exe 1.24) refuses it: `line 2: syntax error`\n"), "{text}");
    assert!(text.ends_with("b.dlr: BBO's dealer (dealer.exe 1.24) runs it\n"), "{text}");
    let ok = common::dealbench(&dir, &["check", "b.dlr"]);
    assert_eq!(ok.status.code(), Some(0));
}

#[test]
fn every_extra_is_named() {
    let src = "title \"t\"\nproduce 1\nx = ltc(north)\ncondition hcp(north) > $1\naction bktfreq \"x\" (hcp(north), 0, 20, 5)\n";
    let r = check(src, "e.dlr", Dialect::Bbo, &[]);
    let said: Vec<String> = r.iter().map(|r| r.diagnostic.message.clone()).collect();
    assert!(said[0].contains("`title` is a word of DealerV2_4 or dealer3"), "{said:?}");
    assert!(said.iter().any(|m| m.contains("`ltc` is a word of DealerV2_4 or dealer3")), "{said:?}");
    assert!(said.iter().any(|m| m.contains("a `$N` script parameter")), "{said:?}");
    assert!(said.iter().any(|m| m.contains("`bktfreq`")), "{said:?}");
}

/// dealer3 1.0.0 printed `Parse error:  --> 3:16` for this script and exited 1; it reads the `#`
/// after code as a comment.
#[test]
fn the_command_quotes_dealer3_as_it_speaks() {
    let dir = common::Scratch::new("check-cli3");
    std::fs::write(
        dir.join("a.dlr"),
        "produce 1\ncondition hcp(north) > 10 # strong\naction printes(\"x\", hcp(north))\n",
    )
    .unwrap();
    let out = common::dealbench(&dir, &["check", "--dialect", "dealer3", "a.dlr"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.starts_with("a.dlr:3:16: error: dealer3 (1.0.0) stops here (`Parse error at 3:16`): `printes`"),
        "{text}"
    );
    assert!(text.contains("3 | action printes(\"x\", hcp(north))\n  |                ^\n"), "{text}");
    assert!(text.ends_with("a.dlr: dealer3 (1.0.0) refuses it: `Parse error at 3:16`\n"), "{text}");
}
