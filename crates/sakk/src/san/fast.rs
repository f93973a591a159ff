//! The quick way through the common case of reading SAN: plain English
//! SAN (`Nf3`, `exd5`, `Rae1+`, `e8=Q#`, `O-O`) read straight from its
//! bytes, and the one legal move it names found by looking back from the
//! target square, as a PGN reader needs it for every move of every game.
//!
//! Both answer only when sure. Anything else — other letters, figurines,
//! `0-0`, `e.p.`, en passant, a move that is ambiguous, illegal or lacks its
//! promotion — is left to the full reading ([`San::parse`],
//! [`San::to_move_among`]), which also says what is wrong. So wherever the
//! quick way answers, its answer is the full reading's (the tests below
//! hold the two to that).

use super::San;
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::{CastlingSide, Position};
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// What the first byte of plain SAN says: nothing (0), a piece letter
/// (the role's index in [`ROLES`], plus one), a pawn's file, or castling.
const FIRST: [u8; 256] = {
    let mut table = [0u8; 256];
    table[b'N' as usize] = 1;
    table[b'B' as usize] = 2;
    table[b'R' as usize] = 3;
    table[b'Q' as usize] = 4;
    table[b'K' as usize] = 5;
    let mut f = b'a';
    while f <= b'h' {
        table[f as usize] = PAWN;
        f += 1;
    }
    table[b'O' as usize] = CASTLE;
    table
};
const PAWN: u8 = 6;
const CASTLE: u8 = 7;
const ROLES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// Plain English SAN, or `None` when the text is anything else.
#[inline(always)]
pub(super) fn parse_plain(text: &[u8]) -> Option<San> {
    let mut rest = match text {
        [head @ .., b'+' | b'#'] => head,
        _ => text,
    };
    let first = FIRST[usize::from(*rest.first()?)];
    let role = match first {
        0 => return None,
        CASTLE => {
            return match rest {
                b"O-O" => Some(San::Castle(CastlingSide::KingSide)),
                b"O-O-O" => Some(San::Castle(CastlingSide::QueenSide)),
                _ => None,
            }
        }
        PAWN => Role::Pawn,
        piece => {
            rest = &rest[1..];
            *ROLES.get(usize::from(piece - 1))?
        }
    };
    let mut promotion = None;
    if role == Role::Pawn {
        if let [head @ .., b'=', p] = rest {
            promotion = Some(match p {
                b'Q' => Role::Queen,
                b'R' => Role::Rook,
                b'B' => Role::Bishop,
                b'N' => Role::Knight,
                _ => return None,
            });
            rest = head;
        }
    }
    let [head @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] = rest else {
        return None;
    };
    let to = square(*f, *r);
    rest = head;
    let capture = if let [head @ .., b'x'] = rest {
        rest = head;
        true
    } else {
        false
    };
    let (file, rank) = match rest {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(file(*f)), None),
        [r @ b'1'..=b'8'] if role != Role::Pawn => (None, Some(rank(*r))),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] if role != Role::Pawn => {
            (Some(file(*f)), Some(rank(*r)))
        }
        _ => return None,
    };
    Some(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

fn file(b: u8) -> File {
    File::new(u32::from(b - b'a'))
}

fn rank(b: u8) -> Rank {
    Rank::new(u32::from(b - b'1'))
}

fn square(f: u8, r: u8) -> Square {
    Square::from_coords(file(f), rank(r))
}

/// The one legal move of a `role` from the squares `from` to `to` (with
/// that `promotion`), found without generating any other move; `None` when
/// there is none, more than one, or en passant is involved.
#[inline(always)]
pub(super) fn find(
    pos: &Position,
    role: Role,
    from: Bitboard,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let us = pos.turn;
    let board = &pos.board;
    let ours = board.by_color(us);
    if ours.contains(to) || pos.checkers.more_than_one() {
        return None;
    }
    let king = pos.king(us);
    let occupied = board.occupied();
    let candidates = match role {
        Role::King => return king_move(pos, from, to, promotion),
        Role::Pawn => pawn_origins(pos, from, to, promotion)?,
        Role::Knight => attacks::knight_attacks(to) & from,
        Role::Bishop => in_sight(attacks::bishop_rays(to) & from, to, occupied),
        Role::Rook => in_sight(attacks::rook_rays(to) & from, to, occupied),
        Role::Queen => in_sight(
            (attacks::rook_rays(to) | attacks::bishop_rays(to)) & from,
            to,
            occupied,
        ),
    };
    if let Some(checker) = pos.checkers.single_square() {
        if !(attacks::between(king, checker) | Bitboard::from_square(checker)).contains(to) {
            return None;
        }
    }
    let mut found = None;
    for origin in candidates {
        if pos.pinned.contains(origin) && !attacks::line(king, origin).contains(to) {
            continue;
        }
        if found.is_some() {
            return None;
        }
        found = Some(origin);
    }
    let origin = found?;
    match promotion {
        Some(p) => Move::promotion(origin, to, p),
        None => Some(Move::normal(origin, to)),
    }
}

/// The sliders among `on_rays` (each on a line through `to`) with nothing
/// between them and `to`: a look at the small table of squares between,
/// which stays in the cache, instead of the large tables of slider attacks.
#[inline]
fn in_sight(on_rays: Bitboard, to: Square, occupied: Bitboard) -> Bitboard {
    let mut seen = Bitboard::EMPTY;
    for sq in on_rays {
        if !attacks::between(sq, to).intersects(occupied) {
            seen.add(sq);
        }
    }
    seen
}

/// The pawns among `from` that could move to `to` (before pins and
/// checks), or `None` when en passant or a promotion left unwritten (or
/// written where there is none) needs the full reading.
#[inline]
fn pawn_origins(
    pos: &Position,
    from: Bitboard,
    to: Square,
    promotion: Option<Role>,
) -> Option<Bitboard> {
    let us = pos.turn;
    let last_rank = to.rank().relative_to(us) == Rank::new(7);
    if last_rank != promotion.is_some() || pos.ep_square == Some(to) {
        return None;
    }
    let board = &pos.board;
    let pawns = from & board.by_piece(Piece::new(us, Role::Pawn));
    if board.by_color(!us).contains(to) {
        return Some(attacks::pawn_attacks(!us, to) & pawns);
    }
    if board.occupied().contains(to) {
        return Some(Bitboard::EMPTY);
    }
    let back = if us == Color::White { -1 } else { 1 };
    let Some(one) = to.offset(0, back) else {
        return Some(Bitboard::EMPTY);
    };
    if pawns.contains(one) {
        return Some(Bitboard::from_square(one));
    }
    if to.rank().relative_to(us) == Rank::new(3) && !board.occupied().contains(one) {
        if let Some(two) = one.offset(0, back) {
            return Some(pawns & Bitboard::from_square(two));
        }
    }
    Some(Bitboard::EMPTY)
}

/// The king's move to `to`, if it is one and legal.
#[inline]
fn king_move(pos: &Position, from: Bitboard, to: Square, promotion: Option<Role>) -> Option<Move> {
    let us = pos.turn;
    let king = pos.king(us);
    if promotion.is_some() || !from.contains(king) || !attacks::king_attacks(king).contains(to) {
        return None;
    }
    let board = &pos.board;
    let without_king = board.occupied() ^ Bitboard::from_square(king);
    if board.is_attacked_by(to, !us, without_king) {
        return None;
    }
    Some(Move::normal(king, to))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;
    use crate::san::Lang;

    /// Positions with pins, checks, promotions, en passant and castling.
    const FENS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "1k6/8/8/5q2/8/3N4/8/1K2R3 w - - 0 1",
        "4k3/8/8/8/1b6/8/3N4/4K2R w K - 0 1",
        "3k4/1P6/8/8/8/8/6p1/3K3R b - - 0 1",
        "R6k/6pp/8/8/8/8/8/R3K2R b - - 0 1",
        "k7/8/8/8/3Q1Q2/8/3Q1Q2/K7 w - - 0 1",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    ];

    /// Every legal move's SAN, and the same SAN with more or less written
    /// (no disambiguation, full from-square, no capture mark): wherever the
    /// quick way answers, the full reading answers the same.
    #[test]
    fn the_quick_way_agrees_with_the_full_reading() {
        let mut answered = 0;
        for fen in FENS {
            let pos: Position = fen.parse().unwrap();
            let legal = pos.legal_moves();
            let mut texts = Vec::new();
            for &m in &legal {
                let san = super::super::SanPlus::from_move_among(&pos, m, &legal).to_string();
                texts.push(san.clone());
                let role = san.as_bytes()[0];
                let sq = m.to().to_string();
                let from = m.from().to_string();
                let promo = m
                    .promotion_role()
                    .map(|r| format!("={}", r.upper_char()))
                    .unwrap_or_default();
                let letter = if role.is_ascii_uppercase() && role != b'O' {
                    (role as char).to_string()
                } else {
                    String::new()
                };
                for head in [
                    String::new(),
                    from.clone(),
                    from[..1].to_string(),
                    from[1..].to_string(),
                ] {
                    for x in ["", "x"] {
                        texts.push(format!("{letter}{head}{x}{sq}{promo}"));
                        texts.push(format!("{letter}{head}{x}{sq}"));
                        texts.push(format!("{letter}{head}{x}{sq}=Q+"));
                    }
                }
            }
            texts.extend(["O-O", "O-O-O#", "Kxe8", "Nb1", "h9", "e8=K", "Pe4"].map(String::from));
            for text in &texts {
                let full = San::parse(text, Lang::English);
                if let Some(quick) = parse_plain(text.as_bytes()) {
                    assert_eq!(Ok(quick), full, "{fen}: {text}");
                    let full_move = quick.to_move_among(&pos, &legal);
                    if let San::Normal {
                        role,
                        to,
                        promotion,
                        ..
                    } = quick
                    {
                        if let Some(m) = find(&pos, role, quick.origins(&pos), to, promotion) {
                            answered += 1;
                            assert_eq!(Ok(m), full_move, "{fen}: {text}");
                        }
                    }
                    assert_eq!(quick.to_move(&pos), full_move, "{fen}: {text}");
                }
            }
        }
        assert!(
            answered > 500,
            "the quick way answered only {answered} times"
        );
    }

    #[test]
    fn only_plain_english_is_read_the_quick_way() {
        for text in [
            "0-0", "Sf3", "♘f3", "e4 ", "Ng1-f3", "exd6e.p.", "e8Q", "Nf3!",
        ] {
            assert_eq!(parse_plain(text.as_bytes()), None, "{text}");
        }
        assert_eq!(
            parse_plain(b"exd8=N#"),
            San::parse("exd8=N#", Lang::English).ok()
        );
    }
}
