//! Games exported as lichess exports them: `GET /game/export/{id}` (one
//! game) and `GET /api/games/user/{username}` (an account's games, newest
//! first): PGN by default, with the players' names, titles, ratings and
//! rating changes; lichess's JSON (one object, or NDJSON for a list) when
//! the client asks for JSON.

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use sakk_rating::Speed;
use serde_json::{json, Value};

use super::board::state_of;
use super::{P, Q};
use crate::challenges::{game_perf, game_speed, perf_of, wire as cw};
use crate::dispatch::dispatch;
use crate::error::ApiError;
use crate::ops::{Answer, Caller, Op};
use crate::state::AppState;
use crate::store::{GameRow, GamesFilter};
use crate::wire::Side;

/// A player as an export names them: id, name, title.
type Named = Option<(String, String, Option<String>)>;

/// Both players' names (`None`: a side no account plays), and the rating
/// changes once written.
pub(crate) async fn players(
    state: &AppState,
    row: &GameRow,
) -> Result<(Named, Named, Option<(i64, i64)>), ApiError> {
    let name = |user: Option<String>| async move {
        Ok::<_, ApiError>(match user {
            Some(u) => state
                .store()
                .user(&u)
                .await?
                .map(|u| (u.id, u.name, u.title)),
            None => None,
        })
    };
    let white = name(row.white_user.clone()).await?;
    let black = name(row.black_user.clone()).await?;
    let diffs = state.store().rating_diffs(&row.id).await?;
    Ok((white, black, diffs))
}

/// A game as lichess's JSON export has it.
async fn as_json(state: &AppState, row: &GameRow) -> Result<Value, ApiError> {
    let id = &row.id;
    let (white, black, diffs) = players(state, row).await?;
    let shown = crate::challenges::shown(state, id).await?;
    let speed = game_speed(row.clock.as_deref());
    // The computer's level on the side it plays.
    let ai = |side: Side| {
        row.level
            .filter(|_| row.human_color.is_some_and(|h| h != side))
    };
    let player = |who: &Named,
                  ai: Option<i64>,
                  rating: Option<i64>,
                  provisional: bool,
                  diff: Option<i64>| {
        let mut p = json!({});
        match (who, ai) {
            (Some((id, name, title)), _) => {
                p["user"] = json!({"id": id, "name": name});
                if let Some(t) = title {
                    p["user"]["title"] = json!(t);
                }
            }
            (None, Some(level)) => p["aiLevel"] = json!(level),
            (None, None) => {}
        }
        if let Some(r) = rating {
            p["rating"] = json!(r);
            if provisional {
                p["provisional"] = json!(true);
            }
        }
        if let Some(d) = diff {
            p["ratingDiff"] = json!(d);
        }
        p
    };
    let san: Vec<&str> = shown["san"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut game = json!({
        "id": id,
        "rated": row.rated,
        "variant": cw::variant_of_game(row).key,
        "speed": speed,
        "perf": perf_of(row.variant(), speed),
        "createdAt": row.created_at,
        "lastMoveAt": row.updated_at,
        "status": state_of(&shown)["status"],
        "players": {
            "white": player(&white, ai(Side::White), row.white_rating, row.white_provisional, diffs.map(|d| d.0)),
            "black": player(&black, ai(Side::Black), row.black_rating, row.black_provisional, diffs.map(|d| d.1)),
        },
        "moves": san.join(" "),
    });
    if let Some(w) = shown["winner"].as_str() {
        game["winner"] = json!(w);
    }
    Ok(game)
}

/// A game's PGN with the players' names, titles, ratings and changes.
async fn as_pgn(state: &AppState, row: &GameRow) -> Result<String, ApiError> {
    let id = &row.id;
    let (white, black, diffs) = players(state, row).await?;
    let text = match dispatch(state, id, &Caller::anonymous(), Op::Pgn).await? {
        Answer::Pgn { text } => text,
        _ => return Err(ApiError::Internal("not a PGN".to_string())),
    };
    let mut games = sakk::pgn::read_games(text.as_bytes());
    let mut pgn = match games.next() {
        Some(Ok(pgn)) => pgn,
        _ => return Err(ApiError::Internal("the game's own PGN".to_string())),
    };
    pgn.set_tag("Site", &format!("{}/game/{id}", state.public_url()));
    // A tournament's game: its event, round and players by name.
    if let Some(event) = crate::tournament::event_of_game(state, row.tournament.as_deref()).await? {
        crate::tournament::tag_online_game(&mut pgn, &event, id);
    }
    if white.is_some() && black.is_some() {
        let kind = if row.rated { "Rated" } else { "Casual" };
        pgn.set_tag(
            "Event",
            &format!("{kind} {} game", cw::perf_name(game_perf(row))),
        );
    }
    let sides = [
        ("White", &white, row.white_rating, diffs.map(|d| d.0)),
        ("Black", &black, row.black_rating, diffs.map(|d| d.1)),
    ];
    for (side, who, rating, diff) in sides {
        if let Some((_, name, title)) = who {
            pgn.set_tag(side, name);
            if let Some(t) = title {
                pgn.set_tag(&format!("{side}Title"), t);
            }
        }
        if let Some(r) = rating {
            pgn.set_tag(&format!("{side}Elo"), &r.to_string());
        }
        if let Some(d) = diff {
            pgn.set_tag(&format!("{side}RatingDiff"), &format!("{d:+}"));
        }
    }
    Ok(sakk::pgn::write_game(
        &pgn,
        &sakk::pgn::ExportOptions::default(),
    ))
}

/// Whether the client asked for JSON (`Accept`), as lichess reads it.
fn wants(headers: &HeaderMap, kind: &str) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains(kind))
}

/// The PGN content type.
const PGN: &str = "application/x-chess-pgn; charset=utf-8";

/// `GET /game/export/{id}`: the game as PGN (lichess's default), or as
/// lichess's JSON with `Accept: application/json`.
pub(crate) async fn game(
    State(state): State<AppState>,
    P(id): P<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let row = state
        .store()
        .game_row(&id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if wants(&headers, "application/json") {
        return Ok(Json(as_json(&state, &row).await?).into_response());
    }
    Ok(([(header::CONTENT_TYPE, PGN)], as_pgn(&state, &row).await?).into_response())
}

/// The query of `/api/games/user/{username}` (lichess's names).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct UserGames {
    /// The most games (lichess's `max`; none: all of them).
    #[serde(default)]
    max: Option<u32>,
    /// Against this player only.
    #[serde(default)]
    vs: Option<String>,
    /// Rated (`true`) or casual (`false`) only.
    #[serde(default)]
    rated: Option<bool>,
    /// These categories only, comma-separated (`blitz,rapid`).
    #[serde(default)]
    perf_type: Option<String>,
    /// Played with this colour only.
    #[serde(default)]
    color: Option<Side>,
    /// Begun at or after, milliseconds since the Unix epoch.
    #[serde(default)]
    since: Option<i64>,
    /// Begun at or before.
    #[serde(default)]
    until: Option<i64>,
    /// Games in play too (lichess's default: no).
    #[serde(default)]
    ongoing: Option<bool>,
    /// Ended games (lichess's default: yes).
    #[serde(default)]
    finished: Option<bool>,
}

/// The games read from the database at a time.
const PAGE: i64 = 100;

/// An account's games as a [`UserGames`] query asks for them, newest
/// first, read a page at a time.
struct Pages {
    state: AppState,
    user: String,
    filter: GamesFilter,
    /// These categories only (none: all).
    speeds: Option<Vec<Speed>>,
    /// How many more may be given (none: no limit).
    left: Option<u32>,
    /// The database has no more.
    done: bool,
}

impl Pages {
    fn new(state: &AppState, user: &str, q: &UserGames) -> Pages {
        // Which games by whether they ended; and whether none at all are
        // asked for (neither ongoing nor finished).
        let (finished, none) = match (q.ongoing.unwrap_or(false), q.finished.unwrap_or(true)) {
            (true, true) => (None, false),
            (false, true) => (Some(true), false),
            (true, false) => (Some(false), false),
            (false, false) => (None, true),
        };
        Pages {
            state: state.clone(),
            user: user.to_string(),
            filter: GamesFilter {
                vs: q.vs.as_deref().map(crate::accounts::name::id_of),
                color: q.color,
                rated: q.rated,
                since: q.since,
                until: q.until,
                finished,
                before: None,
            },
            speeds: q.perf_type.as_deref().map(|list| {
                list.split(',')
                    .filter_map(|k| Speed::from_key(k.trim()))
                    .collect()
            }),
            left: if none { Some(0) } else { q.max },
            done: false,
        }
    }

    /// The next games asked for (none: no more).
    async fn next(&mut self) -> Result<Vec<GameRow>, ApiError> {
        loop {
            // Categories of which none is known match nothing: no reading.
            let none_known = self.speeds.as_ref().is_some_and(Vec::is_empty);
            if self.done || self.left == Some(0) || none_known {
                return Ok(Vec::new());
            }
            // Without a category to sift by, no more rows than are wanted.
            let page = match (self.left, &self.speeds) {
                (Some(left), None) => PAGE.min(i64::from(left)),
                _ => PAGE,
            };
            let rows = self
                .state
                .store()
                .games_of(&self.user, &self.filter, page)
                .await?;
            self.done = rows.len() < usize::try_from(page).unwrap_or(usize::MAX);
            if let Some(last) = rows.last() {
                self.filter.before = Some((last.created_at, last.id.clone()));
            }
            let mut kept: Vec<GameRow> = rows
                .into_iter()
                .filter(|r| {
                    self.speeds
                        .as_ref()
                        .is_none_or(|s| s.contains(&game_perf(r)))
                })
                .collect();
            if let Some(left) = &mut self.left {
                kept.truncate(*left as usize);
                *left -= u32::try_from(kept.len()).unwrap_or(*left);
            }
            if !kept.is_empty() {
                return Ok(kept);
            }
        }
    }
}

/// Games as `/api/games/user` writes them: NDJSON of lichess's JSON, or
/// PGN one after another.
async fn written(state: &AppState, rows: &[GameRow], ndjson: bool) -> Result<String, ApiError> {
    let mut out = String::new();
    for row in rows {
        if ndjson {
            let game = as_json(state, row).await?;
            out.push_str(
                &serde_json::to_string(&game).map_err(|e| ApiError::Internal(e.to_string()))?,
            );
        } else {
            out.push_str(&as_pgn(state, row).await?);
        }
        out.push('\n');
    }
    Ok(out)
}

/// `GET /api/games/user/{username}`: an account's games, newest first, as
/// PGN (one after another), or NDJSON of lichess's JSON with `Accept:
/// application/x-ndjson`; lichess's filters (`max`, `vs`, `rated`,
/// `perfType`, `color`, `since`, `until`, `ongoing`, `finished`). All of
/// them unless `max` says otherwise, streamed as they are read, a page at
/// a time (a failure after the first page ends the stream early, logged).
pub(crate) async fn user_games(
    State(state): State<AppState>,
    P(username): P<String>,
    Q(q): Q<UserGames>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let user = state
        .store()
        .user(&crate::accounts::name::id_of(&username))
        .await?
        .ok_or_else(crate::accounts::no_such_user)?;
    let ndjson = wants(&headers, "application/x-ndjson") || wants(&headers, "application/json");
    let mut pages = Pages::new(&state, &user.id, &q);
    // The first page read before the answer begins: a database that cannot
    // be read is a 503, not an empty list.
    let first = pages.next().await?;
    let first = written(&state, &first, ndjson).await?;
    let rest = futures_util::stream::unfold(Some(pages), move |pages| async move {
        let mut pages = pages?;
        let rows = match pages.next().await {
            Ok(rows) if rows.is_empty() => return None,
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!(error = %e, "an account's games cut short");
                return None;
            }
        };
        match written(&pages.state, &rows, ndjson).await {
            Ok(text) => Some((text, Some(pages))),
            Err(e) => {
                tracing::warn!(error = %e, "an account's games cut short");
                None
            }
        }
    });
    let body = futures_util::StreamExt::map(
        futures_util::StreamExt::chain(futures_util::stream::once(async move { first }), rest),
        Ok::<_, std::convert::Infallible>,
    );
    let kind = if ndjson { "application/x-ndjson" } else { PGN };
    Ok((
        [(header::CONTENT_TYPE, kind)],
        axum::body::Body::from_stream(body),
    )
        .into_response())
}
