//! The HTTP API, in the style of lichess's Board API.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{Mutex, RwLock};
use tokio_stream::wrappers::BroadcastStream;

use sakk::{Color, Lang, Position};

use crate::error::ApiError;
use crate::live::{unix_ms, ClockSpec, LiveGame, RulesSpec};
use crate::store::{GameRow, Store};

/// Everything the handlers share.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    games: RwLock<HashMap<String, Arc<Mutex<LiveGame>>>>,
    epoch: Instant,
    base_url: String,
    analyses: Mutex<HashMap<String, Value>>,
    analysis_slot: tokio::sync::Semaphore,
}

impl AppState {
    /// The state over a store; `base_url` is how clients reach the server.
    pub fn new(store: Store, base_url: String) -> AppState {
        AppState {
            inner: Arc::new(Inner {
                store,
                games: RwLock::new(HashMap::new()),
                epoch: Instant::now(),
                base_url,
                analyses: Mutex::new(HashMap::new()),
                analysis_slot: tokio::sync::Semaphore::new(1),
            }),
        }
    }

    /// The server's monotonic time.
    fn now(&self) -> Duration {
        self.inner.epoch.elapsed()
    }

    /// Loads the unfinished games and restarts their clocks and engines.
    ///
    /// # Errors
    /// A storage error.
    pub async fn resume(&self) -> Result<usize, ApiError> {
        let ids = self.inner.store.unfinished().await?;
        for id in &ids {
            if let Ok(game) = self.game(id).await {
                self.after_change(id, &game).await;
            }
        }
        Ok(ids.len())
    }

    async fn game(&self, id: &str) -> Result<Arc<Mutex<LiveGame>>, ApiError> {
        if let Some(g) = self.inner.games.read().await.get(id) {
            return Ok(Arc::clone(g));
        }
        if id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::NotFound);
        }
        let Some((row, moves)) = self.inner.store.load(id).await? else {
            return Err(ApiError::NotFound);
        };
        let live = LiveGame::restore(row, &moves, self.now()).map_err(ApiError::Internal)?;
        let mut games = self.inner.games.write().await;
        let entry = games
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(Mutex::new(live)));
        Ok(Arc::clone(entry))
    }

    /// Announces the new state, and starts what must follow a change: the
    /// flag watcher and the computer's reply.
    fn after_change<'a>(
        &'a self,
        id: &'a str,
        game: &'a Arc<Mutex<LiveGame>>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'a>> {
        Box::pin(self.after_change_inner(id, game))
    }

    async fn after_change_inner(&self, id: &str, game: &Arc<Mutex<LiveGame>>) {
        let (line, deadline, version, computer_turn) = {
            let g = game.lock().await;
            let line = json!({"type": "gameState", "state": g.state(self.now())}).to_string();
            let deadline = g.clock.as_ref().and_then(sakk::Clock::flag_deadline);
            let computer_turn = !g.is_over()
                && g.row.opponent == "computer"
                && g.row.human_color.as_deref() != Some(g.game.turn().name());
            (line, deadline, g.version, computer_turn)
        };
        let _ = game.lock().await.events.send(line);
        if game.lock().await.is_over() {
            // Finished games leave memory after a while; they reload from
            // storage when asked for.
            let state = self.clone();
            let id = id.to_string();
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_secs(120)).await;
                // Never wait for a game while holding the map.
                let game = state.inner.games.read().await.get(&id).cloned();
                let done = match game {
                    Some(g) => g.lock().await.is_over(),
                    None => false,
                };
                if done {
                    state.inner.games.write().await.remove(&id);
                }
            });
        }
        if let Some(deadline) = deadline {
            let state = self.clone();
            let game = Arc::clone(game);
            let id = id.to_string();
            tokio::spawn(async move {
                let wait = deadline.saturating_sub(state.now()) + Duration::from_millis(1);
                tokio::time::sleep(wait).await;
                let flagged = {
                    let mut g = game.lock().await;
                    g.version == version && g.check_flag(state.now())
                };
                if flagged {
                    let _ = state.persist(&game, None).await;
                    state.after_change(&id, &game).await;
                }
            });
        }
        if computer_turn {
            let state = self.clone();
            let game = Arc::clone(game);
            let id = id.to_string();
            tokio::spawn(async move {
                state.computer_move(&id, &game, version).await;
            });
        }
    }

    async fn computer_move(&self, id: &str, game: &Arc<Mutex<LiveGame>>, version: u64) {
        let (pos, history, level, remaining, inc) = {
            let g = game.lock().await;
            let pos = *g.game.position();
            let history: Vec<u64> = g.game.positions().iter().map(Position::key).collect();
            let history = history[..history.len().saturating_sub(1)].to_vec();
            let side = g.game.turn();
            let remaining = g.clock.as_ref().map(|c| c.remaining(side, self.now()));
            let inc = g
                .control
                .as_ref()
                .and_then(|t| t.first_stage())
                .map_or(Duration::ZERO, |s| s.increment);
            (pos, history, g.row.level.unwrap_or(8), remaining, inc)
        };
        let best = tokio::task::spawn_blocking(move || {
            sakk_engine::opponent::choose(&pos, &history, level, remaining, inc)
        })
        .await
        .ok()
        .flatten();
        let Some(m) = best else {
            return;
        };
        let row = {
            let mut g = game.lock().await;
            if g.version != version || g.is_over() {
                return;
            }
            match g.apply_move(m, false, self.now()) {
                Ok(row) => row,
                Err(_) => return,
            }
        };
        if self.persist(game, row.as_ref()).await.is_ok() {
            self.after_change(id, game).await;
        }
    }

    /// Stores the game's state (with a new move), or undoes nothing: the
    /// caller has not yet acknowledged anything.
    async fn persist(
        &self,
        game: &Arc<Mutex<LiveGame>>,
        new_move: Option<&crate::store::MoveRow>,
    ) -> Result<(), ApiError> {
        let row = {
            let mut g = game.lock().await;
            let now = self.now();
            g.touch_row(now);
            g.row.clone()
        };
        self.inner.store.save(&row, new_move).await?;
        Ok(())
    }
}

/// The seat token of a request.
fn token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

fn random_string(len: usize) -> Result<String, ApiError> {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(bytes
        .iter()
        .map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char)
        .collect())
}

/// The body of `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `local`, `friend` or `computer`.
    pub opponent: String,
    /// The creator's colour: `white`, `black` or `random`.
    #[serde(default)]
    pub color: Option<String>,
    /// The computer's level, 1–8.
    #[serde(default)]
    pub level: Option<i64>,
    /// The clock, or none.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// Event rules.
    #[serde(default)]
    pub rules: Option<RulesSpec>,
    /// A start position other than the standard one.
    #[serde(default)]
    pub fen: Option<String>,
}

/// Creates and stores a new game; returns its id and the two seat tokens
/// (the same token twice for a game on one device).
#[allow(clippy::too_many_arguments)]
async fn new_game(
    state: &AppState,
    opponent: &str,
    color: Color,
    level: Option<i64>,
    start: &Position,
    clock: Option<&ClockSpec>,
    rules: &RulesSpec,
) -> Result<(String, String, String), ApiError> {
    let id = random_string(8)?;
    let white_token = random_string(24)?;
    let black_token = if opponent == "local" {
        white_token.clone()
    } else {
        random_string(24)?
    };
    let now = unix_ms();
    let (w_ms, b_ms) = match clock {
        Some(c) => match c.time_control() {
            Ok(tc) => {
                let t = sakk::Clock::new(tc)
                    .remaining(Color::White, Duration::ZERO)
                    .as_millis() as i64;
                (Some(t), Some(t))
            }
            Err(_) => (None, None),
        },
        None => (None, None),
    };
    let row = GameRow {
        id: id.clone(),
        created_at: now,
        updated_at: now,
        opponent: opponent.to_string(),
        white_token: white_token.clone(),
        black_token: black_token.clone(),
        human_color: (opponent == "computer").then(|| color.name().to_string()),
        level,
        start_fen: start.fen(),
        clock: clock.and_then(|c| serde_json::to_string(c).ok()),
        rules: serde_json::to_string(rules).unwrap_or_else(|_| "{}".to_string()),
        status: "created".to_string(),
        white_ms: w_ms,
        black_ms: b_ms,
        ..GameRow::default()
    };
    state.inner.store.insert_game(&row).await?;
    let live = LiveGame::restore(row, &[], state.now()).map_err(ApiError::Internal)?;
    let game = Arc::new(Mutex::new(live));
    state
        .inner
        .games
        .write()
        .await
        .insert(id.clone(), Arc::clone(&game));
    state.after_change(&id, &game).await;
    Ok((id, white_token, black_token))
}

async fn create(
    State(state): State<AppState>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(req) = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge
        } else {
            ApiError::bad(
                "bad_request",
                format!("Bad game request: {}", e.body_text()),
                "Hibás játszmakérés.",
            )
        }
    })?;
    if !matches!(req.opponent.as_str(), "local" | "friend" | "computer") {
        return Err(ApiError::bad(
            "bad_opponent",
            "opponent must be local, friend or computer",
            "Az ellenfél: local, friend vagy computer.",
        ));
    }
    let mut color = match req.color.as_deref() {
        None | Some("random") => None,
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        Some(_) => {
            return Err(ApiError::bad(
                "bad_color",
                "color must be white, black or random",
                "A szín: white, black vagy random.",
            ))
        }
    };
    if color.is_none() {
        let mut b = [0u8; 1];
        getrandom::fill(&mut b).map_err(|e| ApiError::Internal(e.to_string()))?;
        color = Some(if b[0] & 1 == 0 {
            Color::White
        } else {
            Color::Black
        });
    }
    let color = color.unwrap_or(Color::White);
    let level = match (req.opponent.as_str(), req.level) {
        ("computer", Some(l)) if (1..=8).contains(&l) => Some(l),
        ("computer", None) => Some(4),
        ("computer", Some(_)) => {
            return Err(ApiError::bad(
                "bad_level",
                "level must be 1 to 8",
                "A szint 1 és 8 között lehet.",
            ))
        }
        _ => None,
    };
    let start = match &req.fen {
        Some(fen) => Position::from_fen(fen)
            .map_err(|e| ApiError::bad("bad_fen", e.to_string(), format!("Hibás FEN: {e}")))?,
        None => Position::new(),
    };
    if let Some(clock) = &req.clock {
        clock.time_control().map_err(|e| {
            ApiError::bad("bad_clock", e.clone(), format!("Hibás óra-beállítás: {e}"))
        })?;
    }
    let rules = req.rules.unwrap_or_default();
    let (id, white_token, black_token) = new_game(
        &state,
        &req.opponent,
        color,
        level,
        &start,
        req.clock.as_ref(),
        &rules,
    )
    .await?;

    let base = &state.inner.base_url;
    let (tokens, urls) = match req.opponent.as_str() {
        "computer" => {
            let t = if color == Color::White {
                &white_token
            } else {
                &black_token
            };
            (
                json!({ color.name(): t }),
                json!({ color.name(): format!("{base}/game/{id}?token={t}"), "spectator": format!("{base}/game/{id}") }),
            )
        }
        _ => (
            json!({"white": white_token, "black": black_token}),
            json!({
                "white": format!("{base}/game/{id}?token={white_token}"),
                "black": format!("{base}/game/{id}?token={black_token}"),
                "spectator": format!("{base}/game/{id}"),
            }),
        ),
    };
    Ok((
        StatusCode::CREATED,
        Json(json!({"id": id, "tokens": tokens, "urls": urls})),
    )
        .into_response())
}

async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let game = state.game(&id).await?;
    let g = game.lock().await;
    Ok(Json(g.state(state.now())))
}

/// The seat the request's token holds that may act now (the side to move
/// when `needs_turn`).
async fn acting_color(
    g: &LiveGame,
    headers: &HeaderMap,
    needs_turn: bool,
) -> Result<Color, ApiError> {
    let seats = g.seat(token(headers).unwrap_or(""));
    if seats.is_empty() {
        return Err(ApiError::Forbidden("bad_token"));
    }
    let turn = g.game.turn();
    if seats.contains(&turn) {
        return Ok(turn);
    }
    if needs_turn {
        return Err(ApiError::Forbidden("not_your_turn"));
    }
    Ok(seats[0])
}

#[derive(Debug, Deserialize)]
struct MoveQuery {
    #[serde(rename = "offeringDraw", default)]
    offering_draw: Option<bool>,
    /// The piece letters of a SAN move: `en` (default), `hu`, `de`, `fr`.
    #[serde(default)]
    lang: Option<String>,
}

/// The piece-letter language of a move's text (`?lang=`); English by default.
fn move_lang(lang: Option<&str>) -> Result<Lang, ApiError> {
    match lang {
        None | Some("en") => Ok(Lang::English),
        Some("hu") => Ok(Lang::Hungarian),
        Some("de") => Ok(Lang::German),
        Some("fr") => Ok(Lang::French),
        Some(_) => Err(ApiError::bad(
            "bad_lang",
            "lang must be en, hu, de or fr",
            "A lang értéke en, hu, de vagy fr lehet.",
        )),
    }
}

async fn play_move(
    State(state): State<AppState>,
    Path((id, text)): Path<(String, String)>,
    Query(q): Query<MoveQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let game = state.game(&id).await?;
    let row = {
        let mut g = game.lock().await;
        if g.check_flag(state.now()) {
            drop(g);
            state.persist(&game, None).await?;
            state.after_change(&id, &game).await;
            return Err(ApiError::GameOver);
        }
        if g.is_over() {
            return Err(ApiError::GameOver);
        }
        acting_color(&g, &headers, true).await?;
        let m = g
            .game
            .position()
            .read_move(&text, move_lang(q.lang.as_deref())?)?;
        // Validate everything on a copy first: nothing changes on refusal.
        let mut trial = g.game.clone();
        let checked = if q.offering_draw == Some(true) {
            trial.play_offering_draw(m)
        } else {
            trial.play(m).map_err(sakk::GameError::from)
        };
        checked?;
        let row = g.apply_move(m, q.offering_draw == Some(true), state.now())?;
        g.touch_row(state.now());
        (row, g.row.clone())
    };
    let (new_move, snapshot) = row;
    // Stored before it is acknowledged or broadcast.
    if let Err(e) = state.inner.store.save(&snapshot, new_move.as_ref()).await {
        // Storage failed: forget the game in memory; it reloads from disk.
        state.inner.games.write().await.remove(&id);
        return Err(e.into());
    }
    state.after_change(&id, &game).await;
    if new_move.is_none() {
        return Err(ApiError::GameOver);
    }
    let g = game.lock().await;
    Ok(Json(g.state(state.now())))
}

async fn simple_action(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
    needs_turn: bool,
    action: impl FnOnce(&mut LiveGame, Color) -> Result<(), ApiError>,
) -> Result<Json<Value>, ApiError> {
    let game = state.game(id).await?;
    {
        let mut g = game.lock().await;
        let flagged = g.check_flag(state.now());
        if flagged || g.is_over() {
            drop(g);
            if flagged {
                state.persist(&game, None).await?;
                state.after_change(id, &game).await;
            }
            return Err(ApiError::GameOver);
        }
        let color = acting_color(&g, headers, needs_turn).await?;
        action(&mut g, color)?;
        g.version += 1;
        if g.outcome.is_none() {
            g.outcome = g.game.outcome();
        }
        if g.outcome.is_some() {
            let now = state.now();
            if let Some(c) = g.clock.as_mut() {
                c.stop(now);
            }
        }
    }
    state.persist(&game, None).await?;
    state.after_change(id, &game).await;
    let g = game.lock().await;
    Ok(Json(g.state(state.now())))
}

async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    simple_action(&state, &id, &headers, false, |g, color| {
        let o = g.game.resign(color)?;
        g.finish(Some(o), Some(color));
        Ok(())
    })
    .await
}

async fn abort(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    simple_action(&state, &id, &headers, false, |g, _| {
        let o = g.game.abort()?;
        g.finish(Some(o), None);
        Ok(())
    })
    .await
}

/// Reads the answer of `/draw/{answer}` and `/takeback/{answer}`.
fn yes_or_no(answer: &str) -> Result<bool, ApiError> {
    match answer {
        "yes" | "accept" => Ok(true),
        "no" | "decline" => Ok(false),
        _ => Err(ApiError::bad(
            "bad_request",
            "answer yes or no",
            "Válasz: yes vagy no.",
        )),
    }
}

async fn draw(
    State(state): State<AppState>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let accept = yes_or_no(&answer)?;
    simple_action(&state, &id, &headers, false, |g, _| {
        // The answer comes from the side the offer was made to.
        let to = g
            .game
            .draw_offer()
            .map(|c| !c)
            .ok_or(sakk::GameError::NoDrawOffer)?;
        let seats = g.seat(token(&headers).unwrap_or(""));
        if !seats.contains(&to) {
            return Err(ApiError::Forbidden("not_your_turn"));
        }
        if accept {
            let o = g.game.accept_draw(to)?;
            g.finish(Some(o), None);
        } else {
            g.game.decline_draw(to)?;
        }
        Ok(())
    })
    .await
}

#[derive(Debug, Deserialize)]
struct ClaimQuery {
    #[serde(rename = "move", default)]
    declared: Option<String>,
    /// The piece letters of the declared move.
    #[serde(default)]
    lang: Option<String>,
}

async fn claim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<ClaimQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let game = state.game(&id).await?;
    let (result, new_move) = {
        let mut g = game.lock().await;
        if g.check_flag(state.now()) || g.is_over() {
            return Err(ApiError::GameOver);
        }
        acting_color(&g, &headers, true).await?;
        let declared = match &q.declared {
            Some(text) => Some(
                g.game
                    .position()
                    .read_move(text, move_lang(q.lang.as_deref())?)?,
            ),
            None => None,
        };
        // Decide on a copy: a refused claim changes the game only by its
        // declared move.
        let mut trial = g.game.clone();
        match trial.claim_draw(declared) {
            Ok(o) => {
                g.game = trial;
                g.finish(Some(o), None);
                let now = state.now();
                if let Some(c) = g.clock.as_mut() {
                    c.stop(now);
                }
                (Ok(()), None)
            }
            Err(sakk::GameError::ClaimRefused(r)) => {
                let mut new_move = None;
                if let (true, Some(m)) = (r.move_played, declared) {
                    // FIDE 9.5: the declared move stands; the claim is an offer.
                    let now = state.now();
                    new_move = match g.apply_move(m, true, now) {
                        Ok(row) => row,
                        Err(_) => g.apply_move(m, false, now)?,
                    };
                }
                (Err(sakk::GameError::ClaimRefused(r)), new_move)
            }
            Err(e) => return Err(e.into()),
        }
    };
    state.persist(&game, new_move.as_ref()).await?;
    state.after_change(&id, &game).await;
    result?;
    let g = game.lock().await;
    Ok(Json(g.state(state.now())))
}

async fn takeback(
    State(state): State<AppState>,
    Path((id, answer)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let yes = yes_or_no(&answer)?;
    let game = state.game(&id).await?;
    let removed = {
        let mut g = game.lock().await;
        if g.check_flag(state.now()) || g.is_over() {
            return Err(ApiError::GameOver);
        }
        let seats = g.seat(token(&headers).unwrap_or(""));
        if seats.is_empty() {
            return Err(ApiError::Forbidden("bad_token"));
        }
        let me = if seats.len() == 2 {
            !g.game.turn()
        } else {
            seats[0]
        };
        let computer = g.row.opponent == "computer";
        let now = state.now();
        match (yes, g.takeback_offer) {
            // Asking (or, in a local or computer game, doing at once).
            (true, None) => {
                if seats.len() == 2 || computer {
                    Some(g.take_back_to(me, now)?)
                } else {
                    g.takeback_offer = Some(me);
                    g.version += 1;
                    None
                }
            }
            // The opponent agrees.
            (true, Some(asker)) if asker != me => Some(g.take_back_to(asker, now)?),
            (true, Some(_)) => None,
            (false, Some(asker)) if asker != me => {
                g.takeback_offer = None;
                g.version += 1;
                None
            }
            (false, _) => None,
        }
    };
    if let Some(ply) = removed {
        let row = game.lock().await.row.clone();
        state.inner.store.take_back(&row, ply as i64).await?;
    }
    state.after_change(&id, &game).await;
    let g = game.lock().await;
    Ok(Json(g.state(state.now())))
}

#[derive(Debug, Deserialize)]
struct TouchQuery {
    #[serde(default)]
    adjust: Option<bool>,
}

async fn touch(
    State(state): State<AppState>,
    Path((id, square)): Path<(String, String)>,
    Query(q): Query<TouchQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let square: sakk::Square = square
        .parse()
        .map_err(|_| ApiError::bad("bad_square", "not a square like e4", "Nem mező (pl. e4)."))?;
    let game = state.game(&id).await?;
    {
        let mut g = game.lock().await;
        if g.is_over() {
            return Err(ApiError::GameOver);
        }
        let color = acting_color(&g, &headers, true).await?;
        g.game.touch(color, square, q.adjust == Some(true))?;
        g.version += 1;
    }
    state.after_change(&id, &game).await;
    let g = game.lock().await;
    Ok(Json(g.state(state.now())))
}

async fn pgn(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let game = state.game(&id).await?;
    let text = game.lock().await.pgn();
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        text,
    )
        .into_response())
}

async fn stream(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let game = state.game(&id).await?;
    let (first, rx, over) = {
        let g = game.lock().await;
        let first =
            json!({"type": "gameFull", "id": id, "state": g.state(state.now())}).to_string();
        (first, g.events.subscribe(), g.is_over())
    };
    let head = futures_util::stream::once(async move { first + "\n" });
    let events =
        BroadcastStream::new(rx).filter_map(|e| async move { e.ok().map(|line| line + "\n") });
    let keepalive =
        tokio_stream::wrappers::IntervalStream::new(tokio::time::interval(Duration::from_secs(5)))
            .map(|_| "\n".to_string());
    let merged = futures_util::stream::select(events, keepalive);
    // End once a state line says the game is over.
    let until_end = merged.scan(over, |done, line| {
        let stop = *done;
        if line.contains("\"status\":\"ended\"") {
            *done = true;
        }
        futures_util::future::ready((!stop).then_some(line))
    });
    let body = if over {
        Body::from_stream(head.map(Ok::<_, std::convert::Infallible>))
    } else {
        Body::from_stream(head.chain(until_end).map(Ok::<_, std::convert::Infallible>))
    };
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], body).into_response())
}

/// A message from a WebSocket client.
#[derive(Debug, Deserialize)]
struct ClientMessage {
    /// `move`, `resign`, `abort`, `draw`, `claim`.
    t: String,
    /// The seat token.
    #[serde(default)]
    token: Option<String>,
    /// The move (for `move`, and the declared move for `claim`).
    #[serde(rename = "move", default)]
    mv: Option<String>,
    /// With `move`: offer a draw.
    #[serde(rename = "offeringDraw", default)]
    offering_draw: bool,
    /// With `draw`: `yes` or `no`.
    #[serde(default)]
    answer: Option<String>,
    /// The piece letters of a SAN move (`en`, `hu`, …).
    #[serde(default)]
    lang: Option<String>,
}

/// Runs one client message through the same code as the HTTP actions.
async fn ws_action(state: &AppState, id: &str, text: &str) -> Result<(), ApiError> {
    let msg: ClientMessage = serde_json::from_str(text)
        .map_err(|e| ApiError::bad("bad_request", format!("Bad message: {e}"), "Hibás üzenet."))?;
    let mut headers = HeaderMap::new();
    if let Some(t) = &msg.token {
        if let Ok(v) = axum::http::HeaderValue::from_str(&format!("Bearer {t}")) {
            headers.insert(header::AUTHORIZATION, v);
        }
    }
    let st = || State(state.clone());
    let id = id.to_string();
    match msg.t.as_str() {
        "move" => {
            let mv = msg.mv.unwrap_or_default();
            let q = MoveQuery {
                offering_draw: Some(msg.offering_draw),
                lang: msg.lang,
            };
            play_move(st(), Path((id, mv)), Query(q), headers)
                .await
                .map(|_| ())
        }
        "resign" => resign(st(), Path(id), headers).await.map(|_| ()),
        "abort" => abort(st(), Path(id), headers).await.map(|_| ()),
        "draw" => draw(st(), Path((id, msg.answer.unwrap_or_default())), headers)
            .await
            .map(|_| ()),
        "claim" => claim(
            st(),
            Path(id),
            Query(ClaimQuery {
                declared: msg.mv,
                lang: msg.lang,
            }),
            headers,
        )
        .await
        .map(|_| ()),
        _ => Err(ApiError::bad(
            "bad_request",
            "unknown message type",
            "Ismeretlen üzenettípus.",
        )),
    }
}

async fn socket(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ws: axum::extract::ws::WebSocketUpgrade,
) -> Result<Response, ApiError> {
    use axum::extract::ws::Message;
    let game = state.game(&id).await?;
    // Small buffers: a socket carries short JSON messages, and there is one
    // or two per game (the defaults, 128 KiB each way, cost more memory than
    // the game itself). A client's message larger than 64 KiB is refused.
    let ws = ws
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024);
    Ok(ws.on_upgrade(move |mut socket| async move {
        let (first, mut rx) = {
            let g = game.lock().await;
            let first = json!({"type": "gameFull", "id": id, "state": g.state(state.now())}).to_string();
            (first, g.events.subscribe())
        };
        if socket.send(Message::Text(first.into())).await.is_err() {
            return;
        }
        loop {
            tokio::select! {
                event = rx.recv() => match event {
                    Ok(line) => {
                        if socket.send(Message::Text(line.into())).await.is_err() {
                            return;
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        // Fell behind: send the full state again.
                        let full = {
                            let g = game.lock().await;
                            json!({"type": "gameFull", "id": id, "state": g.state(state.now())}).to_string()
                        };
                        if socket.send(Message::Text(full.into())).await.is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                },
                incoming = socket.recv() => match incoming {
                    Some(Ok(Message::Text(text))) => {
                        if let Err(e) = ws_action(&state, &id, text.as_str()).await {
                            let body = axum::response::IntoResponse::into_response(e).into_body();
                            let bytes = axum::body::to_bytes(body, 64 * 1024).await.unwrap_or_default();
                            let mut err: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
                            if let Some(obj) = err.as_object_mut() {
                                obj.insert("type".to_string(), Value::from("error"));
                            }
                            if socket.send(Message::Text(err.to_string().into())).await.is_err() {
                                return;
                            }
                        }
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => {}
                },
            }
        }
    }))
}

#[derive(Debug, Deserialize)]
struct ListQuery {
    #[serde(default)]
    status: Option<String>,
}

async fn list(
    State(state): State<AppState>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Value>, ApiError> {
    let status = q
        .status
        .filter(|s| matches!(s.as_str(), "created" | "started" | "ended"));
    let rows = state.inner.store.recent(status.as_deref(), 100).await?;
    let games: Vec<Value> = rows
        .iter()
        .map(|(r, n)| {
            json!({
                "id": r.id, "opponent": r.opponent, "level": r.level, "human_color": r.human_color,
                "status": r.status, "result": r.result, "termination": r.termination,
                "clock": r.clock.as_deref().and_then(|c| serde_json::from_str::<Value>(c).ok()),
                "moves": n, "created_at": r.created_at, "updated_at": r.updated_at,
            })
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

/// `GET /api/games/{id}/seat`: the colours the request's token plays.
async fn seat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let game = state.game(&id).await?;
    let g = game.lock().await;
    let seats = g.seat(token(&headers).unwrap_or(""));
    if seats.is_empty() {
        return Err(ApiError::Forbidden("bad_token"));
    }
    let colors: Vec<&str> = seats.iter().map(|c| c.name()).collect();
    Ok(Json(json!({ "colors": colors })))
}

/// `POST /api/games/{id}/rematch`: after the end, the same settings with
/// colours swapped. The first call creates the game, every seat's call
/// answers with that seat's token in it.
async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let game = state.game(&id).await?;
    let (new_id, created, old) = {
        // Held while creating, so that two calls make one rematch.
        let mut g = game.lock().await;
        if !g.is_over() {
            return Err(ApiError::bad(
                "game_not_over",
                "A rematch starts after the game.",
                "Visszavágó a játszma után indítható.",
            ));
        }
        let old = g.seat(token(&headers).unwrap_or(""));
        if old.is_empty() {
            return Err(ApiError::Forbidden("bad_token"));
        }
        match g.row.rematch.clone() {
            Some(r) => (r, false, old),
            None => {
                let row = g.row.clone();
                let clock: Option<ClockSpec> = row
                    .clock
                    .as_deref()
                    .and_then(|c| serde_json::from_str(c).ok());
                let rules: RulesSpec = serde_json::from_str(&row.rules).unwrap_or_default();
                let start = Position::from_fen(&row.start_fen).unwrap_or_default();
                let human = match row.human_color.as_deref() {
                    Some("black") => Color::White,
                    _ => Color::Black,
                };
                let (new_id, _, _) = new_game(
                    &state,
                    &row.opponent,
                    human,
                    row.level,
                    &start,
                    clock.as_ref(),
                    &rules,
                )
                .await?;
                state.inner.store.set_rematch(&id, &new_id).await?;
                g.row.rematch = Some(new_id.clone());
                g.version += 1;
                (new_id, true, old)
            }
        }
    };
    if created {
        state.after_change(&id, &game).await;
    }
    // The caller's seat in the new game: the other colour.
    let fresh = state.game(&new_id).await?;
    let g = fresh.lock().await;
    let (color, tok) = match (g.row.opponent.as_str(), old.as_slice()) {
        ("local", _) => (Color::White, g.row.white_token.clone()),
        (_, [Color::White]) => (Color::Black, g.row.black_token.clone()),
        _ => (Color::White, g.row.white_token.clone()),
    };
    let url = format!("{}/game/{new_id}?token={tok}", state.inner.base_url);
    Ok(Json(
        json!({"id": new_id, "color": color.name(), "token": tok, "url": url}),
    ))
}

/// `GET /api/games/{id}/analysis`: the engine's evaluation of every
/// position of the game (after it ends), with the best line; computed once
/// and kept while the server runs.
async fn analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let game = state.game(&id).await?;
    let positions: Vec<Position> = {
        let g = game.lock().await;
        if !g.is_over() {
            return Err(ApiError::bad(
                "game_not_over",
                "The analysis is available after the game.",
                "Az elemzés a játszma után érhető el.",
            ));
        }
        g.game.positions().to_vec()
    };
    let key = format!("{id}:{}", positions.len());
    if let Some(v) = state.inner.analyses.lock().await.get(&key) {
        return Ok(Json(v.clone()));
    }
    // One analysis at a time: the engine takes a core.
    let _permit = state
        .inner
        .analysis_slot
        .acquire()
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    if let Some(v) = state.inner.analyses.lock().await.get(&key) {
        return Ok(Json(v.clone()));
    }
    let plies =
        tokio::task::spawn_blocking(move || crate::analysis::analyse(&positions, ANALYSIS_NODES))
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
    let plies: Vec<Value> = plies
        .into_iter()
        .map(|a| json!({"cp": a.cp, "mate": a.mate, "best": a.pv.first(), "pv": a.pv}))
        .collect();
    let value = json!({ "nodes": ANALYSIS_NODES, "plies": plies });
    let mut cache = state.inner.analyses.lock().await;
    if cache.len() >= 256 {
        cache.clear();
    }
    cache.insert(key, value.clone());
    Ok(Json(value))
}

/// Nodes per position of the after-game analysis (about a tenth of a
/// second each here).
const ANALYSIS_NODES: u64 = 150_000;

async fn healthz() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

async fn not_found() -> ApiError {
    ApiError::NotFound
}

/// The router of the whole API.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(crate::assets::app))
        .route("/game/{id}", get(crate::assets::app))
        .route("/clock", get(crate::assets::app))
        .route("/history", get(crate::assets::app))
        .route("/assets/{file}", get(crate::assets::asset))
        .route("/healthz", get(healthz))
        .route("/api/games", post(create).get(list))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/stream", get(stream))
        .route("/api/games/{id}/socket", get(socket))
        .route("/api/games/{id}/pgn", get(pgn))
        .route("/api/games/{id}/seat", get(seat))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/analysis", get(analysis))
        .route("/api/games/{id}/move/{mv}", post(play_move))
        .route("/api/games/{id}/draw/{answer}", post(draw))
        .route("/api/games/{id}/claim-draw", post(claim))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/abort", post(abort))
        .route("/api/games/{id}/takeback/{answer}", post(takeback))
        .route("/api/games/{id}/touch/{square}", post(touch))
        .fallback(not_found)
        .layer(axum::extract::DefaultBodyLimit::max(16 * 1024))
        .with_state(state)
}
