//! Training positions in 32 bytes each, the layout of marlinformat (the
//! format of the Marlinflow and Bullet trainers), so that a file of them is
//! read by seeking, counted by its length, and appended to by any run.
//!
//! | bytes  | what |
//! | ------ | ---- |
//! | 0–7    | occupied squares, a little-endian bitboard (a1 = bit 0) |
//! | 8–23   | one 4-bit code per occupied square, a1 to h8 order, low nibble first: bits 0–2 the role (pawn 0, knight 1, bishop 2, rook 3, queen 4, king 5, a rook that keeps its castling right 6), bit 3 set for Black |
//! | 24     | bit 7 set when Black is to move; bits 0–6 the en-passant square, 64 when none |
//! | 25     | the halfmove clock |
//! | 26–27  | the fullmove number, little-endian |
//! | 28–29  | the search's score in centipawns from White's side, little-endian `i16` |
//! | 30     | the game's result: 0 Black won, 1 draw, 2 White won |
//! | 31     | bit 0 set for a Chess960 position; the other bits are zero |

use std::fmt;
use std::io::Read;

use sakk::{
    Bitboard, Board, CastlingMode, Color, GameResult, Piece, Position, PositionError, Role, Setup,
    Square,
};

/// The size of one packed position.
pub const PACKED_SIZE: usize = 32;

/// A position with what training learns from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// The search's score, centipawns from White's side.
    pub score: i16,
    /// How the game it comes from ended.
    pub result: GameResult,
}

/// Why a sample cannot be packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackError {
    /// More than 32 pieces (16 bytes hold 32 codes).
    TooManyPieces(u32),
    /// A halfmove clock over 255.
    HalfmovesTooLarge(u32),
    /// A fullmove number over 65,535.
    FullmovesTooLarge(u32),
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::TooManyPieces(n) => write!(f, "{n} pieces: at most 32 can be packed"),
            PackError::HalfmovesTooLarge(n) => {
                write!(f, "halfmove clock {n}: at most 255 can be packed")
            }
            PackError::FullmovesTooLarge(n) => {
                write!(f, "fullmove number {n}: at most 65535 can be packed")
            }
        }
    }
}

impl std::error::Error for PackError {}

/// Why 32 bytes are not a packed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnpackError {
    /// More than 32 occupied squares.
    TooManyPieces(u32),
    /// A piece code that means nothing (7 or 15), or a castling rook away
    /// from its side's back rank.
    BadPiece {
        /// Where.
        square: Square,
        /// The code.
        code: u8,
    },
    /// Unused piece codes that are not zero.
    TrailingCodes,
    /// An en-passant square over 64.
    BadEnPassant(u8),
    /// A fullmove number of 0 (they start at 1).
    FullmoveZero,
    /// A result byte over 2.
    BadResult(u8),
    /// Flags this version does not know.
    UnknownFlags(u8),
    /// The pieces do not make a legal position.
    Position(PositionError),
}

impl fmt::Display for UnpackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnpackError::TooManyPieces(n) => write!(f, "{n} occupied squares: at most 32"),
            UnpackError::BadPiece { square, code } => {
                write!(f, "piece code {code} on {square} means nothing there")
            }
            UnpackError::TrailingCodes => write!(f, "piece codes past the last piece"),
            UnpackError::BadEnPassant(b) => write!(f, "en-passant byte {b}: over 64"),
            UnpackError::FullmoveZero => write!(f, "fullmove number 0: they start at 1"),
            UnpackError::BadResult(b) => write!(f, "result byte {b}: not 0, 1 or 2"),
            UnpackError::UnknownFlags(b) => write!(f, "unknown flags {b:#04x}"),
            UnpackError::Position(e) => write!(f, "not a legal position: {e}"),
        }
    }
}

impl std::error::Error for UnpackError {}

/// The code of a rook that keeps its castling right.
const CASTLING_ROOK: u8 = 6;

/// Packs a sample into 32 bytes.
///
/// # Errors
/// [`PackError`] when a field does not fit (never for a position reached
/// in a game from the start position by 65,535 moves).
pub fn pack(sample: &Sample) -> Result<[u8; PACKED_SIZE], PackError> {
    let pos = &sample.position;
    let board = pos.board();
    let occupied = board.occupied();
    let count = occupied.count();
    if count > 32 {
        return Err(PackError::TooManyPieces(count));
    }
    let halfmoves =
        u8::try_from(pos.halfmoves()).map_err(|_| PackError::HalfmovesTooLarge(pos.halfmoves()))?;
    let fullmoves = u16::try_from(pos.fullmoves())
        .map_err(|_| PackError::FullmovesTooLarge(pos.fullmoves()))?;
    let mut out = [0u8; PACKED_SIZE];
    out[..8].copy_from_slice(&occupied.0.to_le_bytes());
    let castling = pos.castling_rooks();
    for (i, sq) in occupied.into_iter().enumerate() {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        let role = if piece.role == Role::Rook && castling.contains(sq) {
            CASTLING_ROOK
        } else {
            piece.role.index() as u8
        };
        let code = role | if piece.color == Color::Black { 8 } else { 0 };
        out[8 + i / 2] |= code << (4 * (i % 2));
    }
    let ep = pos.ep_square().map_or(64, |sq| sq.index() as u8);
    out[24] = ep | if pos.turn() == Color::Black { 0x80 } else { 0 };
    out[25] = halfmoves;
    out[26..28].copy_from_slice(&fullmoves.to_le_bytes());
    out[28..30].copy_from_slice(&sample.score.to_le_bytes());
    out[30] = match sample.result {
        GameResult::BlackWins => 0,
        GameResult::Draw => 1,
        GameResult::WhiteWins => 2,
    };
    out[31] = u8::from(pos.castling_mode() == CastlingMode::Chess960);
    Ok(out)
}

/// Reads a sample from 32 bytes; never panics, whatever they hold.
///
/// # Errors
/// [`UnpackError`] when the bytes are not a packed legal position.
pub fn unpack(bytes: &[u8; PACKED_SIZE]) -> Result<Sample, UnpackError> {
    let occupied = Bitboard(u64::from_le_bytes(field(bytes, 0)));
    let count = occupied.count();
    if count > 32 {
        return Err(UnpackError::TooManyPieces(count));
    }
    let mut board = Board::empty();
    let mut castling_rooks = Bitboard(0);
    for (i, sq) in occupied.into_iter().enumerate() {
        let code = (bytes[8 + i / 2] >> (4 * (i % 2))) & 0x0f;
        let color = if code & 8 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let role = match code & 7 {
            CASTLING_ROOK if sq.rank() == color.back_rank() => {
                castling_rooks.add(sq);
                Role::Rook
            }
            // The codes 0–5 are `Role::index`, pawn to king.
            c => *Role::ALL
                .get(usize::from(c))
                .ok_or(UnpackError::BadPiece { square: sq, code })?,
        };
        board.set_piece_at(sq, Piece::new(color, role));
    }
    let used = count as usize;
    let trailing = (used..32).any(|i| (bytes[8 + i / 2] >> (4 * (i % 2))) & 0x0f != 0);
    if trailing {
        return Err(UnpackError::TrailingCodes);
    }
    let ep = bytes[24] & 0x7f;
    let ep_square = match ep {
        0..=63 => Some(Square::new(u32::from(ep))),
        64 => None,
        _ => return Err(UnpackError::BadEnPassant(ep)),
    };
    let fullmoves = u16::from_le_bytes(field(bytes, 26));
    if fullmoves == 0 {
        return Err(UnpackError::FullmoveZero);
    }
    let result = match bytes[30] {
        0 => GameResult::BlackWins,
        1 => GameResult::Draw,
        2 => GameResult::WhiteWins,
        b => return Err(UnpackError::BadResult(b)),
    };
    let mode = match bytes[31] {
        0 => CastlingMode::Standard,
        1 => CastlingMode::Chess960,
        b => return Err(UnpackError::UnknownFlags(b)),
    };
    let setup = Setup {
        board,
        turn: if bytes[24] & 0x80 == 0 {
            Color::White
        } else {
            Color::Black
        },
        castling_rooks,
        ep_square,
        halfmoves: u32::from(bytes[25]),
        fullmoves: u32::from(fullmoves),
    };
    let position = Position::from_setup(setup, mode).map_err(UnpackError::Position)?;
    Ok(Sample {
        position,
        score: i16::from_le_bytes(field(bytes, 28)),
        result,
    })
}

/// `N` bytes of `bytes` from `at` (within the 32).
fn field<const N: usize>(bytes: &[u8; PACKED_SIZE], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&bytes[at..at + N]);
    out
}

/// Reads packed samples one after the other; a last record cut short (a
/// run stopped in the middle of a write) ends the stream quietly.
pub struct Samples<R> {
    reader: R,
}

impl<R: Read> Samples<R> {
    /// Samples from `reader`.
    pub fn new(reader: R) -> Samples<R> {
        Samples { reader }
    }
}

impl<R: Read> Iterator for Samples<R> {
    type Item = std::io::Result<Result<Sample, UnpackError>>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut record = [0u8; PACKED_SIZE];
        let mut filled = 0;
        while filled < PACKED_SIZE {
            match self.reader.read(&mut record[filled..]) {
                Ok(0) => return None,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Some(Err(e)),
            }
        }
        Some(Ok(unpack(&record)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(fen: &str, score: i16, result: GameResult) -> Sample {
        let mode = if fen.contains("HFhf") {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let position = match Position::from_fen_with_mode(fen, mode) {
            Ok(p) => p,
            Err(e) => panic!("{fen}: {e}"),
        };
        Sample {
            position,
            score,
            result,
        }
    }

    #[test]
    fn positions_round_trip() {
        let cases = [
            (sakk::STARTING_FEN, 17, GameResult::Draw),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                -350,
                GameResult::BlackWins,
            ),
            (
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                i16::MAX,
                GameResult::WhiteWins,
            ),
            (
                "8/8/4k3/8/8/3K4/8/7R b - - 99 200",
                i16::MIN,
                GameResult::Draw,
            ),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                0,
                GameResult::Draw,
            ),
            ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", 500, GameResult::WhiteWins),
        ];
        for (fen, score, result) in cases {
            let s = sample(fen, score, result);
            let packed = match pack(&s) {
                Ok(p) => p,
                Err(e) => panic!("{fen}: {e}"),
            };
            assert_eq!(unpack(&packed), Ok(s), "{fen}");
        }
    }

    #[test]
    fn every_game_position_round_trips() {
        // The positions of a long game of the engine against itself.
        let mut pos = Position::new();
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..400 {
            let s = Sample {
                position: pos,
                score: (rng.next_u64() % 2000) as i16 - 1000,
                result: GameResult::Draw,
            };
            let packed = match pack(&s) {
                Ok(p) => p,
                Err(e) => panic!("{}: {e}", pos.fen()),
            };
            assert_eq!(unpack(&packed), Ok(s), "{}", pos.fen());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                pos = Position::new();
                continue;
            }
            pos = pos.after_unchecked(moves[rng.below(moves.len())]);
        }
    }

    #[test]
    fn any_bytes_unpack_without_panicking() {
        let mut rng = crate::rng::Rng::new(3);
        let base = match pack(&sample(sakk::STARTING_FEN, 0, GameResult::Draw)) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let mut read = 0;
        for _ in 0..200_000 {
            let mut bytes = base;
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(PACKED_SIZE);
                bytes[i] ^= 1 << rng.below(8);
            }
            if let Ok(s) = unpack(&bytes) {
                read += 1;
                // What reads back packs to the same bytes.
                assert_eq!(pack(&s), Ok(bytes));
            }
        }
        assert!(read > 1000, "{read}");
        let mut noise = [0u8; PACKED_SIZE];
        for _ in 0..100_000 {
            for b in &mut noise {
                *b = rng.next_u64() as u8;
            }
            let _ = unpack(&noise);
        }
    }

    #[test]
    fn bad_bytes_are_named() {
        let good = match pack(&sample(sakk::STARTING_FEN, 0, GameResult::Draw)) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let mut b = good;
        b[30] = 3;
        assert_eq!(unpack(&b), Err(UnpackError::BadResult(3)));
        let mut b = good;
        b[31] = 2;
        assert_eq!(unpack(&b), Err(UnpackError::UnknownFlags(2)));
        let mut b = good;
        b[24] = 65;
        assert_eq!(unpack(&b), Err(UnpackError::BadEnPassant(65)));
        let mut b = good;
        b[..8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(unpack(&b), Err(UnpackError::TooManyPieces(64)));
        let mut b = good;
        b[8] = 0x07;
        assert!(matches!(
            unpack(&b),
            Err(UnpackError::BadPiece { code: 7, .. })
        ));
        let mut b = good;
        b[..8].copy_from_slice(&0x1000_0000_0000_0010u64.to_le_bytes());
        assert_eq!(unpack(&b), Err(UnpackError::TrailingCodes));
    }

    #[test]
    fn a_stream_ends_quietly_at_a_cut_record() {
        let one = match pack(&sample(sakk::STARTING_FEN, 5, GameResult::WhiteWins)) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let mut bytes = Vec::new();
        bytes.extend_from_slice(&one);
        bytes.extend_from_slice(&one);
        bytes.extend_from_slice(&one[..10]);
        let read: Vec<_> = Samples::new(bytes.as_slice()).collect();
        assert_eq!(read.len(), 2);
        assert!(read.iter().all(|r| matches!(r, Ok(Ok(s)) if s.score == 5)));
    }
}
