//! Labelled positions from self-play: games from book openings (with a
//! few random plies for variety) at a fixed number of nodes a move, each
//! quiet position written with the search's score and the game's result —
//! as text for the Texel tuner (`FEN;RESULT`) or packed in 32 bytes for
//! the NNUE trainer ([`crate::nnue::packed`]), played with the hand-made
//! evaluation or a network.
//!
//! A position is kept when the side to move is not in check, the engine's
//! move is not a capture or a promotion, and the score is not near a mate:
//! an evaluation can only be fitted where nothing is hanging.
//!
//! Adjudication: a game ends as won when the score stays at 10 pawns or
//! more for one side for 8 plies, and as drawn when it stays within 0.08
//! pawns for 12 plies after move 40; threefold repetition, the fifty-move
//! rule and 400 plies end it as a draw.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use sakk::{Color, Game, GameResult, Position};

use crate::nnue::packed;
use crate::rng::Rng;
use crate::search::{Limits, Searcher, Shared, Task};

/// How to generate.
#[derive(Clone, Debug)]
pub struct Config {
    /// Games to play in all.
    pub games: usize,
    /// Nodes a move.
    pub nodes: u64,
    /// Threads, each playing its own games.
    pub threads: usize,
    /// Random legal plies played after the opening, at most.
    pub random_plies: usize,
    /// The seed of the random choices.
    pub seed: u64,
    /// How positions are written.
    pub format: Format,
    /// The network the games are played with; the hand-made evaluation
    /// when none. (Each net's engine makes the data of the next net.)
    pub net: Option<Arc<crate::nnue::net::QuantNet>>,
}

/// How positions are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// A line each, `FEN;RESULT` with RESULT 1.0, 0.5 or 0.0 from White's
    /// side (the Texel tuner's input).
    #[default]
    Text,
    /// 32 bytes each, with the search's score ([`crate::nnue::packed`]).
    Packed,
}

/// What was generated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Positions written.
    pub positions: usize,
    /// Games won by White, drawn, won by Black.
    pub results: [usize; 3],
}

/// Plays `config.games` games from `openings` and writes each kept
/// position to `out` in `config.format`, a game's positions in one write.
/// Calls `progress` after each game.
pub fn generate<W: Write + Send>(
    openings: &[Position],
    config: &Config,
    out: W,
    progress: &(dyn Fn(&Summary) + Sync),
) -> std::io::Result<Summary> {
    if openings.is_empty() {
        return Ok(Summary::default());
    }
    let out = Mutex::new(out);
    let next = AtomicUsize::new(0);
    let summary = Mutex::new(Summary::default());
    let error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for t in 0..config.threads.max(1) {
            let (out, next, summary, error) = (&out, &next, &summary, &error);
            scope.spawn(move || {
                let mut rng = Rng::new(config.seed.wrapping_add(t as u64 * 0x1000_0001));
                let shared = Arc::new(Shared::new(16));
                let mut searcher = Searcher::new(shared.clone(), true);
                searcher.set_net(config.net.clone());
                while next.fetch_add(1, Ordering::Relaxed) < config.games {
                    let opening = &openings[rng.below(openings.len())];
                    let (kept, result) = play(opening, config, &mut rng, &shared, &mut searcher);
                    let outcome = match result {
                        GameResult::WhiteWins => 0,
                        GameResult::Draw => 1,
                        GameResult::BlackWins => 2,
                    };
                    let bytes = encode(config.format, &kept, result);
                    if let Ok(mut o) = out.lock() {
                        if let Err(e) = o.write_all(&bytes) {
                            if let Ok(mut slot) = error.lock() {
                                *slot = Some(e);
                            }
                            next.store(usize::MAX / 2, Ordering::Relaxed);
                        }
                    }
                    if let Ok(mut s) = summary.lock() {
                        s.games += 1;
                        s.positions += kept.len();
                        s.results[outcome] += 1;
                        progress(&s);
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().ok().flatten() {
        return Err(e);
    }
    if let Ok(mut o) = out.lock() {
        o.flush()?;
    }
    Ok(summary.into_inner().unwrap_or_default())
}

/// A game's kept positions (with their scores from White's side) written
/// in `format`.
fn encode(format: Format, kept: &[(Position, i16)], result: GameResult) -> Vec<u8> {
    match format {
        Format::Text => {
            let label = match result {
                GameResult::WhiteWins => "1.0",
                GameResult::Draw => "0.5",
                GameResult::BlackWins => "0.0",
            };
            let mut text = String::new();
            for (pos, _) in kept {
                text.push_str(&pos.fen());
                text.push(';');
                text.push_str(label);
                text.push('\n');
            }
            text.into_bytes()
        }
        Format::Packed => kept
            .iter()
            .filter_map(|&(position, score)| {
                packed::pack(&packed::Sample {
                    position,
                    score,
                    result,
                })
                .ok()
            })
            .flatten()
            .collect(),
    }
}

/// Plays one game; returns the kept positions with their scores from
/// White's side, and the result.
fn play(
    opening: &Position,
    config: &Config,
    rng: &mut Rng,
    shared: &Shared,
    searcher: &mut Searcher,
) -> (Vec<(Position, i16)>, GameResult) {
    let mut game = Game::from_position(*opening);
    for _ in 0..rng.below(config.random_plies + 1) {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        if game.play(m).is_err() {
            break;
        }
    }
    shared.tt.clear();
    searcher.clear();
    let mut kept = Vec::new();
    let (mut winning, mut quiet) = (0, 0);
    let result = loop {
        if let Some(outcome) = game.outcome() {
            break outcome.result.unwrap_or(GameResult::Draw);
        }
        let pos = *game.position();
        if game.repetitions() >= 3 || pos.halfmoves() >= 100 || game.moves().len() >= 400 {
            break GameResult::Draw;
        }
        let keys: Vec<u64> = game.positions().iter().map(Position::key).collect();
        shared.stop.store(false, Ordering::Relaxed);
        shared.nodes.store(0, Ordering::Relaxed);
        let limits = Limits {
            nodes: Some(config.nodes),
            ..Limits::default()
        };
        let outcome = searcher.think(&pos, &keys, Task::with_limits(limits), &mut |_| {});
        let Some(best) = outcome.best else {
            break GameResult::Draw;
        };
        let score = outcome.score;
        let white = if pos.turn() == Color::White {
            score
        } else {
            -score
        };
        // Adjudication: a decisive score for 8 plies, or a dead-even one for
        // 12 plies after move 40.
        winning = if score.abs() >= 1000 { winning + 1 } else { 0 };
        quiet = if game.moves().len() >= 80 && score.abs() <= 8 {
            quiet + 1
        } else {
            0
        };
        if winning >= 8 {
            break if white > 0 {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            };
        }
        if quiet >= 12 {
            break GameResult::Draw;
        }
        if !pos.is_check() && !pos.is_capture(best) && !best.is_promotion() && score.abs() < 2000 {
            // |score| < 2000 fits an i16.
            kept.push((pos, i16::try_from(white).unwrap_or(0)));
        }
        if game.play(best).is_err() {
            break GameResult::Draw;
        }
    };
    (kept, result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_labelled_quiet_positions() {
        let openings = [Position::new()];
        let config = Config {
            games: 2,
            nodes: 300,
            threads: 2,
            random_plies: 4,
            seed: 1,
            format: Format::Text,
            net: None,
        };
        let mut out = Vec::new();
        let summary = match generate(&openings, &config, &mut out, &|_| {}) {
            Ok(s) => s,
            Err(e) => panic!("writing to memory failed: {e}"),
        };
        assert_eq!(summary.games, 2);
        assert_eq!(summary.results.iter().sum::<usize>(), 2);
        let text = String::from_utf8_lossy(&out);
        assert_eq!(text.lines().count(), summary.positions);
        assert!(summary.positions > 10, "{summary:?}");
        for line in text.lines() {
            let Some((fen, label)) = line.split_once(';') else {
                panic!("not FEN;RESULT: {line}");
            };
            let Ok(pos) = Position::from_fen(fen) else {
                panic!("not a valid FEN: {fen}");
            };
            assert!(!pos.is_check());
            assert!(["1.0", "0.5", "0.0"].contains(&label));
        }
    }

    #[test]
    fn packs_positions_with_their_scores() {
        let openings = [Position::new()];
        let config = Config {
            games: 2,
            nodes: 300,
            threads: 1,
            random_plies: 4,
            seed: 2,
            format: Format::Packed,
            net: None,
        };
        let mut out = Vec::new();
        let summary = match generate(&openings, &config, &mut out, &|_| {}) {
            Ok(s) => s,
            Err(e) => panic!("writing to memory failed: {e}"),
        };
        assert_eq!(out.len(), summary.positions * packed::PACKED_SIZE);
        let samples: Vec<packed::Sample> = packed::Samples::new(out.as_slice())
            .map(|r| match r {
                Ok(Ok(s)) => s,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(samples.len(), summary.positions);
        assert!(samples.iter().all(|s| !s.position.is_check()));
        assert!(samples.iter().all(|s| s.score.abs() < 2000));
        // Scores vary: they are the search's, not a constant.
        assert!(samples.iter().any(|s| s.score != samples[0].score));
        // Both games' results label their own positions.
        let wins = summary.results[0] + summary.results[2];
        assert_eq!(
            samples.iter().any(|s| s.result != GameResult::Draw),
            wins > 0
        );
    }
}
