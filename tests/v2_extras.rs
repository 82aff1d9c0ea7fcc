//! DealerV2_4's extras: bktfreq and export against the layout of DealerV2_4's own regression
//! output, csvrpt/printrpt rows on a fixed deal (all 52 cards predealt, rows checked by hand),
//! startboard's board numbers, dealer and vulnerability, the bias predeal's lengths, trix and
//! evalcontract on the fixed deal (solved by hand), and parcontract's positioned unsupported:.

mod common;

use std::path::Path;

fn run(script: &str, args: &[&str]) -> (String, String, Option<i32>) {
    common::run_stdin(script, args)
}

/// The layout of a report with its numbers blanked: every digit and space becomes `9`, so two
/// tables agree when their lines, labels, tabs and column widths agree, whatever the counts.
fn skeleton(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_digit() || c == ' ' { '9' } else { c }).collect()
}

#[test]
fn bktfreq_has_dealerv2s_layout() {
    // What is compared: the 1-D and 2-D tables' layout (labels, tabs, widths, which rows are
    // printed), not the counts: DealerV2_4's generator deals other deals.
    let Some(dir) = common::shared("corpus") else { return };
    let script = dir.join("scripts/dealerv2_4/Regression/BktFreq_s19.dli");
    let expected = std::fs::read_to_string(dir.join("expected/dealerv2_4/Regression/Refer/BktFreq_s19.ref")).unwrap();
    let out = common::dealbench(Path::new("."), &["run", "-v", script.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ours = String::from_utf8_lossy(&out.stdout);
    assert_eq!(skeleton(&ours), skeleton(&expected));
    assert!(ours.contains("\nDescription: KnR North\nValue\t   Count\t   Pct.\t  CumPct\n  500\t"));
    assert!(ours.contains("    \t--------\nTotal\t    5000\t 100.00\n"));
}

#[test]
fn export_lines_have_dealerv2s_form() {
    // What is compared: every line is `-E <hand>  -W <hand> ` with 13 cards a hand, suits in
    // S H D C order and voids left out, as in DealerV2_4's export_s127.ref (other deals).
    let Some(dir) = common::shared("corpus") else { return };
    let script = dir.join("scripts/dealerv2_4/Regression/export_s127.dli");
    let expected = std::fs::read_to_string(dir.join("expected/dealerv2_4/Regression/Refer/export_s127.ref")).unwrap();
    let out = common::dealbench(Path::new("."), &["run", "-v", script.to_str().unwrap()]);
    let ours = String::from_utf8_lossy(&out.stdout).to_string();
    let well_formed = |line: &str| {
        let Some(rest) = line.strip_prefix("-E ") else { return false };
        let Some((east, west)) = rest.split_once("  -W ") else { return false };
        let hand = |h: &str| {
            let suits: Vec<&str> = h.split(',').collect();
            let order: String = suits.iter().filter_map(|s| s.chars().next()).collect();
            let cards: usize = suits.iter().map(|s| s.len() - 1).sum();
            cards == 13 && order.chars().zip(order.chars().skip(1)).all(|(a, b)| "SHDC".find(a) < "SHDC".find(b))
        };
        !east.ends_with(',') && west.ends_with(' ') && hand(east) && hand(west.trim_end())
    };
    assert_eq!(ours.lines().count(), 10);
    assert_eq!(expected.lines().count(), 10);
    for line in expected.lines().chain(ours.lines()) {
        assert!(well_formed(line), "{line:?}");
    }
}

/// A fixed deal: every card predealt (hand-made so that the rows below can be checked by hand).
const FIXED: &str = "predeal north SAKQJ, HAKQ, DAKQ, CAKQ east ST987, HJT9, DJT9, CJT9 \
                     south S65432, H876, D876, C87 west H5432, D5432, C65432\n";

#[test]
fn csvrpt_and_printrpt_rows_on_a_fixed_deal() {
    let dir = common::Scratch::new("v2");
    let csv = dir.join("rows.csv");
    std::fs::write(&csv, "old line\n").unwrap();
    let terms = "deal, hcp(north), \"x\", NS, east, ltc(south), ltc(west, clubs)";
    let script = format!("{FIXED}produce 1\naction csvrpt({terms}), printrpt({terms})\n");
    // north 37 HCP; south's ltc 300 + 300 + 300 + 200; west's clubs 65432 are xxx: 300
    let row = " n AKQJ.AKQ.AKQ.AKQ e T987.JT9.JT9.JT9 s 65432.876.876.87 w .5432.5432.65432 ,37,'x',\
               n AKQJ.AKQ.AKQ.AKQ s 65432.876.876.87 ,e T987.JT9.JT9.JT9 ,1100,300\n";
    let (out, err, code) = run(&script, &["-v", "-C", &format!("w:{}", csv.display())]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, row, "printrpt to standard output");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), row, "csvrpt truncated the file (w:)");
    let (_, err, _) = run(&script, &["-v", "-C", csv.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), format!("{row}{row}"), "csvrpt appends: {err}");
    let (out, _, _) = run(&format!("{FIXED}produce 1\naction csvrpt(west, \"v\")\n"), &["-v"]);
    assert_eq!(out, " w .5432.5432.65432 ,'v'\n", "csvrpt without -C writes to standard output");
}

#[test]
fn title_and_t_fill_the_pbn_event() {
    let script = format!("{FIXED}title \"Fixed deal\"\nproduce 1\naction printpbn\n");
    let (out, _, _) = run(&script, &["-v"]);
    assert!(out.starts_with("[Event \"Fixed deal\"]\n"), "{out}");
    let (out, _, _) = run(&script, &["-v", "-T", "From the switch"]);
    assert!(out.starts_with("[Event \"From the switch\"]\n"), "{out}");
}

#[test]
fn startboard_numbers_rotate_dealer_and_vulnerability() {
    // Startboard_s347.ref (DealerV2_4): boards 26, 27, 28 are dealt by E, S, W at All, None, NS.
    let (out, err, _) = run("startboard 26\nproduce 3\naction printpbn, printall\n", &["-v", "-s", "1"]);
    let tags: Vec<&str> =
        out.lines().filter(|l| l.starts_with("[Board") || l.starts_with("[Dealer") || l.starts_with("[Vul")).collect();
    assert_eq!(
        tags,
        [
            "[Board \"26\"]",
            "[Dealer \"E\"]",
            "[Vulnerable \"All\"]",
            "[Board \"27\"]",
            "[Dealer \"S\"]",
            "[Vulnerable \"None\"]",
            "[Board \"28\"]",
            "[Dealer \"W\"]",
            "[Vulnerable \"NS\"]",
        ],
        "{err}"
    );
    assert!(out.contains("\n  26.\n") && out.contains("\n  28.\n"), "printall numbers from 26");
    let (out, _, _) = run("startboard 9\nproduce 5\naction print(north)\n", &["-v", "-s", "1"]);
    let heading = format!("{:4}.{:15}{:4}.{:15}{:4}.{:15}{:4}.{:15}\n", 9, ' ', 10, ' ', 11, ' ', 12, ' ');
    assert!(out.contains(&heading) && out.contains("  13."), "{out}");
}

#[test]
fn bias_predeal_gives_the_seat_exactly_that_length() {
    let script = "predeal spades(north) == 5\nproduce 2000\n\
                  action frequency (spades(north), 0, 13), frequency (spades(south), 0, 13)\n";
    let (out, err, code) = run(script, &["-s", "7"]);
    assert_eq!(code, Some(0), "{err}");
    let tables: Vec<&str> = out.split("Frequency :\n").skip(1).collect();
    let north: Vec<&str> = tables[0].lines().take(14).collect();
    for (len, line) in north.iter().enumerate() {
        let want = if len == 5 { 2000 } else { 0 };
        assert_eq!(line.split('\t').nth(1).unwrap().trim().parse::<u32>().unwrap(), want, "{line}");
    }
    let south_lengths = tables[1].lines().take(9).filter(|l| !l.ends_with("\t       0")).count();
    assert!(south_lengths >= 6, "South's spades still vary: {}", tables[1]);
    assert!(out.contains("Generated 2000 hands\nProduced 2000 hands\n"));
}

#[test]
fn bias_predeal_errors_are_positioned() {
    let (_, err, code) = run("predeal spades(north) == 8 spades(south) == 6\n", &[]);
    assert_eq!(code, Some(255));
    assert!(err.starts_with("(null):1:28: error: too many spades"), "{err}");
    let (_, err, _) = run("predeal north SAKQ\npredeal spades(north) == 2\n", &[]);
    assert!(err.contains("North is predealt 3 spades but must hold exactly 2"), "{err}");
}

#[test]
fn trix_and_evalcontract_on_the_fixed_deal() {
    // North holds every top card, but West is void in spades and long in the other suits:
    // North makes all 13 tricks in notrump and spades, 12 in hearts or diamonds (West keeps a
    // fourth trump to ruff a spade) and 11 in clubs (two ruffs from five). South the same.
    let script = format!(
        "{FIXED}produce 1\naction printrpt(trix(north), \"s\", trix(south)), evalcontract(NS, z6Nx, vul), evalcontract(EW, z1C, nv)\n"
    );
    let (out, err, code) = run(&script, &["-v"]);
    assert_eq!(code, Some(0), "{err}");
    // 6NTx+1 vulnerable: 2 x 190 + 500 game + 750 slam + 50 insult + 200 overtrick = 1880.
    // 1C by West: two tricks, five down not vulnerable = -250.
    let want = " 11,12,12,13,13,'s',11,12,12,13,13\n\
                \nContract  6Nx V by NS Avg Result = 1880.00, Made pct= 100.00, Fail pct=   0.00\n\
                Missed Game_pct=   0.00, Missed Slam_pct=   0.00, Missed Game Imps/board=   0.00, Missed Slam Imps/board=   0.00\n\
                \nContract  1C    by EW Avg Result = -250.00, Made pct=   0.00, Fail pct= 100.00\n\
                Missed Game_pct=   0.00, Missed Slam_pct=   0.00, Missed Game Imps/board=   0.00, Missed Slam Imps/board=   0.00\n";
    assert_eq!(out, want);
}

#[test]
fn parcontract_matches_dds_par_contracts() {
    // The first deals of ../shared/golden/dd/deals100-hard.tsv with DDS's par contracts (DealerPar
    // with North dealing, which equals Par() on these deals) from deals100-hard.par.tsv.
    let Some(dir) = common::shared("golden/dd") else { return };
    let deals = std::fs::read_to_string(dir.join("deals100-hard.tsv")).unwrap();
    let pars = std::fs::read_to_string(dir.join("deals100-hard.par.tsv")).unwrap();
    let scratch = common::Scratch::new("parcontract");
    let file = scratch.join("deals.txt");
    let lines: Vec<&str> = deals.lines().take(4).map(|l| l.split('\t').next().unwrap()).collect();
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    for (vul, word) in [("None", "none"), ("EW", "ew")] {
        let args = ["-v", "-s", "1", "--deals", file.to_str().unwrap(), "--vulnerable", word];
        let (out, err, code) = run("action printrpt(par(ns), parcontract)\n", &args);
        assert_eq!(code, Some(0), "{err}");
        let want: Vec<String> = pars
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .filter(|c| c[1] == vul && c[0].parse::<usize>().unwrap() < 4)
            .map(|c| format!(" {},'{}'", c[2], c[10]))
            .collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), want, "vulnerability {vul}");
    }
}
