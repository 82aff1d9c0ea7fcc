//! dealbench: a dealer3 script engine, a dealer-compatible command line and a terminal workbench.
#![warn(missing_docs)]
pub mod cards;
pub mod dd;
pub mod dealing;
pub mod eval;
pub mod report;
pub mod run;
pub mod script;
pub mod tui;
