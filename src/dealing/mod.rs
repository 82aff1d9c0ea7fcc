//! Dealing: dealer.exe's random generator and shuffle, and the fast stream.
pub mod bias;
pub mod dealer_stream;
pub mod fast_stream;
pub mod random;
pub mod swap;

pub use dealer_stream::{Block, DealerStream};
pub use fast_stream::FastStream;

message_error! {
    /// Why deals cannot be dealt as asked (predeals and suit lengths that do not fit): the
    /// dealing layer's error.
    DealingError
}

/// A dealt deal, checked in debug builds to hold each of the 52 cards once.
#[inline]
fn checked(deal: crate::cards::Deal) -> crate::cards::Deal {
    debug_assert!(deal.is_complete(), "dealt a card twice or not at all: {}", deal.oneline());
    deal
}
