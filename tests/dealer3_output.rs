//! What `dealbench dealer3` prints besides the deals, as dealer3's CLI prints it
//! (bridge-craftwork/Dealer3 `dealer/src/main.rs`, its `Terminal::produced` and closing
//! report): `printes` text before each deal and `printrpt` rows after it, `-q` hiding only
//! the deal; PBN's `[Event]` without `with file` for a script on standard input; `-v`'s
//! `Hand types N: …` line; the `Interleaved …` line's buckets, sorted, with `(untyped)`;
//! averages before frequencies; a hand type's JSON share 0 when nothing was produced.

mod common;

use common::{Scratch, dealbench, dealbench_with_stdin, points};

const SCRIPT: &str = "produce 4
HandType_lo = hcp(north) <= 12
HandType_hi = hcp(north) > 12 and hcp(north) < 16
condition hcp(north) > 10
action printes(\"N has \", hcp(north), \" hcp\", \\n), printrpt(hcp(north), \"x\"), printoneline
";

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn scratch(tag: &str) -> Scratch {
    let d = Scratch::new(tag);
    std::fs::write(d.join("s.dlr"), SCRIPT).unwrap();
    d
}

/// North's points from a oneline deal (`n AKQ.… e …`).
fn north_points(line: &str) -> u32 {
    points(line.split_whitespace().nth(1).expect("a oneline deal"))
}

#[test]
fn printes_comes_before_each_deal_and_printrpt_after_it() {
    let d = scratch("d3-printes");
    let out = dealbench(&d, &["dealer3", "-s", "1", "s.dlr"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 12, "{stdout}");
    for deal in lines.chunks(3) {
        let hcp = north_points(deal[1]);
        assert_eq!(deal[0], format!("N has {hcp} hcp"), "{stdout}");
        assert_eq!(deal[2], format!(" {hcp},'x'"), "{stdout}");
    }
}

#[test]
fn quiet_hides_the_deals_but_not_what_the_script_prints() {
    let d = scratch("d3-printes-q");
    let all = text(&dealbench(&d, &["dealer3", "-s", "1", "s.dlr"]).stdout);
    let quiet = text(&dealbench(&d, &["dealer3", "-s", "1", "-q", "s.dlr"]).stdout);
    let kept: Vec<&str> = all.lines().filter(|l| !l.starts_with("n ")).collect();
    assert_eq!(quiet.lines().collect::<Vec<_>>(), kept);
}

#[test]
fn interleave_prints_the_script_text_as_produced_and_names_its_buckets_sorted() {
    let d = scratch("d3-printes-il");
    let plain = text(&dealbench(&d, &["dealer3", "-s", "1", "-q", "s.dlr"]).stdout);
    let out = dealbench(&d, &["dealer3", "-s", "1", "-v", "--interleave", "s.dlr"]);
    let stdout = text(&out.stdout);
    // The text arrives as each deal is produced; the held deals follow, reordered.
    assert!(stdout.starts_with(&plain), "{stdout}");
    let deals: Vec<u32> = stdout.lines().filter(|l| l.starts_with("n ")).map(north_points).collect();
    assert_eq!(deals.len(), 4, "{stdout}");
    let bucket = |p: &u32| {
        if *p <= 12 {
            "lo"
        } else if *p < 16 {
            "hi"
        } else {
            "(untyped)"
        }
    };
    let mut sizes = std::collections::BTreeMap::new();
    deals.iter().for_each(|p| *sizes.entry(bucket(p)).or_insert(0) += 1);
    let rounds = sizes.values().max().unwrap();
    let mut parts: Vec<String> = sizes.iter().map(|(k, v)| format!("{k} {v}")).collect();
    parts.sort();
    let line = format!("Interleaved {rounds} rounds: {}", parts.join(", "));
    assert!(text(&out.stderr).contains(&line), "{line}\n{}", text(&out.stderr));
    assert!(stdout.contains("\nHand types 2: lo, hi\nGenerated "), "{stdout}");
}

#[test]
fn a_script_on_standard_input_has_no_file_in_the_event_tag() {
    let d = Scratch::new("d3-stdin-event");
    let out = dealbench_with_stdin(&d, &["dealer3", "-s", "7", "-p", "1", "-f", "printpbn"], SCRIPT.as_bytes());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("[Event \"Hand simulated by dealer, seed 7\"]\n"), "{stdout}");
    std::fs::write(d.join("s.dlr"), SCRIPT).unwrap();
    let stdout = text(&dealbench(&d, &["dealer3", "-s", "7", "-p", "1", "-f", "printpbn", "s.dlr"]).stdout);
    assert!(stdout.contains("[Event \"Hand simulated by dealer with file s.dlr, seed 7\"]\n"), "{stdout}");
}

#[test]
fn the_closing_statistics_name_the_hand_types_in_one_line() {
    let d = scratch("d3-types-line");
    let quiet = text(&dealbench(&d, &["dealer3", "-s", "1", "-q", "s.dlr"]).stdout);
    assert!(!quiet.contains("Hand types"), "{quiet}");
    let shown = text(&dealbench(&d, &["dealer3", "-s", "1", "-q", "-v", "s.dlr"]).stdout);
    let tail: Vec<&str> = shown.lines().filter(|l| !l.starts_with("N has ") && !l.starts_with(' ')).collect();
    assert_eq!(tail[0], "Hand types 2: lo, hi", "{shown}");
    assert!(tail[1].starts_with("Generated ") && tail[2] == "Produced 4 hands", "{shown}");
}

#[test]
fn averages_print_before_frequencies_whatever_the_script_order() {
    let d = Scratch::new("d3-stat-order");
    let script = "produce 20\ncondition hcp(north) > 10\naction frequency \"h\" (hcp(north), 12, 14), average \"a\" hcp(north)\n";
    std::fs::write(d.join("f.dlr"), script).unwrap();
    let out = text(&dealbench(&d, &["dealer3", "-s", "1", "-q", "f.dlr"]).stdout);
    assert!(out.starts_with("a: ") && out.contains("\nFrequency h:\n"), "{out}");
}

#[test]
fn a_hand_types_share_is_0_when_nothing_was_produced() {
    let d = Scratch::new("d3-share-0");
    std::fs::write(d.join("z.dlr"), "HandType_x = 1\ncondition hcp(north) > 37\naction printoneline\n").unwrap();
    let out = dealbench(&d, &["dealer3", "-s", "1", "-g", "100", "-q", "--stats-json", "z.dlr"]);
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(j["hand_types"][0]["share"].as_f64(), Some(0.0), "{}", text(&out.stdout));
}
