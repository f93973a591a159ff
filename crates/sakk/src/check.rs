//! Whether a move gives check, found without playing it: a search asks
//! this of every move it considers, and prunes most of them unplayed.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Piece, Role};

impl Position {
    /// `true` if `m`, which must be legal here (a move from
    /// [`Position::legal_moves`]), gives check: the same answer as
    /// `self.after_unchecked(m).is_check()`, without the position after it.
    ///
    /// ```
    /// use sakk::Position;
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")?;
    /// assert!(pos.gives_check(pos.parse_uci("a1a8")?));
    /// assert!(!pos.gives_check(pos.parse_uci("a1a7")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            // Rare enough to be played: castling moves two men (the rook
            // may check, in Chess960 from anywhere on the rank), en passant
            // takes a man off a square that is not its destination.
            MoveKind::Castle | MoveKind::EnPassant => self.after_unchecked(m).is_check(),
            kind => {
                let us = self.turn();
                let board = self.board();
                let king = self.king(!us);
                let role = match kind {
                    MoveKind::Promotion(promoted) => promoted,
                    _ => board.role_at(from).unwrap_or(Role::Pawn),
                };
                let occupied =
                    (board.occupied() - Bitboard::from_square(from)) | Bitboard::from_square(to);
                // Direct: the man on its new square attacks the king.
                if attacks::attacks(Piece::new(us, role), to, occupied).contains(king) {
                    return true;
                }
                // Discovered: the square it left opened a line from one of
                // our other long-range men (no other man of ours attacked
                // the king before: it was not the opponent's move).
                let ours = board.by_color(us) - Bitboard::from_square(from);
                let rooks = board.rooks_and_queens() & ours;
                let bishops = board.bishops_and_queens() & ours;
                (attacks::rook_attacks(king, occupied) & rooks).any()
                    || (attacks::bishop_attacks(king, occupied) & bishops).any()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{CastlingMode, Position};

    /// Every legal move of every position on a walk of up to 60 plies
    /// (the `7 × step`-th legal move, modulo their number, each time) from
    /// a few positions rich in checks, promotions, castling and en passant.
    #[test]
    fn agrees_with_playing_the_move() {
        let fens = [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                CastlingMode::Standard,
            ),
            (
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                CastlingMode::Standard,
            ),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                CastlingMode::Standard,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                CastlingMode::Standard,
            ),
            ("8/8/8/2k5/3Pp3/8/8/4K2Q b - d3 0 1", CastlingMode::Standard),
            (
                "1rqbkrbn/pppppppp/8/8/8/8/PPPPPPPP/1RQBKRBN w FBfb - 0 1",
                CastlingMode::Chess960,
            ),
        ];
        let mut checks = 0;
        for (fen, mode) in fens {
            let Ok(mut pos) = Position::from_fen_with_mode(fen, mode) else {
                panic!("{fen} does not read");
            };
            for step in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in moves.iter() {
                    let played = pos.after_unchecked(m).is_check();
                    assert_eq!(pos.gives_check(m), played, "{m:?} in {}", pos.fen());
                    checks += usize::from(played);
                }
                pos.play_unchecked(moves[(step * 7) % moves.len()]);
            }
        }
        assert!(checks > 100, "too few checks seen: {checks}");
    }
}
