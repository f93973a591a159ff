//! The terms a challenge asks for (a named account's, an open one, the
//! computer's), checked once for all three: the variant, the clock
//! within lichess's bounds and the server's shortest (or days a move), the
//! colour, the start position.

use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::live::ClockSpec;
use crate::new_game;
use crate::state::AppState;
use crate::store::Control;

/// The longest clock a challenge may ask for: 3 hours, +3 minutes a move
/// (lichess's bounds).
const MAX_LIMIT: u32 = 3 * 60 * 60;
const MAX_INCREMENT: u32 = 180;

/// What a request asks for, as it came.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Asked<'a> {
    /// Rated.
    pub rated: bool,
    /// The clock's initial time, seconds.
    pub clock_limit: Option<u32>,
    /// The clock's increment, seconds.
    pub clock_increment: Option<u32>,
    /// Days a move.
    pub days: Option<u32>,
    /// `white`, `black`, `random` (none: random).
    pub color: Option<&'a str>,
    /// The variant's key.
    pub variant: Option<&'a str>,
    /// A start position.
    pub fen: Option<&'a str>,
}

/// The terms, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Terms {
    /// The colour asked for: `white`, `black` or `random`.
    pub color: String,
    /// The start position in our FEN (none: the usual one).
    pub fen: Option<String>,
    /// The clock, or days a move (none: no clock).
    pub clock: Option<Control>,
}

/// Checks what `asked` asks for.
///
/// # Errors
/// 400 for what cannot be played: a variant, days a move other than
/// lichess's (or with a clock), a rated game from a position or without a
/// clock, a bad colour, a clock out of bounds, a bad FEN or one where the
/// game is already over.
pub(super) fn check(state: &AppState, asked: Asked<'_>) -> Result<Terms, ApiError> {
    if asked.variant.is_some_and(|v| v != "standard") {
        return Err(ApiError::bad(ErrorCode::VariantUnavailable));
    }
    let color = asked.color.unwrap_or("random").to_string();
    if !matches!(color.as_str(), "white" | "black" | "random") {
        return Err(ApiError::bad(ErrorCode::BadColor));
    }
    let fen = match asked.fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => None,
        Some(_) if asked.rated => return Err(ApiError::bad(ErrorCode::RatedFromPosition)),
        Some(text) => {
            let position = sakk::Position::from_fen(text)?;
            if let Some(over) = sakk::Game::from_position(position).outcome() {
                return Err(ApiError::BadRequest {
                    code: ErrorCode::PositionOver,
                    args: vec![("termination", over.termination.code().to_string())],
                });
            }
            Some(position.fen())
        }
    };
    let clock = match (asked.clock_limit, asked.clock_increment) {
        (None, None) => match asked.days {
            Some(days) => {
                new_game::correspondence(days)?;
                Some(Control::Days(i64::from(days)))
            }
            None if asked.rated => return Err(ApiError::bad(ErrorCode::RatedWithoutClock)),
            None => None,
        },
        _ if asked.days.is_some() => return Err(ApiError::bad(ErrorCode::ClockControlWithFields)),
        (limit, increment) => {
            let (l, i) = (limit.unwrap_or(0), increment.unwrap_or(0));
            if l > MAX_LIMIT || i > MAX_INCREMENT {
                return Err(ApiError::bad(ErrorCode::ClockOutOfRange));
            }
            let spec = ClockSpec {
                limit: Some(f64::from(l)),
                increment: Some(f64::from(i)),
                ..ClockSpec::default()
            };
            new_game::check_clock(&spec, state.min_clock())?;
            Some(Control::Clock {
                limit: i64::from(l),
                increment: i64::from(i),
            })
        }
    };
    Ok(Terms { color, fen, clock })
}

/// The colour a side gets: the one asked for, or drawn at random.
///
/// # Errors
/// 500 when the system's randomness fails.
pub(super) fn draw_color(asked: &str) -> Result<sakk::Color, ApiError> {
    Ok(match asked {
        "white" => sakk::Color::White,
        "black" => sakk::Color::Black,
        _ if crate::security::random_u64()? & 1 == 0 => sakk::Color::White,
        _ => sakk::Color::Black,
    })
}
