//! The computer opponent of the user interfaces (the server's games, `sakk
//! play`): the engine at one of eight levels, answering within its clock.

use std::sync::Arc;
use std::time::Duration;

use sakk::{Move, Position};

use crate::search::{Limits, Searcher, Shared, Task};
use crate::strength;
use crate::time::{Clock, TimeManager};

/// The engine's move at `level` (1–8), with `remaining` time on its clock.
pub fn choose(
    pos: &Position,
    history: &[u64],
    level: i64,
    remaining: Option<Duration>,
    inc: Duration,
) -> Option<Move> {
    choose_bounded(
        pos,
        history,
        level,
        remaining,
        inc,
        None,
        Arc::new(Shared::new(16)),
    )
}

/// [`choose`], thinking at most `max_think` whatever the clock allows, on
/// `shared` (its table, and its `stop` flag: set it from another thread to
/// stop the search at once; the move found so far is returned).
pub fn choose_bounded(
    pos: &Position,
    history: &[u64],
    level: i64,
    remaining: Option<Duration>,
    inc: Duration,
    max_think: Option<Duration>,
    shared: Arc<Shared>,
) -> Option<Move> {
    let elo = strength::LEVELS[(level.clamp(1, 8) - 1) as usize];
    let handicap = strength::for_elo(elo);
    let time = match remaining {
        Some(t) => TimeManager::new(
            Clock {
                time: Some(t),
                inc,
                movestogo: None,
                movetime: None,
            },
            Duration::from_millis(150),
        ),
        // Without a clock: a little thinking, more at higher levels.
        None => TimeManager::new(
            Clock {
                movetime: Some(Duration::from_millis(200 + 150 * level.clamp(1, 8) as u64)),
                ..Clock::default()
            },
            Duration::ZERO,
        ),
    };
    let time = match max_think {
        Some(max) => time.capped(max),
        None => time,
    };
    let mut limits = Limits::default();
    let mut multipv = 1;
    let mut searcher = Searcher::new(shared, true);
    if let Some(h) = handicap {
        limits.depth = Some(h.depth);
        limits.nodes = Some(h.nodes);
        multipv = h.candidates;
        searcher.noise = h.noise;
    }
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(7, |d| d.as_nanos() as u64);
    searcher.set_noise_seed(seed);
    let task = Task {
        limits,
        time,
        multipv,
        depth_offset: 0,
    };
    let outcome = searcher.think(pos, history, task, &mut |_| {});
    match handicap {
        Some(h) => {
            let lines: Vec<(i32, Move)> = outcome
                .lines
                .iter()
                .filter_map(|(s, pv)| pv.first().map(|&m| (*s, m)))
                .collect();
            strength::choose(&lines, &h, (seed % 10_007) as f64 / 10_007.0).or(outcome.best)
        }
        None => outcome.best,
    }
}
