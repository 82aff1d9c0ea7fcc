//! `--export` and `--rotate`: sets for play read back by a real reader of each format
//! (endplay, in Python) and by our own deal-file reader (`--deals`).

mod common;

use std::path::Path;

/// Vulnerability of boards 1..16 (compat.md §2.4).
const VUL: [&str; 16] =
    ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW"];
const SEATS: &str = "NESW";

/// A folder of its own for one test, removed when dropped.
fn folder(name: &str) -> common::Scratch {
    common::Scratch::new(&format!("sets-{name}"))
}

/// The four hands, North first, of each `printoneline` line.
fn oneline_deals(stdout: &str) -> Vec<[String; 4]> {
    let deals: Vec<[String; 4]> = stdout
        .lines()
        .filter(|l| l.starts_with("n "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            [w[1].into(), w[3].into(), w[5].into(), w[7].into()]
        })
        .collect();
    assert!(!deals.is_empty(), "no deals in {stdout}");
    deals
}

/// Runs `script` with `args` in `dir`: the deals it printed.
fn run(dir: &Path, script: &str, args: &[&str]) -> Vec<[String; 4]> {
    std::fs::write(dir.join("s.dl"), script).unwrap();
    let mut all = vec!["run", "s.dl"];
    all.extend_from_slice(args);
    let out = common::dealbench(dir, &all);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    oneline_deals(&String::from_utf8(out.stdout).unwrap())
}

/// One board as a reader reports it: number, dealer, vulnerability, `N:` deal.
type Board = (u64, char, String, String);

/// What the set should hold: the run's deals numbered from `first`, with the script's dealer
/// and vulnerability when given, or (`rotate`) the board number's, the deal turned so that the
/// script's dealer sits in the board's dealer seat.
fn expected(deals: &[[String; 4]], first: u64, dealer: Option<usize>, vul: Option<&str>, rotate: bool) -> Vec<Board> {
    let mut out = Vec::new();
    for (i, hands) in deals.iter().enumerate() {
        let number = first + i as u64;
        let by_number = ((number - 1) % 4) as usize;
        let vul_by_number = VUL[((number - 1) % 16) as usize];
        let (d, v) = if rotate {
            (by_number, vul_by_number)
        } else {
            (dealer.unwrap_or(by_number), vul.unwrap_or(vul_by_number))
        };
        // Rotated, the script's dealer moves to the board's dealer seat; otherwise nothing moves.
        let from = if rotate { dealer.unwrap_or(d) } else { d };
        // Seat `d + k` holds what seat `from + k` held.
        let mut turned: Vec<String> = vec![String::new(); 4];
        for k in 0..4 {
            turned[(d + k) % 4] = hands[(from + k) % 4].clone();
        }
        out.push((number, SEATS.as_bytes()[d] as char, v.to_string(), format!("N:{}", turned.join(" "))));
    }
    out
}

/// The deals `dealbench run --deals FILE` reads from a set, as `N:` deals.
fn our_reader(dir: &Path, file: &str) -> Vec<String> {
    let out = common::dealbench(dir, &["run", "r.dl", "--deals", file, "-s", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    oneline_deals(&String::from_utf8(out.stdout).unwrap()).iter().map(|h| format!("N:{}", h.join(" "))).collect()
}

struct Case {
    name: &'static str,
    script: &'static str,
    first: u64,
    dealer: Option<usize>,
    vul: Option<&'static str>,
}

const CASES: [Case; 3] = [
    Case {
        name: "south",
        script: "dealer south\ncondition hcp(south) >= 15\naction printoneline\n",
        first: 1,
        dealer: Some(2),
        vul: None,
    },
    Case {
        name: "west-ew-17",
        script: "startboard 17\ndealer west\nvulnerable ew\ncondition shape(west, any 5xxx)\naction printoneline\n",
        first: 17,
        dealer: Some(3),
        vul: Some("EW"),
    },
    Case {
        name: "free",
        script: "condition hcp(north) > 10\naction printoneline\n",
        first: 1,
        dealer: None,
        vul: None,
    },
];

/// Every case, both formats, with and without rotation: the sets `(case, rotate, format
/// file, what it should hold)` written in `dir`.
fn write_sets(dir: &Path) -> Vec<(&'static str, bool, String, Vec<Board>)> {
    std::fs::write(dir.join("r.dl"), "action printoneline\n").unwrap();
    let mut sets = Vec::new();
    for case in &CASES {
        for rotate in [false, true] {
            for ext in ["lin", "pbn"] {
                let file = format!("{}-{rotate}.{ext}", case.name);
                let mut args = vec!["-s", "11", "-p", "20", "--export", &file];
                if rotate {
                    args.push("--rotate");
                }
                let deals = run(dir, case.script, &args);
                assert_eq!(deals.len(), 20);
                sets.push((case.name, rotate, file, expected(&deals, case.first, case.dealer, case.vul, rotate)));
            }
        }
    }
    sets
}

#[test]
fn endplay_reads_both_formats_with_and_without_rotation() {
    if !common::endplay_present() {
        return;
    }
    let dir = folder("endplay");
    for (name, rotate, file, want) in write_sets(&dir) {
        let got = common::endplay_read(&dir.join(&file));
        assert_eq!(got, want, "{name}, rotate {rotate}: {file}");
    }
}

#[test]
fn our_deal_reader_reads_both_formats_back() {
    let dir = folder("ours");
    for (name, rotate, file, want) in write_sets(&dir) {
        let deals: Vec<String> = want.into_iter().map(|b| b.3).collect();
        assert_eq!(our_reader(&dir, &file), deals, "{name}, rotate {rotate}: {file}");
    }
}

#[test]
fn a_set_is_the_same_for_any_thread_count() {
    let dir = folder("threads");
    std::fs::write(dir.join("s.dl"), "dealer south\ncondition hcp(south) >= 12\naction printoneline\n").unwrap();
    let mut sets = Vec::new();
    for threads in ["1", "2", "4"] {
        for ext in ["lin", "pbn"] {
            let file = format!("t{threads}.{ext}");
            let out =
                common::dealbench(&dir, &["run", "s.dl", "-s", "5", "-p", "200", "-R", threads, "--export", &file]);
            assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
            sets.push((ext, std::fs::read(dir.join(&file)).unwrap()));
        }
    }
    for (ext, bytes) in &sets {
        let first = &sets.iter().find(|(e, _)| e == ext).unwrap().1;
        assert_eq!(bytes, first, "{ext}");
    }
}

#[test]
fn the_run_prints_what_it_printed_before() {
    // --export adds a file; standard output stays the script's own.
    let dir = folder("stdout");
    let script = "dealer south\ncondition hcp(south) >= 15\naction printoneline, printpbn\n";
    std::fs::write(dir.join("s.dl"), script).unwrap();
    let plain = common::dealbench(&dir, &["run", "s.dl", "-s", "3", "-p", "6"]);
    let with = common::dealbench(&dir, &["run", "s.dl", "-s", "3", "-p", "6", "--export", "x.lin", "--rotate"]);
    assert_eq!(
        common::mask(&String::from_utf8_lossy(&with.stdout)),
        common::mask(&String::from_utf8_lossy(&plain.stdout))
    );
    assert_eq!(std::fs::read_to_string(dir.join("x.lin")).unwrap().lines().count(), 6);
}

#[test]
fn a_set_needs_a_lin_or_pbn_name_and_rotate_needs_a_set() {
    let dir = folder("names");
    std::fs::write(dir.join("s.dl"), "action printoneline\n").unwrap();
    let out = common::dealbench(&dir, &["run", "s.dl", "-p", "1", "--export", "x.txt"]);
    assert_eq!(out.status.code(), Some(255));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("x.txt") && err.contains(".lin") && err.contains(".pbn"), "{err}");
    assert!(!dir.join("x.txt").exists());
    let out = common::dealbench(&dir, &["run", "s.dl", "-p", "1", "--rotate"]);
    assert_eq!(out.status.code(), Some(2), "clap refuses --rotate alone");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--export"));
}
