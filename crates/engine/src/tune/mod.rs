//! Texel tuning of the evaluation: self-play games make labelled positions
//! ([`datagen`]), and a fit of every weight to the games' results
//! ([`fit`]) writes a new `eval/weights.rs`.
//!
//! The procedure (`sakk tune datagen`, then `sakk tune fit`, then an SPRT
//! match of the new build against the old) is in BENCHMARKS.md.

pub mod datagen;
pub mod fit;

/// A small, fast pseudo-random generator (xorshift64*), enough for
/// choosing openings and random plies.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15 | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}
