//! Texel tuning of the evaluation: self-play games make labelled positions
//! ([`datagen`]), and a fit of every weight to the games' results
//! ([`fit`]) writes a new `eval/weights.rs`.
//!
//! The procedure (`sakk tune datagen`, then `sakk tune fit`, then an SPRT
//! match of the new build against the old) is in BENCHMARKS.md.

pub mod datagen;
pub mod fit;
pub mod spsa;
