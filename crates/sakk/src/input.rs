//! Reading a move as people type it: UCI (`g1f3`) or SAN with the letters of
//! a language (`Nf3`, `Hf3`, `Sf3`, `Cf3`) or figurines (`♘f3`), with the
//! rule that forbids it when it is not legal.
//!
//! Letters mean different pieces in different languages (B is a bishop in
//! English and a rook in Hungarian; R a rook in English and the king in
//! French), so a move is read in one language when the language is known
//! ([`Position::read_move`]), and in every language only when it is not
//! ([`Position::read_move_any`]) — and then a text that two languages read
//! as two different legal moves is refused as ambiguous, never guessed.

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
    /// Read in every language, the text is two different legal moves (no
    /// language was given): the first reading and the second, each with the
    /// language that reads it so.
    AmbiguousLanguage {
        /// One reading.
        first: (Lang, Move),
        /// Another.
        second: (Lang, Move),
    },
    /// A move the rules forbid, and which rule.
    Refused(Refusal),
}

impl MoveInputError {
    /// A stable, machine-readable code (a [`Refusal`] code when refused).
    pub const fn code(&self) -> &'static str {
        match self {
            MoveInputError::Unreadable => "unreadable_move",
            MoveInputError::Ambiguous => "ambiguous_move",
            MoveInputError::AmbiguousLanguage { .. } => "ambiguous_language",
            MoveInputError::Refused(r) => r.code(),
        }
    }

    /// The parameters of the explanation, by name, for a message catalogue
    /// (see [`Refusal::args`]).
    ///
    /// For [`MoveInputError::AmbiguousLanguage`]: `first` and `second` (the
    /// moves in UCI), `first_lang` and `second_lang` (`en`, `hu`, `de`, `fr`).
    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            MoveInputError::Refused(r) => r.args(),
            MoveInputError::AmbiguousLanguage { first, second } => vec![
                ("first", first.1.to_string()),
                ("first_lang", first.0.code().to_string()),
                ("second", second.1.to_string()),
                ("second_lang", second.0.code().to_string()),
            ],
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
            MoveInputError::AmbiguousLanguage { first, second } => format!(
                "This move reads differently in different languages: {} ({}) or {} ({}); \
                 say which language it is written in.",
                first.1,
                first.0.name_en(),
                second.1,
                second.0.name_en()
            ),
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
    /// Reads a move typed in UCI, or in SAN with the piece letters of
    /// `lang` (figurines are read in every language). Only that language's
    /// letters are read: `Bb4` in Hungarian is a rook move, never a bishop
    /// move because no rook reaches b4.
    ///
    /// ```
    /// use sakk::{Lang, Position};
    ///
    /// let pos = Position::new();
    /// let nf3 = pos.read_move("Nf3", Lang::English).unwrap();
    /// assert_eq!(pos.read_move("Hf3", Lang::Hungarian), Ok(nf3));
    /// assert_eq!(pos.read_move("g1f3", Lang::Hungarian), Ok(nf3));
    /// assert_eq!(pos.read_move("♘f3", Lang::German), Ok(nf3));
    /// // H is no piece in English.
    /// assert_eq!(pos.read_move("Hf3", Lang::English).unwrap_err().code(), "unreadable_move");
    /// assert_eq!(pos.read_move("Nf4", Lang::English).unwrap_err().code(), "cannot_move_that_way");
    /// ```
    ///
    /// # Errors
    /// [`MoveInputError`]: unreadable, ambiguous, or refused with the rule.
    pub fn read_move(&self, text: &str, lang: Lang) -> Result<Move, MoveInputError> {
        let text = text.trim();
        if let Some(read) = self.read_uci(text) {
            return read;
        }
        let san = San::parse(text, lang).map_err(|_| MoveInputError::Unreadable)?;
        match san.to_move_among(self, &self.legal_moves()) {
            Ok(m) => Ok(m),
            Err(SanError::Ambiguous) => Err(MoveInputError::Ambiguous),
            Err(_) => Err(MoveInputError::Refused(self.explain_san(&san))),
        }
    }

    /// Reads a move in `lang`'s piece letters ([`Position::read_move`]), or
    /// in every language when `lang` is `None` ([`Position::read_move_any`]):
    /// what a user typed, with or without saying in which language.
    ///
    /// ```
    /// use sakk::{Lang, Position};
    /// let pos = Position::new();
    /// assert_eq!(pos.read_move_in("Hf3", None), pos.read_move_in("Nf3", Some(Lang::English)));
    /// assert!(pos.read_move_in("Hf3", Some(Lang::English)).is_err());
    /// ```
    ///
    /// # Errors
    /// [`MoveInputError`], as the reader used.
    pub fn read_move_in(&self, text: &str, lang: Option<Lang>) -> Result<Move, MoveInputError> {
        match lang {
            Some(lang) => self.read_move(text, lang),
            None => self.read_move_any(text),
        }
    }

    /// Reads a move typed in UCI or in SAN when its language is not known:
    /// every language is tried. A text that two languages read as two
    /// different legal moves is refused
    /// ([`MoveInputError::AmbiguousLanguage`], naming both); one legal
    /// reading is the move.
    ///
    /// ```
    /// use sakk::{Lang, MoveInputError, Position};
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.read_move_any("Hf3"), pos.read_move("Nf3", Lang::English));
    /// // After 1.d4 e6 2.Nf3: Bb4 is Black's bishop move in English; in
    /// // Hungarian it would be a rook move, which no rook can make.
    /// let pos: Position = "rnbqkbnr/pppp1ppp/4p3/8/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2"
    ///     .parse()
    ///     .unwrap();
    /// assert!(pos.read_move_any("Bb4").is_ok());
    /// // Two legal readings: refused, both named.
    /// let pos: Position = "4k3/8/8/8/8/8/R7/2B1K3 w - - 0 1".parse().unwrap();
    /// assert!(matches!(
    ///     pos.read_move_any("Bb2"),
    ///     Err(MoveInputError::AmbiguousLanguage { .. })
    /// ));
    /// ```
    ///
    /// # Errors
    /// [`MoveInputError`]: unreadable, ambiguous (between pieces or between
    /// languages), or refused with the rule (of the first language that
    /// reads the text).
    pub fn read_move_any(&self, text: &str) -> Result<Move, MoveInputError> {
        let text = text.trim();
        if let Some(read) = self.read_uci(text) {
            return read;
        }
        let legal = self.legal_moves();
        let mut found: Option<(Lang, Move)> = None;
        let mut first_error = None;
        for lang in Lang::ALL {
            let Ok(san) = San::parse(text, lang) else {
                continue;
            };
            let error = match san.to_move_among(self, &legal) {
                Ok(m) => match found {
                    None => {
                        found = Some((lang, m));
                        continue;
                    }
                    Some((_, same)) if same == m => continue,
                    Some(first) => {
                        return Err(MoveInputError::AmbiguousLanguage {
                            first,
                            second: (lang, m),
                        })
                    }
                },
                Err(SanError::Ambiguous) => MoveInputError::Ambiguous,
                Err(_) => MoveInputError::Refused(self.explain_san(&san)),
            };
            first_error.get_or_insert(error);
        }
        match (found, first_error) {
            (Some((_, m)), _) => Ok(m),
            (None, Some(e)) => Err(e),
            (None, None) => Err(MoveInputError::Unreadable),
        }
    }

    /// A move in UCI, read with the rule that forbids it; `None` when the
    /// text is not UCI.
    fn read_uci(&self, text: &str) -> Option<Result<Move, MoveInputError>> {
        let uci = text.parse::<Uci>().ok()?;
        Some(match uci {
            Uci::Normal {
                from,
                to,
                promotion,
            } => self
                .explain(from, to, promotion)
                .map_err(MoveInputError::Refused),
            Uci::Null => Err(MoveInputError::Unreadable),
        })
    }

    /// The most telling refusal for a SAN move that matches no legal move.
    fn explain_san(&self, san: &San) -> Refusal {
        let us = self.turn();
        match *san {
            // Never read from text (see `San::Null`).
            San::Null => Refusal::KingInCheck,
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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::pos;

    /// The Hungarian `Bb4` is a rook move: when no rook reaches b4 it is
    /// refused, never read as the English bishop move.
    #[test]
    fn a_given_language_is_the_only_one_read() {
        let p = pos("rnbqkbnr/pppp1ppp/4p3/8/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2");
        let bishop = p.read_move("Bb4", Lang::English);
        assert_eq!(bishop.map(|m| m.to_string()), Ok("f8b4".to_string()));
        let rook = p.read_move("Bb4", Lang::Hungarian);
        assert!(matches!(rook, Err(MoveInputError::Refused(_))), "{rook:?}");
        assert_eq!(
            p.read_move("Fb4", Lang::Hungarian).map(|m| m.to_string()),
            Ok("f8b4".to_string())
        );
        // R is the king in French: Rd7 is no rook move there.
        let p = pos("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        assert!(p.read_move("Rd7", Lang::English).is_ok());
        assert!(p.read_move("Rd7", Lang::French).is_err());
        assert_eq!(
            p.read_move("Td7", Lang::French),
            p.read_move("Rd7", Lang::English)
        );
        // UCI and figurines in every language.
        for lang in Lang::ALL {
            assert!(p.read_move("d1d7", lang).is_ok());
            assert!(p.read_move("♖d7", lang).is_ok());
        }
    }

    #[test]
    fn without_a_language_two_legal_readings_are_refused() {
        // B: the bishop c1 (English) or the rook a2 (Hungarian) to b2.
        let p = pos("4k3/8/8/8/8/8/R7/2B1K3 w - - 0 1");
        let err = p.read_move_any("Bb2");
        let Err(e @ MoveInputError::AmbiguousLanguage { .. }) = err else {
            panic!("{err:?}");
        };
        assert_eq!(e.code(), "ambiguous_language");
        let args = e.args();
        assert!(args.contains(&("first", "c1b2".to_string())), "{args:?}");
        assert!(args.contains(&("first_lang", "en".to_string())));
        assert!(args.contains(&("second", "a2b2".to_string())));
        assert!(args.contains(&("second_lang", "hu".to_string())));
        // One legal reading is the move; the same move in two languages too.
        assert_eq!(
            p.read_move_any("Ra3").map(|m| m.to_string()),
            Ok("a2a3".to_string())
        );
        assert_eq!(
            p.read_move_any("Kd2").map(|m| m.to_string()),
            Ok("e1d2".to_string())
        );
        assert_eq!(p.read_move_any("hello"), Err(MoveInputError::Unreadable));
        assert_eq!(
            p.read_move_any("Qd2").map_err(|e| e.code()),
            Err("cannot_move_that_way")
        );
    }
}
