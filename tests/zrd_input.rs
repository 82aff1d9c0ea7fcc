//! `run --deals` of Pavlicek's ZRD records (spec: dealer3-levelling.md §7), from a file and
//! from standard input: the spec's example record, its table used for `tricks()`, separators
//! passed over, and a table that is not its deal's an error naming the record.

mod common;

/// The spec's example: `N:J873.J42.Q65.KT2 AT652.A976.AJ82. Q4.85.KT9.A87643 K9.KQT3.743.QJ95`,
/// West in notrump takes 9.
const EXAMPLE: [u8; 23] = [
    0x72, 0x52, 0x7a, 0x0a, 0xe1, 0x7a, 0xe4, 0xf9, 0x52, 0xe0, 0x41, 0xfc, 0x7c, 0x49, 0x49, 0x49, 0x49, 0x2b, 0x2a,
    0x39, 0x39, 0x67, 0x67,
];
const DEAL: &str = "n J873.J42.Q65.KT2 e AT652.A976.AJ82. s Q4.85.KT9.A87643 w K9.KQT3.743.QJ95 ";
const SCRIPT: &str = "action printoneline, printes(tricks(west, notrumps), \" \")\n";

/// A separator record, then the example twice.
fn file_bytes() -> Vec<u8> {
    [&[0u8; 23][..], &EXAMPLE, &EXAMPLE].concat()
}

fn check_output(stdout: &[u8]) {
    let text = String::from_utf8_lossy(stdout);
    // printoneline's line, then the `printes` (West's notrump tricks) before the next deal.
    assert_eq!(text.matches(DEAL).count(), 2, "{text}");
    assert!(text.contains("Produced 2 hands"), "{text}");
    assert_eq!(text.matches("9 ").count(), 2, "{text}");
}

#[test]
fn the_specs_example_from_a_file_and_from_standard_input() {
    let dir = common::Scratch::new("zrd");
    std::fs::write(dir.join("lib.zrd"), file_bytes()).unwrap();
    std::fs::write(dir.join("s.dl"), SCRIPT).unwrap();
    let out = common::dealbench(&dir, &["run", "s.dl", "--deals", "lib.zrd"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    check_output(&out.stdout);
    let out = common::dealbench_with_stdin(&dir, &["run", "s.dl", "--deals", "-"], &file_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    check_output(&out.stdout);
}

#[test]
fn a_table_of_another_deal_names_its_record() {
    let dir = common::Scratch::new("zrd-bad");
    // The example's hands turned a seat (North's cards to East, …) under the example's table:
    // seat codes 01 N -> 10 E -> 11 S -> 00 W -> 01 N.
    let mut turned = EXAMPLE;
    for b in turned.iter_mut().take(13) {
        let mut out = 0u8;
        for k in 0..4 {
            let code = (*b >> (2 * k)) & 3;
            out |= ((code + 1) & 3) << (2 * k);
        }
        *b = out;
    }
    std::fs::write(dir.join("bad.zrd"), [&EXAMPLE[..], &turned].concat()).unwrap();
    std::fs::write(dir.join("s.dl"), SCRIPT).unwrap();
    // dealer3's --input-deals reads the tables too, and checks them the same way.
    for args in [["run", "s.dl", "--deals", "bad.zrd"], ["dealer3", "--input-deals", "bad.zrd", "s.dl"]] {
        let out = common::dealbench(&dir, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.contains("bad.zrd: record 2") && err.contains("not this deal's"), "{args:?}: {err}");
    }
}

/// dealer3's `--input-deals` reads the same records, from a file and from standard input
/// (before, dealer3 mode named the fast stream and `--input-deals` was refused outright).
#[test]
fn dealer3_input_deals_reads_zrd_from_a_file_and_from_standard_input() {
    let dir = common::Scratch::new("zrd-dealer3");
    std::fs::write(dir.join("lib.zrd"), file_bytes()).unwrap();
    std::fs::write(dir.join("s.dl"), "action printoneline\n").unwrap();
    let out = common::dealbench(&dir, &["dealer3", "--input-deals", "lib.zrd", "s.dl"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).matches(DEAL).count(), 2);
    let out = common::dealbench_with_stdin(&dir, &["dealer3", "--input-deals", "-", "s.dl"], &file_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).matches(DEAL).count(), 2);
}
