//! What the dead-position check costs in real games (BENCHMARKS.md,
//! "Every dead position ends its game"): every game of the PGN files given
//! is replayed as [`Game`] replays it, and each position after which
//! [`Game::wants_dead_proof`] asks for the full proof is proved with
//! [`Position::is_dead`] at [`Effort::Full`], timed.
//!
//! With `--vectors FILE` (the Chess Unwinnability Analyzer's test file,
//! `crates/sakk/tests/data/unwinnability.txt`): every position a legal move
//! leads to from its dead vectors, as a game would meet them, instead.
//!
//! `cargo run --release -p sakk --example dead_screen -- FILE...`
//! `cargo run --release -p sakk --example dead_screen -- --vectors FILE`

use std::time::{Duration, Instant};

use sakk::pgn::read_games;
use sakk::{CastlingMode, Effort, Game, Position, Setup};

/// Every position a legal move leads to from the dead vectors (class `--`)
/// of the analyser's file, those the cheap proofs leave open.
fn after_dead_vectors(path: &str) -> std::io::Result<Vec<Position>> {
    let text = std::fs::read_to_string(path)?;
    let mut after = Vec::new();
    for fen in text.lines().filter_map(|l| l.strip_prefix("-- ")) {
        // Some vectors leave out the castling and en passant fields.
        let fen = if fen.split_whitespace().count() == 2 {
            format!("{fen} - -")
        } else {
            fen.to_string()
        };
        let Ok(pos) = Setup::from_fen(&fen)
            .map_err(|e| e.to_string())
            .and_then(|s| {
                Position::from_setup_with_any_material(s, CastlingMode::Standard)
                    .map_err(|e| e.to_string())
            })
        else {
            eprintln!("skipped: {fen}");
            continue;
        };
        for &m in &pos.legal_moves() {
            let next = pos.after_unchecked(m);
            if next.has_legal_moves() && !next.is_plainly_dead() {
                after.push(next);
            }
        }
    }
    Ok(after)
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, path] = &args[..] {
        if flag == "--vectors" {
            let after = after_dead_vectors(path)?;
            println!("{} positions after a move from a dead vector", after.len());
            return prove(&after, 0);
        }
    }
    let (mut games, mut moves, mut irreversible) = (0usize, 0usize, 0usize);
    let mut screened: Vec<Position> = Vec::new();
    let mut replay = Duration::ZERO;
    for path in &args {
        let text = std::fs::read(path)?;
        for game in read_games(&text[..]).flatten() {
            games += 1;
            let started = Instant::now();
            let mut played = Game::from_position(game.start);
            for m in &game.moves {
                if played.play(m.mv).is_err() {
                    break;
                }
                moves += 1;
                irreversible += usize::from(played.position().halfmoves() == 0);
                if played.wants_dead_proof() {
                    screened.push(*played.position());
                }
            }
            replay += started.elapsed();
        }
    }
    println!(
        "{games} games, {moves} moves, {irreversible} after a capture or pawn move; \
         the screen passed {} ({:.1} %); replaying with the cheap proofs and the screen took {:.3} s",
        screened.len(),
        100.0 * screened.len() as f64 / irreversible.max(1) as f64,
        replay.as_secs_f64()
    );
    prove(&screened, moves)
}

/// Proves each of `positions` dead or not with the full proof, timed; the
/// average over `moves` moves played when there were any.
fn prove(positions: &[Position], moves: usize) -> std::io::Result<()> {
    let (mut dead, mut total, mut worst) = (0usize, Duration::ZERO, Duration::ZERO);
    let mut times = Vec::new();
    for pos in positions {
        let started = Instant::now();
        dead += usize::from(pos.is_dead(Effort::Full));
        let took = started.elapsed();
        total += took;
        worst = worst.max(took);
        times.push(took);
    }
    times.sort();
    let at = |q: f64| {
        times
            .get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1e3)
    };
    print!(
        "full proofs: {} positions, {dead} dead, {:.2} s in all (median {:.1} ms, 90th {:.0} ms, \
         99th {:.0} ms, worst {:.2} s)",
        positions.len(),
        total.as_secs_f64(),
        at(0.5),
        at(0.9),
        at(0.99),
        worst.as_secs_f64(),
    );
    if moves > 0 {
        print!(
            "; {:.0} µs a move on average",
            total.as_secs_f64() * 1e6 / moves as f64
        );
    }
    println!();
    Ok(())
}
