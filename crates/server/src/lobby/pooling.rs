//! Players in the quick pairing pools: joining (while the request is
//! open), leaving, and the waves that pair them ([`pools::wave`]) and make
//! their games. Pool games are rated; a BOT account plays challenges only.

use axum::http::StatusCode;

use super::pools::{self, Pool};
use super::seeks::not_a_bot;
use super::wire::{LobbyEvent, PoolView};
use super::TTL_MS;
use crate::challenges::{self, Pairing};
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::live::unix_ms;
use crate::state::AppState;
use crate::store::{MemberRow, UserRow};

/// `user` waits in pool `id` (in place of any earlier wait, in any
/// pool).
///
/// # Errors
/// 404 `no_such_pool`; 403 `bot_in_lobby`; 503 when the database cannot
/// take it.
pub async fn join(state: &AppState, user: &UserRow, id: &str) -> Result<MemberRow, ApiError> {
    not_a_bot(user)?;
    let pool = Pool::find(id).ok_or(ApiError::Refused {
        status: StatusCode::NOT_FOUND,
        code: ErrorCode::NoSuchPool,
        args: vec![("pool", id.to_string())],
    })?;
    let spec = crate::live::ClockSpec {
        limit: Some(f64::from(pool.limit())),
        increment: Some(f64::from(pool.increment)),
        ..crate::live::ClockSpec::default()
    };
    // A server whose shortest clock is longer than the pool's has no such
    // pool.
    crate::new_game::check_clock(&spec, state.min_clock())?;
    let perf = challenges::perf(state, &user.id, pool.speed()).await?;
    let now = unix_ms();
    let member = MemberRow {
        id: crate::security::random_string(12)?,
        pool: pool.id(),
        user_id: user.id.clone(),
        rating: i64::from(perf.int_rating()),
        joined_at: now,
        expires_at: now + TTL_MS,
    };
    state.store().join_pool(&member).await?;
    Ok(member)
}

/// A player's wait ends (its request closed).
pub async fn leave(state: &AppState, member: &str) {
    if let Err(e) = state.store().leave_pool(member).await {
        tracing::warn!(%member, error = %e, "a pool's player stays until the wait lapses");
    }
}

/// One wave: the waiting players paired, their games made and told; the
/// pools' waiting counts after it.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn wave(state: &AppState) -> Result<Vec<PoolView>, ApiError> {
    let now = unix_ms();
    state.store().sweep_members(now).await?;
    let mut members = state.store().pool_members(now).await?;
    for (a, b) in pools::wave(&members, now) {
        let Some(seeks) = state.store().take_pair(&a, &b).await? else {
            // Taken by another node's wave or a seek's game, or left: the
            // next wave sees.
            continue;
        };
        members.retain(|m| m.user_id != a.user_id && m.user_id != b.user_id);
        let game = match pair(state, &a, &b).await {
            Ok(game) => game,
            Err(e) => {
                tracing::warn!(error = %e, "a pool's game was not made; its players wait on");
                if let Err(e) = state.store().put_back(&[a, b]).await {
                    tracing::warn!(error = %e, "players of a failed pairing could not be put back");
                }
                continue;
            }
        };
        state
            .lobby()
            .tell(LobbyEvent::Paired {
                members: [a.id.clone(), b.id.clone()],
                game: game.clone(),
            })
            .await;
        super::told_removed(state, seeks).await;
        // The game is made: a failure to tell it is only logged (the
        // players' streams read their games in play when they open).
        if let Err(e) = challenges::started(state, &game, &[&a.user_id, &b.user_id]).await {
            tracing::warn!(%game, error = %e, "a pool's game began untold");
        }
    }
    Ok(pools::views(&members))
}

/// Makes the game of two paired players (colours drawn).
async fn pair(state: &AppState, a: &MemberRow, b: &MemberRow) -> Result<String, ApiError> {
    let pool = Pool::find(&a.pool).ok_or_else(|| ApiError::Internal("no pool".to_string()))?;
    let (white, black) = if crate::security::random_u64()? & 1 == 0 {
        (a, b)
    } else {
        (b, a)
    };
    let game = challenges::begin(
        state,
        Pairing {
            id: None,
            white: &white.user_id,
            black: &black.user_id,
            rated: true,
            clock: Some(crate::store::Control::Clock {
                limit: i64::from(pool.limit()),
                increment: i64::from(pool.increment),
            }),
            variant: crate::wire::Variant::Standard,
            fen: None,
        },
    )
    .await?;
    Ok(game)
}
