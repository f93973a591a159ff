//! The lobby on the wire: a seek as lichess's `POST /api/board/seek` takes
//! it, and (re-exported from the feed that carries them,
//! [`crate::lobby_feed`]) what the lobby's stream tells.

use serde::Deserialize;

pub use crate::lobby_feed::{LobbyEvent, LobbyGame, PoolView, SeekColor, SeekView};

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
