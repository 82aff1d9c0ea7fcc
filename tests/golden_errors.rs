//! Scripts the original dealer rejects are rejected too, each with a positioned diagnostic
//! (file:line:column, the source line, a caret); the two it accepts give its output
//! (../shared/golden/errors).

mod common;

#[test]
fn malformed_scripts_are_rejected_with_positions() {
    let Some(dir) = common::shared("golden/errors") else { return };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in manifest.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, accepts) = (cols[0], cols[2]);
        let script = format!("{name}.dlr");
        let got = common::dealbench(&dir, &["run", "-s", "1", &script]);
        let stderr = String::from_utf8_lossy(&got.stderr);
        checked += 1;
        if accepts == "yes" {
            let want = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
            if common::mask(&String::from_utf8_lossy(&got.stdout)) != want || !got.status.success() {
                failures.push(format!("{name}: accepted by the original, output differs"));
            }
            continue;
        }
        let positioned = stderr.starts_with(&format!("{script}:")) && stderr.contains(": error: ");
        let caret = stderr.lines().any(|l| l.trim_start().starts_with('|') && l.contains('^'));
        if got.status.code() != Some(255) || !positioned || !caret {
            failures.push(format!("{name}: rc {:?}, stderr:\n{stderr}", got.status.code()));
        }
    }
    assert_eq!(checked, 33);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn error_line_numbers_are_the_real_lines() {
    let Some(dir) = common::shared("golden/errors") else { return };
    // The original often reports one line past the error; we report the line itself.
    for (name, line) in [("fourteen_cards_two_statements", 3), ("card_predealt_twice", 2), ("stray_character", 2)] {
        let got = common::dealbench(&dir, &["run", &format!("{name}.dlr")]);
        let stderr = String::from_utf8_lossy(&got.stderr);
        assert!(stderr.starts_with(&format!("{name}.dlr:{line}:")), "{name}: {stderr}");
    }
}
