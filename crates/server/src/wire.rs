//! What goes over the wire and into storage, typed: the game's state, its
//! events, the answers of the API and its errors. Nothing here is built
//! from JSON literals or compared as strings; the enums name every value a
//! field may take.

use serde::{Deserialize, Serialize};

use crate::live::{ClockSpec, RulesSpec};

/// A side of the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<sakk::Color> for Side {
    fn from(c: sakk::Color) -> Side {
        if c.is_white() {
            Side::White
        } else {
            Side::Black
        }
    }
}

impl From<Side> for sakk::Color {
    fn from(s: Side) -> sakk::Color {
        match s {
            Side::White => sakk::Color::White,
            Side::Black => sakk::Color::Black,
        }
    }
}

/// Who plays the other side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// Both sides on one device (one token for both seats).
    #[default]
    Local,
    /// A friend, by a link (a token for each seat).
    Friend,
    /// The computer.
    Computer,
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// No move yet.
    #[default]
    Created,
    /// Moves made, not over.
    Started,
    /// Over.
    Ended,
}

/// The names of an enum's values in storage (the same as on the wire).
macro_rules! stored_names {
    ($t:ty { $($v:ident => $s:literal),* $(,)? }) => {
        impl $t {
            /// The stored and wire name.
            pub fn as_str(self) -> &'static str {
                match self { $(<$t>::$v => $s),* }
            }
            /// The value of a stored name.
            pub fn parse(s: &str) -> Option<$t> {
                match s { $($s => Some(<$t>::$v),)* _ => None }
            }
        }
    };
}
stored_names!(Side { White => "white", Black => "black" });
stored_names!(Opponent { Local => "local", Friend => "friend", Computer => "computer" });
stored_names!(Status { Created => "created", Started => "started", Ended => "ended" });

/// An opening's code and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OpeningInfo {
    /// The ECO code.
    pub eco: String,
    /// The name.
    pub name: String,
}

/// A game's full state, as every client sees it (only ever a committed
/// state).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameState {
    /// The game id.
    pub id: String,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// The computer's level, 1–8.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub level: Option<i64>,
    /// The human's colour against the computer.
    pub human_color: Option<Side>,
    /// The start position.
    pub initial_fen: String,
    /// The position now.
    pub fen: String,
    /// The side to move.
    pub turn: Side,
    /// The side to move is in check.
    pub check: bool,
    /// The moves in UCI, separated by spaces.
    pub moves: String,
    /// The moves in SAN.
    pub san: Vec<String>,
    /// Where the game stands.
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`, once over.
    pub result: Option<&'static str>,
    /// How it ended (a termination code).
    pub termination: Option<&'static str>,
    /// The winner.
    pub winner: Option<Side>,
    /// How it ended, in English.
    pub description_en: Option<String>,
    /// How it ended, in Hungarian.
    pub description_hu: Option<String>,
    /// White's time left, in milliseconds.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub wtime: Option<i64>,
    /// Black's time left, in milliseconds.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub btime: Option<i64>,
    /// The clock that is running.
    pub clock_running: Option<Side>,
    /// The clock's settings.
    pub clock: Option<ClockSpec>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// The side that asked to take back.
    pub takeback_offer: Option<Side>,
    /// The draws the side to move may claim now (termination codes).
    pub claimable: Vec<&'static str>,
    /// The game may be aborted now (not both sides have moved).
    pub can_abort: bool,
    /// A takeback may be asked for now (a move to take back, no question
    /// pending).
    pub can_takeback: bool,
    /// The side to move may offer a draw with its next move.
    pub can_offer_draw: bool,
    /// The event rules.
    pub rules: RulesSpec,
    /// Squares touched under touch-move.
    pub touched: Vec<String>,
    /// Milliseconds since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub created_at: i64,
    /// The opening, when known.
    pub opening: Option<OpeningInfo>,
    /// The rematch's game id, once started.
    pub rematch: Option<String>,
}

/// What a watcher of a game receives.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type")]
pub enum Event {
    /// The full state: the first message, and after a watcher fell behind.
    #[serde(rename = "gameFull")]
    Full {
        /// The game id.
        id: String,
        /// The state.
        state: GameState,
    },
    /// The state after a committed change.
    #[serde(rename = "gameState")]
    State {
        /// The state.
        state: GameState,
    },
}

/// An error as the API answers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ErrorBody {
    /// A stable code.
    pub error: String,
    /// In English.
    pub message: String,
    /// In Hungarian.
    pub message_hu: String,
    /// The parameters of the message, by name (stable, like the code).
    #[cfg_attr(test, ts(type = "Record<string, string>"))]
    pub params: std::collections::BTreeMap<String, String>,
}

/// A value for each seat (tokens, links).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Seats<T> {
    /// White's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub white: Option<T>,
    /// Black's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub black: Option<T>,
}

/// The links of a new game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Links {
    /// Each seat's link (with its token).
    #[serde(flatten)]
    pub seats: Seats<String>,
    /// The link for spectators.
    pub spectator: String,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Created {
    /// The game id.
    pub id: String,
    /// The seat tokens the creator holds (shown once: only their hashes are
    /// stored).
    pub tokens: Seats<String>,
    /// The links.
    pub urls: Links,
}

/// One game of the list.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Summary {
    /// The game id.
    pub id: String,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// The computer's level.
    #[cfg_attr(test, ts(type = "number | null"))]
    pub level: Option<i64>,
    /// The human's colour against the computer.
    pub human_color: Option<Side>,
    /// Where the game stands.
    pub status: Status,
    /// The result, once over.
    pub result: Option<String>,
    /// The termination code, once over.
    pub termination: Option<String>,
    /// The clock's settings.
    pub clock: Option<ClockSpec>,
    /// Plies played.
    #[cfg_attr(test, ts(type = "number"))]
    pub moves: i64,
    /// Milliseconds since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub created_at: i64,
    /// Milliseconds since the Unix epoch.
    #[cfg_attr(test, ts(type = "number"))]
    pub updated_at: i64,
}

/// A page of the games list.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameList {
    /// The games, newest first.
    pub games: Vec<Summary>,
    /// Pass as `?after=` for the next page; absent on the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub next: Option<String>,
}

/// The answer to `GET /api/games/{id}/seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SeatReply {
    /// The colours the token plays.
    pub colors: Vec<Side>,
}

/// The answer to `POST /api/games/{id}/rematch`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RematchReply {
    /// The new game.
    pub id: String,
    /// The caller's colour in it.
    pub color: Side,
    /// The caller's token in it (the same token as in the old game).
    pub token: String,
    /// The caller's link.
    pub url: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The TypeScript of every type the front-end reads, in one file.
    fn typescript() -> String {
        use ts_rs::TS;
        let cfg = ts_rs::Config::default();
        let decls = [
            Side::decl(&cfg),
            Opponent::decl(&cfg),
            Status::decl(&cfg),
            OpeningInfo::decl(&cfg),
            crate::live::ClockSpec::decl(&cfg),
            crate::live::RulesSpec::decl(&cfg),
            GameState::decl(&cfg),
            Event::decl(&cfg),
            ErrorBody::decl(&cfg),
            Seats::<String>::decl(&cfg),
            Links::decl(&cfg),
            Created::decl(&cfg),
            Summary::decl(&cfg),
            GameList::decl(&cfg),
            SeatReply::decl(&cfg),
            RematchReply::decl(&cfg),
            crate::analysis::Analysed::decl(&cfg),
            crate::analysis::Analysis::decl(&cfg),
        ];
        let mut out = String::from(
            "// Generated from the server's wire types (crates/server/src/wire.rs) by\n\
             // `SAKK_WRITE_TYPES=1 cargo test -p sakk-server typescript`: do not edit.\n",
        );
        for d in decls {
            out.push_str("\nexport ");
            out.push_str(&d);
            out.push('\n');
        }
        out
    }

    /// `web/src/types.ts` is what the Rust types say; with
    /// `SAKK_WRITE_TYPES=1` the test writes it instead.
    #[test]
    fn the_front_ends_typescript_types_are_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/types.ts");
        let fresh = typescript();
        if std::env::var_os("SAKK_WRITE_TYPES").is_some() {
            assert!(
                std::fs::write(&path, &fresh).is_ok(),
                "cannot write {}",
                path.display()
            );
        }
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            current == fresh,
            "web/src/types.ts is out of date: run SAKK_WRITE_TYPES=1 cargo test -p sakk-server typescript"
        );
    }

    #[test]
    fn stored_names_round_trip_and_match_the_wire() {
        for s in [Status::Created, Status::Started, Status::Ended] {
            assert_eq!(Status::parse(s.as_str()), Some(s));
            assert_eq!(
                serde_json::to_value(s).ok(),
                Some(serde_json::Value::from(s.as_str()))
            );
        }
        for o in [Opponent::Local, Opponent::Friend, Opponent::Computer] {
            assert_eq!(Opponent::parse(o.as_str()), Some(o));
        }
        assert_eq!(Side::parse("white"), Some(Side::White));
        assert_eq!(Side::parse("White"), None);
    }
}
