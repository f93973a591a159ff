//! What a personal API token may do: lichess's scopes, by lichess's names.

use serde::{Deserialize, Serialize};

/// One thing a token may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Scope {
    /// Play games with the Board API.
    #[serde(rename = "board:play")]
    BoardPlay,
    /// Play games with the Bot API (a BOT account).
    #[serde(rename = "bot:play")]
    BotPlay,
    /// Read the challenges made to and by the account.
    #[serde(rename = "challenge:read")]
    ChallengeRead,
    /// Make, accept and decline challenges.
    #[serde(rename = "challenge:write")]
    ChallengeWrite,
    /// Create and run tournaments.
    #[serde(rename = "tournament:write")]
    TournamentWrite,
    /// Read the account's preferences.
    #[serde(rename = "preference:read")]
    PreferenceRead,
}

impl Scope {
    /// Every scope.
    pub const ALL: [Scope; 6] = [
        Scope::BoardPlay,
        Scope::BotPlay,
        Scope::ChallengeRead,
        Scope::ChallengeWrite,
        Scope::TournamentWrite,
        Scope::PreferenceRead,
    ];

    /// Lichess's name of the scope.
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::BoardPlay => "board:play",
            Scope::BotPlay => "bot:play",
            Scope::ChallengeRead => "challenge:read",
            Scope::ChallengeWrite => "challenge:write",
            Scope::TournamentWrite => "tournament:write",
            Scope::PreferenceRead => "preference:read",
        }
    }

    /// The scope of that name.
    pub fn parse(name: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|s| s.as_str() == name.trim())
    }
}

/// Scopes as stored and as lichess lists them: comma-separated, in order,
/// each once.
pub fn join(scopes: &[Scope]) -> String {
    let mut sorted = scopes.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(",")
}

/// Stored scopes read back (names no longer known are left out).
pub fn split(stored: &str) -> Vec<Scope> {
    stored
        .split(',')
        .filter(|s| !s.is_empty())
        .filter_map(Scope::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_lists_are_canonical() {
        for s in Scope::ALL {
            assert_eq!(Scope::parse(s.as_str()), Some(s));
            let json = serde_json::to_string(&s).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", s.as_str()));
        }
        assert_eq!(Scope::parse("board:write"), None);
        let list = join(&[Scope::BotPlay, Scope::BoardPlay, Scope::BotPlay]);
        assert_eq!(list, "board:play,bot:play");
        assert_eq!(split(&list), vec![Scope::BoardPlay, Scope::BotPlay]);
        assert_eq!(split(""), Vec::<Scope>::new());
    }
}
