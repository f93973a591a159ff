//! Creating a game: checked settings in, a committed game out (in memory
//! only after its commit), with its clear seat tokens, shown once.

use sakk::{Color, Position};

use crate::command::follow_up;
use crate::error::ApiError;
use crate::live::{initial_ms, unix_ms, ClockSpec, LiveGame, RulesSpec};
use crate::state::AppState;
use crate::store::{Change, Commit, GameRow};
use crate::wire::{Opponent, Status};

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Who plays the other side.
    pub opponent: Opponent,
    /// The creator's colour.
    pub color: Color,
    /// The computer's level.
    pub level: Option<i64>,
    /// The start position.
    pub start: Position,
    /// The clock, if timed (already checked).
    pub clock: Option<ClockSpec>,
    /// The event rules.
    pub rules: RulesSpec,
}

/// Creates a game: commits it, then puts it in memory and starts what
/// follows (the computer's first move when it has White). Returns its id
/// and the clear seat tokens (White's, Black's: the same for a local game).
///
/// # Errors
/// [`ApiError::StorageUnavailable`], or a bad clock.
pub async fn create(state: &AppState, new: NewGame) -> Result<(String, String, String), ApiError> {
    let id = state.new_game_id()?;
    let white_token = crate::security::new_token()?;
    let black_token = if new.opponent == Opponent::Local {
        white_token.clone()
    } else {
        crate::security::new_token()?
    };
    let now = unix_ms();
    let initial = match &new.clock {
        Some(c) => Some(initial_ms(
            &c.time_control()
                .map_err(|e| ApiError::bad_detail("bad_clock", e))?,
        )),
        None => None,
    };
    let row = GameRow {
        id: id.clone(),
        created_at: now,
        updated_at: now,
        opponent: new.opponent,
        white_token: crate::security::hash_token(&white_token),
        black_token: crate::security::hash_token(&black_token),
        human_color: (new.opponent == Opponent::Computer).then(|| new.color.into()),
        level: new.level,
        start_fen: new.start.fen(),
        clock: new
            .clock
            .as_ref()
            .and_then(|c| serde_json::to_string(c).ok()),
        rules: serde_json::to_string(&new.rules).unwrap_or_else(|_| "{}".to_string()),
        status: Status::Created,
        white_ms: initial,
        black_ms: initial,
        ..GameRow::default()
    };
    state
        .store()
        .commit(Commit {
            row: row.clone(),
            change: Change::Insert,
            inserts: Vec::new(),
        })
        .await?;
    let live = LiveGame::restore(row, &[], state.now()).map_err(ApiError::Internal)?;
    let slot = state.games().insert(live).await;
    {
        let mut g = slot.lock().await;
        follow_up(state, &slot, &mut g);
    }
    Ok((id, white_token, black_token))
}
