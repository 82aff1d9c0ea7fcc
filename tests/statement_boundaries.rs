//! Where a statement ends, as dealer.exe reads it: a name the vocabulary does not know as a
//! function ends the expression before a `(`, which starts the next statement; a seat letter
//! before `=` starts an assignment, not another seat of a predeal. Real BBO scripts rely on both.
//! Checked against the original dealer's output (../shared/golden/seeded) and against the same
//! scripts written without the ambiguity; the grammar reads them the same way.

mod common;

use std::path::Path;

const SEEDS: [&str; 2] = ["1", "20261202"];

/// `dealbench run -s SEED` on `script`, written to a file of `dir`: the masked standard output.
fn run_in(dir: &Path, name: &str, script: &str, seed: &str) -> String {
    std::fs::write(dir.join(name), script).unwrap();
    let out = common::dealbench(dir, &["run", "-s", seed, name]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name} -s {seed}: {stderr}");
    common::mask(&String::from_utf8_lossy(&out.stdout))
}

fn scratch(tag: &str) -> common::Scratch {
    common::Scratch::new(&format!("boundaries-{tag}"))
}

/// Golden scripts rewritten so that a defined name is followed by a `(` statement (at the end
/// of an assignment, of a condition, of an action argument) or a seat letter is assigned after
/// a predeal. Each means what the golden script means, so its output is the original's.
const REWRITES: &[(&str, &str)] = &[
    (
        "bid_stayman",
        "nt = shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17\n\
         stayman = (spades(south) == 4 || hearts(south) == 4) && spades(south) < 5 && hearts(south) < 5 && hcp(south) >= 8\n\
         c6 = nt and stayman\n\
         \n\
         (c6 or c6) and hcp(south) > 7\n\
         produce 4\n\
         action printall\n",
    ),
    (
        "printoneline_expr",
        "few = losers(south) <= 7\ncondition few\n(few)\nproduce 5\naction printoneline(losers(south))\n",
    ),
    (
        "average_labels",
        "generate 1000\nfit = spades(north) + spades(south)\n\
         action average \"north hcp\" hcp(north), average hcp(south), average \"ns spades\" fit\n(fit >= 0)\n",
    ),
    ("predeal_one_seat", "predeal north SAKQ, HKJ\ns = spades(east)\nproduce 5\naction printoneline\n"),
];

#[test]
fn rewritten_golden_scripts_deal_as_the_original() {
    let Some(golden) = common::shared("golden/seeded") else { return };
    let dir = scratch("golden");
    for (name, script) in REWRITES {
        for seed in SEEDS {
            let want = std::fs::read_to_string(golden.join(format!("{name}.s{seed}.out"))).unwrap();
            assert_eq!(run_in(&dir, &format!("{name}.dlr"), script, seed), want, "{name} -s {seed}");
        }
    }
}

/// The shape of the BBO script, and the same script with `condition` spelt out.
const BBO: &str = "oneHrN = hearts(north) >= 5 and hcp(north) >= 11\n\
                   oneSnw2H = spades(south) >= 5 and hcp(south) >= 10\n\
                   c1 = hcp(north) >= 20\n\
                   c2 = shape(north, any 4333) and hcp(north) >= 15\n\
                   c6 = oneHrN and oneSnw2H\n\
                   \n\
                   (c1 or c2 or c6) and hcp(south) > 11\n\
                   produce 6\n\
                   action printoneline\n";

#[test]
fn a_parenthesis_after_a_variable_starts_the_next_statement() {
    let dir = scratch("bbo");
    let plain = BBO.replace("\n(c1", "\ncondition (c1");
    let predeal =
        "predeal west ST62, HJ73, D84, C95\ns = spades(east)\ncondition s >= 5\nproduce 4\naction printoneline\n";
    let predeal_plain = predeal.replace("s = spades(east)\ncondition s", "condition spades(east)");
    for seed in SEEDS {
        assert_eq!(run_in(&dir, "bbo.dlr", BBO, seed), run_in(&dir, "plain.dlr", &plain, seed));
        assert_eq!(run_in(&dir, "pre.dlr", predeal, seed), run_in(&dir, "pre_plain.dlr", &predeal_plain, seed));
    }
}

#[test]
fn the_grammar_reads_the_same_statements() {
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&tree_sitter_dealer3::LANGUAGE.into()).unwrap();
    let predeal = "predeal west ST62, HJ73, D84, C95\ns = spades(east)\n";
    let bbo = [&["assignment"; 5][..], &["expression_statement", "produce_statement", "action_statement"]].concat();
    for (source, want) in [(BBO, bbo), (predeal, vec!["predeal_statement", "assignment"])] {
        let tree = parser.parse(source, None).unwrap();
        let root = tree.root_node();
        assert!(!root.has_error(), "{}", root.to_sexp());
        let mut cursor = root.walk();
        let kinds: Vec<&str> = root.named_children(&mut cursor).map(|n| n.kind()).collect();
        assert_eq!(kinds, want, "{}", root.to_sexp());
    }
}
