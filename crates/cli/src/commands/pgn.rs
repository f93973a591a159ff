//! `sakk pgn check FILE` and `sakk pgn export [--lang en|hu] FILE`.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};

use sakk::pgn::{check_games, read_games, write_game, CheckedGame, ExportOptions};
use sakk::Lang;

use crate::Failure;

fn open(path: &str) -> Result<Box<dyn BufRead>, Failure> {
    if path == "-" {
        return Ok(Box::new(BufReader::new(std::io::stdin())));
    }
    if std::path::Path::new(path).is_dir() {
        return Err(Failure::usage(format!(
            "{path} is a directory: give a PGN file (or - for standard input)"
        )));
    }
    File::open(path)
        .map(|f| Box::new(BufReader::new(f)) as Box<dyn BufRead>)
        .map_err(|e| Failure::usage(format!("cannot open {path}: {e}")))
}

/// The problems of a game that was read without a move error.
fn result_problems(number: usize, game: &CheckedGame) -> Vec<String> {
    let mut problems = Vec::new();
    let line = game.line;
    match &game.result {
        None => problems.push(format!(
            "game {number}, line {line}: no result token (1-0, 0-1, 1/2-1/2 or *) ends the movetext"
        )),
        Some(token) => {
            if let Some(tag) = &game.result_tag {
                if tag != token {
                    problems.push(format!(
                        "game {number}, line {line}: the Result tag says {tag} but the movetext ends with {token}"
                    ));
                }
            }
            if game.end.is_checkmate() {
                let automatic = if game.end.turn().is_white() {
                    "0-1"
                } else {
                    "1-0"
                };
                if token != automatic {
                    problems.push(format!(
                        "game {number}, line {line}: the game ends in checkmate ({automatic}) but the result is {token}"
                    ));
                }
            }
        }
    }
    problems
}

/// Checks every game; prints one line per problem, then `games: N, errors: M`.
/// Exit status 1 when there are problems. Only what a check needs is kept
/// of each game ([`check_games`]): it runs at the reader's speed.
pub fn check(path: &str) -> Result<(), Failure> {
    let input = open(path)?;
    let mut out = std::io::stdout().lock();
    let (mut games, mut errors) = (0usize, 0usize);
    for (i, game) in check_games(input).enumerate() {
        games += 1;
        let problems = match game {
            Ok(g) => result_problems(i + 1, &g),
            Err(e) => vec![e.to_string()],
        };
        for p in problems {
            errors += 1;
            let _ = writeln!(out, "{p}");
        }
    }
    let _ = writeln!(out, "games: {games}, errors: {errors}");
    let _ = out.flush();
    if errors > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// Writes the games back in export format; games that cannot be read are
/// reported on stderr (one line each) and left out. Exit status 1 if any.
pub fn export(path: &str, lang: Lang) -> Result<(), Failure> {
    let input = open(path)?;
    let mut out = std::io::stdout().lock();
    let mut failed = 0;
    for game in read_games(input) {
        match game {
            Ok(g) => {
                let _ = out.write_all(write_game(&g, &ExportOptions { lang }).as_bytes());
            }
            Err(e) => {
                failed += 1;
                eprintln!("{e}");
            }
        }
    }
    let _ = out.flush();
    if failed > 0 {
        std::process::exit(1);
    }
    Ok(())
}
