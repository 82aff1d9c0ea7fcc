//! The original dealer's output for 39 scripts × 2 seeds: stdout byte-equal after masking
//! the time and the PBN date, and equal exit codes (../shared/golden/seeded).

mod common;

#[test]
fn every_seeded_script_matches_the_original() {
    let Some(dir) = common::shared("golden/seeded") else { return };
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    names.sort();
    for out in names.iter().filter(|p| p.extension().is_some_and(|e| e == "out")) {
        let stem = out.file_stem().unwrap().to_string_lossy().to_string(); // NAME.sSEED
        let (name, seed) = stem.rsplit_once(".s").unwrap();
        let script = format!("{name}.dlr");
        let want = std::fs::read_to_string(out).unwrap();
        let want_rc: i32 = std::fs::read_to_string(dir.join(format!("{stem}.rc"))).unwrap().trim().parse().unwrap();
        // Three threads (capped at the core count), so the parallel dealing of dealer.exe's
        // stream is what is checked on any machine of two cores or more (one thread is checked
        // against it in tests/threads.rs).
        let got = common::dealbench(&dir, &["run", "-R", "3", "-s", seed, &script]);
        let text = common::mask(&String::from_utf8_lossy(&got.stdout));
        checked += 1;
        if text != want || got.status.code() != Some(want_rc) {
            failures.push(format!(
                "{stem}: rc {:?} (want {want_rc}); stderr: {}",
                got.status.code(),
                String::from_utf8_lossy(&got.stderr)
            ));
        }
    }
    assert!(checked >= 78, "only {checked} golden outputs found");
    assert!(failures.is_empty(), "{} of {checked} differ:\n{}", failures.len(), failures.join("\n"));
}
