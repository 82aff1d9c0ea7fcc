//! The dealer3 language (temporary copy on the grammar branch: only the vocabulary table).
pub mod vocab;
