//! The one path of every change to a game. Whatever brings a change — an
//! HTTP request, a WebSocket message, the flag timer, the computer's search
//! — it is a [`Command`] given to [`apply`], which does, in this order:
//!
//! 1. **check and compute**, on a copy of the game, under the game's lock;
//! 2. **commit** the new state to storage (with the version it replaces);
//!    if that fails, the copy is dropped: the game is exactly as it was,
//!    and the caller gets `storage_unavailable`;
//! 3. **make it visible**: the copy becomes the game (readers, who take the
//!    same lock, never see a state that is not committed);
//! 4. **publish** the event to the game's watchers;
//! 5. start what follows: the flag timer, the computer's reply, and for a
//!    tournament's game that ended, its result into the tournament.
//!
//! The rules are `sakk`'s: this module only asks them.

use std::sync::Arc;
use std::time::Duration;

use sakk::{Color, Lang, Move, Position, Square};
use serde::{Deserialize, Serialize};

use crate::codes::ErrorCode;
use crate::engine_pool::{Priority, Stop};
use crate::error::ApiError;
use crate::games::{Inner, Published, Slot};
use crate::live::{initial_ms, unix_ms, LiveGame};
use crate::state::AppState;
use crate::store::{Change, Commit, GameRow, StoreError};
use crate::wire::{GameState, Opponent, Side, Status};

/// A change someone asks for: the one vocabulary of every transport. A
/// client's command travels as JSON tagged by `t` (a socket's message, an
/// op forwarded to the node that owns the game); the server's own commands
/// (flag fall, the computer's move, a tournament's call-off, a rematch,
/// which a client asks for as its own op) never travel, and JSON cannot
/// name them.
///
/// ```
/// use sakk_server::command::Command;
/// let c: Command = serde_json::from_str(r#"{"t":"move","move":"Hf3","lang":"hu"}"#).unwrap();
/// assert_eq!(c, Command::Move { text: "Hf3".into(), lang: Some(sakk::Lang::Hungarian), offering_draw: false });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Command {
    /// Play a move (SAN in `lang`'s letters, or UCI), maybe offering a draw.
    Move {
        /// The move's text.
        #[serde(rename = "move")]
        text: String,
        /// The piece letters of the text (every language, ambiguity
        /// refused, when `None`).
        #[serde(default, with = "lang_code", skip_serializing_if = "Option::is_none")]
        lang: Option<Lang>,
        /// Offer a draw with it.
        #[serde(rename = "offeringDraw", default)]
        offering_draw: bool,
    },
    /// Accept or decline the opponent's draw offer.
    #[serde(rename = "draw")]
    AnswerDraw {
        /// Accept (`yes`, `accept`) or decline (`no`, `decline`).
        #[serde(rename = "answer", with = "answer")]
        accept: bool,
    },
    /// Claim a draw (threefold, fifty moves), maybe by declaring a move.
    #[serde(rename = "claim")]
    ClaimDraw {
        /// The declared move's text.
        #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
        declared: Option<String>,
        /// Its piece letters (as for a move).
        #[serde(default, with = "lang_code", skip_serializing_if = "Option::is_none")]
        lang: Option<Lang>,
    },
    /// Resign.
    Resign,
    /// Abort before the game has really begun.
    Abort,
    /// The tournament took back the pairing this game was made for: the
    /// game is called off (aborted) if it has not really begun. The
    /// server's own command.
    #[serde(skip)]
    CallOff,
    /// Ask to take back (or agree), or decline the opponent's request.
    Takeback {
        /// Ask or agree (`yes`), decline (`no`).
        #[serde(rename = "answer", with = "answer")]
        yes: bool,
    },
    /// Touch a piece under touch-move.
    Touch {
        /// The square.
        #[serde(with = "square_name")]
        square: Square,
        /// Only adjusting it ("j'adoube").
        #[serde(default)]
        adjust: bool,
    },
    /// Start a rematch (after the end), or find the one started.
    #[serde(skip)]
    Rematch,
    /// The flag timer: end the game if the running clock's flag fell.
    #[serde(skip)]
    FlagFall,
    /// The computer's move, found on the state of `version`.
    #[serde(skip)]
    ComputerMove {
        /// The move.
        mv: Move,
        /// The stored version of the state it was found on.
        version: i64,
    },
}

/// Reads a piece-letter language code (`en`, `hu`, `de`, `fr`, `fig`):
/// `bad_lang` for any other.
///
/// # Errors
/// `bad_lang`.
pub fn parse_lang(code: Option<&str>) -> Result<Option<Lang>, ApiError> {
    code.map(|c| Lang::from_code(c).ok_or_else(|| ApiError::bad(ErrorCode::BadLang)))
        .transpose()
}

/// Reads an answer: `yes`/`accept` or `no`/`decline`.
#[must_use]
pub fn parse_answer(answer: &str) -> Option<bool> {
    match answer {
        "yes" | "accept" => Some(true),
        "no" | "decline" => Some(false),
        _ => None,
    }
}

/// A piece-letter language as its code.
mod lang_code {
    use sakk::Lang;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    #[allow(clippy::ref_option)] // serde's `with` hands the field by reference
    pub(super) fn serialize<S: Serializer>(lang: &Option<Lang>, s: S) -> Result<S::Ok, S::Error> {
        match lang {
            Some(l) => s.serialize_some(l.code()),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Lang>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(code) => Lang::from_code(&code).map(Some).ok_or_else(|| {
                D::Error::custom(format!(
                    "unknown piece-letter language `{code}` (en, hu, de, fr or fig)"
                ))
            }),
        }
    }
}

/// An answer as `yes` or `no` (`accept` and `decline` read too).
mod answer {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` hands the field by reference
    pub(super) fn serialize<S: Serializer>(yes: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if *yes { "yes" } else { "no" })
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        let text = String::deserialize(d)?;
        super::parse_answer(&text).ok_or_else(|| {
            D::Error::custom(format!(
                "unknown answer `{text}` (yes, accept, no or decline)"
            ))
        })
    }
}

/// A square as its name (`e4`).
mod square_name {
    use sakk::Square;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    #[allow(clippy::trivially_copy_pass_by_ref)] // serde's `with` hands the field by reference
    pub(super) fn serialize<S: Serializer>(square: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(square)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|_| D::Error::custom(format!("`{text}` is not a square (a1–h8)")))
    }
}

/// Who gives a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor<'a> {
    /// A client, with the seat token it presented (may be empty).
    Client(&'a str),
    /// The server itself (timers, the computer).
    Server,
}

/// What a command did besides changing the game.
struct Effect {
    /// What the commit writes with the new row.
    change: Change,
    /// Games created with it (a rematch).
    inserts: Vec<GameRow>,
    /// The answer: `Err` for a refusal (which may still have changed the
    /// game: a flag that fell first, a wrong claim's declared move).
    reply: Result<(), ApiError>,
}

impl Effect {
    fn state() -> Effect {
        Effect {
            change: Change::State,
            inserts: Vec::new(),
            reply: Ok(()),
        }
    }

    fn moved(row: crate::store::MoveRow) -> Effect {
        Effect {
            change: Change::Move(row),
            inserts: Vec::new(),
            reply: Ok(()),
        }
    }

    fn refused(e: ApiError) -> Effect {
        Effect {
            change: Change::State,
            inserts: Vec::new(),
            reply: Err(e),
        }
    }
}

/// The committed state a command leaves, as its caller sees it: when the
/// command changed the game, with the JSON that was published to the
/// watchers (so that the answer is not encoded twice).
#[derive(Debug)]
pub struct Shown {
    /// The state.
    pub state: GameState,
    /// Its JSON, when it was encoded already.
    json: Option<String>,
}

impl Shown {
    /// The state's JSON, as the client gets it.
    ///
    /// # Errors
    /// `Internal` if it cannot be encoded.
    pub fn into_json(self) -> Result<String, ApiError> {
        match self.json {
            Some(json) => Ok(json),
            None => {
                serde_json::to_string(&self.state).map_err(|e| ApiError::Internal(e.to_string()))
            }
        }
    }
}

/// Applies `command` to game `id`, by the path described at the top of this
/// module. Returns the committed state the caller sees.
///
/// # Errors
/// A refusal (nothing changed, or — for a flag that fell first, or a wrong
/// claim whose declared move stands — the change committed and published),
/// or [`ApiError::StorageUnavailable`] (nothing changed).
pub async fn apply(
    state: &AppState,
    id: &str,
    actor: Actor<'_>,
    command: Command,
) -> Result<Shown, ApiError> {
    // In a cluster a commit the database refuses (the fence: the game is
    // another node's now) sends the command to the game afresh.
    let mut fenced = 0;
    loop {
        let slot = state.slot(id).await?;
        let mut g = slot.lock().await;
        if g.evicted {
            // Dropped from memory while we waited: take the game anew.
            drop(g);
            tokio::task::yield_now().await;
            continue;
        }
        let now = state.now();
        let mut next = g.live.clone();
        let effect = execute(state, &mut next, actor, command.clone(), now);
        if next.row.version == g.live.row.version {
            // Nothing changed: nothing to commit.
            effect.reply?;
            let g = &mut *g;
            return Ok(Shown {
                state: g.live.state(&mut g.notation, now),
                json: None,
            });
        }
        next.touch_row(now);
        next.row.version = g.live.row.version + 1;
        next.row.commit_id = crate::security::commit_id()?;
        let commit = Commit {
            row: next.row.clone(),
            change: effect.change,
            inserts: effect.inserts,
        };
        let commit_id = commit.row.commit_id;
        let mut result = state.store().commit(commit).await;
        if matches!(
            result,
            Err(StoreError::Stale { .. } | StoreError::Database(_))
        ) && committed_after_all(state, id, commit_id).await
        {
            // The answer to the commit was lost (the connection dropped
            // around COMMIT; a group's commits retried one by one then find
            // their own rows ahead): the stored row is this commit's.
            tracing::info!(game = id, "the commit was stored after all");
            result = Ok(());
        }
        match result {
            Ok(()) => {}
            Err(StoreError::Stale { .. }) if fenced < 3 => {
                // Fenced off (the game is another node's now), or the
                // stored game is ahead of this copy (an earlier commit
                // whose answer was lost): the game is taken anew from
                // storage, and the command applied to it.
                tracing::info!(game = id, "stale commit: the game is taken anew");
                g.evicted = true;
                drop(g);
                state.games().forget(id).await;
                fenced += 1;
                continue;
            }
            // Not stored, or not known yet: the game stays as it was in
            // memory; if the change was stored after all, the next commit
            // finds the stored game ahead (stale, above).
            Err(e) => return Err(e.into()),
        }
        // A tournament's game that ends with this change: its result goes
        // into the tournament (after the game's own commit, which keeps it
        // if this does not happen now: the tournament catches up on its
        // next read).
        let ended_for = (next.is_over() && !g.live.is_over())
            .then(|| next.row.tournament.clone())
            .flatten();
        g.live = next;
        let shown = publish(state, &slot, &mut g).await;
        follow_up(state, &slot, &mut g);
        drop(g);
        if let Some(tournament) = ended_for {
            let state = state.clone();
            tokio::spawn(async move {
                if let Err(e) = crate::tournament::sync(&state, &tournament).await {
                    tracing::warn!(%tournament, error = %e, "a game's result waits for the tournament's next read");
                }
            });
        }
        effect.reply?;
        return Ok(shown);
    }
}

/// Whether the stored row of game `id` is the one the commit `commit_id`
/// wrote (after a commit whose answer was lost).
async fn committed_after_all(state: &AppState, id: &str, commit_id: i64) -> bool {
    matches!(state.store().stored_commit(id).await, Ok(Some(c)) if c == commit_id)
}

/// Announces the committed state to the game's watchers (on every node,
/// through the bus; under the game's lock, so in order); returns it, with
/// its JSON (encoded once, for the watchers and for the answer).
async fn publish(state: &AppState, slot: &Slot, g: &mut Inner) -> Shown {
    // The computer's search on the old state is of no use now.
    if let Some(e) = g.engine.take() {
        e.stop();
    }
    let shown = g.live.state(&mut g.notation, state.now());
    let json = match serde_json::to_string(&shown) {
        Ok(json) => {
            let published = Arc::new(Published {
                line: state_event(&json),
                ended: g.live.is_over(),
                version: u64::try_from(g.live.row.version).unwrap_or(0),
                resync: false,
            });
            state.bus().publish(&slot.id, published).await;
            Some(json)
        }
        Err(e) => {
            tracing::error!(error = %e, "a state that cannot be encoded is not published");
            None
        }
    };
    Shown { state: shown, json }
}

/// The `gameState` event of a state encoded as JSON: the state's fields
/// after the event's `type` (as [`Event::State`] is encoded).
fn state_event(state_json: &str) -> String {
    const HEAD: &str = r#"{"type":"gameState","#;
    match state_json.strip_prefix('{') {
        Some(fields) if fields != "}" => {
            let mut line = String::with_capacity(HEAD.len() + fields.len());
            line.push_str(HEAD);
            line.push_str(fields);
            line
        }
        _ => r#"{"type":"gameState"}"#.to_string(),
    }
}

/// Starts what must follow the committed state: the timer of the running
/// clock's flag (one per game: it replaces the previous one) and the
/// computer's reply.
pub fn follow_up(state: &AppState, slot: &Arc<Slot>, g: &mut Inner) {
    if let Some(t) = g.flag_timer.take() {
        t.abort();
    }
    if g.live.is_over() {
        return;
    }
    if let Some(deadline) = g.live.clock.as_ref().and_then(sakk::Clock::flag_deadline) {
        let (state2, id) = (state.clone(), slot.id.clone());
        let task = tokio::spawn(async move {
            let wait = deadline.saturating_sub(state2.now()) + Duration::from_millis(1);
            tokio::time::sleep(wait).await;
            server_command(&state2, &id, Command::FlagFall).await;
        });
        g.flag_timer = Some(task.abort_handle());
    }
    if g.live.computer_to_move() && g.engine.is_none() {
        let stop = Stop::new(16);
        g.engine = Some(stop.clone());
        let live = &g.live;
        let pos = *live.game.position();
        let positions = live.game.positions();
        let history: Vec<u64> = positions[..positions.len().saturating_sub(1)]
            .iter()
            .map(Position::key)
            .collect();
        let side = live.game.turn();
        let remaining = live.clock.as_ref().map(|c| c.remaining(side, state.now()));
        let inc = live
            .control
            .as_ref()
            .and_then(|t| t.first_stage())
            .map_or(Duration::ZERO, |s| s.increment);
        let level = live.row.level.unwrap_or(8);
        let version = live.row.version;
        let max_think = state.max_think();
        let job = crate::worker::Job {
            fen: pos.fen(),
            history,
            level,
            remaining_ms: remaining.map(|r| u64::try_from(r.as_millis()).unwrap_or(u64::MAX)),
            inc_ms: u64::try_from(inc.as_millis()).unwrap_or(u64::MAX),
            max_think_ms: u64::try_from(max_think.as_millis()).unwrap_or(u64::MAX),
        };
        let (state2, id) = (state.clone(), slot.id.clone());
        tokio::spawn(async move {
            // A `sakk worker` on the bus plays it, or else this node's pool
            // (with the time the worker took off the clock).
            let asked = std::time::Instant::now();
            let from_worker = crate::worker::request(&state2, &job, &pos).await;
            let remaining = remaining.map(|r| r.saturating_sub(asked.elapsed()));
            let found = match from_worker {
                Some(mv) => Some(mv),
                None => {
                    computer_move(&state2, &stop, pos, job.history, level, remaining, inc).await
                }
            };
            if let Some(mv) = found {
                server_command(&state2, &id, Command::ComputerMove { mv, version }).await;
            }
        });
    }
}

/// The computer's move in `pos`, searched in the node's pool (ahead of
/// analyses); a pool too busy to take it now is asked again, with the
/// time waited off the clock, until the move is found or the search is
/// stopped (the game changed or ended, or the server is shutting down).
async fn computer_move(
    state: &AppState,
    stop: &Stop,
    pos: Position,
    history: Vec<u64>,
    level: i64,
    remaining: Option<Duration>,
    inc: Duration,
) -> Option<Move> {
    let max_think = state.max_think();
    let asked = std::time::Instant::now();
    let history = Arc::new(history);
    let mut wait = Duration::from_millis(50);
    loop {
        if stop.is_stopped() {
            return None;
        }
        let remaining = remaining.map(|r| r.saturating_sub(asked.elapsed()));
        let history = Arc::clone(&history);
        let found = state
            .pool()
            .run(Priority::Play, stop.clone(), move |stop| {
                sakk_engine::opponent::choose_bounded(
                    &pos,
                    &history,
                    level,
                    remaining,
                    inc,
                    Some(max_think),
                    stop.search(),
                )
                .filter(|_| !stop.is_stopped())
            })
            .await;
        match found {
            Ok(mv) => return mv,
            Err(ApiError::EngineBusy) => {
                tracing::warn!("engine queue full; the computer's move is asked again");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(1));
            }
            Err(e) => {
                tracing::warn!(error = %e, "the computer's move was not searched");
                return None;
            }
        }
    }
}

/// Applies a command of the server's own; while storage is unavailable,
/// tries again (1 s, 2 s, … up to 30 s apart) until it is back or the
/// command has become pointless.
async fn server_command(state: &AppState, id: &str, command: Command) {
    let mut wait = Duration::from_secs(1);
    loop {
        match apply(state, id, Actor::Server, command.clone()).await {
            Err(ApiError::StorageUnavailable) if !state.is_shutting_down() => {
                tracing::warn!(game = id, "storage unavailable; the server's command waits");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(30));
            }
            _ => return,
        }
    }
}

/// The colours the actor's seat token holds (both for a local game's one
/// token); `bad_token` when it holds none, or the actor is the server.
fn seats(g: &LiveGame, actor: Actor<'_>) -> Result<Vec<Color>, ApiError> {
    let Actor::Client(token) = actor else {
        return Err(ApiError::Forbidden(ErrorCode::BadToken));
    };
    if token.is_empty() {
        return Err(ApiError::Unauthorized);
    }
    let seats = g.seat(token);
    if seats.is_empty() {
        return Err(ApiError::Forbidden(ErrorCode::BadToken));
    }
    Ok(seats)
}

/// The seat that acts: the side to move if the token holds it, else (when
/// `needs_turn` is false) the token's one seat.
fn acting_color(g: &LiveGame, actor: Actor<'_>, needs_turn: bool) -> Result<Color, ApiError> {
    let seats = seats(g, actor)?;
    let Some(&first) = seats.first() else {
        return Err(ApiError::Forbidden(ErrorCode::BadToken));
    };
    let turn = g.game.turn();
    if seats.contains(&turn) {
        return Ok(turn);
    }
    if needs_turn {
        return Err(ApiError::Forbidden(ErrorCode::NotYourTurn));
    }
    Ok(first)
}

/// Checks and computes one command on `g` (a copy of the game). Every
/// change marks `g` changed ([`LiveGame::changed`]); a command that marks
/// nothing changed nothing.
fn execute(
    state: &AppState,
    g: &mut LiveGame,
    actor: Actor<'_>,
    command: Command,
    now: Duration,
) -> Effect {
    // A flag that has fallen ends the game before anything else counts.
    if !matches!(command, Command::Rematch) && g.check_flag(now) {
        return Effect::refused(ApiError::GameOver);
    }
    let result = match command {
        Command::Move {
            text,
            lang,
            offering_draw,
        } => play(g, actor, &text, lang, offering_draw, now),
        Command::AnswerDraw { accept } => answer_draw(g, actor, accept, now),
        Command::ClaimDraw { declared, lang } => {
            claim_draw(g, actor, declared.as_deref(), lang, now)
        }
        Command::Resign => over_guard(g).and_then(|()| {
            let color = acting_color(g, actor, false)?;
            let o = g.game.resign(color)?;
            g.finish(Some(o), Some(color));
            stop_clock(g, now);
            Ok(Effect::state())
        }),
        Command::Abort => over_guard(g).and_then(|()| {
            acting_color(g, actor, false)?;
            let o = g.game.abort()?;
            g.finish(Some(o), None);
            stop_clock(g, now);
            Ok(Effect::state())
        }),
        Command::CallOff => over_guard(g).and_then(|()| {
            if !matches!(actor, Actor::Server) {
                return Err(ApiError::Forbidden(ErrorCode::BadToken));
            }
            let o = g.game.abort()?;
            g.finish(Some(o), None);
            stop_clock(g, now);
            Ok(Effect::state())
        }),
        Command::Takeback { yes } => takeback(g, actor, yes, now),
        Command::Touch { square, adjust } => over_guard(g).and_then(|()| {
            let color = acting_color(g, actor, true)?;
            g.game.touch(color, square, adjust)?;
            g.changed();
            Ok(Effect::state())
        }),
        Command::Rematch => rematch(state, g, actor),
        Command::FlagFall => Ok(Effect::state()),
        Command::ComputerMove { mv, version } => {
            if actor != Actor::Server || version != g.row.version || !g.computer_to_move() {
                Ok(Effect::state())
            } else {
                match g.apply_move(mv, false, now) {
                    Ok(Some(row)) => Ok(Effect::moved(row)),
                    Ok(None) => Ok(Effect::state()),
                    Err(e) => Err(e.into()),
                }
            }
        }
    };
    result.unwrap_or_else(Effect::refused)
}

fn over_guard(g: &LiveGame) -> Result<(), ApiError> {
    if g.is_over() {
        Err(ApiError::GameOver)
    } else {
        Ok(())
    }
}

/// Stops the clock once the game is over.
fn stop_clock(g: &mut LiveGame, now: Duration) {
    if g.outcome.is_none() {
        g.outcome = g.game.outcome();
    }
    if g.outcome.is_some() {
        if let Some(c) = g.clock.as_mut() {
            c.stop(now);
        }
    }
}

fn play(
    g: &mut LiveGame,
    actor: Actor<'_>,
    text: &str,
    lang: Option<Lang>,
    offering_draw: bool,
    now: Duration,
) -> Result<Effect, ApiError> {
    over_guard(g)?;
    acting_color(g, actor, true)?;
    let m = g.game.position().read_move_in(text, lang)?;
    match g.apply_move(m, offering_draw, now)? {
        Some(row) => Ok(Effect::moved(row)),
        // The mover's flag fell first: the game ended on time.
        None => Ok(Effect::refused(ApiError::GameOver)),
    }
}

fn answer_draw(
    g: &mut LiveGame,
    actor: Actor<'_>,
    accept: bool,
    now: Duration,
) -> Result<Effect, ApiError> {
    over_guard(g)?;
    let seats = seats(g, actor)?;
    // The answer comes from the side the offer was made to; the side that
    // made it has no offer to answer.
    let to = g
        .game
        .draw_offer()
        .map(|c| !c)
        .ok_or(sakk::GameError::NoDrawOffer)?;
    if !seats.contains(&to) {
        return Err(sakk::GameError::NoDrawOffer.into());
    }
    if accept {
        let o = g.game.accept_draw(to)?;
        g.finish(Some(o), None);
    } else {
        g.game.decline_draw(to)?;
        g.changed();
    }
    stop_clock(g, now);
    Ok(Effect::state())
}

fn claim_draw(
    g: &mut LiveGame,
    actor: Actor<'_>,
    declared: Option<&str>,
    lang: Option<Lang>,
    now: Duration,
) -> Result<Effect, ApiError> {
    over_guard(g)?;
    acting_color(g, actor, true)?;
    let declared = match declared {
        Some(text) => Some(g.game.position().read_move_in(text, lang)?),
        None => None,
    };
    let claimant = g.game.turn();
    let declared_uci = declared.map(|m| g.game.position().uci(m).to_string());
    let mut trial = g.game.clone();
    match trial.claim_draw(declared) {
        Ok(o) => {
            let written = trial.moves().len() > g.game.moves().len();
            g.game = trial;
            g.finish(Some(o), None);
            stop_clock(g, now);
            if written {
                // The declared move, on the scoresheet (FIDE 9.2.1.1).
                return Ok(Effect::moved(g.record_last_move(false, true, now)));
            }
            Ok(Effect::state())
        }
        Err(sakk::GameError::ClaimRefused(r)) => {
            // FIDE 9.5: a declared move stands and is played; the claim
            // stands as a draw offer; the opponent gets two more minutes.
            let row = match (r.move_played, declared) {
                (true, Some(m)) => match g.apply_move(m, true, now) {
                    Ok(row) => row,
                    Err(_) => g.apply_move(m, false, now)?,
                },
                _ => {
                    g.game = trial;
                    g.changed();
                    None
                }
            };
            if g.is_over() {
                // The clock ran out before the move.
                return Ok(row.map_or_else(Effect::state, Effect::moved));
            }
            let added = match g.clock.as_mut() {
                Some(c) => {
                    c.add_time(!claimant, sakk::INCORRECT_CLAIM_TIME);
                    sakk::INCORRECT_CLAIM_TIME
                }
                None => Duration::ZERO,
            };
            g.touch_row(now);
            let e = sakk::GameError::ClaimRefused(r);
            let id = sakk_i18n::id("rule", e.code());
            let mut args = e.args();
            args.push(("added_minutes", (added.as_secs() / 60).to_string()));
            g.rejected_claim = Some(crate::wire::RejectedClaim {
                by: claimant.into(),
                repetitions: r.repetitions,
                moves: r.halfmoves / 2,
                declared: declared_uci,
                added_ms: i64::try_from(added.as_millis()).unwrap_or(i64::MAX),
                message: sakk_i18n::tr(sakk_i18n::Locale::English, &id, &args),
                message_hu: sakk_i18n::tr(sakk_i18n::Locale::Hungarian, &id, &args),
            });
            Ok(row.map_or_else(Effect::state, Effect::moved))
        }
        Err(e) => Err(e.into()),
    }
}

fn takeback(
    g: &mut LiveGame,
    actor: Actor<'_>,
    yes: bool,
    now: Duration,
) -> Result<Effect, ApiError> {
    over_guard(g)?;
    let seats = seats(g, actor)?;
    let Some(&first) = seats.first() else {
        return Err(ApiError::Forbidden(ErrorCode::BadToken));
    };
    let me = if seats.len() == 2 {
        !g.game.turn()
    } else {
        first
    };
    let at_once = seats.len() == 2 || g.row.opponent == Opponent::Computer;
    let back_to = match (yes, g.takeback_offer) {
        // Asking (or, in a local or computer game, doing at once).
        (true, None) if at_once => Some(me),
        (true, None) => {
            g.takeback_offer = Some(me);
            g.changed();
            None
        }
        // The opponent agrees.
        (true, Some(asker)) if asker != me => Some(asker),
        // Asked already: the question stands.
        (true, Some(_)) => None,
        // The opponent declines, or the asker withdraws.
        (false, Some(_)) => {
            g.takeback_offer = None;
            g.changed();
            None
        }
        // As for a draw: nothing to answer is refused.
        (false, None) => return Err(ApiError::bad(ErrorCode::NoTakebackRequest)),
    };
    match back_to {
        Some(to) => {
            let from = g.take_back_to(to, now)?;
            Ok(Effect {
                change: Change::TakeBack {
                    from_ply: i64::try_from(from).unwrap_or(i64::MAX),
                },
                inserts: Vec::new(),
                reply: Ok(()),
            })
        }
        None => Ok(Effect::state()),
    }
}

/// A rematch: the same settings with colours swapped; each player keeps
/// their seat token (only its hash is stored, so the server could not hand
/// out a new one to the second player).
fn rematch(state: &AppState, g: &mut LiveGame, actor: Actor<'_>) -> Result<Effect, ApiError> {
    if !g.is_over() {
        return Err(ApiError::bad(ErrorCode::GameNotOver));
    }
    seats(g, actor)?;
    if g.row.tournament.is_some() {
        return Err(ApiError::bad(ErrorCode::TournamentGame));
    }
    if g.row.rematch.is_some() {
        return Ok(Effect::state());
    }
    let old = &g.row;
    let new_id = state.new_game_id()?;
    let initial = g.control.as_ref().map(initial_ms);
    let now = unix_ms();
    let row = GameRow {
        id: new_id.clone(),
        created_at: now,
        updated_at: now,
        opponent: old.opponent,
        white_token: old.black_token.clone(),
        black_token: old.white_token.clone(),
        human_color: old.human_color.map(|h| match h {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }),
        level: old.level,
        start_fen: old.start_fen.clone(),
        clock: old.clock.clone(),
        rules: old.rules.clone(),
        status: Status::Created,
        white_ms: initial,
        black_ms: initial,
        ..GameRow::default()
    };
    g.row.rematch = Some(new_id);
    g.changed();
    Ok(Effect {
        change: Change::State,
        inserts: vec![row],
        reply: Ok(()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_event_is_the_state_s_json_with_its_type() {
        let row = GameRow {
            id: "abc".to_string(),
            start_fen: sakk::STARTING_FEN.to_string(),
            ..GameRow::default()
        };
        let Ok(live) = LiveGame::restore(row, &[], Duration::ZERO) else {
            panic!("a new game");
        };
        let mut notation = crate::live::Notation::default();
        let state = live.state(&mut notation, Duration::ZERO);
        let (Ok(json), Ok(event)) = (
            serde_json::to_string(&state),
            serde_json::to_string(&crate::wire::Event::State(state)),
        ) else {
            panic!("encoded");
        };
        assert_eq!(state_event(&json), event);
    }
}
