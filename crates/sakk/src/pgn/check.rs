//! Checking games without building them: every move read and played as
//! [`GameBuilder`](super::GameBuilder) does — the same rules, the same
//! error messages — but nothing kept that a check does not need (no SAN
//! written back, no comments, clocks or annotations stored), so that a
//! check runs at the reader's speed.

use std::io::BufRead;

use core::fmt;

use super::builder::{read_san, start_position};
use super::reader::{PgnError, Reader, Skip, Visitor};
use crate::outcome::GameResult;
use crate::position::Position;

/// A result token: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game not
/// finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultToken {
    /// `1-0`, `0-1` or `1/2-1/2`.
    Decided(GameResult),
    /// `*`.
    Unfinished,
}

impl ResultToken {
    /// Reads a token as PGN writes it (`None` for anything else).
    pub fn from_pgn(token: &str) -> Option<ResultToken> {
        match token {
            "*" => Some(ResultToken::Unfinished),
            _ => GameResult::from_pgn(token).map(ResultToken::Decided),
        }
    }

    /// The token as PGN writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            ResultToken::Decided(result) => result.as_str(),
            ResultToken::Unfinished => "*",
        }
    }
}

impl fmt::Display for ResultToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The value of a game's `Result` tag: a result token, or other text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultTag {
    /// One of the four tokens.
    Token(ResultToken),
    /// Anything else, as written.
    Other(String),
}

impl ResultTag {
    fn read(value: &str) -> ResultTag {
        match ResultToken::from_pgn(value) {
            Some(token) => ResultTag::Token(token),
            None => ResultTag::Other(value.to_string()),
        }
    }
}

impl fmt::Display for ResultTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultTag::Token(token) => token.fmt(f),
            ResultTag::Other(text) => f.write_str(text),
        }
    }
}

/// What a check keeps of a game read without error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedGame {
    /// The line of the file on which the game begins.
    pub line: usize,
    /// The result token that ends the movetext, if any.
    pub result: Option<ResultToken>,
    /// The `Result` tag, if any.
    pub result_tag: Option<ResultTag>,
    /// Moves in the main line.
    pub plies: usize,
    /// The position after the main line.
    pub end: Position,
}

/// The visitor that checks games.
#[derive(Debug, Default)]
pub struct Checker {
    game_number: usize,
    /// The tags that set up the start: `Variant`, `FEN` (kept as text,
    /// read when the movetext begins).
    tags: Vec<(String, String)>,
    /// The `Result` tag (read without copying the common tokens).
    result_tag: Option<ResultTag>,
    pos: Option<Position>,
    plies: usize,
    result: Option<ResultToken>,
    error: Option<PgnError>,
}

impl Checker {
    /// A checker; its games are numbered from 1.
    pub fn new() -> Checker {
        Checker {
            game_number: 1,
            ..Checker::default()
        }
    }

    fn fail(&mut self, line: usize, problem: super::PgnProblem) {
        if self.error.is_none() {
            self.error = Some(PgnError {
                game: self.game_number,
                line,
                problem,
            });
        }
    }
}

impl Visitor for Checker {
    type Output = Result<CheckedGame, PgnError>;

    fn begin_game(&mut self) {
        self.tags.clear();
        self.result_tag = None;
        self.pos = None;
        self.plies = 0;
        self.result = None;
        self.error = None;
    }

    fn tag(&mut self, name: &str, value: &str) {
        match name {
            "Result" => self.result_tag = Some(ResultTag::read(value)),
            "Variant" | "FEN" => self.tags.push((name.to_string(), value.to_string())),
            _ => {}
        }
    }

    fn wants_tag(&self, name: &str) -> bool {
        matches!(name, "Variant" | "FEN" | "Result")
    }

    fn begin_movetext(&mut self) {
        let (start, problem) = start_position(&self.tags);
        if let Some(problem) = problem {
            // (Line 0: the game's first line, known at its end.)
            self.fail(0, problem);
        }
        self.pos = Some(start);
    }

    fn san(&mut self, san: &str, line: usize) {
        if self.error.is_some() {
            return;
        }
        if self.pos.is_none() {
            self.begin_movetext();
        }
        let Some(pos) = self.pos.as_mut() else {
            return;
        };
        match read_san(pos, san, self.plies) {
            Ok(m) if m.is_null() => pos.play_null(),
            Ok(m) => pos.play_inlined(m),
            Err(why) => return self.fail(line, *why),
        }
        self.plies += 1;
    }

    fn begin_variation(&mut self) -> Skip {
        Skip::Yes
    }

    fn wants_comments(&self) -> bool {
        false
    }

    fn outcome(&mut self, result: &str) {
        self.result = ResultToken::from_pgn(result);
    }

    fn end_game(&mut self, line: usize) -> Result<CheckedGame, PgnError> {
        if self.pos.is_none() {
            self.begin_movetext();
        }
        if let Some(mut e) = self.error.take() {
            if e.line == 0 {
                e.line = line;
            }
            return Err(e);
        }
        Ok(CheckedGame {
            line,
            result: self.result.take(),
            result_tag: self.result_tag.take(),
            plies: self.plies,
            end: self.pos.unwrap_or_default(),
        })
    }
}

/// Checks every game of a PGN text with a [`Checker`]: each item is what
/// the check keeps of a game, or the error that stopped it (reading goes
/// on with the next game).
pub fn check_games<R: BufRead>(input: R) -> impl Iterator<Item = Result<CheckedGame, PgnError>> {
    let mut reader = Reader::new(input);
    let mut checker = Checker::new();
    std::iter::from_fn(move || {
        checker.game_number = reader.games() + 1;
        reader.read_game(&mut checker)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checker and the builder agree on every game: the same errors,
    /// the same end.
    #[test]
    fn the_checker_agrees_with_the_builder() {
        let text =
            "[White \"a [b]\"] [Result \"0-1\"]\n\n1. f3 e5 2. g4 {[%clk 0:00:58]} Qh4# 0-1\n\n\
                    [Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n\
                    [Variant \"crazyhouse\"]\n\n1. e4 N@f3 *\n\n\
                    1. e4 -- 2. d4 (2. Nf3) Nf6 *\n\n\
                    [FEN \"not a fen\"]\n\n1. e4 *\n";
        let built: Vec<_> = super::super::read_games(text.as_bytes()).collect();
        let checked: Vec<_> = check_games(text.as_bytes()).collect();
        assert_eq!(built.len(), 5);
        assert_eq!(checked.len(), 5);
        for (b, c) in built.iter().zip(&checked) {
            match (b, c) {
                (Ok(b), Ok(c)) => {
                    assert_eq!(b.result.as_deref(), c.result.map(ResultToken::as_str));
                    assert_eq!(
                        b.tag("Result").map(str::to_string),
                        c.result_tag.as_ref().map(ResultTag::to_string)
                    );
                    assert_eq!(b.moves.len(), c.plies);
                    assert_eq!(b.line, c.line);
                }
                (Err(b), Err(c)) => assert_eq!(b, c),
                _ => panic!("{b:?} / {c:?}"),
            }
        }
        let Ok(mate) = &checked[0] else {
            panic!("{:?}", checked[0])
        };
        assert!(mate.end.is_checkmate());
        // The second tag on a line is read even when the first is skipped.
        assert_eq!(
            mate.result_tag,
            Some(ResultTag::Token(ResultToken::Decided(
                GameResult::BlackWins
            )))
        );
    }
}
