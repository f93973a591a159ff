//! The lobby, as lichess has it: seeks that anyone may accept with one
//! click ([`seeks`]), and quick pairing pools that pair waiting players by
//! rating ([`pools`], [`pooling`]). Both are rows in the database that live while their
//! owner's connection holds them (it pushes their end forward every few
//! seconds; a row whose end passed is gone, even if its node stopped), so
//! that every node of a cluster sees the same lobby, and whoever takes a
//! row takes it with a conditional DELETE: of fifty accepts of one seek at
//! the same moment, on one node or several, exactly one makes a game.
//!
//! What changes is told on the lobby's stream ([`Lobby`]): to this node's
//! watchers and, in a cluster, over NATS (`sakk.lobby`) to the others'.

pub mod pooling;
pub mod pools;
pub mod seeks;
pub mod wire;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tokio::sync::broadcast;

use crate::live::unix_ms;
use crate::state::AppState;
use wire::LobbyEvent;

/// How long a row lives without its holder, milliseconds.
pub const TTL_MS: i64 = 30_000;

/// How often a holder pushes its row's end forward.
pub const REFRESH: std::time::Duration = std::time::Duration::from_secs(10);

/// How often a held request writes an empty line (which is also how it
/// learns that its client left).
pub const KEEPALIVE: std::time::Duration = std::time::Duration::from_secs(2);

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

/// The lobby's stream, on this node.
pub struct Lobby {
    tx: broadcast::Sender<Arc<Told>>,
    nats: Option<async_nats::Client>,
    started: AtomicBool,
}

impl Lobby {
    /// A lobby; in a cluster, with the bus its events travel on.
    pub fn new(nats: Option<async_nats::Client>) -> Lobby {
        Lobby {
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

    fn deliver(&self, told: Told) {
        // No watcher: nobody to tell.
        let _ = self.tx.send(Arc::new(told));
    }
}

/// Starts the lobby's own work, once per state: the pools' waves, the
/// sweep of lapsed seeks, and (in a cluster) the relay of the other
/// nodes' events.
pub fn start(state: &AppState) {
    if state.lobby().started.swap(true, Ordering::SeqCst) {
        return;
    }
    tokio::spawn(pools_run(state.clone()));
    tokio::spawn(sweep(state.clone()));
    if let Some(nats) = state.lobby().nats.clone() {
        tokio::spawn(relay(state.clone(), nats));
    }
}

/// Every few seconds until shutdown: the seeks whose holders are gone
/// leave the lobby, and everyone is told.
async fn sweep(state: AppState) {
    let mut shutdown = state.shutdown_signal();
    let mut every = tokio::time::interval(REFRESH);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = shutdown.changed() => return,
        }
        match state.store().sweep_seeks(unix_ms()).await {
            Ok(ids) => {
                for id in ids {
                    state
                        .lobby()
                        .tell(LobbyEvent::SeekRemoved { id, game: None })
                        .await;
                }
            }
            Err(e) => tracing::warn!(error = %e, "lapsed seeks not swept"),
        }
    }
}

/// The pools' waves until shutdown.
async fn pools_run(state: AppState) {
    let mut shutdown = state.shutdown_signal();
    let every = std::time::Duration::from_millis(pools::WAVE_MS.unsigned_abs());
    let mut ticks = tokio::time::interval(every);
    let mut last = Vec::new();
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = shutdown.changed() => return,
        }
        match pooling::wave(&state).await {
            Ok(views) if views != last => {
                last.clone_from(&views);
                state.lobby().tell(LobbyEvent::Pools { pools: views }).await;
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "a pools' wave failed"),
        }
    }
}

/// Relays the other nodes' lobby events to this node's watchers.
async fn relay(state: AppState, nats: async_nats::Client) {
    use futures_util::StreamExt;
    let mut shutdown = state.shutdown_signal();
    let mut events = match nats.subscribe(SUBJECT).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "the other nodes' lobby cannot be heard");
            return;
        }
    };
    loop {
        let message = tokio::select! {
            m = events.next() => match m {
                Some(m) => m,
                None => return,
            },
            _ = shutdown.changed() => return,
        };
        let Ok(line) = std::str::from_utf8(&message.payload) else {
            continue;
        };
        if let Ok(event) = serde_json::from_str::<LobbyEvent>(line) {
            state.lobby().deliver(Told {
                event,
                line: line.to_string(),
            });
        }
    }
}
