//! `sakk replay [--fen FEN] [--each] [--lang L] [MOVE ...]`: plays moves
//! (UCI, or SAN in the language given — in every language, ambiguity
//! refused, when none is) and prints the position as JSON.

use std::io::{Read, Write};

use serde_json::{json, Value};

use sakk::{Claim, Game, Lang, Move, Position, Termination};

use crate::Failure;

/// The JSON object for the current position of `game`, with `moves`.
fn state(game: &Game, moves: &[(Move, String, String)]) -> Value {
    let pos = game.position();
    let outcome = game.outcome().map(|o| {
        json!({
            "result": o.pgn_result(),
            "termination": o.termination.code(),
        })
    });
    let mut claimable: Vec<&str> = Vec::new();
    for Claim { termination, .. } in game.claimable() {
        let code = termination.code();
        if !claimable.contains(&code) {
            claimable.push(code);
        }
    }
    claimable.sort_by_key(|c| *c != Termination::ThreefoldRepetition.code());
    json!({
        "fen": pos.fen(),
        "turn": pos.turn().name(),
        "check": pos.is_check(),
        "legal_moves": pos.legal_moves().iter().map(|&m| pos.uci(m).to_string()).collect::<Vec<_>>(),
        "outcome": outcome,
        "claimable": claimable,
        "moves": moves.iter().map(|(_, uci, san)| json!({"uci": uci, "san": san})).collect::<Vec<_>>(),
    })
}

/// Plays the moves and prints one JSON object (or, with `each`, one per
/// position as JSON Lines). An illegal move ends with exit status 2 and one
/// JSON line on stderr, shaped as the server's errors (`error`, `message`,
/// `message_hu`, `params`) with the move's `index` and text.
pub fn run(
    start: &super::Start,
    each: bool,
    lang: Option<Lang>,
    args: &[String],
) -> Result<(), Failure> {
    let start: Position = start.position()?;
    let mut input = String::new();
    let tokens: Vec<String> = if args.is_empty() {
        std::io::stdin()
            .read_to_string(&mut input)
            .map_err(|e| Failure::usage(format!("cannot read moves from stdin: {e}")))?;
        input.split_whitespace().map(str::to_string).collect()
    } else {
        args.iter()
            .flat_map(|a| a.split_whitespace())
            .map(str::to_string)
            .collect()
    };

    let mut game = Game::from_position(start);
    let mut out = std::io::stdout().lock();
    let mut played: Vec<(Move, String, String)> = Vec::new();
    let emit = |out: &mut std::io::StdoutLock<'_>, value: &Value| -> Result<(), Failure> {
        writeln!(out, "{value}").map_err(Failure::from)
    };
    if each {
        emit(&mut out, &state(&game, &[]))?;
    }
    for (index, text) in tokens.iter().enumerate() {
        let pos = *game.position();
        let result = if game.is_over() {
            Err(sakk::MoveInputError::Refused(sakk::Refusal::GameOver))
        } else {
            pos.read_move_in(text, lang)
        };
        let m = match result.and_then(|m| {
            game.play(m)
                .map(|()| {
                    // A dead position that only the full proof shows ends
                    // the game here too (FIDE 5.2.2).
                    game.prove_dead(sakk::Effort::Full);
                    m
                })
                .map_err(sakk::MoveInputError::Refused)
        }) {
            Ok(m) => m,
            Err(e) => {
                let _ = out.flush();
                let params: serde_json::Map<String, Value> = e
                    .args()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), Value::from(v)))
                    .collect();
                let line = json!({
                    "error": e.code(),
                    "message": sakk_i18n::move_error(sakk_i18n::Locale::English, &e),
                    "message_hu": sakk_i18n::move_error(sakk_i18n::Locale::Hungarian, &e),
                    "params": params,
                    "index": index,
                    "move": text,
                });
                return Err(Failure::usage(line.to_string()).raw());
            }
        };
        let record = (m, pos.uci(m).to_string(), pos.san(m).to_string());
        if each {
            emit(&mut out, &state(&game, std::slice::from_ref(&record)))?;
        }
        played.push(record);
    }
    if !each {
        emit(&mut out, &state(&game, &played))?;
    }
    Ok(())
}
