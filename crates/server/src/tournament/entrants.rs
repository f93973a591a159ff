//! Tournament players who are accounts. An account enters itself, by the
//! join link while signed in (the organiser enters names only: nobody is
//! entered, played or rated as an account without its owner); the entry
//! keeps the account ([`Secrets::accounts`]). Its online
//! games are then the account's: its seat, its event stream (`gameStart`,
//! so that a lichess bot plays its tournament games), its list of games
//! in play, the Board and Bot APIs. In a rated tournament a game between
//! two accounts moves their ratings. An entry's name and rating, when not
//! given, are the account's (its rating on this server in the
//! tournament's category). Joining by link without an account works as
//! before.

use std::collections::BTreeMap;

use sakk_rating::Speed;
use sakk_tournament::event::{Event, NewPlayer};

use super::links::Secrets;
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::ratings::{control_speed, perf};
use crate::state::AppState;
use crate::store::{GameRow, UserRow};

/// The rating category of the tournament's games: Chess960's own, else
/// its time control's speed.
pub fn category(event: &Event) -> Speed {
    if event.settings.chess960 {
        return Speed::Chess960;
    }
    let control = event
        .settings
        .time_control
        .as_deref()
        .and_then(|tc| sakk::TimeControl::from_pgn(tc).ok());
    control_speed(control.as_ref())
}

/// `player` as account `user`'s entry (an open account: a closed one
/// has no session or token left): the account's name and rating where
/// none is given.
///
/// # Errors
/// `already_entered`, storage unavailable.
pub async fn account_entry(
    state: &AppState,
    event: &Event,
    secrets: &Secrets,
    user: &UserRow,
    mut player: NewPlayer,
) -> Result<NewPlayer, ApiError> {
    if secrets.player_of_account(&user.id).is_some() {
        return Err(ApiError::bad(ErrorCode::AlreadyEntered));
    }
    if player.name.trim().is_empty() {
        player.name.clone_from(&user.name);
    }
    if player.rating.is_none() {
        let rating = perf(state, &user.id, category(event)).await?.int_rating();
        player.rating = u16::try_from(rating).ok();
    }
    Ok(player)
}

/// Each entered account's rating now in the tournament's category, and
/// whether it is provisional (for its games' rows).
///
/// # Errors
/// Storage unavailable.
pub async fn ratings(
    state: &AppState,
    event: &Event,
    secrets: &Secrets,
) -> Result<BTreeMap<String, crate::ratings::Begun>, ApiError> {
    let speed = category(event);
    let now = crate::live::unix_ms();
    let mut out = BTreeMap::new();
    for user in secrets.accounts.values() {
        let rating = crate::ratings::as_begun(perf(state, user, speed).await?, now);
        out.insert(user.clone(), rating);
    }
    Ok(out)
}

/// A game of a new round that accounts play: whose event streams are to
/// hear of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Started {
    /// The game's id.
    pub game: String,
    /// Its players' accounts.
    pub accounts: Vec<String>,
}

/// The games among `rows` that accounts play.
pub fn started(rows: &[GameRow]) -> Vec<Started> {
    rows.iter()
        .filter_map(|r| {
            let accounts: Vec<String> = [&r.white_user, &r.black_user]
                .into_iter()
                .flatten()
                .cloned()
                .collect();
            (!accounts.is_empty()).then(|| Started {
                game: r.id.clone(),
                accounts,
            })
        })
        .collect()
}
