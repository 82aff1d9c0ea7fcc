//! Double-dummy tables and par against the golden data in `../shared/golden/dd` (DDS and
//! macroxue/bridge-solver results). The CI subset (DDS list100, deals100-hard) runs by default;
//! every other set runs with `cargo test --release -- --ignored` (DDS's two freaks, `dds_freaks`,
//! take about 4 minutes; `--skip dds_freaks` leaves them out).

mod common;

use dealbench::cards::{Deal, Vul, parse_deal};
use dealbench::dd::{DdTable, par, solve_tables_parallel};
use std::path::PathBuf;

/// `../shared/golden/dd` (skipped visibly without it; required under `CI=true`).
fn golden_dir() -> Option<PathBuf> {
    common::shared("golden/dd")
}

/// Deals of a CI set checked: all in release builds; in debug builds (about 25 times slower)
/// the first 12, unless `DD_GOLDEN_ALL` is set.
fn ci_limit(name: &str, total: usize) -> usize {
    if !cfg!(debug_assertions) || std::env::var_os("DD_GOLDEN_ALL").is_some() {
        return total;
    }
    let n = total.min(12);
    println!("{name}: debug build, checking the first {n} of {total} deals (use --release for all)");
    n
}

fn threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// DDS's vulnerability code (0 None, 1 Both, 2 NS, 3 EW).
fn vul_from_dds(code: u8) -> Vul {
    [Vul::None, Vul::All, Vul::NS, Vul::EW][code as usize]
}

/// The quoted strings of a JSON list of strings.
fn json_strings(text: &str) -> Vec<String> {
    text.split('"').skip(1).step_by(2).map(str::to_string).collect()
}

/// One line of a canonical `.dt` file.
struct DtCase {
    deal: Deal,
    /// DDS order: strain S, H, D, C, NT outer, declarer N, E, S, W inner.
    tricks: Vec<u8>,
    /// (our vulnerability, NS-first par score, EW-first score in NS view, DealerPar contracts).
    par: Option<(Vul, i32, i32, String)>,
}

fn read_dt(name: &str) -> Option<Vec<DtCase>> {
    let path = golden_dir()?.join("canonical").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let cases = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('|').collect();
            let deal = parse_deal(fields[0]).unwrap_or_else(|e| panic!("{name}: {e}: {line}"));
            let tricks: Vec<u8> = fields[1].split_whitespace().map(|t| t.parse().unwrap()).collect();
            assert_eq!(tricks.len(), 20, "{name}: {line}");
            // Extra fields of the DDS lists: dealer|vul|Par()|DealerPar().
            let par = (fields.len() >= 6 && fields[4].starts_with('[')).then(|| {
                let vul = vul_from_dds(fields[3].parse().unwrap());
                let p = json_strings(fields[4]);
                let p2 = json_strings(fields[5]);
                let num = |s: &str| s.split_whitespace().last().unwrap().parse::<i32>().unwrap();
                (vul, num(&p[0]), -num(&p[1]), p2[1..].join(","))
            });
            DtCase { deal, tricks, par }
        })
        .collect();
    Some(cases)
}

/// Our table in DDS order.
fn dds_order(t: &DdTable) -> Vec<u8> {
    (0..20).map(|k| t.tricks[k % 4][[3, 2, 1, 0, 4][k / 4]]).collect()
}

/// Solves every deal of a `.dt` file and compares tables and par; panics listing mismatches.
fn check_dt(name: &str) {
    check_dt_first(name, usize::MAX);
}

/// As [`check_dt`] for the first `limit` deals.
fn check_dt_first(name: &str, limit: usize) {
    let Some(mut cases) = read_dt(name) else { return };
    cases.truncate(limit);
    let deals: Vec<Deal> = cases.iter().map(|c| c.deal).collect();
    let tables = solve_tables_parallel(&deals, threads());
    let mut errors = Vec::new();
    let mut pars = 0;
    for (i, (case, table)) in cases.iter().zip(tables).enumerate() {
        let table = table.unwrap_or_else(|e| panic!("{name} deal {i}: {e}"));
        let got = dds_order(&table);
        if got != case.tricks {
            errors.push(format!("{name} deal {i} {}: table {got:?}, want {:?}", case.deal.pbn(), case.tricks));
            continue;
        }
        if let Some((vul, ns_first, ew_first, contracts)) = &case.par {
            pars += 1;
            let p = par(&table, *vul);
            if p.score_ns != *ns_first {
                errors.push(format!("{name} deal {i}: par {} want {ns_first}", p.score_ns));
            }
            // DealerPar's contracts depend on the dealer only on hot deals.
            if ns_first == ew_first && p.contracts != *contracts {
                errors.push(format!("{name} deal {i}: par contracts {} want {contracts}", p.contracts));
            }
        }
    }
    println!("{name}: {} deals, {} agree; par checked on {pars}", cases.len(), cases.len() - errors.len());
    assert!(errors.is_empty(), "{} mismatches:\n{}", errors.len(), errors.join("\n"));
}

#[test]
fn dds_list100() {
    check_dt_first("dds-list100.dt", ci_limit("dds-list100", 100));
}

/// The golden table in our layout.
fn table_from_dds(tricks: &[u8]) -> DdTable {
    let mut t = DdTable { tricks: [[0; 5]; 4] };
    for (k, &v) in tricks.iter().enumerate() {
        t.tricks[k % 4][[3, 2, 1, 0, 4][k / 4]] = v;
    }
    t
}

/// Par (score and DealerPar contracts) from the golden tables of every DDS list: no solving.
#[test]
fn par_of_dds_lists_from_golden_tables() {
    let mut checked = 0;
    let mut errors = Vec::new();
    for name in
        ["dds-list1000.dt", "dds-list300.dt", "dds-list100.dt", "dds-largest.dt", "dds-thomas1.dt", "dds-thomas2.dt"]
    {
        let Some(cases) = read_dt(name) else { return };
        for (i, case) in cases.iter().enumerate() {
            let Some((vul, ns_first, ew_first, contracts)) = &case.par else { continue };
            checked += 1;
            let p = par(&table_from_dds(&case.tricks), *vul);
            if p.score_ns != *ns_first || (ns_first == ew_first && p.contracts != *contracts) {
                errors.push(format!("{name} deal {i}: par {} {} want {ns_first} {contracts}", p.score_ns, p.contracts));
            }
        }
    }
    println!("par checked on {checked} golden tables");
    assert!(checked >= 1400 && errors.is_empty(), "{} mismatches:\n{}", errors.len(), errors.join("\n"));
}

#[test]
fn deals100_hard_tables_and_par() {
    let Some(dir) = golden_dir() else { return };
    let text = std::fs::read_to_string(dir.join("deals100-hard.tsv")).unwrap();
    let par_text = std::fs::read_to_string(dir.join("deals100-hard.par.tsv")).unwrap();
    // Per deal and vulnerability (None, NS, EW, All): DealerPar contracts with North dealing.
    let contracts: Vec<String> =
        par_text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').nth(10).unwrap().to_string()).collect();
    let mut rows: Vec<Vec<&str>> = text.lines().filter(|l| !l.is_empty()).map(|l| l.split('\t').collect()).collect();
    rows.truncate(ci_limit("deals100-hard", rows.len()));
    let deals: Vec<Deal> = rows.iter().map(|r| parse_deal(r[0]).unwrap()).collect();
    let tables = solve_tables_parallel(&deals, threads());
    let mut errors = Vec::new();
    for (i, (row, table)) in rows.iter().zip(tables).enumerate() {
        let table = table.unwrap();
        let want: Vec<u8> = row[1..21].iter().map(|t| t.parse().unwrap()).collect();
        let got: Vec<u8> = (0..20).map(|k| table.tricks[k / 5][k % 5]).collect();
        if got != want {
            errors.push(format!("deal {i}: table {got:?} want {want:?}"));
            continue;
        }
        for vul in Vul::ALL {
            let want_score: i32 = row[21 + vul.index()].parse().unwrap();
            let p = par(&table, vul);
            let want_contracts = &contracts[i * 4 + vul.index()];
            if p.score_ns != want_score || p.contracts != *want_contracts {
                errors.push(format!(
                    "deal {i} vul {vul:?}: par {} {} want {want_score} {want_contracts}",
                    p.score_ns, p.contracts
                ));
            }
        }
    }
    println!("deals100-hard: {} deals, {} mismatches", rows.len(), errors.len());
    assert!(errors.is_empty(), "{} mismatches:\n{}", errors.len(), errors.join("\n"));
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn dds_lists_full() {
    for name in ["dds-list1.dt", "dds-list2.dt", "dds-list10.dt", "dds-list300.dt", "dds-list1000.dt"] {
        check_dt(name);
    }
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn dds_hard() {
    for name in ["dds-sol10.dt", "dds-largest.dt"] {
        check_dt(name);
    }
}

/// DDS's two artificial freaks (every hand two- or three-suited, no touching cards): thomas2
/// takes the solver about 3.5 minutes on one core (946 M nodes), thomas1 26 seconds.
#[test]
#[ignore = "minutes: run with --release -- --ignored dds_freaks"]
fn dds_freaks() {
    for name in ["dds-thomas1.dt", "dds-thomas2.dt"] {
        check_dt(name);
    }
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn macroxue_sets() {
    for name in
        ["mx-fixed_deals.dt", "mx-hard_deals.dt", "mx-long_deals.dt", "mx-old_deals.dt", "mx-new_deals.dt", "mx-1k.dt"]
    {
        check_dt(name);
    }
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn macroxue_5k() {
    check_dt("mx-5k.dt");
}

/// `dealbench run --dd-memory 1`: a 1 MiB table per solver gives DDS's tricks on list100's first
/// deals (columns: North in notrump, East in spades, West in clubs), and 0 MiB is refused.
#[test]
fn run_with_a_small_dd_budget_gives_dds_tricks() {
    let Some(cases) = read_dt("dds-list100.dt") else { return };
    let dir = common::Scratch::new("ddmem");
    let file = dir.join("deals.pbn");
    let records: Vec<String> = cases[..4].iter().map(|c| format!("[Deal \"{}\"]\n", c.deal.pbn())).collect();
    std::fs::write(&file, records.concat()).unwrap();
    let script = "action printrpt(tricks(north, notrump), tricks(east, spades), tricks(west, clubs))\n";
    let args = ["-v", "--deals", file.to_str().unwrap(), "--dd-memory", "1"];
    let (out, err, rc) = common::run_stdin(script, &args);
    assert_eq!(rc, Some(0), "{err}");
    // DDS order: S, H, D, C, NT, each for declarer N, E, S, W; printrpt rows start with a space.
    let want: String =
        cases[..4].iter().map(|c| format!(" {},{},{}\n", c.tricks[16], c.tricks[1], c.tricks[15])).collect();
    assert_eq!(out, want);
    // Refused before the script is read (so the script comes from a file, not a pipe).
    std::fs::write(dir.join("tricks.dlr"), script).unwrap();
    let out = common::dealbench(&dir, &["run", "-v", "--deals", "deals.pbn", "--dd-memory", "0", "tricks.dlr"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("--dd-memory"), "{err}");
}
