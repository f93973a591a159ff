//! `sakk unwinnable`: whether each side can still checkmate.

use crate::output::say;
use std::io::{BufRead, Write};
use std::time::Instant;

use sakk::{CastlingMode, Effort, Position, Setup};

use crate::Failure;

/// Reads a position as the unwinnability test sets write it: a FEN whose
/// move counters (and even castling and en passant fields) may be missing,
/// with any material (composed positions).
fn read(fen: &str) -> Result<Position, String> {
    let fen = fen.trim();
    if fen == "startpos" {
        return Ok(Position::new());
    }
    let fields = fen.split_whitespace().count();
    let padded = match fields {
        2 => format!("{fen} - -"),
        3 => format!("{fen} -"),
        _ => fen.to_string(),
    };
    let setup = Setup::from_fen(&padded).map_err(|e| e.to_string())?;
    Position::from_setup_with_any_material(setup, CastlingMode::Standard).map_err(|e| e.to_string())
}

/// Runs the command.
pub fn run(fen: Option<&str>, quick: bool) -> Result<(), Failure> {
    let effort = if quick { Effort::Quick } else { Effort::Full };
    if let Some(fen) = fen {
        let pos = read(fen).map_err(Failure::usage)?;
        say!("{}", pos.unwinnability(effort));
        return Ok(());
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let started = Instant::now();
    let (mut n, mut expected, mut agree) = (0usize, 0usize, 0usize);
    for line in stdin.lock().lines() {
        let line = line.map_err(Failure::from)?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // "WB <fen>" as in the Chess Unwinnability Analyzer's test files.
        let (given, fen) = match line.split_once(' ') {
            Some((c, rest)) if c.len() == 2 && c.bytes().all(|b| b"WB-".contains(&b)) => {
                (Some(c), rest)
            }
            _ => (None, line),
        };
        let class = match read(fen) {
            Ok(pos) => pos.unwinnability(effort).to_string(),
            Err(e) => format!("error: {e}"),
        };
        n += 1;
        if let Some(given) = given {
            expected += 1;
            if given == class {
                agree += 1;
            }
        }
        writeln!(out, "{class} {fen}").map_err(Failure::from)?;
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{n} positions in {secs:.2} s ({:.1} a second){}",
        n as f64 / secs.max(1e-9),
        if expected > 0 {
            format!("; {agree} of {expected} as given")
        } else {
            String::new()
        }
    );
    Ok(())
}
