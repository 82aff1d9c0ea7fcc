//! Dealing: dealer.exe's random generator and shuffle, and the fast stream.
pub mod bias;
pub mod dealer_stream;
pub mod fast_stream;
pub mod random;

pub use dealer_stream::{Block, DealerStream};
pub use fast_stream::FastStream;
