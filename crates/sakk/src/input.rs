//! Reading a move as people type it: UCI (`g1f3`) or SAN in any supported
//! language (`Nf3`, `Hf3`, `Sf3`, `Cf3`, `♘f3`), with the rule that forbids
//! it when it is not legal.

use core::fmt;

use crate::explain::Refusal;
use crate::moves::Move;
use crate::position::{CastlingSide, Position};
use crate::san::{Lang, San, SanError};
use crate::types::Square;
use crate::uci::Uci;

/// Why typed text is not a playable move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveInputError {
    /// Neither UCI nor SAN in any supported language.
    Unreadable,
    /// SAN that fits more than one legal move.
    Ambiguous,
    /// A move the rules forbid, and which rule.
    Refused(Refusal),
}

impl MoveInputError {
    /// A stable, machine-readable code (a [`Refusal`] code when refused).
    pub const fn code(&self) -> &'static str {
        match self {
            MoveInputError::Unreadable => "unreadable_move",
            MoveInputError::Ambiguous => "ambiguous_move",
            MoveInputError::Refused(r) => r.code(),
        }
    }

    /// The parameters of the explanation, by name, for a message catalogue
    /// (see [`Refusal::args`]).
    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            MoveInputError::Refused(r) => r.args(),
            _ => Vec::new(),
        }
    }

    /// The explanation in English (the library's own words; user
    /// interfaces take theirs from a catalogue).
    pub fn message_en(&self) -> String {
        match self {
            MoveInputError::Unreadable => "This is not a move: write it like e4, Nf3, exd5, \
                 O-O, e8=Q or g1f3."
                .to_string(),
            MoveInputError::Ambiguous => "More than one piece can make this move: add the file \
                 or rank it comes from (e.g. Nbd2)."
                .to_string(),
            MoveInputError::Refused(r) => r.message_en(),
        }
    }
}

impl fmt::Display for MoveInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message_en())
    }
}

impl std::error::Error for MoveInputError {}

impl Position {
    /// Reads a move typed in UCI or in SAN with the letters of any
    /// supported language, `preferred` first (letters mean different pieces
    /// in different languages: B is a bishop in English, a rook in
    /// Hungarian).
    ///
    /// ```
    /// use sakk::{Lang, Position};
    ///
    /// let pos = Position::new();
    /// let nf3 = pos.read_move("Nf3", Lang::English).unwrap();
    /// assert_eq!(pos.read_move("Hf3", Lang::English), Ok(nf3));
    /// assert_eq!(pos.read_move("g1f3", Lang::Hungarian), Ok(nf3));
    /// assert_eq!(pos.read_move("Nf4", Lang::English).unwrap_err().code(), "cannot_move_that_way");
    /// ```
    ///
    /// # Errors
    /// [`MoveInputError`]: unreadable, ambiguous, or refused with the rule.
    pub fn read_move(&self, text: &str, preferred: Lang) -> Result<Move, MoveInputError> {
        let text = text.trim();
        if let Ok(uci) = text.parse::<Uci>() {
            return match uci {
                Uci::Normal {
                    from,
                    to,
                    promotion,
                } => self
                    .explain(from, to, promotion)
                    .map_err(MoveInputError::Refused),
                Uci::Null => Err(MoveInputError::Unreadable),
            };
        }
        let mut langs = vec![preferred];
        langs.extend(Lang::ALL.into_iter().filter(|&l| l != preferred));
        let legal = self.legal_moves();
        let mut first_refusal = None;
        let mut readable = false;
        for lang in langs {
            let Ok(san) = San::parse(text, lang) else {
                continue;
            };
            readable = true;
            match san.to_move_among(self, &legal) {
                Ok(m) => return Ok(m),
                Err(SanError::Ambiguous) => return Err(MoveInputError::Ambiguous),
                Err(_) => {
                    if first_refusal.is_none() {
                        first_refusal = Some(self.explain_san(&san));
                    }
                }
            }
        }
        match first_refusal {
            Some(r) => Err(MoveInputError::Refused(r)),
            None if readable => Err(MoveInputError::Unreadable),
            None => Err(MoveInputError::Unreadable),
        }
    }

    /// The most telling refusal for a SAN move that matches no legal move.
    fn explain_san(&self, san: &San) -> Refusal {
        let us = self.turn();
        match *san {
            San::Castle(side) => {
                let king = self.king(us);
                let file = match side {
                    CastlingSide::KingSide => crate::File::G,
                    CastlingSide::QueenSide => crate::File::C,
                };
                let to = match self.castling_rook(us, side) {
                    Some(rook) => rook,
                    None => Square::from_coords(file, king.rank()),
                };
                match self.explain(king, to, None) {
                    Err(r) => r,
                    Ok(_) => Refusal::KingInCheck,
                }
            }
            San::Normal {
                role,
                to,
                promotion,
                ..
            } => {
                let mut best: Option<Refusal> = None;
                for from in san.origins(self) {
                    let Err(r) = self.explain(from, to, promotion) else {
                        continue;
                    };
                    let rank_of = |r: &Refusal| match r {
                        Refusal::CannotMoveThatWay(_) => 0,
                        Refusal::OwnPieceOnTarget(_) | Refusal::PathBlocked(_) => 1,
                        _ => 2,
                    };
                    if best.as_ref().is_none_or(|b| rank_of(&r) > rank_of(b)) {
                        best = Some(r);
                    }
                }
                best.unwrap_or(Refusal::CannotMoveThatWay(role))
            }
        }
    }
}
