//! `--dd-summary` and `--compare` against figures this test computes from the golden DD tables
//! (`../shared/golden/dd/deals100-hard.tsv`, DDS's results and par) with the scoring of the
//! spec (compat.md §4.13) and the WBF IMP table (§4.14, decision D23); and `merge` of shards
//! prints the studies exactly as one run over the same deals does.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write;

/// The deals the test takes (each solved by the run: keep it short).
const DEALS: usize = 16;

/// A golden deal: its oneline text, 20 results `[declarer N,E,S,W][strain C,D,H,S,NT]`, par.
struct Golden {
    line: String,
    tricks: [[i32; 5]; 4],
    par_ns: i32,
    par_contracts: String,
}

/// The first [`DEALS`] golden deals, with par at vulnerability `vul` (0 None, 1 NS, 2 EW, 3 All).
fn golden(vul: usize) -> Option<Vec<Golden>> {
    let dir = common::shared("golden/dd")?;
    let text = std::fs::read_to_string(dir.join("deals100-hard.tsv")).unwrap();
    let par = std::fs::read_to_string(dir.join("deals100-hard.par.tsv")).unwrap();
    let contracts: Vec<String> =
        par.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').nth(10).unwrap().to_string()).collect();
    let rows = text.lines().filter(|l| !l.is_empty()).take(DEALS);
    Some(
        rows.enumerate()
            .map(|(i, l)| {
                let f: Vec<&str> = l.split('\t').collect();
                let mut tricks = [[0; 5]; 4];
                for k in 0..20 {
                    tricks[k / 5][k % 5] = f[1 + k].parse().unwrap();
                }
                let par_ns = f[21 + vul].parse().unwrap();
                Golden { line: f[0].to_string(), tricks, par_ns, par_contracts: contracts[i * 4 + vul].clone() }
            })
            .collect(),
    )
}

/// Declarer's score (spec §4.13): level, strain (0 C … 4 NT), doubling, vulnerable, tricks.
fn score(level: i32, strain: usize, doubled: i32, vul: bool, tricks: i32) -> i32 {
    let need = 6 + level;
    if tricks < need {
        let down = need - tricks;
        if doubled == 0 {
            return -(if vul { 100 } else { 50 }) * down;
        }
        let pen: i32 = (1..=down)
            .map(|k| match (vul, k) {
                (false, 1) => 100,
                (false, 2 | 3) => 200,
                (true, 1) => 200,
                _ => 300,
            })
            .sum();
        return -pen * if doubled == 2 { 2 } else { 1 };
    }
    let per = if strain >= 2 { 30 } else { 20 };
    let mult = [1, 2, 4][doubled as usize];
    let trick_score = (per * level + if strain == 4 { 10 } else { 0 }) * mult;
    let over = tricks - need;
    let over_score = if doubled == 0 { per * over } else { over * (if vul { 200 } else { 100 }) * doubled };
    let mut total = trick_score + over_score + [0, 50, 100][doubled as usize];
    total += if trick_score >= 100 { if vul { 500 } else { 300 } } else { 50 };
    total += match level {
        6 => {
            if vul {
                750
            } else {
                500
            }
        }
        7 => {
            if vul {
                1500
            } else {
                1000
            }
        }
        _ => 0,
    };
    total
}

/// IMPs by the WBF table: the upper bound of each IMP's range.
fn imps(diff: i32) -> i32 {
    const UPPER: [i32; 24] = [
        10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490,
        2990, 3490, 3990,
    ];
    let n = UPPER.iter().position(|&u| diff.abs() <= u).unwrap_or(24) as i32;
    n * diff.signum()
}

#[test]
fn the_scoring_of_the_test_matches_the_spec_s_observations() {
    // compat.md §4.13's observed values, and §4.14's WBF boundaries.
    assert_eq!(score(3, 4, 0, false, 9), 400);
    assert_eq!(score(3, 4, 0, true, 9), 600);
    assert_eq!(score(3, 4, 0, false, 10), 430);
    assert_eq!(score(4, 3, 0, false, 9), -50);
    assert_eq!(score(7, 4, 0, true, 13), 2220);
    assert_eq!(score(1, 0, 0, false, 7), 70);
    assert_eq!(score(6, 2, 0, true, 12), 1430);
    assert_eq!(score(5, 0, 0, false, 11), 400);
    assert_eq!(score(4, 3, 1, false, 10), 590);
    assert_eq!(score(4, 3, 1, true, 6), -1100);
    assert_eq!((imps(20), imps(420), imps(430), imps(1290), imps(-50), imps(4000)), (1, 9, 10, 15, -2, 24));
}

/// Runs `dealbench run` on the golden deals with `args`; returns what it prints after the
/// statistics lines.
fn studies_of_a_run(deals: &[Golden], args: &[&str]) -> String {
    let d = common::Scratch::new("dd-studies");
    let lines: String = deals.iter().map(|g| g.line.clone() + "\n").collect();
    std::fs::write(d.join("deals.txt"), lines).unwrap();
    std::fs::write(d.join("s.dlr"), "action average \"n\" hcp(north)\n").unwrap();
    let mut all = vec!["run", "--deals", "deals.txt", "s.dlr"];
    all.extend_from_slice(args);
    let out = common::dealbench(&d, &all);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let at = text.find(" sec\n").expect("the statistics lines") + 5;
    text[at..].to_string()
}

#[test]
fn dd_summary_is_the_golden_tables_figures() {
    let Some(deals) = golden(1) else { return };
    let n = deals.len() as f64;
    let mut want = format!("Double dummy over {} deals\nMean tricks      C      D      H      S     NT\n", deals.len());
    for (d, seat) in ["N", "E", "S", "W"].iter().enumerate() {
        let _ = write!(want, "{seat:<11}");
        for s in 0..5 {
            let mean = deals.iter().map(|g| g.tricks[d][s]).sum::<i32>() as f64 / n;
            let _ = write!(want, "{mean:7.2}");
        }
        want.push('\n');
    }
    want.push_str("\nMakes %     1     2     3     4     5     6     7\n");
    for (d, seat) in ["N", "E", "S", "W"].iter().enumerate() {
        for (s, strain) in ["C", "D", "H", "S", "NT"].iter().enumerate() {
            let _ = write!(want, "{seat} {strain:<5}");
            for level in 1..=7 {
                let made = deals.iter().filter(|g| g.tricks[d][s] >= level + 6).count();
                let _ = write!(want, "{:6.1}", 100.0 * made as f64 / n);
            }
            want.push('\n');
        }
    }
    let mut scores: BTreeMap<i32, usize> = BTreeMap::new();
    let mut contracts: BTreeMap<&str, usize> = BTreeMap::new();
    for g in &deals {
        *scores.entry(g.par_ns).or_default() += 1;
        *contracts.entry(&g.par_contracts).or_default() += 1;
    }
    want.push_str("\nPar score (NS)   deals       %\n");
    for (s, k) in scores.iter().rev() {
        let _ = writeln!(want, "{s:>+14}{k:>8}{:8.1}", 100.0 * *k as f64 / n);
    }
    want.push_str("\nPar contract     deals       %\n");
    let mut common: Vec<(&str, usize)> = contracts.into_iter().collect();
    common.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (c, k) in common.into_iter().take(10) {
        let _ = writeln!(want, "{c:<14}{k:>8}{:8.1}", 100.0 * k as f64 / n);
    }
    assert_eq!(studies_of_a_run(&deals, &["--dd-summary", "--vulnerable", "ns"]), want);
}

/// Mean and standard error (sample standard deviation over √n) of values.
fn mean_se(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

#[test]
fn compare_is_the_golden_tables_figures() {
    let Some(deals) = golden(0) else { return };
    // (text, level, strain, declarer); EW vulnerable.
    let contracts = [("3N:N", 3, 4, 0usize), ("4S:S", 4, 3, 2), ("5D:S", 5, 1, 2), ("4H:E", 4, 2, 1)];
    let vul = |declarer: usize| declarer % 2 == 1;
    let scores: Vec<Vec<i32>> = contracts
        .iter()
        .map(|&(_, level, strain, d)| {
            deals.iter().map(|g| score(level, strain, 0, vul(d), g.tricks[d][strain])).collect()
        })
        .collect();
    let mut want = String::new();
    for (i, c) in contracts.iter().enumerate() {
        let made = scores[i].iter().filter(|&&s| s > 0).count() as f64 / deals.len() as f64;
        let mean = scores[i].iter().sum::<i32>() as f64 / deals.len() as f64;
        let _ = writeln!(want, "{} make {:.1}% score {mean:.1}", c.0, 100.0 * made);
    }
    for i in 0..contracts.len() {
        for j in i + 1..contracts.len() {
            let sign = if contracts[i].3 % 2 == contracts[j].3 % 2 { 1 } else { -1 };
            let diffs: Vec<i32> = (0..deals.len()).map(|k| scores[i][k] - sign * scores[j][k]).collect();
            let (imp, imp_se) = mean_se(&diffs.iter().map(|&d| f64::from(imps(d))).collect::<Vec<_>>());
            let mps: Vec<f64> = diffs.iter().map(|&d| [0.0, 0.5, 1.0][(d.signum() + 1) as usize]).collect();
            let (mp, mp_se) = mean_se(&mps);
            let _ = writeln!(
                want,
                "{} vs {} imps {imp:+.2} ± {imp_se:.2} mp {mp:.2} ± {mp_se:.2}",
                contracts[i].0, contracts[j].0
            );
        }
    }
    assert_eq!(studies_of_a_run(&deals, &["--compare", "3N:N,4S:S,5D:S,4H:E", "--vulnerable", "ew"]), want);
}

#[test]
fn merged_shards_print_the_studies_of_one_run_over_their_deals() {
    let d = common::Scratch::new("dd-studies-merge");
    std::fs::write(d.join("s.dlr"), "condition hcp(north) + hcp(south) >= 24\naction printoneline\n").unwrap();
    let study = ["--dd-summary", "--compare", "3N:N,4S:N", "--vulnerable", "all"];
    let mut deals = String::new();
    for k in ["0/2", "1/2"] {
        let name = format!("shard{}.json", &k[..1]);
        let mut args = vec!["run", "s.dlr", "-s", "3", "--stream", "fast", "-g", "60", "-p", "5", "--shard", k];
        args.extend(["--stats-json", &name]);
        args.extend(study);
        let out = common::dealbench(&d, &args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        deals.extend(text.lines().filter(|l| l.starts_with("n ")).map(|l| l.to_string() + "\n"));
    }
    assert_eq!(deals.lines().count(), 10, "each shard produces its 5 deals");
    let merged = common::dealbench(&d, &["merge", "shard0.json", "shard1.json"]);
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    let merged = String::from_utf8(merged.stdout).unwrap();
    std::fs::write(d.join("deals.txt"), &deals).unwrap();
    std::fs::write(d.join("t.dlr"), "action average \"n\" hcp(north)\n").unwrap();
    let mut args = vec!["run", "--deals", "deals.txt", "t.dlr"];
    args.extend(study);
    let one = String::from_utf8(common::dealbench(&d, &args).stdout).unwrap();
    let after = |t: &str| t[t.find(" sec\n").expect("the statistics lines") + 5..].to_string();
    assert!(after(&merged).starts_with("Double dummy over 10 deals\n"), "{merged}");
    assert_eq!(after(&merged), after(&one));
}
