//! Property tests: whatever the input, parsing ends with a script or a positioned diagnostic,
//! never a panic or a hang.

use dealbench::eval::compile;
use dealbench::script::CompileOptions;
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "condition",
    "produce",
    "generate",
    "action",
    "predeal",
    "pointcount",
    "altcount",
    "dealer",
    "vulnerable",
    "title",
    "seed",
    "hcp",
    "shape",
    "spades",
    "hascard",
    "tricks",
    "score",
    "imps",
    "par",
    "rnd",
    "north",
    "n",
    "south",
    "ns",
    "EW",
    "any",
    "printall",
    "printoneline",
    "printes",
    "printpbn",
    "print",
    "average",
    "frequency",
    "csvrpt",
    "printrpt",
    "trix",
    "deal",
    "and",
    "or",
    "not",
    "x3N",
    "z4Sx",
    "SAKQ",
    "HT98",
    "AS",
    "TC",
    "4333",
    "5xxx",
    "6.25",
    ".5",
    "12",
    "-",
    "+",
    "*",
    "/",
    "%",
    "(",
    ")",
    ",",
    "=",
    "==",
    "!=",
    "<",
    ">=",
    "&&",
    "||",
    "!",
    "?",
    ":",
    "{",
    "}",
    "\"str\"",
    "\\n",
    "\n",
    "//c\n",
    "/* c */",
    "#c\n",
    "$1",
    "$x",
    "shape{n, 5+M}",
];

fn check(src: &str) {
    match compile(src, "p.dlr", &CompileOptions::default()) {
        Ok(_) => {}
        Err(diags) => {
            for d in diags {
                assert!(d.line >= 1 && d.column >= 1, "bad position in {d:?}");
                assert!(d.render().contains('^'));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(words in prop::collection::vec(prop::sample::select(WORDS), 0..40)) {
        check(&words.join(" "));
    }

    #[test]
    fn arbitrary_text_never_panics(src in "\\PC{0,200}") {
        check(&src);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    check(&format!("condition {}1{}", "(".repeat(100_000), ")".repeat(100_000)));
    check(&format!("condition {}1", "- ".repeat(100_000)));
    check(&format!("condition {}1", "not ".repeat(100_000)));
}

#[test]
fn doubling_variables_are_kept_once_not_expanded() {
    let mut src = String::from("a0 = hcp(north) + 1\n");
    for i in 1..40 {
        src.push_str(&format!("a{i} = a{} + a{}\n", i - 1, i - 1));
    }
    src.push_str("condition a39 > 0\n");
    let p = compile(&src, "p.dlr", &CompileOptions::default()).expect("compiles");
    // Written out, the condition would hold 2^40 nodes; kept once, each variable is three.
    let mut nodes = 0;
    p.script.condition.as_ref().unwrap().visit(&p.script.vars, &mut Vec::new(), &mut |_| nodes += 1);
    assert!(nodes <= 4 * 40 + 3, "{nodes}");
}

#[test]
fn long_operator_chains_are_refused_not_overflowed() {
    check(&format!("condition 1{}", " + 1".repeat(100_000)));
    check(&format!("condition 1{}", " && 1".repeat(100_000)));
    let mut src = String::from("a0 = 1\n");
    for i in 1..3000 {
        src.push_str(&format!("a{i} = a{} + 1\n", i - 1));
    }
    check(&src);
}
