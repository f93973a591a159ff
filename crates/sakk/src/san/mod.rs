//! Standard algebraic notation (SAN), written and read in several languages.
//!
//! Writing gives exactly the PGN form: piece letter, the least
//! disambiguation that suffices (file, then rank, then both), `x` for
//! captures, `=Q` for promotions, `O-O`/`O-O-O`, and `+`/`#`.
//!
//! Reading is lenient, as people write: `0-0` as well as `O-O`; with or
//! without `x`, `+`, `#`, `!`/`?`, `e.p.`; `=Q`, `Q`, `(Q)` or `/Q` for
//! promotion; `Ng1-f3` or `Ng1f3` with a full from-square; figurines in any
//! language. Syntax errors ([`ParseSanError`]) are kept apart from moves that
//! are not legal or are ambiguous in the position ([`SanError`]).

use core::fmt;

use crate::moves::{Move, MoveList};
use crate::position::{CastlingSide, Position};
use crate::types::{File, Rank, Role, Square};

mod fast;

/// The piece letters of a language, or figurines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// K Q R B N.
    #[default]
    English,
    /// K V B F H (király, vezér, bástya, futó, huszár).
    Hungarian,
    /// K D T L S (König, Dame, Turm, Läufer, Springer).
    German,
    /// R D T F C (roi, dame, tour, fou, cavalier).
    French,
    /// ♔ ♕ ♖ ♗ ♘, the same in every language.
    Figurine,
}

impl Lang {
    /// All languages and the figurines.
    pub const ALL: [Lang; 5] = [
        Lang::English,
        Lang::Hungarian,
        Lang::German,
        Lang::French,
        Lang::Figurine,
    ];

    /// The letter (or figurine) of a piece; `None` for the pawn, which has none.
    pub const fn letter(self, role: Role) -> Option<char> {
        let letters = match self {
            Lang::English => ['K', 'Q', 'R', 'B', 'N'],
            Lang::Hungarian => ['K', 'V', 'B', 'F', 'H'],
            Lang::German => ['K', 'D', 'T', 'L', 'S'],
            Lang::French => ['R', 'D', 'T', 'F', 'C'],
            Lang::Figurine => ['♔', '♕', '♖', '♗', '♘'],
        };
        match role {
            Role::Pawn => None,
            Role::King => Some(letters[0]),
            Role::Queen => Some(letters[1]),
            Role::Rook => Some(letters[2]),
            Role::Bishop => Some(letters[3]),
            Role::Knight => Some(letters[4]),
        }
    }

    /// The piece a letter stands for in this language; figurines (white or
    /// black) are understood in every language.
    pub fn role_of(self, c: char) -> Option<Role> {
        let figurine = match c {
            '♔' | '♚' => Some(Role::King),
            '♕' | '♛' => Some(Role::Queen),
            '♖' | '♜' => Some(Role::Rook),
            '♗' | '♝' => Some(Role::Bishop),
            '♘' | '♞' => Some(Role::Knight),
            _ => None,
        };
        figurine.or_else(|| {
            [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
            ]
            .into_iter()
            .find(|&r| self.letter(r) == Some(c))
        })
    }

    /// The piece a byte of [`San::parse`]'s working copy stands for: an
    /// upper-case letter of this language, or a figurine code.
    fn role_of_byte(self, b: u8) -> Option<Role> {
        match b {
            FIGURINE_KING => Some(Role::King),
            b if b == FIGURINE_KING + 1 => Some(Role::Queen),
            b if b == FIGURINE_KING + 2 => Some(Role::Rook),
            b if b == FIGURINE_KING + 3 => Some(Role::Bishop),
            b if b == FIGURINE_KING + 4 => Some(Role::Knight),
            b'A'..=b'Z' => self.role_of(b as char),
            _ => None,
        }
    }

    /// Reads a language code: `en`, `hu`, `de`, `fr`, or `fig` for figurines.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::English),
            "hu" => Some(Lang::Hungarian),
            "de" => Some(Lang::German),
            "fr" => Some(Lang::French),
            "fig" => Some(Lang::Figurine),
            _ => None,
        }
    }

    /// The language code.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Hungarian => "hu",
            Lang::German => "de",
            Lang::French => "fr",
            Lang::Figurine => "fig",
        }
    }

    /// The language's name in English (the library's own words).
    pub const fn name_en(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::Hungarian => "Hungarian",
            Lang::German => "German",
            Lang::French => "French",
            Lang::Figurine => "figurines",
        }
    }
}

/// The code of the king figurine in [`San::parse`]'s byte copy (queen, rook,
/// bishop and knight follow).
const FIGURINE_KING: u8 = 1;

/// A move in SAN, without check or mate suffix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece.
        role: Role,
        /// The file of the from-square, when given.
        file: Option<File>,
        /// The rank of the from-square, when given.
        rank: Option<Rank>,
        /// Whether it is written as a capture.
        capture: bool,
        /// The target square.
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// Castling.
    Castle(CastlingSide),
    /// The null move (the side to move passes), written `--`: PGN files
    /// of analysis use it. [`San::parse`] never reads it (it is no move to
    /// play); the PGN reader does.
    Null,
}

/// Check or mate, as written after a SAN move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

/// A SAN move with its check or mate suffix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+`, `#`, or nothing.
    pub suffix: Option<Suffix>,
}

/// Text that is not SAN.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ParseSanError;

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a move in algebraic notation (examples: e4, Nf3, exd5, O-O, e8=Q)")
    }
}

impl std::error::Error for ParseSanError {}

/// Why a well-formed SAN move cannot be played in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// No legal move matches.
    Illegal,
    /// A pawn reaches the last rank, but no promotion piece was given.
    MissingPromotion,
    /// More than one legal move matches; more of the from-square is needed.
    Ambiguous,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SanError::Illegal => "no legal move in this position matches",
            SanError::MissingPromotion => {
                "the pawn reaches the last rank: say which piece it becomes (=Q, =R, =B or =N)"
            }
            SanError::Ambiguous => {
                "more than one legal move matches: add the file or rank the piece comes from"
            }
        })
    }
}

impl std::error::Error for SanError {}

/// Why text could not be read as a legal move (syntax or legality).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Not SAN at all.
    Syntax(ParseSanError),
    /// SAN, but not legal or ambiguous here.
    Illegal(SanError),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Syntax(e) => e.fmt(f),
            ParseMoveError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl San {
    /// The SAN of a legal move `m` in `pos` (without suffix).
    pub fn from_move(pos: &Position, m: Move) -> San {
        San::from_move_among(pos, m, &pos.legal_moves())
    }

    /// Like [`San::from_move`], with the legal moves of `pos` already at hand.
    pub fn from_move_among(pos: &Position, m: Move, legal: &[Move]) -> San {
        if m.is_castle() {
            return San::Castle(CastlingSide::of(m.from(), m.to()));
        }
        let role = pos.moving_role(m).unwrap_or(Role::Pawn);
        let capture = pos.is_capture(m);
        let (mut file, mut rank) = (None, None);
        if role == Role::Pawn {
            if capture {
                file = Some(m.from().file());
            }
        } else if role != Role::King {
            let rivals = legal.iter().filter(|o| {
                o.to() == m.to()
                    && o.from() != m.from()
                    && !o.is_castle()
                    && pos.moving_role(**o) == Some(role)
            });
            let (mut any, mut same_file, mut same_rank) = (false, false, false);
            for o in rivals {
                any = true;
                same_file |= o.from().file() == m.from().file();
                same_rank |= o.from().rank() == m.from().rank();
            }
            if any {
                if !same_file {
                    file = Some(m.from().file());
                } else if !same_rank {
                    rank = Some(m.from().rank());
                } else {
                    file = Some(m.from().file());
                    rank = Some(m.from().rank());
                }
            }
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to: m.to(),
            promotion: m.promotion_role(),
        }
    }

    /// Reads SAN with the piece letters of `lang` (figurines always work).
    ///
    /// # Errors
    /// [`ParseSanError`] if the text is not SAN.
    #[inline]
    pub fn parse(text: &str, lang: Lang) -> Result<San, ParseSanError> {
        if lang == Lang::English {
            if let Some(san) = fast::parse_plain(text.as_bytes()) {
                return Ok(san);
            }
        }
        San::parse_lenient(text, lang)
    }

    /// [`San::parse`] beyond plain English SAN.
    fn parse_lenient(text: &str, lang: Lang) -> Result<San, ParseSanError> {
        let mut s = text.trim();
        // Annotations and suffixes: `+`, `#`, `!`, `?`, `e.p.` (checked only
        // when the text does not end in a square or a piece letter).
        let plain = |s: &str| {
            s.as_bytes()
                .last()
                .is_some_and(|b| b.is_ascii_alphanumeric() && *b != b'p' && *b != b'.')
        };
        while !s.is_empty() && !plain(s) {
            let before = s.len();
            s = s
                .trim_end_matches(['+', '#', '!', '?', '‼', '⁇', '⁈', '⁉'])
                .trim_end();
            for tail in ["e.p.", "ep", "e.p"] {
                if let Some(rest) = s.strip_suffix(tail) {
                    s = rest.trim_end();
                }
            }
            if s.len() == before {
                break;
            }
        }
        match s {
            "O-O" | "0-0" | "o-o" => return Ok(San::Castle(CastlingSide::KingSide)),
            "O-O-O" | "0-0-0" | "o-o-o" => return Ok(San::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        // Work on bytes: ASCII as it is, figurines as codes 1-5, `×` as `x`;
        // no allocation.
        let mut buf = [0u8; 16];
        let mut n = 0;
        if s.is_ascii() {
            let bytes = s.as_bytes();
            buf.get_mut(..bytes.len())
                .ok_or(ParseSanError)?
                .copy_from_slice(bytes);
            n = bytes.len();
        } else {
            for c in s.chars() {
                let b = match c {
                    c if c.is_ascii() => c as u8,
                    '♔' | '♚' => FIGURINE_KING,
                    '♕' | '♛' => FIGURINE_KING + 1,
                    '♖' | '♜' => FIGURINE_KING + 2,
                    '♗' | '♝' => FIGURINE_KING + 3,
                    '♘' | '♞' => FIGURINE_KING + 4,
                    '×' => b'x',
                    _ => return Err(ParseSanError),
                };
                *buf.get_mut(n).ok_or(ParseSanError)? = b;
                n += 1;
            }
        }
        let mut rest: &[u8] = &buf[..n];
        let role_of = |b: u8| lang.role_of_byte(b);

        let role = match rest.first().and_then(|&c| role_of(c)) {
            Some(role) => {
                rest = &rest[1..];
                role
            }
            None => Role::Pawn,
        };

        // Promotion at the end: `=Q`, `Q`, `(Q)`, `/Q`.
        let mut promotion = None;
        if let [head @ .., b'(', p, b')'] = rest {
            if let Some(r) = role_of(*p) {
                promotion = Some(r);
                rest = head;
            }
        } else if let [head @ .., p] = rest {
            if let Some(r) = role_of(*p) {
                promotion = Some(r);
                rest = head;
                if let [head @ .., b'=' | b'/'] = rest {
                    rest = head;
                }
            }
        }
        if let Some(p) = promotion {
            if role != Role::Pawn || !Role::PROMOTIONS.contains(&p) {
                return Err(ParseSanError);
            }
        }

        // Target square: the last two characters.
        let [head @ .., f, r] = rest else {
            return Err(ParseSanError);
        };
        let to = Square::from_coords(
            File::from_char(*f as char).ok_or(ParseSanError)?,
            Rank::from_char(*r as char).ok_or(ParseSanError)?,
        );
        rest = head;

        let mut capture = false;
        if let [head @ .., b'x' | b'X' | b':'] = rest {
            capture = true;
            rest = head;
        } else if let [head @ .., b'-'] = rest {
            rest = head;
        }

        let (file, rank) = match rest {
            [] => (None, None),
            [c] => match (File::from_char(*c as char), Rank::from_char(*c as char)) {
                (Some(file), _) => (Some(file), None),
                (_, Some(rank)) => (None, Some(rank)),
                _ => return Err(ParseSanError),
            },
            [f, r] => (
                Some(File::from_char(*f as char).ok_or(ParseSanError)?),
                Some(Rank::from_char(*r as char).ok_or(ParseSanError)?),
            ),
            _ => return Err(ParseSanError),
        };
        if role == Role::Pawn && rank.is_some() && file.is_none() {
            return Err(ParseSanError);
        }

        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// The legal move in `pos` that this SAN denotes.
    ///
    /// # Errors
    /// [`SanError`] if none or more than one matches.
    #[inline(always)]
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        if let San::Normal {
            role,
            to,
            promotion,
            ..
        } = *self
        {
            if let Some(m) = fast::find(pos, role, self.origins(pos), to, promotion) {
                return Ok(m);
            }
        }
        self.generated_move(pos)
    }

    /// [`San::to_move`] by generating the candidate moves (and so able to
    /// say why none or several match).
    fn generated_move(&self, pos: &Position) -> Result<Move, SanError> {
        let San::Normal { to, promotion, .. } = *self else {
            if let San::Castle(side) = *self {
                let mut found = None;
                pos.for_each_castle(|m| {
                    if CastlingSide::of(m.from(), m.to()) == side {
                        found = Some(m);
                    }
                });
                return found.ok_or(SanError::Illegal);
            }
            return self.to_move_among(pos, &pos.legal_moves());
        };
        let from = self.origins(pos);
        // Only the moves of that kind of piece to that square are generated.
        let (mut found, mut count, mut missing_promotion) = (None, 0, false);
        pos.for_each_legal_move(from, crate::Bitboard::from_square(to), |m| {
            if m.promotion_role() == promotion {
                found = Some(m);
                count += 1;
            } else {
                missing_promotion |= promotion.is_none();
            }
        });
        match (found, count) {
            (Some(m), 1) => Ok(m),
            (Some(_), _) => Err(SanError::Ambiguous),
            (None, _) if missing_promotion => Err(SanError::MissingPromotion),
            (None, _) => Err(SanError::Illegal),
        }
    }

    /// The squares the moving piece may come from: the pieces of its kind
    /// of the side to move, on the file and rank written (empty for castling).
    #[inline]
    pub fn origins(&self, pos: &Position) -> crate::Bitboard {
        let San::Normal {
            role, file, rank, ..
        } = *self
        else {
            return crate::Bitboard::EMPTY;
        };
        let mut from = pos.board().by_piece(crate::Piece::new(pos.turn(), role));
        if let Some(f) = file {
            from &= crate::Bitboard::from_file(f);
        }
        if let Some(r) = rank {
            from &= crate::Bitboard::from_rank(r);
        }
        from
    }

    /// Like [`San::to_move`], with the legal moves at hand.
    ///
    /// # Errors
    /// [`SanError`] if none or more than one matches.
    pub fn to_move_among(&self, pos: &Position, legal: &[Move]) -> Result<Move, SanError> {
        match *self {
            San::Null => Err(SanError::Illegal),
            San::Castle(side) => legal
                .iter()
                .copied()
                .find(|m| m.is_castle() && CastlingSide::of(m.from(), m.to()) == side)
                .ok_or(SanError::Illegal),
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                let mut found = None;
                let mut missing_promotion = false;
                for &m in legal {
                    if m.is_castle()
                        || m.to() != to
                        || file.is_some_and(|f| m.from().file() != f)
                        || rank.is_some_and(|r| m.from().rank() != r)
                        || pos.moving_role(m) != Some(role)
                    {
                        continue;
                    }
                    if m.promotion_role() != promotion {
                        missing_promotion |= promotion.is_none();
                        continue;
                    }
                    if found.is_some() {
                        return Err(SanError::Ambiguous);
                    }
                    found = Some(m);
                }
                match found {
                    Some(m) => Ok(m),
                    None if missing_promotion => Err(SanError::MissingPromotion),
                    None => Err(SanError::Illegal),
                }
            }
        }
    }

    /// Displays the move with the piece letters of `lang`.
    pub fn display(&self, lang: Lang) -> impl fmt::Display + '_ {
        SanDisplay {
            san: self,
            suffix: None,
            lang,
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display(Lang::English).fmt(f)
    }
}

impl core::str::FromStr for San {
    type Err = ParseSanError;
    /// Reads SAN with English piece letters (or figurines).
    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::parse(s, Lang::English)
    }
}

struct SanDisplay<'a> {
    san: &'a San,
    suffix: Option<Suffix>,
    lang: Lang,
}

impl fmt::Display for SanDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self.san {
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O")?,
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O")?,
            San::Null => f.write_str("--")?,
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if let Some(letter) = self.lang.letter(role) {
                    write!(f, "{letter}")?;
                }
                if let Some(file) = file {
                    write!(f, "{file}")?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(letter) = promotion.and_then(|p| self.lang.letter(p)) {
                    write!(f, "={letter}")?;
                }
            }
        }
        match self.suffix {
            Some(Suffix::Check) => f.write_str("+"),
            Some(Suffix::Checkmate) => f.write_str("#"),
            None => Ok(()),
        }
    }
}

impl SanPlus {
    /// The null move, `--`.
    pub const NULL: SanPlus = SanPlus {
        san: San::Null,
        suffix: None,
    };

    /// The SAN of a legal move `m` in `pos`, with `+` or `#`.
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        SanPlus::from_move_among(pos, m, &pos.legal_moves())
    }

    /// Like [`SanPlus::from_move`], with the legal moves of `pos` at hand.
    pub fn from_move_among(pos: &Position, m: Move, legal: &[Move]) -> SanPlus {
        let san = San::from_move_among(pos, m, legal);
        let mut after = *pos;
        after.play_unchecked(m);
        let suffix = if after.is_check() {
            if after.has_legal_moves() {
                Some(Suffix::Check)
            } else {
                Some(Suffix::Checkmate)
            }
        } else {
            None
        };
        SanPlus { san, suffix }
    }

    /// Displays the move with the piece letters of `lang`.
    pub fn display(&self, lang: Lang) -> impl fmt::Display + '_ {
        SanDisplay {
            san: &self.san,
            suffix: self.suffix,
            lang,
        }
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display(Lang::English).fmt(f)
    }
}

impl Position {
    /// The SAN of a legal move, with check or mate suffix, in English.
    ///
    /// ```
    /// use sakk::{Lang, Position};
    ///
    /// let pos = Position::new();
    /// let m = pos.parse_san("Hf3", Lang::Hungarian).unwrap();
    /// assert_eq!(pos.san(m).to_string(), "Nf3");
    /// assert_eq!(pos.san(m).display(Lang::Hungarian).to_string(), "Hf3");
    /// ```
    pub fn san(&self, m: Move) -> SanPlus {
        SanPlus::from_move(self, m)
    }

    /// Reads a move in SAN with the piece letters of `lang`.
    ///
    /// # Errors
    /// [`ParseMoveError`]: not SAN, or not legal (or ambiguous) here.
    pub fn parse_san(&self, text: &str, lang: Lang) -> Result<Move, ParseMoveError> {
        let san = San::parse(text, lang).map_err(ParseMoveError::Syntax)?;
        san.to_move(self).map_err(ParseMoveError::Illegal)
    }

    /// The SAN of every legal move, in generation order.
    pub fn san_moves(&self) -> Vec<(Move, SanPlus)> {
        let legal: MoveList = self.legal_moves();
        legal
            .iter()
            .map(|&m| (m, SanPlus::from_move_among(self, m, &legal)))
            .collect()
    }
}

#[cfg(test)]
mod tests;
