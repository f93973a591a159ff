//! The lobby's routes: lichess's `POST /api/board/seek` (a seek that lives
//! while the request is open), and sakk's own — the lobby as it stands
//! (`GET /api/lobby`) and as it changes (`GET /api/lobby/stream`,
//! NDJSON), accepting a seek (`POST /api/lobby/seeks/{id}/accept`), and
//! waiting in a pool (`POST /api/lobby/pools/{id}`, open until paired).
//!
//! A held request writes an empty line every [`lobby::KEEPALIVE`] (so a
//! client that left is noticed, and its seek or wait ends) and, when its
//! game is made, one JSON line ([`LobbyGame`]) before it closes; the game
//! also starts on both players' event streams (`gameStart`).

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use tokio::sync::broadcast;

use super::accounts::Me;
use super::watch::async_stream_lines;
use super::{BodyOrForm, P};
use crate::accounts::Scope;
use crate::client::ClientAddr;
use crate::error::ApiError;
use crate::live::unix_ms;
use crate::lobby::wire::{LobbyEvent, LobbyGame, NewSeek};
use crate::lobby::{self, pooling, seeks, Told};
use crate::state::AppState;

const NDJSON: (header::HeaderName, &str) = (header::CONTENT_TYPE, "application/x-ndjson");

/// What a held request holds.
#[derive(Clone, Debug)]
enum Held {
    /// A seek (its id).
    Seek(String),
    /// A wait in a pool (the membership's id).
    Member(String),
}

impl Held {
    /// Whether `event` ends the hold: `Some(Some(game))` when its game was
    /// made, `Some(None)` when it is gone without one.
    fn ended_by(&self, event: &LobbyEvent) -> Option<Option<String>> {
        match (self, event) {
            (Held::Seek(mine), LobbyEvent::SeekRemoved { id, game }) if id == mine => {
                Some(game.clone())
            }
            (Held::Member(mine), LobbyEvent::Paired { members, game })
                if members.contains(mine) =>
            {
                Some(Some(game.clone()))
            }
            _ => None,
        }
    }

    /// Pushes the row's end forward; `false`: it is gone.
    async fn refresh(&self, state: &AppState) -> bool {
        let now = unix_ms();
        let until = now + lobby::TTL_MS;
        let done = match self {
            Held::Seek(id) => state.store().refresh_seek(id, now, until).await,
            Held::Member(id) => state.store().refresh_member(id, now, until).await,
        };
        // A failed write: the row lives on until its end, and the next
        // refresh tries again.
        done.unwrap_or(true)
    }

    /// Its holder left: the row goes.
    async fn release(&self, state: &AppState) {
        match self {
            Held::Seek(id) => seeks::withdraw(state, id).await,
            Held::Member(id) => pooling::leave(state, id).await,
        }
    }
}

/// How long a hold whose row vanished waits for the event that says why
/// (a game being made).
const GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// The held request's body: empty lines until its game is made (then that
/// game's line) or its row is gone; when the client leaves first, the row
/// goes.
fn hold(
    state: AppState,
    held: Held,
    mut rx: broadcast::Receiver<Arc<Told>>,
    place: impl Send + 'static,
) -> Response {
    let body = async_stream_lines(String::new(), false, move |tx| async move {
        let _place = place;
        let mut shutdown = state.shutdown_signal();
        let mut keepalive = tokio::time::interval(lobby::KEEPALIVE);
        keepalive.tick().await;
        let mut refresh = tokio::time::interval(lobby::REFRESH);
        refresh.tick().await;
        let mut vanished: Option<tokio::time::Instant> = None;
        let left = loop {
            tokio::select! {
                told = rx.recv() => match told {
                    Ok(told) => match held.ended_by(&told.event) {
                        Some(Some(game_id)) => {
                            let game = LobbyGame {
                                url: format!("{}/game/{game_id}", state.public_url()),
                                game_id,
                            };
                            if let Ok(line) = serde_json::to_string(&game) {
                                let _ = tx.send(format!("{line}\n")).await;
                            }
                            break false;
                        }
                        Some(None) => break false,
                        None => {}
                    },
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => break true,
                },
                _ = keepalive.tick() => {
                    if tx.send("\n".to_string()).await.is_err() {
                        break true;
                    }
                    if vanished.is_some_and(|at| at.elapsed() > GRACE) {
                        break false;
                    }
                }
                _ = refresh.tick() => {
                    if vanished.is_none() && !held.refresh(&state).await {
                        vanished = Some(tokio::time::Instant::now());
                    }
                }
                () = tx.closed() => break true,
                _ = shutdown.changed() => break true,
            }
        };
        if left {
            held.release(&state).await;
        }
    });
    ([NDJSON], body).into_response()
}

/// A held request's start, for the account `user` from `addr`: a watcher's
/// place taken, the lobby subscribed to first (a game made at once is not
/// missed), then `make` (which stores the row) and its holder started in a
/// task of its own, which a client that leaves meanwhile does not cut
/// short (its holder then finds the client gone and releases the row).
async fn open_held<F, Fut>(
    state: AppState,
    addr: std::net::IpAddr,
    user: crate::store::UserRow,
    make: F,
) -> Result<Response, ApiError>
where
    F: FnOnce(AppState, crate::store::UserRow) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<Held, ApiError>> + Send + 'static,
{
    let place = state
        .watchers()
        .open(addr)
        .ok_or(ApiError::TooManyWatchers)?;
    let rx = state.lobby().subscribe();
    detached(async move {
        let held = make(state.clone(), user).await?;
        Ok(hold(state, held, rx, place))
    })
    .await
}

/// `POST /api/board/seek` (lichess's): a seek in the lobby while the
/// request is open (`rated`, `time` in minutes, `increment`, `color`,
/// `ratingRange`; JSON or a form).
pub(crate) async fn seek(
    State(state): State<AppState>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
    Me(auth): Me,
    BodyOrForm(req): BodyOrForm<NewSeek>,
) -> Result<Response, ApiError> {
    auth.require(Scope::BoardPlay)?;
    open_held(state, addr, auth.user().clone(), |state, user| async move {
        let row = seeks::create(&state, &user, &req).await?;
        Ok(Held::Seek(row.id))
    })
    .await
}

/// Runs `work` to its end whether or not its client waits for it.
async fn detached<T: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::spawn(work)
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
}

/// `POST /api/lobby/pools/{id}`: waits in the pool (`3+2`) while the
/// request is open.
pub(crate) async fn join_pool(
    State(state): State<AppState>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
    Me(auth): Me,
    P(id): P<String>,
) -> Result<Response, ApiError> {
    auth.require(Scope::BoardPlay)?;
    open_held(state, addr, auth.user().clone(), |state, user| async move {
        let member = pooling::join(&state, &user, &id).await?;
        Ok(Held::Member(member.id))
    })
    .await
}

/// `POST /api/lobby/seeks/{id}/accept`: the game with the seeker begins.
pub(crate) async fn accept(
    State(state): State<AppState>,
    Me(auth): Me,
    P(id): P<String>,
) -> Result<Json<LobbyGame>, ApiError> {
    auth.require(Scope::BoardPlay)?;
    let user = auth.user().clone();
    // Once the seek is taken, the game is made and told even if the
    // client leaves.
    let game = detached(async move { seeks::accept(&state, &user, &id).await }).await?;
    Ok(Json(game))
}

/// `GET /api/lobby`: the seeks and the pools as they stand.
pub(crate) async fn show(State(state): State<AppState>) -> Result<Json<LobbyEvent>, ApiError> {
    Ok(Json(seeks::lobby(&state).await?))
}

/// How long the lobby's stream gathers what is told before it writes.
const BATCH: std::time::Duration = std::time::Duration::from_millis(200);

/// `GET /api/lobby/stream`: the lobby as it stands, then as it changes
/// (`seekAdded`, `seekRemoved`, `pools`), one JSON line each; what is told
/// within [`BATCH`] of a first event is written with it, at once. A
/// watcher that falls far behind is closed; its client connects again.
pub(crate) async fn stream(
    State(state): State<AppState>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
) -> Result<Response, ApiError> {
    let place = state
        .watchers()
        .open(addr)
        .ok_or(ApiError::TooManyWatchers)?;
    let mut rx = state.lobby().subscribe();
    let first = serde_json::to_string(&seeks::lobby(&state).await?)
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let mut shutdown = state.shutdown_signal();
    let body = async_stream_lines(first, false, move |tx| async move {
        let _place = place;
        let mut keepalive = tokio::time::interval(std::time::Duration::from_secs(10));
        keepalive.tick().await;
        loop {
            let mut next = tokio::select! {
                told = rx.recv() => match told {
                    Ok(told) if told.event.is_public() => format!("{}\n", told.line),
                    Ok(_) => continue,
                    Err(_) => return,
                },
                _ = keepalive.tick() => "\n".to_string(),
                () = tx.closed() => return,
                _ = shutdown.changed() => return,
            };
            // What else is told meanwhile goes in the same write: one
            // wake-up and one write for each watcher per batch, not per
            // event (thousands watch; the lobby changes many times a
            // second).
            if next != "\n" {
                tokio::time::sleep(BATCH).await;
                loop {
                    match rx.try_recv() {
                        Ok(told) if told.event.is_public() => {
                            next.push_str(&told.line);
                            next.push('\n');
                        }
                        Ok(_) => {}
                        Err(broadcast::error::TryRecvError::Empty) => break,
                        Err(_) => return,
                    }
                }
            }
            if tx.send(next).await.is_err() {
                return;
            }
        }
    });
    Ok(([NDJSON], body).into_response())
}
