//! The games in memory: each live game in a [`Slot`], loaded from storage
//! when first asked for, and dropped from memory when nobody has used or
//! watched it for a while (it reloads on demand). Start-up loads nothing.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio::sync::{Mutex, MutexGuard, RwLock};
use tokio::task::AbortHandle;

use crate::engine_pool::Stop;
use crate::error::ApiError;
use crate::live::{unix_ms, LiveGame, Notation};
use crate::store::Store;
use crate::wire::GameState;

/// A committed change, as watchers receive it: the event's JSON line
/// (written once for every watcher, when the first of them needs it), for
/// a watcher that has the version before it the change alone (a
/// `gameDelta` line), the game's version after it, and whether the game is
/// over with it.
#[derive(Debug)]
pub struct Published {
    /// The event, one JSON object, once written.
    line: OnceLock<String>,
    /// The committed state, when this event is one published on this node
    /// (`line` is written from it when first needed).
    state: Option<GameState>,
    /// The change as a `gameDelta` line, for a watcher that has version
    /// `version - 1` and asked for deltas.
    pub delta: Option<String>,
    /// The game ended with this change: the last event of the game.
    pub ended: bool,
    /// The game's version after the change (a watcher skips what is not
    /// newer than the state it has).
    pub version: u64,
    /// Not an event: the bus lost messages, the watcher fetches the full
    /// state again.
    pub resync: bool,
    /// A chat line said in this room: not a change of the game (no
    /// version), heard by the watchers of that room.
    pub room: Option<crate::wire::ChatRoom>,
}

impl Published {
    /// An event whose line is written already (`delta`: its `gameDelta`
    /// line, if it has one).
    pub fn written(line: String, delta: Option<String>, version: u64, ended: bool) -> Published {
        Published {
            line: OnceLock::from(line),
            state: None,
            delta,
            ended,
            version,
            resync: false,
            room: None,
        }
    }

    /// A game's committed state (its `gameState` line written when a
    /// watcher first needs it) with its `gameDelta` line.
    pub fn state(state: GameState, delta: Option<String>, version: u64, ended: bool) -> Published {
        Published {
            line: OnceLock::new(),
            state: Some(state),
            delta,
            ended,
            version,
            resync: false,
            room: None,
        }
    }

    /// A chat line said in `room`.
    pub fn chat(line: String, room: crate::wire::ChatRoom) -> Published {
        Published {
            room: Some(room),
            ..Published::written(line, None, 0, false)
        }
    }

    /// The marker that tells every watcher to fetch the full state.
    pub fn resync() -> Published {
        Published {
            resync: true,
            ..Published::written(String::new(), None, 0, false)
        }
    }

    /// The event's full line (empty if the state could not be encoded,
    /// which its derived serialisation never does).
    pub fn text(&self) -> &str {
        self.line.get_or_init(|| {
            let Some(state) = &self.state else {
                return String::new();
            };
            match serde_json::to_string(state) {
                Ok(json) => crate::wire::lines::state_line(&json),
                Err(e) => {
                    tracing::error!(error = %e, "a state that cannot be encoded is not sent");
                    String::new()
                }
            }
        })
    }

    /// The committed state, when this is a change published on this node.
    pub fn game_state(&self) -> Option<&GameState> {
        self.state.as_ref()
    }

    /// The committed state's JSON (the API's answer to the command): the
    /// event's line without its `type`, the line written now if no watcher
    /// had it written.
    ///
    /// # Errors
    /// `Internal` if this is not a state's event, or the state cannot be
    /// encoded.
    pub fn state_json(&self) -> Result<String, ApiError> {
        crate::wire::lines::state_of_line(self.text())
            .ok_or_else(|| ApiError::Internal("not an encoded state".to_string()))
    }
}

/// What a slot's lock guards: the committed game and the work attached to
/// it.
pub struct Inner {
    /// The game as last committed.
    pub live: LiveGame,
    /// The notation cache of its state messages.
    pub notation: Notation,
    /// The computer's search on this state, if one runs.
    pub engine: Option<Stop>,
    /// The timer that ends the game when the running clock's flag falls.
    pub flag_timer: Option<AbortHandle>,
    /// Dropped from memory: a command that finds it so takes the game anew.
    pub evicted: bool,
    /// The dead-position proof last asked for, so that the changes that
    /// leave the position as it is (an offer, a touch) do not ask again,
    /// a newer one or the game's end stops it, and a falling flag can
    /// wait for it.
    pub dead_proof: Option<DeadProofRun>,
}

/// A dead-position proof asked for a game's position (FIDE 5.2.2; see
/// `command::follow_up`).
pub struct DeadProofRun {
    /// The key of the position.
    pub key: u64,
    /// Stops the proof.
    pub stop: Stop,
    /// Closed when the proof has ended and what it proved, if anything,
    /// has been applied to the game (its sender is dropped then).
    pub done: tokio::sync::watch::Receiver<()>,
}

impl Inner {
    /// Stops the game's dead-position proof, if one runs.
    pub fn stop_dead_proof(&mut self) {
        if let Some(run) = self.dead_proof.take() {
            run.stop.stop();
        }
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(t) = self.flag_timer.take() {
            t.abort();
        }
        if let Some(e) = self.engine.take() {
            e.stop();
        }
        self.stop_dead_proof();
    }
}

/// One live game. Its lock is held from a command's check to its commit and
/// publication, so that nobody reads a state that is not committed and the
/// commands of one game are applied one at a time.
pub struct Slot {
    /// The game id.
    pub id: String,
    inner: Mutex<Inner>,
    /// When it was last used (Unix milliseconds).
    last_used: AtomicI64,
}

impl Slot {
    fn new(live: LiveGame) -> Slot {
        Slot {
            id: live.row.id.clone(),
            inner: Mutex::new(Inner {
                live,
                notation: Notation::default(),
                engine: None,
                flag_timer: None,
                evicted: false,
                dead_proof: None,
            }),
            last_used: AtomicI64::new(unix_ms()),
        }
    }

    /// Waits for the game.
    pub async fn lock(&self) -> MutexGuard<'_, Inner> {
        self.last_used.store(unix_ms(), Ordering::Relaxed);
        self.inner.lock().await
    }
}

/// Removes `slot` from `map` if it is still the one kept for its game (a
/// newer one, taken anew from storage, stays).
fn remove_if_kept(map: &mut HashMap<String, Arc<Slot>>, slot: &Arc<Slot>) {
    if map
        .get(&slot.id)
        .is_some_and(|kept| Arc::ptr_eq(kept, slot))
    {
        map.remove(&slot.id);
    }
}

/// How long an unused game stays in memory.
#[derive(Clone, Copy, Debug)]
pub struct Retention {
    /// A finished game.
    pub ended: Duration,
    /// An unfinished game whose clock is not running (a running clock keeps
    /// its game until the flag falls or the game ends).
    pub idle: Duration,
}

impl Default for Retention {
    fn default() -> Retention {
        Retention {
            ended: Duration::from_secs(120),
            idle: Duration::from_secs(600),
        }
    }
}

/// The games in memory.
pub struct Games {
    map: RwLock<HashMap<String, Arc<Slot>>>,
    retention: Retention,
}

impl Games {
    /// An empty registry.
    pub fn new(retention: Retention) -> Games {
        Games {
            map: RwLock::new(HashMap::new()),
            retention,
        }
    }

    /// The game `id`, loaded from `store` if it is not in memory; the flag
    /// says it was just loaded (its timers and engine are to be started).
    ///
    /// # Errors
    /// [`ApiError::NotFound`], or storage errors.
    pub async fn get(
        &self,
        store: &Store,
        id: &str,
        now: Duration,
    ) -> Result<(Arc<Slot>, bool), ApiError> {
        if let Some(g) = self.map.read().await.get(id) {
            return Ok((Arc::clone(g), false));
        }
        if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::NotFound);
        }
        let Some((row, moves)) = store.load(id).await? else {
            return Err(ApiError::NotFound);
        };
        let live = LiveGame::restore(row, &moves, now).map_err(ApiError::Internal)?;
        let mut map = self.map.write().await;
        if let Some(g) = map.get(id) {
            // Loaded by another request meanwhile.
            return Ok((Arc::clone(g), false));
        }
        let slot = Arc::new(Slot::new(live));
        map.insert(id.to_string(), Arc::clone(&slot));
        Ok((slot, true))
    }

    /// Adds a game just created.
    pub async fn insert(&self, live: LiveGame) -> Arc<Slot> {
        let slot = Arc::new(Slot::new(live));
        self.map
            .write()
            .await
            .insert(slot.id.clone(), Arc::clone(&slot));
        slot
    }

    /// Games in memory.
    pub async fn in_memory(&self) -> usize {
        self.map.read().await.len()
    }

    /// The game `id` if it is in memory.
    pub async fn cached(&self, id: &str) -> Option<Arc<Slot>> {
        self.map.read().await.get(id).cloned()
    }

    /// Drops `slot` from memory if it is still the one kept for its game
    /// (a newer one, taken anew from storage, stays).
    pub async fn forget_slot(&self, slot: &Arc<Slot>) {
        remove_if_kept(&mut *self.map.write().await, slot);
    }

    /// [`Games::forget_slot`] without waiting: when the map is busy, the
    /// slot (marked evicted) is dropped by the next command that finds it.
    pub fn forget_slot_now(&self, slot: &Arc<Slot>) {
        if let Ok(mut map) = self.map.try_write() {
            remove_if_kept(&mut map, slot);
        }
    }

    /// Drops every game from memory (a cluster node that lost its lease:
    /// the games may be another node's now). Their timers and searches
    /// stop; a command that was waiting for one of them takes it anew.
    pub async fn clear(&self) {
        let slots: Vec<Arc<Slot>> = self.map.write().await.drain().map(|(_, s)| s).collect();
        for slot in slots {
            let mut g = slot.inner.lock().await;
            g.evicted = true;
            if let Some(t) = g.flag_timer.take() {
                t.abort();
            }
            if let Some(e) = g.engine.take() {
                e.stop();
            }
            g.stop_dead_proof();
        }
    }

    /// Drops from memory the games nobody watches (`watched`) or uses:
    /// finished ones after `retention.ended`, unfinished ones without a
    /// running clock (days a move do not count) or engine after
    /// `retention.idle`. Returns how many it dropped.
    pub async fn sweep(&self, watched: impl Fn(&str) -> bool) -> usize {
        let now = unix_ms();
        let slots: Vec<Arc<Slot>> = self.map.read().await.values().cloned().collect();
        let mut dropped = Vec::new();
        for slot in slots {
            if watched(&slot.id) {
                continue;
            }
            // Never wait for a busy game: it is in use.
            let Ok(mut g) = slot.inner.try_lock() else {
                continue;
            };
            let idle = Duration::from_millis(
                u64::try_from(now - slot.last_used.load(Ordering::Relaxed)).unwrap_or(0),
            );
            let keep_for = if g.live.is_over() {
                self.retention.ended
            } else if g.engine.is_some()
                || g.live.clock.as_ref().is_some_and(|c| {
                    // Days a move run on in storage (the nodes end the
                    // games whose deadline passes): such a game may leave.
                    c.running().is_some()
                        && !matches!(c.control(), sakk::TimeControl::Correspondence(_))
                })
            {
                continue;
            } else {
                self.retention.idle
            };
            if idle >= keep_for {
                g.evicted = true;
                drop(g);
                dropped.push(slot);
            }
        }
        if !dropped.is_empty() {
            // Only the slots evicted here: a command that found one evicted
            // may have taken its game anew meanwhile, and that slot stays.
            let mut map = self.map.write().await;
            for slot in &dropped {
                remove_if_kept(&mut map, slot);
            }
        }
        dropped.len()
    }
}
