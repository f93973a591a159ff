//! Legal move generation. Checkers and pins are known up front (the position
//! keeps them), so every generated move is legal without trying it: no
//! make-and-test, and nothing on the heap.
//!
//! One generator feeds a [`Sink`]; a move list and a bulk counter are two
//! sinks, so perft can count the moves at the leaves without making them.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::position::{CastlingMode, Position};
use crate::types::{Color, Rank, Role, Square};

/// Receives generated moves, in sets.
trait Sink {
    /// Moves of a non-pawn piece (`role`) from `from` to each of `to`.
    fn piece(&mut self, role: Role, from: Square, to: Bitboard);
    /// Pawn moves of one pawn; targets on the last rank are promotions.
    fn pawn(&mut self, from: Square, to: Bitboard);
    /// Pawn moves of many pawns, each target `delta` squares (signed) from its
    /// pawn; targets on the last rank are promotions.
    fn pawns(&mut self, to: Bitboard, delta: i32);
    /// A single special move (castling, en passant).
    fn special(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn piece(&mut self, _role: Role, from: Square, to: Bitboard) {
        for t in to {
            self.push(Move::normal(from, t));
        }
    }

    #[inline(always)]
    fn pawn(&mut self, from: Square, to: Bitboard) {
        for t in to {
            push_pawn_move(self, from, t);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, delta: i32) {
        for t in to {
            let from = Square::new((t as i32 - delta) as u32);
            push_pawn_move(self, from, t);
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.push(m);
    }
}

#[inline(always)]
fn push_pawn_move(list: &mut MoveList, from: Square, to: Square) {
    if Bitboard::BACK_RANKS.contains(to) {
        for role in Role::PROMOTIONS {
            if let Some(m) = Move::promotion(from, to, role) {
                list.push(m);
            }
        }
    } else {
        list.push(Move::normal(from, to));
    }
}

/// Hands each move to a closure.
struct Each<F>(F);

impl<F: FnMut(Move)> Sink for Each<F> {
    #[inline(always)]
    fn piece(&mut self, _role: Role, from: Square, to: Bitboard) {
        for t in to {
            (self.0)(Move::normal(from, t));
        }
    }

    #[inline(always)]
    fn pawn(&mut self, from: Square, to: Bitboard) {
        for t in to {
            each_pawn_move(&mut self.0, from, t);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, delta: i32) {
        for t in to {
            each_pawn_move(&mut self.0, Square::new((t as i32 - delta) as u32), t);
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        (self.0)(m);
    }
}

#[inline(always)]
fn each_pawn_move(f: &mut impl FnMut(Move), from: Square, to: Square) {
    if Bitboard::BACK_RANKS.contains(to) {
        for role in Role::PROMOTIONS {
            if let Some(m) = Move::promotion(from, to, role) {
                f(m);
            }
        }
    } else {
        f(Move::normal(from, to));
    }
}

/// Counts moves without listing them.
struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _role: Role, _from: Square, to: Bitboard) {
        self.0 += u64::from(to.count());
    }

    #[inline(always)]
    fn pawn(&mut self, _from: Square, to: Bitboard) {
        self.0 += u64::from(to.count() + 3 * (to & Bitboard::BACK_RANKS).count());
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, _delta: i32) {
        self.0 += u64::from(to.count() + 3 * (to & Bitboard::BACK_RANKS).count());
    }

    #[inline(always)]
    fn special(&mut self, _m: Move) {
        self.0 += 1;
    }
}

pub(crate) const NOT_FILE_A: Bitboard = Bitboard(!0x0101_0101_0101_0101);
pub(crate) const NOT_FILE_H: Bitboard = Bitboard(!0x8080_8080_8080_8080);

impl Position {
    /// The legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list, Bitboard::FULL, Bitboard::FULL);
        list
    }

    /// The legal moves of `from` pieces to `to` squares, castling excluded
    /// (for reading SAN: only the candidates are generated).
    pub fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate_masked(&mut list, from, to);
        list
    }

    /// Clears `list` and fills it with the legal moves.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list, Bitboard::FULL, Bitboard::FULL);
    }

    /// [`Position::legal_moves_into`], inlined into its caller (perft
    /// compiles it once for each instruction set it dispatches to).
    #[inline(always)]
    pub(crate) fn legal_moves_into_inline(&self, list: &mut MoveList) {
        list.clear();
        self.generate(list, Bitboard::FULL, Bitboard::FULL);
    }

    /// [`Position::count_legal_moves`], inlined into its caller.
    #[inline(always)]
    pub(crate) fn count_legal_moves_inline(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter, Bitboard::FULL, Bitboard::FULL);
        counter.0
    }

    /// How many legal moves there are, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter, Bitboard::FULL, Bitboard::FULL);
        counter.0
    }

    /// `true` if the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    fn generate_masked<S: Sink>(&self, sink: &mut S, from: Bitboard, to: Bitboard) {
        self.generate(sink, from, to);
    }

    /// Calls `f` with each legal move of the `from` pieces to the `to`
    /// squares (castling only when both masks are full), without a list.
    pub fn for_each_legal_move(&self, from: Bitboard, to: Bitboard, f: impl FnMut(Move)) {
        self.generate(&mut Each(f), from, to);
    }

    /// Calls `f` with each legal castling move.
    pub fn for_each_castle(&self, f: impl FnMut(Move)) {
        if self.checkers.is_empty() {
            self.gen_castling(&mut Each(f), self.king(self.turn), false);
        }
    }

    /// Generates the legal moves of the pieces in `from_mask` to the
    /// squares in `to_mask`; castling only when both masks are full.
    #[inline(always)]
    fn generate<S: Sink>(&self, sink: &mut S, from_mask: Bitboard, to_mask: Bitboard) {
        let us = self.turn;
        let board = &self.board;
        let ours = board.by_color(us);
        let king = self.king(us);
        let all = from_mask == Bitboard::FULL && to_mask == Bitboard::FULL;

        if from_mask.contains(king) {
            self.gen_king(sink, king, ours | !to_mask);
        }
        if self.checkers.more_than_one() {
            return;
        }
        let (target, movable) = match self.checkers.single_square() {
            Some(checker) => (
                attacks::between(king, checker) | Bitboard::from_square(checker),
                ours - self.pinned,
            ),
            None => {
                if all {
                    self.gen_castling(sink, king, true);
                }
                (!ours, ours)
            }
        };
        let target = target & to_mask;
        let movable = movable & from_mask;
        let occupied = board.occupied();
        let pinned = self.pinned;

        for from in (movable - pinned) & board.by_role(Role::Knight) {
            sink.piece(Role::Knight, from, attacks::knight_attacks(from) & target);
        }
        for from in movable & board.by_role(Role::Bishop) {
            let mut to = attacks::bishop_attacks(from, occupied) & target;
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            sink.piece(Role::Bishop, from, to);
        }
        for from in movable & board.by_role(Role::Rook) {
            let mut to = attacks::rook_attacks(from, occupied) & target;
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            sink.piece(Role::Rook, from, to);
        }
        for from in movable & board.by_role(Role::Queen) {
            let mut to = attacks::queen_attacks(from, occupied) & target;
            if pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            sink.piece(Role::Queen, from, to);
        }
        self.gen_pawns(
            sink,
            king,
            movable & board.by_role(Role::Pawn),
            target,
            to_mask,
        );
    }

    #[inline(always)]
    fn gen_king<S: Sink>(&self, sink: &mut S, king: Square, ours: Bitboard) {
        let candidates = attacks::king_attacks(king) - ours;
        if candidates.more_than_one() && candidates.count() > 2 {
            // Many squares to test: one map of all enemy attacks is cheaper.
            sink.piece(Role::King, king, candidates - self.danger(king));
        } else if candidates.any() {
            let them = !self.turn;
            let without_king = self.board.occupied() ^ Bitboard::from_square(king);
            let mut to = candidates;
            for sq in candidates {
                if self.board.is_attacked_by(sq, them, without_king) {
                    to.discard(sq);
                }
            }
            sink.piece(Role::King, king, to);
        }
    }

    /// The squares the enemy attacks, with our king taken off the board (so
    /// that the king cannot step back along a checking slider's line).
    #[inline(always)]
    fn danger(&self, king: Square) -> Bitboard {
        let occupied = self.board.occupied() ^ Bitboard::from_square(king);
        self.board.attacked_through(!self.turn, occupied)
    }

    #[inline(always)]
    /// Castling moves; `attack_map`: decide the king's path by one map of
    /// all enemy attacks (cheaper when all moves are wanted), or else square
    /// by square (cheaper for one castling move).
    fn gen_castling<S: Sink>(&self, sink: &mut S, king: Square, attack_map: bool) {
        let us = self.turn;
        let rooks = self.castling_rooks & Bitboard::from_rank(us.back_rank());
        let mut danger = None;
        for rook in rooks {
            let m = Move::castle(king, rook);
            let king_to = m.king_target();
            let rook_to = m.rook_target();
            let king_path = attacks::between(king, king_to) | Bitboard::from_square(king_to);
            let rook_path = attacks::between(rook, rook_to) | Bitboard::from_square(rook_to);
            let others =
                self.board.occupied() ^ Bitboard::from_square(king) ^ Bitboard::from_square(rook);
            if (king_path | rook_path).intersects(others) {
                continue;
            }
            let attacked = match self.mode {
                // In standard chess the castling rook never shields the king's
                // path, so the map of enemy attacks (computed once) decides.
                CastlingMode::Standard if attack_map => {
                    king_path.intersects(*danger.get_or_insert_with(|| self.danger(king)))
                }
                // In Chess960 it can: test each square with the rook gone.
                CastlingMode::Standard | CastlingMode::Chess960 => king_path
                    .into_iter()
                    .any(|sq| self.board.is_attacked_by(sq, !us, others)),
            };
            if attacked {
                continue;
            }
            sink.special(m);
        }
    }

    #[inline(always)]
    fn gen_pawns<S: Sink>(
        &self,
        sink: &mut S,
        king: Square,
        pawns: Bitboard,
        target: Bitboard,
        to_mask: Bitboard,
    ) {
        let us = self.turn;
        let board = &self.board;
        let occupied = board.occupied();
        let empty = !occupied;
        let theirs = board.by_color(!us);
        let free = pawns - self.pinned;
        let third = Bitboard::relative_rank(us, Rank::Third);
        let forward = us.fold(8, -8);

        // Unpinned pawns, all at once.
        let push1 = free.forward(us) & empty;
        let push2 = (push1 & third).forward(us) & empty & target;
        sink.pawns(push1 & target, forward);
        sink.pawns(push2, 2 * forward);
        let (west, east) = match us {
            Color::White => (
                Bitboard((free & NOT_FILE_A).0 << 7),
                Bitboard((free & NOT_FILE_H).0 << 9),
            ),
            Color::Black => (
                Bitboard((free & NOT_FILE_A).0 >> 9),
                Bitboard((free & NOT_FILE_H).0 >> 7),
            ),
        };
        sink.pawns(west & theirs & target, us.fold(7, -9));
        sink.pawns(east & theirs & target, us.fold(9, -7));

        // Pinned pawns move only along the pin line (never when in check).
        for from in pawns & self.pinned {
            let along = attacks::line(king, from);
            let one = Bitboard::from_square(from).forward(us) & empty;
            let two = (one & third).forward(us) & empty;
            let captures = attacks::pawn_attacks(us, from) & theirs;
            sink.pawn(from, (one | two | captures) & along & target);
        }

        if let Some(ep) = self.ep_square {
            if to_mask.contains(ep) {
                self.gen_en_passant(sink, king, ep, pawns);
            }
        }
    }

    #[cold]
    fn gen_en_passant<S: Sink>(&self, sink: &mut S, king: Square, ep: Square, pawns: Bitboard) {
        let us = self.turn;
        let them = !us;
        let Some(captured) = ep.offset(0, us.fold(-1, 1)) else {
            return;
        };
        for from in attacks::pawn_attacks(them, ep) & pawns {
            let occupied = (self.board.occupied()
                ^ Bitboard::from_square(from)
                ^ Bitboard::from_square(captured))
                | Bitboard::from_square(ep);
            let attackers =
                self.board.attackers_to(king, them, occupied) - Bitboard::from_square(captured);
            if attackers.is_empty() {
                sink.special(Move::en_passant(from, ep));
            }
        }
    }
}
