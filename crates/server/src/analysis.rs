//! The after-game analysis: the engine's view of every position of a game.
//! (The computer opponent itself is `sakk_engine::opponent`.)

use std::sync::atomic::Ordering;
use std::sync::Arc;

use sakk::Position;
use sakk_engine::search::{Limits, Searcher, Shared, Task};

/// The engine's view of one position of a game, from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysed {
    /// Centipawns from White's side (none when a mate is seen).
    pub cp: Option<i32>,
    /// Mate in this many moves from White's side (negative: Black mates).
    pub mate: Option<i32>,
    /// The best line, in UCI.
    pub pv: Vec<String>,
}

/// Analyses every position of a game (`positions[i]` after `i` moves) with
/// `nodes` nodes each, at full strength; a finished position (mate,
/// stalemate) is scored by the rules.
pub fn analyse(positions: &[Position], nodes: u64) -> Vec<Analysed> {
    use sakk_engine::search::UciScore;
    let shared = Arc::new(Shared::new(32));
    let mut searcher = Searcher::new(Arc::clone(&shared), true);
    let mut out = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        let white = pos.turn().is_white();
        let sign = if white { 1 } else { -1 };
        if pos.legal_moves().is_empty() {
            // Mate or stalemate: the rules score it, no search needed.
            let cp = if pos.is_check() { -10_000 * sign } else { 0 };
            out.push(Analysed {
                cp: Some(cp),
                mate: None,
                pv: Vec::new(),
            });
            continue;
        }
        let history: Vec<u64> = positions[..i].iter().map(Position::key).collect();
        let task = Task::with_limits(Limits {
            nodes: Some(nodes),
            ..Limits::default()
        });
        shared.stop.store(false, Ordering::SeqCst);
        shared.nodes.store(0, Ordering::SeqCst);
        let outcome = searcher.think(pos, &history, task, &mut |_| {});
        let (cp, mate) = match UciScore::from_score(outcome.score) {
            UciScore::Cp(c) => (Some(c * sign), None),
            UciScore::Mate(m) => (None, Some(m * sign)),
        };
        let pv = outcome
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
        out.push(Analysed { cp, mate, pv });
    }
    out
}
