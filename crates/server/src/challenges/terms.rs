//! The terms a challenge asks for (a named account's, an open one, the
//! computer's), checked once for all three: the variant (standard or
//! Chess960, whose start position is drawn when the challenge is made), the clock
//! within lichess's bounds and the server's shortest (or days a move), the
//! colour, the start position.

use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::live::ClockSpec;
use crate::new_game;
use crate::state::AppState;
use crate::store::Control;
use crate::wire::Variant;

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
    /// The start position in our FEN (none: the usual one; in Chess960,
    /// the one asked for or drawn now).
    pub fen: Option<String>,
    /// Standard chess or Chess960.
    pub variant: Variant,
    /// The clock, or days a move (none: no clock).
    pub clock: Option<Control>,
}

/// Checks what `asked` asks for.
///
/// # Errors
/// 400 for what cannot be played: a variant other than standard chess
/// and Chess960, days a move other than
/// lichess's (or with a clock), a rated game from a position or without a
/// clock, a bad colour, a clock out of bounds, a bad FEN or one where the
/// game is already over.
pub(super) fn check(state: &AppState, asked: Asked<'_>) -> Result<Terms, ApiError> {
    let variant = match asked.variant.map(str::trim) {
        None | Some("" | "standard" | "fromPosition") => Variant::Standard,
        Some("chess960") => Variant::Chess960,
        Some(_) => return Err(ApiError::bad(ErrorCode::VariantUnavailable)),
    };
    let color = asked.color.unwrap_or("random").to_string();
    if !matches!(color.as_str(), "white" | "black" | "random") {
        return Err(ApiError::bad(ErrorCode::BadColor));
    }
    let typed = asked.fen.map(str::trim).filter(|f| !f.is_empty());
    let fen = match (variant, typed) {
        (Variant::Standard, None) => None,
        (Variant::Standard, Some(_)) if asked.rated => {
            return Err(ApiError::bad(ErrorCode::RatedFromPosition))
        }
        (Variant::Standard, Some(text)) => Some(playable(sakk::Position::from_fen(text)?)?),
        // Chess960 without a position: one of the 960 drawn now, the same
        // for both players whenever the game begins.
        (Variant::Chess960, None) => {
            let drawn = crate::security::random_u64()? % u64::from(sakk::CHESS960_POSITIONS);
            let number = u16::try_from(drawn).unwrap_or(sakk::STANDARD_CHESS960_NUMBER);
            let start = sakk::Position::chess960(number)
                .ok_or_else(|| ApiError::bad(ErrorCode::BadChess960))?;
            Some(start.fen())
        }
        (Variant::Chess960, Some(text)) => {
            let position = sakk::Position::from_fen_with_mode(text, sakk::CastlingMode::Chess960)?;
            // Rated only from one of the 960 start positions.
            if asked.rated && position.chess960_number().is_none() {
                return Err(ApiError::bad(ErrorCode::RatedFromPosition));
            }
            Some(playable(position)?)
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
    Ok(Terms {
        color,
        fen,
        variant,
        clock,
    })
}

/// The FEN of a start position where the game is not already over.
///
/// # Errors
/// 400 `position_over`, with how it ended.
fn playable(position: sakk::Position) -> Result<String, ApiError> {
    if let Some(over) = sakk::Game::from_position(position).outcome() {
        return Err(ApiError::BadRequest {
            code: ErrorCode::PositionOver,
            args: vec![("termination", over.termination.code().to_string())],
        });
    }
    Ok(position.fen())
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
