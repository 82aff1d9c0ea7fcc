//! The supervisor: runs a target's cases in worker processes (this test binary again, under
//! a memory limit), restarts a worker after a crash or a hang, and gathers the findings
//! with the input of the first case of each kind written to a file.

use super::seeds::Seeds;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A case that produces no output for this long is a hang.
const HANG: Duration = Duration::from_secs(20);

/// A worker's address-space limit (KiB): an unbounded allocation aborts it, not the machine.
const MEMORY_KIB: u64 = 6 << 20;

/// How much fuzzing to do: `FUZZ_SEED`, then `FUZZ_CASES` cases or `FUZZ_SECONDS` seconds.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The RNG seed (the same seed gives the same cases).
    pub seed: u64,
    /// Cases to run.
    pub cases: u64,
    /// A time limit instead of a count.
    pub seconds: Option<u64>,
}

impl Budget {
    /// The budget from the environment, else `default_cases` cases under seed 1.
    pub fn from_env(default_cases: u64) -> Budget {
        let var = |name: &str| {
            std::env::var(name).ok().map(|v| v.parse::<u64>().unwrap_or_else(|_| panic!("{name}={v}: not a number")))
        };
        let seconds = var("FUZZ_SECONDS");
        let cases = var("FUZZ_CASES").unwrap_or(if seconds.is_some() { u64::MAX } else { default_cases });
        Budget { seed: var("FUZZ_SEED").unwrap_or(1), cases, seconds }
    }
}

/// One kind of finding: how often, and the first case that showed it.
#[derive(Debug)]
pub struct Found {
    /// Cases that showed it.
    pub count: u64,
    /// The first such case.
    pub case: u64,
    /// Its details.
    pub detail: String,
    /// Its input.
    pub file: PathBuf,
}

/// What a target's run found, by signature, and how many cases ran.
pub struct Outcome {
    /// Findings by signature.
    pub found: BTreeMap<String, Found>,
    /// Cases run.
    pub cases: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// Runs `budget` cases of `target` in workers, `work` being the folder for findings.
pub fn run(target: &str, budget: &Budget, seeds: &Seeds, work: &Path) -> Outcome {
    let started = Instant::now();
    let until = budget.seconds.map(|s| super::worker::now_ms() + u128::from(s) * 1000).unwrap_or(u128::MAX);
    let mut out = Outcome { found: BTreeMap::new(), cases: 0, elapsed: Duration::ZERO };
    let mut next = 0;
    while next < budget.cases && super::worker::now_ms() < until {
        let stderr = work.join(format!("{target}-worker.stderr"));
        let (mut child, lines) = spawn(target, budget, next, until, &stderr);
        let mut current = None;
        let ended = loop {
            match lines.recv_timeout(HANG) {
                Ok(line) => {
                    let f: Vec<&str> = line.splitn(4, '\t').collect();
                    match f[..] {
                        ["start", i] => current = i.parse::<u64>().ok(),
                        ["finding", i, sig, detail] => {
                            record(&mut out, seeds, target, budget, work, i.parse().unwrap(), sig, detail)
                        }
                        ["done", n] => break Ok(n.parse::<u64>().unwrap()),
                        _ => {}
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = child.kill();
                    break Err(format!("hang: no progress for {HANG:?}"));
                }
                Err(RecvTimeoutError::Disconnected) => break Err(crash_reason(&mut child, &stderr)),
            }
        };
        let _ = child.kill();
        let _ = child.wait();
        match ended {
            Ok(n) => {
                out.cases += n;
                break;
            }
            Err(why) => {
                let case = current.unwrap_or(next);
                record(&mut out, seeds, target, budget, work, case, &why, "");
                out.cases += case + 1 - next;
                next = case + 1;
            }
        }
    }
    out.elapsed = started.elapsed();
    out
}

/// A worker for cases `from..budget.cases`, its stdout lines on a channel.
fn spawn(target: &str, budget: &Budget, from: u64, until: u128, stderr: &Path) -> (Child, Receiver<String>) {
    let exe = std::env::current_exe().unwrap();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(exe)
        .args(["worker", "--exact", "--nocapture", "--test-threads", "1", "-q"])
        .env("FUZZ_WORKER", target)
        .env("FUZZ_SEED", budget.seed.to_string())
        .env("FUZZ_FROM", from.to_string())
        .env("FUZZ_TO", budget.cases.to_string())
        .env("FUZZ_UNTIL_MS", until.min(u128::from(u64::MAX)).to_string())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(stderr).unwrap())
        .spawn()
        .expect("the fuzz worker starts");
    let (tx, rx) = channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

/// Why a worker died: its last words on standard error, or its exit status.
fn crash_reason(child: &mut Child, stderr: &Path) -> String {
    let status = child.wait().map(|s| format!("{s}")).unwrap_or_default();
    let text = std::fs::read_to_string(stderr).unwrap_or_default();
    let said = text.lines().rev().find(|l| l.contains("overflow") || l.contains("memory") || l.contains("abort"));
    match said {
        Some(l) => format!("worker died: {}", l.trim()),
        None => format!("worker died ({status})"),
    }
}

#[allow(clippy::too_many_arguments)]
fn record(
    out: &mut Outcome,
    seeds: &Seeds,
    target: &str,
    budget: &Budget,
    work: &Path,
    case: u64,
    sig: &str,
    detail: &str,
) {
    if let Some(f) = out.found.get_mut(sig) {
        f.count += 1;
        return;
    }
    let file = work.join(format!("{target}-seed{}-case{case}.bin", budget.seed));
    std::fs::write(&file, super::cases::input(seeds, target, budget.seed, case)).unwrap();
    out.found.insert(sig.to_string(), Found { count: 1, case, detail: detail.to_string(), file });
}
