//! What the dead-position check costs in real games (BENCHMARKS.md,
//! "Every dead position ends its game"): every game of the PGN files given
//! is replayed as [`Game`] replays it, and each position after which
//! [`Game::wants_dead_proof`] asks for the full proof is proved with
//! [`Position::is_dead`] at [`Effort::Full`], timed.
//!
//! `cargo run --release -p sakk --example dead_screen -- FILE...`

use std::time::{Duration, Instant};

use sakk::pgn::read_games;
use sakk::{Effort, Game, Position};

fn main() -> std::io::Result<()> {
    let (mut games, mut moves, mut irreversible) = (0usize, 0usize, 0usize);
    let mut screened: Vec<Position> = Vec::new();
    let mut replay = Duration::ZERO;
    for path in std::env::args().skip(1) {
        let text = std::fs::read(&path)?;
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
    let (mut dead, mut total, mut worst) = (0usize, Duration::ZERO, Duration::ZERO);
    let mut times = Vec::new();
    for pos in &screened {
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
    println!(
        "full proofs: {} positions, {dead} dead, {:.2} s in all (median {:.1} ms, 90th {:.0} ms, 99th {:.0} ms, worst {:.2} s); \
         {:.0} µs a move on average",
        screened.len(),
        total.as_secs_f64(),
        at(0.5),
        at(0.9),
        at(0.99),
        worst.as_secs_f64(),
        total.as_secs_f64() * 1e6 / moves.max(1) as f64
    );
    Ok(())
}
