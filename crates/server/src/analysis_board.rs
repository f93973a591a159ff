//! The analysis board's rules work, nothing stored: a line of moves read
//! by the rules library (each move's SAN, its facts, the position, the
//! opening, an ending), and a tree of variations written as PGN. The
//! transports (`routes::analysis_board`) decode and encode; the imported
//! games (`crate::imports`) read their trees with the same nodes.

use serde::{Deserialize, Serialize};

use sakk::pgn::{ExportOptions, PgnGame, PgnMove, Variation, MAX_VARIATION_DEPTH};
use sakk::{Game, Position};

use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::wire::{MoveMarks, OpeningInfo, PgnResult, Side, TerminationCode, Variant};

/// The most moves one request reads: a line, or a tree with all its
/// variations.
pub const MAX_ANALYSIS_MOVES: usize = 3000;

/// The largest body of an analysis request (a tree of
/// [`MAX_ANALYSIS_MOVES`] with its comments).
pub const ANALYSIS_BODY: usize = 512 * 1024;

/// A position, by FEN and variant.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StartSpec {
    /// The start position (FEN); the standard one when absent. Shredder
    /// castling letters, or a castling king off the e-file, read as
    /// Chess960 by themselves.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub fen: Option<String>,
    /// The variant; Chess960 reads `KQkq` as its outermost rooks.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub variant: Option<Variant>,
}

impl StartSpec {
    /// The position it names.
    ///
    /// # Errors
    /// A FEN that does not read, with the rules' reason.
    pub fn position(&self) -> Result<Position, ApiError> {
        let Some(fen) = self.fen.as_deref().filter(|f| !f.trim().is_empty()) else {
            return Ok(Position::new());
        };
        Ok(match self.variant {
            Some(Variant::Chess960) => {
                Position::from_fen_with_mode(fen, sakk::CastlingMode::Chess960)?
            }
            Some(Variant::Standard) => Position::from_fen(fen)?,
            None => Position::from_any_fen(fen)?,
        })
    }
}

/// A line of moves to read.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LineRequest {
    /// Where the line starts.
    #[serde(flatten)]
    pub start: StartSpec,
    /// The moves (UCI), at most [`MAX_ANALYSIS_MOVES`].
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<String>>", optional))]
    pub moves: Vec<String>,
}

/// A position of the analysis board, as the rules see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BoardNode {
    /// The position (FEN).
    pub fen: String,
    /// The side to move.
    pub turn: Side,
    /// The side to move is in check.
    pub check: bool,
    /// The named opening this position is, if it is one.
    pub opening: Option<OpeningInfo>,
    /// How a game would have ended here: checkmate, stalemate, a dead
    /// position, insufficient material.
    pub ended: Option<TerminationCode>,
    /// The result that ending gives.
    pub result: Option<PgnResult>,
}

/// One move of a line read.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BoardPly {
    /// The move (UCI).
    pub uci: String,
    /// The move (SAN, English letters).
    pub san: String,
    /// What the move did.
    pub marks: MoveMarks,
    /// The position after it.
    pub node: BoardNode,
}

/// A line read.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LineRead {
    /// The variant the line is played in.
    pub variant: Variant,
    /// The start position.
    pub start: BoardNode,
    /// Its moves, in order.
    pub plies: Vec<BoardPly>,
}

/// The position `pos` as the board shows it.
pub fn node(pos: &Position) -> BoardNode {
    let outcome = Game::from_position(*pos).outcome();
    BoardNode {
        fen: pos.fen(),
        turn: pos.turn().into(),
        check: pos.is_check(),
        opening: sakk::opening_of(pos).map(|o| OpeningInfo {
            eco: o.eco.to_string(),
            name: o.name.to_string(),
            class: None,
        }),
        ended: outcome.map(|o| o.termination.into()),
        result: outcome.as_ref().map(PgnResult::of),
    }
}

/// Reads `request`'s line by the rules.
///
/// # Errors
/// A start position that does not read, too many moves, an illegal move
/// (`bad_analysis_move`, naming it and its number).
pub fn read_line(request: &LineRequest) -> Result<LineRead, ApiError> {
    if request.moves.len() > MAX_ANALYSIS_MOVES {
        return Err(ApiError::bad(ErrorCode::AnalysisTooLong));
    }
    let start = request.start.position()?;
    let mut pos = start;
    let mut plies = Vec::with_capacity(request.moves.len());
    for uci in &request.moves {
        let m = parse_move(&pos, uci)?;
        let (san, marks) = (pos.san(m).to_string(), MoveMarks::of(pos.move_facts(m)));
        pos = pos.after_unchecked(m);
        plies.push(BoardPly {
            uci: uci.clone(),
            san,
            marks,
            node: node(&pos),
        });
    }
    Ok(LineRead {
        variant: Variant::of(&start),
        start: node(&start),
        plies,
    })
}

/// The legal move `uci` of `pos`, or `bad_analysis_move` naming it.
pub fn parse_move(pos: &Position, uci: &str) -> Result<sakk::Move, ApiError> {
    pos.parse_uci(uci).map_err(|_| {
        let dots = if pos.turn().is_white() { "." } else { "..." };
        // The move and its number: the catalogue says why in words.
        let shown: String = uci.chars().take(12).collect();
        ApiError::bad_detail(
            ErrorCode::BadAnalysisMove,
            format!("{}{dots} {shown}", pos.fullmoves()),
        )
    })
}

/// A move of an analysis tree, with what hangs from it.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TreeMove {
    /// The move (UCI).
    pub uci: String,
    /// Its annotation glyphs (`1` = `!`, `2` = `?`, … PGN's NAGs).
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<u8>>", optional))]
    pub nags: Vec<u8>,
    /// A comment after it.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub comment: Option<String>,
    /// Lines played instead of it, from the position before it.
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<TreeLine>>", optional))]
    pub variations: Vec<TreeLine>,
}

/// A line of an analysis tree.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TreeLine {
    /// A comment before its first move.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub comment: Option<String>,
    /// Its moves.
    pub moves: Vec<TreeMove>,
}

/// A PGN tag pair.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TagPair {
    /// The tag's name: letters, digits and `_`.
    pub name: String,
    /// Its value.
    pub value: String,
}

/// An analysis tree to write as PGN.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TreeRequest {
    /// Where the tree starts.
    #[serde(flatten)]
    pub start: StartSpec,
    /// Tags to write (the seven-tag roster is always written, `?` where
    /// not given).
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<Vec<TagPair>>", optional))]
    pub tags: Vec<TagPair>,
    /// The main line, with its comment before the first move.
    pub line: TreeLine,
}

/// Whether `name` is a PGN tag's name: letters, digits and `_`, at most 64.
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Checks and converts a tree's line played from `pos`, counting its moves
/// into `count`.
fn pgn_line(
    pos: Position,
    line: &TreeLine,
    depth: usize,
    count: &mut usize,
) -> Result<Variation, ApiError> {
    if depth > MAX_VARIATION_DEPTH {
        return Err(ApiError::bad(ErrorCode::VariationsTooDeep));
    }
    let mut pos = pos;
    let mut moves = Vec::with_capacity(line.moves.len());
    for tm in &line.moves {
        *count += 1;
        if *count > MAX_ANALYSIS_MOVES {
            return Err(ApiError::bad(ErrorCode::AnalysisTooLong));
        }
        let m = parse_move(&pos, &tm.uci)?;
        let mut pm = PgnMove::new(&pos, m);
        pm.nags = tm.nags.clone();
        pm.comments = tm
            .comment
            .iter()
            .map(|c| clean_comment(c))
            .filter(|c| !c.is_empty())
            .collect();
        for v in &tm.variations {
            let variation = pgn_line(pos, v, depth + 1, count)?;
            if !variation.moves.is_empty() {
                pm.variations.push(variation);
            }
        }
        pos = pos.after_unchecked(m);
        moves.push(pm);
    }
    Ok(Variation {
        comment: line
            .comment
            .as_deref()
            .map(clean_comment)
            .filter(|c| !c.is_empty()),
        moves,
    })
}

/// A comment as PGN can carry it: one line of words, no `}`.
fn clean_comment(c: &str) -> String {
    c.replace('}', ")")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The PGN of `request`'s tree, with its variations, comments and glyphs;
/// the result the main line's last position gives (`*` when it has none).
///
/// # Errors
/// A start position that does not read, an illegal move, a bad tag name,
/// too many moves, variations nested too deep.
pub fn tree_pgn(request: &TreeRequest) -> Result<String, ApiError> {
    let start = request.start.position()?;
    let mut count = 0;
    let line = pgn_line(start, &request.line, 0, &mut count)?;
    let mut game = PgnGame::new(start);
    let mut result_tag = None;
    for tag in &request.tags {
        if !is_tag_name(&tag.name) {
            return Err(ApiError::bad_detail(
                ErrorCode::BadAnalysisTag,
                tag.name.chars().take(64).collect::<String>(),
            ));
        }
        match tag.name.as_str() {
            // The start position and the variant are the tree's own.
            "FEN" | "SetUp" | "Variant" => {}
            "Result" => result_tag = Some(tag.value.clone()),
            name => game.set_tag(name, &tag.value),
        }
    }
    let end = line
        .moves
        .iter()
        .fold(start, |p, m| p.after_unchecked(m.mv));
    // The main line's end decides; else the result the game's tags gave
    // (an imported game won on time or by resignation).
    let result = match Game::from_position(end).outcome() {
        Some(o) => o.pgn_result().to_string(),
        None => result_tag
            .filter(|r| matches!(r.as_str(), "1-0" | "0-1" | "1/2-1/2"))
            .unwrap_or_else(|| "*".to_string()),
    };
    game.result = Some(result);
    game.comment = line.comment;
    game.moves = line.moves;
    Ok(sakk::pgn::write_game(&game, &ExportOptions::default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: &[&str]) -> LineRequest {
        LineRequest {
            start: StartSpec::default(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn a_line_is_read_with_sans_facts_openings_and_its_end() {
        let read = read_line(&line(&["f2f3", "e7e5", "g2g4", "d8h4"]));
        let Ok(read) = read else { panic!("{read:?}") };
        let sans: Vec<&str> = read.plies.iter().map(|p| p.san.as_str()).collect();
        assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
        assert_eq!(read.variant, Variant::Standard);
        assert_eq!(read.start.turn, Side::White);
        let last = &read.plies[3].node;
        assert!(last.check);
        assert_eq!(last.ended, Some(TerminationCode::Checkmate));
        assert_eq!(last.result, Some(PgnResult::BlackWins));
        assert!(read.plies[3]
            .marks
            .facts
            .contains(&crate::wire::FactCode::Checkmate));
        let named = read.plies.iter().filter_map(|p| p.node.opening.as_ref());
        assert!(named.count() >= 1);
    }

    #[test]
    fn an_illegal_move_is_named_with_its_number() {
        let Err(e) = read_line(&line(&["e2e4", "e7e5", "e1e3"])) else {
            panic!("read")
        };
        let text = format!("{e:?}");
        assert!(
            text.contains("BadAnalysisMove") && text.contains("2. e1e3"),
            "{text}"
        );
        let too_many = LineRequest {
            moves: vec!["e2e4".to_string(); MAX_ANALYSIS_MOVES + 1],
            ..line(&[])
        };
        assert!(matches!(
            read_line(&too_many),
            Err(ApiError::BadRequest {
                code: ErrorCode::AnalysisTooLong,
                ..
            })
        ));
    }

    fn tm(uci: &str) -> TreeMove {
        TreeMove {
            uci: uci.to_string(),
            nags: Vec::new(),
            comment: None,
            variations: Vec::new(),
        }
    }

    #[test]
    fn a_tree_is_written_with_its_variations_and_read_back_by_the_library() {
        let mut e5 = tm("e7e5");
        e5.variations.push(TreeLine {
            comment: Some("Sicilian}".to_string()),
            moves: vec![tm("c7c5"), tm("g1f3")],
        });
        e5.nags.push(1);
        let mut nf3 = tm("g1f3");
        nf3.comment = Some("  develops\nthe knight ".to_string());
        let request = TreeRequest {
            start: StartSpec::default(),
            tags: vec![TagPair {
                name: "White".to_string(),
                value: "Polgár".to_string(),
            }],
            line: TreeLine {
                comment: None,
                moves: vec![tm("e2e4"), e5, nf3],
            },
        };
        let text = tree_pgn(&request);
        let Ok(text) = text else { panic!("{text:?}") };
        assert!(text.contains("[White \"Polgár\"]"), "{text}");
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains(
                "1. e4 e5 $1 ( { Sicilian) } 1... c5 2. Nf3 ) 2. Nf3 { develops the knight } *"
            ),
            "{text}"
        );
        let back = sakk::pgn::read_games_with_variations(text.as_bytes()).next();
        let Some(Ok(back)) = back else {
            panic!("{back:?}")
        };
        assert_eq!(back.moves[1].variations[0].moves.len(), 2);
        // The tags' result stands where the line's end gives none; the
        // variant is the tree's own.
        let mut resigned = request.clone();
        resigned.tags.push(TagPair {
            name: "Result".to_string(),
            value: "0-1".to_string(),
        });
        resigned.tags.push(TagPair {
            name: "Variant".to_string(),
            value: "Chess960".to_string(),
        });
        let text = tree_pgn(&resigned);
        let Ok(text) = text else { panic!("{text:?}") };
        assert!(
            text.contains("[Result \"0-1\"]") && text.trim_end().ends_with("0-1"),
            "{text}"
        );
        assert!(!text.contains("Variant"), "{text}");
        // A bad tag name and an illegal move in a variation are refused.
        let mut bad = request.clone();
        bad.tags[0].name = "Wh ite]".to_string();
        assert!(matches!(
            tree_pgn(&bad),
            Err(ApiError::BadRequest {
                code: ErrorCode::BadAnalysisTag,
                ..
            })
        ));
        let mut bad = request;
        bad.line.moves[1].variations[0].moves[1] = tm("g1g3");
        assert!(matches!(
            tree_pgn(&bad),
            Err(ApiError::BadRequest {
                code: ErrorCode::BadAnalysisMove,
                ..
            })
        ));
    }

    #[test]
    fn a_chess960_tree_says_so() {
        let request = TreeRequest {
            start: StartSpec {
                fen: Some("4k3/8/8/8/8/8/8/5K1R w H - 0 1".into()),
                variant: None,
            },
            tags: Vec::new(),
            line: TreeLine {
                comment: None,
                moves: vec![tm("f1h1")],
            },
        };
        let text = tree_pgn(&request);
        let Ok(text) = text else { panic!("{text:?}") };
        assert!(
            text.contains("[Variant \"Chess960\"]") && text.contains("1. O-O"),
            "{text}"
        );
    }
}
