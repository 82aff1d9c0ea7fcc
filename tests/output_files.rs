//! The files `run` writes (issue 34, items 2, 3, 8 and 17): an output never replaces an input
//! or another output; each is written beside its target and renamed into place when the run
//! ends, a run stopped by `-t`, SIGTERM or Ctrl-C included, while a failed run leaves the old
//! files as they were. The sets written are read back with the deal-file reader.

mod common;

use dealbench::cards::input::{DealReader, Record};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ENDLESS: &str = "condition hcp(north) >= 0\nproduce 100000000\naction csvrpt(hcp(north))\n";

fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = common::dealbench(dir, args);
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

/// The deals of a set file, read as `--deals` reads them.
fn deals_in(path: &Path) -> u64 {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    DealReader::new(file).filter(|r| matches!(r, Ok(Record::Deal(..)))).count() as u64
}

/// `M` of the closing message's `(N generated, M produced)`.
fn produced(err: &str) -> u64 {
    let at = err.find(" produced)").unwrap_or_else(|| panic!("no count in {err}"));
    err[..at].rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn an_output_that_is_the_script_is_refused_by_identity() {
    let dir = common::Scratch::new("out-script");
    let script = "produce 2\naction printoneline\n";
    for name in ["s.lin", "s.json", "s.dlr"] {
        std::fs::write(dir.join(name), script).unwrap();
    }
    std::fs::hard_link(dir.join("s.dlr"), dir.join("hard.pbn")).unwrap();
    std::os::unix::fs::symlink("s.dlr", dir.join("soft.lin")).unwrap();
    let cases: [&[&str]; 8] = [
        &["--export", "s.lin", "s.lin"],
        &["--stats-json", "s.json", "s.json"],
        &["-C", "s.dlr", "s.dlr"],
        &["-X", "w:./s.dlr", "s.dlr"],
        &["--write-leveled", "s.dlr", "s.dlr"],
        &["--export", "hard.pbn", "s.dlr"],
        &["--export", "soft.lin", "s.dlr"],
        &["--stats-json", "../s.dlr", "s.dlr"],
    ];
    std::fs::create_dir(dir.join("sub")).unwrap();
    for args in cases {
        let at: &Path = if args[1] == "../s.dlr" { &dir.join("sub") } else { &dir };
        let script_arg = if args[1] == "../s.dlr" { "../s.dlr" } else { args[2] };
        let full: Vec<&str> = ["run", "-s", "1", args[0], args[1], script_arg].to_vec();
        let (code, err) = run(at, &full);
        assert_eq!(code, Some(255), "{args:?}: {err}");
        assert!(err.contains(args[0]) && err.contains("is the script"), "{args:?}: {err}");
        for name in ["s.lin", "s.json", "s.dlr"] {
            assert_eq!(std::fs::read_to_string(dir.join(name)).unwrap(), script, "{args:?}: {name}");
        }
    }
    assert_eq!(names(&dir), ["hard.pbn", "s.dlr", "s.json", "s.lin", "soft.lin", "sub"]);
}

#[test]
fn two_outputs_of_one_run_or_the_deals_file_are_refused() {
    let dir = common::Scratch::new("out-twice");
    std::fs::write(dir.join("s.dlr"), "produce 2\naction printoneline, csvrpt(hcp(north))\n").unwrap();
    let d1 = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72\n";
    std::fs::write(dir.join("d.lin"), d1).unwrap();
    let cases: [(&[&str], &str, &str); 4] = [
        (&["--stats-json", "o.lin", "--export", "o.lin"], "--export", "--stats-json"),
        (&["-C", "r.txt", "-X", "w:./r.txt"], "-C", "-X"),
        (&["--export", "o.pbn", "-C", "o.pbn"], "--export", "-C"),
        (&["--deals", "d.lin", "--export", "d.lin"], "--export", "--deals"),
    ];
    for (extra, a, b) in cases {
        let mut args = vec!["run", "-s", "1"];
        args.extend_from_slice(extra);
        args.push("s.dlr");
        let (code, err) = run(&dir, &args);
        assert_eq!(code, Some(255), "{extra:?}: {err}");
        assert!(err.contains(a) && err.contains(b), "{extra:?} names both: {err}");
        assert_eq!(names(&dir), ["d.lin", "s.dlr"], "{extra:?}: nothing written");
    }
    assert_eq!(std::fs::read_to_string(dir.join("d.lin")).unwrap(), d1);
}

#[test]
fn a_failed_run_leaves_every_old_output_untouched() {
    let dir = common::Scratch::new("out-failed");
    let script = "condition 1 / (hcp(north) - hcp(north)) > 0\naction printoneline, csvrpt(hcp(north))\n";
    std::fs::write(dir.join("s.dlr"), script).unwrap();
    for name in ["x.lin", "x.json", "c.csv", "e.txt"] {
        std::fs::write(dir.join(name), format!("old {name}\n")).unwrap();
    }
    let args = ["run", "-s", "1", "--export", "x.lin", "--stats-json", "x.json", "-C", "c.csv", "-X", "w:e.txt"];
    let (code, err) = run(&dir, &[&args[..], &["s.dlr"]].concat());
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("division by zero"), "{err}");
    for name in ["x.lin", "x.json", "c.csv", "e.txt"] {
        assert_eq!(std::fs::read_to_string(dir.join(name)).unwrap(), format!("old {name}\n"), "{name}");
    }
    assert_eq!(names(&dir), ["c.csv", "e.txt", "s.dlr", "x.json", "x.lin"], "no temporary file left");
}

#[test]
fn csv_appends_to_the_old_file_and_w_replaces_it() {
    let dir = common::Scratch::new("out-append");
    std::fs::write(dir.join("s.dlr"), "produce 2\ncondition hcp(north) >= 0\naction csvrpt(hcp(north))\n").unwrap();
    std::fs::write(dir.join("c.csv"), "old\n").unwrap();
    std::fs::write(dir.join("w.csv"), "old\n").unwrap();
    let (code, err) = run(&dir, &["run", "-s", "1", "-C", "c.csv", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = run(&dir, &["run", "-s", "1", "-C", "w:w.csv", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
    // Seed 1's first two North hands: AKQT3.J6.KJ42.95 (14) and A754.7642.KJ2.A9 (12).
    assert_eq!(std::fs::read_to_string(dir.join("c.csv")).unwrap(), "old\n 14\n 12\n");
    assert_eq!(std::fs::read_to_string(dir.join("w.csv")).unwrap(), " 14\n 12\n");
}

/// `-t 0.5` on an endless run with every kind of output, read slowly (so the run's events
/// queue up, as behind a busy terminal): it stops on time and every file is renamed into
/// place holding exactly the deals the run reports.
#[test]
fn a_timeout_keeps_what_was_completed_and_stops_on_time() {
    let dir = common::Scratch::new("out-timeout");
    std::fs::write(dir.join("s.dlr"), ENDLESS.replace("action ", "action printoneline, ")).unwrap();
    std::fs::write(dir.join("x.lin"), "old\n").unwrap();
    let args = ["run", "-s", "1", "-t", "0.5", "--export", "x.lin", "--stats-json", "x.json", "-C", "c.csv", "s.dlr"];
    let mut child = Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .current_dir(&dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while std::io::Read::read(&mut stdout, &mut buf).is_ok_and(|n| n > 0) {
            std::thread::sleep(Duration::from_millis(10));
        }
    });
    let start = Instant::now();
    // Before the fix the deadline was looked at only when no event was waiting: never, here.
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(15) {
            child.kill().unwrap();
            panic!("-t 0.5 still running after 15 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    reader.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    check_kept(&dir, produced(&err));
}

fn check_kept(dir: &Path, produced: u64) {
    assert!(produced > 0);
    assert_eq!(deals_in(&dir.join("x.lin")), produced, "the set holds the deals produced");
    let rows = std::fs::read_to_string(dir.join("c.csv")).unwrap();
    assert_eq!(rows.lines().count() as u64, produced, "one csv row a deal");
    let stats: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("x.json")).unwrap()).unwrap();
    assert_eq!(stats["stats"]["produced"].as_u64(), Some(produced), "{stats}");
    assert_eq!(names(dir), ["c.csv", "s.dlr", "x.json", "x.lin"], "no temporary file left");
}

#[test]
fn sigterm_and_ctrl_c_keep_what_was_completed() {
    for (signal, status) in [("-TERM", 143), ("-INT", 130)] {
        let dir = common::Scratch::new("out-signal");
        std::fs::write(dir.join("s.dlr"), ENDLESS).unwrap();
        let args = ["run", "-s", "1", "--export", "x.lin", "--stats-json", "x.json", "-C", "c.csv", "s.dlr"];
        let child = Command::new(env!("CARGO_BIN_EXE_dealbench"))
            .current_dir(&dir)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Once the run is under way (its temporary files hold deals), the signal.
        let start = Instant::now();
        while names(&dir).iter().all(|n| !n.ends_with(".tmp")) && start.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_millis(300));
        let killed = Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
        assert!(killed.success());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{signal}: {err}");
        assert!(err.contains("interrupted"), "{err}");
        check_kept(&dir, produced(&err));
    }
}

const LADDER: &str = "\
bal = shape(south, any 4333 + any 4432 + any 5332)
HandType_weak = bal and hcp(south) >= 12 and hcp(south) <= 14
HandType_strong = bal and hcp(south) >= 15 and hcp(south) <= 17
condition HandType_weak or HandType_strong
action printoneline
";

#[test]
fn write_leveled_keeps_crlf_line_ends() {
    let dir = common::Scratch::new("out-crlf");
    std::fs::write(dir.join("s.dlr"), LADDER.replace('\n', "\r\n")).unwrap();
    let (code, err) = run(&dir, &["run", "-s", "1", "-p", "3000", "--write-leveled", "o.dlr", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
    let copy = std::fs::read_to_string(dir.join("o.dlr")).unwrap();
    assert!(copy.contains("levelTheDeal"), "{copy}");
    assert_eq!(copy.matches('\n').count(), copy.matches("\r\n").count(), "every line ends CRLF: {copy:?}");
    assert!(!copy.contains("\r\r"), "{copy:?}");
}

#[test]
fn write_leveled_honours_the_timeout() {
    let dir = common::Scratch::new("out-level-t");
    std::fs::write(dir.join("s.dlr"), LADDER).unwrap();
    let start = Instant::now();
    // A type rare enough that 2,000 sightings take longer than the timeout.
    let rare =
        format!("HandType_rare = hcp(south) >= 27\n{}", LADDER.replace("condition ", "condition HandType_rare or "));
    std::fs::write(dir.join("s.dlr"), rare).unwrap();
    let args = ["run", "-s", "1", "-p", "100000000", "-t", "0.5", "--write-leveled", "o.dlr", "s.dlr"];
    let (code, err) = run(&dir, &args);
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("Timeout after 0.5 seconds") && err.contains("wrote o.dlr"), "{err}");
    assert!(std::fs::read_to_string(dir.join("o.dlr")).unwrap().contains("levelTheDeal"));
}
