//! The dealer3 language: lexer, parser, syntax tree, diagnostics and the vocabulary table.
pub mod ast;
pub mod diag;
pub mod dialect;
pub mod explain;
pub mod hand_types;
pub mod leveling_block;
pub mod lexer;
pub mod params;
pub mod parser;
pub mod shape;
pub mod shape_lang;
pub mod vocab;

pub use parser::Script;

use diag::Diagnostic;

/// Options that change how a script is read.
#[derive(Clone, Debug, Default)]
pub struct CompileOptions {
    /// Text for `$0`..`$9` (DealerV2_4's `-0`..`-9`) and `$NAME` (`--param NAME=VALUE`).
    pub params: Vec<(String, String)>,
    /// What an unset `$0`..`$9` does: stand for nothing (DealerV2_4) or stop (dealer3).
    pub unset_params: params::Unset,
}

/// Lexes and parses a script; every error comes back positioned.
pub fn parse_script(source: &str, file: &str) -> Result<Script, Vec<Diagnostic>> {
    let tokens = lexer::lex(source).map_err(|e| vec![Diagnostic::error(file, source, e.span, e.message)])?;
    parser::parse(tokens, file, source).map_err(|d| vec![d])
}
