//! The one path of every change to a game. Whatever brings a change — an
//! HTTP request, a WebSocket message, the flag timer, the computer's search
//! — it is a [`Command`] given to [`apply`], which does, in this order:
//!
//! 1. **check and compute**, under the game's lock, on a copy of the game
//!    — or, for a move, on the game itself with a mark to set it back to
//!    (a copy of the whole history cost more than the move; `trial`);
//! 2. **commit** the new state to storage (with the version it replaces);
//!    if that fails, the copy is dropped or the game set back to its mark:
//!    the game is exactly as it was, and the caller gets
//!    `storage_unavailable`;
//! 3. **make it visible**: the copy becomes the game, or the mark is
//!    dropped (readers, who take the same lock, never see a state that is
//!    not committed);
//! 4. **publish** the event to the game's watchers;
//! 5. start what follows: the flag timer, the computer's reply, and for a
//!    tournament's game that ended, its result into the tournament.
//!
//! What a command does to the game (step 1) is decided in `sakk-play`
//! ([`execute`]), with no I/O; this module is the path around it.

use std::sync::Arc;
use std::time::Duration;

use sakk::{Move, Position};

pub use sakk_play::command::{execute, parse_answer, parse_lang, Actor, Command, Refusal};

use crate::engine_pool::{Priority, Stop};
use crate::error::ApiError;
use crate::events::Happened;
use crate::games::{DeadProofRun, Inner, Published, Slot};
use crate::state::AppState;
use crate::store::{Change, Claim, Commit, StoreError};
use crate::wire::GameState;

mod trial;
use trial::Trial;

/// The committed state a command leaves, as its caller sees it: as it was,
/// when the command changed nothing, or the change as it was published to
/// the watchers (so that the answer is not encoded twice, nor at all when
/// the caller does not ask for it).
#[derive(Debug)]
pub enum Shown {
    /// Nothing changed: the state as it is.
    Unchanged(Box<GameState>),
    /// The change, as published.
    Published(Arc<Published>),
}

impl Shown {
    /// The state.
    pub fn state(&self) -> Option<&GameState> {
        match self {
            Shown::Unchanged(state) => Some(state),
            Shown::Published(p) => p.game_state(),
        }
    }

    /// The state's JSON, as the client gets it.
    ///
    /// # Errors
    /// `Internal` if it cannot be encoded.
    pub fn into_json(self) -> Result<String, ApiError> {
        match self {
            Shown::Unchanged(state) => {
                serde_json::to_string(&*state).map_err(|e| ApiError::Internal(e.to_string()))
            }
            Shown::Published(p) => p.state_json(),
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
        let slot = slot(state, id).await?;
        let mut g = slot.lock().await;
        if g.evicted {
            // Dropped from memory while we waited: take the game anew (and
            // drop it here, should nobody have).
            drop(g);
            state.games().forget_slot(&slot).await;
            tokio::task::yield_now().await;
            continue;
        }
        // A flag that fell while a dead-position proof runs: the proof
        // first (it may have ended the game before the flag did).
        if !matches!(command, Command::DeadPosition { .. }) {
            if let Some(done) = proof_before_flag(&g, state.now()) {
                drop(g);
                wait_for_proof(done).await;
                continue;
            }
        }
        let now = state.now();
        let (version, was_over) = (g.live.row.version, g.live.is_over());
        let plies = g.live.game.moves().len();
        let a_move = matches!(command, Command::Move { .. } | Command::ComputerMove { .. });
        let mut trial = Trial::new(&mut g, a_move, (state.games(), &slot));
        let (next, _) = trial.parts();
        let effect = execute(next, actor, command.clone(), now);
        if next.row.version == version {
            // Nothing changed: nothing to commit.
            drop(trial);
            effect.reply?;
            let g = &mut *g;
            return Ok(Shown::Unchanged(Box::new(
                g.live.state(&mut g.notation, now),
            )));
        }
        let (next, before) = trial.parts();
        next.touch_row(now);
        next.row.version = version + 1;
        next.row.commit_id = crate::security::commit_id()?;
        let commit = Commit {
            // The move's row keeps the clocks the game's row would.
            move_only: matches!(&effect.change, Change::Move(m)
                    if m.white_ms == next.row.white_ms && m.black_ms == next.row.black_ms)
                && effect.inserts.is_empty()
                && next.row.moved_only_from(before),
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
                drop(trial);
                g.evicted = true;
                drop(g);
                state.games().forget_slot(&slot).await;
                fenced += 1;
                continue;
            }
            // Not stored, or not known yet: the trial, dropped, leaves the
            // game as it was in memory; if the change was stored after all,
            // the next commit finds the stored game ahead (stale, above).
            Err(e) => return Err(e.into()),
        }
        let kept = trial.kept(plies);
        trial.keep();
        let ended = g.live.is_over() && !was_over;
        let shown = publish(state, &slot, &mut g, kept).await;
        follow_up(state, &slot, &mut g);
        if ended {
            // Told to the services above (a tournament's game: its result
            // goes into the tournament; the game's own commit keeps it if
            // that does not happen now, and the tournament catches up on
            // its next read).
            state.events().send(Happened::GameEnded {
                game: slot.id.clone(),
                tournament: g.live.row.tournament.clone(),
                accounts: g.live.row.white_user.is_some() || g.live.row.black_user.is_some(),
            });
        }
        drop(g);
        effect.reply?;
        return Ok(shown);
    }
}

/// The game `id` in memory, loaded (and its timers and engine started)
/// if it was not. In a cluster, only a game this node owns (or takes
/// now, being free or its owner lapsed) and only while its lease holds.
///
/// # Errors
/// [`ApiError::NotFound`], storage errors, or shutting down; in a
/// cluster [`ApiError::NotHere`] (another node owns it) or
/// [`ApiError::NodeUnavailable`] (this node's lease ran out).
pub async fn slot(state: &AppState, id: &str) -> Result<Arc<Slot>, ApiError> {
    if state.is_shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    if let Some(node) = state.node() {
        let fence = node.fence().ok_or(ApiError::NodeUnavailable)?;
        if let Some(slot) = state.games().cached(id).await {
            return Ok(slot);
        }
        match state.store().claim(id, &fence).await? {
            Claim::Mine => {}
            Claim::Owner(owner) => return Err(ApiError::NotHere { owner }),
            Claim::Lapsed => return Err(ApiError::NodeUnavailable),
            Claim::Missing => return Err(ApiError::NotFound),
        }
    }
    let (slot, loaded) = state.games().get(state.store(), id, state.now()).await?;
    if loaded {
        let mut g = slot.lock().await;
        follow_up(state, &slot, &mut g);
    }
    Ok(slot)
}

/// Whether the stored row of game `id` is the one the commit `commit_id`
/// wrote (after a commit whose answer was lost).
async fn committed_after_all(state: &AppState, id: &str, commit_id: i64) -> bool {
    matches!(state.store().stored_commit(id).await, Ok(Some(c)) if c == commit_id)
}

/// Announces the committed state to the game's watchers (on every node,
/// through the bus; under the game's lock, so in order), with its delta
/// from the state before, whose move lists agree with this one's on their
/// first `kept` moves; returns it (its full line written once, when a
/// watcher or the answer first needs it).
async fn publish(state: &AppState, slot: &Slot, g: &mut Inner, kept: usize) -> Shown {
    // The computer's search on the old state is of no use now.
    if let Some(e) = g.engine.take() {
        e.stop();
    }
    let mut shown = g.live.state(&mut g.notation, state.now());
    let delta = match crate::wire::lines::delta_line(&mut shown, kept) {
        Ok(line) => Some(line),
        Err(e) => {
            tracing::error!(error = %e, "a state that cannot be encoded has no delta");
            None
        }
    };
    let version = u64::try_from(g.live.row.version).unwrap_or(0);
    let published = Arc::new(Published::state(shown, delta, version, g.live.is_over()));
    state.bus().publish(&slot.id, Arc::clone(&published)).await;
    Shown::Published(published)
}

/// Starts what must follow the committed state: the timer of the running
/// clock's flag (one per game: it replaces the previous one) and the
/// computer's reply.
pub fn follow_up(state: &AppState, slot: &Arc<Slot>, g: &mut Inner) {
    if let Some(t) = g.flag_timer.take() {
        t.abort();
    }
    if g.live.is_over() {
        g.stop_dead_proof();
        return;
    }
    let key = g.live.game.position().key();
    if g.dead_proof.as_ref().map(|run| run.key) != Some(key) && g.live.game.wants_dead_proof() {
        // A newer position to prove: the older proof stops (one a game;
        // a position after a dead one is dead too).
        g.stop_dead_proof();
        let stop = Stop::new(0);
        let (done_tx, done) = tokio::sync::watch::channel(());
        g.dead_proof = Some(DeadProofRun {
            key,
            stop: stop.clone(),
            done,
        });
        let (state2, id, pos) = (state.clone(), slot.id.clone(), *g.live.game.position());
        tokio::spawn(async move {
            if let Some(proof) = dead_proof(&state2, pos, stop).await {
                server_command(&state2, &id, Command::DeadPosition { proof }).await;
            }
            drop(done_tx);
        });
    }
    if let Some(deadline) = g.live.clock.as_ref().and_then(sakk::Clock::flag_deadline) {
        let (state2, id) = (state.clone(), slot.id.clone());
        let task = tokio::spawn(async move {
            let wait = deadline.saturating_sub(state2.now()) + Duration::from_millis(1);
            tokio::time::sleep(wait).await;
            // A proof under way is waited for first ([`apply`]).
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
            variant: crate::wire::Variant::of(&pos),
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

/// The full proof that `pos` is dead (FIDE 5.2.2), for a position that
/// only it can show dead ([`sakk::Game::wants_dead_proof`]): run in the
/// engine pool with the analyses (it can take seconds), off the request
/// path; a pool too busy to take it is asked again a few times, then the
/// position is left unproved (the rules allow a dead position to be
/// missed, never a winnable one to be called dead).
async fn dead_proof(state: &AppState, pos: Position, stop: Stop) -> Option<sakk::DeadProof> {
    // The whole proof, its waits for the pool included, has a time limit:
    // past it, the waiting ends (a place in the pool's queue is given up
    // with it) and a search under way stops.
    let proof = tokio::time::timeout(DEAD_PROOF_LIMIT, prove_in_pool(state, pos, &stop)).await;
    if proof.is_err() {
        stop.stop();
    }
    proof.ok().flatten()
}

/// The proof a command waits for before it counts: the running clock's
/// flag has fallen while a dead-position proof of the game still runs.
/// A dead position arose before the fall (a move after it is refused),
/// so if the proof shows one, the game ended there, before the flag
/// (FIDE 5.2.2), and neither the flag nor anything else then counts.
fn proof_before_flag(g: &Inner, now: Duration) -> Option<tokio::sync::watch::Receiver<()>> {
    let run = g.dead_proof.as_ref()?;
    let fallen = g
        .live
        .clock
        .as_ref()
        .and_then(sakk::Clock::flag_deadline)
        .is_some_and(|deadline| deadline <= now);
    // `has_changed` fails once the proof's task has let go of its sender.
    (fallen && !g.live.is_over() && run.done.has_changed().is_ok()).then(|| run.done.clone())
}

/// Waits for the proof `done` to end, at most [`DEAD_PROOF_LIMIT`] (by
/// which it has stopped by itself).
async fn wait_for_proof(mut done: tokio::sync::watch::Receiver<()>) {
    let ended = async move { while done.changed().await.is_ok() {} };
    let _ = tokio::time::timeout(DEAD_PROOF_LIMIT, ended).await;
}

/// [`dead_proof`]'s tries: a busy pool is asked again a few times.
async fn prove_in_pool(state: &AppState, pos: Position, stop: &Stop) -> Option<sakk::DeadProof> {
    let mut wait = Duration::from_millis(100);
    for _ in 0..DEAD_PROOF_TRIES {
        match state
            .pool()
            .run(Priority::Analysis, stop.clone(), move |stop| {
                pos.prove_dead_until(sakk::Effort::Full, stop.flag())
            })
            .await
        {
            Ok(proof) => return proof,
            Err(ApiError::EngineBusy) if !state.is_shutting_down() && !stop.is_stopped() => {
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(10));
            }
            Err(_) => return None,
        }
    }
    None
}

/// How often a dead-position proof asks a busy pool.
const DEAD_PROOF_TRIES: usize = 8;

/// How long a dead-position proof may take, its waits for the pool
/// included: it then stops, and the position is left unproved. (A proof
/// takes 0.2 ms at the median, 263 ms at the 99th percentile of real
/// games' screened positions: BENCHMARKS.md.)
const DEAD_PROOF_LIMIT: Duration = Duration::from_secs(10);

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
