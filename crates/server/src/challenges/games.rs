//! Games between accounts: how the event stream tells them to a player,
//! their category, and what follows their end (the ratings, once, and
//! `gameFinish`).

use sakk_rating::{Perf, Score, Speed};

pub use crate::ratings::{game_perf, game_speed, perf, perf_of};
use serde_json::Value;

use super::{tell_one, wire, RATINGS};
use crate::dispatch::dispatch;
use crate::error::ApiError;
use crate::live::ClockSpec;
use crate::new_game::{self, NewGame, Players};
use crate::ops::{Answer, Caller, Op};
use crate::state::AppState;
use crate::store::{Control, GameRow, Rated, Written};
use crate::wire::Opponent;

/// How often a game's rating is computed again when a player's rating
/// moved under it (another of their games was rated at the same moment).
const RATE_TRIES: usize = 20;

/// The category of a clock (initial time and increment in seconds) or of
/// days a move (correspondence, as no clock is).
pub fn clock_speed(control: Option<Control>) -> Speed {
    match control {
        Some(Control::Clock { limit, increment }) => Speed::of_clock(
            u64::try_from(limit).unwrap_or(0),
            u64::try_from(increment).unwrap_or(0),
        ),
        Some(Control::Days(_)) | None => Speed::Correspondence,
    }
}

/// A game's clock settings of a challenge's control.
pub fn clock_spec(control: Control) -> ClockSpec {
    match control {
        Control::Clock { limit, increment } => ClockSpec {
            limit: Some(limit as f64),
            increment: Some(increment as f64),
            ..ClockSpec::default()
        },
        Control::Days(days) => ClockSpec {
            days: Some(u32::try_from(days).unwrap_or(0)),
            ..ClockSpec::default()
        },
    }
}

/// A game about to begin between two accounts.
#[derive(Clone, Copy, Debug)]
pub struct Pairing<'a> {
    /// The game's id, when given (a challenge's own, as lichess has it,
    /// and as lichess-bot expects); none: a new one.
    pub id: Option<&'a str>,
    /// White's account id.
    pub white: &'a str,
    /// Black's account id.
    pub black: &'a str,
    /// Rated, or casual.
    pub rated: bool,
    /// The clock or days a move (none: no clock).
    pub clock: Option<Control>,
    /// The start position (none: the usual one).
    pub fen: Option<&'a str>,
    /// The variant (a Chess960 start position is read as Chess960).
    pub variant: crate::wire::Variant,
}

/// Makes the game of a pairing (a challenge accepted, a seek accepted, a
/// pool's pairing): each player's rating in its category as it begins.
/// Both accounts must be open; one closed while the game was being made
/// (its closing read its games in play before this one was stored) ends
/// the game at once, as its closing would have.
///
/// # Errors
/// 404 `no_such_user` for a closed account; a bad position or clock; 503
/// when the database cannot take it.
pub async fn begin(state: &AppState, p: Pairing<'_>) -> Result<String, ApiError> {
    for user in [p.white, p.black] {
        crate::accounts::open_account(state.store(), user).await?;
    }
    let speed = perf_of(p.variant, clock_speed(p.clock));
    let now = crate::live::unix_ms();
    let ratings = (
        crate::ratings::as_begun(perf(state, p.white, speed).await?, now),
        crate::ratings::as_begun(perf(state, p.black, speed).await?, now),
    );
    let start = match p.fen {
        Some(fen) => sakk::Position::from_fen_with_mode(fen, p.variant.castling_mode())?,
        None => sakk::Position::new(),
    };
    let clock = p.clock.map(clock_spec);
    let (id, _, _) = new_game::create(
        state,
        NewGame {
            id: p.id.map(str::to_string),
            opponent: Opponent::Friend,
            color: sakk::Color::White,
            level: None,
            start,
            clock,
            rules: crate::live::RulesSpec::default(),
            accounts: Some(Players {
                white: Some(p.white.to_string()),
                black: Some(p.black.to_string()),
                rated: p.rated,
                ratings: (Some(ratings.0), Some(ratings.1)),
            }),
        },
    )
    .await?;
    for user in [p.white, p.black] {
        if crate::accounts::open_account(state.store(), user)
            .await
            .is_err()
        {
            end_for_closed(state, &id, user).await;
            return Err(crate::accounts::no_such_user());
        }
    }
    Ok(id)
}

/// Ends game `game` of closed account `user`: aborted while it may be,
/// else resigned (as lichess ends a closed account's games). A failure
/// is logged: a game left in play ends by its clock.
pub async fn end_for_closed(state: &AppState, game: &str, user: &str) {
    let caller = Caller::Account(user.to_string());
    let act = |command| dispatch(state, game, &caller, Op::Act(command));
    let ended = match act(crate::command::Command::Abort).await {
        // Refused by the rules (both have moved, a tournament's game):
        // resigned instead.
        Err(ApiError::Rules { .. } | ApiError::BadRequest { .. }) => {
            act(crate::command::Command::Resign).await.map(|_| ())
        }
        Err(ApiError::GameOver) => Ok(()),
        other => other.map(|_| ()),
    };
    if let Err(e) = ended {
        tracing::warn!(%game, error = %e, "a closed account's game stays in play");
    }
}

/// Tells the players (the accounts among them) that their game began
/// (`gameStart` on their event streams).
///
/// # Errors
/// The game's or the database's refusals.
pub async fn started(state: &AppState, game_id: &str, players: &[&str]) -> Result<(), ApiError> {
    for &player in players {
        if let Some(game) = game_event(state, game_id, player).await? {
            tell_one(state, player, &wire::AccountEvent::GameStart { game }).await;
        }
    }
    Ok(())
}

/// A game between accounts as the event stream tells it to `user`, one of
/// its players (`None`: not a game of theirs).
///
/// # Errors
/// The game's or the database's refusals.
pub async fn game_event(
    state: &AppState,
    game_id: &str,
    user: &str,
) -> Result<Option<wire::GameEvent>, ApiError> {
    let Some(row) = state.store().game_row(game_id).await? else {
        return Ok(None);
    };
    let shown = shown(state, game_id).await?;
    event_of(state, &row, &shown, user).await
}

/// A game's committed state as JSON (wherever the game is).
///
/// # Errors
/// The game's refusals.
pub async fn shown(state: &AppState, game_id: &str) -> Result<Value, ApiError> {
    match dispatch(state, game_id, &Caller::anonymous(), Op::State).await? {
        Answer::Json { json } => {
            serde_json::from_str::<Value>(&json).map_err(|e| ApiError::Internal(e.to_string()))
        }
        _ => Err(ApiError::Internal("not a state".to_string())),
    }
}

/// The event of game `row`, whose state is `shown`, for `user`.
async fn event_of(
    state: &AppState,
    row: &GameRow,
    shown: &Value,
    user: &str,
) -> Result<Option<wire::GameEvent>, ApiError> {
    let game_id = row.id.as_str();
    let white = row.white_user.as_deref() == Some(user);
    let black = row.black_user.as_deref() == Some(user);
    if !(white || black) {
        return Ok(None);
    }
    let other = if white {
        &row.black_user
    } else {
        &row.white_user
    };
    let opponent = match (other, row.level) {
        (Some(id), _) => match state.store().user(id).await? {
            Some(other) => wire::Opponent {
                id: Some(other.id.clone()),
                username: other.name.clone(),
                rating: if white {
                    row.black_rating
                } else {
                    row.white_rating
                },
                ai: None,
            },
            None => return Ok(None),
        },
        // The computer, as lichess names it.
        (None, Some(level)) => wire::Opponent {
            id: None,
            username: format!("A.I. level {level}"),
            rating: None,
            ai: Some(level),
        },
        // A player without an account (a tournament's), as lichess names
        // an anonymous one.
        (None, None) => wire::Opponent {
            id: None,
            username: "Anonymous".to_string(),
            rating: None,
            ai: None,
        },
    };
    let opponent_is_ai = opponent.ai.is_some();
    let text = |key: &str| shown[key].as_str().unwrap_or("").to_string();
    let moves = text("moves");
    let plies = moves.split_whitespace().count();
    let color = if white { "white" } else { "black" };
    let status = match text("status").as_str() {
        "created" => "started".to_string(),
        other => other.to_string(),
    };
    let over = !matches!(status.as_str(), "started");
    let my_time = shown[if white { "wtime" } else { "btime" }].as_i64();
    let speed = game_speed(row.clock.as_deref());
    let diffs = if over {
        state.store().rating_diffs(game_id).await?
    } else {
        None
    };
    Ok(Some(wire::GameEvent {
        game_id: game_id.to_string(),
        full_id: game_id.to_string(),
        id: game_id.to_string(),
        fen: text("fen"),
        color,
        last_move: moves.split_whitespace().last().unwrap_or("").to_string(),
        source: if opponent_is_ai { "ai" } else { "friend" },
        status: wire::StatusObject {
            id: wire::status_id(&status),
            name: status,
        },
        variant: wire::variant_of_game(row),
        speed,
        perf: perf_of(row.variant(), speed),
        rated: row.rated,
        has_moved: plies > usize::from(black),
        opponent,
        is_my_turn: !over && text("turn") == color,
        seconds_left: my_time.map(|ms| ms / 1000),
        compat: wire::Compat {
            bot: true,
            board: true,
        },
        winner: match shown["winner"].as_str() {
            Some("white") => Some("white"),
            Some("black") => Some("black"),
            _ => None,
        },
        rating_diff: diffs.map(|(w, b)| if white { w } else { b }),
    }))
}

/// What follows a game between accounts when it ends: a rated game moves
/// both players' ratings ([`rate`]), then both players' streams get
/// `gameFinish`.
///
/// # Errors
/// The database's refusals (a rating not written then is written by the
/// catch-up, [`rate`] on [`crate::store::Store::unrated_games`]).
pub async fn game_ended(state: &AppState, game_id: &str) -> Result<(), ApiError> {
    let Some(row) = rate(state, game_id).await? else {
        return Ok(());
    };
    let shown = shown(state, game_id).await?;
    for player in [&row.white_user, &row.black_user].into_iter().flatten() {
        if let Some(game) = event_of(state, &row, &shown, player).await? {
            tell_one(state, player, &wire::AccountEvent::GameFinish { game }).await;
        }
    }
    Ok(())
}

/// Rates an ended game between accounts if it is rated, once (whichever
/// node gets here first): an aborted game, or one in which a side never
/// moved, counts for nothing. The game as loaded (`None`: no such game).
///
/// # Errors
/// The database's refusals; then nothing was written.
pub async fn rate(state: &AppState, game_id: &str) -> Result<Option<GameRow>, ApiError> {
    let Some((row, moves)) = state.store().load(game_id).await? else {
        return Ok(None);
    };
    let (Some(white), Some(black)) = (row.white_user.clone(), row.black_user.clone()) else {
        // An account against the computer: nothing to rate.
        return Ok(Some(row));
    };
    let score = match row.result {
        Some(crate::wire::PgnResult::WhiteWins) => Some(Score::Win),
        Some(crate::wire::PgnResult::BlackWins) => Some(Score::Loss),
        Some(crate::wire::PgnResult::Draw) => Some(Score::Draw),
        _ => None,
    };
    if let (true, Some(score), true) = (row.rated, score, moves.len() >= 2) {
        let speed = game_perf(&row);
        // Rated as of the game's end (a catch-up after an outage counts no
        // more days between games than there were).
        let at = row.updated_at;
        // A player's other game rated meanwhile: read again, rate again.
        for _ in 0..RATE_TRIES {
            let stored = |user: String| async move { state.store().perf(&user, speed).await };
            let (w0, b0) = (stored(white.clone()).await?, stored(black.clone()).await?);
            let (w, b) = (
                w0.unwrap_or_else(|| RATINGS.new_perf()),
                b0.unwrap_or_else(|| RATINGS.new_perf()),
            );
            let rated = RATINGS
                .rate_game(&w, &b, score, at)
                .map_err(|e| ApiError::Internal(e.to_string()))?;
            let diff = |before: &Perf, after: &Perf| {
                i64::from(after.int_rating()) - i64::from(before.int_rating())
            };
            let written = state
                .store()
                .write_ratings(&Rated {
                    game_id: game_id.to_string(),
                    speed,
                    diffs: (diff(&w, &rated.0), diff(&b, &rated.1)),
                    white: (white.clone(), rated.0),
                    black: (black.clone(), rated.1),
                    before: (w0.map(|p| p.games), b0.map(|p| p.games)),
                })
                .await?;
            match written {
                Written::Done => {
                    tracing::debug!(game = %game_id, "ratings written");
                    break;
                }
                Written::Already => break,
                Written::Moved => continue,
            }
        }
    }
    Ok(Some(row))
}
