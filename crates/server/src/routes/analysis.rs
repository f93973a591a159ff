//! `GET /api/games/{id}/analysis`: the engine's evaluation of every
//! position of a finished game, with the best line.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;

use super::P;
use crate::analysis::Analysis;
use crate::error::ApiError;
use crate::state::AppState;

/// The analysis, once the game is over (computed once, then cached).
pub(crate) async fn analysis(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Json<Arc<Analysis>>, ApiError> {
    let slot = state.slot(&id).await?;
    let positions = {
        let g = slot.lock().await;
        if !g.live.is_over() {
            return Err(ApiError::bad("game_not_over"));
        }
        g.live.game.positions().to_vec()
    };
    let key = format!("{id}:{}", positions.len());
    let a = state.analyses().get(state.pool(), key, positions).await?;
    Ok(Json(a))
}
