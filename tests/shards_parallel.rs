//! Past one machine: four shards of a `--leads --compare` study run through GNU parallel, each taking its
//! index from `SLURM_ARRAY_TASK_ID` (`--shard auto/4`), and `merge` prints exactly what one run
//! over the same deals prints (the time needed masked). Skipped visibly without `parallel`; a
//! failure under CI=true, where `.ci/run` installs it.

mod common;

use std::process::Command;

const SCRIPT: &str = "condition hcp(south) >= 17\naction average \"hcp n\" hcp(north)\n";

fn parallel_present() -> bool {
    let ok = Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success());
    if !ok {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "GNU parallel is missing: .ci/run installs it");
        eprintln!("SKIPPED: GNU parallel not found (apt-get install parallel)");
    }
    ok
}

#[test]
fn four_shards_through_gnu_parallel_merge_to_one_run() {
    if !parallel_present() {
        return;
    }
    let dir = common::Scratch::new("shards-parallel");
    std::fs::write(dir.join("s.dlr"), SCRIPT).unwrap();
    let bin = env!("CARGO_BIN_EXE_dealbench");
    let study = "--stream fast -s 7 --leads 3N:S --compare 3N:S,4H:S";
    let shard =
        format!("SLURM_ARRAY_TASK_ID={{}} {bin} run s.dlr {study} -g 150 --shard auto/4 --stats-json s{{}}.json");
    let out = Command::new("parallel").current_dir(&*dir).args([&shard, ":::", "0", "1", "2", "3"]).output().unwrap();
    assert!(out.status.success(), "parallel: {}", String::from_utf8_lossy(&out.stderr));
    let merged = common::dealbench(&dir, &["merge", "s0.json", "s1.json", "s2.json", "s3.json"]);
    assert_eq!(merged.status.code(), Some(0), "{}", String::from_utf8_lossy(&merged.stderr));
    let mut whole_args = vec!["run", "s.dlr", "-g", "600"];
    whole_args.extend(study.split(' '));
    let whole = common::dealbench(&dir, &whole_args);
    assert_eq!(whole.status.code(), Some(0), "{}", String::from_utf8_lossy(&whole.stderr));
    let (merged, whole) = (String::from_utf8(merged.stdout).unwrap(), String::from_utf8(whole.stdout).unwrap());
    assert!(whole.contains("Opening leads against 3NT by South") && whole.contains("\nbest "), "{whole}");
    assert!(whole.contains("3N:S vs 4H:S imps "), "{whole}");
    assert_eq!(common::mask(&merged), common::mask(&whole));
}
