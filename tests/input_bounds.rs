//! Inputs with no end (issue 34, items 8, 10 and 16): a script or stats file past its cap is
//! refused with the cap named; `--deals` streams its file (a FIFO is never held in memory, and
//! `-t` stops a run waiting on one); a flood of bad records is reported as its first 20 and a
//! count; an incomplete deal names the hand.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const D1: &str = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72";

fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = common::dealbench(dir, args);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(made.success());
}

#[test]
fn endless_scripts_and_stats_files_are_refused_at_their_cap() {
    let dir = common::Scratch::new("caps");
    let (code, _, err) = run(&dir, &["run", "/dev/zero"]);
    assert_eq!(code, Some(255), "{err}");
    assert!(err.contains("/dev/zero") && err.contains("16 MiB") && err.contains("script"), "{err}");
    let (code, _, err) = run(&dir, &["merge", "/dev/zero"]);
    assert_eq!(code, Some(255), "{err}");
    assert!(err.contains("/dev/zero") && err.contains("256 MiB") && err.contains("stats file"), "{err}");
    // A directory is named as one.
    let (code, _, err) = run(&dir, &["run", "."]);
    assert_eq!(code, Some(255), "{err}");
    assert!(err.contains("directory"), "{err}");
}

#[test]
fn a_million_bad_records_are_reported_as_twenty_and_a_count() {
    let dir = common::Scratch::new("bad-flood");
    let bad = D1.replace("w 98", "w 97");
    let mut text = format!("{D1}\n");
    for _ in 0..1000 {
        text.push_str(&bad);
        text.push('\n');
    }
    std::fs::write(dir.join("d.txt"), text).unwrap();
    std::fs::write(dir.join("s.dlr"), "action printoneline\n").unwrap();
    let (code, out, err) = run(&dir, &["run", "--deals", "d.txt", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().filter(|l| l.starts_with("n ")).count(), 1, "the one deal: {out}");
    let reports = err.lines().filter(|l| l.starts_with("d.txt:") && l.ends_with("(skipped)")).count();
    assert_eq!(reports, 20, "{err}");
    assert!(err.contains("… and 980 more bad record(s) (1000 in all)"), "{err}");
    // The hands are named: West holds the 7 of spades that South holds.
    let first = err.lines().next().unwrap();
    assert!(first.contains("S7 is in both South's and West's hands"), "{first}");
}

#[test]
fn a_deal_short_of_cards_names_the_hand() {
    let dir = common::Scratch::new("short");
    std::fs::write(dir.join("d.txt"), format!("{}\n{D1}\n", D1.replace("s J74.", "s J7."))).unwrap();
    std::fs::write(dir.join("s.dlr"), "action printoneline\n").unwrap();
    let (code, _, err) = run(&dir, &["run", "--deals", "d.txt", "s.dlr"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("d.txt:1: South's hand has 12 cards"), "{err}");
}

/// Peak resident memory of a process, in KiB, while it runs (0 once it is gone).
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: 0 kB");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn deals_from_a_fifo_are_streamed_not_held() {
    let dir = common::Scratch::new("fifo-stream");
    let fifo = dir.join("deals.fifo");
    mkfifo(&fifo);
    std::fs::write(dir.join("s.dlr"), "condition hcp(north) > 40\n").unwrap();
    const DEALS: usize = 2_000_000;
    let child = Command::new(env!("CARGO_BIN_EXE_dealbench"))
        .current_dir(&dir)
        .args(["run", "-R", "1", "--deals", "deals.fifo", "-g", "100000000", "s.dlr"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let writer = std::thread::spawn(move || {
        let mut f = std::io::BufWriter::new(std::fs::OpenOptions::new().write(true).open(&fifo).unwrap());
        let mut peak = 0;
        for i in 0..DEALS {
            writeln!(f, "{D1}").unwrap();
            if i % 100_000 == 0 {
                peak = peak.max(peak_kib(pid));
            }
            if i == DEALS / 2 {
                f.flush().unwrap();
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        peak
    });
    let peak = writer.join().unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains(&format!("Generated {DEALS} hands")), "{stdout}");
    // The run's time includes reading the deals, the writer's pause of a second among them.
    let time = stdout.lines().find_map(|l| l.strip_prefix("Time needed")).unwrap().trim().trim_end_matches(" sec");
    assert!(time.parse::<f64>().unwrap() >= 0.9, "Time needed {time}");
    // Two million deals held would take 64 MB (32 bytes a deal) before the vector's slack.
    assert!(peak > 0 && peak < 40 * 1024, "peak resident memory {peak} KiB");
}

#[test]
fn a_timeout_stops_a_run_waiting_on_a_fifo() {
    let dir = common::Scratch::new("fifo-timeout");
    let fifo = dir.join("deals.fifo");
    mkfifo(&fifo);
    std::fs::write(dir.join("s.dlr"), "action printoneline\n").unwrap();
    // A writer that sends three deals, then keeps the FIFO open and silent.
    let writer = std::thread::spawn(move || {
        let mut f = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
        write!(f, "{D1}\n{D1}\n{D1}\n").unwrap();
        std::thread::sleep(Duration::from_secs(8));
    });
    let start = Instant::now();
    let (code, _, err) = run(&dir, &["run", "-t", "1", "--deals", "deals.fifo", "s.dlr"]);
    assert!(start.elapsed() < Duration::from_secs(12), "{:?}", start.elapsed());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("timeout after 1 seconds"), "{err}");
    writer.join().unwrap();
}
