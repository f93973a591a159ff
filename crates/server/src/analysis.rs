//! The after-game analysis: the engine's view of every position of a game,
//! computed once per game in the engine pool (callers asking for the same
//! game at the same time share one computation) and kept in a
//! least-recently-used cache. (The computer opponent itself is
//! `sakk_engine::opponent`.)

use std::collections::HashMap;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::{BoxFuture, FutureExt, Shared as SharedFuture};
use sakk::Position;
use sakk_engine::search::{Limits, Searcher, Shared, Task};
use serde::{Deserialize, Serialize};

use crate::engine_pool::{EnginePool, Priority, Stop};
use crate::error::ApiError;

/// The engine's view of one position of a game, from White's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Analysed {
    /// Centipawns from White's side (none when a mate is seen).
    pub cp: Option<i32>,
    /// Mate in this many moves from White's side (negative: Black mates).
    pub mate: Option<i32>,
    /// The best move, in UCI.
    pub best: Option<String>,
    /// The best line, in UCI.
    pub pv: Vec<String>,
}

/// The analysis of a game, as the API answers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Analysis {
    /// Nodes searched per position.
    #[cfg_attr(test, ts(type = "number"))]
    pub nodes: u64,
    /// One entry per position analysed, from the start.
    pub plies: Vec<Analysed>,
    /// The game had more positions than are analysed.
    pub truncated: bool,
}

/// Nodes per position of the after-game analysis (about a tenth of a
/// second each here).
pub const NODES: u64 = 150_000;

/// The most positions of one game analysed (about half a minute).
pub const MAX_PLIES: usize = 300;

/// Why an analysis did not come (cloneable: every caller sharing the
/// computation gets it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refused {
    Busy,
    ShuttingDown,
    Failed,
}

impl From<Refused> for ApiError {
    fn from(r: Refused) -> ApiError {
        match r {
            Refused::Busy => ApiError::EngineBusy,
            Refused::ShuttingDown => ApiError::ShuttingDown,
            Refused::Failed => ApiError::Internal("analysis failed".to_string()),
        }
    }
}

/// The subject of the after-game analyses.
pub const ANALYSIS_SUBJECT: &str = "sakk.engine.analysis";
/// How long an analysis may take on a worker (it searches a fixed number
/// of nodes in each of at most [`MAX_PLIES`] positions).
const ANALYSIS_WAIT: Duration = Duration::from_secs(120);

/// An after-game analysis to compute: the game's positions, as FEN.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisJob {
    /// The positions, from the start.
    pub positions: Vec<String>,
    /// Their variant (Chess960's castle as king takes rook).
    #[serde(default)]
    pub variant: crate::wire::Variant,
}

impl AnalysisJob {
    /// Computes it (blocking: run it on a thread of its own); `None` for a
    /// position that is not a FEN.
    pub fn solve(&self) -> Option<Analysis> {
        let positions = self
            .positions
            .iter()
            .map(|f| Position::from_fen_with_mode(f, self.variant.castling_mode()).ok())
            .collect::<Option<Vec<_>>>()?;
        Some(analyse(
            &positions,
            NODES,
            MAX_PLIES,
            &std::sync::atomic::AtomicBool::new(false),
            &Stop::new(32).search(),
        ))
    }
}

/// Asks a worker on the bus for the analysis of `positions`: `None` when
/// no worker listens or none answered in time.
pub async fn request_analysis(
    client: &async_nats::Client,
    positions: &[Position],
) -> Option<Analysis> {
    let job = AnalysisJob {
        positions: positions.iter().map(Position::fen).collect(),
        variant: positions
            .first()
            .map(crate::wire::Variant::of)
            .unwrap_or_default(),
    };
    let payload = serde_json::to_vec(&job).ok()?;
    let request = async_nats::Request::new()
        .payload(payload.into())
        .timeout(Some(ANALYSIS_WAIT));
    match client.send_request(ANALYSIS_SUBJECT, request).await {
        Ok(reply) => serde_json::from_slice::<Option<Analysis>>(&reply.payload)
            .ok()
            .flatten(),
        Err(e) => {
            tracing::debug!(error = %e, "no worker's analysis; the node's pool computes it");
            None
        }
    }
}

type Pending = SharedFuture<BoxFuture<'static, Result<Arc<Analysis>, Refused>>>;

/// The analyses: a cache of finished ones and the ones being computed.
pub struct Analyses {
    done: std::sync::Mutex<lru::LruCache<String, Arc<Analysis>>>,
    pending: std::sync::Mutex<HashMap<String, Pending>>,
}

impl Analyses {
    /// Keeps at most `capacity` finished analyses.
    pub fn new(capacity: usize) -> Analyses {
        Analyses {
            done: std::sync::Mutex::new(lru::LruCache::new(
                NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN),
            )),
            pending: std::sync::Mutex::new(HashMap::new()),
        }
    }

    /// The analysis of the game at `key` (its id and length) with these
    /// positions: from the cache, from a computation under way, or computed
    /// now — by a `sakk worker` on the bus `workers` when one answers,
    /// else in `pool`. The computation goes on to the end (and into the
    /// cache) if the caller goes away.
    ///
    /// # Errors
    /// The pool's refusals.
    pub async fn get(
        self: &Arc<Self>,
        pool: &Arc<EnginePool>,
        workers: Option<async_nats::Client>,
        key: String,
        positions: Vec<Position>,
    ) -> Result<Arc<Analysis>, ApiError> {
        if let Some(a) = lock(&self.done).get(&key) {
            return Ok(Arc::clone(a));
        }
        let pending = {
            let mut pending = lock(&self.pending);
            if let Some(p) = pending.get(&key) {
                p.clone()
            } else {
                let (me, pool, k) = (Arc::clone(self), Arc::clone(pool), key.clone());
                let task = tokio::spawn(async move {
                    let remote = match &workers {
                        Some(client) => request_analysis(client, &positions).await,
                        None => None,
                    };
                    let result = match remote {
                        Some(a) => Ok(a),
                        None => {
                            pool.run(Priority::Analysis, Stop::new(32), move |stop| {
                                analyse(&positions, NODES, MAX_PLIES, stop.flag(), &stop.search())
                            })
                            .await
                        }
                    };
                    let result = match result {
                        Ok(a) => {
                            let a = Arc::new(a);
                            lock(&me.done).put(k.clone(), Arc::clone(&a));
                            Ok(a)
                        }
                        Err(ApiError::EngineBusy) => Err(Refused::Busy),
                        Err(ApiError::ShuttingDown) => Err(Refused::ShuttingDown),
                        Err(_) => Err(Refused::Failed),
                    };
                    lock(&me.pending).remove(&k);
                    result
                });
                let fut: BoxFuture<'static, Result<Arc<Analysis>, Refused>> =
                    async move { task.await.unwrap_or(Err(Refused::Failed)) }.boxed();
                let shared = fut.shared();
                pending.insert(key, shared.clone());
                shared
            }
        };
        pending.await.map_err(ApiError::from)
    }
}

fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Analyses the first `max_plies` positions of a game (`positions[i]`
/// after `i` moves) with `nodes` nodes each, at full strength, on `shared`;
/// a finished position (mate, stalemate) is scored by the rules. Stops
/// early (with what it has) once `cancel` is set.
pub fn analyse(
    positions: &[Position],
    nodes: u64,
    max_plies: usize,
    cancel: &AtomicBool,
    shared: &Arc<Shared>,
) -> Analysis {
    use sakk_engine::search::UciScore;
    let mut searcher = Searcher::new(Arc::clone(shared), true);
    let mut out = Vec::with_capacity(positions.len().min(max_plies));
    for (i, pos) in positions.iter().enumerate().take(max_plies) {
        // Reset the search's flag, then read the cancel flag: a stop that
        // comes after this reads sets the search's flag again.
        shared.stop.store(false, Ordering::SeqCst);
        if cancel.load(Ordering::SeqCst) {
            break;
        }
        let white = pos.turn().is_white();
        let sign = if white { 1 } else { -1 };
        if pos.legal_moves().is_empty() {
            // Mate or stalemate: the rules score it, no search needed.
            let cp = if pos.is_check() { -10_000 * sign } else { 0 };
            out.push(Analysed {
                cp: Some(cp),
                mate: None,
                best: None,
                pv: Vec::new(),
            });
            continue;
        }
        let history: Vec<u64> = positions[..i].iter().map(Position::key).collect();
        let task = Task::with_limits(Limits {
            nodes: Some(nodes),
            ..Limits::default()
        });
        shared.nodes.store(0, Ordering::SeqCst);
        let outcome = searcher.think(pos, &history, task, &mut |_| {});
        let (cp, mate) = match UciScore::from_score(outcome.score) {
            UciScore::Cp(c) => (Some(c * sign), None),
            UciScore::Mate(m) => (None, Some(m * sign)),
        };
        let pv: Vec<String> = outcome
            .lines
            .first()
            .map(|(_, pv)| {
                let mut p = *pos;
                pv.iter()
                    .map(|&m| {
                        let u = p.uci(m).to_string();
                        p = p.after_unchecked(m);
                        u
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.push(Analysed {
            cp,
            mate,
            best: pv.first().cloned(),
            pv,
        });
    }
    Analysis {
        nodes,
        truncated: positions.len() > out.len(),
        plies: out,
    }
}
