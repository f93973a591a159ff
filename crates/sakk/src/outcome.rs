//! How a game ended: the result and the one reason for it.

use core::fmt;

use crate::types::Color;

/// The score of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// White won: `1-0`.
    WhiteWins,
    /// Black won: `0-1`.
    BlackWins,
    /// A draw: `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// The side that won.
    pub fn wins(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The PGN form: `1-0`, `0-1`, `1/2-1/2`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Reads the PGN form.
    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a game ended. The identifiers ([`Termination::code`]) are stable and
/// safe to store.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is checkmated (FIDE 5.1.1).
    Checkmate,
    /// A player resigned (5.1.2).
    Resignation,
    /// A flag fell (6.9).
    Timeout,
    /// The side to move has no legal move and is not in check (5.2.1).
    Stalemate,
    /// Neither side has the material to mate (5.2.2, the seed's list).
    InsufficientMaterial,
    /// Neither side can mate by any series of legal moves, though material
    /// remains (5.2.2: blocked positions).
    DeadPosition,
    /// The same position for the fifth time (9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without capture or pawn move (9.6.2).
    SeventyFiveMoves,
    /// A correct claim of threefold repetition (9.2).
    ThreefoldRepetition,
    /// A correct claim under the fifty-move rule (9.3).
    FiftyMoves,
    /// The players agreed to a draw (9.1).
    Agreement,
    /// The game was called off before both sides had moved; it has no result.
    Aborted,
}

impl Termination {
    /// All terminations.
    pub const ALL: [Termination; 12] = [
        Termination::Checkmate,
        Termination::Resignation,
        Termination::Timeout,
        Termination::Stalemate,
        Termination::InsufficientMaterial,
        Termination::DeadPosition,
        Termination::FivefoldRepetition,
        Termination::SeventyFiveMoves,
        Termination::ThreefoldRepetition,
        Termination::FiftyMoves,
        Termination::Agreement,
        Termination::Aborted,
    ];

    /// The stable identifier, e.g. `fifty_moves`.
    pub const fn code(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::Timeout => "timeout",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient_material",
            Termination::DeadPosition => "dead_position",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::SeventyFiveMoves => "seventyfive_moves",
            Termination::ThreefoldRepetition => "threefold_repetition",
            Termination::FiftyMoves => "fifty_moves",
            Termination::Agreement => "agreement",
            Termination::Aborted => "aborted",
        }
    }

    /// Reads an identifier.
    pub fn from_code(code: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.code() == code)
    }

    /// In English words.
    pub const fn name_en(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Resignation => "resignation",
            Termination::Timeout => "time ran out",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::DeadPosition => "dead position",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::SeventyFiveMoves => "75-move rule",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FiftyMoves => "fifty-move rule",
            Termination::Agreement => "agreement",
            Termination::Aborted => "aborted",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The end of a game: a result (none for an aborted game) and its reason.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` only for [`Termination::Aborted`].
    pub result: Option<GameResult>,
    /// Why the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// A decisive or drawn outcome.
    pub const fn new(result: GameResult, termination: Termination) -> Outcome {
        Outcome {
            result: Some(result),
            termination,
        }
    }

    /// A draw for the given reason.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome::new(GameResult::Draw, termination)
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        self.result.and_then(GameResult::winner)
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` when aborted.
    pub fn pgn_result(&self) -> &'static str {
        self.result.map_or("*", GameResult::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for t in Termination::ALL {
            assert_eq!(Termination::from_code(t.code()), Some(t));
        }
        assert_eq!(Termination::SeventyFiveMoves.code(), "seventyfive_moves");
    }
}
