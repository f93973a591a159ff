//! Tournaments: create, show, the organiser's actions, the TRF and PGN
//! downloads, and the stream of changes. Each handler decodes the request
//! and hands it to [`crate::tournament`].

use std::time::Duration;

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use tokio::sync::broadcast;

use super::accounts::{link_token, not_logged_in, MaybeMe};
use super::watch::async_stream_lines;
use super::{token, Body, P};
use crate::accounts::Scope;
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::state::AppState;
use crate::tournament::{self, wire};

/// `POST /api/tournaments`: a new tournament and its organiser's token.
pub(crate) async fn create(
    State(state): State<AppState>,
    Body(req): Body<wire::NewTournament>,
) -> Result<Response, ApiError> {
    let created = tournament::create(&state, req).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// `GET /api/tournaments/{id}`: players, rounds, standings, crosstable.
pub(crate) async fn show(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Json<wire::TournamentView>, ApiError> {
    let (row, event) = tournament::current(&state, &id).await?;
    Ok(Json(tournament::view(&row, &event)))
}

/// `POST /api/tournaments/{id}/join`: a player enters themselves by the
/// join link (its token as `password`, or as `Authorization: Bearer …`),
/// as the account the request comes from when it asks (`account`);
/// answers their own link, once.
pub(crate) async fn join(
    State(state): State<AppState>,
    P(id): P<String>,
    headers: HeaderMap,
    MaybeMe(me): MaybeMe,
    Body(req): Body<wire::JoinRequest>,
) -> Result<Response, ApiError> {
    let join_token = req.password.as_deref().unwrap_or(link_token(&headers));
    let account = if req.account.unwrap_or(false) {
        // The request's bearer or cookie names the account: the link's
        // token comes as `password`.
        if req.password.is_none() {
            return Err(ApiError::bad(ErrorCode::MissingJoinToken));
        }
        let auth = me.ok_or_else(not_logged_in)?;
        auth.require(Scope::TournamentWrite)?;
        Some(auth.user().clone())
    } else {
        None
    };
    let player = sakk_tournament::event::NewPlayer {
        name: req.name.unwrap_or_default(),
        rating: req.rating,
        title: req.title.unwrap_or_default(),
        federation: req.federation.unwrap_or_default(),
        club: req.club.unwrap_or_default(),
        fide_id: None,
    };
    let joined = tournament::join(&state, &id, join_token, player, account.as_ref()).await?;
    Ok((StatusCode::CREATED, Json(joined)).into_response())
}

/// `GET /api/tournaments/{id}/me`: which player the request's player token
/// is, or else the entry of the account the request comes from.
pub(crate) async fn me(
    State(state): State<AppState>,
    P(id): P<String>,
    headers: HeaderMap,
    MaybeMe(me): MaybeMe,
) -> Result<Json<wire::Me>, ApiError> {
    let account = me.as_ref().map(|auth| auth.user().id.as_str());
    Ok(Json(
        tournament::me(&state, &id, link_token(&headers), account).await?,
    ))
}

/// `GET /api/tournaments/{id}/links`: the join link and each player's
/// link, for the organiser (their token) to hand out.
pub(crate) async fn links(
    State(state): State<AppState>,
    P(id): P<String>,
    headers: HeaderMap,
) -> Result<Json<wire::TournamentLinks>, ApiError> {
    Ok(Json(tournament::links(&state, &id, token(&headers)).await?))
}

/// `POST /api/tournaments/{id}/actions`: an organiser's action (the
/// organiser's token as `Authorization: Bearer …`); answers the new state.
pub(crate) async fn act(
    State(state): State<AppState>,
    P(id): P<String>,
    headers: HeaderMap,
    Body(action): Body<wire::TournamentAction>,
) -> Result<Json<wire::TournamentView>, ApiError> {
    let (view, started) = tournament::apply(&state, &id, token(&headers), action).await?;
    // A new round's games that accounts play: their event streams hear of
    // them (`gameStart`), as of a challenge's game. The round is stored
    // already: a stream that missed this still lists the game when it
    // opens.
    for game in started {
        let accounts: Vec<&str> = game.accounts.iter().map(String::as_str).collect();
        if let Err(e) = crate::challenges::started(&state, &game.game, &accounts).await {
            tracing::warn!(tournament = %id, game = %game.game, error = %e, "gameStart not told");
        }
    }
    Ok(Json(view))
}

/// A download: `text` as `name`.
fn download(text: String, content_type: &'static str, name: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response()
}

/// `GET /api/tournaments/{id}/trf`: FIDE's Tournament Report File.
pub(crate) async fn trf(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Response, ApiError> {
    let (_, event) = tournament::load(&state, &id).await?;
    Ok(download(
        tournament::trf(&event),
        "text/plain; charset=utf-8",
        format!("tournament-{id}.trf"),
    ))
}

/// `GET /api/tournaments/{id}/pgn`: the games as PGN (with their moves
/// when played online).
pub(crate) async fn pgn(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Response, ApiError> {
    let (_, event) = tournament::current(&state, &id).await?;
    Ok(download(
        tournament::pgn(&state, &event).await?,
        "application/x-chess-pgn",
        format!("tournament-{id}.pgn"),
    ))
}

/// `GET /api/tournaments/{id}/stream`: one JSON object a line — the
/// version stored now, then the version after each change — and an empty
/// line every 5 s to keep the connection open.
pub(crate) async fn stream(
    State(state): State<AppState>,
    P(id): P<String>,
    axum::Extension(crate::client::ClientAddr(addr)): axum::Extension<crate::client::ClientAddr>,
) -> Result<Response, ApiError> {
    let place = state
        .watchers()
        .open(addr)
        .ok_or(ApiError::TooManyWatchers)?;
    let (version, mut rx) = tournament::watch(&state, &id).await?;
    let first = serde_json::to_string(&wire::TournamentChanged { version })
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let mut shutdown = state.shutdown_signal();
    let lines = async_stream_lines(first, false, move |tx| async move {
        let _place = place;
        let mut keepalive = tokio::time::interval(Duration::from_secs(5));
        keepalive.tick().await;
        loop {
            let line = tokio::select! {
                event = rx.recv() => match event {
                    Ok(p) if !p.resync => format!("{}\n", p.text()),
                    // Lost messages: the version stored now.
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                        let Ok((row, _)) = tournament::load(&state, &id).await else {
                            return;
                        };
                        let Ok(line) = serde_json::to_string(&wire::TournamentChanged {
                            version: row.version,
                        }) else {
                            return;
                        };
                        format!("{line}\n")
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                _ = keepalive.tick() => "\n".to_string(),
                _ = shutdown.changed() => return,
            };
            if tx.send(line).await.is_err() {
                return;
            }
        }
    });
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], lines).into_response())
}
