//! Seeks: an account offers a game (a clock, rated or casual, a colour, the
//! opponents' ratings it wants) for anyone in the lobby to accept. The
//! seek lives while its seeker's request is open (lichess's
//! `POST /api/board/seek`); the first accept takes it out of the lobby and
//! makes the game, and the seeker's request ends with it.

use axum::http::StatusCode;

use super::wire::{LobbyEvent, LobbyGame, NewSeek, SeekColor, SeekView};
use super::{pools, TTL_MS};
use crate::challenges::{self, Pairing, RATINGS};
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::live::{unix_ms, ClockSpec};
use crate::state::AppState;
use crate::store::{SeekRow, UserRow};

/// The most seeks one account may have open at once.
pub const MAX_SEEKS: i64 = 5;

/// The longest clock a seek may ask for: 3 hours, +3 minutes a move
/// (lichess's bounds).
const MAX_MINUTES: f64 = 180.0;
const MAX_INCREMENT: u32 = 180;

/// The ratings a range may name (lichess's bounds).
const RATING_BOUNDS: std::ops::RangeInclusive<i64> = 400..=4000;

fn refused(status: StatusCode, code: ErrorCode) -> ApiError {
    ApiError::Refused {
        status,
        code,
        args: Vec::new(),
    }
}

/// A BOT account plays challenges only (lichess's rule).
///
/// # Errors
/// 403 `bot_in_lobby`.
pub fn not_a_bot(user: &UserRow) -> Result<(), ApiError> {
    if user.title.as_deref() == Some("BOT") {
        return Err(refused(StatusCode::FORBIDDEN, ErrorCode::BotInLobby));
    }
    Ok(())
}

/// Reads a rating range: `1500-1800`.
fn rating_range(text: &str) -> Result<(i64, i64), ApiError> {
    let bad = || ApiError::bad(ErrorCode::BadRatingRange);
    let (low, high) = text.trim().split_once('-').ok_or_else(bad)?;
    let low: i64 = low.trim().parse().map_err(|_| bad())?;
    let high: i64 = high.trim().parse().map_err(|_| bad())?;
    if low > high || !RATING_BOUNDS.contains(&low) || !RATING_BOUNDS.contains(&high) {
        return Err(bad());
    }
    Ok((low, high))
}

/// The clock of a seek: its initial time and increment in seconds.
fn clock(req: &NewSeek, min_clock: std::time::Duration) -> Result<(u32, u32), ApiError> {
    if req.days.is_some() {
        return Err(ApiError::bad(ErrorCode::CorrespondenceUnavailable));
    }
    let (Some(minutes), Some(increment)) = (req.time, req.increment) else {
        return Err(ApiError::bad(ErrorCode::SeekClock));
    };
    if !minutes.is_finite() || !(0.0..=MAX_MINUTES).contains(&minutes) || increment > MAX_INCREMENT
    {
        return Err(ApiError::bad(ErrorCode::ClockOutOfRange));
    }
    let seconds = minutes * 60.0;
    if (seconds - seconds.round()).abs() > 1e-9 {
        return Err(ApiError::bad(ErrorCode::SeekClock));
    }
    // In range and whole: the cast is exact.
    let limit = seconds.round() as u32;
    let spec = ClockSpec {
        limit: Some(f64::from(limit)),
        increment: Some(f64::from(increment)),
        ..ClockSpec::default()
    };
    crate::new_game::check_clock(&spec, min_clock)?;
    Ok((limit, increment))
}

/// A seek as the lobby shows it.
pub fn view(s: &SeekRow) -> SeekView {
    let limit = u32::try_from(s.clock_limit).unwrap_or(0);
    let increment = u32::try_from(s.clock_increment).unwrap_or(0);
    SeekView {
        id: s.id.clone(),
        user: s.user_name.clone(),
        title: s.user_title.clone(),
        rating: s.rating,
        provisional: s.provisional,
        rated: s.rated,
        limit,
        increment,
        speed: sakk_rating::Speed::of_clock(u64::from(limit), u64::from(increment)),
        color: s.color,
        rating_range: s.rating_min.zip(s.rating_max),
    }
}

/// `user` offers a game in the lobby; everyone is told.
///
/// # Errors
/// 403 `bot_in_lobby`; 400 for what cannot be played (a variant, days a
/// move, no clock or one out of bounds, a colour in a rated seek, a bad
/// rating range); 429 `too_many_seeks`; 503 when the database cannot take
/// it.
pub async fn create(state: &AppState, user: &UserRow, req: &NewSeek) -> Result<SeekRow, ApiError> {
    not_a_bot(user)?;
    if req.variant.as_deref().is_some_and(|v| v != "standard") {
        return Err(ApiError::bad(ErrorCode::VariantUnavailable));
    }
    let (limit, increment) = clock(req, state.min_clock())?;
    let color = match req.color.as_deref().map(str::trim) {
        None | Some("") => SeekColor::Random,
        Some(name) => SeekColor::parse(name).ok_or_else(|| ApiError::bad(ErrorCode::BadColor))?,
    };
    if req.rated && color != SeekColor::Random {
        return Err(ApiError::bad(ErrorCode::RatedSeekColor));
    }
    let range = match req.rating_range.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(rating_range(text)?),
    };
    let now = unix_ms();
    if state.store().count_seeks(&user.id, now).await? >= MAX_SEEKS {
        return Err(refused(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::TooManySeeks,
        ));
    }
    let speed = sakk_rating::Speed::of_clock(u64::from(limit), u64::from(increment));
    let perf = challenges::perf(state, &user.id, speed).await?;
    let row = SeekRow {
        id: crate::security::random_string(8)?,
        user_id: user.id.clone(),
        user_name: user.name.clone(),
        user_title: user.title.clone(),
        rated: req.rated,
        clock_limit: i64::from(limit),
        clock_increment: i64::from(increment),
        color,
        rating: i64::from(perf.int_rating()),
        provisional: RATINGS.provisional(RATINGS.live(&perf, now)),
        rating_min: range.map(|r| r.0),
        rating_max: range.map(|r| r.1),
        created_at: now,
        expires_at: now + TTL_MS,
    };
    state.store().insert_seek(&row).await?;
    state
        .lobby()
        .tell(LobbyEvent::SeekAdded { seek: view(&row) })
        .await;
    Ok(row)
}

/// The lobby as it stands: the seeks, the pools with their waiting counts.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn lobby(state: &AppState) -> Result<LobbyEvent, ApiError> {
    let now = unix_ms();
    let seeks = state.store().seeks(now).await?.iter().map(view).collect();
    let members = state.store().pool_members(now).await?;
    Ok(LobbyEvent::Lobby {
        seeks,
        pools: pools::views(&members),
    })
}

fn no_such_seek() -> ApiError {
    refused(StatusCode::NOT_FOUND, ErrorCode::NoSuchSeek)
}

/// `user` accepts seek `id`: the game between the seeker and `user`
/// begins. Of many accepts at once, one makes the game; the others find no
/// seek.
///
/// # Errors
/// 404 `no_such_seek` (gone, or taken by another); 400 `own_seek`; 403
/// `bot_in_lobby`, `outside_rating_range`; 503 when the database cannot
/// take it (then the seek is back in the lobby).
pub async fn accept(state: &AppState, user: &UserRow, id: &str) -> Result<LobbyGame, ApiError> {
    not_a_bot(user)?;
    let now = unix_ms();
    let seek = state
        .store()
        .seek(id, now)
        .await?
        .ok_or_else(no_such_seek)?;
    if seek.user_id == user.id {
        return Err(ApiError::bad(ErrorCode::OwnSeek));
    }
    if let (Some(low), Some(high)) = (seek.rating_min, seek.rating_max) {
        let speed = view(&seek).speed;
        let mine = i64::from(challenges::perf(state, &user.id, speed).await?.int_rating());
        if !(low..=high).contains(&mine) {
            return Err(refused(
                StatusCode::FORBIDDEN,
                ErrorCode::OutsideRatingRange,
            ));
        }
    }
    // The seek, and both players' other seeks and pool waits, taken at
    // once: nobody is paired into two games.
    let (seek, others) = state
        .store()
        .take_seek_for(id, now, &user.id)
        .await?
        .ok_or_else(no_such_seek)?;
    let seeker_white = match seek.color {
        SeekColor::White => true,
        SeekColor::Black => false,
        SeekColor::Random => crate::security::random_u64()? & 1 == 0,
    };
    let (white, black) = if seeker_white {
        (&seek.user_id, &user.id)
    } else {
        (&user.id, &seek.user_id)
    };
    let made = challenges::begin(
        state,
        Pairing {
            id: None,
            white,
            black,
            rated: seek.rated,
            clock: Some(crate::store::Control::Clock {
                limit: seek.clock_limit,
                increment: seek.clock_increment,
            }),
            variant: crate::wire::Variant::Standard,
            fen: None,
        },
    )
    .await;
    let game_id = match made {
        Ok(id) => id,
        Err(e) => {
            if let Err(back) = state.store().put_back_seek(&seek).await {
                tracing::warn!(seek = %seek.id, error = %back, "a seek whose game failed is lost");
            }
            return Err(e);
        }
    };
    state
        .lobby()
        .tell(LobbyEvent::SeekRemoved {
            id: seek.id.clone(),
            game: Some(game_id.clone()),
        })
        .await;
    super::told_removed(state, others).await;
    // The game is made: a failure to tell it is only logged (the players'
    // streams read their games in play when they open).
    if let Err(e) = challenges::started(state, &game_id, &[&seek.user_id, &user.id]).await {
        tracing::warn!(game = %game_id, error = %e, "a seek's game began untold");
    }
    Ok(LobbyGame {
        url: format!("{}/game/{game_id}", state.public_url()),
        game_id,
    })
}

/// Seek `id` leaves the lobby (its seeker left); everyone is told.
pub async fn withdraw(state: &AppState, id: &str) {
    match state.store().take_seek(id, i64::MIN).await {
        Ok(Some(_)) => {
            state
                .lobby()
                .tell(LobbyEvent::SeekRemoved {
                    id: id.to_string(),
                    game: None,
                })
                .await;
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(seek = %id, error = %e, "a seek stays until it lapses"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_ranges_are_read_as_lichess_writes_them() {
        assert_eq!(rating_range("1500-1800").ok(), Some((1500, 1800)));
        assert_eq!(rating_range(" 800 - 2200 ").ok(), Some((800, 2200)));
        for bad in ["", "1500", "1800-1500", "100-1500", "1500-5000", "a-b", "-"] {
            assert!(rating_range(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_seeks_clock_is_whole_seconds_within_lichesss_bounds() {
        let min = std::time::Duration::ZERO;
        let seek = |time: Option<f64>, increment: Option<u32>| NewSeek {
            time,
            increment,
            ..NewSeek::default()
        };
        assert_eq!(clock(&seek(Some(3.0), Some(2)), min).ok(), Some((180, 2)));
        assert_eq!(clock(&seek(Some(0.5), Some(0)), min).ok(), Some((30, 0)));
        assert_eq!(clock(&seek(Some(0.25), Some(1)), min).ok(), Some((15, 1)));
        assert!(clock(&seek(None, Some(2)), min).is_err());
        assert!(clock(&seek(Some(3.0), None), min).is_err());
        assert!(clock(&seek(Some(181.0), Some(0)), min).is_err());
        assert!(clock(&seek(Some(3.0), Some(181)), min).is_err());
        assert!(clock(&seek(Some(0.01), Some(0)), min).is_err());
        assert!(clock(&seek(Some(f64::NAN), Some(0)), min).is_err());
        let days = NewSeek {
            days: Some(3),
            ..seek(Some(3.0), Some(2))
        };
        assert!(clock(&days, min).is_err());
    }
}
