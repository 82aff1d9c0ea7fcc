//! The golden double-dummy sets the bound tests use: DDS list100 and deals100-hard.
#![allow(dead_code)]

use dealbench::cards::{Deal, parse_deal};

/// A deal and its 20 golden results, `tricks[declarer N,E,S,W][strain C,D,H,S,NT]`.
pub struct GoldenDeal {
    pub deal: Deal,
    pub tricks: [[u8; 5]; 4],
}

/// DDS list100 (`.dt`: strain S, H, D, C, NT outer, declarer inner) and deals100-hard (`.tsv`:
/// declarer outer, strain C..NT inner), each cut to `limit` deals; `None` without ../shared.
pub fn golden_sets(limit: usize) -> Option<Vec<(&'static str, Vec<GoldenDeal>)>> {
    let dir = super::shared("golden/dd")?;
    let list100 = std::fs::read_to_string(dir.join("canonical/dds-list100.dt")).unwrap();
    let hard = std::fs::read_to_string(dir.join("deals100-hard.tsv")).unwrap();
    let read = |text: &str, sep: char, index: fn(usize) -> (usize, usize)| -> Vec<GoldenDeal> {
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .take(limit)
            .map(|line| {
                let mut fields = line.split(sep);
                let deal = parse_deal(fields.next().unwrap()).unwrap();
                let rest: Vec<u8> = if sep == '|' {
                    fields.next().unwrap().split_whitespace().map(|t| t.parse().unwrap()).collect()
                } else {
                    fields.take(20).map(|t| t.parse().unwrap()).collect()
                };
                let mut tricks = [[0; 5]; 4];
                for (k, &t) in rest.iter().enumerate() {
                    let (d, s) = index(k);
                    tricks[d][s] = t;
                }
                GoldenDeal { deal, tricks }
            })
            .collect()
    };
    let dds_order = |k: usize| (k % 4, [3, 2, 1, 0, 4][k / 4]);
    let our_order = |k: usize| (k / 5, k % 5);
    Some(vec![("dds-list100", read(&list100, '|', dds_order)), ("deals100-hard", read(&hard, '\t', our_order))])
}

/// Deals checked per set: all in builds without debug assertions (`--release`), else the
/// first 12 unless `DD_GOLDEN_ALL` is set.
pub fn limit(name: &str) -> usize {
    if !cfg!(debug_assertions) || std::env::var_os("DD_GOLDEN_ALL").is_some() {
        return usize::MAX;
    }
    println!("{name}: debug build, checking the first 12 deals of each set (use --release for all)");
    12
}
