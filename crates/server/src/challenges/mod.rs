//! Challenges between accounts, as lichess has them: one account
//! challenges another (a clock or none, a colour, rated or casual, from a
//! position if casual); the other accepts — a game between the two
//! accounts begins — or declines with a reason; the challenger may cancel.
//! A challenge not answered lapses after [`LIFETIME_MS`]. Each step is an
//! event on both accounts' streams ([`crate::inbox`]): `challenge`,
//! `challengeDeclined`, `challengeCanceled`, `gameStart`, and at the end
//! of the game `gameFinish` ([`game_ended`], which also rates a rated game).
//!
//! Of two accepts at the same moment, on one node or two, exactly one
//! makes the game: the challenge moves from `created` by a conditional
//! UPDATE.

mod ai;
mod games;
mod open;
mod terms;
pub mod wire;

pub use ai::play_ai;
pub use games::{
    begin, clock_spec, clock_speed, end_for_closed, game_ended, game_event, game_perf, game_speed,
    perf, perf_of, rate, shown, started, Pairing,
};
pub use open::{accept_open, cancel_open, create_open, view_open, Joined, OPEN_LIFETIME_MS};

use axum::http::StatusCode;
use sakk_rating::Speed;

use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::live::unix_ms;
use crate::state::AppState;
use crate::store::{ChallengeRow, Control, OpenChallengeRow, SeekColor, UserRow};
use crate::wire::Side;

/// How long a challenge waits for its answer (20 minutes).
pub const LIFETIME_MS: i64 = 20 * 60 * 1000;

/// How long a challenge waits for its answer: [`LIFETIME_MS`], or for days
/// a move (a correspondence player answers in days too) a day more than
/// a move may take.
fn lifetime(control: Option<Control>) -> i64 {
    const DAY_MS: i64 = 24 * 60 * 60 * 1000;
    match control {
        Some(Control::Days(days)) => (days + 1) * DAY_MS,
        _ => LIFETIME_MS,
    }
}

fn refused(status: StatusCode, code: ErrorCode) -> ApiError {
    ApiError::Refused {
        status,
        code,
        args: Vec::new(),
    }
}

fn no_such_challenge() -> ApiError {
    refused(StatusCode::NOT_FOUND, ErrorCode::NoSuchChallenge)
}

pub use crate::accounts::RATINGS;

/// An account as a challenge names it, with its rating in `speed`.
async fn light_user(
    state: &AppState,
    user: &UserRow,
    speed: Speed,
) -> Result<wire::LightUser, ApiError> {
    let perf = perf(state, &user.id, speed).await?;
    let live = RATINGS.live(&perf, unix_ms());
    Ok(wire::LightUser {
        id: user.id.clone(),
        name: user.name.clone(),
        title: user.title.clone(),
        rating: i64::from(perf.int_rating()),
        provisional: RATINGS.provisional(live),
    })
}

/// A challenge's rating category (Chess960's own, else its speed).
fn perf_of_challenge(c: &ChallengeRow) -> Speed {
    perf_of(c.variant, clock_speed(c.control))
}

/// A challenge as lichess's API shows it.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn view(
    state: &AppState,
    c: &ChallengeRow,
    direction: Option<&'static str>,
) -> Result<wire::Challenge, ApiError> {
    let speed = clock_speed(c.control);
    let perf = perf_of_challenge(c);
    let user = |id: String| async move {
        state
            .store()
            .user(&id)
            .await?
            .ok_or_else(crate::accounts::no_such_user)
    };
    let challenger = user(c.challenger.clone()).await?;
    let dest = user(c.dest_user.clone()).await?;
    let time_control = time_control(c.control);
    let reason = c.decline_reason.clone();
    let status = wire::ChallengeStatus::of_stored(&c.status, c.expires_at, unix_ms());
    Ok(wire::Challenge {
        id: c.id.clone(),
        url: format!("{}/challenge/{}", state.public_url(), c.id),
        status,
        challenger: light_user(state, &challenger, perf).await?,
        dest_user: light_user(state, &dest, perf).await?,
        variant: wire::variant_of_challenge(c.variant, c.initial_fen.as_deref()),
        rated: c.rated,
        speed,
        time_control,
        color: SeekColor::parse(&c.color).unwrap_or(SeekColor::Random),
        final_color: if c.final_color == "black" {
            Side::Black
        } else {
            Side::White
        },
        perf: wire::PerfName {
            name: wire::perf_name(perf),
        },
        initial_fen: c.initial_fen.clone(),
        direction,
        decline_reason: reason.as_deref().map(decline_words),
        decline_reason_key: reason,
        game_id: c.game_id.clone(),
    })
}

/// Challenge `id` as its page shows it: a challenge to an account (to its
/// two accounts only), or an open one (to anyone).
///
/// # Errors
/// 404 `no_such_challenge`; 503 when the database cannot be read.
pub async fn show(
    state: &AppState,
    user: Option<&UserRow>,
    id: &str,
) -> Result<wire::AnyChallenge, ApiError> {
    if let Some(c) = state.store().challenge(id).await? {
        let direction = match user {
            Some(u) if u.id == c.dest_user => "in",
            Some(u) if u.id == c.challenger => "out",
            _ => return Err(no_such_challenge()),
        };
        return Ok(wire::AnyChallenge::Named(
            view(state, &c, Some(direction)).await?,
        ));
    }
    let c = state
        .store()
        .open_challenge(id)
        .await?
        .ok_or_else(no_such_challenge)?;
    Ok(wire::AnyChallenge::Open(view_open(state, &c).await?))
}

/// A clock (initial time and increment, seconds) or days a move as a
/// challenge shows it.
fn time_control(control: Option<Control>) -> wire::TimeControl {
    match control {
        Some(Control::Days(days)) => wire::TimeControl::Correspondence {
            days_per_turn: u32::try_from(days).unwrap_or(0),
        },
        Some(Control::Clock { limit, increment }) => {
            let limit = u32::try_from(limit).unwrap_or(0);
            let increment = u32::try_from(increment).unwrap_or(0);
            let minutes = show_minutes(limit);
            wire::TimeControl::Clock {
                limit,
                increment,
                show: format!("{minutes}+{increment}"),
            }
        }
        None => wire::TimeControl::Unlimited,
    }
}

/// A clock's initial time in minutes as lichess shows it: `5`, `½`,
/// `1.5`.
fn show_minutes(limit: u32) -> String {
    match limit {
        15 => "¼".to_string(),
        30 => "½".to_string(),
        45 => "¾".to_string(),
        _ if limit % 60 == 0 => (limit / 60).to_string(),
        _ => {
            let text = format!("{:.2}", f64::from(limit) / 60.0);
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    }
}

/// lichess's English words for a decline reason (the catalogue's
/// `decline-<key>`: `tooFast` is `decline-too-fast`).
fn decline_words(key: &str) -> String {
    let mut id = String::from("decline-");
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            id.push('-');
        }
        id.push(c.to_ascii_lowercase());
    }
    sakk_i18n::tr(sakk_i18n::Locale::English, &id, &[])
}

/// Sends `event` to both accounts' streams.
async fn tell(state: &AppState, users: [&str; 2], event: &wire::AccountEvent) {
    if let Ok(line) = serde_json::to_string(event) {
        for user in users {
            state.inbox().send(user, &line).await;
        }
    }
}

/// The event that announces a challenge.
pub fn announce(challenge: wire::Challenge) -> wire::AccountEvent {
    wire::AccountEvent::Challenge {
        challenge,
        compat: wire::Compat {
            bot: true,
            board: true,
        },
    }
}

/// `challenger` challenges the account `dest` (lichess's
/// `POST /api/challenge/{username}`).
///
/// # Errors
/// 404 `no_such_user`; 400 for what cannot be played (yourself, a
/// variant, days a move, a rated game from a position, a bad colour, a
/// clock out of bounds, a bad FEN); 503 when the database cannot take it.
pub async fn create(
    state: &AppState,
    challenger: &UserRow,
    dest: &str,
    req: &wire::NewChallenge,
) -> Result<wire::Challenge, ApiError> {
    let dest = crate::accounts::open_account(state.store(), dest).await?;
    if dest.id == challenger.id {
        return Err(ApiError::bad(ErrorCode::ChallengeYourself));
    }
    let terms = terms::check(
        state,
        terms::Asked {
            rated: req.rated,
            clock_limit: req.clock_limit,
            clock_increment: req.clock_increment,
            days: req.days,
            color: req.color.as_deref(),
            variant: req.variant.as_deref(),
            fen: req.fen.as_deref(),
        },
    )?;
    let final_color = match terms::draw_color(&terms.color)? {
        sakk::Color::White => "white",
        sakk::Color::Black => "black",
    }
    .to_string();
    let now = unix_ms();
    let row = ChallengeRow {
        id: crate::security::random_string(8)?,
        challenger: challenger.id.clone(),
        dest_user: dest.id.clone(),
        rated: req.rated,
        control: terms.clock,
        color: terms.color,
        final_color,
        initial_fen: terms.fen,
        variant: terms.variant,
        status: "created".to_string(),
        decline_reason: None,
        game_id: None,
        created_at: now,
        expires_at: now + lifetime(terms.clock),
    };
    state.store().insert_challenge(&row).await?;
    let shown = view(state, &row, None).await?;
    tell(
        state,
        [&row.dest_user, &row.challenger],
        &announce(shown.clone()),
    )
    .await;
    Ok(shown)
}

/// A challenge to an account not answered and not lapsed.
async fn pending(state: &AppState, id: &str) -> Result<Option<ChallengeRow>, ApiError> {
    Ok(state
        .store()
        .challenge(id)
        .await?
        .filter(|c| c.status == "created" && c.expires_at > unix_ms()))
}

/// An open challenge still to be taken (not lapsed).
async fn pending_open(state: &AppState, id: &str) -> Result<Option<OpenChallengeRow>, ApiError> {
    Ok(state
        .store()
        .open_challenge(id)
        .await?
        .filter(|c| c.status == "created" && c.expires_at > unix_ms()))
}

/// `user` accepts challenge `id`: a challenge to them (the game between
/// the two accounts begins) or an open challenge (as `color`, if it is
/// free: the first to join waits, the second makes the game). Of two
/// accepts, one makes the game; the other finds no challenge.
///
/// # Errors
/// 404 `no_such_challenge` (none, not the reader's, answered, lapsed);
/// 403 `not_invited`; 503 when the database cannot take it.
pub async fn accept(
    state: &AppState,
    user: &UserRow,
    id: &str,
    color: Option<SeekColor>,
) -> Result<Joined, ApiError> {
    let Some(c) = pending(state, id).await? else {
        let c = pending_open(state, id)
            .await?
            .ok_or_else(no_such_challenge)?;
        return accept_open(state, user, c, color).await;
    };
    if c.dest_user != user.id {
        return Err(no_such_challenge());
    }
    let challenger_open = state
        .store()
        .user(&c.challenger)
        .await?
        .is_some_and(|u| u.closed_at.is_none());
    if !challenger_open {
        return Err(no_such_challenge());
    }
    if !state
        .store()
        .end_challenge(id, "accepted", None, None)
        .await?
    {
        return Err(no_such_challenge());
    }
    let made = make_game(state, &c).await;
    let game_id = match made {
        Ok(game_id) => game_id,
        Err(e) => {
            state.store().reopen_challenge(id).await?;
            return Err(e);
        }
    };
    // The game is made: its players are told even if its id cannot be
    // written beside the challenge now.
    if let Err(e) = state.store().set_challenge_game(id, &game_id).await {
        tracing::warn!(challenge = %id, game = %game_id, error = %e, "a challenge's game not noted");
    }
    started(state, &game_id, &[&c.challenger, &c.dest_user]).await?;
    Ok(Joined::Game(game_id))
}

/// Sends `event` to one account's streams.
async fn tell_one(state: &AppState, user: &str, event: &wire::AccountEvent) {
    if let Ok(line) = serde_json::to_string(event) {
        state.inbox().send(user, &line).await;
    }
}

/// The game an accepted challenge makes: the colours drawn when it was
/// made.
async fn make_game(state: &AppState, c: &ChallengeRow) -> Result<String, ApiError> {
    let (white, black) = if c.final_color == "white" {
        (&c.challenger, &c.dest_user)
    } else {
        (&c.dest_user, &c.challenger)
    };
    begin(
        state,
        Pairing {
            id: Some(&c.id),
            white,
            black,
            rated: c.rated,
            clock: c.control,
            fen: c.initial_fen.as_deref(),
            variant: c.variant,
        },
    )
    .await
}

/// `user` declines challenge `id` (lichess's reason key, in any case;
/// `generic` when none or unknown).
///
/// # Errors
/// 404 `no_such_challenge`; 503 when the database cannot take it.
pub async fn decline(
    state: &AppState,
    user: &UserRow,
    id: &str,
    reason: Option<&str>,
) -> Result<(), ApiError> {
    // lichess's keys in any case; anything else is `generic`, as lichess
    // takes it.
    let reason = reason
        .and_then(|r| {
            wire::DECLINE_REASONS
                .iter()
                .find(|k| k.eq_ignore_ascii_case(r.trim()))
        })
        .copied()
        .unwrap_or("generic");
    let c = pending(state, id).await?.ok_or_else(no_such_challenge)?;
    if c.dest_user != user.id {
        return Err(no_such_challenge());
    }
    end(state, c, "declined", Some(reason)).await
}

/// The challenger cancels challenge `id` (an open challenge: the account
/// that made it).
///
/// # Errors
/// 404 `no_such_challenge`; 503 when the database cannot take it.
pub async fn cancel(state: &AppState, user: &UserRow, id: &str) -> Result<(), ApiError> {
    let Some(c) = pending(state, id).await? else {
        let c = pending_open(state, id)
            .await?
            .ok_or_else(no_such_challenge)?;
        return cancel_open(state, user, &c).await;
    };
    if c.challenger != user.id {
        return Err(no_such_challenge());
    }
    end(state, c, "canceled", None).await
}

async fn end(
    state: &AppState,
    mut c: ChallengeRow,
    status: &str,
    reason: Option<&str>,
) -> Result<(), ApiError> {
    if !state
        .store()
        .end_challenge(&c.id, status, reason, None)
        .await?
    {
        return Err(no_such_challenge());
    }
    c.status = status.to_string();
    c.decline_reason = reason.map(str::to_string);
    told_ended(state, &c).await
}

/// Tells both players of challenge `c`, ended (declined, or canceled),
/// that it did.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn told_ended(state: &AppState, c: &ChallengeRow) -> Result<(), ApiError> {
    let status = c.status.as_str();
    let challenge = view(state, c, None).await?;
    let event = if status == "declined" {
        wire::AccountEvent::ChallengeDeclined { challenge }
    } else {
        wire::AccountEvent::ChallengeCanceled { challenge }
    };
    tell(state, [&c.dest_user, &c.challenger], &event).await;
    Ok(())
}

/// The open challenges to and from `user`.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn list(state: &AppState, user: &UserRow) -> Result<wire::Challenges, ApiError> {
    let mut out = wire::Challenges {
        incoming: Vec::new(),
        outgoing: Vec::new(),
    };
    for c in state.store().open_challenges(&user.id, unix_ms()).await? {
        if c.dest_user == user.id {
            out.incoming.push(view(state, &c, Some("in")).await?);
        } else {
            out.outgoing.push(view(state, &c, Some("out")).await?);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_decline_reason_has_lichess_s_words() {
        assert_eq!(
            decline_words("tooFast"),
            "This time control is too fast for me, please challenge again with a slower game."
        );
        for key in wire::DECLINE_REASONS {
            let words = decline_words(key);
            assert!(!words.starts_with("decline-"), "{key}: {words}");
        }
    }

    #[test]
    fn clocks_are_shown_as_lichess_shows_them() {
        for (limit, shown) in [
            (15, "¼"),
            (30, "½"),
            (45, "¾"),
            (60, "1"),
            (90, "1.5"),
            (300, "5"),
            (100, "1.67"),
        ] {
            assert_eq!(show_minutes(limit), shown);
        }
    }

    #[test]
    fn a_challenge_of_days_a_move_waits_a_day_longer_than_a_move() {
        const DAY_MS: i64 = 24 * 60 * 60 * 1000;
        assert_eq!(lifetime(Some(Control::Days(3))), 4 * DAY_MS);
        assert_eq!(lifetime(Some(Control::Days(14))), 15 * DAY_MS);
        let blitz = Control::Clock {
            limit: 300,
            increment: 3,
        };
        assert_eq!(lifetime(Some(blitz)), LIFETIME_MS);
        assert_eq!(lifetime(None), LIFETIME_MS);
    }
}
