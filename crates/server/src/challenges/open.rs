//! Open challenges, as lichess's `POST /api/challenge/open` makes them:
//! a link that any two accounts may take, or the two it names (White's
//! first). The first who accepts waits; the second makes the game, and
//! both get `gameStart`. Whoever made it need not play, nor have an
//! account; if they have one, they may cancel it. It lapses after a day,
//! or when `expiresAt` says (within two weeks).
//!
//! Of players racing to join, on one node or several, one is first (a
//! conditional UPDATE while no one is) and one makes the game (another,
//! while the challenge is `created` with that first player).

use axum::http::StatusCode;

use super::{
    begin, clock_speed, light_user, no_such_challenge, perf_of, started, terms, wire, Pairing,
};
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::live::unix_ms;
use crate::state::AppState;
use crate::store::{OpenChallengeRow, SeekColor, UserRow};

/// How long an open challenge waits by default (a day, as lichess).
pub const OPEN_LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;

/// The longest an open challenge may wait (two weeks, as lichess).
const MAX_OPEN_LIFETIME_MS: i64 = 14 * 24 * 60 * 60 * 1000;

/// The longest name shown on an open challenge's page.
const MAX_NAME: usize = 60;

/// Makes an open challenge (`creator`: the account that asks, if any).
///
/// # Errors
/// 400 for what cannot be played ([`terms::check`]), `bad_users`,
/// `bad_expiry`; 503 when the database cannot take it.
pub async fn create_open(
    state: &AppState,
    creator: Option<&UserRow>,
    req: &wire::NewOpenChallenge,
) -> Result<wire::OpenChallenge, ApiError> {
    let terms = terms::check(
        state,
        terms::Asked {
            rated: req.rated,
            clock_limit: req.clock_limit,
            clock_increment: req.clock_increment,
            days: req.days,
            color: None,
            variant: req.variant.as_deref(),
            fen: req.fen.as_deref(),
        },
    )?;
    let reserved = match req
        .users
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
    {
        None => None,
        Some(users) => Some(reserved_users(state, users).await?),
    };
    let now = unix_ms();
    let expires_at = match req.expires_at {
        None => now + OPEN_LIFETIME_MS,
        Some(at) if at > now && at <= now + MAX_OPEN_LIFETIME_MS => at,
        Some(_) => return Err(ApiError::bad(ErrorCode::BadExpiry)),
    };
    let name = req
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| {
            n.chars()
                .filter(|c| !c.is_control())
                .take(MAX_NAME)
                .collect()
        });
    let row = OpenChallengeRow {
        id: crate::security::random_string(8)?,
        creator: creator.map(|u| u.id.clone()),
        name,
        rated: req.rated,
        control: terms.clock,
        initial_fen: terms.fen,
        variant: terms.variant,
        reserved,
        first: None,
        status: "created".to_string(),
        game_id: None,
        created_at: now,
        expires_at,
    };
    // What lapsed a day ago goes, as a new one comes.
    state
        .store()
        .purge_open_challenges(now - OPEN_LIFETIME_MS)
        .await?;
    state.store().insert_open_challenge(&row).await?;
    view_open(state, &row).await
}

/// The two accounts of `users` ("white,black"), by id.
async fn reserved_users(state: &AppState, users: &str) -> Result<(String, String), ApiError> {
    let names: Vec<&str> = users.split(',').map(str::trim).collect();
    let [white, black] = names.as_slice() else {
        return Err(ApiError::bad(ErrorCode::BadUsers));
    };
    let mut ids = Vec::new();
    for name in [white, black] {
        ids.push(crate::accounts::open_account(state.store(), name).await?.id);
    }
    match (ids.pop(), ids.pop()) {
        (Some(black), Some(white)) if white != black => Ok((white, black)),
        _ => Err(ApiError::bad(ErrorCode::BadUsers)),
    }
}

/// An open challenge as lichess's API shows it (with the first player, if
/// one joined, as its challenger).
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn view_open(
    state: &AppState,
    c: &OpenChallengeRow,
) -> Result<wire::OpenChallenge, ApiError> {
    let speed = clock_speed(c.control);
    let perf = perf_of(c.variant, speed);
    let url = format!("{}/challenge/{}", state.public_url(), c.id);
    let challenger = match &c.first {
        Some((id, _)) => match state.store().user(id).await? {
            Some(user) => Some(light_user(state, &user, perf).await?),
            None => None,
        },
        None => None,
    };
    let status = wire::ChallengeStatus::of_stored(&c.status, c.expires_at, unix_ms());
    Ok(wire::OpenChallenge {
        id: c.id.clone(),
        url_white: format!("{url}?color=white"),
        url_black: format!("{url}?color=black"),
        url,
        status,
        challenger,
        dest_user: None,
        variant: wire::variant_of_challenge(c.variant, c.initial_fen.as_deref()),
        rated: c.rated,
        speed,
        time_control: super::time_control(c.control),
        color: "random",
        perf: wire::PerfName {
            name: wire::perf_name(perf),
        },
        initial_fen: c.initial_fen.clone(),
        name: c.name.clone(),
        open: wire::Open {
            user_ids: c.reserved.clone().map(|(w, b)| [w, b]),
        },
        expires_at: c.expires_at,
        game_id: c.game_id.clone(),
    })
}

/// What an accept of an open challenge did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Joined {
    /// The reader is its first player, and waits for the second.
    Waiting,
    /// The game began (its id).
    Game(String),
}

/// `user` takes open challenge `c`, asking for `color` (none: either).
///
/// # Errors
/// 404 `no_such_challenge` (answered, lapsed, taken by two others); 403
/// `not_invited`; 503 when the database cannot take it.
pub async fn accept_open(
    state: &AppState,
    user: &UserRow,
    c: OpenChallengeRow,
    color: Option<SeekColor>,
) -> Result<Joined, ApiError> {
    // The colour the reader plays, as far as it is settled now.
    let asked = match &c.reserved {
        Some((white, _)) if *white == user.id => SeekColor::White,
        Some((_, black)) if *black == user.id => SeekColor::Black,
        Some(_) => {
            return Err(ApiError::Refused {
                status: StatusCode::FORBIDDEN,
                code: ErrorCode::NotInvited,
                args: Vec::new(),
            })
        }
        None => color.unwrap_or(SeekColor::Random),
    };
    let first = match c.first.clone() {
        Some(first) => first,
        None if state
            .store()
            .join_open_challenge(&c.id, &user.id, asked)
            .await? =>
        {
            return Ok(Joined::Waiting);
        }
        // Someone else was first a moment ago: read who.
        None => state
            .store()
            .open_challenge(&c.id)
            .await?
            .filter(|c| c.status == "created")
            .and_then(|c| c.first)
            .ok_or_else(no_such_challenge)?,
    };
    if first.0 == user.id {
        return Ok(Joined::Waiting);
    }
    let first_is_white = match (first.1, asked) {
        (SeekColor::White, _) | (SeekColor::Random, SeekColor::Black) => true,
        (SeekColor::Black, _) | (SeekColor::Random, SeekColor::White) => false,
        (SeekColor::Random, SeekColor::Random) => terms::draw_color("random")?.is_white(),
    };
    if !state
        .store()
        .end_open_challenge(&c.id, "accepted", Some(&first.0))
        .await?
    {
        return Err(no_such_challenge());
    }
    let (white, black) = if first_is_white {
        (first.0.as_str(), user.id.as_str())
    } else {
        (user.id.as_str(), first.0.as_str())
    };
    let made = begin(
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
    .await;
    let game_id = match made {
        Ok(id) => id,
        Err(e) => {
            state.store().settle_open_challenge(&c.id, None).await?;
            return Err(e);
        }
    };
    // The game is made: its players are told even if its id cannot be
    // written beside the challenge now.
    if let Err(e) = state
        .store()
        .settle_open_challenge(&c.id, Some(&game_id))
        .await
    {
        tracing::warn!(challenge = %c.id, game = %game_id, error = %e, "an open challenge's game not noted");
    }
    started(state, &game_id, &[white, black]).await?;
    Ok(Joined::Game(game_id))
}

/// The creator cancels open challenge `c`.
///
/// # Errors
/// 404 `no_such_challenge` (not the reader's, or answered); 503 when the
/// database cannot take it.
pub async fn cancel_open(
    state: &AppState,
    user: &UserRow,
    c: &OpenChallengeRow,
) -> Result<(), ApiError> {
    if c.creator.as_deref() != Some(user.id.as_str())
        || !state
            .store()
            .end_open_challenge(&c.id, "canceled", None)
            .await?
    {
        return Err(no_such_challenge());
    }
    Ok(())
}
