//! Finding bytes in PGN text fast: sixteen at a time with SSE2 on x86-64,
//! eight at a time with word arithmetic elsewhere, and tables for the
//! bytes that end a token or a tag's name. Property tests hold each to a
//! byte-by-byte scan.

/// Every byte of a word 1, for comparing eight bytes at a time.
const LO: u64 = 0x0101_0101_0101_0101;
/// Every byte's top bit: where a word-wise test flags a byte.
const HI: u64 = 0x8080_8080_8080_8080;

/// The first position of any of the `needles`, sixteen bytes at a time
/// (SSE2, which every x86-64 processor has), the rest eight at a time.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(super) fn find_any<const N: usize>(haystack: &[u8], needles: [u8; N]) -> Option<usize> {
    use core::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    // SAFETY (each block below): SSE2 is part of x86-64 itself, so its
    // instructions run on every processor this code is built for.
    let patterns = needles.map(|n| unsafe { _mm_set1_epi8(n as i8) });
    let mut chunks = haystack.chunks_exact(16);
    let mut offset = 0;
    for chunk in &mut chunks {
        // SAFETY: as above; and `chunk` holds the sixteen bytes an
        // unaligned load reads (it asks no alignment).
        let found = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().cast());
            let mut found = 0;
            for p in patterns {
                found |= _mm_movemask_epi8(_mm_cmpeq_epi8(v, p));
            }
            found
        };
        if found != 0 {
            return Some(offset + found.trailing_zeros() as usize);
        }
        offset += 16;
    }
    find_any_words(chunks.remainder(), needles).map(|i| offset + i)
}

/// The first position of any of the `needles`, eight bytes at a time.
#[cfg(not(target_arch = "x86_64"))]
pub(super) fn find_any<const N: usize>(haystack: &[u8], needles: [u8; N]) -> Option<usize> {
    find_any_words(haystack, needles)
}

/// The first position of any of the `needles`, eight bytes at a time.
fn find_any_words<const N: usize>(haystack: &[u8], needles: [u8; N]) -> Option<usize> {
    let patterns = needles.map(|n| LO * u64::from(n));
    let mut chunks = haystack.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let mut found = 0;
        for p in patterns {
            let x = w ^ p;
            found |= x.wrapping_sub(LO) & !x & HI;
        }
        if found != 0 {
            // The lowest flagged byte is exact (borrows only run upwards).
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|b| needles.contains(b))
        .map(|i| offset + i)
}

/// The length of the token at the start of `rest`: up to its first
/// delimiter, found eight bytes at a time.
#[inline]
pub(super) fn token_end(rest: &[u8]) -> usize {
    let mut offset = 0;
    while let Some(chunk) = rest.get(offset..offset + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        // Bytes below `!` (all whitespace), then `{ } ; ( )`.
        let mut found = w.wrapping_sub(LO * 0x21) & !w & HI;
        for p in [b'{', b'}', b';', b'(', b')'] {
            let x = w ^ (LO * u64::from(p));
            found |= x.wrapping_sub(LO) & !x & HI;
        }
        if found != 0 {
            // The lowest flagged byte is exact (borrows only run upwards);
            // a control byte that is no delimiter is part of the token.
            let bit = found.trailing_zeros();
            let at = offset + (bit / 8) as usize;
            // The byte itself, from the word (no second load).
            let byte = (w >> (bit & !7)) as u8;
            if byte == b' ' || is_delimiter(byte) {
                return at;
            }
            return at + 1 + scan_token_end(&rest[at + 1..]);
        }
        offset += 8;
    }
    offset + scan_token_end(&rest[offset..])
}

/// [`token_end`] a byte at a time.
fn scan_token_end(rest: &[u8]) -> usize {
    rest.iter()
        .position(|&ch| is_delimiter(ch))
        .unwrap_or(rest.len())
}

/// A table of 256 entries, `true` for each of `bytes`.
const fn byte_set(bytes: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
}

/// Bytes that end a token.
const DELIMITERS: [bool; 256] = byte_set(b" \t\n\r\x0b\x0c{};()");

#[inline]
fn is_delimiter(b: u8) -> bool {
    DELIMITERS[b as usize]
}

/// The first position of `needle`.
#[inline]
pub(super) fn memchr_byte(needle: u8, haystack: &[u8]) -> Option<usize> {
    find_any(haystack, [needle])
}

/// Bytes that end a tag's name: ASCII whitespace, `"` and `]`.
pub(super) const TAG_NAME_ENDS: [bool; 256] = byte_set(b" \t\n\x0c\r\"]");

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Eight bytes at a time or one at a time, a token ends at the same
        /// place (bytes drawn mostly from delimiters, control bytes and
        /// non-ASCII, where the word-wise test could go wrong).
        #[test]
        fn token_ends_agree(bytes in proptest::collection::vec(
            prop_oneof![
                Just(b' '), Just(b'\t'), Just(b'\n'), Just(b'{'), Just(b'}'), Just(b';'),
                Just(b'('), Just(b')'), Just(0u8), Just(0x1f), Just(b'!'), Just(0x80),
                Just(0xff), Just(b'e'), Just(b'4'), any::<u8>(),
            ],
            0..40,
        )) {
            prop_assert_eq!(token_end(&bytes), scan_token_end(&bytes));
        }

        /// Sixteen or eight bytes at a time, the first of the needles is
        /// the one a byte-by-byte scan finds (at every offset into the
        /// longer blocks, with bytes that differ from a needle by one bit).
        #[test]
        fn searches_agree(bytes in proptest::collection::vec(
            prop_oneof![
                Just(b'\n'), Just(b'"'), Just(b'\\'), Just(b'}'), Just(b'\x0a' ^ 0x80),
                Just(b'"' ^ 1), Just(0u8), Just(0xff), any::<u8>(),
            ],
            0..70,
        )) {
            let plain = |needles: &[u8]| bytes.iter().position(|b| needles.contains(b));
            prop_assert_eq!(memchr_byte(b'\n', &bytes), plain(b"\n"));
            prop_assert_eq!(memchr_byte(b'}', &bytes), plain(b"}"));
            prop_assert_eq!(find_any(&bytes, [b'"', b'\\']), plain(b"\"\\"));
            prop_assert_eq!(find_any_words(&bytes, [b'"', b'\\']), plain(b"\"\\"));
        }
    }
}
