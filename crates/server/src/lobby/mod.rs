//! The lobby, as lichess has it: seeks that anyone may accept with one
//! click ([`seeks`]), and quick pairing pools that pair waiting players by
//! rating ([`pools`], [`pooling`]). Both are rows in the database that live while their
//! owner's connection holds them (it pushes their end forward every few
//! seconds; a row whose end passed is gone, even if its node stopped), so
//! that every node of a cluster sees the same lobby, and whoever takes a
//! row takes it with a conditional DELETE: of fifty accepts of one seek at
//! the same moment, on one node or several, exactly one makes a game.
//!
//! What changes is told on the lobby's feed ([`LobbyFeed`]): to this
//! node's watchers and, in a cluster, over NATS (`sakk.lobby`) to the
//! others'.

pub mod pooling;
pub mod pools;
pub mod seeks;
pub mod wire;

pub use crate::lobby_feed::{LobbyFeed, Told};

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

/// `user` (a closed account) leaves the lobby: their seeks and pool waits
/// go, and everyone is told of the seeks. (The players of a game the lobby
/// makes leave it as their pairing is taken: [`seeks::accept`],
/// [`pooling::wave`].) A failure is only logged: the rows stay until their
/// holders stop holding them.
pub async fn take_out(state: &AppState, user: &str) {
    match state.store().leave_lobby(user).await {
        Ok(seeks) => told_removed(state, seeks).await,
        Err(e) => tracing::warn!(error = %e, "a closed account is still in the lobby"),
    }
}

/// Tells everyone that `seeks` left the lobby without a game of their own
/// (their seekers began another, or left).
async fn told_removed(state: &AppState, seeks: Vec<String>) {
    for id in seeks {
        state
            .lobby()
            .tell(LobbyEvent::SeekRemoved { id, game: None })
            .await;
    }
}

/// Starts the lobby's own work, once per state: the pools' waves, the
/// sweep of lapsed seeks, and (in a cluster) the relay of the other
/// nodes' events.
pub fn start(state: &AppState) {
    if !state.lobby().start_once() {
        return;
    }
    tokio::spawn(pools_run(state.clone()));
    tokio::spawn(sweep(state.clone()));
    if let Some(nats) = state.lobby().nats().cloned() {
        let state = state.clone();
        tokio::spawn(async move {
            crate::lobby_feed::relay(state.lobby(), nats, state.shutdown_signal()).await;
        });
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
