//! Live evaluations for the analysis board: the engine searches one
//! position in the bounded pool ([`Priority::Live`]: behind the after-game
//! analyses, and out of the way of any computer's move), one line or up to
//! [`MAX_LINES`], and reports each completed depth as it comes. A search
//! ends at [`LIVE_LIMIT`], when its caller goes away, when the same client
//! starts more than [`LIVE_PER_CLIENT`] at once (the oldest stops), or when
//! a computer's move needs its slot.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use sakk::{Move, Position};
use sakk_engine::search::{Info, Limits, Searcher, Task, UciScore};
use sakk_engine::time::TimeManager;
use serde::Serialize;

use crate::client::ClientKey;
use crate::engine_pool::{Stop, WeakStop};

/// The longest one live evaluation searches.
pub const LIVE_LIMIT: Duration = Duration::from_secs(10);

/// The most lines (MultiPV) one evaluation shows.
pub const MAX_LINES: usize = 5;

/// The most live evaluations one client runs at once.
pub const LIVE_PER_CLIENT: usize = 2;

/// The search table of one live evaluation, in MiB.
const HASH_MB: usize = 32;

/// One line of an evaluation, from White's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EvalLine {
    /// Centipawns from White's side (none when a mate is seen).
    pub cp: Option<i32>,
    /// Mate in this many moves from White's side (negative: Black mates).
    pub mate: Option<i32>,
    /// The line, in UCI.
    pub pv: Vec<String>,
    /// The line, in SAN (English letters).
    pub san: Vec<String>,
}

/// What the engine sees after one completed depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct EvalFrame {
    /// The depth completed.
    pub depth: i32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched so far.
    #[cfg_attr(test, ts(type = "number"))]
    pub nodes: u64,
    /// Milliseconds since the search began.
    #[cfg_attr(test, ts(type = "number"))]
    pub time_ms: u64,
    /// The best lines, best first (none in a position without moves).
    pub lines: Vec<EvalLine>,
    /// The search is over (the last frame).
    pub done: bool,
}

impl EvalFrame {
    /// The last frame of an evaluation stopped before it began.
    pub fn stopped() -> EvalFrame {
        EvalFrame {
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time_ms: 0,
            lines: Vec::new(),
            done: true,
        }
    }
}

/// The live evaluations running, by client (handles that do not keep an
/// evaluation, or its table, alive once it is over).
#[derive(Default)]
pub struct LiveEvals {
    running: std::sync::Mutex<HashMap<ClientKey, VecDeque<WeakStop>>>,
}

impl LiveEvals {
    /// No evaluation running.
    pub fn new() -> LiveEvals {
        LiveEvals::default()
    }

    /// A stop handle for a new evaluation of `client`'s: its oldest ones
    /// past [`LIVE_PER_CLIENT`] are stopped.
    pub fn start(&self, client: ClientKey) -> Stop {
        let stop = Stop::new(HASH_MB);
        let mut running = self
            .running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Those already over hold no place.
        running.retain(|_, list| {
            list.retain(WeakStop::is_live);
            !list.is_empty()
        });
        let list = running.entry(client).or_default();
        while list.len() >= LIVE_PER_CLIENT {
            if let Some(old) = list.pop_front() {
                old.stop();
            }
        }
        list.push_back(stop.downgrade());
        stop
    }
}

/// Stops an evaluation when dropped (its caller went away, or it ended).
pub struct StopOnDrop(pub Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// A line of moves from `pos`, in UCI and in SAN.
fn line_of(pos: &Position, moves: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut p = *pos;
    let mut uci = Vec::with_capacity(moves.len());
    let mut san = Vec::with_capacity(moves.len());
    for &m in moves {
        if !p.is_legal(m) {
            break;
        }
        uci.push(p.uci(m).to_string());
        san.push(p.san(m).to_string());
        p = p.after_unchecked(m);
    }
    (uci, san)
}

/// A score from the side to move's view, as White sees it.
fn white_score(pos: &Position, score: i32) -> (Option<i32>, Option<i32>) {
    let sign = if pos.turn().is_white() { 1 } else { -1 };
    match UciScore::from_score(score) {
        UciScore::Cp(c) => (Some(c * sign), None),
        UciScore::Mate(m) => (None, Some(m * sign)),
    }
}

fn eval_line(pos: &Position, score: i32, pv: &[Move]) -> EvalLine {
    let (cp, mate) = white_score(pos, score);
    let (pv, san) = line_of(pos, pv);
    EvalLine { cp, mate, pv, san }
}

/// Searches `pos` for its `lines` best lines (1 to [`MAX_LINES`]) for at
/// most `limit`, until `stop` is stopped, calling `send` after each
/// completed depth and always once more, with `done`, at the end
/// (blocking: run it in the engine pool).
pub fn evaluate(
    pos: &Position,
    lines: usize,
    limit: Duration,
    stop: &Stop,
    send: &mut dyn FnMut(EvalFrame),
) {
    // Stopped before it began (no table made): the last frame at once.
    if stop.is_stopped() {
        send(EvalFrame::stopped());
        return;
    }
    let shared = stop.search();
    let mut searcher = Searcher::new(Arc::clone(&shared), true);
    let wanted = lines.clamp(1, MAX_LINES).min(pos.legal_moves().len());
    let mut depth_lines: Vec<(i32, Vec<Move>)> = Vec::new();
    let mut last_depth = 0;
    let mut report = |info: &Info| {
        if info.bound.is_some() {
            return;
        }
        if info.depth != last_depth {
            depth_lines.clear();
            last_depth = info.depth;
        }
        depth_lines.push((info.score, info.pv.clone()));
        if depth_lines.len() == wanted {
            let mut sorted = depth_lines.clone();
            sorted.sort_by_key(|l| std::cmp::Reverse(l.0));
            send(EvalFrame {
                depth: info.depth,
                seldepth: u32::try_from(info.seldepth).unwrap_or(u32::MAX),
                nodes: info.nodes,
                time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
                lines: sorted
                    .iter()
                    .map(|(s, pv)| eval_line(pos, *s, pv))
                    .collect(),
                done: false,
            });
        }
    };
    let task = Task {
        multipv: wanted.max(1),
        time: TimeManager::infinite().capped(limit),
        ..Task::with_limits(Limits::default())
    };
    let started = std::time::Instant::now();
    let outcome = if wanted == 0 {
        None
    } else {
        Some(searcher.think(pos, &[], task, &mut report))
    };
    send(EvalFrame {
        depth: outcome.as_ref().map_or(0, |o| o.depth),
        seldepth: 0,
        nodes: shared.nodes.load(std::sync::atomic::Ordering::Relaxed),
        time_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        lines: outcome
            .map(|o| {
                o.lines
                    .iter()
                    .map(|(s, pv)| eval_line(pos, *s, pv))
                    .collect()
            })
            .unwrap_or_default(),
        done: true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(fen: &str, lines: usize, limit: Duration) -> Vec<EvalFrame> {
        let pos = Position::from_fen(fen).unwrap_or_default();
        let mut out = Vec::new();
        evaluate(&pos, lines, limit, &Stop::new(1), &mut |f| out.push(f));
        out
    }

    #[test]
    fn each_depth_is_reported_with_its_lines_best_first() {
        let out = frames(sakk::STARTING_FEN, 3, Duration::from_millis(300));
        let Some(last) = out.last() else {
            panic!("no frame")
        };
        assert!(last.done);
        assert!(out.len() >= 3, "{out:?}");
        for f in &out {
            assert_eq!(f.lines.len(), 3, "{f:?}");
            let cps: Vec<i32> = f.lines.iter().filter_map(|l| l.cp).collect();
            assert!(cps.windows(2).all(|w| w[0] >= w[1]), "{f:?}");
            assert_eq!(f.lines[0].pv.len(), f.lines[0].san.len());
        }
        let depths: Vec<i32> = out.iter().filter(|f| !f.done).map(|f| f.depth).collect();
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        // Three different first moves.
        let firsts: std::collections::HashSet<&String> =
            last.lines.iter().filter_map(|l| l.pv.first()).collect();
        assert_eq!(firsts.len(), 3);
    }

    #[test]
    fn a_mate_is_scored_from_whites_side() {
        // Black to move mates in one (…Qh4#): negative for White.
        let out = frames(
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            1,
            Duration::from_millis(300),
        );
        let Some(last) = out.last() else {
            panic!("no frame")
        };
        assert_eq!(last.lines[0].mate, Some(-1));
        assert_eq!(last.lines[0].san.first().map(String::as_str), Some("Qh4#"));
    }

    #[test]
    fn a_position_without_moves_ends_at_once_with_no_line() {
        let out = frames("7k/5QQ1/8/8/8/8/8/K7 b - - 0 1", 5, LIVE_LIMIT);
        assert_eq!(out.len(), 1);
        assert!(out[0].done && out[0].lines.is_empty());
    }

    #[test]
    fn a_stopped_evaluation_ends_at_once_with_no_line() {
        let stop = Stop::new(1);
        stop.stop();
        let mut out = Vec::new();
        evaluate(&Position::new(), 3, LIVE_LIMIT, &stop, &mut |f| out.push(f));
        assert_eq!(out, vec![EvalFrame::stopped()]);
    }

    #[test]
    fn a_client_runs_at_most_two_and_its_oldest_stops() {
        let evals = LiveEvals::new();
        let me = ClientKey::of(
            "10.0.0.1"
                .parse()
                .unwrap_or(std::net::Ipv4Addr::LOCALHOST.into()),
        );
        let other = ClientKey::of(std::net::Ipv4Addr::LOCALHOST.into());
        let a = evals.start(me);
        let b = evals.start(me);
        let c = evals.start(other);
        assert!(!a.is_stopped() && !b.is_stopped());
        let d = evals.start(me);
        assert!(a.is_stopped());
        assert!(!b.is_stopped() && !c.is_stopped() && !d.is_stopped());
        // One that ended (stopped, or gone) frees its place.
        b.stop();
        let e = evals.start(me);
        assert!(!d.is_stopped() && !e.is_stopped());
        drop(d);
        let f = evals.start(me);
        assert!(!e.is_stopped() && !f.is_stopped());
    }
}
