//! The lobby on the wire: a seek as lichess's `POST /api/board/seek` takes
//! it (a form or JSON), and what the lobby's stream tells (seeks added and
//! removed, the pools' waiting counts).

use serde::{Deserialize, Serialize};

pub use crate::store::SeekColor;

/// A new seek, as lichess's `POST /api/board/seek` takes it.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NewSeek {
    /// Rated (JSON `true`, or the form's `true`).
    #[serde(default, deserialize_with = "crate::challenges::wire::flexible_bool")]
    #[cfg_attr(test, ts(optional, as = "Option<bool>"))]
    pub rated: bool,
    /// The clock's initial time, in minutes (`0.5`, `3`, `15`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub time: Option<f64>,
    /// The clock's increment, seconds.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub increment: Option<u32>,
    /// Days a move (correspondence, which the lobby does not take yet).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub days: Option<u32>,
    /// The variant's key (`standard`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub variant: Option<String>,
    /// The seeker's colour: `white`, `black`, `random` (a rated seek:
    /// `random` only).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub color: Option<String>,
    /// The opponents' ratings wanted, as `1500-1800`.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub rating_range: Option<String>,
}

/// A seek as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SeekView {
    /// Its id (what accepting it names).
    pub id: String,
    /// The seeker's name.
    pub user: String,
    /// `BOT`, or none.
    pub title: Option<String>,
    /// The seeker's rating in the seek's category.
    pub rating: i64,
    /// Whether that rating is provisional (shown with `?`).
    pub provisional: bool,
    /// Rated, or casual.
    pub rated: bool,
    /// The clock's initial time, seconds.
    pub limit: u32,
    /// The clock's increment, seconds.
    pub increment: u32,
    /// The category.
    #[cfg_attr(
        test,
        ts(type = "'ultraBullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence'")
    )]
    pub speed: sakk_rating::Speed,
    /// The colour the seeker asked for.
    pub color: SeekColor,
    /// The ratings an opponent may have (none: any).
    pub rating_range: Option<(i64, i64)>,
}

/// A quick pairing pool as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PoolView {
    /// Its id: the clock as `3+2` (minutes + seconds).
    pub id: String,
    /// The clock's initial time, seconds.
    pub limit: u32,
    /// The clock's increment, seconds.
    pub increment: u32,
    /// The category.
    #[cfg_attr(
        test,
        ts(type = "'ultraBullet' | 'bullet' | 'blitz' | 'rapid' | 'classical' | 'correspondence'")
    )]
    pub speed: sakk_rating::Speed,
    /// The players waiting in it now.
    pub waiting: u32,
}

/// What the lobby tells, one JSON line each (tagged `t`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "t", rename_all = "camelCase")]
pub enum LobbyEvent {
    /// The lobby as it stands (the stream's first line).
    Lobby {
        /// The seeks, oldest first.
        seeks: Vec<SeekView>,
        /// The pools.
        pools: Vec<PoolView>,
    },
    /// A new seek.
    SeekAdded {
        /// The seek.
        seek: SeekView,
    },
    /// A seek is gone: accepted (the game it made), withdrawn, or its
    /// seeker left.
    SeekRemoved {
        /// The seek's id.
        id: String,
        /// The game, when it was accepted.
        game: Option<String>,
    },
    /// The pools' waiting counts changed.
    Pools {
        /// The pools.
        pools: Vec<PoolView>,
    },
    /// Two players of a pool were paired (their memberships' ids).
    Paired {
        /// The memberships.
        members: [String; 2],
        /// The game.
        game: String,
    },
}

impl LobbyEvent {
    /// Whether the lobby's public stream shows it (a pairing is told to
    /// its players only).
    pub fn is_public(&self) -> bool {
        !matches!(self, LobbyEvent::Paired { .. })
    }
}

/// The game a seek or a pool gave its player (the last line of the held
/// request), and the answer to an accepted seek.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LobbyGame {
    /// The game's id.
    pub game_id: String,
    /// Where it is played.
    pub url: String,
}
