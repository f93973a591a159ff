//! The accounts' requests and answers, in lichess's shapes (camelCase)
//! where lichess has them (`/api/account`, `/api/user/{name}`,
//! `/api/token/test`).

use serde::{Deserialize, Serialize};

use super::Scope;

/// An account as lichess's `/api/account` and `/api/user/{name}` give it.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Account {
    /// The name in lower case.
    pub id: String,
    /// The name as its owner wrote it.
    pub username: String,
    /// When it was made, milliseconds since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub created_at: i64,
    /// `BOT` for a bot account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub title: Option<String>,
    /// Closed (lichess: `disabled`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub disabled: bool,
    /// The player's page.
    pub url: String,
    /// The ratings by category (lichess's keys: `bullet`, `blitz`, …),
    /// the starting one where no rated game was played.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    #[cfg_attr(
        test,
        ts(optional, as = "Option<std::collections::BTreeMap<String, PerfView>>")
    )]
    pub perfs: std::collections::BTreeMap<String, PerfView>,
    /// The account's games counted (lichess's `count`; with the ratings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub count: Option<Count>,
}

/// An account's games counted, as lichess's `count` has them.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Count {
    /// Every game.
    #[cfg_attr(test, ts(type = "number"))]
    pub all: i64,
    /// The rated ones.
    #[cfg_attr(test, ts(type = "number"))]
    pub rated: i64,
    /// Won.
    #[cfg_attr(test, ts(type = "number"))]
    pub win: i64,
    /// Lost.
    #[cfg_attr(test, ts(type = "number"))]
    pub loss: i64,
    /// Drawn.
    #[cfg_attr(test, ts(type = "number"))]
    pub draw: i64,
    /// In play now.
    #[cfg_attr(test, ts(type = "number"))]
    pub playing: i64,
}

/// One category's rating history, as lichess's
/// `/api/user/{name}/rating-history` gives it: each point `[year, month
/// (0–11), day, rating]`, the last of each day.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RatingHistory {
    /// lichess's name of the category (`Blitz`).
    pub name: String,
    /// The points, oldest first.
    #[cfg_attr(test, ts(type = "Array<[number, number, number, number]>"))]
    pub points: Vec<[i64; 4]>,
}

/// A player of a game as its page shows them (a side an account plays).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GamePlayer {
    /// The account id.
    pub id: String,
    /// The name as written.
    pub name: String,
    /// `BOT`, or none.
    pub title: Option<String>,
    /// The rating in the game's category as the game began.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub rating: Option<i64>,
    /// Whether that rating was provisional (shown with `?`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub provisional: bool,
    /// The rating's change, once the game is rated.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub diff: Option<i64>,
}

/// A game's players as its page shows them: the sides accounts play.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GamePlayers {
    /// White, when an account plays it.
    pub white: Option<GamePlayer>,
    /// Black, when an account plays it.
    pub black: Option<GamePlayer>,
    /// Whether the game counts for the ratings.
    pub rated: bool,
    /// The tournament board this game is, with the players as entered.
    pub tournament: Option<crate::tournament::wire::GameInTournament>,
}

/// A rating as lichess's account shows it.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PerfView {
    /// Rated games played in the category.
    pub games: u32,
    /// The rating, whole.
    pub rating: i32,
    /// The rating deviation, whole.
    pub rd: i32,
    /// Provisional (shown with `?`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub prov: bool,
}

/// A new account, or a login: a name and a password (JSON, or a form as
/// lichess's pages send it).
#[derive(Clone, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Credentials {
    /// The name (any case, to log in).
    pub username: String,
    /// The password.
    pub password: String,
}

impl std::fmt::Debug for Credentials {
    /// Never the password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials")
            .field("username", &self.username)
            .finish_non_exhaustive()
    }
}

/// A password change: the current one, and the new one.
#[derive(Clone, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    /// The password now.
    pub current_password: String,
    /// The password from now on.
    pub new_password: String,
}

/// Closing an account: its password, once more.
#[derive(Clone, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CloseAccount {
    /// The password.
    pub password: String,
}

/// A new personal API token.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NewToken {
    /// What it is for, to recognise it in the list (1 to 100 characters).
    pub description: String,
    /// What it may do.
    pub scopes: Vec<Scope>,
}

/// A personal API token as its owner's list shows it (never the token).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TokenView {
    /// How it is named to revoke it.
    pub id: String,
    /// What it is for.
    pub description: String,
    /// What it may do.
    pub scopes: Vec<Scope>,
    /// When it was made, milliseconds since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub created_at: i64,
}

/// A token just made: the only time the token itself is shown.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TokenCreated {
    /// The token (`Authorization: Bearer …`).
    pub token: String,
    /// The token as its list shows it.
    #[serde(flatten)]
    pub view: TokenView,
}

/// What lichess's `POST /api/token/test` says of a token it knows.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TokenInfo {
    /// Its owner's id.
    pub user_id: String,
    /// Its scopes, comma-separated.
    pub scopes: String,
    /// When it expires (never: `null`).
    pub expires: Option<i64>,
}

/// The accounts found (lichess's `{"result": [...]}`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Found {
    /// The accounts, by name, with whether they are online and playing.
    pub result: Vec<UserStatus>,
}

/// A player's status, as lichess's `/api/users/status` gives it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UserStatus {
    /// The account id.
    pub id: String,
    /// The name as written.
    pub name: String,
    /// `BOT`, or none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub title: Option<String>,
    /// Online now (its event stream open, on any node).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub online: bool,
    /// In a game now.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub playing: bool,
}
