//! Usernames, by lichess's rules: 2 to 20 characters, ASCII letters,
//! digits, `_` and `-`; beginning with a letter, ending with a letter or a
//! digit, no two of `_` and `-` in a row; unique without regard to case
//! (the lower-case name is the account's id); a few names reserved.

use crate::codes::ErrorCode;

/// The shortest name.
pub const MIN_LEN: usize = 2;

/// The longest name.
pub const MAX_LEN: usize = 20;

/// Names no one may take (in any case): the server's own words, roles
/// people might trust, and what the pages show in place of a player.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "api",
    "black",
    "bot",
    "computer",
    "ghost",
    "guest",
    "lichess",
    "me",
    "mod",
    "moderator",
    "null",
    "root",
    "sakk",
    "stockfish",
    "support",
    "system",
    "undefined",
    "white",
];

/// A name that may be taken, as its owner wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    /// Checks `name` (surrounding spaces ignored) against the rules.
    ///
    /// # Errors
    /// The rule it breaks, as the code the catalogues explain.
    pub fn parse(name: &str) -> Result<Username, ErrorCode> {
        let name = name.trim();
        if !(MIN_LEN..=MAX_LEN).contains(&name.chars().count()) {
            return Err(ErrorCode::UsernameLength);
        }
        let ok = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        if !name.bytes().all(ok) {
            return Err(ErrorCode::UsernameChars);
        }
        let bytes = name.as_bytes();
        if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
            return Err(ErrorCode::UsernamePrefix);
        }
        if !bytes.last().is_some_and(u8::is_ascii_alphanumeric) {
            return Err(ErrorCode::UsernameSuffix);
        }
        let sign = |b: &u8| *b == b'_' || *b == b'-';
        if bytes.windows(2).any(|w| sign(&w[0]) && sign(&w[1])) {
            return Err(ErrorCode::UsernameChars);
        }
        if RESERVED.contains(&name.to_ascii_lowercase().as_str()) {
            return Err(ErrorCode::UsernameReserved);
        }
        Ok(Username(name.to_string()))
    }

    /// The name as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The account's id: the name in lower case.
    pub fn id(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

/// The id an account of any name would have (for looking one up: a name
/// that breaks the rules names no account).
pub fn id_of(name: &str) -> String {
    name.trim().to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_s_rules() {
        for good in [
            "ab",
            "Anna",
            "kovacs_anna",
            "Nagy-Bela2",
            "a1",
            "Z9z9z9z9z9z9z9z9z9z9",
        ] {
            assert!(Username::parse(good).is_ok(), "{good}");
        }
        let cases = [
            ("a", ErrorCode::UsernameLength),
            ("abcdefghijklmnopqrstu", ErrorCode::UsernameLength),
            ("", ErrorCode::UsernameLength),
            ("anna maria", ErrorCode::UsernameChars),
            ("kovács", ErrorCode::UsernameChars),
            ("anna.b", ErrorCode::UsernameChars),
            ("an__na", ErrorCode::UsernameChars),
            ("an-_na", ErrorCode::UsernameChars),
            ("1anna", ErrorCode::UsernamePrefix),
            ("_anna", ErrorCode::UsernamePrefix),
            ("anna_", ErrorCode::UsernameSuffix),
            ("Admin", ErrorCode::UsernameReserved),
            ("STOCKFISH", ErrorCode::UsernameReserved),
        ];
        for (name, code) in cases {
            assert_eq!(Username::parse(name), Err(code), "{name}");
        }
    }

    #[test]
    fn the_id_ignores_case_and_the_name_keeps_it() {
        let name = Username::parse("  KovacsAnna ").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(name.as_str(), "KovacsAnna");
        assert_eq!(name.id(), "kovacsanna");
        assert_eq!(id_of("KOVACSANNA"), name.id());
    }
}
