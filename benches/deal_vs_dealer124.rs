//! Issue 33: dealer.exe's stream on a never-true condition (`hcp(north) > 37`), `dealbench run
//! -R 1` against dealer 1.24 in the same run: both pinned to one core (`taskset -c CORE`),
//! taking turns each round, each keeping its least CPU (user + system, GNU time); the report is
//! dealer 1.24's CPU over dealbench's. Then peak resident memory (GNU time's `%M`) of both on
//! every scenario script (`benches/scenarios/dlr`) and of `dealbench --version`.
//!
//! `cargo bench --bench deal_vs_dealer124`; environment: `DEALER124_BIN` (default
//! `../baselines/dealer124/dealer`), `DEALS` (10,000,000), `ROUNDS` (5), `CORE` (1),
//! `TIME_BIN` (`/usr/bin/time`).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const NEVER: &str = "condition hcp(north) > 37\naction average hcp(north)\n";

/// CPU seconds and peak resident kB of one run.
struct Cost {
    cpu: f64,
    max_kb: u64,
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Runs `bin args` pinned to `core` under GNU time; `None` when it fails.
fn measure(bin: &Path, args: &[String], core: &str, out: &Path) -> Option<Cost> {
    let time = std::env::var("TIME_BIN").unwrap_or_else(|_| "/usr/bin/time".into());
    let status = Command::new(time)
        .args(["-o".as_ref(), out.as_os_str(), "-f".as_ref(), "%U %S %M".as_ref()])
        .args(["taskset", "-c", core])
        .arg(bin)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    if !status.success() {
        return None;
    }
    let text = std::fs::read_to_string(out).ok()?;
    let f: Vec<&str> = text.lines().last()?.split_whitespace().collect();
    let (u, s, m) = (f.first()?.parse::<f64>().ok()?, f.get(1)?.parse::<f64>().ok()?, f.get(2)?.parse().ok()?);
    Some(Cost { cpu: u + s, max_kb: m })
}

/// The least CPU and memory of each program over `rounds` interleaved rounds.
fn best_of(rounds: usize, runs: &[(&Path, Vec<String>)], core: &str, out: &Path) -> Vec<Option<Cost>> {
    let mut best: Vec<Option<Cost>> = runs.iter().map(|_| None).collect();
    for _ in 0..rounds {
        for ((bin, args), b) in runs.iter().zip(best.iter_mut()) {
            let Some(c) = measure(bin, args, core, out) else { continue };
            let old = b.get_or_insert(Cost { cpu: f64::INFINITY, max_kb: u64::MAX });
            (old.cpu, old.max_kb) = (old.cpu.min(c.cpu), old.max_kb.min(c.max_kb));
        }
    }
    best
}

fn load_and_cpu() -> String {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |k: &str| {
        cpuinfo.lines().find(|l| l.starts_with(k)).and_then(|l| l.split(':').nth(1)).unwrap_or("?").trim().to_string()
    };
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    format!(
        "{}, family {} model {}; load {}",
        field("model name"),
        field("cpu family"),
        field("model\t"),
        load.join(" ")
    )
}

fn main() {
    let dealer124 =
        PathBuf::from(std::env::var("DEALER124_BIN").unwrap_or_else(|_| "../baselines/dealer124/dealer".into()));
    let dealbench = PathBuf::from(env!("CARGO_BIN_EXE_dealbench"));
    let (deals, rounds, core) =
        (env_or("DEALS", 10_000_000u64), env_or("ROUNDS", 5usize), env_or("CORE", "1".to_string()));
    let dir = tempfile::tempdir().expect("a scratch directory");
    let (script, out) = (dir.path().join("never.dlr"), dir.path().join("time.out"));
    std::fs::write(&script, NEVER).expect("write the script");
    println!("{}", load_and_cpu());
    if !dealer124.exists() {
        println!("no dealer 1.24 at {} (DEALER124_BIN): nothing to compare", dealer124.display());
        return;
    }
    let n = deals.to_string();
    let s = script.display().to_string();
    let d124 = vec!["-s".into(), "1".into(), "-g".into(), n.clone(), "-p".into(), n.clone(), s.clone()];
    let db = ["run", "-s", "1", "-R", "1", "-g", &n, "-p", &n, &s].map(String::from).to_vec();
    let best = best_of(rounds, &[(&dealer124, d124), (&dealbench, db)], &core, &out);
    if let [Some(a), Some(b)] = &best[..] {
        println!(
            "never true, {deals} deals, best of {rounds}: dealer 1.24 {:.2} s, dealbench {:.2} s: {:.2}x dealer 1.24's speed",
            a.cpu,
            b.cpu,
            a.cpu / b.cpu
        );
        println!("peak memory: dealer 1.24 {} kB, dealbench {} kB", a.max_kb, b.max_kb);
    }
    memory(&dealer124, &dealbench, &core, &out);
}

/// Peak memory of both programs on every scenario script (100,000 deals, one round).
fn memory(dealer124: &Path, dealbench: &Path, core: &str, out: &Path) {
    let v = best_of(1, &[(dealbench, vec!["--version".into()])], core, out);
    println!("dealbench --version: {} kB", v[0].as_ref().map_or(0, |c| c.max_kb));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/scenarios/dlr");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    let (mut worst, n) = (i64::MIN, "100000");
    println!("| script | dealer 1.24 kB | dealbench kB | difference kB |\n|---|---:|---:|---:|");
    for f in files {
        let s = f.display().to_string();
        let d124 = ["-s", "1", "-g", n, "-p", n, &s].map(String::from).to_vec();
        let db = ["run", "-s", "1", "-R", "1", "-g", n, "-p", n, &s].map(String::from).to_vec();
        if let [Some(a), Some(b)] = &best_of(1, &[(dealer124, d124), (dealbench, db)], core, out)[..] {
            let diff = b.max_kb as i64 - a.max_kb as i64;
            worst = worst.max(diff);
            let name = f.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            println!("| {name} | {} | {} | {diff} |", a.max_kb, b.max_kb);
        }
    }
    println!("largest difference: {worst} kB (the target: at most 5120)");
}
