//! Challenges and the account's event stream at lichess's paths:
//! `POST /api/challenge/{username}`, `POST /api/challenge/ai`,
//! `POST /api/challenge/open`, `GET /api/challenge/{id}/show`,
//! `GET /api/challenge`,
//! `POST /api/challenge/{id}/accept|decline|cancel`, and
//! `GET /api/stream/event` (NDJSON: `challenge`, `challengeCanceled`,
//! `challengeDeclined`, `gameStart`, `gameFinish`; an empty line every few
//! seconds to keep it open).

use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use tokio::sync::broadcast;

use super::accounts::{MaybeMe, Me};
use super::watch::async_stream_lines;
use super::{BodyOrForm, P, Q};
use crate::accounts::{presence, Auth, Scope};
use crate::challenges::{self, wire};
use crate::client::ClientAddr;
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::SeekColor;

/// lichess's answer to an action that is done.
#[derive(serde::Serialize)]
pub(crate) struct Ok {
    ok: bool,
}

/// `{"ok": true}`.
pub(crate) fn ok() -> Json<Ok> {
    Json(Ok { ok: true })
}

/// The scopes that may make and answer challenges (lichess's).
const CHALLENGE_SCOPES: [Scope; 3] = [Scope::ChallengeWrite, Scope::BotPlay, Scope::BoardPlay];

/// `POST /api/challenge/{username}`: challenge an account (JSON or a form:
/// `rated`, `clock.limit`, `clock.increment`, `color`, `variant`, `fen`).
pub(crate) async fn create(
    State(state): State<AppState>,
    Me(auth): Me,
    P(username): P<String>,
    BodyOrForm(req): BodyOrForm<wire::NewChallenge>,
) -> Result<Json<wire::Challenge>, ApiError> {
    auth.require_any(&CHALLENGE_SCOPES)?;
    Ok(Json(
        challenges::create(&state, auth.user(), &username, &req).await?,
    ))
}

/// `POST /api/challenge/ai`: a game against the computer begins at once
/// (JSON or a form: `level` 1–8, `clock.limit`, `clock.increment`,
/// `color`, `variant`, `fen`); `gameStart` on the account's stream.
pub(crate) async fn ai(
    State(state): State<AppState>,
    Me(auth): Me,
    BodyOrForm(req): BodyOrForm<wire::NewAiGame>,
) -> Result<(StatusCode, Json<wire::AiGame>), ApiError> {
    auth.require_any(&CHALLENGE_SCOPES)?;
    let game = challenges::play_ai(&state, auth.user(), &req).await?;
    Ok((StatusCode::CREATED, Json(game)))
}

/// `GET /api/challenge`: the open challenges to and from the account.
pub(crate) async fn list(
    State(state): State<AppState>,
    Me(auth): Me,
) -> Result<Json<wire::Challenges>, ApiError> {
    auth.require_any(&[Scope::ChallengeRead, Scope::BotPlay, Scope::BoardPlay])?;
    Ok(Json(challenges::list(&state, auth.user()).await?))
}

/// `POST /api/challenge/{id}/accept` (`?color=white|black` for an open
/// challenge): the game begins (`gameStart` on both players' streams), or,
/// the first to take an open challenge, the reader waits for the second.
pub(crate) async fn accept(
    State(state): State<AppState>,
    Me(auth): Me,
    P(id): P<String>,
    Q(q): Q<wire::AcceptQuery>,
) -> Result<Json<Ok>, ApiError> {
    auth.require_any(&CHALLENGE_SCOPES)?;
    let color = match q.color.as_deref() {
        None | Some("") => None,
        Some(name) => {
            Some(SeekColor::parse(name).ok_or_else(|| ApiError::bad(ErrorCode::BadColor))?)
        }
    };
    challenges::accept(&state, auth.user(), &id, color).await?;
    Ok(ok())
}

/// `POST /api/challenge/open`: a challenge any two accounts may take (or
/// the two of `users`); made with or without an account (JSON or a form:
/// `rated`, `clock.limit`, `clock.increment`, `fen`, `name`, `users`,
/// `expiresAt`).
pub(crate) async fn open(
    State(state): State<AppState>,
    MaybeMe(auth): MaybeMe,
    BodyOrForm(req): BodyOrForm<wire::NewOpenChallenge>,
) -> Result<Json<wire::OpenChallenge>, ApiError> {
    if let Some(auth) = &auth {
        auth.require_any(&CHALLENGE_SCOPES)?;
    }
    let creator = auth.as_ref().map(Auth::user);
    Ok(Json(challenges::create_open(&state, creator, &req).await?))
}

/// `GET /api/challenge/{id}/show`: a challenge to or from the reader, or
/// an open one.
pub(crate) async fn show(
    State(state): State<AppState>,
    MaybeMe(auth): MaybeMe,
    P(id): P<String>,
) -> Result<Json<wire::AnyChallenge>, ApiError> {
    let user = auth.as_ref().map(Auth::user);
    Ok(Json(challenges::show(&state, user, &id).await?))
}

/// `POST /api/challenge/{id}/decline` (`reason`: lichess's key).
pub(crate) async fn decline(
    State(state): State<AppState>,
    Me(auth): Me,
    P(id): P<String>,
    BodyOrForm(body): BodyOrForm<wire::Decline>,
) -> Result<Json<Ok>, ApiError> {
    auth.require_any(&CHALLENGE_SCOPES)?;
    let reason = body.reason;
    challenges::decline(&state, auth.user(), &id, reason.as_deref()).await?;
    Ok(ok())
}

/// `POST /api/challenge/{id}/cancel`: the challenger takes it back.
pub(crate) async fn cancel(
    State(state): State<AppState>,
    Me(auth): Me,
    P(id): P<String>,
) -> Result<Json<Ok>, ApiError> {
    auth.require_any(&CHALLENGE_SCOPES)?;
    challenges::cancel(&state, auth.user(), &id).await?;
    Ok(ok())
}

/// The query of `/api/account/playing` (lichess's).
#[derive(Debug, serde::Deserialize)]
pub(crate) struct PlayingQuery {
    /// How many games at most (1–50; lichess's default 9).
    #[serde(default)]
    nb: Option<usize>,
}

/// `GET /api/account/playing?nb=9`: the account's games in play, those
/// where it is the account's turn first, the least time left first (a
/// correspondence player's list of moves to make), as lichess orders them.
pub(crate) async fn playing(
    State(state): State<AppState>,
    Me(auth): Me,
    Q(q): Q<PlayingQuery>,
) -> Result<Json<wire::NowPlaying>, ApiError> {
    let user = &auth.user().id;
    let mut now_playing = Vec::new();
    for game in state.store().playing(user).await? {
        if let Some(g) = challenges::game_event(&state, &game, user).await? {
            now_playing.push(g);
        }
    }
    now_playing.sort_by_key(|g| (!g.is_my_turn, g.seconds_left.unwrap_or(i64::MAX)));
    now_playing.truncate(q.nb.unwrap_or(9).clamp(1, 50));
    Ok(Json(wire::NowPlaying { now_playing }))
}

/// How often an idle event stream sends an empty line.
const KEEPALIVE: Duration = Duration::from_secs(6);

/// `GET /api/stream/event`: the account's events as they happen, after
/// what stands when it opens (a `gameStart` for each game in play, a
/// `challenge` for each open challenge). A stream that falls far behind is
/// closed; its client connects again.
pub(crate) async fn stream(
    State(state): State<AppState>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
    Me(auth): Me,
) -> Result<Response, ApiError> {
    auth.require_any(&[Scope::ChallengeRead, Scope::BotPlay, Scope::BoardPlay])?;
    let place = state
        .watchers()
        .open(addr)
        .ok_or(ApiError::TooManyWatchers)?;
    let user = auth.user().clone();
    // Subscribed first: what happens while the rest is read is not lost.
    let mut rx = state.inbox().subscribe(&user.id);
    let mut first = Vec::new();
    for game in state.store().playing(&user.id).await? {
        if let Some(game) = challenges::game_event(&state, &game, &user.id).await? {
            first.push(line(&wire::AccountEvent::GameStart { game })?);
        }
    }
    for c in challenges::list(&state, &user).await?.incoming {
        first.push(line(&challenges::announce(c))?);
    }
    let mut shutdown = state.shutdown_signal();
    let body = async_stream_lines(first.join("\n"), false, move |tx| async move {
        let _place = place;
        let mut keepalive = tokio::time::interval(KEEPALIVE);
        keepalive.tick().await;
        // Online while the stream is open, as every node sees it.
        let mut beat = tokio::time::interval(presence::BEAT);
        loop {
            let next = tokio::select! {
                _ = beat.tick() => {
                    presence::beat(&state, &user.id).await;
                    continue;
                }
                event = rx.recv() => match event {
                    Ok(line) => format!("{line}\n"),
                    Err(broadcast::error::RecvError::Lagged(_) | broadcast::error::RecvError::Closed) => return,
                },
                _ = keepalive.tick() => "\n".to_string(),
                _ = shutdown.changed() => return,
            };
            if tx.send(next).await.is_err() {
                return;
            }
        }
    });
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

/// An event as one JSON line.
fn line(event: &wire::AccountEvent) -> Result<String, ApiError> {
    serde_json::to_string(event).map_err(|e| ApiError::Internal(e.to_string()))
}
