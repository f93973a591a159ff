//! Seat tokens and the security headers of every response.
//!
//! A seat token is a random secret given once to the player who holds the
//! seat. The database keeps only its SHA-256, so a copy of the database
//! does not give anyone a seat; a token is compared with the stored hash in
//! constant time.

use axum::http::{header, HeaderValue};

use crate::error::ApiError;

/// `len` random characters of an unambiguous alphabet (no 0/O, 1/l/I).
///
/// # Errors
/// The operating system's random source failed.
pub fn random_string(len: usize) -> Result<String, ApiError> {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    // Bytes at or above the largest multiple of the alphabet's size are
    // dropped (rejection sampling), so every character is equally likely.
    let limit = 256 - 256 % ALPHABET.len();
    let mut out = String::with_capacity(len);
    let mut bytes = [0u8; 64];
    while out.len() < len {
        getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
        for &b in &bytes {
            if usize::from(b) < limit && out.len() < len {
                out.push(char::from(ALPHABET[usize::from(b) % ALPHABET.len()]));
            }
        }
    }
    Ok(out)
}

/// A random number from the operating system's source (a draw by lot).
///
/// # Errors
/// The operating system's random source failed.
pub fn random_u64() -> Result<u64, ApiError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(u64::from_le_bytes(bytes))
}

/// A new seat token: 24 characters, about 140 bits.
///
/// # Errors
/// The operating system's random source failed.
pub fn new_token() -> Result<String, ApiError> {
    random_string(24)
}

/// A commit id (see [`crate::store::GameRow::commit_id`]): never the same
/// twice in this process, and unlike another process's. A counter from a
/// random start, scrambled by a bijection (SplitMix64's finaliser), so that
/// a move costs no call to the OS's random source.
///
/// # Errors
/// The random source failed (the first time only).
pub fn commit_id() -> Result<i64, ApiError> {
    static NEXT: std::sync::OnceLock<std::sync::atomic::AtomicU64> = std::sync::OnceLock::new();
    let next = match NEXT.get() {
        Some(next) => next,
        None => {
            let start = random_u64()?;
            NEXT.get_or_init(|| std::sync::atomic::AtomicU64::new(start))
        }
    };
    let mut z = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    Ok(i64::from_le_bytes(z.to_le_bytes()))
}

/// Whether `key` can name a game, a tournament or their feed: 1 to 80
/// ASCII letters, digits, `-` and `_` (an id the server made is 8 of
/// them). Anything else is unknown at once — and never reaches NATS,
/// where `*`, `>` and `.` have meanings of their own.
pub fn is_plain_key(key: &str) -> bool {
    (1..=80).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

pub use sakk_play::seat::{hash_token, hex, token_matches};

/// The headers every response carries: a Content Security Policy that
/// allows only the server's own scripts, styles and connections and no
/// framing (no clickjacking into accepting a draw), no MIME sniffing, and
/// no `Referer` (a game's address never leaves the page).
pub fn headers() -> [(header::HeaderName, HeaderValue); 4] {
    [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                 img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; \
                 base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
            ),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commit_ids_do_not_repeat() {
        let ids: std::collections::HashSet<i64> =
            (0..100_000).filter_map(|_| commit_id().ok()).collect();
        assert_eq!(ids.len(), 100_000);
        // Scrambled, not a counter.
        let (a, b) = (commit_id().ok(), commit_id().ok());
        assert!(a.zip(b).is_some_and(|(a, b)| b.wrapping_sub(a) != 1));
    }

    #[test]
    fn tokens_are_random_and_only_their_hash_matches() {
        let (Ok(a), Ok(b)) = (new_token(), new_token()) else {
            panic!("no random source");
        };
        assert_eq!(a.len(), 24);
        assert_ne!(a, b);
        let stored = hash_token(&a);
        assert_eq!(stored.len(), 64);
        assert!(token_matches(&a, &stored));
        assert!(!token_matches(&b, &stored));
        assert!(!token_matches("", &hash_token("")));
        // The stored hash itself is not a token.
        assert!(!token_matches(&stored, &stored));
        // A known vector: SHA-256("abc").
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
