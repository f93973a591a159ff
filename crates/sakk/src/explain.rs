//! A rules engine that explains: when a move is refused, say which rule
//! forbids it, as a stable code and in English and Hungarian.

use core::fmt;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::{CastlingMode, CastlingSide, Position};
use crate::types::{File, Rank, Role, Square};

/// Why a move is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// There is no piece on the from-square.
    NoPiece(Square),
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece(Square),
    /// The piece does not move like that.
    CannotMoveThatWay(Role),
    /// The target square holds one of the mover's own pieces.
    OwnPieceOnTarget(Square),
    /// A piece stands in the way (on this square).
    PathBlocked(Square),
    /// After the move the mover's king would be in check.
    KingInCheck,
    /// The piece is pinned to its king by the enemy piece on this square.
    Pinned(Square),
    /// Double check: only a king move can answer it.
    DoubleCheck,
    /// Castling: the king has moved before.
    CastlingKingMoved,
    /// Castling: that rook has moved before (or was captured).
    CastlingRookMoved,
    /// Castling: pieces stand between king and rook or on the target squares.
    CastlingPiecesBetween,
    /// Castling: the king is in check.
    CastlingInCheck,
    /// Castling: the king would pass through this attacked square.
    CastlingThroughCheck(Square),
    /// Castling: the king would land in check.
    CastlingIntoCheck,
    /// En passant was possible only on the move right after the double step.
    EnPassantExpired,
    /// The pawn reaches the last rank but no promotion piece was chosen.
    PromotionMissing,
    /// A promotion piece was given for a move that does not promote, or the
    /// piece is not a queen, rook, bishop or knight.
    PromotionNotAllowed,
    /// The game is over.
    GameOver,
    /// Touch-move: the touched own piece on this square must be moved.
    TouchedPieceMustMove(Square),
    /// Touch-move: the touched enemy piece on this square must be captured.
    TouchedPieceMustBeCaptured(Square),
    /// Touch-move: king then rook were touched, so castling is due.
    TouchedMustCastle,
}

fn role_en(role: Role) -> &'static str {
    role.name()
}

impl Refusal {
    /// The stable, machine-readable code, e.g. `pinned`.
    pub const fn code(&self) -> &'static str {
        match self {
            Refusal::NoPiece(_) => "no_piece",
            Refusal::NotYourPiece(_) => "not_your_piece",
            Refusal::CannotMoveThatWay(_) => "cannot_move_that_way",
            Refusal::OwnPieceOnTarget(_) => "own_piece_on_target",
            Refusal::PathBlocked(_) => "path_blocked",
            Refusal::KingInCheck => "king_in_check",
            Refusal::Pinned(_) => "pinned",
            Refusal::DoubleCheck => "double_check",
            Refusal::CastlingKingMoved => "castling_king_moved",
            Refusal::CastlingRookMoved => "castling_rook_moved",
            Refusal::CastlingPiecesBetween => "castling_pieces_between",
            Refusal::CastlingInCheck => "castling_in_check",
            Refusal::CastlingThroughCheck(_) => "castling_through_check",
            Refusal::CastlingIntoCheck => "castling_into_check",
            Refusal::EnPassantExpired => "en_passant_expired",
            Refusal::PromotionMissing => "promotion_missing",
            Refusal::PromotionNotAllowed => "promotion_not_allowed",
            Refusal::GameOver => "game_over",
            Refusal::TouchedPieceMustMove(_) => "touched_piece_must_move",
            Refusal::TouchedPieceMustBeCaptured(_) => "touched_piece_must_be_captured",
            Refusal::TouchedMustCastle => "touched_must_castle",
        }
    }

    /// The parameters of the explanation, by name (`square`, `role`), for
    /// a message catalogue: the code names the message, these fill it in.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        match *self {
            Refusal::NoPiece(sq)
            | Refusal::NotYourPiece(sq)
            | Refusal::OwnPieceOnTarget(sq)
            | Refusal::PathBlocked(sq)
            | Refusal::Pinned(sq)
            | Refusal::CastlingThroughCheck(sq)
            | Refusal::TouchedPieceMustMove(sq)
            | Refusal::TouchedPieceMustBeCaptured(sq) => vec![("square", sq.to_string())],
            Refusal::CannotMoveThatWay(role) => vec![("role", role.name().to_string())],
            _ => Vec::new(),
        }
    }

    /// The explanation in English (the library's own words; user
    /// interfaces take theirs from a catalogue by [`Refusal::code`] and
    /// [`Refusal::args`]).
    pub fn message_en(&self) -> String {
        match *self {
            Refusal::NoPiece(sq) => format!("There is no piece on {sq}."),
            Refusal::NotYourPiece(sq) => format!("The piece on {sq} is not yours to move."),
            Refusal::CannotMoveThatWay(role) => {
                let mut s = format!("A {} cannot move that way.", role_en(role));
                if role == Role::Pawn {
                    s = "A pawn cannot move that way: it moves one square forward (two from its \
                         starting square) and captures one square diagonally forward."
                        .to_string();
                }
                s
            }
            Refusal::OwnPieceOnTarget(sq) => {
                format!("You cannot capture your own piece on {sq}.")
            }
            Refusal::PathBlocked(sq) => format!("The way is blocked by the piece on {sq}."),
            Refusal::KingInCheck => "After this move your king would be in check.".to_string(),
            Refusal::Pinned(sq) => format!(
                "The piece is pinned: moving it would expose your king to the piece on {sq}."
            ),
            Refusal::DoubleCheck => "Double check: only a king move can answer it.".to_string(),
            Refusal::CastlingKingMoved => {
                "You cannot castle: the king has already moved.".to_string()
            }
            Refusal::CastlingRookMoved => {
                "You cannot castle on this side: that rook has already moved (or was captured)."
                    .to_string()
            }
            Refusal::CastlingPiecesBetween => {
                "You cannot castle: there are pieces between the king and the rook.".to_string()
            }
            Refusal::CastlingInCheck => "You cannot castle out of check.".to_string(),
            Refusal::CastlingThroughCheck(sq) => {
                format!("You cannot castle: the king would pass through {sq}, which is attacked.")
            }
            Refusal::CastlingIntoCheck => {
                "You cannot castle: the king would land in check.".to_string()
            }
            Refusal::EnPassantExpired => "En passant is no longer possible: it must be played \
                 on the very next move after the pawn's double step."
                .to_string(),
            Refusal::PromotionMissing => "The pawn reaches the last rank: choose a queen, rook, \
                 bishop or knight."
                .to_string(),
            Refusal::PromotionNotAllowed => "Only a pawn reaching the last rank promotes, and \
                 only to a queen, rook, bishop or knight."
                .to_string(),
            Refusal::GameOver => "The game is already over.".to_string(),
            Refusal::TouchedPieceMustMove(sq) => {
                format!("Touch-move: you touched your piece on {sq}, so you must move it.")
            }
            Refusal::TouchedPieceMustBeCaptured(sq) => format!(
                "Touch-move: you touched the opponent's piece on {sq}, so you must capture it."
            ),
            Refusal::TouchedMustCastle => {
                "Touch-move: you touched the king and then the rook, so you must castle."
                    .to_string()
            }
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message_en())
    }
}

impl std::error::Error for Refusal {}

impl Position {
    /// The legal move from `from` to `to` (with `promotion` if given), or
    /// the rule that forbids it. Castling may be given as the king's
    /// two-square move or as king-takes-rook.
    ///
    /// ```
    /// use sakk::{Position, Refusal, Square};
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.explain(Square::E2, Square::E5, None), Err(Refusal::CannotMoveThatWay(sakk::Role::Pawn)));
    /// assert_eq!(pos.explain(Square::F1, Square::C4, None), Err(Refusal::PathBlocked(Square::E2)));
    /// ```
    ///
    /// # Errors
    /// The [`Refusal`] that explains why the move is not legal.
    pub fn explain(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, Refusal> {
        let us = self.turn;
        let Some(piece) = self.board.piece_at(from) else {
            return Err(Refusal::NoPiece(from));
        };
        if piece.color != us {
            return Err(Refusal::NotYourPiece(from));
        }
        if let Some(p) = promotion {
            if !Role::PROMOTIONS.contains(&p) {
                return Err(Refusal::PromotionNotAllowed);
            }
        }
        let legal = self.legal_moves();

        // Castling, written either way.
        if piece.role == Role::King {
            if let Some(side) = self.castling_intent(from, to) {
                if promotion.is_some() {
                    return Err(Refusal::PromotionNotAllowed);
                }
                return self.explain_castling(side, &legal);
            }
        }

        let mut other_promotion = false;
        for &m in legal.iter() {
            if m.from() == from && m.to() == to && !m.is_castle() {
                if m.promotion_role() == promotion {
                    return Ok(m);
                }
                other_promotion = true;
            }
        }
        if other_promotion {
            return Err(if promotion.is_none() {
                Refusal::PromotionMissing
            } else {
                Refusal::PromotionNotAllowed
            });
        }
        if self.board.by_color(us).contains(to) {
            return Err(Refusal::OwnPieceOnTarget(to));
        }
        self.explain_geometry(piece.role, from, to)?;
        if promotion.is_some() {
            return Err(Refusal::PromotionNotAllowed);
        }
        // The piece can move there, but the king would not be safe.
        if piece.role != Role::King && self.checkers.more_than_one() {
            return Err(Refusal::DoubleCheck);
        }
        if self.pinned.contains(from) && !attacks::aligned(self.king(us), from, to) {
            let king = self.king(us);
            let pinner = (self.board.by_color(!us) & attacks::line(king, from))
                .into_iter()
                .filter(|&s| attacks::between(king, s).contains(from))
                .min_by_key(|&s| from.distance(s));
            if let Some(pinner) = pinner {
                return Err(Refusal::Pinned(pinner));
            }
        }
        Err(Refusal::KingInCheck)
    }

    /// Like [`Position::explain`], for a move given as a [`Move`] value.
    ///
    /// # Errors
    /// The [`Refusal`] that explains why the move is not legal.
    pub fn explain_move(&self, m: Move) -> Result<Move, Refusal> {
        if m.is_castle() {
            return self.explain(m.from(), m.to(), None);
        }
        self.explain(m.from(), m.to(), m.promotion_role())
    }

    /// The castling side meant by a king move from `from` to `to`, if it is
    /// one: two squares along the back rank from the home square, or onto
    /// one's own rook.
    fn castling_intent(&self, from: Square, to: Square) -> Option<CastlingSide> {
        let us = self.turn;
        if from.rank() != us.back_rank() || to.rank() != us.back_rank() {
            return None;
        }
        let own_rook = self
            .board
            .by_piece(crate::Piece::new(us, Role::Rook))
            .contains(to);
        let two_squares = self.mode == CastlingMode::Standard
            && from.file() == File::E
            && matches!(to.file(), File::G | File::C);
        if own_rook || two_squares {
            Some(CastlingSide::of(from, to))
        } else {
            None
        }
    }

    fn explain_castling(&self, side: CastlingSide, legal: &[Move]) -> Result<Move, Refusal> {
        let us = self.turn;
        if let Some(&m) = legal
            .iter()
            .find(|m| m.is_castle() && CastlingSide::of(m.from(), m.to()) == side)
        {
            return Ok(m);
        }
        let king = self.king(us);
        let Some(rook) = self.castling_rook(us, side) else {
            let home = self.mode == CastlingMode::Chess960 || king.file() == File::E;
            let any_right = (self.castling_rooks & Bitboard::from_rank(us.back_rank())).any();
            return Err(if !home || !any_right {
                Refusal::CastlingKingMoved
            } else {
                Refusal::CastlingRookMoved
            });
        };
        let m = Move::castle(king, rook);
        let (king_to, rook_to) = (m.king_target(), m.rook_target());
        let others =
            self.board.occupied() ^ Bitboard::from_square(king) ^ Bitboard::from_square(rook);
        let path = attacks::between(king, king_to)
            | Bitboard::from_square(king_to)
            | attacks::between(rook, rook_to)
            | Bitboard::from_square(rook_to);
        if path.intersects(others) {
            return Err(Refusal::CastlingPiecesBetween);
        }
        if self.is_check() {
            return Err(Refusal::CastlingInCheck);
        }
        for sq in attacks::between(king, king_to) {
            if self.board.is_attacked_by(sq, !us, others) {
                return Err(Refusal::CastlingThroughCheck(sq));
            }
        }
        Err(Refusal::CastlingIntoCheck)
    }

    /// Whether `role` on `from` could reach `to` on this board, ignoring
    /// king safety.
    fn explain_geometry(&self, role: Role, from: Square, to: Square) -> Result<(), Refusal> {
        let occupied = self.board.occupied();
        let blocked = |between: Bitboard| match (between & occupied)
            .into_iter()
            .min_by_key(|s| from.distance(*s))
        {
            Some(sq) => Err(Refusal::PathBlocked(sq)),
            None => Ok(()),
        };
        let cannot = Err(Refusal::CannotMoveThatWay(role));
        match role {
            Role::Knight => {
                if attacks::knight_attacks(from).contains(to) {
                    Ok(())
                } else {
                    cannot
                }
            }
            Role::King => {
                if attacks::king_attacks(from).contains(to) {
                    Ok(())
                } else {
                    cannot
                }
            }
            Role::Bishop | Role::Rook | Role::Queen => {
                let rays = match role {
                    Role::Bishop => attacks::bishop_rays(from),
                    Role::Rook => attacks::rook_rays(from),
                    _ => attacks::bishop_rays(from) | attacks::rook_rays(from),
                };
                if !rays.contains(to) {
                    return cannot;
                }
                blocked(attacks::between(from, to))
            }
            Role::Pawn => self.explain_pawn(from, to),
        }
    }

    fn explain_pawn(&self, from: Square, to: Square) -> Result<(), Refusal> {
        let us = self.turn;
        let occupied = self.board.occupied();
        let cannot = Err(Refusal::CannotMoveThatWay(Role::Pawn));
        let dir: i32 = us.fold(1, -1);
        let df = to.file() as i32 - from.file() as i32;
        let dr = (to.rank() as i32 - from.rank() as i32) * dir;
        match (df, dr) {
            (0, 1) => {
                if occupied.contains(to) {
                    Err(Refusal::PathBlocked(to))
                } else {
                    Ok(())
                }
            }
            (0, 2) => {
                if from.rank() != Rank::Second.relative_to(us) {
                    return cannot;
                }
                let Some(mid) = from.offset(0, dir) else {
                    return cannot;
                };
                if occupied.contains(mid) {
                    Err(Refusal::PathBlocked(mid))
                } else if occupied.contains(to) {
                    Err(Refusal::PathBlocked(to))
                } else {
                    Ok(())
                }
            }
            (-1 | 1, 1) => {
                if self.board.by_color(!us).contains(to) || self.ep_square == Some(to) {
                    return Ok(());
                }
                // An enemy pawn beside us that could have double-stepped:
                // the en passant chance has passed.
                let beside = Square::from_coords(to.file(), from.rank());
                let enemy_pawn = self
                    .board
                    .by_piece(crate::Piece::new(!us, Role::Pawn))
                    .contains(beside);
                if enemy_pawn && from.rank() == Rank::Fifth.relative_to(us) {
                    Err(Refusal::EnPassantExpired)
                } else {
                    cannot
                }
            }
            _ => cannot,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::pos;

    #[test]
    fn every_reason() {
        use Refusal::*;
        use Square::*;
        let start = Position::new();
        assert_eq!(start.explain(E4, E5, None), Err(NoPiece(E4)));
        assert_eq!(start.explain(E7, E5, None), Err(NotYourPiece(E7)));
        assert_eq!(
            start.explain(G1, G3, None),
            Err(CannotMoveThatWay(Role::Knight))
        );
        assert_eq!(
            start.explain(E2, E5, None),
            Err(CannotMoveThatWay(Role::Pawn))
        );
        assert_eq!(start.explain(D1, D2, None), Err(OwnPieceOnTarget(D2)));
        assert_eq!(start.explain(D1, D3, None), Err(PathBlocked(D2)));
        assert_eq!(
            start.explain(E2, E4, Some(Role::Queen)),
            Err(PromotionNotAllowed)
        );
        assert!(start.explain(E2, E4, None).is_ok());

        // Pinned knight on d7 (bishop b5, king e8).
        let p = pos("rnbqk2r/pppn1ppp/8/1B6/8/8/PPPP1PPP/RNBQK1NR b KQkq - 0 1");
        assert_eq!(p.explain(D7, F6, None), Err(Pinned(B5)));
        // In check, a move that does not parry.
        let p = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
        assert_eq!(p.explain(A2, A3, None), Err(KingInCheck));
        // The king may not step into check.
        let p = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
        assert_eq!(p.explain(E1, D1, None), Err(KingInCheck));
        // Double check: only the king moves.
        let p = pos("4k3/8/8/8/8/3n4/8/r3K2N w - - 0 1");
        assert_eq!(p.explain(H1, G3, None), Err(DoubleCheck));

        // Castling, each condition.
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
        assert_eq!(p.explain(E1, G1, None), Err(CastlingRookMoved));
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
        assert_eq!(p.explain(E1, G1, None), Err(CastlingKingMoved));
        let p = pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
        assert_eq!(p.explain(E1, C1, None), Err(CastlingPiecesBetween));
        let p = pos("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
        assert_eq!(p.explain(E1, G1, None), Err(CastlingInCheck));
        let p = pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
        assert_eq!(p.explain(E1, G1, None), Err(CastlingThroughCheck(F1)));
        let p = pos("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1");
        assert_eq!(p.explain(E1, G1, None), Err(CastlingIntoCheck));
        assert!(p.explain(E1, C1, None).is_ok());
        assert!(
            p.explain(E1, A1, None).is_ok(),
            "king takes rook is castling too"
        );

        // En passant after the chance has passed.
        let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
        assert_eq!(p.explain(E5, D6, None), Err(EnPassantExpired));
        let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert!(p.explain(E5, D6, None).is_ok());

        // Promotion.
        let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(p.explain(A7, A8, None), Err(PromotionMissing));
        assert_eq!(
            p.explain(A7, A8, Some(Role::King)),
            Err(PromotionNotAllowed)
        );
        assert!(p.explain(A7, A8, Some(Role::Knight)).is_ok());
    }

    #[test]
    fn codes_with_their_parameters() {
        let r = Refusal::Pinned(Square::B5);
        assert_eq!(r.code(), "pinned");
        assert_eq!(r.args(), vec![("square", "b5".to_string())]);
        assert!(r.message_en().contains("b5"));
        assert_eq!(
            Refusal::CannotMoveThatWay(Role::Knight).args(),
            vec![("role", "knight".to_string())]
        );
        assert!(Refusal::KingInCheck.args().is_empty());
    }
}
