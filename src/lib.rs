//! dealbench: a dealer3 script engine, a dealer-compatible command line and a terminal workbench.
//!
//! The engine (`cards`, `script`, `eval`, `dealing`, `dd`, `run`, `report`) knows nothing of
//! terminals; the workbench (`tui`) is built with the default `workbench` feature only.
#![warn(missing_docs)]
pub mod cards;
pub mod dd;
pub mod dealing;
pub mod eval;
pub mod report;
pub mod run;
pub mod script;
#[cfg(feature = "workbench")]
pub mod tui;
