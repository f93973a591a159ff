//! What an account's closing means for those it dealt with: the
//! challenges it canceled are told to their other players, its seeks and
//! pool waits leave the lobby, and its games in play end — aborted while
//! they may be (before both sides have moved), else resigned — as lichess
//! ends a closed account's games.

use crate::state::AppState;
use crate::store::ChallengeRow;

/// After account `user` was closed (its challenges `canceled`): tells,
/// takes out and ends what it had going. Each failure is logged and the
/// rest goes on (a challenge untold is read as canceled; a seek lapses; a
/// game left in play is lost on time by its clock).
pub async fn closed(state: &AppState, user: &str, canceled: &[ChallengeRow]) {
    let now = crate::live::unix_ms();
    // A challenge that lapsed before was no longer open to anyone.
    for c in canceled.iter().filter(|c| c.expires_at > now) {
        if let Err(e) = crate::challenges::told_ended(state, c).await {
            tracing::warn!(challenge = %c.id, error = %e, "a closed account's challenge ended untold");
        }
    }
    crate::lobby::take_out(state, user).await;
    let games = match state.store().playing(user).await {
        Ok(games) => games,
        Err(e) => {
            tracing::warn!(%user, error = %e, "a closed account's games stay in play");
            return;
        }
    };
    for game in games {
        crate::challenges::end_for_closed(state, &game, user).await;
    }
}
