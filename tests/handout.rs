//! `dealbench handout` and `session --handout`: the PDF read back by poppler's `pdftotext`
//! (each board's number, seats and cards on its page), its paper size by `pdfinfo`, and its
//! first page rendered by `pdftoppm`.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::Command;

const OPENER: &str = "title \"1NT openings\"\n/*@chat\nOpen 1NT with a balanced 15-17.\n@chat*/\ndealer south\n\
    condition shape(south, any 4333 + any 4432 + any 5332) and hcp(south) >= 15 and hcp(south) <= 17\n";
const STAYMAN: &str = "dealer north\n\
    bal = shape(north, any 4333 + any 4432 + any 5332) and hcp(north) >= 15 and hcp(north) <= 17\n\
    HandType_hearts = hearts(south) == 4 and spades(south) < 4 and hcp(south) >= 8\n\
    HandType_spades = spades(south) == 4 and hcp(south) >= 8\n\
    condition bal and (HandType_hearts or HandType_spades)\n";
const TRANSFERS: &str = "condition hcp(north) >= 15 and hcp(north) <= 17 and \
    shape(north, any 4333 + any 4432 + any 5332) and (hearts(south) >= 5 or spades(south) >= 5)\n";

/// True when poppler's tools are there; otherwise says so (a failure under CI=true).
fn poppler_present() -> bool {
    let ok = Command::new("pdftotext").arg("-v").output().is_ok_and(|o| o.status.success());
    if !ok {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("pdftotext is missing: CI installs it (.ci/run: apt-get install poppler-utils)");
        }
        let _ = writeln!(std::io::stderr(), "SKIPPED: pdftotext not found (apt-get install poppler-utils)");
    }
    ok
}

/// A folder with the three scripts and the session's set `class.pbn` (with double-dummy
/// results), its teacher's handout written by `session --handout class.pdf`.
fn class(name: &str) -> common::Scratch {
    let dir = common::Scratch::new(&format!("handout-{name}"));
    for (file, text) in [("opener.dlr", OPENER), ("stayman.dlr", STAYMAN), ("transfers.dlr", TRANSFERS)] {
        std::fs::write(dir.join(file), text).unwrap();
    }
    let args = ["session", "--export", "class.pbn", "--handout", "class.pdf", "--dd", "--seed", "9", "--order"];
    let mut args = args.to_vec();
    args.extend(["interleaved", "opener.dlr:8", "stayman.dlr:8", "transfers.dlr:8"]);
    let o = common::dealbench(&dir, &args);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    dir
}

/// `dealbench handout class.pbn -o OUT ARGS`.
fn handout(dir: &Path, out: &str, args: &[&str]) {
    let mut all = vec!["handout", "class.pbn", "-o", out];
    all.extend_from_slice(args);
    let o = common::dealbench(dir, &all);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Each board of the set as its number and the four hands (N, E, S, W) as `S.H.D.C`, read
/// from its `[Board]` and `[Deal]` tags.
fn boards(pbn: &str) -> Vec<(u64, [String; 4])> {
    let mut out = Vec::new();
    let mut number = 0;
    for line in pbn.lines() {
        if let Some(n) = line.strip_prefix("[Board \"") {
            number = n.trim_end_matches("\"]").parse().unwrap();
        } else if let Some(d) = line.strip_prefix("[Deal \"") {
            let d = d.trim_end_matches("\"]");
            let first = "NESW".find(&d[..1]).unwrap();
            let mut hands: [String; 4] = Default::default();
            for (k, h) in d[2..].split(' ').enumerate() {
                hands[(first + k) % 4] = h.to_string();
            }
            out.push((number, hands));
        }
    }
    out
}

/// What pdftotext finds for one seat's hand with the spaces taken out: `♠AQ8♥K982♦…`, `10`
/// for the ten and `—` for a void.
fn hand_text(hand: &str) -> Vec<String> {
    hand.split('.')
        .zip(["♠", "♥", "♦", "♣"])
        .map(|(ranks, symbol)| {
            let ranks = if ranks.is_empty() { "—".to_string() } else { ranks.replace('T', "10") };
            format!("{symbol}{ranks}")
        })
        .collect()
}

/// The text of each page, spaces and line breaks removed.
fn pages(pdf: &Path) -> Vec<String> {
    let out = Command::new("pdftotext").arg(pdf).arg("-").output().unwrap();
    assert!(out.status.success(), "pdftotext {}: {}", pdf.display(), String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    text.split('\u{c}').map(|p| p.split_whitespace().collect()).filter(|p: &String| !p.is_empty()).collect()
}

/// The page that holds board `n`.
fn page_of(pages: &[String], n: u64) -> &str {
    // `Board9` but not `Board90`: pdftotext may put the page's head between it and `Dealer`.
    let mark = format!("Board{n}");
    let holds =
        |p: &str| p.match_indices(&mark).any(|(i, _)| !p[i + mark.len()..].starts_with(|c: char| c.is_ascii_digit()));
    let found: Vec<&String> = pages.iter().filter(|p| holds(p)).collect();
    assert_eq!(found.len(), 1, "board {n} on {} pages", found.len());
    found[0]
}

fn paper(pdf: &Path) -> String {
    let out = Command::new("pdfinfo").arg(pdf).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().find(|l| l.starts_with("Page size:")).unwrap_or_default().to_string()
}

#[test]
fn the_teacher_s_handout_has_every_board_s_number_seats_cards_and_results() {
    if !poppler_present() {
        return;
    }
    let dir = class("teacher");
    handout(&dir, "letter.pdf", &["--paper", "letter", "--title", "Tuesday class"]);
    let set = boards(&std::fs::read_to_string(dir.join("class.pbn")).unwrap());
    assert_eq!(set.len(), 24);
    for (file, size) in [("class.pdf", "595.28 x 841.89 pts (A4)"), ("letter.pdf", "612 x 792 pts (letter)")] {
        let pages = pages(&dir.join(file));
        assert!(pages.len() >= 8, "{file}: {} pages, at most three boards to a page", pages.len());
        for (n, hands) in &set {
            let page = page_of(&pages, *n);
            for (seat, hand) in ["North", "East", "South", "West"].iter().zip(hands) {
                assert!(page.contains(seat), "{file} board {n}: {seat}");
                for suit in hand_text(hand) {
                    assert!(page.contains(&suit), "{file} board {n}: {seat}'s {suit} in {page}");
                }
            }
            assert!(page.contains("Doubledummy"), "{file} board {n}");
            assert!(["Par:N-S+", "Par:E-W+", "Par:0"].iter().any(|p| page.contains(p)), "{file} board {n}: {page}");
        }
        let all = pages.concat();
        assert_eq!(all.matches("Open1NTwithabalanced15-17.").count(), 8, "{file}: the teaching text");
        assert_eq!(all.matches("1NTopenings").count(), 8, "{file}: the scenario's title");
        assert!(paper(&dir.join(file)).contains(size), "{file}: {}", paper(&dir.join(file)));
    }
    assert!(pages(&dir.join("letter.pdf"))[0].starts_with("Tuesdayclass"));
}

#[test]
fn the_student_s_sheet_has_one_seat_s_hand_per_board_and_a_bidding_grid() {
    if !poppler_present() {
        return;
    }
    let dir = class("student");
    handout(&dir, "south.pdf", &["--student", "south"]);
    handout(&dir, "west.pdf", &["--student", "w", "--paper", "letter"]);
    let set = boards(&std::fs::read_to_string(dir.join("class.pbn")).unwrap());
    for (file, seat, name) in [("south.pdf", 2, "South"), ("west.pdf", 3, "West")] {
        let pages = pages(&dir.join(file));
        assert!(pages.len() < 24, "{file}: several boards to a page ({} pages)", pages.len());
        for (n, hands) in &set {
            let page = page_of(&pages, *n);
            assert!(page.contains(&format!("Youare{name}")), "{file} board {n}");
            for suit in hand_text(&hands[seat]) {
                assert!(page.contains(&suit), "{file} board {n}: {suit}");
            }
            assert!(page.contains("WestNorthEastSouth"), "{file} board {n}: the bidding grid's heads");
        }
        assert!(!pages.concat().contains("Doubledummy"), "{file}: a student sees no results");
        assert!(!pages.concat().contains("handtype"), "{file}: nor the hand types, which tell what partner holds");
    }
}

#[test]
fn the_first_page_renders_at_the_paper_s_size() {
    if !poppler_present() {
        return;
    }
    let dir = class("render");
    handout(&dir, "letter.pdf", &["--paper", "letter"]);
    // 595.28 points render as 596 pixels at 72 dpi.
    for (file, size) in [("class.pdf", (596, 842)), ("letter.pdf", (612, 792))] {
        let out = Command::new("pdftoppm")
            .args(["-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", file, "page"])
            .current_dir(&*dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let png = std::fs::read(dir.join("page.png")).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((w, h), size, "{file}");
    }
}

#[test]
fn bad_outputs_and_inputs_are_refused_with_the_file_named() {
    let dir = common::Scratch::new("handout-bad");
    std::fs::write(dir.join("set.pbn"), "[Board \"1\"]\n[Deal \"N:AKQ\"]\n\n").unwrap();
    let o = common::dealbench(&dir, &["handout", "set.pbn", "-o", "set.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("set.txt: a handout is written as .pdf"));
    let o = common::dealbench(&dir, &["handout", "set.pbn", "-o", "set.pdf"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("set.pbn:3: [Deal \"N:AKQ\"]"), "{err}");
    assert!(!dir.join("set.pdf").exists());
    std::fs::write(dir.join("set.lin"), "pn|,,,|st||md|1S…|\n").unwrap();
    let o = common::dealbench(&dir, &["handout", "set.lin", "-o", "set.pdf"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("set.lin: a handout is printed from a PBN set"));
    std::fs::write(dir.join("s.pdf"), "condition 1\n").unwrap();
    let o = common::dealbench(&dir, &["session", "--handout", "./s.pdf", "s.pdf:1", "--seed", "1"]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("is the input s.pdf"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(std::fs::read_to_string(dir.join("s.pdf")).unwrap(), "condition 1\n");
}

#[test]
fn run_handout_prints_the_boards_export_writes_in_both_modes_and_sizes() {
    if !poppler_present() {
        return;
    }
    let dir = common::Scratch::new("handout-run");
    std::fs::write(dir.join("opener.dlr"), OPENER).unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["run", "-s", "4", "-p", "7", "opener.dlr", "--export", "run.pbn", "--rotate"];
        all.extend_from_slice(args);
        let o = common::dealbench(&dir, &all);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    };
    run(&["--handout", "teacher.pdf"]);
    run(&["--handout", "north.pdf", "--student", "north", "--paper", "letter"]);
    let set = boards(&std::fs::read_to_string(dir.join("run.pbn")).unwrap());
    assert_eq!(set.iter().map(|b| b.0).collect::<Vec<_>>(), (1..=7).collect::<Vec<_>>());
    let teacher = pages(&dir.join("teacher.pdf"));
    for (n, hands) in &set {
        let page = page_of(&teacher, *n);
        for (seat, hand) in ["North", "East", "South", "West"].iter().zip(hands) {
            assert!(page.contains(seat), "board {n}: {seat}");
            hand_text(hand).iter().for_each(|s| assert!(page.contains(s), "board {n}: {seat}'s {s} in {page}"));
        }
        let north = pages(&dir.join("north.pdf"));
        let sheet = page_of(&north, *n);
        assert!(sheet.contains("YouareNorth") && sheet.contains("WestNorthEastSouth"), "board {n}: {sheet}");
        hand_text(&hands[0]).iter().for_each(|s| assert!(sheet.contains(s), "board {n}: North's {s}"));
    }
    let all = teacher.concat();
    assert_eq!(all.matches("Open1NTwithabalanced15-17.").count(), 7, "the teaching text on every board");
    assert_eq!(all.matches("1NTopenings").count(), 7, "the script's title on every board");
    assert!(paper(&dir.join("teacher.pdf")).contains("(A4)"));
    assert!(paper(&dir.join("north.pdf")).contains("(letter)"));
}

#[test]
fn run_handout_refuses_bad_names_and_switches_without_it() {
    let dir = common::Scratch::new("handout-run-bad");
    std::fs::write(dir.join("s.dlr"), "condition hcp(north) > 10\n").unwrap();
    let err = |args: &[&str]| {
        let o = common::dealbench(&dir, args);
        assert_ne!(o.status.code(), Some(0), "{args:?}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    assert!(err(&["run", "-p", "2", "s.dlr", "--handout", "s.txt"]).contains("s.txt: a handout is written as .pdf"));
    std::fs::write(dir.join("s.pdf"), "condition 1\n").unwrap();
    let e = err(&["run", "-p", "2", "s.pdf", "--handout", "./s.pdf"]);
    assert!(e.contains("is the script s.pdf"), "{e}");
    assert_eq!(std::fs::read_to_string(dir.join("s.pdf")).unwrap(), "condition 1\n");
    assert!(err(&["run", "-p", "2", "s.dlr", "--student", "north"]).contains("--handout"));
    let e = err(&["run", "-p", "2", "s.dlr", "--rotate"]);
    assert!(e.contains("--export") && e.contains("--handout"), "{e}");
}
