//! UCI move notation: `e2e4`, `e7e8q`, `0000`.
//!
//! Standard chess writes castling as the king's two-square move (`e1g1`);
//! reading also accepts king-takes-rook (`e1h1`). Chess960 writes and reads
//! king-takes-rook.

use core::fmt;
use core::str::FromStr;

use crate::moves::{Move, MoveKind};
use crate::position::{CastlingMode, Position};
use crate::types::{Role, Square};

/// A move in UCI notation, not yet tied to a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Uci {
    /// A move from one square to another, with the promotion piece if any.
    Normal {
        /// The square the piece leaves.
        from: Square,
        /// The square it goes to (for castling: the king's or the rook's).
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// The null move `0000`.
    Null,
}

/// Text that is not a UCI move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParseUciError;

impl fmt::Display for ParseUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "not a UCI move: expected two squares and an optional promotion letter, like e2e4 or e7e8q",
        )
    }
}

impl std::error::Error for ParseUciError {}

/// Why a UCI move cannot be played in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    /// The text is not a UCI move at all.
    Malformed,
    /// No legal move matches.
    Illegal(Uci),
    /// A pawn reaches the last rank, but no promotion piece was given.
    MissingPromotion(Uci),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Malformed => ParseUciError.fmt(f),
            UciError::Illegal(uci) => write!(f, "illegal move {uci} in this position"),
            UciError::MissingPromotion(uci) => write!(
                f,
                "{uci} reaches the last rank: add the promotion piece (q, r, b or n)"
            ),
        }
    }
}

impl std::error::Error for UciError {}

impl Uci {
    /// Reads a UCI move from bytes.
    ///
    /// # Errors
    /// [`ParseUciError`] if the text is not a UCI move.
    pub fn from_ascii(s: &[u8]) -> Result<Uci, ParseUciError> {
        if s == b"0000" {
            return Ok(Uci::Null);
        }
        let (squares, promotion) = match s.len() {
            4 => (s, None),
            5 => {
                let role = Role::from_char(s[4] as char)
                    .filter(|r| Role::PROMOTIONS.contains(r))
                    .ok_or(ParseUciError)?;
                (&s[..4], Some(role))
            }
            _ => return Err(ParseUciError),
        };
        let from = Square::from_ascii(&squares[..2]).ok_or(ParseUciError)?;
        let to = Square::from_ascii(&squares[2..]).ok_or(ParseUciError)?;
        if from == to {
            return Err(ParseUciError);
        }
        Ok(Uci::Normal {
            from,
            to,
            promotion,
        })
    }

    /// Writes `m` in UCI notation, castling as the mode requires.
    pub fn from_move(m: Move, mode: CastlingMode) -> Uci {
        if m.is_null() {
            return Uci::Null;
        }
        let to = match (m.kind(), mode) {
            (MoveKind::Castle, CastlingMode::Standard) => m.king_target(),
            _ => m.to(),
        };
        Uci::Normal {
            from: m.from(),
            to,
            promotion: m.promotion_role(),
        }
    }

    /// The legal move in `pos` that this UCI move denotes.
    ///
    /// # Errors
    /// [`UciError`] if there is none (also for the null move).
    pub fn to_move(&self, pos: &Position) -> Result<Move, UciError> {
        let Uci::Normal {
            from,
            to,
            promotion,
        } = *self
        else {
            return Err(UciError::Illegal(*self));
        };
        let moves = pos.legal_moves();
        let mut missing_promotion = false;
        for &m in moves.iter().filter(|m| m.from() == from) {
            let lands = m.to() == to
                || (m.is_castle()
                    && pos.castling_mode() == CastlingMode::Standard
                    && m.king_target() == to);
            if !lands {
                continue;
            }
            if m.promotion_role() == promotion {
                return Ok(m);
            }
            if promotion.is_none() {
                missing_promotion = true;
            }
        }
        if missing_promotion {
            Err(UciError::MissingPromotion(*self))
        } else {
            Err(UciError::Illegal(*self))
        }
    }
}

impl FromStr for Uci {
    type Err = ParseUciError;
    fn from_str(s: &str) -> Result<Uci, ParseUciError> {
        Uci::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Uci::Null => f.write_str("0000"),
            Uci::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(role) = promotion {
                    write!(f, "{}", role.char())?;
                }
                Ok(())
            }
        }
    }
}

impl Position {
    /// Writes `m` in UCI notation for this position's castling mode.
    pub fn uci(&self, m: Move) -> Uci {
        Uci::from_move(m, self.castling_mode())
    }

    /// Reads a UCI move and finds it among the legal moves.
    ///
    /// # Errors
    /// [`UciError`]: not UCI, illegal, or promotion piece missing.
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        match Uci::from_str(text.trim()) {
            Ok(uci) => uci.to_move(self),
            Err(ParseUciError) => Err(UciError::Malformed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes() {
        let pos = Position::new();
        let m = "e2e4"
            .parse::<Uci>()
            .and_then(|u| u.to_move(&pos).map_err(|_| ParseUciError));
        assert_eq!(m, Ok(Move::normal(Square::E2, Square::E4)));
        for bad in [
            "", "e2", "e2e", "e2e4x", "e2e4k", "i2e4", "e2e9", "e2e2", "e2e4qq",
        ] {
            assert_eq!(bad.parse::<Uci>(), Err(ParseUciError), "{bad}");
        }
        assert_eq!("0000".parse::<Uci>(), Ok(Uci::Null));
        assert!(matches!(
            "e2e5".parse::<Uci>().map(|u| u.to_move(&pos)),
            Ok(Err(UciError::Illegal(_)))
        ));
    }

    #[test]
    fn castling_both_ways_in_standard() {
        let pos = match Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let short = Move::castle(Square::E1, Square::H1);
        assert_eq!(pos.uci(short).to_string(), "e1g1");
        assert_eq!(pos.parse_uci("e1g1"), Ok(short));
        assert_eq!(pos.parse_uci("e1h1"), Ok(short));
        assert_eq!(
            pos.parse_uci("e1c1"),
            Ok(Move::castle(Square::E1, Square::A1))
        );
    }

    #[test]
    fn promotion_needs_a_piece() {
        let pos = match Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1") {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        assert!(matches!(
            pos.parse_uci("a7a8"),
            Err(UciError::MissingPromotion(_))
        ));
        assert_eq!(
            pos.parse_uci("a7a8n"),
            Ok(Move::promotion(Square::A7, Square::A8, Role::Knight).unwrap_or(Move::from_u16(0)))
        );
    }
}
