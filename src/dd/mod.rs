//! Double-dummy solving, par and scoring.
pub mod score;
