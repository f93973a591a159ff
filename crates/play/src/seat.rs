//! Seat tokens: a game holds each seat's token as its SHA-256 and
//! compares a presented token in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The stored form of a seat token: its SHA-256, in lowercase hex.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Bytes in lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    let mut hex = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        hex.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
        hex.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
    }
    hex
}

/// Whether `token` is the one whose hash is `stored`, in time that does not
/// depend on where they differ. An empty token matches nothing.
pub fn token_matches(token: &str, stored: &str) -> bool {
    !token.is_empty() && hash_matches(&hash_token(token), stored)
}

/// Whether a token's hash ([`hash_token`]) is `stored`, in time that does
/// not depend on where they differ: for a token compared with several
/// stored hashes, hashed once.
pub fn hash_matches(hashed: &str, stored: &str) -> bool {
    bool::from(hashed.as_bytes().ct_eq(stored.as_bytes()))
}
