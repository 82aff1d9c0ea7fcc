//! The compiled evaluator (variables kept once per deal, hand facts shared) against the plain
//! tree-walking reference of tests/reference: every corpus script over a thousand deals, and
//! generated scripts of nested variables, `?:`, short circuits and `rnd`; every variable's value
//! (or error), the condition's and each of the profile's terms', on every deal.

mod common;
mod reference;

use dealbench::cards::Deal;
use dealbench::dealing::FastStream;
use dealbench::eval::{Ctx, Memo, Program, compile};
use dealbench::run::profile::Spec;
use dealbench::script::CompileOptions;
use dealbench::script::ast::Expr;
use proptest::prelude::*;
use reference::{RefDeal, Reference};
use std::path::{Path, PathBuf};

/// DealerV2_4's parameters for its `.dls` scripts, as tests/corpus.rs gives them.
const DLS_PARAMS: [(&str, &str); 10] = [
    ("0", "east"),
    ("1", "west"),
    ("2", "hcp"),
    ("3", "top4"),
    ("4", "ltc"),
    ("5", "12"),
    ("6", "6.5"),
    ("7", "spade"),
    ("8", " any 4333 + any 4432 + any 5332 "),
    ("9", " 5+s4+mxx + 6+mxxx "),
];

fn deals(seed: u64, n: u64) -> Vec<Deal> {
    let stream = FastStream::new(seed, &[]);
    (0..n).map(|i| stream.deal(i)).collect()
}

/// Compares every value on every deal; returns how many were compared. Odd deals evaluate
/// the condition first, so that a variable is also first computed inside another.
fn compare(program: &Program, deals: &[Deal], what: &str) -> usize {
    let script = &program.script;
    let reference = Reference::new(script);
    let condition = script.condition.as_ref().filter(|c| !c.solves(&script.vars));
    // The profile's terms, compiled beside the condition (src/run/profile).
    let terms = Spec::of(program).map_or_else(Vec::new, Spec::exprs);
    let mut memo = Memo::default();
    let mut compared = 0;
    for (n, deal) in deals.iter().enumerate() {
        let mut ctx = Ctx::new(deal, &mut memo);
        ctx.rnd_seed = 7;
        let mut rd = RefDeal { deal, rnd: None, rnd_seed: 7 };
        let condition_once = |ctx: &mut Ctx, rd: &mut RefDeal| {
            if let Some(c) = condition {
                assert_eq!(program.eval(c, ctx), reference.eval(c, rd), "{what}: the condition on deal {n}");
            }
        };
        if n % 2 == 1 {
            condition_once(&mut ctx, &mut rd);
        }
        for (i, v) in script.vars.iter().enumerate().filter(|(_, v)| !v.solves) {
            let got = program.eval(&Expr::Var(i), &mut ctx);
            assert_eq!(got, reference.eval(&v.expr, &mut rd), "{what}: variable `{}` on deal {n}", v.name);
            compared += 1;
        }
        if n % 2 == 0 {
            condition_once(&mut ctx, &mut rd);
        }
        for (k, e) in terms.iter().enumerate().filter(|(_, e)| !e.solves(&script.vars)) {
            assert_eq!(program.term(k, &mut ctx), reference.eval(e, &mut rd), "{what}: profile term {k} on deal {n}");
            compared += 1;
        }
    }
    compared
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() { files(&p, out) } else { out.push(p) }
    }
}

#[test]
fn every_corpus_script_agrees_with_the_reference_over_a_thousand_deals() {
    let Some(dir) = common::shared("corpus/scripts") else { return };
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    paths.sort();
    let deals = deals(11, 1000);
    let (mut scripts, mut values) = (0, 0);
    for path in &paths {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).to_string();
        let params = if path.extension().is_some_and(|e| e == "dls") { DLS_PARAMS.to_vec() } else { vec![] };
        let options = CompileOptions {
            params: params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ..Default::default()
        };
        // Scripts that stop with a diagnostic are tests/corpus.rs's business.
        let Ok(program) = compile(&text, &path.display().to_string(), &options) else { continue };
        values += compare(&program, &deals, &path.display().to_string());
        scripts += 1;
    }
    eprintln!("{scripts} corpus scripts, {values} variable values compared");
    // 476 files: the others stop at `usereval`/`opc` (DealerV2_4's external programs) or are
    // among tests/corpus.rs's broken ones.
    assert!(scripts >= 300 && values >= 800_000, "{scripts} scripts, {values} values");
}

/// A generated expression over the variables `v0 .. v{vars}`, hand functions and numbers.
fn expr(vars: usize) -> impl Strategy<Value = String> {
    let mut leaves: Vec<BoxedStrategy<String>> = vec![
        (0i32..30).prop_map(|n| n.to_string()).boxed(),
        prop::sample::select(vec![
            "hcp(north)",
            "spades(south)",
            "spades(north)",
            "diamonds(north)",
            "hearts(east)",
            "losers(west)",
            "controls(north, spades)",
            "top3(south, clubs)",
            "shape(north, any 4333 + any 5332)",
            "shape(west, any 5xxx + 64xx - 5xx0 + any 7xxx)",
            "hascard(east, AS)",
            "ltc(south)",
            "quality(north, hearts)",
        ])
        .prop_map(String::from)
        .boxed(),
        (2i32..20).prop_map(|n| format!("rnd({n})")).boxed(),
    ];
    if vars > 0 {
        leaves.push((0..vars).prop_map(|i| format!("v{i}")).boxed());
        leaves.push((0..vars).prop_map(|i| format!("v{i}")).boxed());
    }
    prop::strategy::Union::new(leaves).prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (inner.clone(), prop::sample::select(vec!["+", "-", "*", "/", "%"]), inner.clone())
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), prop::sample::select(vec!["<", "<=", ">", ">=", "==", "!="]), inner.clone())
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), prop::sample::select(vec!["&&", "||", "and", "or"]), inner.clone())
                .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(a, b, c)| format!("({a} ? {b} : {c})")),
            inner.clone().prop_map(|a| format!("not {a}")),
            inner.clone().prop_map(|a| format!("-{a}")),
        ]
    })
}

/// A script of up to ten variables, each over the ones before it, and a condition over them.
fn script() -> impl Strategy<Value = String> {
    (1usize..10).prop_flat_map(|n| {
        let defs: Vec<_> = (0..n).map(expr).collect();
        (defs, expr(n)).prop_map(|(defs, cond)| {
            let mut s: String = defs.iter().enumerate().map(|(i, e)| format!("v{i} = {e}\n")).collect();
            s += &format!("condition {cond}\n");
            s
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generated_scripts_agree_with_the_reference(src in script()) {
        let program = compile(&src, "gen.dlr", &CompileOptions::default())
            .unwrap_or_else(|d| panic!("{src}\n{}", d[0].render()));
        compare(&program, &deals(3, 40), &src);
    }
}

#[test]
fn every_scenario_bench_script_agrees_with_the_reference_over_a_thousand_deals() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/scenarios/dlr");
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    paths.sort();
    let deals = deals(12, 1000);
    let mut values = 0;
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let program = compile(&text, &path.display().to_string(), &CompileOptions::default())
            .unwrap_or_else(|d| panic!("{}", d[0].render()));
        values += compare(&program, &deals, &path.display().to_string());
    }
    // 26 scripts of 40 to 150 variables each.
    assert!(paths.len() >= 26 && values >= 1_000_000, "{} scripts, {values} values", paths.len());
}
