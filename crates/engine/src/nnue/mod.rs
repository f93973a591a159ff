//! The efficiently updatable neural network evaluation (NNUE): its training
//! data, the trainer and the network itself.
//!
//! The data: self-play positions with their search scores and their games'
//! results, 32 bytes each ([`packed`]), written by `sakk tune datagen
//! --format packed`.

pub mod features;
pub mod net;
pub mod packed;
pub mod simd;
pub mod stack;
pub mod train;
