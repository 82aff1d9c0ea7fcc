//! `dealbench dealer3` against dealer3's spec (../shared/spec/dealer3-levelling.md): the
//! levelling summary read with the regular expressions of Practice-Bidding-Scenarios'
//! `level.py`, the written block, the `--stats-json` schema, `[HandType]` read by endplay,
//! `--round-robin`'s quotas, `--interleave`'s order, and the levelled copy on dealer 1.24.

mod common;

use common::Scratch;
use std::path::Path;
use std::process::{Command, Output};

/// The NT ladder scenario (its stock form: no placeholder, hand types, `{{level-mix}}`).
const LADDER: &str = "/*@chat
--- NT Ladder
{{level-mix}}
22-24 HCP ({{level-mix:22_24}})
@chat*/

dealer south
balanced = shape(south, any 4333 + any 4432 + any 5332)
HandType_12_14 = hcp(south) >= 12 and hcp(south) <= 14
HandType_15_17 = hcp(south) >= 15 and hcp(south) <= 17
HandType_18_19 = hcp(south) >= 18 and hcp(south) <= 19
HandType_20_21 = hcp(south) >= 20 and hcp(south) <= 21
HandType_22_24 = hcp(south) >= 22 and hcp(south) <= 24

# Now do it
condition
balanced and hcp(south) >= 12 and hcp(south) <= 24

action
average \"12_14\" HandType_12_14,
average \"15_17\" HandType_15_17,
average \"18_19\" HandType_18_19,
average \"20_21\" HandType_20_21,
average \"22_24\" HandType_22_24
";

fn run(dir: &Path, args: &[&str]) -> Output {
    let mut all = vec!["dealer3"];
    all.extend_from_slice(args);
    common::dealbench(dir, &all)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// level.py's regular expressions over the summary: the mix by name and the rarest's sightings.
/// What level.py reads of a summary: the mix by name, and the rarest with its sightings.
type LevelPy = (Vec<(String, f64)>, Option<(String, u64)>);

fn parsed_by_level_py(report: &str) -> LevelPy {
    let py = r#"
import re, sys
MIX_ROW = re.compile(r"^\s+(\S+)\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+[\d.]+\s+\d+\s*$")
SIGHTINGS = re.compile(r"pinned down by `([^`]+)`, the rarest, seen (\d+) times")
report = sys.stdin.read()
for line in report.splitlines():
    m = MIX_ROW.match(line)
    if m:
        print("mix", m.group(1), m.group(2))
m = SIGHTINGS.search(report)
if m:
    print("rarest", m.group(1), m.group(2))
"#;
    let mut child = Command::new("python3")
        .args(["-c", py])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(report.as_bytes()).unwrap();
    let out = text(&child.wait_with_output().unwrap().stdout);
    let mut mix = Vec::new();
    let mut rarest = None;
    for l in out.lines() {
        let f: Vec<&str> = l.split(' ').collect();
        match f[0] {
            "mix" => mix.push((f[1].to_string(), f[2].parse().unwrap())),
            _ => rarest = Some((f[1].to_string(), f[2].parse().unwrap())),
        }
    }
    (mix, rarest)
}

fn ladder(tag: &str) -> Scratch {
    let d = Scratch::new(tag);
    std::fs::write(d.join("ladder.dlr"), LADDER).unwrap();
    d
}

/// The averages of a dealer report (`12_14: 0.2013`), by label.
fn averages(report: &str) -> Vec<(String, f64)> {
    report
        .lines()
        .filter_map(|l| l.split_once(": "))
        .filter_map(|(k, v)| Some((k.to_string(), v.trim().parse().ok()?)))
        .collect()
}

#[test]
fn write_leveled_measures_to_2000_sightings_and_reports_as_level_py_reads_it() {
    let d = ladder("d3-level");
    let out = run(&d, &["ladder.dlr", "-q", "-s", "1", "--write-leveled", "lev.dlr"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(out.stdout.is_empty(), "--write-leveled alone deals nothing");
    assert!(err.ends_with("\nwrote lev.dlr\n"), "{err}");
    let copy = std::fs::read_to_string(d.join("lev.dlr")).unwrap();
    // The block: the rarest band is seen exactly 2,000 times, the others more.
    let rows: Vec<Vec<&str>> = copy
        .lines()
        .filter(|l| l.starts_with("# ") && l[2..].starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l[2..].split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 5, "{copy}");
    let seen: Vec<u64> = rows.iter().map(|r| r[4].parse().unwrap()).collect();
    assert_eq!(seen[4], 2000, "{copy}");
    assert!(seen[..4].iter().all(|&s| s > 2000));
    let measured = format!("# measured over  {} deals, seed 1\n", seen.iter().sum::<u64>());
    assert!(copy.contains(&measured), "{copy}");
    // Each level line's threshold is its keep on the roll of 1000, rounded.
    for r in &rows[..4] {
        let keep: f64 = r[3].parse().unwrap();
        let t = (keep * 1000.0).round() as i64;
        let line = format!("level_{} = HandType_{} and roll < ", r[0], r[0]);
        let at = copy.find(&line).unwrap_or_else(|| panic!("{line}: {copy}"));
        let written: i64 = copy[at + line.len()..].lines().next().unwrap().parse().unwrap();
        assert!((written - t).abs() <= 1, "{line}{written} against keep {keep}");
    }
    assert!(
        copy.contains("level_22_24 = HandType_22_24\n") && copy.contains("roll = (rnd(1000) % 1000 + 1000) % 1000\n")
    );
    assert!(copy.contains("and levelTheDeal\n"), "{copy}");
    assert!(copy.contains("12_14  20%\n15_17  20%\n18_19  20%\n20_21  20%\n22_24  20%\n22-24 HCP (20%)"), "{copy}");
    if !common::endplay_present() {
        return;
    }
    let (mix, rarest) = parsed_by_level_py(&err);
    assert_eq!(mix.iter().map(|m| m.0.as_str()).collect::<Vec<_>>(), ["12_14", "15_17", "18_19", "20_21", "22_24"]);
    assert!(mix.iter().all(|m| (m.1 - 0.2).abs() < 1e-9), "{mix:?}");
    assert_eq!(rarest, Some(("22_24".to_string(), 2000)));
    // The build's check: 10,000 deals of the copy, each share within 2 points of its mix.
    let check = run(&d, &["lev.dlr", "-q", "-s", "1", "-p", "10000", "--stats-json"]);
    let json: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    for t in json["hand_types"].as_array().unwrap() {
        assert!((t["share"].as_f64().unwrap() - 0.2).abs() < 0.02, "{t}");
    }
}

#[test]
fn stats_json_follows_dealer3s_schema() {
    let d = ladder("d3-json");
    std::fs::write(
        d.join("f.dlr"),
        LADDER.replace(
            "average \"22_24\" HandType_22_24",
            "average \"22_24\" HandType_22_24, frequency \"hcp\" (hcp(south), 13, 20)",
        ),
    )
    .unwrap();
    let out = run(&d, &["f.dlr", "-q", "-s", "7", "-p", "200", "--stats-json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.starts_with("{\n  \"generated\": ") && s.ends_with("\n}\n"), "{s}");
    let j: serde_json::Value = serde_json::from_str(&s).unwrap();
    let keys: Vec<&str> = j.as_object().unwrap().keys().map(String::as_str).collect();
    let mut want = ["generated", "produced", "seed", "seconds", "timed_out", "hand_types", "averages", "frequencies"];
    want.sort();
    let mut got = keys.clone();
    got.sort();
    assert_eq!(got, want);
    assert_eq!(
        (j["produced"].as_u64(), j["seed"].as_u64(), j["timed_out"].as_bool()),
        (Some(200), Some(7), Some(false))
    );
    let types = j["hand_types"].as_array().unwrap();
    let counts: u64 = types.iter().map(|t| t["produced"].as_u64().unwrap()).sum();
    assert_eq!(counts, 200);
    for t in types {
        assert_eq!(t["share"].as_f64().unwrap(), t["produced"].as_f64().unwrap() / 200.0);
    }
    assert_eq!(j["averages"].as_array().unwrap().len(), 5);
    assert!(j["averages"][0]["label"] == "12_14" && j["averages"][0]["count"] == 200);
    let f = &j["frequencies"][0];
    let bins = f["bins"].as_array().unwrap();
    assert_eq!(bins.len(), 8);
    assert!(bins.iter().enumerate().all(|(i, b)| b["value"].as_i64() == Some(13 + i as i64)));
    let inside: u64 = bins.iter().map(|b| b["count"].as_u64().unwrap()).sum();
    assert_eq!(f["below"].as_u64().unwrap() + f["above"].as_u64().unwrap() + inside, 200);
    assert_eq!(f["total"].as_u64(), Some(200));
}

#[test]
fn pbn_carries_the_hand_type_that_endplay_reads() {
    let d = ladder("d3-pbn");
    let out = run(&d, &["ladder.dlr", "-s", "3", "-p", "6", "-f", "printpbn"]);
    let pbn = text(&out.stdout);
    let pbn = &pbn[..pbn.find("12_14: ").unwrap()]; // the averages follow the deals
    std::fs::write(d.join("x.pbn"), pbn).unwrap();
    let tags: Vec<&str> = pbn.lines().filter_map(|l| l.strip_prefix("[HandType \"")?.strip_suffix("\"]")).collect();
    assert_eq!(tags.len(), 6, "{pbn}");
    assert!(pbn.contains("[Board \"1\"]\n[HandType \""), "{pbn}");
    if !common::endplay_present() {
        return;
    }
    let py = "import sys\nfrom endplay.parsers import pbn\nfor b in pbn.load(open(sys.argv[1])): print(b.board_num, b.info['HandType'])";
    let read = Command::new("python3").args(["-c", py, "x.pbn"]).current_dir(&*d).output().unwrap();
    let read = text(&read.stdout);
    let want: Vec<String> = tags.iter().enumerate().map(|(i, t)| format!("{} {t}", i + 1)).collect();
    assert_eq!(read.lines().collect::<Vec<_>>(), want);
}

const THREE: &str = "HandType_weak = hcp(north) < 10\nHandType_mid = hcp(north) >= 10 and hcp(north) < 13\n\
    HandType_strong = hcp(north) >= 13\n";

fn round_robin(dir: &Path, script: &str, p: &str) -> Vec<u64> {
    std::fs::write(dir.join("rr.dlr"), script).unwrap();
    let out = run(dir, &["rr.dlr", "-q", "-s", "5", "-p", p, "--round-robin", "--stats-json"]);
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", text(&out.stderr)));
    j["hand_types"].as_array().unwrap().iter().map(|t| t["produced"].as_u64().unwrap()).collect()
}

#[test]
fn round_robin_gives_the_quotas_of_the_spec() {
    let d = Scratch::new("d3-rr");
    let mut c = round_robin(&d, &format!("{THREE}condition 1\naction printoneline\n"), "14");
    c.sort();
    assert_eq!(c, [4, 5, 5]);
    let shares = format!("{THREE}HandType_mid_Share = 3\ncondition 1\naction printoneline\n");
    assert_eq!(round_robin(&d, &shares, "15"), [3, 9, 3]);
}

/// Deals and their hand types as `dealer3 -f pbn` prints them.
fn deals(out: &str) -> Vec<(String, String)> {
    let tag = |l: &str, t: &str| l.strip_prefix(t).and_then(|r| r.strip_suffix("\"]")).map(str::to_string);
    let mut v = Vec::new();
    let mut label = String::new();
    for l in out.lines() {
        if let Some(t) = tag(l, "[HandType \"") {
            label = t;
        }
        if let Some(d) = tag(l, "[Deal \"") {
            v.push((d, std::mem::take(&mut label)));
        }
    }
    v
}

#[test]
fn interleave_deals_the_same_deals_in_dealer3s_order() {
    let d = Scratch::new("d3-il");
    std::fs::write(d.join("il.dlr"), format!("{THREE}condition 1\naction printpbn\n")).unwrap();
    let plain = deals(&text(&run(&d, &["il.dlr", "-s", "11", "-p", "12"]).stdout));
    let out = run(&d, &["il.dlr", "-s", "11", "-p", "12", "--interleave", "-v"]);
    let mixed = deals(&text(&out.stdout));
    let names = ["weak", "mid", "strong"];
    let labels: Vec<Option<usize>> = plain.iter().map(|(_, l)| names.iter().position(|n| n == l)).collect();
    let order = dealbench::run::dealer3::order::interleave(&labels, 3, 11);
    let want: Vec<(String, String)> = order.iter().map(|&i| plain[i].clone()).collect();
    assert_eq!(mixed, want);
    assert!(text(&out.stderr).contains("Interleaved "), "{}", text(&out.stderr));
    // The boards are numbered by their place in the new order.
    assert!(text(&out.stdout).contains("[Board \"12\"]"));
}

#[test]
fn overlapping_hand_types_are_fatal_and_the_link_named_dealer3_speaks_dealer3() {
    let d = Scratch::new("d3-overlap");
    std::fs::write(d.join("o.dlr"), "HandType_a = hcp(north) > 5\nHandType_b = hcp(north) > 8\ncondition 1\n").unwrap();
    let link = d.join("dealer3");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_dealbench"), &link).unwrap();
    let out =
        Command::new(&link).current_dir(&*d).args(["-s", "1", "-p", "50", "-f", "oneline", "o.dlr"]).output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(
            "Error: a deal is both `a` and `b`. Hand types have to partition the deals, so at most one may match.\nn "
        ),
        "{err}"
    );
}

/// The copy dealer3 mode writes, dealt by dealer 1.24 itself when `DEALBENCH_DEALER124` names
/// a build of it: 10,000 deals, each band within 2 points of its levelled share.
#[test]
fn the_levelled_copy_delivers_its_mix_on_dealer_124() {
    let Some(dealer) = std::env::var_os("DEALBENCH_DEALER124") else {
        eprintln!("SKIPPED: DEALBENCH_DEALER124 is not set (a dealer 1.24 binary)");
        return;
    };
    let d = ladder("d3-124");
    let out = run(&d, &["ladder.dlr", "-s", "2", "--write-leveled", "lev.dlr"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = Command::new(dealer).current_dir(&*d).args(["-s", "3", "-p", "10000", "lev.dlr"]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let avg = averages(&text(&out.stdout));
    assert_eq!(avg.len(), 5, "{}", text(&out.stdout));
    assert!(avg.iter().all(|(_, v)| (v - 0.2).abs() < 0.02), "{avg:?}");
}

#[test]
fn params_lists_the_declarations_as_text_and_json() {
    let d = Scratch::new("d3-params");
    let script = "# param 1 = 15  # minimum HCP\n# param 2 = north\ncondition hcp($2) >= $1\naction printoneline\n";
    std::fs::write(d.join("p.dlr"), script).unwrap();
    let out = text(&run(&d, &["--params", "p.dlr"]).stdout);
    assert!(out.starts_with("Script parameters of p.dlr:\n"), "{out}");
    assert!(out.contains("\n  $1  15     minimum HCP\n  $2  north\n"), "{out}");
    let json = run(&d, &["--params", "--stats-json", "p.dlr"]);
    let j: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let p = &j["params"][0];
    assert_eq!(
        (p["index"].as_u64(), p["default"].as_str(), p["description"].as_str()),
        (Some(1), Some("15"), Some("minimum HCP"))
    );
    assert_eq!((p["declared_on"].as_u64(), p["used_on"].as_u64()), (Some(1), Some(3)));
    // The declared defaults run the script; a --param it never mentions is a warning.
    let r = run(&d, &["-s", "1", "-p", "3", "--param", "1=20", "--param", "5=x", "p.dlr"]);
    assert_eq!(r.status.code(), Some(0));
    assert!(text(&r.stderr).contains("Warning: --param 5 was given and the script never mentions `$5`"));
    let hcp: Vec<u32> = text(&r.stdout)
        .lines()
        .map(|l| common::points(l.split(" e ").next().unwrap().trim_start_matches("n ")))
        .collect();
    assert!(hcp.len() == 3 && hcp.iter().all(|&h| h >= 20), "{hcp:?}");
}

#[test]
fn level_types_are_levelled_and_hand_types_group_them() {
    let d = Scratch::new("d3-leveltypes");
    let script = LADDER
        .replace("HandType_", "LevelType_")
        .replace("({{level-mix:22_24}})", "({{level-mix:high}})")
        .replace("dealer south\n", "dealer south\nHandType_low = hcp(south) <= 17\nHandType_high = hcp(south) >= 18\n");
    std::fs::write(d.join("g.dlr"), script).unwrap();
    let out = run(&d, &["g.dlr", "-s", "1", "--write-leveled", "lev.dlr"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("\n  22_24  ") && !err.contains("\n  low "), "{err}");
    let copy = std::fs::read_to_string(d.join("lev.dlr")).unwrap();
    assert!(copy.contains("level_12_14 = LevelType_12_14 and roll < "), "{copy}");
    // `{{level-mix}}` names the hand types: two bands of five are low.
    assert!(copy.contains("low   40%\nhigh  60%\n22-24 HCP (60%)"), "{copy}");
    let check = run(&d, &["lev.dlr", "-q", "-s", "2", "-p", "10000", "--stats-json"]);
    let j: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    let shares =
        |k: &str| -> Vec<f64> { j[k].as_array().unwrap().iter().map(|t| t["share"].as_f64().unwrap()).collect() };
    assert!(shares("level_types").iter().all(|s| (s - 0.2).abs() < 0.02), "{j}");
    let h = shares("hand_types");
    assert!((h[0] - 0.4).abs() < 0.02 && (h[1] - 0.6).abs() < 0.02, "{j}");
}

#[test]
fn the_meter_and_the_timeout_speak_on_standard_error() {
    let d = ladder("d3-meter");
    let out = run(&d, &["ladder.dlr", "-s", "1", "-p", "3", "-q", "-m"]);
    assert!(text(&out.stderr).contains("Calculating... 100% complete"), "{}", text(&out.stderr));
    std::fs::write(d.join("slow.dlr"), "condition hcp(north) >= 37\naction printoneline\n").unwrap();
    let out = run(&d, &["slow.dlr", "-s", "1", "-p", "3", "-t", "0.3", "--stats-json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("Timeout after 0.3 seconds ("), "{}", text(&out.stderr));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["timed_out"].as_bool(), Some(true));
}

#[test]
fn measuring_and_producing_share_one_generate_budget() {
    let d = ladder("d3-budget");
    let generated = |g: &str| -> (u64, u64) {
        let out = run(&d, &["ladder.dlr", "-s", "1", "-p", "100000", "-g", g, "-q", "--level", "--stats-json"]);
        let j: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{}", text(&out.stderr)));
        (j["generated"].as_u64().unwrap(), j["produced"].as_u64().unwrap())
    };
    // Each deal more of -g is one deal more for the levelled pass, once measuring has its share.
    let (a, b) = (generated("1000000"), generated("1001000"));
    assert_eq!(b.0 - a.0, 1000, "{a:?} {b:?}");
    assert!(a.1 < 100_000 && b.1 >= a.1);
}
