//! dealer3's levelling and ordering, as `dealbench dealer3` (and `run`'s levelling switches)
//! speak them: the keeps arithmetic, the scenario's generated block, `{{level-mix}}`,
//! `--interleave`'s order and `--round-robin`'s quotas.

pub mod block;
pub mod keeps;
pub mod level;
pub mod measure;
pub mod mix;
pub mod order;
pub mod quota;
pub mod summary;
