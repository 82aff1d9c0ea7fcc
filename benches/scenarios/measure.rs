//! One program run as a child: its CPU time from `wait4`, its peak memory from GNU time's `%M`,
//! its output in a file.
//!
//! A child started from this process inherits this process's memory high-water mark at `exec`
//! (Linux keeps the larger of the two in `ru_maxrss`), so `wait4` alone cannot see a peak below
//! this process's own. GNU time forks the program from a process of about 1 MB and reports the
//! program's own peak; without it (`TIME_BIN` unset and no /usr/bin/time) the peak is `wait4`'s
//! and says so.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

/// What one run cost.
#[derive(Clone, Debug)]
pub struct Sample {
    /// User plus system CPU seconds.
    pub cpu: f64,
    /// Peak resident set, KiB.
    pub rss_kib: u64,
}

/// The better of two runs of one program: the least CPU and the least peak memory.
pub fn better(a: Sample, b: Sample) -> Sample {
    Sample { cpu: a.cpu.min(b.cpu), rss_kib: a.rss_kib.min(b.rss_kib) }
}

/// Runs `bin args`, standard output to `out`, and measures it. A failed start, a non-zero exit or
/// a signal is an error carrying the first line of standard error.
pub fn run(bin: &Path, args: &[String], out: &Path) -> Result<Sample, String> {
    let err_path = out.with_extension("err");
    let rss_path = out.with_extension("rss");
    let stdout = File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let stderr = File::create(&err_path).map_err(|e| format!("{}: {e}", err_path.display()))?;
    let mut command = match time_bin() {
        Some(time) => {
            let mut c = Command::new(time);
            c.args(["-f", "%M", "-q", "-o"]).arg(&rss_path).arg(bin);
            c
        }
        None => Command::new(bin),
    };
    let child = command
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
    let (status, usage) = wait(child.id())?;
    let first_err = std::fs::read_to_string(&err_path).unwrap_or_default().lines().next().unwrap_or("").to_string();
    let _ = std::fs::remove_file(&err_path);
    if !libc::WIFEXITED(status) || libc::WEXITSTATUS(status) != 0 {
        return Err(format!("exit {}: {}", exit_text(status), first_err.trim()));
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let reported = std::fs::read_to_string(&rss_path).ok().and_then(|t| t.trim().parse().ok());
    let _ = std::fs::remove_file(&rss_path);
    let rss_kib = reported.unwrap_or(usage.ru_maxrss as u64);
    Ok(Sample { cpu: secs(usage.ru_utime) + secs(usage.ru_stime), rss_kib })
}

/// GNU time, when there: `TIME_BIN`, else /usr/bin/time.
pub fn time_bin() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("TIME_BIN").map(Into::into).unwrap_or_else(|| "/usr/bin/time".into());
    std::path::Path::new(&path).is_file().then_some(path)
}

/// Waits for the child `pid` and returns its status and its resource usage (with GNU time in
/// between, the program's CPU time plus GNU time's own, well under a millisecond).
fn wait(pid: u32) -> Result<(i32, libc::rusage), String> {
    let mut status = 0;
    // SAFETY: `rusage` is plain data that all-zero bytes represent; wait4 writes it and `status`.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: valid pointers to locals; the pid is our own unwaited child.
    let got = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
    if got < 0 {
        return Err(format!("wait4: {}", std::io::Error::last_os_error()));
    }
    Ok((status, usage))
}

fn exit_text(status: i32) -> String {
    if libc::WIFSIGNALED(status) {
        format!("signal {}", libc::WTERMSIG(status))
    } else {
        libc::WEXITSTATUS(status).to_string()
    }
}

/// A run's output with the lines that differ from run to run masked: dealer's `Time needed`
/// line and PBN's `[Date "…"]` tag; with `trim`, trailing blanks dropped from every line.
pub fn masked(path: &Path, trim: bool) -> Vec<u8> {
    let bytes = std::fs::read(path).unwrap_or_default();
    let mut out = Vec::with_capacity(bytes.len());
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        if line.starts_with(b"Time needed") {
            out.extend_from_slice(b"Time needed <TIME>\n");
        } else if line.starts_with(b"[Date \"") {
            out.extend_from_slice(b"[Date <DATE>]\n");
        } else if trim {
            let body = line.strip_suffix(b"\n").unwrap_or(line);
            let end = body.iter().rposition(|&b| b != b' ' && b != b'\r').map_or(0, |i| i + 1);
            out.extend_from_slice(&body[..end]);
            out.push(b'\n');
        } else {
            out.extend_from_slice(line);
        }
    }
    out
}
