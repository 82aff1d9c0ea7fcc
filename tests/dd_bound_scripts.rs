//! Scripts that compare `tricks` with numbers: the comparison asks the solver only for the
//! bound it needs (a recording solver shows what is asked), and runs over the golden deals
//! print what the golden tables say, on one thread and on two.

mod common;

use common::golden_dd::{GoldenDeal, golden_sets, limit};
use dealbench::cards::{Deal, Seat, Vul};
use dealbench::dd::DdError;
use dealbench::eval::{Ctx, DoubleDummy, Memo, compile};
use dealbench::script::CompileOptions;

/// Answers from a known table and records each question.
struct Recorder {
    table: [[u8; 5]; 4],
    asked: Vec<String>,
}

impl DoubleDummy for Recorder {
    fn table(&mut self, _: &Deal) -> Result<[[u8; 5]; 4], DdError> {
        self.asked.push("table".into());
        Ok(self.table)
    }
    fn tricks(&mut self, _: &Deal, d: Seat, s: usize) -> Result<u8, DdError> {
        self.asked.push(format!("tricks {} {s}", d.index()));
        Ok(self.table[d][s])
    }
    fn at_least(&mut self, _: &Deal, d: Seat, s: usize, t: i32) -> Result<bool, DdError> {
        self.asked.push(format!("at_least {} {s} {t}", d.index()));
        Ok(i32::from(self.table[d][s]) >= t)
    }
    fn par_ns(&mut self, _: &Deal, _: Vul) -> Result<i32, DdError> {
        self.asked.push("par".into());
        Ok(0)
    }
    fn par_contracts(&mut self, _: &Deal, _: Vul) -> Result<String, DdError> {
        self.asked.push("par".into());
        Ok(String::new())
    }
}

/// The condition's value on a deal whose South takes 9 tricks in spades, and what it asked.
fn asked(script: &str) -> (bool, Vec<String>) {
    let program = compile(script, "t.dlr", &CompileOptions::default()).unwrap();
    let deal =
        dealbench::cards::parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
    let mut table = [[5u8; 5]; 4];
    table[2][3] = 9;
    let mut rec = Recorder { table, asked: Vec::new() };
    let mut memo = Memo::default();
    let mut ctx = Ctx::new(&deal, &mut memo);
    ctx.dd = Some(&mut rec);
    let hit = program.matches(&mut ctx).unwrap();
    (hit, rec.asked)
}

#[test]
fn a_comparison_with_a_number_asks_only_for_bounds() {
    let cases: &[(&str, bool, &[&str])] = &[
        ("condition tricks(south, spades) >= 10", false, &["at_least 2 3 10"]),
        ("condition tricks(south, spades) > 8", true, &["at_least 2 3 9"]),
        ("condition tricks(south, spades) < 7", false, &["at_least 2 3 7"]),
        ("condition tricks(south, spades) <= 9", true, &["at_least 2 3 10"]),
        ("condition tricks(south, spades) == 9", true, &["at_least 2 3 9", "at_least 2 3 10"]),
        ("condition tricks(south, spades) == 10", false, &["at_least 2 3 10"]),
        ("condition tricks(south, spades) != 9", false, &["at_least 2 3 9", "at_least 2 3 10"]),
        ("condition 9 <= tricks(south, spades)", true, &["at_least 2 3 9"]),
        ("condition 7 < tricks(south, spades) < 10", true, &["at_least 2 3 8", "at_least 2 3 10"]),
        ("t = tricks(south, spades)\ncondition t >= 9", true, &["at_least 2 3 9"]),
        ("condition (tricks(south, spades) >= 9 ? 3 : 4) == 3", true, &["at_least 2 3 9"]),
        ("condition hcp(north) > 37 && tricks(south, spades) >= 9", false, &[]),
        ("condition hcp(north) < 37 || tricks(south, spades) >= 9", true, &[]),
        ("condition tricks(south, spades) + 1 >= 10", true, &["tricks 2 3"]),
        // The number is worked out first, then compared through bounds.
        (
            "condition tricks(south, spades) == tricks(north, clubs) + 4",
            true,
            &["tricks 0 0", "at_least 2 3 9", "at_least 2 3 10"],
        ),
        ("condition tricks(south, spades) >= tricks(north, clubs)", true, &["tricks 2 3", "tricks 0 0"]),
        // A variable is worked out once, when first reached; one never reached solves nothing.
        ("t = tricks(south, spades) + 1\ncondition t >= 10 && t < 11 && t + t == 20", true, &["tricks 2 3"]),
        ("t = tricks(south, spades) + 1\ncondition hcp(north) > 37 && t >= 10", false, &[]),
        ("t = tricks(south, spades) + 1\nu = t * 2\ncondition hcp(north) < 37 || u >= 9", true, &[]),
    ];
    for (script, hit, want) in cases {
        let (got_hit, got) = asked(script);
        let got: Vec<&str> = got.iter().map(String::as_str).collect();
        assert_eq!((got_hit, got.as_slice()), (*hit, *want), "{script}");
    }
}

/// Writes the deals as PBN records to a file of their own in `dir`.
fn deal_file(dir: &std::path::Path, name: &str, deals: &[GoldenDeal]) -> std::path::PathBuf {
    let path = dir.join(format!("{name}.pbn"));
    let text: String = deals.iter().map(|g| format!("[Deal \"{}\"]\n\n", g.deal.pbn())).collect();
    std::fs::write(&path, text).unwrap();
    path
}

const SEATS: [&str; 4] = ["north", "east", "south", "west"];
const STRAINS: [&str; 5] = ["clubs", "diamonds", "hearts", "spades", "notrump"];
/// An operator's text and meaning.
type Op = (&'static str, fn(i32, i32) -> bool);
/// What a comparison is for a result: declarer, strain and the test of the result.
type Check = (usize, usize, Box<dyn Fn(i32) -> bool>);

const OPS: [Op; 6] = [
    (">=", |a, b| a >= b),
    (">", |a, b| a > b),
    ("<", |a, b| a < b),
    ("<=", |a, b| a <= b),
    ("==", |a, b| a == b),
    ("!=", |a, b| a != b),
];

/// Per result, four comparisons (direct, mirrored, through a variable, inside `?:`) with
/// thresholds and operators that vary; each with what it is for a result `t`.
fn comparisons() -> (String, Vec<Check>) {
    let (mut vars, mut terms, mut checks) = (String::new(), Vec::new(), Vec::new());
    for k in 0..20usize {
        let (d, s) = (k / 5, k % 5);
        let call = format!("tricks({}, {})", SEATS[d], STRAINS[s]);
        vars.push_str(&format!("v{k} = {call}\n"));
        for form in 0..4usize {
            let (op, f) = OPS[(k + form * 5) % 6];
            let n = [6, 9, 7, 10, 3, 8, 12][(k * 3 + form) % 7];
            let (text, check): (String, Box<dyn Fn(i32) -> bool>) = match form {
                0 => (format!("{call} {op} {n}"), Box::new(move |t| f(t, n))),
                1 => (format!("{n} {op} {call}"), Box::new(move |t| f(n, t))),
                2 => (format!("v{k} {op} {n}"), Box::new(move |t| f(t, n))),
                _ => (format!("({call} {op} {n} ? 5 : 2)"), Box::new(move |t| f(t, n))),
            };
            terms.push(text);
            checks.push((d, s, check));
        }
    }
    let script = format!("{vars}action printrpt({})\n", terms.join(", "));
    (script, checks)
}

#[test]
fn comparisons_print_what_the_golden_tables_say() {
    let Some(sets) = golden_sets(limit("dd_bound_scripts")) else { return };
    let (script, checks) = comparisons();
    let dir = common::Scratch::new("bounds");
    for (name, deals) in &sets {
        let file = deal_file(&dir, name, deals);
        let (out, err, rc) =
            common::run_stdin(&script, &["-v", "-p", "1000", "--threads", "2", "--deals", file.to_str().unwrap()]);
        assert_eq!(rc, Some(0), "{err}");
        let rows: Vec<&str> = out.lines().collect();
        assert_eq!(rows.len(), deals.len(), "{name}: {out}");
        for (i, (row, g)) in rows.iter().zip(deals).enumerate() {
            let want: Vec<String> = checks
                .iter()
                .enumerate()
                .map(|(j, (d, s, c))| {
                    let holds = c(i32::from(g.tricks[*d][*s]));
                    if j % 4 == 3 {
                        if holds { "5" } else { "2" }
                    } else if holds {
                        "1"
                    } else {
                        "0"
                    }
                    .to_string()
                })
                .collect();
            assert_eq!(row.trim().split(',').collect::<Vec<_>>(), want, "{name} deal {i}");
        }
    }
}

#[test]
fn bounds_in_the_condition_then_trix_in_the_action_agree_with_the_golden_tables() {
    let Some(sets) = golden_sets(limit("dd_bound_scripts")) else { return };
    let script = "condition tricks(south, spades) >= 8 || tricks(west, notrump) != 6\naction printrpt(trix(deal))\n";
    let dir = common::Scratch::new("bounds");
    for (name, deals) in &sets {
        let file = deal_file(&dir, name, deals);
        for threads in ["1", "2"] {
            let (out, err, rc) = common::run_stdin(
                script,
                &["-v", "-p", "1000", "--threads", threads, "--deals", file.to_str().unwrap()],
            );
            assert_eq!(rc, Some(0), "{err}");
            let want: Vec<String> = deals
                .iter()
                .filter(|g| g.tricks[2][3] >= 8 || g.tricks[3][4] != 6)
                .map(|g| g.tricks.iter().flatten().map(u8::to_string).collect::<Vec<_>>().join(","))
                .collect();
            let got: Vec<&str> = out.lines().map(str::trim).collect();
            assert_eq!(got, want, "{name}, {threads} threads");
        }
    }
}
