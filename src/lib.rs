//! dealbench: a dealer3 script engine, a dealer-compatible command line and a terminal workbench.
pub mod cards;
pub mod script;
