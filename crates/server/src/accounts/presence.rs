//! Who is online, on a single server or a cluster: an account is online
//! while its event stream is open (the browser opens it on every page of a
//! signed-in player; lichess's clients and bots keep it open). The node
//! that holds the stream beats for the account every [`BEAT`]; every node
//! reads the beats, and an account whose last beat is older than
//! [`TTL_MS`] is offline (its node stopped, or the stream closed).

use std::time::Duration;

use crate::error::ApiError;
use crate::live::unix_ms;
use crate::state::AppState;

/// How often a node beats for an account whose stream it holds.
pub const BEAT: Duration = Duration::from_secs(20);

/// How long a beat keeps an account online (three beats, less a little).
pub const TTL_MS: i64 = 50_000;

/// Records that `user` is online now (a failure is only logged: the next
/// beat tries again).
pub async fn beat(state: &AppState, user: &str) {
    if let Err(e) = state.store().beat(user, unix_ms()).await {
        tracing::debug!(%user, error = %e, "presence not recorded");
    }
}

/// Whether `user` is online (a stream here, or a recent beat anywhere).
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn is_online(state: &AppState, user: &str) -> Result<bool, ApiError> {
    if state.inbox().is_online(user) {
        return Ok(true);
    }
    Ok(state.store().seen(user, unix_ms() - TTL_MS).await?)
}

/// The accounts online now, on any node, in order.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn online(state: &AppState) -> Result<Vec<String>, ApiError> {
    let mut ids = state.store().seen_since(unix_ms() - TTL_MS).await?;
    ids.extend(state.inbox().online());
    ids.sort();
    ids.dedup();
    Ok(ids)
}
