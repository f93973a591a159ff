//! What follows a game's end, above the command path (which tells of it
//! through [`crate::events`]): a tournament game's result goes into its
//! tournament; a game between accounts is rated (if rated) and its
//! players' streams get `gameFinish`. One follower, started with the
//! router.

use crate::events::Happened;
use crate::state::AppState;

/// How often the ratings not written when their games ended are looked
/// for (and on start).
const CATCH_UP: std::time::Duration = std::time::Duration::from_secs(60);

/// Starts following the games' ends until shutdown; once per state (later
/// calls do nothing). Beside it, every [`CATCH_UP`] and on start, the
/// rated games whose ratings were not written (storage failed then, or the
/// node stopped) are rated.
pub fn games(state: &AppState) {
    let Some(mut events) = state.events().take_receiver() else {
        return;
    };
    tokio::spawn(catch_up(state.clone()));
    let state = state.clone();
    tokio::spawn(async move {
        let mut shutdown = state.shutdown_signal();
        loop {
            let happened = tokio::select! {
                h = events.recv() => h,
                _ = shutdown.changed() => return,
            };
            let Some(Happened::GameEnded {
                game,
                tournament,
                accounts,
            }) = happened
            else {
                return;
            };
            // Each on its own: a slow one holds up no other.
            if let Some(tournament) = tournament {
                let state = state.clone();
                tokio::spawn(async move {
                    if let Err(e) = crate::tournament::sync(&state, &tournament).await {
                        tracing::warn!(%tournament, error = %e, "a game's result waits for the tournament's next read");
                    }
                });
            }
            if accounts {
                let state = state.clone();
                tokio::spawn(async move {
                    if let Err(e) = crate::challenges::game_ended(&state, &game).await {
                        tracing::warn!(%game, error = %e, "a game between accounts ended, but its ratings or its players' events failed");
                    }
                });
            }
        }
    });
}

/// Rates, until shutdown, the games whose ratings are missing.
async fn catch_up(state: AppState) {
    let mut shutdown = state.shutdown_signal();
    let mut every = tokio::time::interval(CATCH_UP);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = shutdown.changed() => return,
        }
        let games = match state.store().unrated_games(100).await {
            Ok(games) => games,
            Err(e) => {
                tracing::warn!(error = %e, "the games still to rate cannot be read");
                continue;
            }
        };
        for game in games {
            if let Err(e) = crate::challenges::rate(&state, &game).await {
                tracing::warn!(%game, error = %e, "a game still to rate");
            }
        }
    }
}
