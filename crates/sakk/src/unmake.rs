//! Make/unmake, kept only to measure it against copy-make
//! (`cargo bench -p sakk --bench perft --features make-unmake`). Copy-make
//! measured faster (see BENCHMARKS.md), so the library plays moves by
//! copying; this module is not built by default.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::types::{Role, Square};

/// What [`Position::make`] must remember so that [`Position::unmake`] can
/// restore the position.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    captured: Option<Role>,
    castling_rooks: Bitboard,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    key: u64,
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Position {
    /// Plays a legal move in place and returns what undoing it needs.
    pub fn make(&mut self, m: Move) -> Undo {
        let captured = match m.kind() {
            MoveKind::Castle => None,
            MoveKind::EnPassant => Some(Role::Pawn),
            _ => self.board.role_at(m.to()),
        };
        let undo = Undo {
            captured,
            castling_rooks: self.castling_rooks,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            key: self.key,
            checkers: self.checkers,
            pinned: self.pinned,
        };
        self.play_unchecked(m);
        undo
    }

    /// Takes back `m`, made with [`Position::make`].
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        let them = self.turn;
        let us = !them;
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => {
                self.board.toggle(m.king_target(), us, Role::King);
                self.board.toggle(m.rook_target(), us, Role::Rook);
                self.board.toggle(from, us, Role::King);
                self.board.toggle(to, us, Role::Rook);
            }
            MoveKind::EnPassant => {
                self.board.toggle(to, us, Role::Pawn);
                self.board.toggle(from, us, Role::Pawn);
                self.board.toggle(
                    Square::from_coords(to.file(), from.rank()),
                    them,
                    Role::Pawn,
                );
            }
            kind => {
                let placed = self.board.role_at(to).unwrap_or(Role::Pawn);
                self.board.toggle(to, us, placed);
                let role = match kind {
                    MoveKind::Promotion(_) => Role::Pawn,
                    _ => placed,
                };
                self.board.toggle(from, us, role);
                if let Some(captured) = undo.captured {
                    self.board.toggle(to, them, captured);
                }
            }
        }
        self.turn = us;
        self.castling_rooks = undo.castling_rooks;
        self.ep_square = undo.ep_square;
        self.halfmoves = undo.halfmoves;
        self.fullmoves = undo.fullmoves;
        self.key = undo.key;
        self.checkers = undo.checkers;
        self.pinned = undo.pinned;
    }
}

/// Perft with make/unmake instead of copy-make.
pub fn perft_make_unmake(pos: &mut Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 1 {
            pos.count_legal_moves()
        } else {
            1
        };
    }
    let mut moves = MoveList::new();
    pos.legal_moves_into(&mut moves);
    let mut nodes = 0;
    for &m in moves.iter() {
        let undo = pos.make(m);
        nodes += perft_make_unmake(pos, depth - 1);
        pos.unmake(m, undo);
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmake_restores_the_position() {
        let Ok(mut pos) = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ) else {
            panic!("bad FEN")
        };
        assert_eq!(perft_make_unmake(&mut pos, 3), 97_862);
        let before = pos;
        for &m in before.legal_moves().iter() {
            let undo = pos.make(m);
            pos.unmake(m, undo);
            assert_eq!(pos, before);
            assert_eq!(pos.key(), before.key());
        }
    }
}
