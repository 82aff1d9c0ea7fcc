//! The condition's profile: for each term of the condition (its top-level `&&` / `||` parts
//! as written, and one level down the parts of each named variable a term is), how often it
//! holds on its own and how often it lets through the deals that reach it in short-circuit
//! order. The profile is the condition's evaluation itself: the terms the short circuit
//! reaches are evaluated once, as [`crate::eval::Program::matches`] would, so the run's
//! result is unchanged; the terms it skips are evaluated on the side for their own rates,
//! with the deal's `rnd` stream set aside. A term that solves double dummy is measured on
//! its own only on a sample that costs at most a tenth more solves than the run makes.

mod counts;
mod report;
mod sample;
mod spec;

pub use counts::{Count, Counts};
pub use report::{Profile, Row};
pub use sample::{sample_deals, sampled};
pub use spec::Spec;
