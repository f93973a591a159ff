//! PGN import (lichess's `POST /api/import`, its form field `pgn`): one
//! game or a file of many, each read by the rules library with its
//! variations, comments and glyphs, stored as an imported game (never
//! rated) with its tags, and opened in the analysis board. A game that does
//! not read is named — which game, which line, what — in codes the
//! catalogues put in words; the others are stored all the same.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use sakk::pgn::{
    read_games_with_variations, write_game, ExportOptions, PgnError, PgnGame, PgnMove, PgnProblem,
};
use sakk::Position;

use crate::analysis_board::{is_tag_name, node, BoardNode, BoardPly, TagPair, MAX_ANALYSIS_MOVES};
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::ImportRow;
use crate::wire::{MoveMarks, Variant};

/// The most games one import reads.
pub const MAX_IMPORT_GAMES: usize = 100;

/// The largest PGN text one import takes (the request's body).
pub const IMPORT_BODY: usize = 1 << 20;

/// An import: the PGN text (lichess's form field).
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportRequest {
    /// One game or many, in PGN.
    pub pgn: String,
}

/// An imported game as its list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportedSummary {
    /// Its id.
    pub id: String,
    /// Where it opens (the analysis board).
    pub url: String,
    /// The `White` tag.
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The result.
    pub result: String,
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag.
    pub date: String,
    /// Plies of its main line.
    #[cfg_attr(test, ts(type = "number"))]
    pub plies: i64,
}

/// A catalogue's message and its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MessageRef {
    /// The message's id (`rule-cannot-move-that-way`, `fen-invalid-piece`).
    pub id: String,
    /// Its parameters.
    pub params: BTreeMap<String, String>,
}

/// A game of the file that was not imported: which, where, why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportProblem {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// The problem's message (`pgn-bad-move`, …) and its parameters
    /// (`move`: `12... Nf6`), whose `why` is `cause` in words.
    pub problem: MessageRef,
    /// The move's refusal by the rules, or the FEN's reason.
    pub cause: Option<MessageRef>,
}

fn params(args: Vec<(&'static str, String)>) -> BTreeMap<String, String> {
    args.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

impl ImportProblem {
    /// The problem of a PGN error, in codes.
    pub fn of(e: &PgnError) -> ImportProblem {
        let cause = match &e.problem {
            PgnProblem::Move { error, .. } => Some(MessageRef {
                id: sakk_i18n::id("rule", error.code()),
                params: params(error.args()),
            }),
            PgnProblem::BadFen(f) => Some(MessageRef {
                id: sakk_i18n::id("fen", f.code()),
                params: params(f.args()),
            }),
            _ => None,
        };
        ImportProblem {
            game: e.game,
            line: e.line,
            problem: MessageRef {
                id: e.problem.code().replace('_', "-"),
                params: params(e.problem.args()),
            },
            cause,
        }
    }
}

/// What an import did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportResult {
    /// The first game imported (lichess's answer names one game).
    pub id: String,
    /// Where it opens.
    pub url: String,
    /// Every game imported, in the file's order.
    pub games: Vec<ImportedSummary>,
    /// The games that were not.
    pub problems: Vec<ImportProblem>,
}

/// A move of an imported game, as the analysis board reads it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportedMove {
    /// The move and the position after it.
    #[serde(flatten)]
    pub ply: BoardPly,
    /// Its annotation glyphs.
    pub nags: Vec<u8>,
    /// Its comments, as one.
    pub comment: Option<String>,
    /// Lines played instead of it.
    pub variations: Vec<ImportedLine>,
}

/// A line of an imported game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportedLine {
    /// A comment before its first move.
    pub comment: Option<String>,
    /// Its moves.
    pub moves: Vec<ImportedMove>,
}

/// An imported game, to open in the analysis board.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportedGame {
    /// Its id.
    pub id: String,
    /// Its tags, in the file's order.
    pub tags: Vec<TagPair>,
    /// Its variant.
    pub variant: Variant,
    /// Its start position.
    pub start: BoardNode,
    /// Its moves, with their variations.
    pub line: ImportedLine,
    /// Its PGN.
    pub pgn: String,
}

/// The plies of a game's moves, variations included.
fn count(moves: &[PgnMove]) -> usize {
    moves
        .iter()
        .map(|m| 1 + m.variations.iter().map(|v| count(&v.moves)).sum::<usize>())
        .sum()
}

/// The games of `text` read, each with its problem if it has one (at most
/// [`MAX_IMPORT_GAMES`]).
///
/// # Errors
/// More games than that.
pub fn read(text: &str) -> Result<Vec<Result<PgnGame, PgnError>>, ApiError> {
    let mut games = Vec::new();
    for game in read_games_with_variations(text.as_bytes()) {
        if games.len() == MAX_IMPORT_GAMES {
            return Err(ApiError::bad_detail(
                ErrorCode::TooManyGames,
                MAX_IMPORT_GAMES.to_string(),
            ));
        }
        games.push(game);
    }
    Ok(games)
}

fn tag(game: &PgnGame, name: &str) -> String {
    game.tag(name).unwrap_or("?").to_string()
}

/// Imports `req`'s games for `user` (none when not signed in): those that
/// read are stored, all together; the others are named.
///
/// # Errors
/// No game at all, none that reads (the first one's problem), too many
/// games, a game of more than [`MAX_ANALYSIS_MOVES`] moves, storage.
pub async fn import(
    state: &AppState,
    user: Option<String>,
    req: ImportRequest,
) -> Result<ImportResult, ApiError> {
    let games = state.cpu().run(move || read(&req.pgn)).await??;
    let Some(first_error) = games.iter().find_map(|g| g.as_ref().err()).cloned() else {
        if games.is_empty() {
            return Err(ApiError::bad(ErrorCode::NoPgnGame));
        }
        return store(state, user, games).await;
    };
    if games.iter().all(Result::is_err) {
        return Err(ApiError::Pgn(first_error));
    }
    store(state, user, games).await
}

async fn store(
    state: &AppState,
    user: Option<String>,
    games: Vec<Result<PgnGame, PgnError>>,
) -> Result<ImportResult, ApiError> {
    let now = sakk_play::live::unix_ms();
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for (number, game) in games.into_iter().enumerate() {
        let game = match game {
            Ok(g) => g,
            Err(e) => {
                problems.push(ImportProblem::of(&e));
                continue;
            }
        };
        if count(&game.moves) > MAX_ANALYSIS_MOVES {
            problems.push(ImportProblem {
                game: number + 1,
                line: game.line,
                problem: MessageRef {
                    id: sakk_i18n::id("error", ErrorCode::AnalysisTooLong.as_str()),
                    params: BTreeMap::new(),
                },
                cause: None,
            });
            continue;
        }
        let result = game
            .result
            .clone()
            .filter(|r| matches!(r.as_str(), "1-0" | "0-1" | "1/2-1/2"))
            .unwrap_or_else(|| "*".to_string());
        rows.push(ImportRow {
            id: state.new_game_id()?,
            created_at: now,
            user_id: user.clone(),
            white: tag(&game, "White"),
            black: tag(&game, "Black"),
            result,
            event: tag(&game, "Event"),
            date: tag(&game, "Date"),
            plies: i64::try_from(game.moves.len()).unwrap_or(i64::MAX),
            pgn: write_game(&game, &ExportOptions::default()),
        });
    }
    // Every game that read was too long: nothing to store, nothing to open.
    if rows.is_empty() {
        return Err(ApiError::bad(ErrorCode::AnalysisTooLong));
    }
    state.store().insert_imports(&rows).await?;
    let games: Vec<ImportedSummary> = rows.iter().map(|r| summary(state, r)).collect();
    let (id, url) = games
        .first()
        .map(|g| (g.id.clone(), g.url.clone()))
        .unwrap_or_default();
    Ok(ImportResult {
        id,
        url,
        games,
        problems,
    })
}

/// Where an imported game opens.
pub fn url_of(state: &AppState, id: &str) -> String {
    format!("{}/analysis?import={id}", state.public_url())
}

fn summary(state: &AppState, r: &ImportRow) -> ImportedSummary {
    ImportedSummary {
        id: r.id.clone(),
        url: url_of(state, &r.id),
        white: r.white.clone(),
        black: r.black.clone(),
        result: r.result.clone(),
        event: r.event.clone(),
        date: r.date.clone(),
        plies: r.plies,
    }
}

/// The line `moves` played from `pos`, as the analysis board reads it.
fn line_of(pos: Position, comment: Option<String>, moves: &[PgnMove]) -> ImportedLine {
    let mut pos = pos;
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        // A null move ends what the board can show of the line.
        if m.mv.is_null() || !pos.is_legal(m.mv) {
            break;
        }
        let after = pos.after_unchecked(m.mv);
        out.push(ImportedMove {
            ply: BoardPly {
                uci: pos.uci(m.mv).to_string(),
                san: m.san.to_string(),
                marks: MoveMarks::of(pos.move_facts(m.mv)),
                node: node(&after),
            },
            nags: m.nags.clone(),
            comment: (!m.comments.is_empty()).then(|| m.comments.join(" ")),
            variations: m
                .variations
                .iter()
                .map(|v| line_of(pos, v.comment.clone(), &v.moves))
                .collect(),
        });
        pos = after;
    }
    ImportedLine {
        comment,
        moves: out,
    }
}

/// The imported game `pgn` (as stored) read for the analysis board.
///
/// # Errors
/// A stored text that no longer reads (500: it read when it was stored).
pub fn game_view(id: &str, pgn: &str) -> Result<ImportedGame, ApiError> {
    let game = match read_games_with_variations(pgn.as_bytes()).next() {
        Some(Ok(g)) => g,
        Some(Err(e)) => return Err(ApiError::Internal(format!("imported game {id}: {e}"))),
        None => return Err(ApiError::Internal(format!("imported game {id}: no game"))),
    };
    Ok(ImportedGame {
        id: id.to_string(),
        // (Only what PGN calls a tag: the analysis board writes them back.)
        tags: game
            .tags
            .iter()
            .filter(|(name, _)| is_tag_name(name))
            .map(|(name, value)| TagPair {
                name: name.clone(),
                value: value.clone(),
            })
            .collect(),
        variant: Variant::of(&game.start),
        start: node(&game.start),
        line: line_of(game.start, game.comment.clone(), &game.moves),
        pgn: pgn.to_string(),
    })
}

/// The imported game `id`.
///
/// # Errors
/// No such game (`no_import`, 404), storage.
pub async fn imported(state: &AppState, id: &str) -> Result<ImportedGame, ApiError> {
    let row = state.store().import(id).await?.ok_or(ApiError::Refused {
        status: axum::http::StatusCode::NOT_FOUND,
        code: ErrorCode::NoImport,
        args: Vec::new(),
    })?;
    state
        .cpu()
        .run(move || game_view(&row.id, &row.pgn))
        .await?
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str =
        "[Event \"Club\"]\n[White \"Polgár\"]\n[Black \"Kasparov\"]\n[Result \"1-0\"]\n\n\
        1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 1-0\n\n\
        [Event \"Bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n\
        [Event \"Drop\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n";

    #[test]
    fn games_read_each_with_its_problem_named_in_codes() {
        let Ok(games) = read(FILE) else {
            panic!("read")
        };
        assert_eq!(games.len(), 3);
        let Ok(first) = &games[0] else {
            panic!("{:?}", games[0])
        };
        assert_eq!(first.moves[1].variations[0].moves.len(), 2);
        let Err(bad) = &games[1] else { panic!("read") };
        let p = ImportProblem::of(bad);
        assert_eq!((p.game, p.line), (2, 11));
        assert_eq!(p.problem.id, "pgn-bad-move");
        assert_eq!(
            p.problem.params.get("move").map(String::as_str),
            Some("2. Ke3")
        );
        let cause = p.cause.as_ref().map(|c| c.id.as_str());
        assert_eq!(cause, Some("rule-cannot-move-that-way"));
        // Both catalogues say it.
        for locale in sakk_i18n::Locale::ALL {
            let words = sakk_i18n::pgn_error(locale, bad);
            assert!(words.contains("Ke3") && !words.contains('{'), "{words}");
        }
        let Err(variant) = &games[2] else {
            panic!("read")
        };
        assert_eq!(
            ImportProblem::of(variant).problem.id,
            "pgn-unsupported-variant"
        );
    }

    #[test]
    fn too_many_games_are_refused() {
        let text = "[Event \"x\"]\n\n1. e4 *\n\n".repeat(MAX_IMPORT_GAMES + 1);
        assert!(matches!(
            read(&text),
            Err(ApiError::BadRequest {
                code: ErrorCode::TooManyGames,
                ..
            })
        ));
        let text = "[Event \"x\"]\n\n1. e4 *\n\n".repeat(MAX_IMPORT_GAMES);
        assert!(matches!(read(&text), Ok(g) if g.len() == MAX_IMPORT_GAMES));
    }

    #[test]
    fn a_stored_game_opens_with_its_tree() {
        let Ok(games) = read(FILE) else {
            panic!("read")
        };
        let Ok(first) = &games[0] else { panic!("read") };
        let pgn = write_game(first, &ExportOptions::default());
        let view = game_view("abc", &pgn);
        let Ok(view) = view else { panic!("{view:?}") };
        assert_eq!(view.variant, Variant::Standard);
        let sans: Vec<&str> = view.line.moves.iter().map(|m| m.ply.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3"]);
        assert_eq!(view.line.moves[0].comment.as_deref(), Some("best"));
        assert_eq!(view.line.moves[2].nags, [1]);
        let sicilian = &view.line.moves[1].variations[0];
        assert_eq!(sicilian.moves[0].ply.uci, "c7c5");
        assert_eq!(sicilian.moves[1].ply.san, "Nf3");
        assert!(view
            .tags
            .iter()
            .any(|t| t.name == "White" && t.value == "Polgár"));
    }
}
