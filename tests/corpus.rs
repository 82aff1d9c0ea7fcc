//! Every real-world script in ../shared/corpus/scripts runs with a small -p/-g, or stops with a
//! positioned diagnostic (file:line:column and a caret). No panic, no hang, no unpositioned error.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The parameters DealerV2_4's regression suite gives its `.dls` scripts (corpus README).
const DLS_PARAMS: [&str; 20] = [
    "-0", "east", "-1", "west", "-2", "hcp", "-3", "top4", "-4", "ltc", "-5", "12", "-6", "6.5", "-7", "spade",
    "-8", " any 4333 + any 4432 + any 5332 ", "-9", " 5+s4+mxx + 6+mxxx ",
];

fn scripts(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            scripts(&p, out);
        } else {
            out.push(p);
        }
    }
}

enum Outcome {
    Ran,
    Diagnosed(String),
    Bad(String),
}

fn run_one(path: &Path) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dealbench"));
    let text = String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).to_string();
    let solves = ["tricks", "dds", "par", "trix", "trick"].iter().any(|w| text.contains(w));
    // Double-dummy scripts solve every deal they test: keep those runs short.
    let limits = if solves { ["-p", "2", "-g", "12"] } else { ["-p", "5", "-g", "2000"] };
    cmd.args(["run", "-s", "1"]).args(limits);
    if path.extension().is_some_and(|e| e == "dls") {
        cmd.args(DLS_PARAMS);
    }
    let out_file = std::env::temp_dir().join(format!("dealbench-corpus-{}.err", std::process::id()));
    let err = std::fs::File::create(&out_file).unwrap();
    let mut child = cmd.arg(path).stdout(Stdio::null()).stderr(err).spawn().unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            return Outcome::Bad("hung (killed after 60 s)".into());
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stderr = std::fs::read_to_string(&out_file).unwrap_or_default();
    if stderr.contains("panicked") || status.code() == Some(101) {
        return Outcome::Bad(format!("panic: {stderr}"));
    }
    if status.success() {
        return Outcome::Ran;
    }
    let first = stderr.lines().next().unwrap_or("").to_string();
    let positioned = first.starts_with(&path.display().to_string()) && first.contains(": error: ");
    let caret = stderr.lines().any(|l| l.contains('|') && l.contains('^'));
    if positioned && caret {
        Outcome::Diagnosed(first)
    } else {
        Outcome::Bad(format!("error without position: {stderr}"))
    }
}

#[test]
fn every_corpus_script_runs_or_is_diagnosed() {
    let Some(dir) = common::shared("corpus/scripts") else { return };
    let mut all = Vec::new();
    scripts(&dir, &mut all);
    all.sort();
    let (mut ran, mut bad) = (0, Vec::new());
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for p in &all {
        match run_one(p) {
            Outcome::Ran => ran += 1,
            Outcome::Diagnosed(line) => {
                let msg = line.split(": error: ").nth(1).unwrap_or("").to_string();
                let key = if msg.starts_with("unsupported:") { msg.split(" (").next().unwrap_or("").to_string() } else { "other diagnostics".into() };
                *reasons.entry(key).or_default() += 1;
            }
            Outcome::Bad(why) => bad.push(format!("{}: {why}", p.display())),
        }
    }
    eprintln!("corpus: {} scripts, {ran} ran, {} diagnosed:", all.len(), all.len() - ran - bad.len());
    for (k, v) in &reasons {
        eprintln!("  {v:4}  {k}");
    }
    assert!(all.len() >= 476, "found only {} scripts", all.len());
    assert!(bad.is_empty(), "{} scripts misbehaved:\n{}", bad.len(), bad.join("\n"));
}
