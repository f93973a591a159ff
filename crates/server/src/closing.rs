//! What an account's closing means for those it dealt with: the
//! challenges it canceled are told to their other players, its seeks and
//! pool waits leave the lobby, and its games in play end — aborted where
//! no move has been made, else resigned — as lichess ends a closed
//! account's games.

use crate::command::Command;
use crate::dispatch::dispatch;
use crate::ops::{Caller, Op};
use crate::state::AppState;
use crate::store::ChallengeRow;

/// After account `user` was closed (its challenges `canceled`): tells,
/// takes out and ends what it had going. Each failure is logged and the
/// rest goes on (a challenge untold is read as canceled; a seek lapses; a
/// game left in play is lost on time by its clock).
pub async fn closed(state: &AppState, user: &str, canceled: &[ChallengeRow]) {
    for c in canceled {
        if let Err(e) = crate::challenges::told_ended(state, c).await {
            tracing::warn!(challenge = %c.id, error = %e, "a closed account's challenge ended untold");
        }
    }
    crate::lobby::take_out(state, &[user]).await;
    let games = match state.store().playing(user).await {
        Ok(games) => games,
        Err(e) => {
            tracing::warn!(%user, error = %e, "a closed account's games stay in play");
            return;
        }
    };
    let caller = Caller::Account(user.to_string());
    for game in games {
        let aborted = dispatch(state, &game, &caller, Op::Act(Command::Abort)).await;
        if aborted.is_err() {
            if let Err(e) = dispatch(state, &game, &caller, Op::Act(Command::Resign)).await {
                tracing::warn!(%game, error = %e, "a closed account's game stays in play");
            }
        }
    }
}
