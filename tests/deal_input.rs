//! `dealbench run --deals FILE`: the script runs over deals read from PBN, oneline or LIN
//! records; bad records are reported with their line and skipped, or fatal with --strict.
//! Expected rows are hand-checked (DealerV2_4's printrpt row format).

mod common;

const D1: &str = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72";

/// Gives every call a directory of its own: tests run in parallel.
static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn run(deals: &str, script: &str, extra: &[&str]) -> (String, String, Option<i32>) {
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("dealbench-input-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
