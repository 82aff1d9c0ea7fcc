//! `dealbench run --deals FILE` on the raw bytes: every record the reader reads is evaluated,
//! and a refused file is refused with a line number.

use super::oracles::{Finding, clip, finding};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary over `input` as a deal file.
pub fn check(input: &[u8], case: u64) -> Result<(), Finding> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("deals-cli-{}-{case}.txt", std::process::id()));
    std::fs::write(&file, input).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .args(["run", "-v", "-R", "1", "--deals"])
        .arg(&file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(b"produce 100000\naction printoneline\n");
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_file(&file);
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let name = file.display().to_string();
    match out.status.code() {
        Some(0) => {
            let want = super::oracles::deals::read(input).deals.len();
            let got = stdout.lines().count();
            if got != want {
                return Err(finding(
                    "--deals evaluates a different number of deals",
                    format!("{got} instead of {want}"),
                ));
            }
            Ok(())
        }
        Some(255) if stderr.contains("no deals found") || positioned(&stderr, &name) => Ok(()),
        Some(255) => {
            Err(finding("--deals refuses a file without a line number", clip(&stderr.replace(&name, "FILE"), 120)))
        }
        code => Err(finding("--deals run crashed", format!("exit {code:?}: {}", clip(&stderr, 200)))),
    }
}

/// True when `stderr` names `FILE:LINE`.
fn positioned(stderr: &str, name: &str) -> bool {
    stderr.match_indices(name).any(|(i, _)| {
        stderr[i + name.len()..].strip_prefix(':').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    })
}
