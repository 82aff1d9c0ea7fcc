//! Single-thread benchmark: issue 18's one-result script (200 1NT openers, one `dds(north,
//! notrumps)` each) run by dealbench, and by DealerV2_4 with DDS in its single-result mode
//! (`-s 11 -M 1 -R 1`) in the same rounds, interleaved; CPU seconds of each run.
//!
//! `cargo bench --bench dd_one_script`: `DD_ROUNDS` sets the rounds (3). `DEALERV2_DDS=PROGRAM`
//! names DealerV2_4 linked with DDS, built outside the repository (without it only dealbench
//! runs). Before timing, the bench has DealerV2_4 print each deal it keeps with its result
//! and checks every result against dealbench's solver. Pin it (`taskset -c 1`): the child
//! inherits the pinning.

use dealbench::cards::{Seat, parse_deal};
use dealbench::dd::Solver;
use dealbench::eval::compile;
use dealbench::run::{self, Event, RunOptions};
use dealbench::script::CompileOptions;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

const SCRIPT: &str = "generate 10000000\nproduce 200\n\
condition shape(north, any 4333 + any 4432 + any 5332) and hcp(north) >= 15 and hcp(north) <= 17 and hcp(south) <= 12\n";
const ACTION: &str = "action frequency \"tricks\" (dds(north, notrumps), 5, 11)\n";
/// The same deals printed one a line with their result, for the check.
const CHECK: &str = "action printoneline, printes(dds(north, notrumps), \"|\")\n";

/// CPU seconds of this process (every thread), from /proc/self/stat.
fn process_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

/// CPU seconds of the waited-for children so far.
fn children_cpu() -> f64 {
    // SAFETY: `rusage` is plain data that all-zero bytes represent; getrusage fills it.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to a rusage.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut u) };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(u.ru_utime) + secs(u.ru_stime)
}

/// dealbench's run of the script on one thread, seed 11: CPU seconds and the printed text.
fn dealbench_run() -> (f64, String) {
    let src = format!("{SCRIPT}{ACTION}");
    let program = Arc::new(compile(&src, "one.dlr", &CompileOptions::default()).expect("compiles"));
    let opts = RunOptions { seed: Some(11), threads: 1, ..RunOptions::default() };
    let start = process_cpu();
    let handle = run::start(program, opts);
    let mut out = String::new();
    for ev in handle.events().iter() {
        match ev {
            Event::Output(text) => out.push_str(&text),
            Event::Finished(_) => break,
            Event::Failed(d) => panic!("{d:?}"),
            _ => {}
        }
    }
    (process_cpu() - start, out)
}

/// DealerV2_4's run of `script` (`-s 11 -M 1 -R 1`): CPU seconds and standard output.
fn dealerv2_run(program: &str, script: &Path) -> (f64, String) {
    let start = children_cpu();
    let out =
        Command::new(program).args(["-s", "11", "-M", "1", "-R", "1"]).arg(script).output().expect("DEALERV2_DDS");
    assert!(out.status.success(), "{program}: {}", String::from_utf8_lossy(&out.stderr));
    (children_cpu() - start, String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Checks DealerV2_4's printed deals and results against dealbench's solver; the number checked.
fn check(program: &str, dir: &Path) -> usize {
    let script = dir.join("check.dlr");
    std::fs::write(&script, format!("{SCRIPT}{CHECK}")).expect("write the check script");
    let (_, out) = dealerv2_run(program, &script);
    let mut solver = Solver::new();
    let mut checked = 0;
    // Each record: `n S.H.D.C e … s … w … ` (printoneline) then `RESULT|`.
    for rec in out.split('|').filter(|r| r.trim_start().starts_with("n ")) {
        let (hands, result) = rec.trim().rsplit_once('\n').expect("a deal line, then its result");
        let pbn: Vec<&str> = hands.split_whitespace().skip(1).step_by(2).collect();
        let deal = parse_deal(&format!("N:{}", pbn.join(" "))).expect("DealerV2_4's deal");
        let want: u8 = result.trim().parse().expect("DealerV2_4's result");
        let got = solver.tricks(&deal, Seat::from_index(0), 4).expect("solves");
        assert_eq!(got, want, "north in notrump on {hands}");
        checked += 1;
    }
    assert_eq!(checked, 200, "DealerV2_4 printed 200 deals");
    checked
}

fn main() {
    let rounds: usize = std::env::var("DD_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let v2 = std::env::var("DEALERV2_DDS").ok();
    let dir = tempfile::tempdir().expect("a scratch directory");
    let script = dir.path().join("one.dlr");
    std::fs::write(&script, format!("{SCRIPT}{ACTION}")).expect("write the script");
    if let Some(p) = &v2 {
        println!("DealerV2_4+DDS agrees with dealbench on all {} deals of its run", check(p, dir.path()));
    }
    let (mut best_db, mut best_v2) = (f64::MAX, f64::MAX);
    for round in 1..=rounds {
        let (db, out) = dealbench_run();
        assert!(out.contains("Produced 200 hands"), "dealbench's run:\n{out}");
        best_db = best_db.min(db);
        print!("round {round}: dealbench {db:.2} s");
        if let Some(p) = &v2 {
            let (t, out) = dealerv2_run(p, &script);
            assert!(out.contains("Produced  200 hands"), "DealerV2_4's run:\n{out}");
            best_v2 = best_v2.min(t);
            print!(", DealerV2_4+DDS {t:.2} s, ratio {:.2}", db / t);
        }
        println!();
    }
    print!("issue 18's one-result script, best of {rounds}: dealbench {best_db:.2} s CPU");
    if v2.is_some() {
        print!(", DealerV2_4+DDS -M 1 -R 1 {best_v2:.2} s, ratio {:.2}", best_db / best_v2);
    }
    println!();
}
