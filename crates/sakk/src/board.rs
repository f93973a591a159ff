//! Piece placement: which piece stands on which square.

use core::fmt;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{ByColor, ByRole, Color, File, Piece, Rank, Role, Square};

/// The placement of the pieces, as one bitboard per role and per colour.
/// It holds no rules: any placement can be represented, legal or not.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: ByRole<Bitboard>,
    by_color: ByColor<Bitboard>,
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Board {
        Board {
            by_role: ByRole([Bitboard::EMPTY; 6]),
            by_color: ByColor {
                white: Bitboard::EMPTY,
                black: Bitboard::EMPTY,
            },
        }
    }

    /// The standard start position.
    pub const fn standard() -> Board {
        Board {
            by_role: ByRole([
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ]),
            by_color: ByColor {
                white: Bitboard(0xffff),
                black: Bitboard(0xffff_0000_0000_0000),
            },
        }
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.white | self.by_color.black
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    /// The squares of all pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role]
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role] & self.by_color[piece.color]
    }

    /// Rooks and queens of both colours.
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role[Role::Rook] | self.by_role[Role::Queen]
    }

    /// Bishops and queens of both colours.
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role[Role::Bishop] | self.by_role[Role::Queen]
    }

    /// The square of `color`'s king, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role[Role::King] & self.by_color[color]).single_square()
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color.white.contains(sq) {
            Some(Color::White)
        } else if self.by_color.black.contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Some(self.role_at_occupied(sq))
    }

    /// The role of the piece on `sq`, which the caller knows is occupied
    /// (an empty square reads as a king).
    #[inline(always)]
    pub(crate) fn role_at_occupied(&self, sq: Square) -> Role {
        if self.by_role[Role::Pawn].contains(sq) {
            Role::Pawn
        } else if self.by_role[Role::Knight].contains(sq) {
            Role::Knight
        } else if self.by_role[Role::Bishop].contains(sq) {
            Role::Bishop
        } else if self.by_role[Role::Rook].contains(sq) {
            Role::Rook
        } else if self.by_role[Role::Queen].contains(sq) {
            Role::Queen
        } else {
            Role::King
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece::new(self.color_at(sq)?, self.role_at(sq)?))
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.discard_piece_at(sq);
        self.by_role[piece.role].add(sq);
        self.by_color[piece.color].add(sq);
    }

    /// Removes and returns the piece on `sq`.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_role[piece.role].discard(sq);
        self.by_color[piece.color].discard(sq);
        Some(piece)
    }

    fn discard_piece_at(&mut self, sq: Square) {
        let _ = self.remove_piece_at(sq);
    }

    /// Toggles `piece` on `sq` without looking at what is there: the caller
    /// knows the square holds exactly that piece, or is empty.
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, color: Color, role: Role) {
        self.by_role[role].toggle(sq);
        self.by_color[color].toggle(sq);
    }

    /// The pieces of `attacker` that attack `sq`, given the occupied squares.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color[attacker];
        ((attacks::rook_attacks(sq, occupied) & self.rooks_and_queens())
            | (attacks::bishop_attacks(sq, occupied) & self.bishops_and_queens())
            | (attacks::knight_attacks(sq) & self.by_role[Role::Knight])
            | (attacks::king_attacks(sq) & self.by_role[Role::King])
            | (attacks::pawn_attacks(attacker.other(), sq) & self.by_role[Role::Pawn]))
            & them
    }

    /// `true` if a piece of `attacker` attacks `sq`, given the occupied
    /// squares. Cheaper than [`Board::attackers_to`]: it stops at the first
    /// attacker and looks up slider attacks only when a slider is in line.
    #[inline(always)]
    pub fn is_attacked_by(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        let them = self.by_color[attacker];
        if (attacks::knight_attacks(sq) & self.by_role[Role::Knight] & them).any()
            || (attacks::pawn_attacks(attacker.other(), sq) & self.by_role[Role::Pawn] & them).any()
            || (attacks::king_attacks(sq) & self.by_role[Role::King] & them).any()
        {
            return true;
        }
        let rooks = self.rooks_and_queens() & them;
        if (attacks::rook_rays(sq) & rooks).any()
            && (attacks::rook_attacks(sq, occupied) & rooks).any()
        {
            return true;
        }
        let bishops = self.bishops_and_queens() & them;
        (attacks::bishop_rays(sq) & bishops).any()
            && (attacks::bishop_attacks(sq, occupied) & bishops).any()
    }

    /// The squares the pieces of `attacker` attack on this board (those
    /// holding `attacker`'s own men included: a defended square counts).
    /// The engine's histories key a quiet move by whether its squares are
    /// attacked.
    pub fn attacked_by(&self, attacker: Color) -> Bitboard {
        self.attacked_through(attacker, self.occupied())
    }

    /// The squares the pieces of `attacker` attack when `occupied` are the
    /// squares that stop a slider (the move generator takes the defending
    /// king off, so that it cannot step back along a checker's line).
    #[inline(always)]
    pub fn attacked_through(&self, attacker: Color, occupied: Bitboard) -> Bitboard {
        use crate::movegen::{NOT_FILE_A, NOT_FILE_H};
        let them = self.by_color[attacker];
        let pawns = self.by_role[Role::Pawn] & them;
        let mut set = match attacker {
            Color::White => Bitboard(((pawns & NOT_FILE_A).0 << 7) | ((pawns & NOT_FILE_H).0 << 9)),
            Color::Black => Bitboard(((pawns & NOT_FILE_A).0 >> 9) | ((pawns & NOT_FILE_H).0 >> 7)),
        };
        for sq in self.by_role[Role::King] & them {
            set |= attacks::king_attacks(sq);
        }
        for sq in self.by_role[Role::Knight] & them {
            set |= attacks::knight_attacks(sq);
        }
        for sq in self.bishops_and_queens() & them {
            set |= attacks::bishop_attacks(sq, occupied);
        }
        for sq in self.rooks_and_queens() & them {
            set |= attacks::rook_attacks(sq, occupied);
        }
        set
    }

    /// Iterates over the pieces with their squares, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The board part of a FEN (`rnbqkbnr/pppppppp/8/…`).
    pub fn board_fen(&self) -> BoardFen<'_> {
        BoardFen(self)
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::standard()
    }
}

/// Writes a board as the first field of a FEN; see [`Board::board_fen`].
pub struct BoardFen<'a>(&'a Board);

impl fmt::Display for BoardFen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // At most 8 characters a rank and 7 slashes, all ASCII: written
        // into a buffer and handed over at once (the formatting machinery
        // per piece cost more than the rest of a FEN).
        let mut buf = [0u8; 71];
        let mut len = 0;
        let mut put = |b: u8| {
            if let Some(slot) = buf.get_mut(len) {
                *slot = b;
                len += 1;
            }
        };
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0u8;
            for file in File::ALL {
                match self.0.piece_at(Square::from_coords(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            put(b'0' + empty);
                            empty = 0;
                        }
                        put(u8::try_from(piece.char()).unwrap_or(b'?'));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                put(b'0' + empty);
            }
            if *rank != Rank::First {
                put(b'/');
            }
        }
        let text = buf.get(..len).and_then(|b| core::str::from_utf8(b).ok());
        f.write_str(text.unwrap_or_default())
    }
}

impl fmt::Debug for Board {
    /// Draws the board with the eighth rank on top.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = self
                    .piece_at(Square::from_coords(file, *rank))
                    .map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_board() {
        let b = Board::standard();
        assert_eq!(
            b.board_fen().to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        );
        assert_eq!(b.king_of(Color::White), Some(Square::E1));
        assert_eq!(
            b.piece_at(Square::D8),
            Some(Piece::new(Color::Black, Role::Queen))
        );
        assert_eq!(b.piece_at(Square::E4), None);
        let mut b2 = b;
        assert_eq!(
            b2.remove_piece_at(Square::E2),
            Some(Piece::new(Color::White, Role::Pawn))
        );
        b2.set_piece_at(Square::E4, Piece::new(Color::White, Role::Pawn));
        assert_eq!(
            b2.board_fen().to_string(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
        );
    }
}
