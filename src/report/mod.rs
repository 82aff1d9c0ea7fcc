//! Output formats: dealer 1.24's bytes for every print action and end-of-run report.
pub mod deal;
pub mod export;
pub mod stats;
pub mod stats_file;
