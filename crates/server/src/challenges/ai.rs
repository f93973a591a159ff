//! A game against the computer for an account, as lichess's
//! `POST /api/challenge/ai` makes one: it begins at once (`gameStart` on
//! the account's event stream) and is played through the Board or Bot
//! API, or in the browser; the computer answers on the server's engine
//! pool at the level asked for. Never rated.

use super::{clock_speed, started, terms, wire};
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::live::unix_ms;
use crate::new_game::{self, NewGame, Players};
use crate::state::AppState;
use crate::store::UserRow;
use crate::wire::Opponent;

/// `user` starts a game against the computer.
///
/// # Errors
/// 400 `bad_level` (none, or outside 1–8) and the refusals of
/// [`terms::check`]; 503 when the game cannot be stored.
pub async fn play_ai(
    state: &AppState,
    user: &UserRow,
    req: &wire::NewAiGame,
) -> Result<wire::AiGame, ApiError> {
    let level = req
        .level
        .filter(|l| (1..=8).contains(l))
        .ok_or_else(|| ApiError::bad(ErrorCode::BadLevel))?;
    let terms = terms::check(
        state,
        terms::Asked {
            rated: false,
            clock_limit: req.clock_limit,
            clock_increment: req.clock_increment,
            days: req.days,
            color: req.color.as_deref(),
            variant: req.variant.as_deref(),
            fen: req.fen.as_deref(),
        },
    )?;
    let color = terms::draw_color(&terms.color)?;
    let start = match &terms.fen {
        Some(fen) => sakk::Position::from_fen_with_mode(fen, terms.variant.castling_mode())?,
        None => sakk::Position::new(),
    };
    let speed = clock_speed(terms.clock);
    let perf = super::perf_of(terms.variant, speed);
    let rating = super::perf(state, &user.id, perf)
        .await
        .map(|p| crate::ratings::as_begun(p, crate::live::unix_ms()))?;
    let (white, black) = match color {
        sakk::Color::White => ((Some(user.id.clone()), Some(rating)), (None, None)),
        sakk::Color::Black => ((None, None), (Some(user.id.clone()), Some(rating))),
    };
    let fen = start.fen();
    let (id, _, _) = new_game::create(
        state,
        NewGame {
            id: None,
            opponent: Opponent::Computer,
            color,
            level: Some(level),
            start,
            clock: terms.clock.map(super::clock_spec),
            rules: crate::live::RulesSpec::default(),
            accounts: Some(Players {
                white: white.0,
                black: black.0,
                rated: false,
                ratings: (white.1, black.1),
            }),
        },
    )
    .await?;
    started(state, &id, &[&user.id]).await?;
    Ok(wire::AiGame {
        full_id: id.clone(),
        id,
        variant: wire::variant_of_challenge(terms.variant, terms.fen.as_deref()),
        speed,
        perf,
        rated: false,
        fen,
        turns: 0,
        source: "ai",
        status: wire::StatusObject {
            id: wire::status_id("started"),
            name: "started".to_string(),
        },
        created_at: unix_ms(),
        player: if color.is_white() { "white" } else { "black" },
    })
}
