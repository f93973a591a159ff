//! A [`Visitor`] that builds games and checks every move.

use core::time::Duration;

use super::problem::{MoveAt, PgnProblem};
use super::reader::{PgnError, Skip, Visitor};
use crate::position::{CastlingMode, Position};
use crate::san::{Lang, SanPlus};
use crate::{Game, Move};

/// An engine evaluation from a `[%eval]` comment command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// In centipawns, from White's point of view.
    Centipawns(i32),
    /// Mate in this many moves (negative: Black mates).
    Mate(i32),
}

/// A move of a game read from PGN, with what was written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move.
    pub mv: Move,
    /// Its SAN, as it should be written.
    pub san: SanPlus,
    /// Annotation glyphs (`$1` … or `!`, `?` …).
    pub nags: Vec<u8>,
    /// Comments after the move, without the `[%…]` commands.
    pub comments: Vec<String>,
    /// `[%clk]`: the mover's time left after the move.
    pub clock: Option<Duration>,
    /// `[%emt]`: the time the move took.
    pub emt: Option<Duration>,
    /// `[%eval]`.
    pub eval: Option<Eval>,
    /// Lines played instead of this move, from the position before it
    /// (read only by [`GameBuilder::with_variations`]).
    pub variations: Vec<Variation>,
}

impl PgnMove {
    /// The move `mv` of `pos`, with nothing written around it.
    pub fn new(pos: &Position, mv: Move) -> PgnMove {
        PgnMove {
            mv,
            san: if mv.is_null() {
                SanPlus::NULL
            } else {
                pos.san(mv)
            },
            nags: Vec::new(),
            comments: Vec::new(),
            clock: None,
            emt: None,
            eval: None,
            variations: Vec::new(),
        }
    }
}

/// A variation: moves played instead of a move of the line it hangs from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// A comment before its first move.
    pub comment: Option<String>,
    /// Its moves; the first replaces the move the variation hangs from.
    pub moves: Vec<PgnMove>,
}

/// Variations nested deeper than this are refused (a file of a million
/// `(` is no game, and the writer follows the nesting; a tree this deep
/// still fits serde_json's nesting limit as the server's requests carry
/// it, four levels of JSON a variation).
pub const MAX_VARIATION_DEPTH: usize = 24;

/// A game read from PGN: its tags, start position, main line and result.
/// Variations are skipped, unless read by [`GameBuilder::with_variations`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// The start position (from `FEN`, else the standard one).
    pub start: Position,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub result: Option<String>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The line of the file on which the game begins (0 when not read from a file).
    pub line: usize,
}

impl PgnGame {
    /// A game with the given start position and no moves.
    pub fn new(start: Position) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            start,
            moves: Vec::new(),
            result: None,
            comment: None,
            line: 0,
        }
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => entry.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Replays the main line into a [`Game`] (which knows outcomes and
    /// claims), up to the first null move if there is one (a game has no
    /// null moves).
    pub fn to_game(&self) -> Game {
        let mut game = Game::from_position(self.start);
        for m in &self.moves {
            if m.mv.is_null() || game.play(m.mv).is_err() {
                break;
            }
        }
        game
    }

    /// The PGN of a [`Game`]: its moves, with `[%clk]` times when
    /// `clocks` holds one per move, and the result of the game.
    pub fn from_game(game: &Game, clocks: Option<&[Duration]>) -> PgnGame {
        let mut pgn = PgnGame::new(*game.start());
        for (i, (&m, pos)) in game.moves().iter().zip(game.positions()).enumerate() {
            let mut comments = Vec::new();
            if game.offered_draw_with(i) {
                comments.push("(=)".to_string());
            }
            pgn.moves.push(PgnMove {
                comments,
                clock: clocks.and_then(|c| c.get(i).copied()),
                ..PgnMove::new(pos, m)
            });
        }
        let result = game.outcome().map_or("*", |o| o.pgn_result());
        pgn.result = Some(result.to_string());
        pgn.set_tag("Result", result);
        pgn
    }
}

/// The visitor that builds [`PgnGame`]s, checking every move.
#[derive(Debug, Default)]
pub struct GameBuilder {
    game_number: usize,
    tags: Vec<(String, String)>,
    pos: Option<Position>,
    start: Option<Position>,
    moves: Vec<PgnMove>,
    comment: Option<String>,
    result: Option<String>,
    error: Option<PgnError>,
    /// Read variations (else skip them).
    variations: bool,
    /// The lines a variation being read hangs from, outermost first.
    stack: Vec<Frame>,
    /// The position before the current line's last move.
    before: Option<Position>,
    /// The line of the last move read.
    last_line: usize,
}

/// A line whose last move a variation being read replaces: its moves, the
/// position after them and before the last, its leading comment.
#[derive(Debug)]
struct Frame {
    moves: Vec<PgnMove>,
    pos: Option<Position>,
    before: Option<Position>,
    comment: Option<String>,
}

impl GameBuilder {
    /// A builder; its games are numbered from 1.
    pub fn new() -> GameBuilder {
        GameBuilder {
            game_number: 1,
            ..GameBuilder::default()
        }
    }

    /// A builder that reads variations too, into [`PgnMove::variations`],
    /// each move of them checked as the main line's are.
    pub fn with_variations() -> GameBuilder {
        GameBuilder {
            variations: true,
            ..GameBuilder::new()
        }
    }

    /// The number the next game's errors will carry.
    pub fn set_game_number(&mut self, n: usize) {
        self.game_number = n;
    }

    fn fail(&mut self, line: usize, problem: PgnProblem) {
        if self.error.is_none() {
            self.error = Some(PgnError {
                game: self.game_number,
                line,
                problem,
            });
        }
    }
}

/// Reads `H:MM:SS(.fff)` into a duration.
pub(crate) fn parse_clock(text: &str) -> Option<Duration> {
    let mut parts = text.trim().split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let h: u64 = h.parse().ok().filter(|&h| h < 1000)?;
    let m: u64 = m.parse().ok().filter(|&m| m < 60)?;
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let whole: u64 = whole.parse().ok().filter(|&s| s < 60)?;
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let millis: u64 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<3}").parse().ok()?
    };
    Some(Duration::from_millis(
        ((h * 60 + m) * 60 + whole) * 1000 + millis,
    ))
}

fn parse_eval(text: &str) -> Option<Eval> {
    let text = text.trim();
    let text = text.split(',').next()?.trim();
    if let Some(mate) = text.strip_prefix('#') {
        return mate.parse().ok().map(Eval::Mate);
    }
    let pawns: f64 = text.parse().ok()?;
    if !pawns.is_finite() || pawns.abs() > 1000.0 {
        return None;
    }
    Some(Eval::Centipawns((pawns * 100.0).round() as i32))
}

/// Splits the `[%cmd …]` commands off a comment.
fn take_commands(text: &str, m: Option<&mut PgnMove>) -> String {
    let mut rest = text;
    let mut plain = String::new();
    let mut target = m;
    while let Some(start) = rest.find("[%") {
        plain.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find(']') else {
            plain.push_str(&rest[start..]);
            rest = "";
            break;
        };
        let command = &after[..end];
        let (name, arg) = command
            .split_once(char::is_whitespace)
            .unwrap_or((command, ""));
        let known = match (name, target.as_deref_mut()) {
            ("clk", Some(m)) => parse_clock(arg).map(|c| m.clock = Some(c)).is_some(),
            ("emt", Some(m)) => parse_clock(arg).map(|c| m.emt = Some(c)).is_some(),
            ("eval", Some(m)) => parse_eval(arg).map(|e| m.eval = Some(e)).is_some(),
            _ => false,
        };
        if !known {
            plain.push_str(&rest[start..start + 2 + end + 1]);
        }
        rest = &after[end + 1..];
    }
    plain.push_str(rest);
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What a `Variant` tag names, as the programs that write PGN spell it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Variant {
    /// Standard chess (`Standard`, `From Position`, …).
    Standard,
    /// Chess960 (`Chess960`, `chess 960`, `fischerandom` as cutechess
    /// writes it, `Fischer Random`, `Freestyle`).
    Chess960,
    /// Any other (crazyhouse, antichess, atomic, three-check, king of the
    /// hill, racing kings, horde, …).
    Unsupported,
}

impl Variant {
    fn of(tag: &str) -> Variant {
        let name: String = tag
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match name.as_str() {
            "" | "standard" | "chess" | "normal" | "fromposition" | "classical" | "orthodox" => {
                Variant::Standard
            }
            n if n.contains("960") || n.contains("fischerandom") || n.contains("fischerrandom") => {
                Variant::Chess960
            }
            "freestyle" | "freestylechess" => Variant::Chess960,
            _ => Variant::Unsupported,
        }
    }
}

/// The start position a game's tags give (`Variant`, `FEN`), and the
/// problem with them, if any (then the standard start position).
pub(crate) fn start_position(tags: &[(String, String)]) -> (Position, Option<PgnProblem>) {
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let variant = tag("Variant");
    let (mode, mut problem) = match variant.map(Variant::of) {
        None | Some(Variant::Standard) => (CastlingMode::Standard, None),
        Some(Variant::Chess960) => (CastlingMode::Chess960, None),
        Some(Variant::Unsupported) => (
            CastlingMode::Standard,
            Some(PgnProblem::UnsupportedVariant {
                variant: variant.unwrap_or_default().to_string(),
            }),
        ),
    };
    let start = match tag("FEN") {
        Some(fen) => match Position::from_fen_with_mode(fen, mode) {
            Ok(p) => p,
            Err(e) => {
                problem.get_or_insert(PgnProblem::BadFen(e));
                Position::new()
            }
        },
        None => Position::new(),
    };
    (start, problem)
}

/// Reads the move `san` (the game's ply `ply` from 0) in `pos`: English
/// letters as PGN's standard says, another language's when English gives
/// no legal move, or a null move (`--` as lichess and pgn-extract write
/// it, `Z0` as ChessBase, `0000`, `@@@@`: the side to move passes;
/// [`Move::NULL`]). The error says what is wrong with the move (boxed: the
/// reader's hot path returns a move in two words).
#[inline(always)]
pub(crate) fn read_san(pos: &Position, san: &str, ply: usize) -> Result<Move, Box<PgnProblem>> {
    // The common case first, at the reader's speed: English SAN naming one
    // legal move, found without listing every legal move (no null move
    // reads as SAN).
    match crate::San::parse(san, Lang::English).map(|s| s.to_move(pos)) {
        Ok(Ok(m)) => Ok(m),
        _ => read_san_otherwise(pos, san, ply),
    }
}

/// [`read_san`] when the move is no plain English SAN of a legal move: a
/// null move, another language's letters, or an error to explain.
#[cold]
fn read_san_otherwise(pos: &Position, san: &str, ply: usize) -> Result<Move, Box<PgnProblem>> {
    let at = || MoveAt {
        number: pos.fullmoves(),
        black: !pos.turn().is_white(),
        san: san.to_string(),
        ply: ply + 1,
    };
    if matches!(san, "--" | "Z0" | "0000" | "@@@@") {
        if pos.is_check() {
            return Err(Box::new(PgnProblem::NullMoveInCheck { at: at() }));
        }
        return Ok(Move::NULL);
    }
    pos.read_move(san, Lang::English)
        .or_else(|e| pos.read_move_any(san).map_err(|_| e))
        .map_err(|error| {
            Box::new(if san.contains('@') {
                PgnProblem::PieceDrop { at: at() }
            } else {
                PgnProblem::Move { at: at(), error }
            })
        })
}

impl Visitor for GameBuilder {
    type Output = Result<PgnGame, PgnError>;

    fn begin_game(&mut self) {
        self.tags.clear();
        self.pos = None;
        self.start = None;
        self.moves.clear();
        self.comment = None;
        self.result = None;
        self.error = None;
        self.stack.clear();
        self.before = None;
        self.last_line = 0;
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.tags.push((name.to_string(), value.to_string()));
    }

    fn begin_movetext(&mut self) {
        let (start, problem) = start_position(&self.tags);
        if let Some(problem) = problem {
            // (Line 0: the game's first line, known at its end.)
            self.fail(0, problem);
        }
        self.start = Some(start);
        self.pos = Some(start);
    }

    fn san(&mut self, san: &str, line: usize) {
        if self.error.is_some() {
            return;
        }
        if self.pos.is_none() {
            self.begin_movetext();
        }
        let Some(pos) = self.pos else {
            return;
        };
        self.last_line = line;
        // The ply from the start: each line a variation hangs from counts
        // up to the move the variation replaces.
        let ply = self
            .stack
            .iter()
            .map(|f| f.moves.len().saturating_sub(1))
            .sum::<usize>()
            + self.moves.len();
        match read_san(&pos, san, ply) {
            Ok(m) => {
                self.moves.push(PgnMove::new(&pos, m));
                self.before = Some(pos);
                let mut next = pos;
                if m.is_null() {
                    next.play_null();
                } else {
                    next.play_unchecked(m);
                }
                self.pos = Some(next);
            }
            Err(why) => self.fail(line, *why),
        }
    }

    fn nag(&mut self, nag: u8) {
        if self.error.is_none() {
            if let Some(m) = self.moves.last_mut() {
                m.nags.push(nag);
            }
        }
    }

    fn comment(&mut self, text: &str) {
        if self.error.is_some() {
            return;
        }
        // A `;` comment may hold a `}`, which no exported `{…}` comment can:
        // keep what export can write back.
        let owned;
        let text = if text.contains('}') {
            owned = text.replace('}', ")");
            owned.as_str()
        } else {
            text
        };
        match self.moves.last_mut() {
            Some(m) => {
                let plain = take_commands(text, Some(m));
                if !plain.is_empty() {
                    m.comments.push(plain);
                }
            }
            None => {
                let plain = take_commands(text, None);
                if !plain.is_empty() {
                    let c = self.comment.get_or_insert_with(String::new);
                    if !c.is_empty() {
                        c.push(' ');
                    }
                    c.push_str(&plain);
                }
            }
        }
    }

    fn begin_variation(&mut self) -> Skip {
        if !self.variations || self.error.is_some() {
            return Skip::Yes;
        }
        if self.moves.is_empty() || self.before.is_none() {
            let line = self.last_line;
            self.fail(line, PgnProblem::VariationWithoutMove);
            return Skip::Yes;
        }
        if self.stack.len() >= MAX_VARIATION_DEPTH {
            let line = self.last_line.max(1);
            self.fail(line, PgnProblem::VariationsTooDeep);
            return Skip::Yes;
        }
        self.stack.push(Frame {
            moves: std::mem::take(&mut self.moves),
            pos: self.pos,
            before: self.before,
            comment: self.comment.take(),
        });
        self.pos = self.stack.last().and_then(|f| f.before);
        self.before = None;
        Skip::No
    }

    fn end_variation(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let variation = Variation {
            comment: self.comment.take(),
            moves: std::mem::replace(&mut self.moves, frame.moves),
        };
        self.pos = frame.pos;
        self.before = frame.before;
        self.comment = frame.comment;
        if let (Some(m), false) = (self.moves.last_mut(), variation.moves.is_empty()) {
            m.variations.push(variation);
        }
    }

    fn outcome(&mut self, result: &str) {
        self.result = Some(result.to_string());
    }

    fn end_game(&mut self, line: usize) -> Result<PgnGame, PgnError> {
        // A variation the text left open ends with the game.
        while !self.stack.is_empty() {
            self.end_variation();
        }
        if self.start.is_none() {
            self.begin_movetext();
        }
        if let Some(mut e) = self.error.take() {
            if e.line == 0 {
                e.line = line;
            }
            return Err(e);
        }
        Ok(PgnGame {
            tags: std::mem::take(&mut self.tags),
            start: self.start.unwrap_or_default(),
            moves: std::mem::take(&mut self.moves),
            result: self.result.take(),
            comment: self.comment.take(),
            line,
        })
    }
}
