//! Wide unsigned integers for matching weights.
//!
//! A Swiss pairing ranks candidate pairings by a long list of criteria, the
//! first one deciding unless equal (C.04.3 C.5–C.19). The pairing program
//! packs the criteria into one integer per pair, each criterion in its own
//! bits above the less important ones, so that the heaviest matching is the
//! best pairing. With hundreds of players the packed integer needs a few
//! hundred bits: [`Wide`] holds `64 × N` of them and does the little
//! arithmetic the matching needs (add, subtract, halve, compare, shift).
//!
//! Arithmetic wraps, as for the built-in unsigned integers with
//! `wrapping_*`: a criterion that subtracts borrows from the bits above it
//! and the total stays right as long as it is not negative.

use core::cmp::Ordering;

/// What the matching needs of a weight.
pub trait Weight: Copy + Ord + core::fmt::Debug {
    /// Zero.
    const ZERO: Self;
    /// `self + other`, wrapping.
    fn plus(self, other: Self) -> Self;
    /// `self - other`, wrapping.
    fn minus(self, other: Self) -> Self;
    /// `self / 2`.
    fn half(self) -> Self;
    /// A small number.
    fn small(v: u64) -> Self;
}

impl Weight for u64 {
    const ZERO: Self = 0;
    fn plus(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    fn minus(self, other: Self) -> Self {
        self.wrapping_sub(other)
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn small(v: u64) -> Self {
        v
    }
}

/// An unsigned integer of `64 × N` bits, least significant word first.
#[derive(Copy, Clone, Debug, Eq)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> PartialEq for Wide<N> {
    fn eq(&self, other: &Self) -> bool {
        // A plain loop: the derived comparison calls memcmp, which the
        // matching's inner loop cannot afford.
        let mut same = true;
        for i in 0..N {
            same &= self.0[i] == other.0[i];
        }
        same
    }
}

impl<const N: usize> Wide<N> {
    /// The number of bits.
    pub const BITS: u32 = 64 * N as u32;

    /// `self << bits` (bits shifted past the top are lost).
    #[must_use]
    pub fn shifted_left(self, bits: u32) -> Self {
        let mut out = [0u64; N];
        let words = (bits / 64) as usize;
        let rest = bits % 64;
        for i in (words..N).rev() {
            let lo = self.0[i - words];
            out[i] = lo << rest;
            if rest > 0 && i > words {
                out[i] |= self.0[i - words - 1] >> (64 - rest);
            }
        }
        Wide(out)
    }

    /// `1 << bit`.
    pub fn bit(bit: u32) -> Self {
        Self::small(1).shifted_left(bit)
    }

    /// All ones in the lowest `bits` bits.
    pub fn ones(bits: u32) -> Self {
        Self::bit(bits).minus(Self::small(1))
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        let mut any = 0;
        for w in self.0 {
            any |= w;
        }
        any == 0
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);

    fn plus(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *o = s;
            carry = c1 || c2;
        }
        Wide(out)
    }

    fn minus(self, other: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *o = s;
            borrow = b1 || b2;
        }
        Wide(out)
    }

    fn half(self) -> Self {
        let mut out = [0u64; N];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i] >> 1;
            if i + 1 < N {
                *o |= self.0[i + 1] << 63;
            }
        }
        Wide(out)
    }

    fn small(v: u64) -> Self {
        let mut out = [0u64; N];
        if N > 0 {
            out[0] = v;
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_carries_across_words() {
        let a = Wide::<3>([u64::MAX, u64::MAX, 0]);
        let one = Wide::<3>::small(1);
        assert_eq!(a.plus(one), Wide([0, 0, 1]));
        assert_eq!(Wide([0, 0, 1]).minus(one), a);
        assert_eq!(Wide::<3>::bit(130), Wide([0, 0, 4]));
        assert_eq!(Wide::<3>::bit(64).half(), Wide([1 << 63, 0, 0]));
        assert_eq!(Wide::<3>::ones(65), Wide([u64::MAX, 1, 0]));
        assert_eq!(
            Wide::<3>([5, 1, 0]).shifted_left(63),
            Wide([1 << 63, 2 | (1 << 63), 0])
        );
        assert!(Wide::<2>([0, 1]) > Wide::<2>([u64::MAX, 0]));
        // A subtraction below zero wraps and comes back.
        let z = Wide::<3>::ZERO.minus(one);
        assert_eq!(z.plus(Wide::small(3)), Wide::small(2));
    }
}
