//! Moves and move lists.

use core::fmt;
use core::ops::{Deref, DerefMut};

use crate::types::{Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves, capturing whatever enemy piece stands on the target square.
    Normal,
    /// A pawn reaches the last rank and becomes the given piece
    /// (knight, bishop, rook or queen).
    Promotion(Role),
    /// A pawn captures a pawn that has just made its double step, as if it had
    /// made a single one.
    EnPassant,
    /// The king castles with the rook whose square is the move's `to`.
    Castle,
}

/// A move, packed into 16 bits: from-square, to-square and kind.
///
/// A castling move is stored as "king takes own rook": `from` is the king's
/// square and `to` the rook's, which works for standard chess and Chess960
/// alike. [`Move::king_target`] gives the square the king lands on, and
/// [`crate::uci`] writes the king's two-square move for standard chess.
///
/// A `Move` is only meaningful together with the position it was generated
/// in; use [`crate::Position::legal_moves`] or the notation parsers to get one.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u16);

const KIND_NORMAL: u16 = 0;
const KIND_PROMOTION: u16 = 1;
const KIND_EN_PASSANT: u16 = 2;
const KIND_CASTLE: u16 = 3;

impl Move {
    #[inline]
    const fn pack(from: Square, to: Square, kind: u16, promo: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | kind << 12 | promo << 14)
    }

    /// The null move: the side to move passes (`--` in PGN, `0000` in
    /// UCI). It is never among the legal moves; PGN files use it for
    /// analysis ([`crate::pgn`] reads it, [`crate::Position::play_null`]
    /// plays it).
    pub const NULL: Move = Move(0);

    /// `true` for [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// A normal move or capture.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_NORMAL, 0)
    }

    /// A promotion to `role`; `None` unless `role` is a knight, bishop, rook or queen.
    #[inline]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Option<Move> {
        match role {
            Role::Knight | Role::Bishop | Role::Rook | Role::Queen => Some(Move::pack(
                from,
                to,
                KIND_PROMOTION,
                role as u16 - Role::Knight as u16,
            )),
            Role::Pawn | Role::King => None,
        }
    }

    /// An en passant capture by the pawn on `from`, landing on `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, KIND_EN_PASSANT, 0)
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[inline]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, KIND_CASTLE, 0)
    }

    /// The square the moving piece (the king, when castling) leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::new(self.0 as u32 & 63)
    }

    /// The target square; for castling, the rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6) as u32 & 63)
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 & 3 {
            KIND_NORMAL => MoveKind::Normal,
            KIND_PROMOTION => MoveKind::Promotion(self.promo_role()),
            KIND_EN_PASSANT => MoveKind::EnPassant,
            _ => MoveKind::Castle,
        }
    }

    #[inline]
    const fn promo_role(self) -> Role {
        match self.0 >> 14 {
            0 => Role::Knight,
            1 => Role::Bishop,
            2 => Role::Rook,
            _ => Role::Queen,
        }
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// `true` for castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 & 3 == KIND_CASTLE
    }

    /// `true` for an en passant capture.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 & 3 == KIND_EN_PASSANT
    }

    /// `true` for a promotion.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 12 & 3 == KIND_PROMOTION
    }

    /// The square the king lands on when castling (the g- or c-file), else `to`.
    #[inline]
    pub const fn king_target(self) -> Square {
        if self.is_castle() {
            let file = if (self.to() as u8) > (self.from() as u8) {
                6
            } else {
                2
            };
            Square::new(self.from().rank() as u32 * 8 + file)
        } else {
            self.to()
        }
    }

    /// The square the rook lands on when castling (the f- or d-file).
    #[inline]
    pub const fn rook_target(self) -> Square {
        let file = if (self.to() as u8) > (self.from() as u8) {
            5
        } else {
            3
        };
        Square::new(self.from().rank() as u32 * 8 + file)
    }

    /// The raw 16-bit encoding (for hash tables and storage).
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::to_u16`]. Every `u16` decodes to some move;
    /// whether it is legal depends on the position.
    #[inline]
    pub const fn from_u16(raw: u16) -> Move {
        Move(raw)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl fmt::Display for Move {
    /// Writes the move as `from` and `to` squares, with a promotion letter
    /// (castling as king-takes-rook: `e1h1`). For proper UCI use
    /// [`crate::uci::Uci`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion_role() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// The most moves a list holds. No position reachable under the material
/// limits that [`crate::Position`] enforces has more than 218 legal moves.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack, so that move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. A move beyond [`MAX_MOVES`] is dropped (it cannot occur
    /// in a position that passed validation).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Removes all moves.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing() {
        assert_eq!(core::mem::size_of::<Move>(), 2);
        let m = Move::normal(Square::E2, Square::E4);
        assert_eq!(
            (m.from(), m.to(), m.kind()),
            (Square::E2, Square::E4, MoveKind::Normal)
        );
        for role in Role::PROMOTIONS {
            let p = Move::promotion(Square::A7, Square::B8, role);
            assert_eq!(p.map(Move::kind), Some(MoveKind::Promotion(role)));
        }
        assert_eq!(Move::promotion(Square::A7, Square::A8, Role::King), None);
        let c = Move::castle(Square::E1, Square::H1);
        assert_eq!(c.king_target(), Square::G1);
        assert_eq!(c.rook_target(), Square::F1);
        let c = Move::castle(Square::E8, Square::A8);
        assert_eq!(c.king_target(), Square::C8);
        assert_eq!(c.rook_target(), Square::D8);
        assert_eq!(Move::from_u16(c.to_u16()), c);
    }
}
