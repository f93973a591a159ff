//! Creating a game: checked settings in, a committed game out (in memory
//! only after its commit), with its clear seat tokens, shown once.

use sakk::{Color, Position};

use crate::codes::ErrorCode;
use crate::command::follow_up;
use crate::error::ApiError;
use crate::live::{initial_ms, unix_ms, ClockSpec, LiveGame, RulesSpec};
use crate::state::AppState;
use crate::store::{Change, Commit, GameRow};
use crate::wire::Variant;
use crate::wire::{Opponent, Status};

/// Checks a new game's clock: days a move alone (one of [`DAYS`]), a
/// preset alone, a control in PGN form or as a player types it alone
/// (periods, a sandclock, days a move) whose first period or hourglass is
/// at least `min`, or a starting time of at least `min` with an increment
/// and a delay of at most a day; a delay names its kind, and a kind comes
/// with a delay.
///
/// # Errors
/// [`ApiError::BadRequest`] with a `clock_*` code.
pub fn check_clock(c: &ClockSpec, min: std::time::Duration) -> Result<sakk::TimeControl, ApiError> {
    if let Some(days) = c.days {
        if c.preset.is_some() || has_fields(c) || has_text(c) {
            return Err(ApiError::bad(ErrorCode::ClockControlWithFields));
        }
        return correspondence(days);
    }
    if let Some(label) = &c.preset {
        if has_fields(c) || has_text(c) {
            return Err(ApiError::bad(ErrorCode::ClockPresetWithFields));
        }
        return sakk::TimeControl::preset(label)
            .ok_or_else(|| ApiError::bad_detail(ErrorCode::ClockUnknownPreset, label.clone()));
    }
    let typed = match (&c.control, &c.text) {
        (Some(_), Some(_)) => return Err(ApiError::bad(ErrorCode::ClockControlWithFields)),
        (Some(pgn), None) => Some((pgn, sakk::TimeControl::from_pgn(pgn))),
        (None, Some(text)) => Some((text, sakk::TimeControl::from_typed(text))),
        (None, None) => None,
    };
    if let Some((text, read)) = typed {
        if has_fields(c) {
            return Err(ApiError::bad(ErrorCode::ClockControlWithFields));
        }
        let control =
            read.map_err(|e| ApiError::bad_detail(ErrorCode::ClockBadControl, e.to_string()))?;
        return check_control(control, text, min);
    }
    let in_range =
        |x: Option<f64>| x.is_none_or(|x| x.is_finite() && (0.0..=86_400.0).contains(&x));
    if !(in_range(c.limit) && in_range(c.increment) && in_range(c.delay)) {
        return Err(ApiError::bad(ErrorCode::ClockOutOfRange));
    }
    if c.limit.unwrap_or(0.0) < min.as_secs_f64() {
        return Err(ApiError::BadRequest {
            code: ErrorCode::ClockTooShort,
            args: vec![("seconds", min.as_secs_f64().to_string())],
        });
    }
    match (c.delay.unwrap_or(0.0) > 0.0, c.delay_kind.is_some()) {
        (true, false) => return Err(ApiError::bad(ErrorCode::ClockDelayKindMissing)),
        (false, true) => return Err(ApiError::bad(ErrorCode::ClockDelayKindWithoutDelay)),
        _ => {}
    }
    c.time_control()
        .map_err(|_| ApiError::bad(ErrorCode::ClockOutOfRange))
}

/// Whether `c` sets any of a clock's own fields (limit, increment, delay
/// and its kind).
fn has_fields(c: &ClockSpec) -> bool {
    c.limit.is_some() || c.increment.is_some() || c.delay.is_some() || c.delay_kind.is_some()
}

/// Whether `c` gives its control as text (PGN's or as typed).
fn has_text(c: &ClockSpec) -> bool {
    c.control.is_some() || c.text.is_some()
}

/// Checks a control read from text: a clock (not unlimited) whose first
/// period or hourglass is at least `min`.
///
/// # Errors
/// [`ApiError::BadRequest`]: `clock_bad_control` (no clock),
/// `clock_too_short`.
fn check_control(
    control: sakk::TimeControl,
    text: &str,
    min: std::time::Duration,
) -> Result<sakk::TimeControl, ApiError> {
    if let Some(days) = control.days_per_move() {
        return correspondence(days);
    }
    let first = match &control {
        sakk::TimeControl::Sandclock(t) => Some(*t),
        other => other.first_stage().map(|s| s.time),
    };
    let Some(first) = first else {
        // Unlimited: no clock.
        return Err(ApiError::bad_detail(
            ErrorCode::ClockBadControl,
            text.to_string(),
        ));
    };
    if first < min {
        return Err(ApiError::BadRequest {
            code: ErrorCode::ClockTooShort,
            args: vec![("seconds", min.as_secs_f64().to_string())],
        });
    }
    Ok(control)
}

/// The days a move a correspondence game may give (lichess's).
pub const DAYS: [u32; 7] = [1, 2, 3, 5, 7, 10, 14];

/// A correspondence control of `days` a move, one of [`DAYS`].
///
/// # Errors
/// [`ApiError::BadRequest`] `clock_bad_days`.
pub fn correspondence(days: u32) -> Result<sakk::TimeControl, ApiError> {
    if !DAYS.contains(&days) {
        return Err(ApiError::bad(ErrorCode::ClockBadDays));
    }
    sakk::TimeControl::days(days).map_err(|_| ApiError::bad(ErrorCode::ClockBadDays))
}

/// A game to create.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Its id, when it is given (a challenge's game has the challenge's,
    /// as on lichess); none: a new one.
    pub id: Option<String>,
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
    /// The accounts playing White and Black (a game between accounts:
    /// challenges, the lobby), and whether it is rated.
    pub accounts: Option<Players>,
}

/// The accounts of a game with accounts: both sides (challenges, the
/// lobby), or one against the computer (lichess's challenge to the AI).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// White's account id (none: the computer plays White).
    pub white: Option<String>,
    /// Black's account id (none: the computer plays Black).
    pub black: Option<String>,
    /// Whether the game counts for their ratings.
    pub rated: bool,
    /// Their ratings in the game's category as it begins, and whether
    /// each is provisional.
    pub ratings: (Option<crate::ratings::Begun>, Option<crate::ratings::Begun>),
}

/// Creates a game: commits it, then puts it in memory and starts what
/// follows (the computer's first move when it has White). Returns its id
/// and the clear seat tokens (White's, Black's: the same for a local game).
///
/// # Errors
/// [`ApiError::StorageUnavailable`], [`ApiError::NodeUnavailable`] (a
/// cluster node without its lease), or a bad clock.
pub async fn create(state: &AppState, new: NewGame) -> Result<(String, String, String), ApiError> {
    // A cluster node without its lease takes no new game (it would own it
    // under a lapsed epoch).
    if state.node().is_some_and(|n| !n.holds()) {
        return Err(ApiError::NodeUnavailable);
    }
    let id = match new.id {
        Some(id) => id,
        None => state.new_game_id()?,
    };
    let white_token = crate::security::new_token()?;
    let black_token = if new.opponent == Opponent::Local {
        white_token.clone()
    } else {
        crate::security::new_token()?
    };
    let now = unix_ms();
    let initial = match &new.clock {
        Some(c) => Some(initial_ms(&check_clock(c, state.min_clock())?)),
        None => None,
    };
    let (white, black) = new.accounts.as_ref().map_or((None, None), |p| p.ratings);
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
        rules: serde_json::to_string(&RulesSpec {
            variant: Variant::of(&new.start),
            ..new.rules
        })
        .unwrap_or_else(|_| "{}".to_string()),
        status: Status::Created,
        white_ms: initial,
        black_ms: initial,
        white_user: new.accounts.as_ref().and_then(|p| p.white.clone()),
        black_user: new.accounts.as_ref().and_then(|p| p.black.clone()),
        rated: new.accounts.as_ref().is_some_and(|p| p.rated),
        white_rating: white.map(|r| r.rating),
        black_rating: black.map(|r| r.rating),
        white_provisional: white.is_some_and(|r| r.provisional),
        black_provisional: black.is_some_and(|r| r.provisional),
        ..GameRow::default()
    };
    state
        .store()
        .commit(Commit {
            row: row.clone(),
            change: Change::Insert,
            inserts: Vec::new(),
            move_only: false,
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
