//! dealer3 language support for the [tree-sitter] parsing library: the grammar of dealer.exe,
//! DealerV2_4 and dealer3 bridge deal-generator scripts, with highlight and locals queries.
//!
//! ```
//! let code = "condition hcp(north) >= 15 && shape(north, any 4333 + any 4432)\naction printoneline\n";
//! let mut parser = tree_sitter::Parser::new();
//! parser
//!     .set_language(&tree_sitter_dealer3::LANGUAGE.into())
//!     .expect("Error loading dealer3 parser");
//! let tree = parser.parse(code, None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```
//!
//! [tree-sitter]: https://tree-sitter.github.io/

use tree_sitter_language::LanguageFn;

unsafe extern "C" {
    fn tree_sitter_dealer3() -> *const ();
}

/// The tree-sitter [`LanguageFn`] for this grammar; `LANGUAGE.into()` gives a
/// `tree_sitter::Language`.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_dealer3) };

/// The content of the [`node-types.json`] file for this grammar.
///
/// [`node-types.json`]: https://tree-sitter.github.io/tree-sitter/using-parsers/6-static-node-types
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// The syntax highlighting query (`queries/highlights.scm`).
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");

/// The local variable query (`queries/locals.scm`). Giving it to `tree-sitter-highlight`
/// colours every use of a defined name like its definition (`variable.definition`); leave it
/// out to keep definitions and uses apart.
pub const LOCALS_QUERY: &str = include_str!("../../queries/locals.scm");

/// Every capture name [`HIGHLIGHTS_QUERY`] uses, for `HighlightConfiguration::configure`.
pub const HIGHLIGHT_NAMES: &[&str] = &[
    "comment",
    "keyword",
    "keyword.operator",
    "function.builtin",
    "function.special",
    "constant.builtin",
    "constant",
    "constant.numeric",
    "constant.numeric.float",
    "string",
    "string.escape",
    "string.special.symbol",
    "variable",
    "variable.definition",
    "variable.parameter",
    "operator",
    "punctuation.bracket",
    "punctuation.delimiter",
    "error",
];

#[cfg(test)]
mod tests {
    #[test]
    fn can_load_grammar() {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&super::LANGUAGE.into()).expect("Error loading dealer3 parser");
    }

    #[test]
    fn queries_compile_and_name_only_listed_captures() {
        let language: tree_sitter::Language = super::LANGUAGE.into();
        let query = tree_sitter::Query::new(&language, super::HIGHLIGHTS_QUERY).expect("highlights.scm");
        for name in query.capture_names() {
            assert!(super::HIGHLIGHT_NAMES.contains(name), "capture @{name} missing from HIGHLIGHT_NAMES");
        }
        tree_sitter::Query::new(&language, super::LOCALS_QUERY).expect("locals.scm");
    }

    /// src/scanner.c reads names itself and must leave every keyword to the internal lexer: its
    /// KEYWORDS list is exactly the word-shaped strings of the grammar, sorted for its binary
    /// search.
    #[test]
    fn scanner_keywords_are_the_grammar_keywords() {
        let grammar = include_str!("../../src/grammar.json");
        let is_word = |s: &str| {
            s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        let mut expected: Vec<&str> = Vec::new();
        let mut lines = grammar.lines();
        while let Some(line) = lines.next() {
            if line.trim() == r#""type": "STRING","# {
                let value = lines.next().unwrap().trim();
                let value = value.strip_prefix(r#""value": ""#).unwrap().strip_suffix('"').unwrap();
                if is_word(value) {
                    expected.push(value);
                }
            }
        }
        expected.sort_unstable();
        expected.dedup();
        assert!(expected.len() > 100, "found only {} keywords in grammar.json", expected.len());

        let scanner = include_str!("../../src/scanner.c");
        let start = scanner.find("KEYWORDS[] = {").expect("KEYWORDS in scanner.c");
        let list = &scanner[start..start + scanner[start..].find("};").unwrap()];
        let listed: Vec<&str> = list.split('"').skip(1).step_by(2).collect();
        assert!(listed.windows(2).all(|w| w[0] < w[1]), "scanner.c KEYWORDS not in strcmp order");
        assert_eq!(listed, expected, "scanner.c KEYWORDS differ from grammar.json's keywords");
    }
}
