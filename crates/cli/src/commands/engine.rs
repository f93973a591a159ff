//! `sakk uci` and `sakk analyse`.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sakk::{Lang, Position};
use sakk_engine::search::{Limits, Searcher, Shared, Task, UciScore};
use sakk_engine::time::{Clock, TimeManager};

use crate::Failure;

/// Runs the UCI protocol on standard input and output.
pub fn uci() {
    let out: sakk_engine::uci::Output = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    sakk_engine::uci::run(std::io::stdin().lock(), out);
}

fn score_text(score: i32) -> String {
    match UciScore::from_score(score) {
        UciScore::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        UciScore::Mate(n) if n > 0 => format!("#{n}"),
        UciScore::Mate(n) => format!("#-{}", -n),
    }
}

/// Prints the score and principal variation in SAN of each line.
pub fn analyse(
    fen: Option<&str>,
    moves: Option<&str>,
    depth: Option<i32>,
    movetime: Option<u64>,
    multipv: usize,
    lang: Lang,
) -> Result<(), Failure> {
    let mut pos: Position = super::position(fen)?;
    let mut history = Vec::new();
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        let m = pos
            .read_move(text, lang)
            .map_err(|e| Failure::usage(format!("move {} ({text}): {}", i + 1, e.message_en())))?;
        history.push(pos.key());
        pos = pos.after_unchecked(m);
    }
    let shared = Arc::new(Shared::new(64));
    let mut searcher = Searcher::new(shared, true);
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    let time = match (depth, movetime) {
        (Some(_), None) => TimeManager::infinite(),
        (_, ms) => TimeManager::new(
            Clock {
                movetime: Some(Duration::from_millis(ms.unwrap_or(2000))),
                ..Clock::default()
            },
            Duration::ZERO,
        ),
    };
    let task = Task {
        limits,
        time,
        multipv: multipv.max(1),
        depth_offset: 0,
    };
    let outcome = searcher.think(&pos, &history, task, &mut |_| {});
    let mut out = std::io::stdout().lock();
    if outcome.lines.is_empty() {
        let text = if pos.is_check() {
            "checkmate"
        } else {
            "stalemate"
        };
        let _ = writeln!(out, "no legal moves: {text}");
        return Ok(());
    }
    // Scores from White's point of view, as analysis boards show them.
    let sign = if pos.turn().is_white() { 1 } else { -1 };
    for (i, (score, pv)) in outcome.lines.iter().enumerate() {
        let mut p = pos;
        let mut text = String::new();
        for (k, &m) in pv.iter().enumerate() {
            if p.turn().is_white() {
                text.push_str(&format!("{}. ", p.fullmoves()));
            } else if k == 0 {
                text.push_str(&format!("{}... ", p.fullmoves()));
            }
            text.push_str(&p.san(m).display(lang).to_string());
            text.push(' ');
            p = p.after_unchecked(m);
        }
        let _ = writeln!(
            out,
            "{}. {} depth {}: {}",
            i + 1,
            score_text(score * sign),
            outcome.depth,
            text.trim_end()
        );
    }
    Ok(())
}
