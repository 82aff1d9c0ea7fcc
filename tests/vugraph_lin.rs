//! `--deals` reads every board of a LIN line (a vugraph file's `qx|…|md|…|` boards share a
//! line) and no `[Deal]` inside a PBN `{ }` comment, also one spanning lines: as endplay
//! reads them (issue 34, item 15).

mod common;

use std::io::Write;
use std::path::Path;
use std::process::Command;

const NORTH: &str = "AKQT3.J6.KJ42.95";
const EAST: &str = "652.AK42.AQ87.T4";
const SOUTH: &str = "J74.QT95.T.AK863";
const WEST: &str = "98.873.9653.QJ72";

/// A hand as LIN writes it: `SAKQT3HJ6DKJ42C95`.
fn lin(hand: &str) -> String {
    hand.split('.').zip(["S", "H", "D", "C"]).map(|(cards, s)| format!("{s}{cards}")).collect()
}

/// `N:…` deals `dealbench run --deals FILE` reads, in order.
fn ours(d: &Path, file: &str) -> Vec<String> {
    std::fs::write(d.join("r.dlr"), "action printoneline\n").unwrap();
    let out = common::dealbench(d, &["run", "-s", "1", "r.dlr", "--deals", file]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines()
        .filter(|l| l.starts_with("n "))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            format!("N:{} {} {} {}", w[1], w[3], w[5], w[7])
        })
        .collect()
}

/// The `N:…` deals endplay reads, or `None` (said) when Python with endplay is missing.
fn endplays(path: &Path) -> Option<Vec<String>> {
    let ok = Command::new("python3").args(["-c", "import endplay"]).output().is_ok_and(|o| o.status.success());
    if !ok {
        assert_ne!(std::env::var("CI").as_deref(), Ok("true"), "python3 with endplay is missing");
        let _ = writeln!(std::io::stderr(), "SKIPPED: python3 with endplay not found (pip install endplay)");
        return None;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/endplay_read.py");
    let out = Command::new("python3").arg(script).arg(path).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).unwrap().lines().map(|l| l.splitn(4, ' ').nth(3).unwrap().to_string()).collect())
}

/// Three boards: dealer digit, then South, West, North (East is the rest).
fn boards() -> [(u8, [&'static str; 3], String); 3] {
    [
        (3, [SOUTH, WEST, NORTH], format!("N:{NORTH} {EAST} {SOUTH} {WEST}")),
        (4, [WEST, SOUTH, NORTH], format!("N:{NORTH} {EAST} {WEST} {SOUTH}")),
        (1, [NORTH, WEST, SOUTH], format!("N:{SOUTH} {EAST} {NORTH} {WEST}")),
    ]
}

fn md(dealer: u8, hands: [&str; 3]) -> String {
    format!("md|{dealer}{},{},{},|", lin(hands[0]), lin(hands[1]), lin(hands[2]))
}

#[test]
fn a_vugraph_line_of_three_boards_gives_three_deals() {
    let d = common::Scratch::new("vugraph");
    let line: String =
        boards().iter().enumerate().map(|(k, (dl, h, _))| format!("qx|o{}|{}pg||", k + 1, md(*dl, *h))).collect();
    std::fs::write(d.join("vg.lin"), format!("vg|Final,Seg 1,I,1,3,A,0,B,0|pn|a,b,c,d|\n{line}\n")).unwrap();
    let want: Vec<String> = boards().into_iter().map(|b| b.2).collect();
    assert_eq!(ours(&d, "vg.lin"), want);
    // endplay starts a board at each `pn|`: the same three boards so written, on one line.
    let line: String = boards()
        .iter()
        .enumerate()
        .map(|(k, (dl, h, _))| format!("pn|a,b,c,d|qx|o{}|{}ah|Board {}|pg||", k + 1, md(*dl, *h), k + 1))
        .collect();
    std::fs::write(d.join("pn.lin"), format!("{line}\n")).unwrap();
    assert_eq!(ours(&d, "pn.lin"), want);
    if let Some(theirs) = endplays(&d.join("pn.lin")) {
        assert_eq!(theirs, want);
    }
}

#[test]
fn deals_inside_pbn_comments_are_not_read() {
    let d = common::Scratch::new("pbn-comments");
    let deal = |n: &str, e: &str, s: &str, w: &str| format!("N:{n} {e} {s} {w}");
    let (one, two, three) =
        (deal(NORTH, EAST, SOUTH, WEST), deal(SOUTH, EAST, NORTH, WEST), deal(EAST, SOUTH, NORTH, WEST));
    let hidden = deal(WEST, EAST, SOUTH, NORTH);
    let text = format!(
        "[Event \"x\"]\n[Board \"1\"]\n[Deal \"{one}\"]\n\n{{ a comment\n[Deal \"{hidden}\"]\nstill comment }}\n\
         [Event \"y\"]\n[Board \"2\"] {{ a comment after a tag\n[Deal \"{hidden}\"]\n}}\n[Deal \"{two}\"]\n\n\
         ; [Deal \"{hidden}\"]\n[Event \"z\"]\n[Board \"3\"]\n{{ one line }}\n[Deal \"{three}\"]\n"
    );
    std::fs::write(d.join("c.pbn"), text).unwrap();
    let want = vec![one, two, three];
    assert_eq!(ours(&d, "c.pbn"), want);
    if let Some(theirs) = endplays(&d.join("c.pbn")) {
        assert_eq!(theirs, want);
    }
}
