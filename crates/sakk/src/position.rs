//! Positions: an unchecked [`Setup`], validated into a playable [`Position`].

use core::fmt;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, File, Rank, Role, Square};
use crate::zobrist;

/// How castling is written and validated.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingMode {
    /// Standard chess: the king starts on the e-file and the rooks in the
    /// corners; UCI writes castling as the king's two-square move.
    #[default]
    Standard,
    /// Chess960 (Fischer random): king and rooks may start elsewhere on the
    /// back rank; UCI writes castling as king-takes-rook.
    Chess960,
}

/// A side of the board for castling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Short castling, `O-O`, towards the h-file.
    KingSide,
    /// Long castling, `O-O-O`, towards the a-file.
    QueenSide,
}

impl CastlingSide {
    /// The side of the king that the rook on `rook` stands on.
    pub fn of(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
}

/// A position as read from FEN or built by hand, not yet checked: any
/// combination of fields can be represented. [`Position::from_setup`] turns it
/// into a playable position or says what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// Who is to move.
    pub turn: Color,
    /// The squares of the rooks that keep their castling right.
    pub castling_rooks: Bitboard,
    /// The square a pawn skipped with its double step on the last move, if any.
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move (for the fifty-move rule).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after Black's move.
    pub fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling_rooks: Bitboard(0x8100_0000_0000_0081),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// Why a [`Setup`] is not a playable position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn stands on the first or the eighth rank.
    PawnOnBackRank(Square),
    /// A side has more pieces than a game can produce (over 16 pieces, over
    /// 8 pawns, or more promoted pieces than missing pawns).
    TooMuchMaterial(Color),
    /// The side that is not to move is in check.
    OppositeCheck,
    /// A castling right without the king and that rook at home.
    InvalidCastlingRight(Square),
    /// An en passant square that no double step on the last move can explain.
    InvalidEnPassant(Square),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingKing(c) => write!(f, "{c} has no king"),
            PositionError::TooManyKings(c) => write!(f, "{c} has more than one king"),
            PositionError::PawnOnBackRank(sq) => {
                write!(
                    f,
                    "pawn on {sq}: pawns cannot stand on the first or last rank"
                )
            }
            PositionError::TooMuchMaterial(c) => write!(
                f,
                "{c} has more material than a game can produce (at most 16 pieces, 8 pawns, \
                 and no more promoted pieces than missing pawns)"
            ),
            PositionError::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionError::InvalidCastlingRight(sq) => write!(
                f,
                "castling right with the rook on {sq}, but the king and that rook are not at home"
            ),
            PositionError::InvalidEnPassant(sq) => write!(
                f,
                "en passant square {sq} is impossible: no pawn can have just passed it"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A legal chess position: the board, the side to move, castling rights, the
/// en passant square, the move counters, and an incrementally updated Zobrist
/// key. Checkers and pinned pieces of the side to move are kept up to date, so
/// move generation starts from them.
///
/// ```
/// use sakk::{Position, Square};
///
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// let e4 = pos.legal_moves().iter().copied().find(|m| m.to() == Square::E4).unwrap();
/// let after = pos.play(e4).unwrap();
/// assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) castling_rooks: Bitboard,
    pub(crate) key: u64,
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) turn: Color,
    pub(crate) ep_square: Option<Square>,
    pub(crate) mode: CastlingMode,
}

impl PartialEq for Position {
    /// Positions are equal when board, side to move, castling rights, en
    /// passant square and counters are equal.
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling_rooks == other.castling_rooks
            && self.ep_square == other.ep_square
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && self.mode == other.mode
    }
}

impl Eq for Position {}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {} in this position", self.0)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// The standard start position.
    pub fn new() -> Position {
        // Set up and checked once (a PGN reader starts every game here).
        static START: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        *START.get_or_init(|| {
            match Position::from_setup(Setup::default(), CastlingMode::Standard) {
                Ok(pos) => pos,
                Err(_) => unreachable!("the start position is valid"),
            }
        })
    }

    /// Validates a setup.
    ///
    /// # Errors
    /// The first problem found, as a [`PositionError`].
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::validate(setup, mode, true)
    }

    /// [`Position::from_setup`], accepting more material than a game can
    /// produce (more promoted pieces than missing pawns: composed problems,
    /// test sets such as the unwinnability vectors), as shakmaty's
    /// `ignore_too_much_material`. Every other rule holds, and the rules
    /// play such a position like any other.
    ///
    /// # Errors
    /// The first other problem found, as a [`PositionError`].
    pub fn from_setup_with_any_material(
        setup: Setup,
        mode: CastlingMode,
    ) -> Result<Position, PositionError> {
        Position::validate(setup, mode, false)
    }

    fn validate(
        setup: Setup,
        mode: CastlingMode,
        material_of_a_game: bool,
    ) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            let kings = board.by_piece(crate::Piece::new(color, Role::King)).count();
            if kings == 0 {
                return Err(PositionError::MissingKing(color));
            }
            if kings > 1 {
                return Err(PositionError::TooManyKings(color));
            }
        }
        if let Some(sq) = (board.by_role(Role::Pawn) & Bitboard::BACK_RANKS).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        for color in Color::ALL {
            let ours = board.by_color(color);
            let n = |role: Role| (board.by_role(role) & ours).count();
            let pawns = n(Role::Pawn);
            let promoted = n(Role::Queen).saturating_sub(1)
                + n(Role::Rook).saturating_sub(2)
                + n(Role::Bishop).saturating_sub(2)
                + n(Role::Knight).saturating_sub(2);
            if material_of_a_game && (ours.count() > 16 || pawns > 8 || promoted > 8 - pawns) {
                return Err(PositionError::TooMuchMaterial(color));
            }
        }
        validate_castling(&board, setup.castling_rooks, mode)?;
        let us = setup.turn;
        if let Some(ep) = setup.ep_square {
            let ok = ep.rank() == Rank::Sixth.relative_to(us)
                && !board.occupied().contains(ep)
                && ep
                    .offset(0, us.fold(1, -1))
                    .is_some_and(|behind| !board.occupied().contains(behind))
                && ep.offset(0, us.fold(-1, 1)).is_some_and(|front| {
                    board
                        .by_piece(crate::Piece::new(!us, Role::Pawn))
                        .contains(front)
                });
            if !ok {
                return Err(PositionError::InvalidEnPassant(ep));
            }
        }
        let their_king = board.king_of(!us).ok_or(PositionError::MissingKing(!us))?;
        if board.attackers_to(their_king, us, board.occupied()).any() {
            return Err(PositionError::OppositeCheck);
        }
        let ep_square = setup.ep_square.filter(|&ep| {
            (attacks::pawn_attacks(!us, ep) & board.by_piece(crate::Piece::new(us, Role::Pawn)))
                .any()
        });
        let mut pos = Position {
            board,
            castling_rooks: setup.castling_rooks,
            key: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            turn: us,
            ep_square,
            mode,
        };
        pos.key = pos.compute_key();
        pos.update_check_info();
        Ok(pos)
    }

    /// The unchecked fields of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rooks: self.castling_rooks,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Where the pieces stand.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of the rooks that keep their castling right.
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling_rooks
    }

    /// The rook `color` may still castle with on `side`, if the right is kept.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king(color);
        let rooks = self.castling_rooks & Bitboard::from_rank(color.back_rank());
        rooks
            .into_iter()
            .find(|&rook| CastlingSide::of(king, rook) == side)
    }

    /// The en passant square, kept only when a pawn of the side to move could
    /// capture there (whether that capture is legal is decided by move
    /// generation).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en passant square if an en passant capture is actually legal, as
    /// FIDE 9.2.3 counts it for repetitions.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let mut moves = crate::MoveList::new();
        self.legal_moves_into(&mut moves);
        moves.iter().any(|m| m.is_en_passant()).then_some(ep)
    }

    /// The key under which this position counts for repetitions (FIDE
    /// 9.2.3): the Zobrist key, with the en passant square counted only when
    /// an en passant capture is actually legal.
    pub fn repetition_key(&self) -> u64 {
        match self.ep_square {
            Some(ep) if self.legal_ep_square().is_none() => {
                self.key ^ zobrist::en_passant(ep.file())
            }
            _ => self.key,
        }
    }

    /// `true` if the two positions are the same for repetitions: same
    /// pieces on the same squares, same side to move, same castling rights,
    /// same legal en passant capture.
    pub fn is_repetition_of(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling_rooks == other.castling_rooks
            && self.legal_ep_square() == other.legal_ep_square()
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist key of the position (pieces, side to move, castling rights,
    /// en passant square), updated incrementally by every move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// How castling is validated and written for this position.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        // Validation guarantees exactly one king per side.
        match (self.board.by_role(Role::King) & self.board.by_color(color)).first() {
            Some(sq) => sq,
            None => Square::A1,
        }
    }

    /// The enemy pieces that give check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// `true` if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The pieces of the side to move that are pinned to their king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// `true` if the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// `true` if the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.count_legal_moves() == 0
    }

    /// `true` if `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut moves = crate::MoveList::new();
        self.legal_moves_into(&mut moves);
        moves.contains(&m)
    }

    /// The position after `m`.
    ///
    /// # Errors
    /// [`IllegalMove`] if `m` is not legal here.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        if self.is_legal(m) {
            let mut next = *self;
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMove(m))
        }
    }

    /// The role of the piece that `m` moves, if there is one on its square.
    #[inline]
    pub fn moving_role(&self, m: Move) -> Option<Role> {
        self.board.role_at(m.from())
    }

    /// The role `m` captures, if any (a pawn for en passant).
    pub fn captured_role(&self, m: Move) -> Option<Role> {
        match m.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ if self.board.by_color(!self.turn).contains(m.to()) => self.board.role_at(m.to()),
            _ => None,
        }
    }

    /// `true` if `m` captures.
    #[inline]
    pub fn is_capture(&self, m: Move) -> bool {
        m.is_en_passant() || (!m.is_castle() && self.board.by_color(!self.turn).contains(m.to()))
    }

    /// Plays `m`, which must be legal in this position (a move from
    /// [`Position::legal_moves`]). An illegal move leaves the position in an
    /// unspecified but memory-safe state.
    pub fn play_unchecked(&mut self, m: Move) {
        self.play_inlined(m);
    }

    /// [`Position::play_unchecked`], always inlined: for the loops that play
    /// one move after another and nothing else (a PGN check), where a call
    /// per move costs several per cent.
    #[inline(always)]
    pub(crate) fn play_inlined(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let mut key = self.key ^ zobrist::black_to_move();
        if let Some(ep) = self.ep_square.take() {
            key ^= zobrist::en_passant(ep.file());
        }
        self.halfmoves += 1;
        let role = self.board.role_at_occupied(from);

        match m.kind() {
            MoveKind::Castle => {
                let king_to = m.king_target();
                let rook_to = m.rook_target();
                self.board.toggle(from, us, Role::King);
                self.board.toggle(to, us, Role::Rook);
                self.board.toggle(king_to, us, Role::King);
                self.board.toggle(rook_to, us, Role::Rook);
                key ^= zobrist::piece(us, Role::King, from)
                    ^ zobrist::piece(us, Role::King, king_to)
                    ^ zobrist::piece(us, Role::Rook, to)
                    ^ zobrist::piece(us, Role::Rook, rook_to);
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.board.toggle(captured, them, Role::Pawn);
                self.board.toggle(from, us, Role::Pawn);
                self.board.toggle(to, us, Role::Pawn);
                key ^= zobrist::piece(them, Role::Pawn, captured)
                    ^ zobrist::piece(us, Role::Pawn, from)
                    ^ zobrist::piece(us, Role::Pawn, to);
                self.halfmoves = 0;
            }
            kind => {
                if self.board.by_color(them).contains(to) {
                    let captured = self.board.role_at_occupied(to);
                    self.board.toggle(to, them, captured);
                    key ^= zobrist::piece(them, captured, to);
                    self.halfmoves = 0;
                }
                self.board.toggle(from, us, role);
                key ^= zobrist::piece(us, role, from);
                let placed = match kind {
                    MoveKind::Promotion(promoted) => promoted,
                    _ => role,
                };
                self.board.toggle(to, us, placed);
                key ^= zobrist::piece(us, placed, to);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.index() ^ to.index() == 16 {
                        let ep = Square::new((from as u32 + to as u32) / 2);
                        let their_pawns =
                            self.board.by_role(Role::Pawn) & self.board.by_color(them);
                        if (attacks::pawn_attacks(us, ep) & their_pawns).any() {
                            self.ep_square = Some(ep);
                            key ^= zobrist::en_passant(ep.file());
                        }
                    }
                }
            }
        }

        if self.castling_rooks.any() {
            let mut lost =
                self.castling_rooks & (Bitboard::from_square(from) | Bitboard::from_square(to));
            if role == Role::King {
                lost |= self.castling_rooks & Bitboard::from_rank(us.back_rank());
            }
            for rook in lost {
                key ^= zobrist::castling(rook);
            }
            self.castling_rooks = self.castling_rooks - lost;
        }

        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.key = key;
        self.update_check_info();
    }

    /// The position after `m`, which must be legal here (copy-make; see
    /// [`Position::play_unchecked`]).
    #[inline]
    pub fn after_unchecked(&self, m: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(m);
        next
    }

    /// Passes the move to the opponent without moving (a "null move", for
    /// search). Only valid when the side to move is not in check.
    pub fn play_null(&mut self) {
        let mut key = self.key ^ zobrist::black_to_move();
        if let Some(ep) = self.ep_square.take() {
            key ^= zobrist::en_passant(ep.file());
        }
        self.key = key;
        self.halfmoves += 1;
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
        self.update_check_info();
    }

    /// Recomputes the checkers of, and the pieces pinned to, the king of the
    /// side to move.
    #[inline]
    fn update_check_info(&mut self) {
        let us = self.turn;
        let them = !us;
        let king = self.king(us);
        let board = &self.board;
        let occupied = board.occupied();
        let theirs = board.by_color(them);
        let snipers = ((attacks::rook_rays(king) & board.rooks_and_queens())
            | (attacks::bishop_rays(king) & board.bishops_and_queens()))
            & theirs;
        let mut checkers = (attacks::knight_attacks(king) & board.by_role(Role::Knight)
            | attacks::pawn_attacks(us, king) & board.by_role(Role::Pawn))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers.add(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        self.checkers = checkers;
        self.pinned = pinned & board.by_color(us);
    }

    /// The Zobrist key computed from scratch (the incremental one must equal it).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for (sq, piece) in self.board.pieces() {
            key ^= zobrist::piece(piece.color, piece.role, sq);
        }
        for rook in self.castling_rooks {
            key ^= zobrist::castling(rook);
        }
        if let Some(ep) = self.ep_square {
            key ^= zobrist::en_passant(ep.file());
        }
        if self.turn == Color::Black {
            key ^= zobrist::black_to_move();
        }
        key
    }

    /// `true` if `sq` is attacked by a piece of `attacker`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color) -> bool {
        self.board
            .attackers_to(sq, attacker, self.board.occupied())
            .any()
    }
}

fn validate_castling(
    board: &Board,
    rooks: Bitboard,
    mode: CastlingMode,
) -> Result<(), PositionError> {
    for rook in rooks {
        let color = match rook.rank() {
            Rank::First => Color::White,
            Rank::Eighth => Color::Black,
            _ => return Err(PositionError::InvalidCastlingRight(rook)),
        };
        let bad = Err(PositionError::InvalidCastlingRight(rook));
        let Some(king) = board.king_of(color) else {
            return bad;
        };
        if king.rank() != color.back_rank()
            || !board
                .by_piece(crate::Piece::new(color, Role::Rook))
                .contains(rook)
        {
            return bad;
        }
        match mode {
            CastlingMode::Standard => {
                if king.file() != File::E || !matches!(rook.file(), File::A | File::H) {
                    return bad;
                }
            }
            CastlingMode::Chess960 => {
                let side = CastlingSide::of(king, rook);
                let same_side = (rooks & Bitboard::from_rank(color.back_rank()))
                    .into_iter()
                    .filter(|&r| CastlingSide::of(king, r) == side)
                    .count();
                if same_side > 1 {
                    return bad;
                }
            }
        }
    }
    Ok(())
}
