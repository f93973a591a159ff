//! The players' actions: each request becomes one command on the game's
//! one path ([`crate::command::apply`]), on the node that holds the game
//! ([`crate::dispatch::dispatch`]); the answer is the committed state.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::accounts::Player;
use super::{P, Q};
use crate::codes::ErrorCode;
use crate::command::{parse_answer, parse_lang, Command};
use crate::dispatch::dispatch;
use crate::error::ApiError;
use crate::ops::{Caller, Op};
use crate::state::AppState;

/// Reads the answer of `/draw/{answer}` and `/takeback/{answer}`.
fn yes_or_no(answer: &str) -> Result<bool, ApiError> {
    parse_answer(answer).ok_or_else(|| ApiError::bad(ErrorCode::BadAnswer))
}

#[derive(Debug, Deserialize)]
pub(crate) struct MoveQuery {
    #[serde(rename = "offeringDraw", default)]
    offering_draw: Option<bool>,
    /// The piece letters of a SAN move: `en`, `hu`, `de`, `fr`, `fig`
    /// (every language when absent).
    #[serde(default)]
    lang: Option<String>,
}

async fn run(
    state: &AppState,
    id: &str,
    caller: &Caller,
    command: Command,
) -> Result<Response, ApiError> {
    Ok(dispatch(state, id, caller, Op::Change(command))
        .await?
        .into_response())
}

/// `POST /api/games/{id}/move/{move}`.
pub(crate) async fn play_move(
    State(state): State<AppState>,
    P((id, text)): P<(String, String)>,
    Q(q): Q<MoveQuery>,
    Player(caller): Player,
) -> Result<Response, ApiError> {
    let command = Command::Move {
        text,
        lang: parse_lang(q.lang.as_deref())?,
        offering_draw: q.offering_draw == Some(true),
    };
    run(&state, &id, &caller, command).await
}

/// `POST /api/games/{id}/draw/{yes|no}`.
pub(crate) async fn draw(
    State(state): State<AppState>,
    P((id, answer)): P<(String, String)>,
    Player(caller): Player,
) -> Result<Response, ApiError> {
    let accept = yes_or_no(&answer)?;
    run(&state, &id, &caller, Command::AnswerDraw { accept }).await
}

#[derive(Debug, Deserialize)]
pub(crate) struct ClaimQuery {
    #[serde(rename = "move", default)]
    declared: Option<String>,
    /// The piece letters of the declared move.
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/games/{id}/claim-draw[?move=…]`.
pub(crate) async fn claim(
    State(state): State<AppState>,
    P(id): P<String>,
    Q(q): Q<ClaimQuery>,
    Player(caller): Player,
) -> Result<Response, ApiError> {
    let command = Command::ClaimDraw {
        declared: q.declared,
        lang: parse_lang(q.lang.as_deref())?,
    };
    run(&state, &id, &caller, command).await
}

/// `POST /api/games/{id}/resign`.
pub(crate) async fn resign(
    State(state): State<AppState>,
    P(id): P<String>,
    Player(caller): Player,
) -> Result<Response, ApiError> {
    run(&state, &id, &caller, Command::Resign).await
}

/// `POST /api/games/{id}/abort`.
pub(crate) async fn abort(
    State(state): State<AppState>,
    P(id): P<String>,
    Player(caller): Player,
) -> Result<Response, ApiError> {
    run(&state, &id, &caller, Command::Abort).await
}

/// `POST /api/games/{id}/takeback/{yes|no}`.
pub(crate) async fn takeback(
    State(state): State<AppState>,
    P((id, answer)): P<(String, String)>,
    Player(caller): Player,
) -> Result<Response, ApiError> {
    let yes = yes_or_no(&answer)?;
    run(&state, &id, &caller, Command::Takeback { yes }).await
}

#[derive(Debug, Deserialize)]
pub(crate) struct TouchQuery {
    #[serde(default)]
    adjust: Option<bool>,
}

/// `POST /api/games/{id}/touch/{square}[?adjust=true]`.
pub(crate) async fn touch(
    State(state): State<AppState>,
    P((id, square)): P<(String, String)>,
    Q(q): Q<TouchQuery>,
    Player(caller): Player,
) -> Result<Response, ApiError> {
    let square: sakk::Square = square
        .parse()
        .map_err(|_| ApiError::bad(ErrorCode::BadSquare))?;
    let command = Command::Touch {
        square,
        adjust: q.adjust == Some(true),
    };
    run(&state, &id, &caller, command).await
}
