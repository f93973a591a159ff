//! `GET /api/games/{id}/analysis`: the engine's evaluation of every
//! position of a finished game, with the best line.

use axum::extract::State;
use axum::response::{IntoResponse, Response};

use super::P;
use crate::dispatch::dispatch;
use crate::error::ApiError;
use crate::ops::{Caller, Op};
use crate::state::AppState;

/// The analysis, once the game is over (computed once, then cached, by the
/// node that holds the game).
pub(crate) async fn analysis(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Response, ApiError> {
    Ok(dispatch(&state, &id, &Caller::anonymous(), Op::Analysis)
        .await?
        .into_response())
}
