//! The front door of every request for a game: [`dispatch`] performs an
//! [`Op`] where the game is — here ([`crate::ops::perform`]), or at the
//! node that owns it, in a cluster ([`crate::cluster::forward`]). The
//! transports call this and nothing below it.

use std::time::{Duration, Instant};

use axum::http::StatusCode;

use crate::cluster::{forward, Reply};
use crate::error::ApiError;
use crate::ops::{perform, Answer, Caller, Op};
use crate::state::AppState;

/// Performs `op` on game `id` wherever the game is: here, or at its owner.
/// While the owner does not answer (it died and its lease has not run out
/// yet) or the game is moving, tries again for up to the lease's length
/// and a second.
///
/// # Errors
/// The op's refusals, as the owner answered them; 503s while no node can
/// take the game.
pub async fn dispatch(
    state: &AppState,
    id: &str,
    caller: &Caller,
    op: Op,
) -> Result<Answer, ApiError> {
    let patience = state
        .node()
        .map_or(Duration::ZERO, |n| n.lease() + Duration::from_secs(1));
    let deadline = Instant::now() + patience;
    let hint = state.node().and_then(|n| n.owner_hint(id));
    let mut first = hint.map(|owner| Err(ApiError::NotHere { owner }));
    loop {
        let hinted = first.is_some();
        let performed = match first.take() {
            Some(hinted) => hinted,
            None => perform(state, id, caller, op.clone()).await,
        };
        let failed = match performed {
            Err(ApiError::NotHere { owner }) => {
                let forwarded = forward(state, &owner, id, caller, &op).await;
                if let Some(node) = state.node() {
                    match &forwarded {
                        Ok(Reply::Done { .. } | Reply::Refused { .. }) => {
                            node.remember_owner(id, &owner);
                        }
                        _ => node.forget_owner(id),
                    }
                }
                match forwarded {
                    Ok(Reply::Done { answer }) => return Ok(answer),
                    Ok(Reply::Refused { status, body }) => {
                        return Err(ApiError::Relayed {
                            status: StatusCode::from_u16(status)
                                .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
                            body,
                        })
                    }
                    Ok(Reply::Moved) => ApiError::NotHere { owner },
                    Err(e) => e,
                }
            }
            other => return other,
        };
        if hinted {
            // The hint was wrong: ask where the game is, at once.
            continue;
        }
        if Instant::now() >= deadline || state.is_shutting_down() {
            return Err(failed);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
