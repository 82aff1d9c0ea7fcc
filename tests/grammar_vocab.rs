//! The grammar cannot drift from the engine: every word of the engine's vocabulary table is
//! highlighted as the right kind, every example in the table parses, and every word the grammar
//! treats as a keyword is in the table.

use dealbench::script::vocab::{Kind, VOCAB, WordKind};
use tree_sitter::{Language, Node, Parser, Tree};
use tree_sitter_highlight::{HighlightConfiguration, HighlightEvent, Highlighter};

fn language() -> Language {
    tree_sitter_dealer3::LANGUAGE.into()
}

fn parse(source: &str) -> Tree {
    let mut parser = Parser::new();
    parser.set_language(&language()).unwrap();
    parser.parse(source, None).unwrap()
}

fn config() -> HighlightConfiguration {
    let mut config = HighlightConfiguration::new(language(), "dealer3", tree_sitter_dealer3::HIGHLIGHTS_QUERY, "", "")
        .expect("highlights.scm compiles");
    config.configure(tree_sitter_dealer3::HIGHLIGHT_NAMES);
    config
}

/// The innermost capture name covering each byte of `source`.
fn highlight(config: &HighlightConfiguration, source: &str) -> Vec<Option<&'static str>> {
    let mut highlighter = Highlighter::new();
    let mut per_byte = vec![None; source.len()];
    let mut stack: Vec<&'static str> = Vec::new();
    let events = highlighter.highlight(config, source.as_bytes(), None, None, |_| None).unwrap();
    for event in events {
        match event.unwrap() {
            HighlightEvent::HighlightStart(h) => stack.push(tree_sitter_dealer3::HIGHLIGHT_NAMES[h.0]),
            HighlightEvent::HighlightEnd => {
                stack.pop();
            }
            HighlightEvent::Source { start, end } => {
                for slot in &mut per_byte[start..end] {
                    *slot = stack.last().copied();
                }
            }
        }
    }
    per_byte
}

/// Leaf nodes whose text is exactly `name`.
fn tokens<'t>(tree: &'t Tree, source: &str, name: &str) -> Vec<Node<'t>> {
    fn walk<'t>(node: Node<'t>, source: &str, name: &str, out: &mut Vec<Node<'t>>) {
        if node.child_count() == 0 {
            if &source[node.byte_range()] == name {
                out.push(node);
            }
            return;
        }
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            walk(child, source, name, out);
        }
    }
    let mut out = Vec::new();
    walk(tree.root_node(), source, name, &mut out);
    out
}

fn expected(kind: Kind) -> (&'static str, fn(&str) -> bool) {
    match kind {
        Kind::Statement => ("keyword", |c| c == "keyword" || c.starts_with("keyword.") && c != "keyword.operator"),
        Kind::Function => ("function.builtin", |c| c == "function.builtin"),
        Kind::Action => ("function.special", |c| c == "function.special"),
        Kind::Operator => ("operator", |c| c == "operator" || c == "keyword.operator"),
        Kind::Word(_) => ("constant.builtin", |c| c == "constant.builtin"),
    }
}

/// A snippet in which `name` plays the part its kind says.
fn synthesised(name: &str, kind: Kind) -> String {
    match kind {
        Kind::Statement => name.to_string(),
        Kind::Function => format!("x = {name}(north)\n"),
        Kind::Action => format!("action {name}\n"),
        Kind::Operator => match name {
            "!" | "not" => format!("x = {name} a\n"),
            "?" | ":" => "x = a ? b : c\n".into(),
            "=" => "x = 1\n".into(),
            _ => format!("x = a {name} b\n"),
        },
        Kind::Word(WordKind::Compass) => format!("x = hcp({name})\n"),
        Kind::Word(WordKind::Side) => format!("x = par({name})\n"),
        Kind::Word(WordKind::Vulnerability) => format!("x = score({name}, x3N, 9)\n"),
        Kind::Word(WordKind::Strain) => format!("x = tricks(south, {name})\n"),
        Kind::Word(WordKind::Other) => match name {
            "any" => "x = shape(north, any 4333)\n".into(),
            "deal" => "action printrpt(deal)\n".into(),
            _ => name.to_string(),
        },
    }
}

#[test]
fn every_vocabulary_example_parses() {
    let mut failures = Vec::new();
    for entry in VOCAB {
        if entry.example.is_empty() {
            continue;
        }
        let tree = parse(entry.example);
        if tree.root_node().has_error() {
            failures.push(format!(
                "{} ({:?}): {:?}\n  {}",
                entry.name,
                entry.kind,
                entry.example,
                tree.root_node().to_sexp()
            ));
        }
    }
    assert!(failures.is_empty(), "examples that do not parse:\n{}", failures.join("\n"));
}

#[test]
fn every_vocabulary_word_is_highlighted_as_its_kind() {
    let config = config();
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in VOCAB {
        let (family, ok) = expected(entry.kind);
        // Words are checked where they play their part (the example may use `spades` as a
        // function); everything else in its own example first.
        // An action is an action inside an `action` list; standing alone it is a statement.
        let mut candidates = Vec::new();
        match entry.kind {
            Kind::Word(_) => {
                candidates.push(synthesised(entry.name, entry.kind));
                candidates.push(entry.example.to_string());
            }
            Kind::Action if !entry.example.trim_start().starts_with("action") => {
                if !entry.example.is_empty() {
                    candidates.push(format!("action {}", entry.example));
                }
                candidates.push(synthesised(entry.name, entry.kind));
            }
            _ => {
                candidates.push(entry.example.to_string());
                candidates.push(synthesised(entry.name, entry.kind));
            }
        }
        let chosen = candidates.into_iter().find_map(|source| {
            let tree = parse(&source);
            let found = tokens(&tree, &source, entry.name).iter().map(|n| n.byte_range()).collect::<Vec<_>>();
            (!tree.root_node().has_error() && !found.is_empty()).then_some((source, found))
        });
        let Some((source, ranges)) = chosen else {
            failures.push(format!("{} ({:?}): no snippet parses with the word in it", entry.name, entry.kind));
            continue;
        };
        let captures = highlight(&config, &source);
        for range in ranges {
            let got = captures[range.start];
            let uniform = captures[range.clone()].iter().all(|c| *c == got);
            if !uniform || !got.is_some_and(ok) {
                failures.push(format!(
                    "{} ({:?}) in {:?} at {}..{}: highlighted {:?}, expected @{family}",
                    entry.name, entry.kind, source, range.start, range.end, got
                ));
            }
        }
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} entries checked");
    assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
}

/// The reverse direction: a keyword the grammar knows but the engine does not is a drift too.
#[test]
fn every_grammar_keyword_is_in_the_vocabulary() {
    let language = language();
    let mut unknown = Vec::new();
    for id in 0..language.node_kind_count() as u16 {
        let Some(kind) = language.node_kind_for_id(id) else {
            continue;
        };
        if language.node_kind_is_named(id) || !language.node_kind_is_visible(id) {
            continue;
        }
        if !kind.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        if !VOCAB.iter().any(|e| e.name == kind) && !unknown.contains(&kind) {
            unknown.push(kind);
        }
    }
    assert!(unknown.is_empty(), "grammar keywords not in the engine's vocabulary: {unknown:?}");
}

/// Definitions and uses of a name are told apart.
#[test]
fn definitions_and_uses_differ() {
    let source = "fit = spades(north) + spades(south)\ncondition fit >= 8\n";
    let config = config();
    let captures = highlight(&config, source);
    assert_eq!(captures[0], Some("variable.definition"));
    let use_at = source.rfind("fit").unwrap();
    assert_eq!(captures[use_at], Some("variable"));
}
