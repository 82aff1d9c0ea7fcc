//! Variables are kept once and mentioned by reference: a script of deeply nested variables
//! compiles in size linear in its text and runs, and a variable that draws `rnd()` draws again
//! at every mention, as dealer.exe re-evaluates it (spec compat.md §4, "every mention
//! re-evaluates it … two mentions of `r = rnd(4)` are two draws").

use dealbench::cards::{Deal, parse_deal};
use dealbench::eval::{Program, compile};
use dealbench::run::{self, Event, RunOptions};
use dealbench::script::CompileOptions;
use std::sync::Arc;

const DEAL: &str = "n AKQT3.J6.KJ42.95 e 652.AK42.AQ87.T4 s J74.QT95.T.AK863 w 98.873.9653.QJ72";

fn program(src: &str) -> Program {
    compile(src, "t.dlr", &CompileOptions::default()).unwrap_or_else(|d| panic!("{}", d[0].render()))
}

/// The lines the actions print on each deal the condition keeps.
fn printed(src: &str, deals: Vec<Deal>) -> Vec<String> {
    let opts = RunOptions { deals: Some(Arc::new(deals)), print_stats: false, ..RunOptions::default() };
    let handle = run::start(Arc::new(program(src)), opts);
    let mut out = Vec::new();
    for ev in handle.events().iter() {
        match ev {
            Event::Matched(m) => out.extend(m.iter().map(|m| m.printed.trim().to_string())),
            Event::Failed(d) => panic!("{}", d.render()),
            _ => {}
        }
    }
    out
}

/// `v0`, `v1` from North's and South's points, then each `v_k = v_{k-1} + v_{k-2} - k`.
fn chain(n: usize) -> String {
    let mut s = String::from("v0 = hcp(north) + 1\nv1 = hcp(south) * 2\n");
    for k in 2..n {
        s += &format!("v{k} = v{} + v{} - {k}\n", k - 1, k - 2);
    }
    s
}

#[test]
fn a_chain_of_2000_variables_each_naming_the_two_before_compiles_in_linear_size_and_runs() {
    const N: usize = 2000;
    let src = format!("{}condition v{} != 12345\naction printes(v{}, \\n)\n", chain(N), N - 1, N - 1);
    let p = program(&src);
    // Every variable is kept once; mentioning one costs one node, not a copy of its tree.
    let mut nodes = 0;
    p.script.condition.as_ref().unwrap().visit(&p.script.vars, &mut Vec::new(), &mut |_| nodes += 1);
    assert_eq!(p.script.vars.len(), N);
    assert!(nodes <= 6 * N, "{nodes} nodes for {N} variables");
    let tree: usize = p.script.vars.iter().map(|v| v.expr.children().count()).sum();
    assert!(tree <= 2 * N, "{tree}");
    // The value, worked out here: North has 14 points, South 10 (wrapping 32-bit sums, as the engine).
    let (mut a, mut b) = (15i32, 20i32);
    for k in 2..N {
        (a, b) = (b, b.wrapping_add(a).wrapping_sub(k as i32));
    }
    assert_eq!(printed(&src, vec![parse_deal(DEAL).unwrap()]), [b.to_string()]);
}

#[test]
fn a_variable_that_draws_rnd_draws_again_at_each_mention() {
    let deals: Vec<Deal> = (0..40).map(|_| parse_deal(DEAL).unwrap()).collect();
    // Two draws from 0..1000000 are equal once in a million: every deal differs.
    for src in [
        "r = rnd(1000000)\ncondition r != r\naction printes(1, \\n)\n",
        "r = rnd(1000000)\nx = r + 0\ny = x * 1\ncondition y != x\naction printes(1, \\n)\n",
        "r = rnd(1000000) + hcp(north)\ncondition 1\naction printes(r - r != 0, \\n)\n",
    ] {
        assert_eq!(printed(src, deals.clone()), vec!["1"; 40], "{src}");
    }
    // A variable without rnd holds one value on a deal.
    let src = "x = hcp(north) * 3 + spades(north)\ncondition x == x && x - x == 0\naction printes(x, \\n)\n";
    assert_eq!(printed(src, vec![parse_deal(DEAL).unwrap()]), ["47"]);
}

#[test]
fn an_error_inside_a_variable_stops_the_run_at_its_position() {
    let src = "q = hcp(north) / (spades(north) - 5)\nok = 1\ncondition ok\naction printes(q + q, \\n)\n";
    let opts = RunOptions { deals: Some(Arc::new(vec![parse_deal(DEAL).unwrap()])), ..RunOptions::default() };
    let handle = run::start(Arc::new(program(src)), opts);
    let failed = handle.events().iter().find_map(|e| if let Event::Failed(d) = e { Some(d) } else { None });
    let d = failed.expect("the run fails");
    assert_eq!((d.line, d.column), (1, 16), "{}", d.render());
    assert!(d.message.contains("division by zero"));
}
