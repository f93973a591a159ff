//! A tournament's links. The organiser's token is the tournament's one
//! secret: the join link and each entered player's link are HMAC-SHA-256
//! of it, so the organiser can be shown them again at any time, while the
//! server stores only their SHA-256 (as for every token). A player who
//! joined by the join link has a random token, given to them once.
//! The same record keeps which entries are accounts (their ids): they
//! play their games as those accounts too.

use std::collections::BTreeMap;

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::error::ApiError;
use crate::security::{hash_token, token_matches};

/// The hashes of a tournament's links, and its entries' accounts, as
/// stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Secrets {
    /// The join link's token.
    #[serde(default)]
    pub join: Option<String>,
    /// Each player's token, by entry number (the player's seat in each of
    /// their games).
    #[serde(default)]
    pub players: BTreeMap<u16, String>,
    /// The account of each entry that is one, by entry number.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub accounts: BTreeMap<u16, String>,
}

impl Secrets {
    /// The stored secrets (none in an old or empty column).
    ///
    /// # Errors
    /// A column that is not the JSON written here (internal).
    pub fn read(json: &str) -> Result<Secrets, ApiError> {
        serde_json::from_str(json).map_err(|e| ApiError::Internal(format!("secrets: {e}")))
    }

    /// As stored.
    ///
    /// # Errors
    /// Internal (never in practice).
    pub fn write(&self) -> Result<String, ApiError> {
        serde_json::to_string(self).map_err(|e| ApiError::Internal(e.to_string()))
    }

    /// The player whose token `token` is, if any.
    pub fn player_of(&self, token: &str) -> Option<u16> {
        self.players
            .iter()
            .find(|(_, hash)| token_matches(token, hash))
            .map(|(&p, _)| p)
    }

    /// The entry of account `user`, if it is entered.
    pub fn player_of_account(&self, user: &str) -> Option<u16> {
        self.accounts
            .iter()
            .find(|(_, id)| id.as_str() == user)
            .map(|(&p, _)| p)
    }
}

/// A link's token derived from the organiser's: 32 hex digits (128 bits)
/// of HMAC-SHA-256 keyed with the organiser's token over `purpose`.
pub fn derived(organiser: &str, tournament: &str, purpose: &str) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(organiser.as_bytes()) else {
        // HMAC takes a key of any length: unreachable.
        return String::new();
    };
    mac.update(format!("sakk tournament {tournament} {purpose}").as_bytes());
    let bytes = mac.finalize().into_bytes();
    crate::security::hex(&bytes[..16])
}

/// The join link's token.
pub fn join_token(organiser: &str, tournament: &str) -> String {
    derived(organiser, tournament, "join")
}

/// The token of the player with entry number `player`, entered by the
/// organiser.
pub fn player_token(organiser: &str, tournament: &str, player: u16) -> String {
    derived(organiser, tournament, &format!("player {player}"))
}

/// The stored form of the join token.
pub fn join_hash(organiser: &str, tournament: &str) -> String {
    hash_token(&join_token(organiser, tournament))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_the_organisers_alone_and_differ() {
        let a = player_token("secret", "t1", 0);
        assert_eq!(a.len(), 32);
        assert_eq!(a, player_token("secret", "t1", 0));
        assert_ne!(a, player_token("secret", "t1", 1));
        assert_ne!(a, player_token("other", "t1", 0));
        assert_ne!(a, player_token("secret", "t2", 0));
        assert_ne!(join_token("secret", "t1"), a);
        let mut s = Secrets::default();
        s.players.insert(3, hash_token(&a));
        assert_eq!(s.player_of(&a), Some(3));
        assert_eq!(s.player_of("nope"), None);
        s.accounts.insert(3, "bela".to_string());
        assert_eq!(s.player_of_account("bela"), Some(3));
        assert_eq!(s.player_of_account("anna"), None);
        assert_eq!(Secrets::read(&s.write().unwrap_or_default()).ok(), Some(s));
    }
}
