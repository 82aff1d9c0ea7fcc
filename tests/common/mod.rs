//! Test helpers: locating `../shared` (skipped visibly outside CI when absent), scratch
//! directories.
#![allow(dead_code)]

pub mod golden_dd;
pub mod golden_leads;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The values the corpus README gives DealerV2_4's regression `.dls` scripts for `-0` … `-9`.
pub const DLS_PARAMS: [&str; 10] = [
    "east",
    "west",
    "hcp",
    "top4",
    "ltc",
    "12",
    "6.5",
    "spade",
    " any 4333 + any 4432 + any 5332 ",
    " 5+s4+mxx + 6+mxxx ",
];

/// A ladder of three balanced hand types for South (12–14, 15–17, 18–19 points); the tmux
/// script `tui_e2e_leveled.sh` reads the same file.
pub const LADDER: &str = include_str!("ladder.dlr");

/// `../shared/<sub>`, or `None` (after printing why) when the data is not there.
/// Under `CI=true` a missing folder is a failure.
pub fn shared(sub: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join("shared").join(sub);
    if dir.exists() {
        return Some(dir);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{} is missing: CI must run the tests that read ../shared", dir.display());
    }
    // Written to the stderr handle itself, which the test harness does not capture.
    let _ = writeln!(std::io::stderr(), "SKIPPED: {} not found (a fresh clone has no ../shared)", dir.display());
    None
}

/// A fresh directory `dealbench-TAG-XXXXXX` under the system's temporary directory, removed
/// with its contents when dropped, also when the test panics.
pub struct Scratch(tempfile::TempDir);

impl Scratch {
    pub fn new(tag: &str) -> Scratch {
        let prefix = format!("dealbench-{tag}-");
        Scratch(tempfile::Builder::new().prefix(&prefix).tempdir().expect("a scratch directory"))
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// Runs the dealbench binary in `dir` with `args`.
pub fn dealbench(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the dealbench binary runs")
}

/// Masks the lines golden files mask: the time needed and the PBN date.
pub fn mask(text: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("Time needed ") && l.ends_with(" sec") {
                "Time needed <TIME> sec".to_string()
            } else if l.starts_with("[Date \"") {
                "[Date \"<DATE>\"]".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + if text.ends_with('\n') { "\n" } else { "" }
}

/// Runs the dealbench binary in `dir` with `args`, `input` on its standard input.
pub fn dealbench_with_stdin(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// Runs `dealbench run ARGS` on a script given on standard input: stdout, stderr, exit code.
pub fn run_stdin(script: &str, args: &[&str]) -> (String, String, Option<i32>) {
    let all: Vec<&str> = std::iter::once("run").chain(args.iter().copied()).collect();
    let out = dealbench_with_stdin(Path::new("."), &all, script.as_bytes());
    (String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into(), out.status.code())
}

/// High-card points (4-3-2-1) of a hand written with rank letters, as `AKJ5.T2.Q64.873`.
pub fn points(hand: &str) -> u32 {
    hand.chars()
        .map(|c| match c {
            'A' => 4,
            'K' => 3,
            'Q' => 2,
            'J' => 1,
            _ => 0,
        })
        .sum()
}

/// The last profile a run reports before it finishes.
pub fn last_profile(handle: &dealbench::run::RunHandle) -> dealbench::run::profile::Profile {
    let mut last = None;
    for ev in handle.events().iter() {
        match ev {
            dealbench::run::Event::Profile(p) => last = Some(*p),
            dealbench::run::Event::Finished(_) => break,
            _ => {}
        }
    }
    last.expect("a profile")
}

/// True when Python with endplay is there; otherwise says so (a failure under CI=true).
pub fn endplay_present() -> bool {
    let ok = Command::new("python3").args(["-c", "import endplay"]).output().is_ok_and(|o| o.status.success());
    if !ok {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("python3 with endplay is missing: CI installs it (.ci/run: pip install endplay)");
        }
        let _ = writeln!(std::io::stderr(), "SKIPPED: python3 with endplay not found (pip install endplay)");
    }
    ok
}

/// Each board of a LIN or PBN set as endplay reads it: number, dealer letter, vulnerability
/// (None, NS, EW, All) and the `N:` deal (tests/endplay_read.py).
pub fn endplay_read(path: &Path) -> Vec<(u64, char, String, String)> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/endplay_read.py");
    let out = Command::new("python3").arg(script).arg(path).output().unwrap();
    assert!(out.status.success(), "endplay on {}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .map(|l| {
            let w: Vec<&str> = l.splitn(4, ' ').collect();
            (w[0].parse().unwrap(), w[1].chars().next().unwrap(), w[2].to_string(), w[3].to_string())
        })
        .collect()
}
