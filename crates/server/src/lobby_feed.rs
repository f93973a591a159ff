//! The lobby's feed (below the state, as [`crate::inbox`] is): what the
//! lobby tells — seeks added and removed, the pools' counts, pairings —
//! to this node's watchers and held requests and, in a cluster, over NATS
//! (`sakk.lobby`) to the other nodes'; and the lobby's wire types, which
//! the feed carries.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

pub use crate::store::SeekColor;

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

/// Events a slow watcher may fall behind by (then its stream is closed and
/// its client reads the lobby again).
const CAPACITY: usize = 1024;

/// The NATS subject of the lobby's events.
const SUBJECT: &str = "sakk.lobby";

/// An event with its JSON line, made once for every watcher.
#[derive(Debug)]
pub struct Told {
    /// The event.
    pub event: LobbyEvent,
    /// Its JSON.
    pub line: String,
}

/// The lobby's feed, on this node.
pub struct LobbyFeed {
    tx: broadcast::Sender<Arc<Told>>,
    nats: Option<async_nats::Client>,
    started: AtomicBool,
}

impl LobbyFeed {
    /// A lobby; in a cluster, with the bus its events travel on.
    pub fn new(nats: Option<async_nats::Client>) -> LobbyFeed {
        LobbyFeed {
            tx: broadcast::channel(CAPACITY).0,
            nats,
            started: AtomicBool::new(false),
        }
    }

    /// A new subscription to the lobby's events.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Told>> {
        self.tx.subscribe()
    }

    /// Tells `event` here and (in a cluster) on the other nodes.
    pub async fn tell(&self, event: LobbyEvent) {
        let Ok(line) = serde_json::to_string(&event) else {
            return;
        };
        if let Some(nats) = &self.nats {
            if let Err(e) = nats
                .publish(SUBJECT, line.clone().into_bytes().into())
                .await
            {
                tracing::warn!(error = %e, "a lobby event was not published");
            }
        }
        self.deliver(Told { event, line });
    }

    /// Whether the lobby's own work was started already (and marks it
    /// started).
    pub fn start_once(&self) -> bool {
        !self.started.swap(true, Ordering::SeqCst)
    }

    /// The bus the lobby's events travel on, in a cluster.
    pub fn nats(&self) -> Option<&async_nats::Client> {
        self.nats.as_ref()
    }

    fn deliver(&self, told: Told) {
        // No watcher: nobody to tell.
        let _ = self.tx.send(Arc::new(told));
    }
}

/// Relays the other nodes' lobby events to this node's watchers.
pub async fn relay(
    feed: &LobbyFeed,
    nats: async_nats::Client,
    shutdown: tokio::sync::watch::Receiver<bool>,
) {
    crate::bus::hear(
        &nats,
        SUBJECT,
        "the other nodes' lobby",
        shutdown,
        |_, line| {
            if let Ok(event) = serde_json::from_str::<LobbyEvent>(line) {
                feed.deliver(Told {
                    event,
                    line: line.to_string(),
                });
            }
        },
    )
    .await;
}
