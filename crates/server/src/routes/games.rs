//! Games: create, list, show, PGN, seat, rematch; and the health checks.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use sakk::{Color, Position};

use super::accounts::Player;
use super::token;
use super::{P, Q};
use crate::codes::ErrorCode;
use crate::dispatch::dispatch;
use crate::error::ApiError;
use crate::live::{ClockSpec, RulesSpec};
use crate::new_game::{self, NewGame};
use crate::ops::{Answer, Caller, Op};
use crate::state::AppState;
use crate::wire::{
    ClockInUse, Created, GameList, GameStatus, Links, Opponent, Seats, Side, Status, Summary,
    SummaryEvent, Variant,
};

/// The body of `POST /api/games`. Its names are read here, not by serde,
/// so that a wrong one gets its own code (`bad_opponent`, `bad_color`); the
/// front-end's type says which names there are.
#[derive(Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub(crate) struct NewGameRequest {
    /// `local`, `friend` or `computer`.
    #[cfg_attr(test, ts(type = "Opponent"))]
    opponent: String,
    /// The creator's colour: `white`, `black` or `random` (not for a local
    /// game).
    #[serde(default)]
    #[cfg_attr(test, ts(type = "Side | \"random\"", optional))]
    color: Option<String>,
    /// The computer's level, 1–8 (only against the computer).
    #[serde(default)]
    #[cfg_attr(test, ts(type = "number", optional))]
    level: Option<i64>,
    /// The clock, or none.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    clock: Option<ClockSpec>,
    /// Event rules.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    rules: Option<RulesSpec>,
    /// A start position other than the standard one (FEN, or `startpos`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    fen: Option<String>,
    /// `standard` (the default) or `chess960`: then the start position is
    /// `chess960`'s number, or the `fen` read as Chess960, or one drawn at
    /// random.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    variant: Option<Variant>,
    /// A Chess960 start position's number, 0–959 (Scharnagl's; 518 is the
    /// standard array).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    chess960: Option<u16>,
}

/// The start position a request for a new game asks for.
fn start_position(req: &NewGameRequest) -> Result<Position, ApiError> {
    let fen = req
        .fen
        .as_deref()
        .map(str::trim)
        .filter(|f| *f != "startpos");
    // The variant may come as the rules' own field too (the state shows it
    // there); said twice, it must be said alike.
    let in_rules = req.rules.map(|r| r.variant).filter(|v| !v.is_standard());
    let variant = match (req.variant, in_rules) {
        (Some(a), Some(b)) if a != b => return Err(ApiError::bad(ErrorCode::BadChess960)),
        (a, b) => a.or(b).unwrap_or_default(),
    };
    match (variant, fen, req.chess960) {
        (Variant::Standard, _, Some(_)) | (Variant::Chess960, Some(_), Some(_)) => {
            Err(ApiError::bad(ErrorCode::BadChess960))
        }
        (Variant::Standard, None, None) => Ok(Position::new()),
        // A FEN that only Chess960 can read (Shredder-FEN, X-FEN) makes a
        // Chess960 game by itself.
        (Variant::Standard, Some(fen), None) => Position::from_any_fen(fen).map_err(ApiError::from),
        (Variant::Chess960, Some(fen), None) => {
            Position::from_fen_with_mode(fen, sakk::CastlingMode::Chess960).map_err(ApiError::from)
        }
        (Variant::Chess960, None, number) => {
            let number = match number {
                Some(n) => n,
                None => {
                    let mut b = [0u8; 4];
                    getrandom::fill(&mut b).map_err(|e| ApiError::Internal(e.to_string()))?;
                    let drawn = u32::from_le_bytes(b) % u32::from(sakk::CHESS960_POSITIONS);
                    u16::try_from(drawn).unwrap_or(sakk::STANDARD_CHESS960_NUMBER)
                }
            };
            Position::chess960(number).ok_or_else(|| ApiError::bad(ErrorCode::BadChess960))
        }
    }
}

/// Checks a request for a new game: every field must apply to the game's
/// kind (a `level` for a friend game is refused, not ignored).
fn new_game(state: &AppState, req: NewGameRequest) -> Result<NewGame, ApiError> {
    let opponent =
        Opponent::parse(&req.opponent).ok_or_else(|| ApiError::bad(ErrorCode::BadOpponent))?;
    if opponent != Opponent::Computer && req.level.is_some() {
        return Err(ApiError::bad_field(
            ErrorCode::FieldNotForOpponent,
            "level",
            opponent,
        ));
    }
    if opponent == Opponent::Local && req.color.is_some() {
        return Err(ApiError::bad_field(
            ErrorCode::FieldNotForOpponent,
            "color",
            opponent,
        ));
    }
    let color = match req.color.as_deref() {
        None | Some("random") => {
            let mut b = [0u8; 1];
            getrandom::fill(&mut b).map_err(|e| ApiError::Internal(e.to_string()))?;
            if b[0] & 1 == 0 {
                Color::White
            } else {
                Color::Black
            }
        }
        Some(name) => Side::parse(name)
            .map(Color::from)
            .ok_or_else(|| ApiError::bad(ErrorCode::BadColor))?,
    };
    let level = match (opponent, req.level) {
        (Opponent::Computer, Some(l)) if (1..=8).contains(&l) => Some(l),
        (Opponent::Computer, None) => Some(4),
        (Opponent::Computer, Some(_)) => return Err(ApiError::bad(ErrorCode::BadLevel)),
        _ => None,
    };
    let start = start_position(&req)?;
    // A position where the game is already over is no game to play.
    if let Some(over) = sakk::Game::from_position(start).outcome() {
        return Err(ApiError::BadRequest {
            code: ErrorCode::PositionOver,
            args: vec![("termination", over.termination.code().to_string())],
        });
    }
    if let Some(clock) = &req.clock {
        new_game::check_clock(clock, state.min_clock())?;
    }
    Ok(NewGame {
        id: None,
        opponent,
        color,
        level,
        start,
        clock: req.clock,
        rules: req.rules.unwrap_or_default(),
        accounts: None,
    })
}

/// A seat's link: the token in the fragment, which browsers never send to
/// a server (so it is in no access log and no `Referer`); the page takes it
/// out of the address bar at once.
fn seat_link(state: &AppState, id: &str, token: &str) -> String {
    format!("{}/game/{id}#token={token}", state.public_url())
}

/// `POST /api/games`.
pub(crate) async fn create(
    State(state): State<AppState>,
    super::Body(req): super::Body<NewGameRequest>,
) -> Result<Response, ApiError> {
    let new = new_game(&state, req)?;
    let (opponent, color) = (new.opponent, new.color);
    let (id, white, black) = new_game::create(&state, new).await?;
    let spectator = format!("{}/game/{id}", state.public_url());
    let (tokens, seats) = if opponent == Opponent::Computer {
        let own = if color.is_white() { &white } else { &black };
        let one = |t: &String| {
            let mut s = Seats::default();
            match Side::from(color) {
                Side::White => s.white = Some(t.clone()),
                Side::Black => s.black = Some(t.clone()),
            }
            s
        };
        (one(own), one(&seat_link(&state, &id, own)))
    } else {
        (
            Seats {
                white: Some(white.clone()),
                black: Some(black.clone()),
            },
            Seats {
                white: Some(seat_link(&state, &id, &white)),
                black: Some(seat_link(&state, &id, &black)),
            },
        )
    };
    let created = Created {
        id,
        color: (opponent != Opponent::Local).then(|| color.into()),
        tokens,
        urls: Links { seats, spectator },
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// `GET /api/games/{id}`.
pub(crate) async fn show(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Response, ApiError> {
    Ok(dispatch(&state, &id, &Caller::anonymous(), Op::State)
        .await?
        .into_response())
}

/// `GET /api/games/{id}/pgn`.
pub(crate) async fn pgn(
    State(state): State<AppState>,
    P(id): P<String>,
) -> Result<Response, ApiError> {
    let answer = dispatch(&state, &id, &Caller::anonymous(), Op::Pgn).await?;
    let Answer::Pgn { text } = answer else {
        return Ok(answer.into_response());
    };
    // A tournament's game names its event, round and players.
    let tournament = match state.store().game_row(&id).await? {
        Some(row) => row.tournament,
        None => None,
    };
    let Some(event) = crate::tournament::event_of_game(&state, tournament.as_deref()).await? else {
        return Ok(Answer::Pgn { text }.into_response());
    };
    let tagged = match sakk::pgn::read_games(text.as_bytes()).next() {
        Some(Ok(mut game)) => {
            crate::tournament::tag_online_game(&mut game, &event, &id);
            Some(sakk::pgn::write_game(
                &game,
                &sakk::pgn::ExportOptions::default(),
            ))
        }
        _ => None,
    };
    Ok(Answer::Pgn {
        text: tagged.unwrap_or(text),
    }
    .into_response())
}

/// `GET /api/games/{id}/seat`: the colours the request's token (or
/// account) plays.
pub(crate) async fn seat(
    State(state): State<AppState>,
    P(id): P<String>,
    Player(caller): Player,
) -> Result<Response, ApiError> {
    Ok(dispatch(&state, &id, &caller, Op::Seat)
        .await?
        .into_response())
}

/// `POST /api/games/{id}/rematch`: after the end, the same settings with
/// colours swapped. The first call creates the game; every seat's call
/// answers with that seat's place in it (the same token as before).
pub(crate) async fn rematch(
    State(state): State<AppState>,
    P(id): P<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    Ok(dispatch(
        &state,
        &id,
        &Caller::Token(token(&headers).to_string()),
        Op::Rematch,
    )
    .await?
    .into_response())
}

#[derive(Debug, Deserialize)]
pub(crate) struct ListQuery {
    #[serde(default)]
    status: Option<String>,
    /// The `next` of the previous page.
    #[serde(default)]
    after: Option<String>,
    /// Games per page (1–100, default 50).
    #[serde(default)]
    limit: Option<i64>,
}

/// `GET /api/games[?status=…&after=…&limit=…]`: a page of the games,
/// newest first.
pub(crate) async fn list(
    State(state): State<AppState>,
    Q(q): Q<ListQuery>,
) -> Result<Json<GameList>, ApiError> {
    let status = match q.status.as_deref() {
        None | Some("") => None,
        Some(s) => Some(Status::parse(s).ok_or_else(|| ApiError::bad(ErrorCode::BadStatus))?),
    };
    let after = match q.after.as_deref() {
        None | Some("") => None,
        Some(cursor) => Some(
            cursor
                .split_once('.')
                .and_then(|(t, id)| Some((t.parse::<i64>().ok()?, id.to_string())))
                .ok_or_else(|| ApiError::bad(ErrorCode::BadCursor))?,
        ),
    };
    let limit = match q.limit {
        None => 50,
        Some(n) if (1..=100).contains(&n) => n,
        Some(_) => return Err(ApiError::bad(ErrorCode::BadLimit)),
    };
    let rows = state
        .store()
        .page(
            status,
            after.as_ref().map(|(t, id)| (*t, id.as_str())),
            limit,
        )
        .await?;
    let next = (rows.len() == usize::try_from(limit).unwrap_or(usize::MAX))
        .then(|| {
            rows.last()
                .map(|(r, _)| format!("{}.{}", r.created_at, r.id))
        })
        .flatten();
    let mut names = Names::default();
    let mut games = Vec::with_capacity(rows.len());
    for (r, n) in rows {
        let Sides {
            names: [white_name, black_name],
            titles: [white_title, black_title],
            ratings: [white_rating, black_rating],
            event,
        } = names.of(&state, &r).await?;
        games.push(Summary {
            white_name,
            black_name,
            white_title,
            black_title,
            white_rating,
            black_rating,
            white_provisional: r.white_provisional && white_rating.is_some(),
            black_provisional: r.black_provisional && black_rating.is_some(),
            rated: r.rated,
            event,
            clock: r
                .clock
                .as_deref()
                .and_then(|c| serde_json::from_str::<ClockSpec>(c).ok())
                .and_then(|c| c.time_control().ok())
                .as_ref()
                .and_then(ClockInUse::of),
            status: GameStatus::of(r.termination.map(Into::into), n > 0),
            id: r.id,
            opponent: r.opponent,
            level: r.level,
            human_color: r.human_color,
            result: r.result,
            termination: r.termination,
            moves: n,
            created_at: r.created_at,
            updated_at: r.updated_at,
        });
    }
    Ok(Json(GameList { games, next }))
}

/// The players' names and tournaments of a page of games, each account and
/// tournament read once.
#[derive(Default)]
struct Names {
    /// An account's name and title, by its id.
    accounts: HashMap<String, Option<(String, Option<String>)>>,
    tournaments: HashMap<String, Option<sakk_tournament::event::Event>>,
}

/// A listed game's players (White, then Black) and tournament round.
struct Sides {
    names: [Option<String>; 2],
    titles: [Option<String>; 2],
    ratings: [Option<i64>; 2],
    event: Option<SummaryEvent>,
}

impl Names {
    /// White's and Black's names, titles and ratings, and the tournament
    /// round of game `r`.
    async fn of(&mut self, state: &AppState, r: &crate::store::GameRow) -> Result<Sides, ApiError> {
        let mut sides = [None, None];
        let mut titles = [None, None];
        for (i, user) in [&r.white_user, &r.black_user].into_iter().enumerate() {
            let Some(user) = user else { continue };
            if !self.accounts.contains_key(user) {
                let named = state.store().user(user).await?.map(|u| (u.name, u.title));
                self.accounts.insert(user.clone(), named);
            }
            if let Some((name, title)) = self.accounts.get(user).cloned().flatten() {
                sides[i] = Some(name);
                titles[i] = title;
            }
        }
        let mut ratings = [r.white_rating, r.black_rating];
        let mut event = None;
        if let Some(tid) = &r.tournament {
            if !self.tournaments.contains_key(tid) {
                let e = crate::tournament::event_of_game(state, Some(tid)).await?;
                self.tournaments.insert(tid.clone(), e);
            }
            let found = self
                .tournaments
                .get(tid)
                .and_then(Option::as_ref)
                .and_then(|e| Some((e, crate::tournament::game_in_tournament(e, tid, &r.id)?)));
            if let Some((e, g)) = found {
                for (i, entered) in [g.white, g.black].into_iter().enumerate() {
                    if sides[i].is_none() {
                        sides[i] = Some(entered.name);
                        titles[i] = Some(entered.title).filter(|t| !t.is_empty());
                    }
                    if ratings[i].is_none() {
                        ratings[i] = entered.rating.map(i64::from);
                    }
                }
                event = Some(SummaryEvent {
                    id: tid.clone(),
                    name: e.settings.name.clone(),
                    round: g.round,
                });
            }
        }
        Ok(Sides {
            names: sides,
            titles,
            ratings,
            event,
        })
    }
}

/// `GET /healthz`: the process answers.
pub(crate) async fn healthz() -> Json<serde_json::Value> {
    Json(serde_json::json!({"status": "ok"}))
}

/// `GET /readyz`: the server can take games (storage answers, not shutting
/// down; in a cluster, the node holds its lease and reaches NATS); 503
/// otherwise.
pub(crate) async fn readyz(
    State(state): State<AppState>,
) -> Result<Json<serde_json::Value>, ApiError> {
    if state.is_shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    state.store().ping().await?;
    if state.node().is_some_and(|n| !n.holds()) {
        return Err(ApiError::NodeUnavailable);
    }
    if !state.bus().is_up() {
        return Err(ApiError::BusUnavailable);
    }
    Ok(Json(serde_json::json!({"status": "ready"})))
}
