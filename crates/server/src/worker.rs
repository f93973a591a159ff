//! Engine work apart from the servers, as lichess's fishnet: `sakk worker
//! --bus nats://…` takes the computer's moves and the after-game analyses
//! from the NATS queue group `sakk-workers` on the subjects
//! `sakk.engine.move` and `sakk.engine.analysis` (any number of workers, on
//! any machines; NATS gives each job to one of them). A server asks the bus
//! first ([`request`], [`crate::analysis::request_analysis`]) and does the work with its own
//! pool when no worker answers in time — or at once, when no worker
//! listens.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use sakk::{Move, Position};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::analysis::{AnalysisJob, ANALYSIS_SUBJECT};
use crate::engine_pool::Stop;
use crate::state::AppState;

/// The subject of the computer's moves.
pub const MOVE_SUBJECT: &str = "sakk.engine.move";
/// The workers' queue group.
pub const QUEUE: &str = "sakk-workers";

/// A computer move to find.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job {
    /// The position.
    pub fen: String,
    /// The keys of the positions before it (for repetitions).
    pub history: Vec<u64>,
    /// The level, 1–8.
    pub level: i64,
    /// The computer's time left, if the game is timed.
    pub remaining_ms: Option<u64>,
    /// Its increment.
    pub inc_ms: u64,
    /// The longest it may think.
    pub max_think_ms: u64,
    /// The game's variant (Chess960's castle as king takes rook).
    #[serde(default)]
    pub variant: crate::wire::Variant,
}

/// A worker's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    /// The move in UCI, if the position has one.
    pub uci: Option<String>,
    /// The worker that found it.
    pub worker: String,
}

impl Job {
    /// The position, in its castling mode.
    pub fn position(&self) -> Option<Position> {
        Position::from_fen_with_mode(&self.fen, self.variant.castling_mode()).ok()
    }

    /// Finds the move (blocking: run it on a thread of its own).
    pub fn solve(&self) -> Option<Move> {
        let pos = self.position()?;
        sakk_engine::opponent::choose_bounded(
            &pos,
            &self.history,
            self.level,
            self.remaining_ms.map(Duration::from_millis),
            Duration::from_millis(self.inc_ms),
            Some(Duration::from_millis(self.max_think_ms)),
            Stop::new(16).search(),
        )
    }
}

/// Asks a worker on the bus for the move of `job` (whose position is
/// `pos`): `None` without a bus, when no worker listens, or when none
/// answered in time with a legal move.
pub async fn request(state: &AppState, job: &Job, pos: &Position) -> Option<Move> {
    let client = state.bus().client()?;
    let payload = serde_json::to_vec(job).ok()?;
    let wait = Duration::from_millis(job.max_think_ms) + state.worker_grace();
    let request = async_nats::Request::new()
        .payload(payload.into())
        .timeout(Some(wait));
    let reply = match client.send_request(MOVE_SUBJECT, request).await {
        Ok(reply) => reply,
        Err(e) => {
            tracing::debug!(error = %e, "no worker's move; the node's pool plays");
            return None;
        }
    };
    let found: Found = serde_json::from_slice(&reply.payload).ok()?;
    let mv = pos.parse_uci(found.uci.as_deref()?).ok()?;
    tracing::debug!(worker = found.worker, "a worker's move");
    Some(mv)
}

/// What a job asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Work {
    Move,
    Analysis,
}

/// Runs a worker: takes jobs from the bus at `url`, `threads` at a time,
/// until the connection closes.
///
/// # Errors
/// NATS cannot be reached or refuses the subscription.
pub async fn run(url: &str, name: &str, threads: usize) -> Result<(), async_nats::Error> {
    let client = async_nats::ConnectOptions::new()
        .name(name)
        .max_reconnects(None)
        .retry_on_initial_connect()
        .connect(url)
        .await?;
    let moves = client
        .queue_subscribe(MOVE_SUBJECT, QUEUE.to_string())
        .await?;
    let analyses = client
        .queue_subscribe(ANALYSIS_SUBJECT, QUEUE.to_string())
        .await?;
    let mut jobs = futures_util::stream::select(
        moves.map(|m| (Work::Move, m)),
        analyses.map(|m| (Work::Analysis, m)),
    );
    client.flush().await?;
    tracing::info!(url, threads, "worker ready");
    let slots = Arc::new(Semaphore::new(threads.max(1)));
    while let Some((work, msg)) = jobs.next().await {
        let Some(reply_to) = msg.reply.clone() else {
            continue;
        };
        let Ok(permit) = Arc::clone(&slots).acquire_owned().await else {
            break;
        };
        let (client, name) = (client.clone(), name.to_string());
        tokio::spawn(async move {
            let _permit = permit;
            if work == Work::Analysis {
                let Ok(job) = serde_json::from_slice::<AnalysisJob>(&msg.payload) else {
                    return;
                };
                let plies = job.positions.len();
                let analysis = tokio::task::spawn_blocking(move || job.solve())
                    .await
                    .ok()
                    .flatten();
                tracing::info!(plies, "analysis done");
                if let Ok(bytes) = serde_json::to_vec(&analysis) {
                    let _ = client.publish(reply_to, bytes.into()).await;
                }
                return;
            }
            let Ok(job) = serde_json::from_slice::<Job>(&msg.payload) else {
                return;
            };
            let solved = tokio::task::spawn_blocking(move || {
                let pos = job.position();
                let uci = job.solve().and_then(|m| pos.map(|p| p.uci(m).to_string()));
                tracing::info!(
                    fen = job.fen,
                    uci = uci.as_deref().unwrap_or("-"),
                    "move found"
                );
                uci
            })
            .await
            .ok()
            .flatten();
            let found = Found {
                uci: solved,
                worker: name,
            };
            if let Ok(bytes) = serde_json::to_vec(&found) {
                let _ = client.publish(reply_to, bytes.into()).await;
            }
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_finds_a_legal_move_and_travels_as_json() {
        let job = Job {
            fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".to_string(),
            history: Vec::new(),
            level: 8,
            remaining_ms: None,
            inc_ms: 0,
            max_think_ms: 200,
            variant: crate::wire::Variant::Standard,
        };
        let Ok(text) = serde_json::to_string(&job) else {
            panic!("job")
        };
        let back: Result<Job, _> = serde_json::from_str(&text);
        assert_eq!(back.ok(), Some(job.clone()));
        let Ok(pos) = Position::from_fen(&job.fen) else {
            panic!("fen")
        };
        let Some(mv) = job.solve() else {
            panic!("no move")
        };
        // Back-rank mate.
        assert_eq!(pos.uci(mv).to_string(), "a1a8");
    }
}
