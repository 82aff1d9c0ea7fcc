//! `dealbench session`: one numbered set from several scripts, read back by endplay (a real
//! reader of LIN and PBN), each board's deal checked against its own script's condition by
//! `dealbench run --deals`.

mod common;

use std::path::Path;

/// Vulnerability of boards 1..16 (compat.md §2.4).
const VUL: [&str; 16] =
    ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW"];

/// The three scripts: file, title as the set records it, the script's dealer and vulnerability.
const SCRIPTS: [(&str, &str, Option<char>, Option<&str>); 3] = [
    ("opener.dlr", "1NT openings", Some('S'), None),
    ("stayman.dlr", "stayman", Some('N'), Some("EW")),
    ("transfers.dlr", "transfers", None, None),
];

const OPENER: &str = "title \"1NT openings\"\n/*@chat\nOpen 1NT with a balanced 15-17.\n@chat*/\ndealer south\n\
    condition shape(south, any 4333 + any 4432 + any 5332) and hcp(south) >= 15 and hcp(south) <= 17\n\
    action printoneline\n";
const STAYMAN: &str = "dealer north\nvulnerable ew\n\
    bal = shape(north, any 4333 + any 4432 + any 5332) and hcp(north) >= 15 and hcp(north) <= 17\n\
    HandType_hearts = hearts(south) == 4 and spades(south) < 4 and hcp(south) >= 8\n\
    HandType_spades = spades(south) == 4 and hcp(south) >= 8\n\
    condition bal and (HandType_hearts or HandType_spades)\naction printoneline\n";
const TRANSFERS: &str = "condition hcp(north) >= 15 and hcp(north) <= 17 and \
    shape(north, any 4333 + any 4432 + any 5332) and (hearts(south) >= 5 or spades(south) >= 5)\n\
    action printoneline\n";

/// A folder with the three scripts.
fn folder(name: &str) -> common::Scratch {
    let dir = common::Scratch::new(&format!("session-{name}"));
    for (file, text) in [("opener.dlr", OPENER), ("stayman.dlr", STAYMAN), ("transfers.dlr", TRANSFERS)] {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

/// Runs `dealbench session` with the three scripts 8/8/8 and `extra`; asserts success.
fn session(dir: &Path, out: &str, extra: &[&str]) {
    let mut args = vec!["session", "--export", out, "opener.dlr:8", "stayman.dlr:8:even", "transfers.dlr:8"];
    args.extend_from_slice(extra);
    let o = common::dealbench(dir, &args);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

/// One board as endplay reads it: number, dealer, vulnerability, `N:` deal.
type Board = (u64, char, String, String);

/// Each board's scenario title, in file order: PBN's `[Event]`, LIN's `st|` text up to `:`.
fn titles(text: &str) -> Vec<String> {
    let lin = |l: &str| l.split('|').nth(3).map(|t| t.split(':').next().unwrap().to_string());
    let pbn = |l: &str| l.strip_prefix("[Event \"").map(|t| t.trim_end_matches("\"]").to_string());
    text.lines().filter_map(|l| if l.starts_with("pn|") { lin(l) } else { pbn(l) }).collect()
}

/// The boards of script `file` as a deal file, then `dealbench run FILE --deals`: how many
/// of them its condition keeps.
fn kept_by_script(dir: &Path, file: &str, boards: &[&Board]) -> usize {
    let deals: String = boards.iter().map(|b| format!("{}\n", b.3)).collect();
    let list = format!("{file}.deals");
    std::fs::write(dir.join(&list), deals).unwrap();
    let out = common::dealbench(dir, &["run", file, "--deals", &list, "-p", "100"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().filter(|l| l.starts_with("n ")).count()
}

#[test]
fn three_scripts_in_each_order_give_24_boards_that_satisfy_their_own_scripts() {
    if !common::endplay_present() {
        return;
    }
    let dir = folder("orders");
    for order in ["grouped", "interleaved", "shuffled"] {
        for ext in ["pbn", "lin"] {
            let file = format!("{order}.{ext}");
            session(&dir, &file, &["--order", order, "--seed", "7"]);
            let boards = common::endplay_read(&dir.join(&file));
            let numbers: Vec<u64> = boards.iter().map(|b| b.0).collect();
            assert_eq!(numbers, (1..=24).collect::<Vec<u64>>(), "{file}");
            let titles = titles(&std::fs::read_to_string(dir.join(&file)).unwrap());
            assert_eq!(titles.len(), 24, "{file}");
            for (script, title, dealer, vul) in SCRIPTS {
                let mine: Vec<&Board> =
                    boards.iter().zip(&titles).filter(|(_, t)| *t == title).map(|(b, _)| b).collect();
                assert_eq!(mine.len(), 8, "{file}: {title}");
                for b in &mine {
                    let n = b.0 as usize;
                    assert_eq!(b.1, dealer.unwrap_or("NESW".as_bytes()[(n - 1) % 4] as char), "{file} board {n}");
                    assert_eq!(b.2, vul.unwrap_or(VUL[(n - 1) % 16]), "{file} board {n}");
                }
                assert_eq!(kept_by_script(&dir, script, &mine), 8, "{file}: {script}'s condition");
            }
            let scenario_at = |k: usize| SCRIPTS.iter().position(|s| s.1 == titles[k]).unwrap();
            let order_seen: Vec<usize> = (0..24).map(scenario_at).collect();
            match order {
                "grouped" => assert_eq!(order_seen, [[0; 8], [1; 8], [2; 8]].concat()),
                "interleaved" => assert_eq!(order_seen, [0, 1, 2].repeat(8)),
                _ => assert!(order_seen != [[0; 8], [1; 8], [2; 8]].concat() && order_seen != [0, 1, 2].repeat(8)),
            }
        }
    }
}

#[test]
fn the_same_command_gives_the_same_bytes_on_one_and_two_threads() {
    let dir = folder("threads");
    for ext in ["pbn", "lin"] {
        let mut files = Vec::new();
        for threads in ["1", "2"] {
            let file = format!("t{threads}.{ext}");
            let mut args = vec!["--order", "shuffled", "--seed", "11", "--rotate", "-R", threads];
            if ext == "pbn" {
                args.push("--dd");
            }
            session(&dir, &file, &args);
            files.push(std::fs::read(dir.join(&file)).unwrap());
        }
        assert_eq!(files[0], files[1], "{ext}");
    }
    let pbn = String::from_utf8(std::fs::read(dir.join("t1.pbn")).unwrap()).unwrap();
    assert_eq!(pbn.matches("[DoubleDummyTricks \"").count(), 24);
    assert_eq!(pbn.matches("{Teaching: Open 1NT with a balanced 15-17.}").count(), 8);
    assert_eq!(pbn.matches("{Hand type: ").count(), 8, "every stayman board is in a hand type");
}

#[test]
fn rotated_boards_take_their_number_s_dealer_and_vulnerability() {
    if !common::endplay_present() {
        return;
    }
    let dir = folder("rotate");
    session(&dir, "r.pbn", &["--rotate", "--seed", "3", "--start", "5"]);
    let boards = common::endplay_read(&dir.join("r.pbn"));
    for (k, b) in boards.iter().enumerate() {
        let n = 5 + k;
        assert_eq!(b.0 as usize, n);
        assert_eq!((b.1, b.2.as_str()), ("NESW".as_bytes()[(n - 1) % 4] as char, VUL[(n - 1) % 16]), "board {n}");
    }
}

#[test]
fn a_script_short_of_its_quota_stops_the_session_and_nothing_is_written() {
    let dir = folder("quota");
    std::fs::write(dir.join("rare.dlr"), "generate 2000\ncondition hcp(north) >= 30\naction printoneline\n").unwrap();
    std::fs::write(dir.join("class.pbn"), "old").unwrap();
    let o = common::dealbench(&dir, &["session", "--export", "class.pbn", "opener.dlr:2", "rare.dlr:8", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("rare.dlr: found 0 of its 8 boards in 2000 deals"), "{err}");
    assert!(err.contains("nothing written"), "{err}");
    assert_eq!(std::fs::read_to_string(dir.join("class.pbn")).unwrap(), "old");
    let names: Vec<String> =
        std::fs::read_dir(&*dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = folder("same");
    std::fs::copy(dir.join("opener.dlr"), dir.join("s.pbn")).unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    let o = common::dealbench(&dir, &["session", "--export", "sub/../s.pbn", "s.pbn:2", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--export sub/../s.pbn is the script s.pbn"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(std::fs::read_to_string(dir.join("s.pbn")).unwrap(), OPENER);
}
