//! Touch-move (pièce touchée, FIDE 4.3–4.5), as a state a user interface
//! can drive: the squares the player to move has touched, and the moves
//! that are then still allowed.

use crate::explain::Refusal;
use crate::moves::Move;
use crate::position::{CastlingSide, Position};
use crate::types::{Role, Square};

/// The pieces touched by the player to move this turn, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Touches {
    squares: Vec<Square>,
}

impl Touches {
    /// Records a touch of the piece on `square` (an empty square binds nothing).
    pub fn touch(&mut self, pos: &Position, square: Square) {
        if pos.board().piece_at(square).is_some() && !self.squares.contains(&square) {
            self.squares.push(square);
        }
    }

    /// The touched squares, in order.
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The moves the touches still allow, with the refusal for any other
    /// move; `None` when they bind nothing (nothing touched, or no touched
    /// piece can be moved or captured — then any legal move may be made).
    ///
    /// In check, a touched piece binds only if it can parry the check: the
    /// legal moves already are the parrying ones, so this follows.
    pub fn obligation(&self, pos: &Position) -> Option<(Vec<Move>, Refusal)> {
        let us = pos.turn();
        let legal = pos.legal_moves();
        let own: Vec<Square> = self
            .squares
            .iter()
            .copied()
            .filter(|&s| pos.board().color_at(s) == Some(us))
            .collect();
        let moves_of = |sq: Square| -> Vec<Move> {
            legal.iter().copied().filter(|m| m.from() == sq).collect()
        };
        let captures_of = |sq: Square, by: Option<Square>| -> Vec<Move> {
            legal
                .iter()
                .copied()
                .filter(|m| {
                    !m.is_castle()
                        && by.is_none_or(|b| m.from() == b)
                        && (m.to() == sq
                            || (m.is_en_passant()
                                && Square::from_coords(m.to().file(), m.from().rank()) == sq))
                })
                .collect()
        };

        // King first, then one of its rooks: castle on that side (4.4.2).
        if let [first, second, ..] = own.as_slice() {
            let king = pos.king(us);
            let rook = *second;
            if *first == king && pos.board().role_at(rook) == Some(Role::Rook) {
                let side = CastlingSide::of(king, rook);
                let castle: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| m.is_castle() && CastlingSide::of(m.from(), m.to()) == side)
                    .collect();
                if !castle.is_empty() {
                    return Some((castle, Refusal::TouchedMustCastle));
                }
                let king_moves = moves_of(king);
                if !king_moves.is_empty() {
                    return Some((king_moves, Refusal::TouchedPieceMustMove(king)));
                }
                return None;
            }
        }

        // Own and enemy pieces touched: capture the first touched enemy
        // piece with the first touched own piece, if possible (4.3.3).
        let first_own = own.first().copied();
        let first_enemy = self
            .squares
            .iter()
            .copied()
            .find(|&s| pos.board().color_at(s) == Some(!us));
        if let (Some(o), Some(e)) = (first_own, first_enemy) {
            let both = captures_of(e, Some(o));
            if !both.is_empty() {
                return Some((both, Refusal::TouchedPieceMustBeCaptured(e)));
            }
        }

        // Otherwise the first touched piece that can be moved or captured.
        for &sq in &self.squares {
            if pos.board().color_at(sq) == Some(us) {
                let moves = moves_of(sq);
                if !moves.is_empty() {
                    return Some((moves, Refusal::TouchedPieceMustMove(sq)));
                }
            } else {
                let captures = captures_of(sq, None);
                if !captures.is_empty() {
                    return Some((captures, Refusal::TouchedPieceMustBeCaptured(sq)));
                }
            }
        }
        None
    }

    /// Checks a legal move against the touches.
    ///
    /// # Errors
    /// The touch-move refusal if the move is not among those allowed.
    pub fn check(&self, pos: &Position, m: Move) -> Result<(), Refusal> {
        match self.obligation(pos) {
            Some((allowed, refusal)) if !allowed.contains(&m) => Err(refusal),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Color, Game, GameRules, Lang, Refusal, Square};

    fn touch_game(fen: &str) -> Game {
        let pos = match crate::Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        Game::from_position(pos).with_rules(GameRules {
            touch_move: true,
            ..GameRules::default()
        })
    }

    fn mv(game: &Game, san: &str) -> crate::Move {
        match game.position().parse_san(san, Lang::English) {
            Ok(m) => m,
            Err(e) => panic!("{san}: {e}"),
        }
    }

    #[test]
    fn touched_piece_must_move() {
        let mut game = touch_game(crate::STARTING_FEN);
        assert_eq!(game.touch(Color::White, Square::G1, false), Ok(()));
        let e4 = mv(&game, "e4");
        assert_eq!(
            game.play(e4),
            Err(Refusal::TouchedPieceMustMove(Square::G1))
        );
        let nf3 = mv(&game, "Nf3");
        assert_eq!(game.play(nf3), Ok(()));
        // Black may not touch out of turn; j'adoube binds nothing.
        assert!(game.touch(Color::White, Square::E2, false).is_err());
        assert_eq!(game.touch(Color::Black, Square::B8, true), Ok(()));
        let e5 = mv(&game, "e5");
        assert_eq!(game.play(e5), Ok(()));
    }

    #[test]
    fn touched_piece_without_moves_binds_nothing() {
        let mut game = touch_game(crate::STARTING_FEN);
        assert_eq!(game.touch(Color::White, Square::A1, false), Ok(()));
        let e4 = mv(&game, "e4");
        assert_eq!(game.play(e4), Ok(()));
    }

    #[test]
    fn touched_enemy_piece_must_be_captured() {
        let mut game = touch_game("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        assert_eq!(game.touch(Color::White, Square::D5, false), Ok(()));
        let e5 = mv(&game, "e5");
        assert_eq!(
            game.play(e5),
            Err(Refusal::TouchedPieceMustBeCaptured(Square::D5))
        );
        let exd5 = mv(&game, "exd5");
        assert_eq!(game.play(exd5), Ok(()));
    }

    #[test]
    fn in_check_a_touched_piece_that_cannot_parry_binds_nothing() {
        // White in check from the rook on e8; the knight on a1 cannot help.
        let mut game = touch_game("4r1k1/8/8/8/8/8/8/N3K3 w - - 0 1");
        assert_eq!(game.touch(Color::White, Square::A1, false), Ok(()));
        let kd2 = mv(&game, "Kd2");
        assert_eq!(game.play(kd2), Ok(()));
    }

    #[test]
    fn king_then_rook_means_castling() {
        let mut game = touch_game("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert_eq!(game.touch(Color::White, Square::E1, false), Ok(()));
        assert_eq!(game.touch(Color::White, Square::H1, false), Ok(()));
        let kf1 = mv(&game, "Kf1");
        assert_eq!(game.play(kf1), Err(Refusal::TouchedMustCastle));
        let castle = mv(&game, "O-O");
        assert_eq!(game.play(castle), Ok(()));
    }
}
