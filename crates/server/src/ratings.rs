//! Ratings' settings (lichess's Glicko-2), the category a game is rated
//! in (lichess's perf: its speed, or Chess960's own at any speed) and an
//! account's rating in it. Accounts, challenges, the lobby and tournaments
//! share these.

use crate::error::ApiError;
use crate::live::ClockSpec;
use crate::state::AppState;
use crate::store::GameRow;
use sakk_rating::{Perf, Speed};

/// The rating settings the server uses (lichess's).
pub const RATINGS: sakk_rating::Settings = sakk_rating::Settings::LICHESS;

/// A player's rating as a game begins with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Begun {
    /// The rating, whole.
    pub rating: i64,
    /// Whether it is provisional (shown with `?`).
    pub provisional: bool,
}

/// The rating a game begins with at `now` (milliseconds since the Unix
/// epoch), from the player's rating: provisional as the lobby and the
/// profile show it then (its deviation grown with the time since its last
/// rated game).
pub fn as_begun(perf: Perf, now: i64) -> Begun {
    Begun {
        rating: i64::from(perf.int_rating()),
        provisional: RATINGS.provisional(RATINGS.live(&perf, now)),
    }
}

/// An account's rating in a category now (the starting one before its
/// first rated game there).
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn perf(state: &AppState, user: &str, speed: Speed) -> Result<Perf, ApiError> {
    Ok(state
        .store()
        .perf(user, speed)
        .await?
        .unwrap_or_else(|| RATINGS.new_perf()))
}

/// The speed of a time control: by its estimated duration (lichess's
/// limits), correspondence without one.
pub fn control_speed(control: Option<&sakk::TimeControl>) -> Speed {
    match control.and_then(sakk::TimeControl::estimated) {
        Some(d) => Speed::of_clock(d.as_secs(), 0),
        None => Speed::Correspondence,
    }
}

/// A game's category, from its stored clock.
pub fn game_speed(clock: Option<&str>) -> Speed {
    let control = clock
        .and_then(|c| serde_json::from_str::<ClockSpec>(c).ok())
        .and_then(|c| c.time_control().ok());
    control_speed(control.as_ref())
}

/// A game's rating category (lichess's perf): Chess960's own, else its
/// speed.
pub fn game_perf(row: &GameRow) -> Speed {
    perf_of(row.variant(), game_speed(row.clock.as_deref()))
}

/// The rating category of a game of `variant` at `speed`: Chess960's own
/// at any speed.
pub fn perf_of(variant: crate::wire::Variant, speed: Speed) -> Speed {
    match variant {
        crate::wire::Variant::Chess960 => Speed::Chess960,
        crate::wire::Variant::Standard => speed,
    }
}
