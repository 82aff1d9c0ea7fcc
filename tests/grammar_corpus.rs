//! Every real-world script of `../shared/corpus/scripts` parses with the tree-sitter grammar
//! without an ERROR or MISSING node.
//!
//! The grammar is tolerant on purpose (the engine, not the highlighter, judges validity), so the
//! only scripts allowed to fail are the handful listed in `KNOWN_BROKEN`, which no dealer can
//! read either. They are checked to still fail, so the list cannot go stale silently.

mod common;

use std::path::{Path, PathBuf};

use tree_sitter::{Node, Parser, Tree};

/// Corpus files that are not scripts any dealer accepts, with the reason.
const KNOWN_BROKEN: &[(&str, &str)] = &[
    ("dealer3/dealer-parser/tests/fixtures/Stayman.dlr", "the file is an HTTP `404: Not Found` body, not a script"),
    (
        "dealerv2_4/DebugExamples/DOP_timing.dli",
        "line 20 is prose (`38,354 msecs or 36.2 msecs per 'real' call ...`) outside any comment",
    ),
    ("dealerv2_4/DebugExamples/UE_Bissell_Biss40.dli", "the `printrpt(` of line 22 is never closed"),
    ("dealerv2_4/DebugExamples/UEset41_tst.dli", "`hcp(north_+hcp(south)` leaves a parenthesis open"),
    (
        "dealerv2_4/DebugExamples/UEset41_tst_BAD.dli",
        "`hcp(north_+hcp(south)` leaves a parenthesis open (the file is named BAD)",
    ),
];

/// `../shared/corpus/scripts` (skipped visibly without it; required under `CI=true`).
fn corpus_dir() -> Option<PathBuf> {
    common::shared("corpus/scripts")
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn parser() -> Parser {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_dealer3::LANGUAGE.into()).expect("load dealer3 grammar");
    parser
}

/// `line:column kind` of every ERROR or MISSING node (1-based positions).
fn problems(tree: &Tree) -> Vec<String> {
    fn walk(node: Node, out: &mut Vec<String>) {
        if node.is_error() || node.is_missing() {
            let p = node.start_position();
            let what = if node.is_missing() { format!("MISSING {}", node.kind()) } else { "ERROR".into() };
            out.push(format!("{}:{} {what}", p.row + 1, p.column + 1));
            if node.is_missing() {
                return;
            }
        }
        if !node.has_error() {
            return;
        }
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            walk(child, out);
        }
    }
    let mut out = Vec::new();
    walk(tree.root_node(), &mut out);
    out
}

#[test]
fn every_corpus_script_parses_without_error_nodes() {
    let Some(dir) = corpus_dir() else { return };
    let mut files = Vec::new();
    files_under(&dir, &mut files);
    assert!(files.len() >= 400, "expected the 476 corpus scripts, found {}", files.len());

    let mut parser = parser();
    let mut failures = Vec::new();
    let mut clean = 0;
    for path in &files {
        let rel = path.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
        let source = std::fs::read(path).unwrap();
        let tree = parser.parse(&source, None).expect("parse");
        let found = problems(&tree);
        let known = KNOWN_BROKEN.iter().find(|(name, _)| *name == rel);
        match (found.is_empty(), known) {
            (true, None) => clean += 1,
            (false, Some(_)) => {}
            (false, None) => failures.push(format!("{rel}: {}", found.join(", "))),
            (true, Some((_, why))) => failures
                .push(format!("{rel}: listed in KNOWN_BROKEN ({why}) but now parses cleanly; take it off the list")),
        }
    }
    println!("{clean} of {} corpus scripts parse cleanly; {} known broken", files.len(), KNOWN_BROKEN.len());
    assert!(failures.is_empty(), "{} corpus scripts fail:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn known_broken_files_exist() {
    let Some(dir) = corpus_dir() else { return };
    for (name, _) in KNOWN_BROKEN {
        assert!(dir.join(name).is_file(), "KNOWN_BROKEN names {name}, which is not in the corpus");
    }
}
