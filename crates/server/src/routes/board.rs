//! lichess's Board and Bot APIs over games between accounts, at lichess's
//! paths, so that a client written for lichess plays here unchanged:
//! `GET /api/{board|bot}/game/stream/{id}` (`gameFull` with the players,
//! their ratings, the speed and the clock, then `gameState` after each
//! change, as lichess writes them), `POST …/game/{id}/move/{uci}`
//! (`?offeringDraw=true`), `…/draw/{yes|no}` (yes accepts the opponent's
//! offer, offers one with the move just made, or on one's own turn claims
//! a standing threefold or fifty-move draw), `…/takeback/{yes|no}`,
//! `…/resign`, `…/abort`, `…/chat` (the exports are in `export.rs`). A
//! request acts as its
//! account (a personal token with `board:play` or `bot:play`, or the
//! browser's session), on the seat the game gives the account.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::accounts::Me;
use super::challenges::{ok, Ok as Done};
use super::watch::{full, relay};
use super::{P, Q};
use crate::accounts::{Auth, Scope};
use crate::challenges::{game_speed, perf_of, wire as cw, RATINGS};
use crate::codes::ErrorCode;
use crate::command::{parse_answer, Command};
use crate::dispatch::dispatch;
use crate::error::ApiError;
use crate::live::ClockSpec;
use crate::ops::{Caller, Op};
use crate::state::AppState;
use crate::store::{GameRow, UserRow};
use crate::wire::ChatRoom;

/// Checks that `auth` may use the API a path belongs to: `/api/board/…`
/// (a token with `board:play`, an account that is not a bot) or
/// `/api/bot/…` (`bot:play`, a BOT account), as lichess has them.
fn may_use(auth: &Auth, api: &str) -> Result<(), ApiError> {
    let bot = auth.user().title.as_deref() == Some("BOT");
    match api {
        "board" if bot => Err(ApiError::Forbidden(ErrorCode::BotOnBoard)),
        "board" => auth.require(Scope::BoardPlay),
        "bot" if !bot => Err(ApiError::Forbidden(ErrorCode::NotABot)),
        "bot" => auth.require(Scope::BotPlay),
        _ => Err(ApiError::NoRoute(format!("/api/{api}"))),
    }
}

/// Who plays a side of a game with an account.
enum Seat {
    /// An account.
    Account(UserRow),
    /// The computer, at its level.
    Computer(i64),
    /// A player without an account (a tournament's, by their link).
    Guest,
}

/// A game of the account's: its row and who plays each side (two
/// accounts, the account and the computer, or the account and a player
/// without one).
async fn own_game(
    state: &AppState,
    auth: &Auth,
    id: &str,
) -> Result<(GameRow, Seat, Seat), ApiError> {
    let row = state
        .store()
        .game_row(id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let user = &auth.user().id;
    if row.white_user.as_deref() != Some(user) && row.black_user.as_deref() != Some(user) {
        return Err(ApiError::Forbidden(ErrorCode::NotYourGame));
    }
    let level = row.level;
    let seat = |account: Option<String>| async move {
        match (account, level) {
            (Some(id), _) => state
                .store()
                .user(&id)
                .await?
                .map(Seat::Account)
                .ok_or_else(crate::accounts::no_such_user),
            (None, Some(level)) => Ok(Seat::Computer(level)),
            (None, None) => Ok(Seat::Guest),
        }
    };
    let white = seat(row.white_user.clone()).await?;
    let black = seat(row.black_user.clone()).await?;
    Ok((row, white, black))
}

/// The players and settings of a game, as lichess's `gameFull` has them.
struct Header {
    row: GameRow,
    white: Seat,
    black: Seat,
}

impl Header {
    fn player(&self, seat: &Seat, rating: Option<i64>, provisional: bool) -> Value {
        match seat {
            Seat::Account(user) => {
                let mut p = json!({
                    "id": user.id,
                    "name": user.name,
                    "title": user.title,
                    "rating": rating.unwrap_or(i64::from(RATINGS.new_perf().int_rating())),
                });
                // As lichess writes it: only when it is (a game without a
                // rating stored gives the starting one, provisional).
                if provisional || rating.is_none() {
                    p["provisional"] = json!(true);
                }
                p
            }
            Seat::Computer(level) => json!({ "aiLevel": level }),
            // As lichess shows an anonymous player: nothing.
            Seat::Guest => json!({}),
        }
    }

    /// lichess's `gameFull` from ours.
    fn full(&self, ours: &Value) -> Value {
        let speed = game_speed(self.row.clock.as_deref());
        // The clock as the server reads it, however it was written (a
        // preset, a typed control, fields).
        let control = self
            .row
            .clock
            .as_deref()
            .and_then(|c| serde_json::from_str::<ClockSpec>(c).ok())
            .and_then(|c| c.time_control().ok());
        // Days a move: no clock, lichess's `daysPerTurn` instead.
        let days = control.as_ref().and_then(sakk::TimeControl::days_per_move);
        let clock = control
            .as_ref()
            .and_then(crate::wire::ClockInUse::of)
            .filter(|_| days.is_none())
            .map_or(
                Value::Null,
                |c| json!({ "initial": c.initial, "increment": c.increment }),
            );
        // Chess960's standard array (518) is no `startpos`: its castling
        // is written otherwise.
        let initial = if self.row.start_fen == sakk::Position::new().fen()
            && self.row.variant().is_standard()
        {
            "startpos".to_string()
        } else {
            self.row.start_fen.clone()
        };
        let mut full = json!({
            "type": "gameFull",
            "id": self.row.id,
            "variant": cw::variant_of_game(&self.row),
            "speed": speed,
            "perf": {"name": cw::perf_name(perf_of(self.row.variant(), speed))},
            "rated": self.row.rated,
            "createdAt": self.row.created_at,
            "white": self.player(&self.white, self.row.white_rating, self.row.white_provisional),
            "black": self.player(&self.black, self.row.black_rating, self.row.black_provisional),
            "initialFen": initial,
            "clock": clock,
            "state": state_of(&ours["state"]),
        });
        if let Some(days) = days {
            full["daysPerTurn"] = json!(days);
        }
        full
    }
}

/// The longest time lichess shows for a game without a clock.
const NO_CLOCK_MS: i64 = 2_147_483_647;

/// lichess's `gameState` from our state: the moves, the times in
/// milliseconds, the status (`started` from the first line), the offers.
pub(crate) fn state_of(ours: &Value) -> Value {
    let status = match ours["status"].as_str().unwrap_or("started") {
        "created" => "started",
        other => other,
    };
    let mut s = json!({
        "type": "gameState",
        "moves": ours["moves"].as_str().unwrap_or(""),
        "wtime": ours["wtime"].as_i64().unwrap_or(NO_CLOCK_MS),
        "btime": ours["btime"].as_i64().unwrap_or(NO_CLOCK_MS),
        "winc": ours["winc"].as_i64().unwrap_or(0),
        "binc": ours["binc"].as_i64().unwrap_or(0),
        "status": status,
        "wdraw": ours["wdraw"].as_bool().unwrap_or(false),
        "bdraw": ours["bdraw"].as_bool().unwrap_or(false),
        "wtakeback": ours["wtakeback"].as_bool().unwrap_or(false),
        "btakeback": ours["btakeback"].as_bool().unwrap_or(false),
    });
    if let Some(w) = ours["winner"].as_str() {
        s["winner"] = json!(w);
    }
    s
}

/// Our event line in lichess's words.
fn translate(header: &Header, line: &str) -> Option<String> {
    let ours: Value = serde_json::from_str(line).ok()?;
    let theirs = match ours["type"].as_str()? {
        "gameFull" => header.full(&ours),
        "gameState" => state_of(&ours),
        // lichess's own shape already.
        "chatLine" => ours,
        _ => return None,
    };
    serde_json::to_string(&theirs).ok()
}

/// `GET /api/{board|bot}/game/stream/{id}`: the game as lichess streams
/// it to a player, until it ends.
pub(crate) async fn stream(
    State(state): State<AppState>,
    axum::Extension(crate::client::ClientAddr(addr)): axum::Extension<crate::client::ClientAddr>,
    Me(auth): Me,
    P((api, id)): P<(String, String)>,
) -> Result<Response, ApiError> {
    may_use(&auth, &api)?;
    let (row, white, black) = own_game(&state, &auth, &id).await?;
    let header = Header { row, white, black };
    let place = state
        .watchers()
        .open(addr)
        .ok_or(ApiError::TooManyWatchers)?;
    let first = full(&state, &id).await?;
    if translate(&header, &first.0).is_none() {
        return Err(ApiError::Internal(
            "a state lichess cannot read".to_string(),
        ));
    }
    // A player's stream carries both rooms, as lichess's does.
    let rooms = &[ChatRoom::Player, ChatRoom::Spectator];
    let lines = relay(state, id, place, first, rooms, move |line| {
        translate(&header, line)
    });
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], lines).into_response())
}

/// Runs a player's command as their account.
async fn act(
    state: &AppState,
    auth: &Auth,
    api: &str,
    id: &str,
    command: Command,
) -> Result<Json<Done>, ApiError> {
    may_use(auth, api)?;
    let caller = Caller::Account(auth.user().id.clone());
    dispatch(state, id, &caller, Op::Act(command)).await?;
    Ok(ok())
}

#[derive(Debug, serde::Deserialize)]
pub(crate) struct MoveQuery {
    #[serde(rename = "offeringDraw", default)]
    offering_draw: Option<bool>,
}

/// `POST /api/{board|bot}/game/{id}/move/{uci}`.
pub(crate) async fn play_move(
    State(state): State<AppState>,
    Me(auth): Me,
    P((api, id, mv)): P<(String, String, String)>,
    Q(q): Q<MoveQuery>,
) -> Result<Json<Done>, ApiError> {
    let command = Command::Move {
        text: mv,
        lang: None,
        offering_draw: q.offering_draw == Some(true),
    };
    act(&state, &auth, &api, &id, command).await
}

fn yes_or_no(answer: &str) -> Result<bool, ApiError> {
    parse_answer(answer).ok_or_else(|| ApiError::bad(ErrorCode::BadAnswer))
}

/// `POST /api/{board|bot}/game/{id}/draw/{yes|no}`.
pub(crate) async fn draw(
    State(state): State<AppState>,
    Me(auth): Me,
    P((api, id, answer)): P<(String, String, String)>,
) -> Result<Json<Done>, ApiError> {
    let command = if yes_or_no(&answer)? {
        Command::OfferDraw
    } else {
        Command::AnswerDraw { accept: false }
    };
    act(&state, &auth, &api, &id, command).await
}

/// `POST /api/{board|bot}/game/{id}/takeback/{yes|no}`.
pub(crate) async fn takeback(
    State(state): State<AppState>,
    Me(auth): Me,
    P((api, id, answer)): P<(String, String, String)>,
) -> Result<Json<Done>, ApiError> {
    let yes = yes_or_no(&answer)?;
    act(&state, &auth, &api, &id, Command::Takeback { yes }).await
}

/// `POST /api/{board|bot}/game/{id}/resign`.
pub(crate) async fn resign(
    State(state): State<AppState>,
    Me(auth): Me,
    P((api, id)): P<(String, String)>,
) -> Result<Json<Done>, ApiError> {
    act(&state, &auth, &api, &id, Command::Resign).await
}

/// `POST /api/{board|bot}/game/{id}/abort`.
pub(crate) async fn abort(
    State(state): State<AppState>,
    Me(auth): Me,
    P((api, id)): P<(String, String)>,
) -> Result<Json<Done>, ApiError> {
    act(&state, &auth, &api, &id, Command::Abort).await
}

/// `POST /api/{board|bot}/game/{id}/chat` (`room`: `player` or
/// `spectator`; `text`): a player's line, kept with the game and heard at
/// once in its room.
pub(crate) async fn post_chat(
    State(state): State<AppState>,
    Me(auth): Me,
    P((api, id)): P<(String, String)>,
    super::BodyOrForm(line): super::BodyOrForm<crate::chat::Say>,
) -> Result<Json<Done>, ApiError> {
    may_use(&auth, &api)?;
    own_game(&state, &auth, &id).await?;
    let room = line.room.unwrap_or(ChatRoom::Player);
    crate::chat::say(&state, &id, auth.user(), Some(room), &line.text).await?;
    Ok(ok())
}

/// `GET /api/{board|bot}/game/{id}/chat`: the players' room, oldest first
/// (`[{"user": …, "text": …}]`, as lichess gives it).
pub(crate) async fn chat(
    State(state): State<AppState>,
    Me(auth): Me,
    P((api, id)): P<(String, String)>,
) -> Result<Json<Vec<Value>>, ApiError> {
    may_use(&auth, &api)?;
    own_game(&state, &auth, &id).await?;
    let lines = crate::chat::lines(&state, &id, ChatRoom::Player).await?;
    Ok(Json(
        lines
            .into_iter()
            .map(|l| json!({"user": l.username, "text": l.text}))
            .collect(),
    ))
}
