//! The worker process: runs cases `FUZZ_FROM..FUZZ_TO` of one target and tells its
//! supervisor on standard output what it starts and what it finds, so a crash, an abort or
//! a hang still names its case.

use super::oracles::{self, Finding, Findings, finding};
use super::seeds::Seeds;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// A case slower than this is a finding; runs police their own time.
pub const SLOW: Duration = Duration::from_secs(4);

/// Where the last panic happened and what it said.
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// What the supervisor passes in the environment.
pub struct Job {
    /// The target's name.
    pub target: String,
    /// The RNG seed.
    pub seed: u64,
    /// First case.
    pub from: u64,
    /// One past the last case.
    pub to: u64,
    /// Stop starting cases after this time (milliseconds since the epoch).
    pub until_ms: u128,
}

/// Runs the job's cases; prints `start I`, `finding I SIG DETAIL` and finally `done N`.
pub fn work(job: &Job, seeds: &Seeds) {
    keep_panics();
    let mut done = 0;
    let mut out = std::io::stdout();
    for i in job.from..job.to {
        if now_ms() >= job.until_ms {
            break;
        }
        let _ = writeln!(out, "start\t{i}");
        let input = super::cases::input(seeds, &job.target, job.seed, i);
        for f in check_timed(&job.target, &input, i) {
            let _ = writeln!(out, "finding\t{i}\t{}\t{}", one_line(&f.sig), one_line(&f.detail));
        }
        done += 1;
    }
    let _ = writeln!(out, "done\t{done}");
}

/// Every finding of one case: the target's check (and, for every 16th deal file, the
/// command line's reader), and a finding when it was slow.
pub fn check_timed(target: &str, input: &[u8], case: u64) -> Vec<Finding> {
    let t = Instant::now();
    let mut found = guarded(target, input);
    if target == "deals" && case.is_multiple_of(16) {
        found.add(super::deals_cli::check(input, case));
    }
    let took = t.elapsed();
    if took > SLOW && target != "run" {
        found.add(Err(finding("slow case", format!("{} ms for {} bytes", took.as_millis(), input.len()))));
    }
    found.0
}

/// Panics are kept in [`LAST_PANIC`] instead of printed.
fn keep_panics() {
    std::panic::set_hook(Box::new(|info| {
        let at = info.location().map_or(String::new(), |l| format!("{}:{}", l.file(), l.line()));
        let msg = info.payload().downcast_ref::<&str>().map(|s| s.to_string());
        let msg = msg.or_else(|| info.payload().downcast_ref::<String>().cloned()).unwrap_or_default();
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = format!("{at}: {msg}");
    }));
}

/// The target's check, with a panic turned into a finding at the panic's location.
fn guarded(target: &str, input: &[u8]) -> Findings {
    let check = match target {
        "compile" => oracles::compile::check,
        "run" => oracles::run::check,
        "deals" => oracles::deals::check,
        _ => oracles::stats::check,
    };
    let mut found = Findings::default();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(input, &mut found)));
    let panic = LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).split_off(0);
    let at = panic.split(": ").next().unwrap_or("").to_string();
    for f in found.0.iter_mut().filter(|f| f.sig == "the run panicked") {
        f.sig = format!("the run panicked at {at}");
    }
    if result.is_err() {
        let msg = panic.split_once(": ").map_or("", |(_, m)| m);
        let general: String = msg.chars().filter(|c| !c.is_ascii_digit()).collect();
        found.add(Err(finding(&format!("panic at {at}: {}", oracles::clip(&general, 60)), msg)));
    }
    found
}

fn one_line(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
}

/// Milliseconds since the epoch.
pub fn now_ms() -> u128 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis())
}

/// Runs one saved input (`FUZZ_REPLAY=FILE`) and prints what it finds.
pub fn replay(target: &str, file: &std::path::Path) {
    let input = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    keep_panics();
    for f in check_timed(target, &input, 0) {
        println!("{}\n    {}", f.sig, f.detail.escape_debug());
    }
}

/// Writes the inputs of the job's cases into `dir` as `TARGET-seedS-caseI.bin`.
pub fn dump(job: &Job, seeds: &Seeds, dir: &std::path::Path) {
    for i in job.from..job.to {
        let file = dir.join(format!("{}-seed{}-case{i}.bin", job.target, job.seed));
        std::fs::write(&file, super::cases::input(seeds, &job.target, job.seed, i)).unwrap();
        println!("{}", file.display());
    }
}

/// The options of the run seeds: nine deals, one produced, double-dummy scripts skipped.
const RUN_HEADER: [u8; super::oracles::run::HEADER] = {
    let mut h = [0; super::oracles::run::HEADER];
    h[1] = 1;
    h
};

/// Writes the target's seeds, unmutated, into `dir` as a cargo-fuzz corpus.
pub fn export_seeds(target: &str, seeds: &Seeds, dir: &std::path::Path) {
    std::fs::create_dir_all(dir).unwrap();
    let inputs: Vec<Vec<u8>> = match target {
        "compile" => seeds.scripts.clone(),
        "run" => seeds.scripts.iter().map(|s| [&RUN_HEADER[..], s].concat()).collect(),
        "deals" => seeds.deal_files.clone(),
        _ => seeds.stats.iter().map(|[a, b]| [&a[..], &[0], &b[..]].concat()).collect(),
    };
    for (i, input) in inputs.iter().enumerate() {
        std::fs::write(dir.join(format!("seed-{i:04}")), input).unwrap();
    }
}
