//! Output formats: dealer 1.24's bytes for every print action and end-of-run report, and the
//! sets for play (`--export`).
pub mod atomic;
pub mod deal;
pub mod export;
pub mod handout;
pub mod lin;
pub mod optimum;
pub mod paths;
pub mod pbn_set;
pub mod session;
pub mod session_file;
pub mod session_write;
pub mod set;
pub mod stats;

message_error! {
    /// Why a statistics file cannot be read or merged: the report layer's error.
    ReportError
}
