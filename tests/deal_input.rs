//! `dealbench run --deals FILE`: the script runs over deals read from PBN, oneline or LIN
//! records; bad records are reported with their line and skipped, or fatal with --strict.
//! Expected rows are hand-checked (DealerV2_4's printrpt row format).

mod common;

const D1: &str = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72";

fn run(deals: &str, script: &str, extra: &[&str]) -> (String, String, Option<i32>) {
    run_bytes(deals.as_bytes(), script, extra)
}

/// `run` over a file of raw bytes.
fn run_bytes(deals: &[u8], script: &str, extra: &[&str]) -> (String, String, Option<i32>) {
    // A directory of the call's own: tests run in parallel.
    let dir = common::Scratch::new("input");
    let file = dir.join("deals.txt");
    std::fs::write(&file, deals).unwrap();
    let mut args = vec!["-v", "--deals", file.to_str().unwrap()];
    args.extend_from_slice(extra);
    common::run_stdin(script, &args)
}

#[test]
fn printrpt_rows_over_pbn_oneline_and_lin() {
    let deals = format!(
        "[Deal \"N:AKQT3.J6.KJ42.95 652.AK42.AQ87.T4 J74.QT95.T.AK863 98.873.9653.QJ72\"]\n{D1}\n\
         md|3SJ74HQT95DTCAK863,S98H873D9653CQJ72,SAKQT3HJ6DKJ42C95,|\n"
    );
    let (out, err, rc) = run(&deals, "action printrpt(deal, hcp(north), \"x\", north, NS)\n", &[]);
    assert_eq!(rc, Some(0), "{err}");
    // North: A K Q (4+3+2) + J (1) + K J (3+1) = 14 HCP.
    let row = " n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72 ,14,'x',\
               n AKQT3.J6.KJ42.95 ,n AKQT3.J6.KJ42.95 s J74.QT95.T.AK863 \n";
    assert_eq!(out, row.repeat(3));
}

#[test]
fn condition_filters_read_deals_and_bad_records_are_reported() {
    let deals = format!("{D1}\n[Deal \"N:AKQ.. x y z\"]\n{}\n", D1.replace("n AKQT3", "n AKQT2"));
    let (out, err, rc) = run(&deals, "condition hcp(north) >= 14\naction printoneline\n", &[]);
    assert_eq!(rc, Some(0));
    assert_eq!(out, format!("{D1} \n"));
    assert!(err.contains("deals.txt:2:"), "{err}");
    assert!(err.contains("deals.txt:3:"), "a duplicated card is a bad record: {err}");
    let (_, err, rc) = run(&deals, "action printoneline\n", &["--strict"]);
    assert_eq!(rc, Some(255), "{err}");
}

const D2: &str = "n 98.873.9653.QJ72 e AKQT3.J6.KJ42.95 s 652.AK42.AQ87.T4 w J74.QT95.T.AK863";

const PRINT: &str = "action printoneline\n";

/// The deals a run printed, without printoneline's trailing space.
fn printed(out: &str) -> Vec<&str> {
    out.lines().map(str::trim_end).collect()
}

#[test]
fn a_byte_order_mark_does_not_hide_the_first_deal() {
    let (out, err, rc) = run(&format!("\u{feff}{D1}\n{D2}\n"), PRINT, &[]);
    assert_eq!(rc, Some(0), "{err}");
    assert_eq!(printed(&out), [D1, D2]);
}

#[test]
fn cr_crlf_and_lf_line_ends_all_end_a_line() {
    for text in [format!("{D1}\r{D2}\r"), format!("{D1}\r\n{D2}"), format!("{D1}\n\r{D2}\r\n")] {
        let (out, err, rc) = run(&text, PRINT, &[]);
        assert_eq!(rc, Some(0), "{text:?}: {err}");
        assert_eq!(printed(&out), [D1, D2], "{text:?}");
    }
    // A bad record's line number counts `\r` and `\r\n` as one line end each.
    let bad = D2.replace("w J74", "w J73");
    for (text, line) in [(format!("{D1}\r\rx\n{bad}\n"), 4), (format!("{D1}\r\n\r\n{bad}\r\n"), 3)] {
        let (_, err, _) = run(&text, PRINT, &[]);
        assert!(err.contains(&format!("deals.txt:{line}:")), "{text:?}: {err}");
    }
}

#[test]
fn malformed_oneline_records_are_reported_by_line() {
    let truncated = D1.split(" w ").next().unwrap().to_string();
    let swapped = "n AKQT3.J6.KJ42.95 s J74.QT95.T.AK863 e 652.AK42.AQ87.T4 w 98.873.9653.QJ72";
    let twice = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 n J74.QT95.T.AK863 w 98.873.9653.QJ72";
    let text = format!("{D1}\n{truncated}\n{swapped}\n{twice}\n{D2}\n");
    let (out, err, rc) = run(&text, PRINT, &[]);
    assert_eq!(rc, Some(0), "{err}");
    assert_eq!(printed(&out), [D1, D2]);
    for (line, what) in [(2, "`w` hand"), (3, "`s` where `e`"), (4, "`n` is given twice")] {
        let want = format!("deals.txt:{line}: ");
        let report = err.lines().find(|l| l.contains(&want)).unwrap_or_else(|| panic!("no {want} in {err}"));
        assert!(report.contains(what), "{report}");
    }
    let (out, err, rc) = run(&text, PRINT, &["--strict"]);
    assert_eq!((rc, out.as_str()), (Some(255), ""), "{err}");
}

#[test]
fn printoneline_with_a_value_is_a_oneline_record() {
    let (out, err, rc) = run(&format!("{D1} 14\n{D2} -3\n"), PRINT, &["--strict"]);
    assert_eq!(rc, Some(0), "{err}");
    assert_eq!(printed(&out), [D1, D2]);
}

#[test]
fn a_byte_that_is_not_utf8_costs_only_its_line() {
    // Latin-1 `é` in a tag: not a record, not an error.
    let mut text = b"[Event \"Caf\xE9\"]\n".to_vec();
    text.extend_from_slice(format!("{D1}\n{D2}\n").as_bytes());
    text.extend_from_slice(b"n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK8\xff3 w 98.873.9653.QJ72\n");
    let (out, err, rc) = run_bytes(&text, PRINT, &[]);
    assert_eq!(rc, Some(0), "{err}");
    assert_eq!(printed(&out), [D1, D2]);
    assert!(err.contains("deals.txt:4: byte 0xFF at column 55 is not UTF-8"), "{err}");
    assert!(err.contains("line 1"), "the Latin-1 line is noted: {err}");
    let (_, err, rc) = run_bytes(&text, PRINT, &["--strict"]);
    assert_eq!(rc, Some(255), "{err}");
}

#[test]
fn an_endless_line_is_an_error_not_an_allocation() {
    let mut text = format!("{D1}\n").into_bytes();
    text.resize(text.len() + 200_000, b'x');
    let (out, err, rc) = run_bytes(&text, PRINT, &[]);
    assert_eq!((rc, out.as_str()), (Some(255), ""), "{err}");
    assert!(err.contains("deals.txt:2: ") && err.contains("longer than 65536 bytes"), "{err}");
}

#[test]
fn switches_that_deal_are_refused_with_deals() {
    for extra in [&["-N", "SAK"][..], &["-W", "C2"], &["--shard", "0/2", "--stream", "fast"], &["--stream", "fast"]] {
        let (out, err, rc) = run(&format!("{D1}\n"), PRINT, extra);
        assert_eq!((rc, out.as_str()), (Some(255), ""), "{extra:?}: {err}");
        assert!(err.contains(extra[0]) && err.contains("--deals"), "{extra:?}: {err}");
    }
    let (out, err, rc) = run(&format!("{D1}\n"), "predeal north SAKQ\naction printoneline\n", &[]);
    assert_eq!(rc, Some(0), "{err}");
    assert_eq!(printed(&out), [D1], "the file's deals are evaluated as they are");
    assert!(err.contains("warning") && err.contains("predeal"), "{err}");
}
