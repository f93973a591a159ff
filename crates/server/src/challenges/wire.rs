//! Challenges and account events in lichess's shapes (its API's
//! `ChallengeJson`, the event stream's `challenge`, `gameStart`, …), so
//! that lichess's clients read them unchanged.

use serde::{Deserialize, Serialize};

use sakk_rating::Speed;

use crate::store::SeekColor;
use crate::wire::Side;

/// A new challenge, as lichess takes it (JSON or a form; `clock.limit`
/// and `clock.increment` in seconds).
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NewChallenge {
    /// Rated (JSON `true`, or the form's `true`).
    #[serde(default, deserialize_with = "flexible_bool")]
    #[cfg_attr(test, ts(optional, as = "Option<bool>"))]
    pub rated: bool,
    /// The clock's initial time, seconds.
    #[serde(rename = "clock.limit", default)]
    #[cfg_attr(test, ts(optional))]
    pub clock_limit: Option<u32>,
    /// The clock's increment, seconds.
    #[serde(rename = "clock.increment", default)]
    #[cfg_attr(test, ts(optional))]
    pub clock_increment: Option<u32>,
    /// Days a move (correspondence).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub days: Option<u32>,
    /// The challenger's colour: `white`, `black` or `random`.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub color: Option<String>,
    /// The variant's key.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub variant: Option<String>,
    /// A start position (FEN).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub fen: Option<String>,
}

/// A boolean as JSON has it, or as a form writes it (`true`, `false`).
pub(crate) fn flexible_bool<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flexible {
        Bool(bool),
        Text(String),
        Null(()),
    }
    match Flexible::deserialize(d)? {
        Flexible::Bool(b) => Ok(b),
        Flexible::Text(s) => match s.as_str() {
            "true" | "1" | "on" => Ok(true),
            "false" | "0" | "" => Ok(false),
            _ => Err(serde::de::Error::custom("rated must be true or false")),
        },
        Flexible::Null(()) => Ok(false),
    }
}

/// A decline, with lichess's reason key.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Decline {
    /// `generic`, `later`, `tooFast`, `tooSlow`, `timeControl`, `rated`,
    /// `casual`, `standard`, `variant`, `noBot`, `onlyBot`.
    #[serde(default)]
    pub reason: Option<String>,
}

/// lichess's decline reasons (their keys).
pub const DECLINE_REASONS: [&str; 11] = [
    "generic",
    "later",
    "tooFast",
    "tooSlow",
    "timeControl",
    "rated",
    "casual",
    "standard",
    "variant",
    "noBot",
    "onlyBot",
];

/// A player as a challenge or a game names them.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LightUser {
    /// The account id.
    pub id: String,
    /// The name as written.
    pub name: String,
    /// `BOT`, or none.
    pub title: Option<String>,
    /// The rating in the challenge's category.
    #[cfg_attr(test, ts(type = "number"))]
    pub rating: i64,
    /// Whether that rating is provisional.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    pub provisional: bool,
}

/// lichess's variant object.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Variant {
    /// `standard`.
    pub key: &'static str,
    /// `Standard`.
    pub name: &'static str,
    /// `Std`.
    pub short: &'static str,
}

/// Standard chess.
pub const STANDARD: Variant = Variant {
    key: "standard",
    name: "Standard",
    short: "Std",
};

/// A game from a set-up position (lichess's variant for it).
pub const FROM_POSITION: Variant = Variant {
    key: "fromPosition",
    name: "From Position",
    short: "FEN",
};

/// Chess960.
pub const CHESS960: Variant = Variant {
    key: "chess960",
    name: "Chess960",
    short: "960",
};

/// The variant of a game that begins from `fen` (standard from the usual
/// start position, else "From Position").
pub fn variant_of(fen: Option<&str>) -> Variant {
    match fen {
        Some(fen) if fen != sakk::Position::new().fen() => FROM_POSITION,
        _ => STANDARD,
    }
}

/// The variant of a challenge of `variant` from `fen`: Chess960, else as
/// [`variant_of`] its start position.
pub fn variant_of_challenge(variant: crate::wire::Variant, fen: Option<&str>) -> Variant {
    match variant {
        crate::wire::Variant::Chess960 => CHESS960,
        crate::wire::Variant::Standard => variant_of(fen),
    }
}

/// The variant of a stored game: Chess960, else as [`variant_of`] its
/// start position.
pub fn variant_of_game(row: &crate::store::GameRow) -> Variant {
    variant_of_challenge(row.variant(), Some(&row.start_fen))
}

/// A challenge's time control.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum TimeControl {
    /// A clock.
    Clock {
        /// Initial time, seconds.
        limit: u32,
        /// Increment, seconds.
        increment: u32,
        /// As shown: `5+3`.
        show: String,
    },
    /// Days a move.
    Correspondence {
        /// The days.
        #[serde(rename = "daysPerTurn")]
        days_per_turn: u32,
    },
    /// No clock.
    Unlimited,
}

/// A rating category as lichess names it in a challenge.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PerfName {
    /// `Blitz`, `Rapid`, …
    pub name: &'static str,
}

/// The name lichess shows a category by.
pub fn perf_name(speed: Speed) -> &'static str {
    match speed {
        Speed::UltraBullet => "UltraBullet",
        Speed::Bullet => "Bullet",
        Speed::Blitz => "Blitz",
        Speed::Rapid => "Rapid",
        Speed::Classical => "Classical",
        Speed::Correspondence => "Correspondence",
        Speed::Chess960 => "Chess960",
    }
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ChallengeStatus {
    /// Waiting for its answer.
    Created,
    /// Accepted: its game was made.
    Accepted,
    /// Declined by the account challenged.
    Declined,
    /// Taken back by its challenger (or creator).
    Canceled,
    /// Not answered in time.
    Expired,
}

impl ChallengeStatus {
    /// The status of a stored one (`created` past `expires_at`: expired).
    pub fn of_stored(status: &str, expires_at: i64, now: i64) -> ChallengeStatus {
        match status {
            "accepted" => ChallengeStatus::Accepted,
            "declined" => ChallengeStatus::Declined,
            "canceled" => ChallengeStatus::Canceled,
            "created" if expires_at > now => ChallengeStatus::Created,
            _ => ChallengeStatus::Expired,
        }
    }
}

/// A challenge as lichess's API shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// Its page.
    pub url: String,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// Who challenges.
    pub challenger: LightUser,
    /// Who is challenged.
    pub dest_user: LightUser,
    /// Standard, or from a position.
    pub variant: Variant,
    /// Rated or casual.
    pub rated: bool,
    /// The category.
    #[cfg_attr(test, ts(type = "Speed"))]
    pub speed: Speed,
    /// The clock.
    pub time_control: TimeControl,
    /// The colour the challenger asked for.
    pub color: SeekColor,
    /// The challenger's colour, drawn when the challenge was made.
    pub final_color: Side,
    /// The category's name.
    pub perf: PerfName,
    /// The start position, when not the usual one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub initial_fen: Option<String>,
    /// `in` or `out`, in a list of the reader's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub direction: Option<&'static str>,
    /// The reason it was declined, in English.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub decline_reason: Option<String>,
    /// The reason's key.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub decline_reason_key: Option<String>,
    /// The game it made, once accepted (sakk's addition).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub game_id: Option<String>,
}

/// A challenge of either kind, as `GET /api/challenge/{id}/show` gives it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(untagged)]
pub enum AnyChallenge {
    /// To an account.
    Named(Challenge),
    /// Open to any two.
    Open(OpenChallenge),
}

/// The challenges to and from the reader (`GET /api/challenge`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Challenges {
    /// To the reader.
    #[serde(rename = "in")]
    pub incoming: Vec<Challenge>,
    /// From the reader.
    #[serde(rename = "out")]
    pub outgoing: Vec<Challenge>,
}

/// Which lichess APIs may play a game.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Compat {
    /// The Bot API.
    pub bot: bool,
    /// The Board API.
    pub board: bool,
}

/// An account event on `/api/stream/event`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AccountEvent {
    /// A challenge to or from the account.
    Challenge {
        /// The challenge.
        challenge: Challenge,
        /// Which APIs may play it.
        compat: Compat,
    },
    /// A challenge canceled by its challenger.
    ChallengeCanceled {
        /// The challenge.
        challenge: Challenge,
    },
    /// A challenge declined.
    ChallengeDeclined {
        /// The challenge.
        challenge: Challenge,
    },
    /// A game of the account began (or goes on, as the stream opens).
    GameStart {
        /// The game.
        game: GameEvent,
    },
    /// A game of the account ended.
    GameFinish {
        /// The game.
        game: GameEvent,
    },
}

/// The opponent in a game event.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "GameOpponent"))]
pub struct Opponent {
    /// Their id (none: the computer).
    pub id: Option<String>,
    /// Their name (the computer's: `A.I. level 3`).
    pub username: String,
    /// Their rating as the game began.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(type = "number", optional))]
    pub rating: Option<i64>,
    /// The computer's level, when the computer plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(type = "number", optional))]
    pub ai: Option<i64>,
}

/// lichess's `/api/account/playing`: the reader's games in play, those
/// where it is their turn first.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NowPlaying {
    /// The games.
    #[serde(rename = "nowPlaying")]
    pub now_playing: Vec<GameEvent>,
}

/// lichess's status object in a game event.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StatusObject {
    /// lichess's number for it.
    pub id: u32,
    /// Its name: `started`, `mate`, `resign`, …
    pub name: String,
}

/// A game as the event stream tells it to one of its players.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct GameEvent {
    /// The game id.
    pub game_id: String,
    /// The same (lichess's `fullId` adds the player's part).
    pub full_id: String,
    /// The same (what lichess-bot reads).
    pub id: String,
    /// The position now.
    pub fen: String,
    /// The reader's colour.
    pub color: &'static str,
    /// The last move, UCI.
    pub last_move: String,
    /// How the game came to be: `friend` (between accounts), `ai`
    /// (against the computer).
    pub source: &'static str,
    /// Where it stands.
    pub status: StatusObject,
    /// Standard, or from a position.
    pub variant: Variant,
    /// The category.
    #[cfg_attr(test, ts(type = "Speed"))]
    pub speed: Speed,
    /// The category's key.
    #[cfg_attr(test, ts(type = "Speed"))]
    pub perf: Speed,
    /// Rated or casual.
    pub rated: bool,
    /// Whether the reader has moved.
    pub has_moved: bool,
    /// The other player.
    pub opponent: Opponent,
    /// Whether it is the reader's turn.
    pub is_my_turn: bool,
    /// The reader's time left, seconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(type = "number", optional))]
    pub seconds_left: Option<i64>,
    /// Which APIs may play it.
    pub compat: Compat,
    /// The winner, once over.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub winner: Option<&'static str>,
    /// The reader's rating change, once rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(type = "number", optional))]
    pub rating_diff: Option<i64>,
}

/// lichess's number of a status.
pub fn status_id(name: &str) -> u32 {
    match name {
        "created" => 10,
        "started" => 20,
        "aborted" => 25,
        "mate" => 30,
        "resign" => 31,
        "stalemate" => 32,
        "timeout" => 33,
        "draw" => 34,
        "outoftime" => 35,
        _ => 37,
    }
}

/// A game against the computer, as lichess takes it
/// (`POST /api/challenge/ai`; JSON or a form).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct NewAiGame {
    /// The computer's level, 1–8.
    #[serde(default)]
    pub level: Option<i64>,
    /// The clock's initial time, seconds.
    #[serde(rename = "clock.limit", default)]
    pub clock_limit: Option<u32>,
    /// The clock's increment, seconds.
    #[serde(rename = "clock.increment", default)]
    pub clock_increment: Option<u32>,
    /// Days a move (correspondence).
    #[serde(default)]
    pub days: Option<u32>,
    /// The account's colour: `white`, `black` or `random`.
    #[serde(default)]
    pub color: Option<String>,
    /// The variant's key.
    #[serde(default)]
    pub variant: Option<String>,
    /// A start position (FEN).
    #[serde(default)]
    pub fen: Option<String>,
}

/// A game against the computer as lichess answers its making.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AiGame {
    /// The game id.
    pub id: String,
    /// The same (lichess adds the player's part).
    pub full_id: String,
    /// Standard, or from a position.
    pub variant: Variant,
    /// The category.
    #[cfg_attr(test, ts(type = "Speed"))]
    pub speed: Speed,
    /// The category's key.
    #[cfg_attr(test, ts(type = "Speed"))]
    pub perf: Speed,
    /// Never rated.
    pub rated: bool,
    /// The start position.
    pub fen: String,
    /// Plies played (the computer's first move comes after).
    pub turns: u32,
    /// `ai`.
    pub source: &'static str,
    /// `started`.
    pub status: StatusObject,
    /// Milliseconds since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub created_at: i64,
    /// The account's colour.
    pub player: &'static str,
}

/// An open challenge, as lichess takes it (`POST /api/challenge/open`;
/// JSON or a form). Its terms are written out as [`NewChallenge`]'s are,
/// not flattened from a shared struct: inside `#[serde(flatten)]` a form's
/// numbers arrive as text, and `clock.limit=300` would be refused.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NewOpenChallenge {
    /// Rated.
    #[serde(default, deserialize_with = "flexible_bool")]
    #[cfg_attr(test, ts(optional, as = "Option<bool>"))]
    pub rated: bool,
    /// The clock's initial time, seconds.
    #[serde(rename = "clock.limit", default)]
    #[cfg_attr(test, ts(optional))]
    pub clock_limit: Option<u32>,
    /// The clock's increment, seconds.
    #[serde(rename = "clock.increment", default)]
    #[cfg_attr(test, ts(optional))]
    pub clock_increment: Option<u32>,
    /// Days a move (correspondence).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub days: Option<u32>,
    /// The variant's key.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub variant: Option<String>,
    /// A start position (FEN).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub fen: Option<String>,
    /// A name shown on its page.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub name: Option<String>,
    /// The two accounts it is kept for, White's first, comma-separated.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub users: Option<String>,
    /// When it lapses, milliseconds since the Unix epoch (default: a day
    /// from now; at most two weeks).
    #[serde(rename = "expiresAt", default)]
    #[cfg_attr(test, ts(type = "number", optional))]
    pub expires_at: Option<i64>,
}

/// The accounts an open challenge is kept for.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Open {
    /// White's and Black's ids (none: anyone).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub user_ids: Option<[String; 2]>,
}

/// An open challenge as lichess's API shows it (its `ChallengeOpenJson`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct OpenChallenge {
    /// Its id.
    pub id: String,
    /// Its page.
    pub url: String,
    /// Its page, joining as White.
    pub url_white: String,
    /// Its page, joining as Black.
    pub url_black: String,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// The first player who joined, if any (lichess: none).
    pub challenger: Option<LightUser>,
    /// None: anyone may take it.
    pub dest_user: Option<LightUser>,
    /// Standard, or from a position.
    pub variant: Variant,
    /// Rated or casual.
    pub rated: bool,
    /// The category.
    #[cfg_attr(test, ts(type = "Speed"))]
    pub speed: Speed,
    /// The clock.
    pub time_control: TimeControl,
    /// `random`: each joins as the colour they ask for.
    pub color: &'static str,
    /// The category's name.
    pub perf: PerfName,
    /// The start position, when not the usual one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub initial_fen: Option<String>,
    /// The name shown on its page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub name: Option<String>,
    /// Whom it is kept for.
    pub open: Open,
    /// When it lapses, milliseconds since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub expires_at: i64,
    /// The game it made, once accepted (sakk's addition).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub game_id: Option<String>,
}

/// The query of an accept: the colour to join an open challenge as.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct AcceptQuery {
    /// `white` or `black` (none: either).
    #[serde(default)]
    pub color: Option<String>,
}
