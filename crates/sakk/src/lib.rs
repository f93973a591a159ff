//! # sakk — the rules of chess
//!
//! Positions, fully legal move generation, FEN, and move notation (UCI and
//! SAN with English, Hungarian, German and French piece letters or
//! figurines). No runtime dependencies.
//!
//! ```
//! use sakk::{Lang, Position};
//!
//! // 1. e4 e5 2. Hf3 (Hungarian letters: H is the knight, huszár).
//! let mut pos = Position::new();
//! for text in ["e4", "e5", "Hf3"] {
//!     let m = pos.parse_san(text, Lang::Hungarian)?;
//!     pos = pos.play(m)?;
//! }
//! assert_eq!(pos.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
//! assert_eq!(pos.legal_moves().len(), 29);
//!
//! // A bad FEN is an error that says what is wrong, never a panic.
//! let err = sakk::Position::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap_err();
//! assert_eq!(err.to_string(), "invalid position: black has no king");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The main types: [`Square`], [`Color`], [`Role`], [`Piece`], [`Bitboard`],
//! [`Board`], [`Move`], [`Position`] (validated from a [`Setup`]), [`San`],
//! [`Uci`]; and [`perft()`].

/// The code examples of the documentation's rules-library page, run as
/// doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/rules-library.md")]
pub struct DocsDoctests;

/// Helpers for the unit tests.
#[cfg(test)]
pub(crate) mod testing {
    use crate::{Game, Lang, Position};

    /// The position of a FEN that the test knows is valid.
    pub(crate) fn pos(fen: &str) -> Position {
        match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("{fen}: {e}"),
        }
    }

    /// The game of legal English SAN moves from the start position.
    pub(crate) fn game(sans: &str) -> Game {
        let mut g = Game::new();
        for san in sans.split_whitespace() {
            let m = match g.position().parse_san(san, Lang::English) {
                Ok(m) => m,
                Err(e) => panic!("{san}: {e}"),
            };
            let _ = g.play(m);
        }
        g
    }
}

pub mod attacks;
mod bitboard;
mod board;
mod check;
mod chess960;
mod clock;
mod explain;
mod facts;
mod fen;
mod game;
mod input;
mod material;
mod movegen;
mod moves;
mod openings;
mod outcome;
mod perft;
pub mod pgn;
mod position;
pub mod san;
mod time_control;
pub mod touch;
mod types;
pub mod uci;
#[cfg(feature = "make-unmake")]
pub mod unmake;
mod unwinnable;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::{Board, BoardFen};
pub use chess960::{CHESS960_POSITIONS, STANDARD_CHESS960_NUMBER};
pub use clock::{Clock, ClockError, NextControl, INCORRECT_CLAIM_TIME};
pub use explain::Refusal;
pub use facts::{Fact, KnightFork, MoveFacts, NamedMate, Phase};
pub use fen::{FenError, STARTING_FEN};
pub use game::{Claim, ClaimRefusal, Game, GameError, GameRules, Mark, RewindError};
pub use input::MoveInputError;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use openings::{known_openings, opening_of, Opening, OpeningClass};
pub use outcome::{GameResult, Outcome, Termination};
pub use perft::{perft, perft_divide};
pub use position::{CastlingMode, CastlingSide, IllegalMove, Position, PositionError, Setup};
pub use san::{Lang, ParseMoveError, ParseSanError, San, SanError, SanPlus, Suffix};
pub use time_control::{
    Category, DelayKind, Preset, Stage, TimeControl, TimeControlError, PRESETS,
};
pub use types::{ByColor, ByRole, Color, File, ParseSquareError, Piece, Rank, Role, Square};
pub use uci::{ParseUciError, Uci, UciError};
pub use unwinnable::{DeadProof, Effort, Mateability, Unwinnability};
