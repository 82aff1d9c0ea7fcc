//! Runs: start one from a compiled script, receive its events, cancel it.
pub mod stats;
