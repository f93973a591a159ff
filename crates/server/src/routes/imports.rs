//! `POST /api/import` (lichess's path and form field `pgn`, or JSON):
//! one PGN game or a file of many, stored as imported games; `GET
//! /api/import/{id}`: one, as the analysis board opens it.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::accounts::MaybeMe;
use super::{BodyOrForm, P};
use crate::error::ApiError;
use crate::imports::{import, imported, ImportRequest};
use crate::state::AppState;

/// `POST /api/import`: the games imported (each one's id and link) and
/// the games that were not, each named with its problem.
pub(crate) async fn create(
    State(state): State<AppState>,
    MaybeMe(auth): MaybeMe,
    BodyOrForm(req): BodyOrForm<ImportRequest>,
) -> Result<Response, ApiError> {
    let user = auth.map(|a| a.user().id.clone());
    Ok(Json(import(&state, user, req).await?).into_response())
}

/// `GET /api/import/{id}`.
pub(crate) async fn show(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Response, ApiError> {
    Ok(Json(imported(&state, &id).await?).into_response())
}
