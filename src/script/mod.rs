//! The dealer3 language: lexer, parser, syntax tree, diagnostics and the vocabulary table.
pub mod diag;
pub mod vocab;
