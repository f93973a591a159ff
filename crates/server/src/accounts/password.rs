//! Passwords: at least [`MIN_LEN`] characters (OWASP's minimum without a
//! second factor), at most [`MAX_LEN`]; stored as Argon2id hashes with
//! the `argon2` crate's defaults (19 MiB, 2 passes, one lane: OWASP's
//! first recommendation), each with its own random salt, in the PHC string
//! form that names the algorithm and its parameters. Hashing takes tens of
//! milliseconds of one core, on purpose: the callers run it on the server's
//! bounded CPU pool.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::codes::ErrorCode;
use crate::error::ApiError;

/// The shortest password, in characters.
pub const MIN_LEN: usize = 8;

/// The longest password, in characters (beyond it, hashing is work for
/// the asking).
pub const MAX_LEN: usize = 256;

/// Checks a new password's length.
///
/// # Errors
/// [`ErrorCode::PasswordTooShort`] or [`ErrorCode::PasswordTooLong`].
pub fn check(password: &str) -> Result<(), ErrorCode> {
    let n = password.chars().count();
    if n < MIN_LEN {
        Err(ErrorCode::PasswordTooShort)
    } else if n > MAX_LEN {
        Err(ErrorCode::PasswordTooLong)
    } else {
        Ok(())
    }
}

/// The Argon2id hash of `password`, with a fresh salt (PHC string).
///
/// # Errors
/// The random source or the hasher failed (`internal`).
pub fn hash(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| ApiError::Internal(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| ApiError::Internal(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::Internal(e.to_string()))
}

/// A hash of no one's password, verified when the named account does not
/// exist, so that a login takes as long whether or not the name is taken.
fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash("no account has this password").unwrap_or_default())
}

/// Whether `password` is the one hashed in `stored`. An empty or broken
/// hash (a closed account's) matches nothing; `None` verifies against a
/// decoy, for the time it takes.
pub fn verify(password: &str, stored: Option<&str>) -> bool {
    let (phc, real) = match stored {
        Some(s) => (s, true),
        None => (decoy(), false),
    };
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    let matches = Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok();
    matches && real
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only_and_never_contains_it() {
        let Ok(h) = hash("correct horse battery") else {
            panic!("hashing failed");
        };
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(verify("correct horse battery", Some(&h)));
        assert!(!verify("correct horse batterY", Some(&h)));
        assert!(!verify("", Some("")));
        assert!(!verify("no account has this password", None));
        // Salted: the same password hashes differently.
        assert_ne!(hash("correct horse battery").ok(), Some(h));
    }

    #[test]
    fn lengths() {
        assert_eq!(check("1234567"), Err(ErrorCode::PasswordTooShort));
        assert_eq!(check("12345678"), Ok(()));
        assert_eq!(check("ékezetes"), Ok(())); // characters, not bytes
        assert_eq!(check(&"x".repeat(257)), Err(ErrorCode::PasswordTooLong));
    }
}
