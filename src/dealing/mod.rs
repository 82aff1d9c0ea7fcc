//! Dealing: dealer.exe's random generator and shuffle.
pub mod bias;
pub mod dealer_stream;
pub mod random;

pub use dealer_stream::DealerStream;
