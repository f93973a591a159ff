//! Chess960 (Fischer random chess): the 960 start positions, numbered as
//! Reinhard Scharnagl numbered them (0 to 959; 518 is the standard array),
//! the numbering lichess, python-chess and the FIDE Chess960 rules use.

use crate::position::{CastlingMode, Position};

/// How many start positions Chess960 has.
pub const CHESS960_POSITIONS: u16 = 960;

/// The number of the standard start position among them.
pub const STANDARD_CHESS960_NUMBER: u16 = 518;

/// Where the two knights stand among the five squares the bishops and the
/// queen leave, by Scharnagl's knight number (0 to 9).
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank of start position `number`, from the a-file: the
/// light-squared bishop by `number % 4`, the dark-squared one by the next
/// factor of 4, the queen on one of the six squares left by the next
/// factor of 6, the knights on two of the five left by what remains
/// (0 to 9), and the rooks with the king between them on the last three.
fn back_rank(number: u16) -> [u8; 8] {
    let mut rank = [0u8; 8];
    let mut n = usize::from(number);
    rank[n % 4 * 2 + 1] = b'B';
    n /= 4;
    rank[n % 4 * 2] = b'B';
    n /= 4;
    let queen = n % 6;
    n /= 6;
    let empty = |rank: &[u8; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f] == 0).collect() };
    let squares = empty(&rank);
    rank[squares[queen]] = b'Q';
    let squares = empty(&rank);
    let (a, b) = KNIGHTS[n % 10];
    rank[squares[a]] = b'N';
    rank[squares[b]] = b'N';
    for (square, piece) in empty(&rank).into_iter().zip([b'R', b'K', b'R']) {
        rank[square] = piece;
    }
    rank
}

impl Position {
    /// Chess960 start position `number` (0 to 959, Scharnagl's numbering:
    /// 518 is the standard array), in Chess960 castling mode; `None` for a
    /// number past 959.
    ///
    /// ```
    /// use sakk::{CastlingMode, Position};
    ///
    /// let pos = Position::chess960(0).unwrap();
    /// assert_eq!(pos.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    /// assert_eq!(Position::chess960(518).unwrap().board(), Position::new().board());
    /// assert_eq!(Position::chess960(959).unwrap().chess960_number(), Some(959));
    /// assert!(Position::chess960(960).is_none());
    /// ```
    pub fn chess960(number: u16) -> Option<Position> {
        if number >= CHESS960_POSITIONS {
            return None;
        }
        let white = String::from_utf8_lossy(&back_rank(number)).into_owned();
        let black = white.to_ascii_lowercase();
        let fen = format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1");
        Position::from_fen_with_mode(&fen, CastlingMode::Chess960).ok()
    }

    /// The Chess960 number of this position when it is one of the 960
    /// start positions (each side's men on their start squares, every
    /// castling right, White to move, move 1), in either castling mode:
    /// the standard start is 518.
    pub fn chess960_number(&self) -> Option<u16> {
        (0..CHESS960_POSITIONS).find(|&n| {
            Position::chess960(n).is_some_and(|start| {
                start.board() == self.board()
                    && start.castling_rooks() == self.castling_rooks()
                    && self.turn() == start.turn()
                    && self.ep_square().is_none()
                    && self.halfmoves() == 0
                    && self.fullmoves() == 1
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn all_960_are_different_and_lawful() {
        let mut seen = HashSet::new();
        for n in 0..CHESS960_POSITIONS {
            let rank = back_rank(n);
            assert!(seen.insert(rank), "{n} repeats");
            let file = |p: u8| rank.iter().position(|&x| x == p);
            let rooks: Vec<usize> = (0..8).filter(|&f| rank[f] == b'R').collect();
            let king = file(b'K').unwrap_or(8);
            assert!(
                rooks[0] < king && king < rooks[1],
                "{n}: the king between the rooks"
            );
            let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == b'B').collect();
            assert_ne!(
                bishops[0] % 2,
                bishops[1] % 2,
                "{n}: bishops of both colours"
            );
            assert!(Position::chess960(n).is_some(), "{n}");
        }
        assert_eq!(&back_rank(STANDARD_CHESS960_NUMBER), b"RNBQKBNR");
        // Scharnagl's table: the first and the last.
        assert_eq!(&back_rank(0), b"BBQNNRKR");
        assert_eq!(&back_rank(959), b"RKRNNQBB");
        assert_eq!(Position::new().chess960_number(), Some(518));
    }
}
