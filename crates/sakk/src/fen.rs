//! Forsyth–Edwards Notation: reading and writing positions.
//!
//! Reading never panics, whatever the bytes: a bad FEN is a [`FenError`]
//! that names the field and the problem.

use core::fmt;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::position::{CastlingMode, CastlingSide, Position, PositionError, Setup};
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// The FEN of the standard start position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN could not be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// Fewer than 4 or more than 6 space-separated fields.
    FieldCount(usize),
    /// The board field does not have 8 ranks separated by `/`.
    RankCount(usize),
    /// A rank (counted from the 8th, as written) describes more or fewer than 8 squares.
    RankLength(Rank),
    /// A character in the board field that is no piece letter or digit 1–8.
    InvalidPiece(char),
    /// The side to move is not `w` or `b`.
    InvalidTurn,
    /// The castling field is not `-` or a set of `KQkq` (or rook files).
    InvalidCastling,
    /// The en passant field is not `-` or a square.
    InvalidEnPassant,
    /// The halfmove clock is not a number of at most 9 digits.
    InvalidHalfmoves,
    /// The fullmove number is not a positive number of at most 9 digits.
    InvalidFullmoves,
    /// The fields are well-formed, but the position is not playable.
    Position(PositionError),
}

impl FenError {
    /// A stable, machine-readable code (for message catalogues).
    pub const fn code(&self) -> &'static str {
        match self {
            FenError::Empty => "empty",
            FenError::FieldCount(_) => "field_count",
            FenError::RankCount(_) => "rank_count",
            FenError::RankLength(_) => "rank_length",
            FenError::InvalidPiece(_) => "invalid_piece",
            FenError::InvalidTurn => "invalid_turn",
            FenError::InvalidCastling => "invalid_castling",
            FenError::InvalidEnPassant => "invalid_en_passant",
            FenError::InvalidHalfmoves => "invalid_halfmoves",
            FenError::InvalidFullmoves => "invalid_fullmoves",
            FenError::Position(PositionError::MissingKing(_)) => "missing_king",
            FenError::Position(PositionError::TooManyKings(_)) => "too_many_kings",
            FenError::Position(PositionError::PawnOnBackRank(_)) => "pawn_on_back_rank",
            FenError::Position(PositionError::TooMuchMaterial(_)) => "too_much_material",
            FenError::Position(PositionError::OppositeCheck) => "opposite_check",
            FenError::Position(PositionError::InvalidCastlingRight(_)) => "invalid_castling_right",
            FenError::Position(PositionError::InvalidEnPassant(_)) => "impossible_en_passant",
        }
    }

    /// The parameters of the message, by name: `count` (fields, ranks),
    /// `rank` (1–8), `char`, `side` (`white`, `black`), `square`.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        let side = |c: &crate::Color| {
            (
                "side",
                if c.is_white() { "white" } else { "black" }.to_string(),
            )
        };
        match self {
            FenError::FieldCount(n) | FenError::RankCount(n) => vec![("count", n.to_string())],
            FenError::RankLength(r) => vec![("rank", r.to_string())],
            FenError::InvalidPiece(c) => vec![("char", c.to_string())],
            FenError::Position(
                PositionError::MissingKing(c)
                | PositionError::TooManyKings(c)
                | PositionError::TooMuchMaterial(c),
            ) => vec![side(c)],
            FenError::Position(
                PositionError::PawnOnBackRank(sq)
                | PositionError::InvalidCastlingRight(sq)
                | PositionError::InvalidEnPassant(sq),
            ) => vec![("square", sq.to_string())],
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("invalid FEN: empty"),
            FenError::FieldCount(n) => write!(
                f,
                "invalid FEN: expected 4 to 6 space-separated fields (board, side, castling, \
                 en passant, halfmove clock, move number), found {n}"
            ),
            FenError::RankCount(n) => {
                write!(
                    f,
                    "invalid FEN board: expected 8 ranks separated by '/', found {n}"
                )
            }
            FenError::RankLength(r) => {
                write!(
                    f,
                    "invalid FEN board: rank {r} does not describe exactly 8 squares"
                )
            }
            FenError::InvalidPiece(c) => write!(
                f,
                "invalid FEN board: {c:?} is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8"
            ),
            FenError::InvalidTurn => {
                f.write_str("invalid FEN: the side to move must be 'w' or 'b'")
            }
            FenError::InvalidCastling => f.write_str(
                "invalid FEN: castling rights must be '-' or letters from KQkq (or rook files)",
            ),
            FenError::InvalidEnPassant => {
                f.write_str("invalid FEN: the en passant field must be '-' or a square like e3")
            }
            FenError::InvalidHalfmoves => {
                f.write_str("invalid FEN: the halfmove clock must be a non-negative number")
            }
            FenError::InvalidFullmoves => {
                f.write_str("invalid FEN: the move number must be a positive number")
            }
            FenError::Position(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

fn parse_board(field: &str) -> Result<Board, FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i as u32);
        let mut file = 0u32;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::InvalidPiece(c));
                }
                file += d;
            } else {
                let piece = Piece::from_char(c).ok_or(FenError::InvalidPiece(c))?;
                if file >= 8 {
                    return Err(FenError::RankLength(rank));
                }
                board.set_piece_at(Square::from_coords(File::new(file), rank), piece);
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankLength(rank));
            }
        }
        if file != 8 {
            return Err(FenError::RankLength(rank));
        }
    }
    Ok(board)
}

fn parse_castling(field: &str, board: &Board) -> Result<Bitboard, FenError> {
    let mut rooks = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rooks);
    }
    if field.is_empty() || field.len() > 4 {
        return Err(FenError::InvalidCastling);
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = color.back_rank();
        let own_rooks = board.by_piece(Piece::new(color, Role::Rook)) & Bitboard::from_rank(back);
        let king = board.king_of(color).filter(|k| k.rank() == back);
        let rook = match c.to_ascii_lowercase() {
            side_char @ ('k' | 'q') => {
                let side = if side_char == 'k' {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let corner = Square::from_coords(
                    if side == CastlingSide::KingSide {
                        File::H
                    } else {
                        File::A
                    },
                    back,
                );
                // The outermost rook on that side of the king (X-FEN); without
                // one, the corner, so that validation names the problem.
                king.and_then(|k| {
                    let mut candidates = own_rooks
                        .into_iter()
                        .filter(move |&r| CastlingSide::of(k, r) == side);
                    match side {
                        CastlingSide::KingSide => candidates.last(),
                        CastlingSide::QueenSide => candidates.next(),
                    }
                })
                .unwrap_or(corner)
            }
            'a'..='h' => {
                let file =
                    File::from_char(c.to_ascii_lowercase()).ok_or(FenError::InvalidCastling)?;
                Square::from_coords(file, back)
            }
            _ => return Err(FenError::InvalidCastling),
        };
        if rooks.contains(rook) {
            return Err(FenError::InvalidCastling);
        }
        rooks.add(rook);
    }
    Ok(rooks)
}

fn parse_counter(field: Option<&str>, default: u32, err: FenError) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(s) if !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse().map_err(|_| err)
        }
        Some(_) => Err(err),
    }
}

impl Setup {
    /// Reads the fields of a FEN without checking that the position is
    /// playable. Four fields (EPD style) are enough; the counters then
    /// default to `0 1`.
    ///
    /// # Errors
    /// A [`FenError`] naming the malformed field.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let board = parse_board(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::InvalidTurn),
        };
        let castling_rooks = parse_castling(fields[2], &board)?;
        let ep_square = match fields[3] {
            "-" => None,
            s => Some(Square::from_ascii(s.as_bytes()).ok_or(FenError::InvalidEnPassant)?),
        };
        let halfmoves = parse_counter(fields.get(4).copied(), 0, FenError::InvalidHalfmoves)?;
        let fullmoves = parse_counter(fields.get(5).copied(), 1, FenError::InvalidFullmoves)?;
        if fullmoves == 0 {
            return Err(FenError::InvalidFullmoves);
        }
        Ok(Setup {
            board,
            turn,
            castling_rooks,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }
}

impl Position {
    /// Reads a FEN of standard chess.
    ///
    /// ```
    /// use sakk::{FenError, Position, PositionError, Color};
    ///
    /// let pos = Position::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 3);
    /// assert_eq!(
    ///     Position::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1"),
    ///     Err(FenError::Position(PositionError::MissingKing(Color::Black)))
    /// );
    /// ```
    ///
    /// # Errors
    /// A [`FenError`] for a malformed FEN or an unplayable position.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with_mode(fen, CastlingMode::Standard)
    }

    /// Reads a FEN (or X-FEN / Shredder-FEN in Chess960 mode).
    ///
    /// # Errors
    /// A [`FenError`] for a malformed FEN or an unplayable position.
    pub fn from_fen_with_mode(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?, mode)?)
    }

    /// Reads a FEN as standard chess where it can be, else as Chess960:
    /// castling rights written as the rooks' files (Shredder-FEN, `HAha`),
    /// or as `KQkq` with a king that keeps a right off the e-file (X-FEN),
    /// are Chess960's. A Chess960 position that
    /// standard chess can read too (the king on e1, the rooks in the
    /// corners) is read as standard: castling is then the same, only UCI
    /// writes it differently ([`Position::from_fen_with_mode`] says which).
    ///
    /// ```
    /// use sakk::{CastlingMode, Position};
    ///
    /// let pos = Position::from_any_fen("bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w GCgc - 0 1").unwrap();
    /// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    /// let pos = Position::from_any_fen("bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w KQkq - 0 1").unwrap();
    /// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    /// let pos = Position::from_any_fen(sakk::STARTING_FEN).unwrap();
    /// assert_eq!(pos.castling_mode(), CastlingMode::Standard);
    /// // The king on e1 and the h-rook gone from its corner: a standard
    /// // FEN's mistake, not Chess960.
    /// assert!(Position::from_any_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBR1 w KQkq - 0 1").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`FenError`] for a malformed FEN or an unplayable position (the
    /// standard reading's, when neither reads it).
    pub fn from_any_fen(fen: &str) -> Result<Position, FenError> {
        let setup = Setup::from_fen(fen)?;
        let files = fen
            .split_ascii_whitespace()
            .nth(2)
            .is_some_and(|c| c.bytes().any(|b| matches!(b, b'A'..=b'H' | b'a'..=b'h')));
        if files {
            return Ok(Position::from_setup(setup, CastlingMode::Chess960)?);
        }
        // X-FEN's KQkq is Chess960's where a king that keeps a castling
        // right stands off the e-file; with the king on it, a rook out of
        // its corner is a mistake in a standard FEN, refused as such.
        let king_off_e = Color::ALL.into_iter().any(|c| {
            let back = setup.castling_rooks & Bitboard::from_rank(c.back_rank());
            !back.is_empty() && setup.board.king_of(c).is_some_and(|k| k.file() != File::E)
        });
        match Position::from_setup(setup.clone(), CastlingMode::Standard) {
            Ok(pos) => Ok(pos),
            Err(standard) if king_off_e => Position::from_setup(setup, CastlingMode::Chess960)
                .map_err(|_| FenError::Position(standard)),
            Err(standard) => Err(FenError::Position(standard)),
        }
    }

    /// The FEN of this position.
    pub fn fen(&self) -> String {
        self.to_string()
    }
}

fn write_castling(pos: &Position, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if pos.castling_rooks.is_empty() {
        return f.write_str("-");
    }
    for color in Color::ALL {
        let king = pos.king(color);
        let rooks = pos.board.by_piece(Piece::new(color, Role::Rook))
            & Bitboard::from_rank(color.back_rank());
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let Some(rook) = pos.castling_rook(color, side) else {
                continue;
            };
            let outermost = match side {
                CastlingSide::KingSide => rooks.into_iter().filter(|&r| r > king).last(),
                CastlingSide::QueenSide => rooks.into_iter().find(|&r| r < king),
            };
            let c = if pos.mode == CastlingMode::Standard || outermost == Some(rook) {
                match side {
                    CastlingSide::KingSide => 'k',
                    CastlingSide::QueenSide => 'q',
                }
            } else {
                rook.file().char()
            };
            let c = if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            };
            write!(f, "{c}")?;
        }
    }
    Ok(())
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", self.board.board_fen(), self.turn.char())?;
        write_castling(self, f)?;
        match self.ep_square {
            Some(ep) => write!(f, " {ep}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmoves, self.fullmoves)
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_roundtrip() {
        let pos = Position::from_fen(STARTING_FEN);
        assert_eq!(pos.as_ref().map(Position::fen).as_deref(), Ok(STARTING_FEN));
        assert_eq!(pos, Ok(Position::new()));
    }

    #[test]
    fn epd_defaults_counters() {
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
        assert_eq!(pos.map(|p| p.fen()), Ok(STARTING_FEN.to_string()));
    }

    fn err(fen: &str) -> FenError {
        match Position::from_fen(fen) {
            Err(e) => e,
            Ok(p) => panic!("{fen} was accepted as {p}"),
        }
    }

    #[test]
    fn errors_name_the_problem() {
        use PositionError::*;
        assert_eq!(err(""), FenError::Empty);
        assert_eq!(err("   "), FenError::Empty);
        assert_eq!(err("8/8/8/8/8/8/8/8"), FenError::FieldCount(1));
        assert_eq!(err("8/8/8/8/8/8/8 w - -"), FenError::RankCount(7));
        assert_eq!(err("9/8/8/8/8/8/8/8 w - -"), FenError::InvalidPiece('9'));
        assert_eq!(
            err("8/8/8/8/8/8/8/7 w - -"),
            FenError::RankLength(Rank::First)
        );
        assert_eq!(err("k7/8/8/8/8/8/8/K7x w - -"), FenError::InvalidPiece('x'));
        assert_eq!(
            err("k8/8/8/8/8/8/8/K7 w - -"),
            FenError::RankLength(Rank::Eighth)
        );
        assert_eq!(err("k7/8/8/8/8/8/8/K7 x - -"), FenError::InvalidTurn);
        assert_eq!(err("k7/8/8/8/8/8/8/K7 w X -"), FenError::InvalidCastling);
        assert_eq!(err("k7/8/8/8/8/8/8/K7 w - e9"), FenError::InvalidEnPassant);
        assert_eq!(
            err("k7/8/8/8/8/8/8/K7 w - - x 1"),
            FenError::InvalidHalfmoves
        );
        assert_eq!(
            err("k7/8/8/8/8/8/8/K7 w - - -1 1"),
            FenError::InvalidHalfmoves
        );
        assert_eq!(
            err("k7/8/8/8/8/8/8/K7 w - - 0 0"),
            FenError::InvalidFullmoves
        );
        assert_eq!(
            err("k7/8/8/8/8/8/8/K7 w - - 0 99999999999"),
            FenError::InvalidFullmoves
        );
        assert_eq!(
            err("8/8/8/8/8/8/8/K7 w - -"),
            FenError::Position(MissingKing(Color::Black))
        );
        assert_eq!(
            err("kk6/8/8/8/8/8/8/K7 w - -"),
            FenError::Position(TooManyKings(Color::Black))
        );
        assert_eq!(
            err("k6P/8/8/8/8/8/8/K7 w - -"),
            FenError::Position(PawnOnBackRank(Square::H8))
        );
        assert_eq!(
            err("k6R/8/8/8/8/8/8/K7 w - -"),
            FenError::Position(OppositeCheck)
        );
        assert_eq!(
            err("k7/8/8/8/8/8/8/K7 w K -"),
            FenError::Position(InvalidCastlingRight(Square::H1))
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"),
            FenError::Position(InvalidCastlingRight(Square::H1))
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1"),
            FenError::Position(InvalidEnPassant(Square::E4))
        );
        assert_eq!(
            err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1"),
            FenError::Position(InvalidEnPassant(Square::E3))
        );
        assert_eq!(
            err("QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - -"),
            FenError::Position(TooMuchMaterial(Color::White))
        );
    }

    #[test]
    fn en_passant_kept_only_when_capturable() {
        // No black pawn next to e4: the square is dropped.
        let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assert_eq!(pos.map(|p| p.ep_square()), Ok(None));
        let pos =
            Position::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
        assert_eq!(pos.map(|p| p.ep_square()), Ok(Some(Square::E3)));
    }

    #[test]
    fn chess960_castling_fields() {
        let fen = "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1";
        let pos = Position::from_fen_with_mode(fen, CastlingMode::Chess960);
        assert_eq!(pos.map(|p| p.fen()), Ok(fen.to_string()));
        // An inner rook is named by its file (Shredder-FEN).
        let fen = "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1";
        let pos = Position::from_fen_with_mode(fen, CastlingMode::Chess960);
        assert_eq!(
            pos.map(|p| p.fen()).as_deref(),
            Ok("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1")
        );
    }
}
