//! Online tournaments: each board of a round is a game on the server
//! (created with the round, in the same transaction; the players' seats are
//! their tournament links), and each game's result goes into the tournament
//! by itself — at once when the game ends, and on the next read of the
//! tournament if the server went down in between (the game's result is
//! durable; the tournament catches up).

use std::collections::BTreeMap;

use sakk_tournament::event::{Event, GameResult};

use crate::wire::PgnResult;

use super::links::Secrets;
use crate::error::ApiError;
use crate::live::{initial_ms, unix_ms, ClockSpec, RulesSpec};
use crate::new_game::check_clock;
use crate::state::AppState;
use crate::store::GameRow;
use crate::wire::{Opponent, Status, Variant};

/// The clock of the tournament's games and its control, checked (none
/// without a time control).
///
/// # Errors
/// A time control the server's games do not take (too short, unlimited).
pub fn clock(
    state: &AppState,
    event: &Event,
) -> Result<Option<(ClockSpec, sakk::TimeControl)>, ApiError> {
    let Some(tc) = &event.settings.time_control else {
        return Ok(None);
    };
    let spec = ClockSpec {
        control: Some(tc.clone()),
        ..ClockSpec::default()
    };
    let control = check_clock(&spec, state.min_clock())?;
    Ok(Some((spec, control)))
}

/// Creates the games of the last round's boards that have no result yet
/// (a forfeit of a round robin's withdrawn player has one), and notes each
/// game on its board. A player who is an account plays as the account
/// (with its rating now, `ratings`); in a rated tournament a game between
/// two accounts is rated. Returns the rows to insert with the tournament.
///
/// # Errors
/// A player without a link (internal), a bad clock, the random source.
pub fn games_for_last_round(
    state: &AppState,
    id: &str,
    event: &mut Event,
    secrets: &Secrets,
    ratings: &BTreeMap<String, crate::ratings::Begun>,
) -> Result<Vec<GameRow>, ApiError> {
    let clock = clock(state, event)?;
    let initial = clock.as_ref().map(|(_, control)| initial_ms(control));
    let spec = clock.map(|(spec, _)| spec);
    let now = unix_ms();
    let rated = event.settings.rated;
    let mut rows = Vec::new();
    let Some(round) = event.rounds.last_mut() else {
        return Ok(rows);
    };
    // A Chess960 round: every board from the round's start position.
    let (start_fen, variant) = match round.chess960.and_then(sakk::Position::chess960) {
        Some(start) => (start.fen(), Variant::Chess960),
        None => (sakk::STARTING_FEN.to_string(), Variant::Standard),
    };
    let rules = RulesSpec {
        touch_move: false,
        no_draw_offer_before: event.settings.no_draw_before.map_or(0, u32::from),
        variant,
    };
    for board in round.boards.iter_mut().filter(|b| b.result.is_none()) {
        let seat = |p: u16| {
            secrets.players.get(&p).cloned().ok_or_else(|| {
                ApiError::Internal(format!("tournament {id}: player {p} has no link"))
            })
        };
        let game = state.new_game_id()?;
        let account = |p: u16| secrets.accounts.get(&p).cloned();
        let (white_user, black_user) = (account(board.white), account(board.black));
        let rating = |user: &Option<String>| user.as_ref().and_then(|u| ratings.get(u).copied());
        rows.push(GameRow {
            id: game.clone(),
            created_at: now,
            updated_at: now,
            opponent: Opponent::Friend,
            white_token: seat(board.white)?,
            black_token: seat(board.black)?,
            start_fen: start_fen.clone(),
            clock: spec.as_ref().and_then(|c| serde_json::to_string(c).ok()),
            rules: serde_json::to_string(&rules).map_err(|e| ApiError::Internal(e.to_string()))?,
            status: Status::Created,
            white_ms: initial,
            black_ms: initial,
            tournament: Some(id.to_string()),
            rated: rated && white_user.is_some() && black_user.is_some(),
            white_rating: rating(&white_user).map(|r| r.rating),
            black_rating: rating(&black_user).map(|r| r.rating),
            white_provisional: rating(&white_user).is_some_and(|r| r.provisional),
            black_provisional: rating(&black_user).is_some_and(|r| r.provisional),
            white_user,
            black_user,
            ..GameRow::default()
        });
        board.game = Some(game);
    }
    Ok(rows)
}

/// The result of an ended game, as a board's result (none for an aborted
/// game: the organiser decides).
fn result_of(result: PgnResult) -> Option<GameResult> {
    match result {
        PgnResult::WhiteWins => Some(GameResult::WhiteWins),
        PgnResult::BlackWins => Some(GameResult::BlackWins),
        PgnResult::Draw => Some(GameResult::Draw),
        PgnResult::NoResult => None,
    }
}

/// Enters into `event` the results of its ended games that it does not
/// have yet; returns whether it entered any.
///
/// # Errors
/// Storage unavailable.
pub async fn enter_results(state: &AppState, event: &mut Event) -> Result<bool, ApiError> {
    let mut changed = false;
    for round in &mut event.rounds {
        for board in round.boards.iter_mut().filter(|b| b.result.is_none()) {
            let Some(game) = &board.game else {
                continue;
            };
            // Only the result: not the game's moves.
            if let Some(Some(result)) = state.store().game_result(game).await? {
                if let Some(result) = result_of(result) {
                    board.result = Some(result);
                    changed = true;
                }
            }
        }
    }
    Ok(changed)
}

/// The games of the last round (none for a round over the board).
pub fn last_round_games(event: &Event) -> Vec<String> {
    event
        .rounds
        .last()
        .map(|r| r.boards.iter().filter_map(|b| b.game.clone()).collect())
        .unwrap_or_default()
}

/// Whether any of `games` is under way (both sides have moved, not over):
/// then its round cannot be taken back. (An ended game's result is in the
/// tournament already, which refuses on its own; an aborted one has none.)
///
/// # Errors
/// Storage unavailable.
pub async fn any_begun(state: &AppState, games: &[String]) -> Result<bool, ApiError> {
    for id in games {
        let slot = crate::command::slot(state, id).await?;
        let g = slot.lock().await;
        if !g.live.is_over() && !g.live.game.can_abort() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Calls off the games of a round the organiser took back (after the
/// tournament's change was committed): each is aborted, as none had
/// begun. A game that a player began in between goes on without the
/// tournament (and says so in the log).
pub async fn call_off(state: &AppState, tournament: &str, games: &[String]) {
    for id in games {
        let called = crate::command::apply(
            state,
            id,
            crate::command::Actor::Server,
            crate::command::Command::CallOff,
        )
        .await;
        if let Err(e) = called.map(|_| ()).or_else(|e| match e {
            // Aborted by a player already.
            ApiError::GameOver => Ok(()),
            e => Err(e),
        }) {
            tracing::warn!(%tournament, game = %id, error = %e, "a game of a round taken back was not called off");
        }
    }
}

/// Whether `event` waits for the result of a game played online.
pub fn waits_for_games(event: &Event) -> bool {
    event.rounds.iter().any(|r| {
        r.boards
            .iter()
            .any(|b| b.result.is_none() && b.game.is_some())
    })
}
