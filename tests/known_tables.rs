//! Known tables travel: `run --export FILE.pbn --dd` writes PBN 2.1's OptimumResultTable,
//! OptimumScore and ParContract, which endplay reads and which equal DDS's golden tables;
//! `--deals` reads them back, and a table that is not its deal's is an error naming the board.

mod common;

use dealbench::cards::{Vul, parse_deal};
use dealbench::dd::{DdTable, par};
use std::process::Command;

/// The first `n` deals of DDS list100 with their tables (None without ../shared).
fn list100(n: usize) -> Option<Vec<(String, DdTable)>> {
    let dir = common::shared("golden/dd/canonical")?;
    let text = std::fs::read_to_string(dir.join("dds-list100.dt")).unwrap();
    let deals = text.lines().take(n).map(|line| {
        let f: Vec<&str> = line.split('|').collect();
        let v: Vec<u8> = f[1].split_whitespace().map(|t| t.parse().unwrap()).collect();
        let mut tricks = [[0u8; 5]; 4];
        // The file: strain S, H, D, C, NT outer, declarer N, E, S, W inner.
        for (i, t) in v.iter().enumerate() {
            tricks[i % 4][[3, 2, 1, 0, 4][i / 4]] = *t;
        }
        (f[0].to_string(), DdTable { tricks })
    });
    Some(deals.collect())
}

const ENDPLAY: &str = "
import sys
from endplay.parsers import pbn
for b in pbn.load(open(sys.argv[1])):
    t = b.info['OptimumResultTable']
    rows = ','.join(' '.join(r) for r in t['rows'])
    print(b.deal.to_pbn(), '|', rows, '|', b.info['OptimumScore'], '|', b.info['ParContract'])
";

/// The rows a table should have: declarers N, S, E, W, strains NT, S, H, D, C.
fn rows(t: &DdTable) -> String {
    let mut out = Vec::new();
    for (d, c) in [(0, 'N'), (2, 'S'), (1, 'E'), (3, 'W')] {
        for (s, n) in [(4, "NT"), (3, "S"), (2, "H"), (1, "D"), (0, "C")] {
            out.push(format!("{c} {n} {}", t.tricks[d][s]));
        }
    }
    out.join(",")
}

#[test]
fn exported_tables_are_ddss_and_endplay_reads_them_and_deals_reads_them_back() {
    let Some(golden) = list100(6) else { return };
    let dir = common::Scratch::new("known-tables");
    let deals: String = golden.iter().map(|(d, _)| format!("{d}\n")).collect();
    std::fs::write(dir.join("in.txt"), deals).unwrap();
    std::fs::write(dir.join("s.dl"), "action printoneline\n").unwrap();
    let out = common::dealbench(&dir, &["run", "s.dl", "--deals", "in.txt", "--export", "t.pbn", "--dd"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    if common::endplay_present() {
        let py = Command::new("python3").args(["-c", ENDPLAY]).arg(dir.join("t.pbn")).output().unwrap();
        assert!(py.status.success(), "{}", String::from_utf8_lossy(&py.stderr));
        let text = String::from_utf8(py.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), golden.len());
        for (i, (line, (deal, table))) in lines.iter().zip(&golden).enumerate() {
            let f: Vec<&str> = line.split(" | ").collect();
            assert_eq!(f[0], deal.as_str());
            assert_eq!(f[1], rows(table), "board {}", i + 1);
            // Board i+1's vulnerability, par from the golden table and the scoring table.
            let p = par(table, Vul::of_board(i as u64 + 1));
            assert_eq!(f[2], format!("NS {}", p.score_ns), "board {}", i + 1);
            assert_eq!(f[3], p.contracts, "board {}", i + 1);
        }
    }
    // Read back: North's notrump tricks as the tables give them.
    std::fs::write(dir.join("n.dl"), "action printes(tricks(north, notrumps), \" \")\n").unwrap();
    let back = common::dealbench(&dir, &["run", "n.dl", "--deals", "t.pbn"]);
    assert_eq!(back.status.code(), Some(0), "{}", String::from_utf8_lossy(&back.stderr));
    let stdout = String::from_utf8(back.stdout).unwrap();
    let got: Vec<String> = stdout.split_whitespace().take(6).map(str::to_string).collect();
    let want: Vec<String> = golden.iter().map(|(_, t)| t.tricks[0][4].to_string()).collect();
    assert_eq!(got, want);
    assert!(parse_deal(&golden[0].0).is_ok());
    // Boards 1 and 2 with each other's tables: an error naming board 1.
    let text = std::fs::read_to_string(dir.join("t.pbn")).unwrap();
    let tables: Vec<&str> = text.split("[OptimumResultTable").collect();
    let swapped = format!(
        "{}[OptimumResultTable{}[OptimumResultTable{}",
        tables[0],
        tables[2].split_once("[OptimumScore").unwrap().0.to_string()
            + "[OptimumScore"
            + tables[1].split_once("[OptimumScore").unwrap().1,
        tables[1].split_once("[OptimumScore").unwrap().0.to_string()
            + "[OptimumScore"
            + tables[2].split_once("[OptimumScore").unwrap().1
    ) + &tables[3..].iter().map(|t| format!("[OptimumResultTable{t}")).collect::<String>();
    std::fs::write(dir.join("bad.pbn"), swapped).unwrap();
    let bad = common::dealbench(&dir, &["run", "n.dl", "--deals", "bad.pbn"]);
    let err = String::from_utf8_lossy(&bad.stderr);
    assert_ne!(bad.status.code(), Some(0));
    assert!(err.contains("bad.pbn:") && err.contains("board 1") && err.contains("not this deal's"), "{err}");
}
