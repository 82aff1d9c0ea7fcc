//! Incremental re-parse of a 1,000-line script after a one-character edit, as the editor does
//! on each keystroke (the previous tree is handed to the parser). Compared with a full parse.
//!
//! The grammar groups statements by count (blocks of 8, sections of 64), so an edit inside a
//! statement reuses whole groups, while one that adds a statement moves every later group
//! boundary: the last case measures that (a new statement `z` near the top).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tree_sitter::{InputEdit, Parser, Point, Tree};

/// A 1,000-line script made of the constructs real scripts use.
fn script() -> String {
    let block = [
        "# Opening bids, north",
        "generate 1000000",
        "produce 100",
        "predeal south SAQ542, HKJ87, D32, CAK",
        "nt{i} = hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)",
        "weak{i} = hcp(north) >= 6 and hcp(north) <= 10 and shape{north, 6M(xxx):h>s}",
        "fit{i} = spades(north) + spades(south) >= 8 ? 1 : 0 // the fit",
        "sc{i} = score(vul, x4S, tricks(south, spades)) - score(nv, x3N, tricks(north, notrump))",
        "/* a block comment */ ok{i} = not (imps(sc{i}) < 0) || hascard(west, AS)",
        "action printoneline, average \"fit\" fit{i}, frequency \"hcp\" (hcp(north), 10, 20),",
    ];
    let mut out = String::new();
    let mut lines = 0;
    let mut i = 0;
    while lines < 1000 {
        for line in block {
            if lines == 1000 {
                break;
            }
            out.push_str(&line.replace("{i}", &i.to_string()));
            out.push('\n');
            lines += 1;
        }
        i += 1;
    }
    out
}

fn point_at(source: &str, byte: usize) -> Point {
    let before = &source[..byte];
    let row = before.matches('\n').count();
    let column = byte - before.rfind('\n').map_or(0, |n| n + 1);
    Point::new(row, column)
}

fn parser() -> Parser {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_dealer3::LANGUAGE.into()).unwrap();
    parser
}

fn bench(c: &mut Criterion) {
    let source = script();
    assert_eq!(source.lines().count(), 1000);
    let mut parser = parser();
    let old: Tree = parser.parse(&source, None).unwrap();
    assert!(!old.root_node().has_error(), "the benchmark script must parse cleanly");

    // One keystroke (`>= 15` becomes `>= 115`) near the start, in the middle and near the end;
    // then a new statement: `z` typed at the start of the empty line inserted before line 3.
    let line3 = source.match_indices('\n').nth(1).unwrap().0 + 1;
    let cases = [
        ("a 1-char edit at line ~5", source.match_indices(">= 15").next().unwrap().0 + 3, "1"),
        ("a 1-char edit at line ~500", source.match_indices(">= 15").nth(50).unwrap().0 + 3, "1"),
        ("a 1-char edit at line ~985", source.match_indices(">= 15").nth(98).unwrap().0 + 3, "1"),
        ("a new statement at line 3", line3, "z\n"),
    ];
    for (place, at, text) in cases {
        let mut edited = source.clone();
        edited.insert_str(at, text);
        let edit = InputEdit {
            start_byte: at,
            old_end_byte: at,
            new_end_byte: at + text.len(),
            start_position: point_at(&source, at),
            old_end_position: point_at(&source, at),
            new_end_position: point_at(&edited, at + text.len()),
        };

        // Sanity: the incremental tree equals a fresh parse of the edited text.
        let mut tree = old.clone();
        tree.edit(&edit);
        let incremental = parser.parse(&edited, Some(&tree)).unwrap();
        let fresh = parser.parse(&edited, None).unwrap();
        assert_eq!(incremental.root_node().to_sexp(), fresh.root_node().to_sexp());

        c.bench_function(&format!("reparse 1000 lines after {place}"), |b| {
            b.iter(|| {
                let mut tree = old.clone();
                tree.edit(&edit);
                black_box(parser.parse(black_box(&edited), Some(&tree)).unwrap())
            })
        });
    }
    c.bench_function("full parse of 1000 lines", |b| {
        b.iter(|| black_box(parser.parse(black_box(&source), None).unwrap()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
