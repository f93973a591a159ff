//! What the players' pages read: an account's rating history at lichess's
//! path (`GET /api/user/{name}/rating-history`), a game's players with
//! their ratings and changes (`GET /api/games/{id}/players`), and a game's
//! chat (`GET` and `POST /api/games/{id}/chat`).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::accounts::{MaybeMe, Me};
use super::{BodyOrForm, P, Q};
use crate::accounts::{self, wire, Scope};
use crate::challenges::wire::perf_name;
use crate::chat::{self, ChatView};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::ChatLine;

/// `GET /api/user/{name}/rating-history`: each category's ratings, one
/// point a day (the day's last), as lichess gives them; every category is
/// listed, the ones not played with no points.
pub(crate) async fn rating_history(
    State(state): State<AppState>,
    P(name): P<String>,
) -> Result<Json<Vec<wire::RatingHistory>>, ApiError> {
    let user = state
        .store()
        .user(&accounts::name::id_of(&name))
        .await?
        .ok_or_else(accounts::no_such_user)?;
    let history = state.store().rating_history(&user.id).await?;
    let out = sakk_rating::Speed::ALL
        .into_iter()
        .map(|speed| {
            let mut points: Vec<[i64; 4]> = Vec::new();
            for (_, at, rating) in history.iter().filter(|(s, _, _)| *s == speed) {
                let (y, m, d) = sakk::pgn::civil_date(at.div_euclid(1000));
                let point = [y, m - 1, d, i64::from(sakk_rating::int_rating(*rating))];
                match points.last_mut() {
                    Some(last) if last[..3] == point[..3] => *last = point,
                    _ => points.push(point),
                }
            }
            wire::RatingHistory {
                name: perf_name(speed).to_string(),
                points,
            }
        })
        .collect();
    Ok(Json(out))
}

/// `GET /api/games/{id}/players`: the sides accounts play, with their
/// ratings as the game began and, once rated, the changes; for a
/// tournament's game, its round and board and the players as entered.
pub(crate) async fn game_players(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Json<wire::GamePlayers>, ApiError> {
    let row = state
        .store()
        .game_row(&id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let (white, black, diffs) = super::export::players(&state, &row).await?;
    let player = |named: Option<(String, String, Option<String>)>,
                  rating: Option<i64>,
                  provisional: bool,
                  diff: Option<i64>| {
        named.map(|(id, name, title)| wire::GamePlayer {
            id,
            name,
            title,
            rating,
            provisional: rating.is_some() && provisional,
            diff,
        })
    };
    let tournament = match &row.tournament {
        Some(tid) => crate::tournament::event_of_game(&state, Some(tid))
            .await?
            .and_then(|event| crate::tournament::game_in_tournament(&event, tid, &id)),
        None => None,
    };
    Ok(Json(wire::GamePlayers {
        white: player(
            white,
            row.white_rating,
            row.white_provisional,
            diffs.map(|d| d.0),
        ),
        black: player(
            black,
            row.black_rating,
            row.black_provisional,
            diffs.map(|d| d.1),
        ),
        rated: row.rated,
        tournament,
    }))
}

/// `GET /api/games/{id}/chat`: the chat of the room the reader hears (a
/// player, the players'; anyone else, the spectators').
pub(crate) async fn chat(
    State(state): State<AppState>,
    MaybeMe(auth): MaybeMe,
    P(id): P<String>,
) -> Result<Json<ChatView>, ApiError> {
    let room = chat::room_of(&state, &id, chat::player(auth.as_ref())).await?;
    let lines = chat::lines(&state, &id, room).await?;
    Ok(Json(ChatView { room, lines }))
}

/// `POST /api/games/{id}/chat` (`text`, and `room` for a player who speaks
/// to the spectators): a line said by the account, heard at once.
pub(crate) async fn say(
    State(state): State<AppState>,
    Me(auth): Me,
    P(id): P<String>,
    BodyOrForm(line): BodyOrForm<chat::Say>,
) -> Result<Json<ChatLine>, ApiError> {
    auth.require_any(&[Scope::BoardPlay, Scope::BotPlay])?;
    Ok(Json(
        chat::say(&state, &id, auth.user(), line.room, &line.text).await?,
    ))
}

/// The query of `/api/player/autocomplete` (lichess's).
#[derive(Debug, serde::Deserialize)]
pub(crate) struct Term {
    /// The start of a name.
    #[serde(default)]
    term: String,
    /// `true`: accounts as objects (else their names).
    #[serde(default)]
    object: Option<bool>,
}

/// The most accounts one search gives.
const MAX_FOUND: i64 = 12;

/// `GET /api/player/autocomplete?term=an&object=true`: the open accounts
/// whose names begin with `term` (two characters at least), online ones
/// marked; the names only without `object`.
pub(crate) async fn autocomplete(
    State(state): State<AppState>,
    Q(q): Q<Term>,
) -> Result<Response, ApiError> {
    let prefix = accounts::name::id_of(q.term.trim());
    let users = if prefix.chars().count() < 2 {
        Vec::new()
    } else {
        state.store().users_from(&prefix, MAX_FOUND).await?
    };
    if q.object != Some(true) {
        let names: Vec<String> = users.into_iter().map(|u| u.name).collect();
        return Ok(Json(names).into_response());
    }
    let mut result = Vec::with_capacity(users.len());
    for u in users {
        result.push(wire::UserStatus {
            online: accounts::presence::is_online(&state, &u.id).await?,
            playing: !state.store().playing(&u.id).await?.is_empty(),
            id: u.id,
            name: u.name,
            title: u.title,
        });
    }
    Ok(Json(wire::Found { result }).into_response())
}

#[cfg(test)]
mod tests {
    /// The day counts the rating history's points are dated by.
    fn civil(days: i64) -> (i64, i64, i64) {
        sakk::pgn::civil_date(days * 86_400)
    }

    #[test]
    fn days_become_civil_dates() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(59), (1970, 3, 1));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(20_790), (2026, 12, 3));
        assert_eq!(civil(-1), (1969, 12, 31));
    }
}
