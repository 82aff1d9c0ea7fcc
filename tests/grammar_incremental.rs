//! Incremental re-parsing gives the same tree as parsing from scratch.
//!
//! The comment scanner looks behind (`#` is a comment only in column 1, or after nothing but
//! blanks), which tree-sitter's reuse logic does not know about, and it reads names (leaving
//! keywords and holding-, card- and contract-shaped words to the internal lexer). The statement
//! list is cut into hidden groups of 8 and 64 statements, whose boundaries move when a statement
//! is added or removed. So random one-character edits that stress all this (`#`, blanks,
//! newlines, `/`, `*`, quotes, letters) are applied to samples, a script of a few hundred
//! statements and real scripts, and the re-parse with the old tree must equal a fresh parse.

use std::path::Path;

use tree_sitter::{InputEdit, Parser, Point, Tree};

/// A small deterministic generator (no dependency, same sequence every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn point_at(text: &[u8], byte: usize) -> Point {
    let before = &text[..byte];
    let row = before.iter().filter(|&&b| b == b'\n').count();
    let column = byte - before.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
    Point::new(row, column)
}

fn parser() -> Parser {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_dealer3::LANGUAGE.into()).unwrap();
    parser
}

/// Applies `steps` random edits to `text`, checking each re-parse against a fresh parse.
fn check(name: &str, mut text: Vec<u8>, rng: &mut Lcg, steps: usize) {
    const INSERTS: &[u8] = b"#  \n\n\t/*\"x1,(-aSe";
    let mut parser = parser();
    let mut tree: Tree = parser.parse(&text, None).unwrap();
    for step in 0..steps {
        let at = rng.below(text.len() + 1);
        let delete = at < text.len() && rng.below(3) == 0;
        let old_end = if delete { at + 1 } else { at };
        let start_position = point_at(&text, at);
        let old_end_position = point_at(&text, old_end);
        let what;
        if delete {
            what = format!("delete {:?} at {at}", text[at] as char);
            text.remove(at);
        } else {
            let c = INSERTS[rng.below(INSERTS.len())];
            what = format!("insert {:?} at {at}", c as char);
            text.insert(at, c);
        }
        let new_end = if delete { at } else { at + 1 };
        let edit = InputEdit {
            start_byte: at,
            old_end_byte: old_end,
            new_end_byte: new_end,
            start_position,
            old_end_position,
            new_end_position: point_at(&text, new_end),
        };
        tree.edit(&edit);
        let incremental = parser.parse(&text, Some(&tree)).unwrap();
        let fresh = parser.parse(&text, None).unwrap();
        let (a, b) = (incremental.root_node().to_sexp(), fresh.root_node().to_sexp());
        assert!(
            a == b,
            "{name}, step {step} ({what}): incremental and fresh parses differ\n\
             text:\n{}\nincremental: {a}\nfresh:       {b}",
            String::from_utf8_lossy(&text)
        );
        tree = incremental;
    }
}

#[test]
fn random_edits_reparse_like_fresh_parses() {
    let mut rng = Lcg(0x5eed_dea1);
    let samples = [
        "# column one\n  # indented\nproduce 10 // line\n/* block */ x = a # not a comment\n",
        "predeal north SAKQ,HT98 south SJ32\ncondition shape{north, 4M(3+3+2+):h>s} && hcp(s) > 3\naction printes(\"N=\", hcp(north), \\n),\n",
        "title \"open\nfit = spades(north) + spades(south)\naverage $2 hcp(north)\n#\n",
    ];
    for (i, sample) in samples.iter().enumerate() {
        check(&format!("sample {i}"), sample.as_bytes().to_vec(), &mut rng, 300);
    }

    // Long enough for several sections of 64 statements.
    let long = "generate 1000\nnt = hcp(north) >= 15 && shape(north, any 4333)\nfit = spades(north) + spades(south)\n\
                # a comment\nok = not (nt < 0) || hascard(west, AS)\naction printoneline, average \"fit\" fit,\n"
        .repeat(40);
    check("long script", long.into_bytes(), &mut rng, 150);

    // A few real scripts, if the shared corpus is there.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/scripts");
    for name in [
        "dealer-version-2/Examples_dbg/Descr.yarb",
        "dealerv2_4/DebugExamples/ACBL_p47.dli",
        "dealerv2_4/Regression/ScriptTest_s313.dls",
    ] {
        if let Ok(text) = std::fs::read(dir.join(name)) {
            check(name, text, &mut rng, 150);
        }
    }
}
