//! A depth-first helpmate search, for the mates the best-first search does
//! not reach: short ones in positions full of men (where its guidance looks
//! past them), and long ones in sparse endings where a plan is needed.
//!
//! Iterative deepening, with a table of the positions searched and how
//! deep, in two manners. *Plain*: every move costs one ply, so every
//! helpmate up to the depth reached is found. *Guided*, after the Chess
//! Unwinnability Analyzer's dynamic search (Ambrona, FUN 2022): a mating
//! picture is chosen — the loser's king in a corner of its own back rank,
//! of the colour the winner's bishop needs, the winner's king two squares
//! in front of it, a man of the loser's beside it to take its flight — and
//! moves towards that picture cost nothing, ordinary moves one ply, and a
//! capture by the loser three; so the plan is followed far deeper than a
//! plain search could go.
//!
//! A mate it finds is a series of legal moves, so the answer is never
//! wrong; when it finds none, it proves nothing (the best-first search
//! proves the answer no).

use std::sync::atomic::AtomicBool;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{Color, File, Rank, Role, Square};
use crate::zobrist::KeyMap;

/// How a search is guided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Manner {
    /// Every move costs one ply.
    Plain,
    /// Moves towards a mating picture cost nothing.
    Guided,
}

/// What a search came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Mate,
    NotHere,
    OutOfBudget,
}

/// The squares of the mating picture.
pub(super) struct Picture {
    /// The corner for the loser's king.
    corner: Square,
    /// Where the winner's king helps: two squares in front of the corner.
    helper: Square,
    /// Where a man of the loser's takes the king's flight: beside it.
    blocker: Square,
}

impl Picture {
    /// The picture for `winner` mating in `pos`.
    pub(super) fn new(pos: &Position, winner: Color) -> Picture {
        let board = pos.board();
        let bishops = |c: Color| board.by_role(Role::Bishop) & board.by_color(c);
        let dark = Bitboard::DARK_SQUARES;
        let dark_corner = bishops(winner).intersects(dark)
            || (bishops(winner).is_empty() && (bishops(!winner) - dark).any());
        // Seen from White winning: h8 is dark, a8 light; from Black
        // winning, the board turned round: a1 dark, h1 light.
        let (file, side) = if dark_corner == winner.is_white() {
            (File::new(7), -1)
        } else {
            (File::new(0), 1)
        };
        let (rank, forward) = if winner.is_white() {
            (Rank::new(7), -1)
        } else {
            (Rank::new(0), 1)
        };
        let corner = Square::from_coords(file, rank);
        Picture {
            corner,
            helper: corner.offset(0, 2 * forward).unwrap_or(corner),
            blocker: corner.offset(side, 0).unwrap_or(corner),
        }
    }
}

impl Picture {
    /// How far `pos` looks from this picture (lower: closer): the loser's
    /// king from the corner, the winner's king from its square, the
    /// winner's knights and pawns from the corner and promotion, its
    /// bishops, rooks and queens off the lines through the corner, and the
    /// loser's man nearest the blocking square from it.
    pub(super) fn estimate(&self, pos: &Position, winner: Color) -> u32 {
        let board = pos.board();
        let mut h = 4 * pos.king(!winner).distance(self.corner);
        for sq in board.by_color(winner) {
            let Some(role) = board.role_at(sq) else {
                continue;
            };
            h += match role {
                Role::King => 2 * sq.distance(self.helper),
                Role::Knight => knight_distance(sq, self.corner),
                Role::Pawn => 2 * (7 - sq.rank().relative_to(winner) as u32),
                Role::Bishop => u32::from(!attacks::bishop_rays(self.corner).contains(sq)),
                Role::Rook => u32::from(!attacks::rook_rays(self.corner).contains(sq)),
                Role::Queen => u32::from(
                    !(attacks::rook_rays(self.corner) | attacks::bishop_rays(self.corner))
                        .contains(sq),
                ),
            };
        }
        let loser_men = board.by_color(!winner) - Bitboard::from_square(pos.king(!winner));
        h + loser_men
            .into_iter()
            .map(|sq| sq.distance(self.blocker))
            .min()
            .unwrap_or(0)
    }
}

/// Whether `winner`'s men could only mate with the help of blockers the
/// loser has yet to make by promoting (after the analyser's
/// `need_loser_promotion`): a lone knight against no minor piece or rook,
/// or bishops of one colour against no knight and no bishop of the other.
fn loser_must_promote(pos: &Position, winner: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(winner);
    let theirs = board.by_color(!winner);
    let minors = board.by_role(Role::Knight) | board.by_role(Role::Bishop);
    if ours.count() == 2
        && (ours & board.by_role(Role::Knight)).any()
        && !(theirs & (minors | board.by_role(Role::Rook))).any()
    {
        return true;
    }
    let bishops = ours & board.by_role(Role::Bishop);
    let colour = if bishops.intersects(Bitboard::DARK_SQUARES) {
        Bitboard::DARK_SQUARES
    } else {
        Bitboard::LIGHT_SQUARES
    };
    ours.count() == bishops.count() + 1
        && bishops.any()
        && !(board.by_role(Role::Bishop) - colour).any()
        && !(theirs & board.by_role(Role::Knight)).any()
}

/// Knight moves between two squares (exact on the open board).
fn knight_distance(a: Square, b: Square) -> u32 {
    let dx = (a.file() as i32 - b.file() as i32).unsigned_abs();
    let dy = (a.rank() as i32 - b.rank() as i32).unsigned_abs();
    let (x, y) = (dx.max(dy), dx.min(dy));
    // Corners need one more when the other square is diagonally next.
    let corner = |s: Square| matches!((s.file() as u32, s.rank() as u32), (0 | 7, 0 | 7));
    if (x, y) == (1, 1) && (corner(a) || corner(b)) {
        return 4;
    }
    match (x, y) {
        (0, 0) => 0,
        (1, 0) => 3,
        (2, 2) => 4,
        _ => {
            let moves = x.div_ceil(2).max((x + y).div_ceil(3));
            moves + ((moves + x + y) % 2)
        }
    }
}

/// Whether `role` moving from `from` to `to` comes closer to `target`.
fn closer(role: Role, from: Square, to: Square, target: Square) -> bool {
    match role {
        Role::King => to.distance(target) < from.distance(target),
        Role::Knight => knight_distance(to, target) < knight_distance(from, target),
        _ => false,
    }
}

struct Search<'a> {
    winner: Color,
    /// Set from outside: the search gives up.
    stop: &'a AtomicBool,
    manner: Manner,
    picture: Picture,
    budget: usize,
    nodes: usize,
    /// Whether the depth cut a line short in this iteration.
    cut: bool,
    /// Whether the winner's men cannot mate without more of the loser's
    /// men to block with (only same-coloured bishops, or one knight).
    loser_must_promote: bool,
    /// The deepest each position was searched to.
    searched: KeyMap<i32>,
}

/// Searches for a helpmate by `winner` from `pos` (which is neither mate
/// nor stalemate), expanding at most `budget` positions: `true` when one is
/// found; `false` too as soon as `stop` is set.
pub(super) fn find(
    pos: &Position,
    winner: Color,
    budget: usize,
    manner: Manner,
    stop: &AtomicBool,
) -> bool {
    let mut search = Search {
        winner,
        stop,
        manner,
        picture: Picture::new(pos, winner),
        budget,
        nodes: 0,
        cut: false,
        loser_must_promote: loser_must_promote(pos, winner),
        searched: KeyMap::default(),
    };
    for depth in 1..=MAX_DEPTH {
        search.cut = false;
        match search.dfs(pos, depth, 0) {
            Found::Mate => return true,
            Found::OutOfBudget => return false,
            // Every line searched to its end: no mate (the best-first
            // search is what proves that; here it just stops).
            Found::NotHere if !search.cut => return false,
            Found::NotHere => {}
        }
    }
    false
}

/// The deepest iteration.
const MAX_DEPTH: i32 = 100;

impl Search<'_> {
    /// What a move costs in depth.
    fn cost(&self, pos: &Position, m: Move, ply: u32) -> i32 {
        let (from, to, promotion) = (m.from(), m.to(), m.promotion_role());
        let capture = pos.is_capture(m);
        if self.manner == Manner::Plain || ply > 200 {
            return 1;
        }
        let role = pos.board().role_at(from).unwrap_or(Role::Pawn);
        let p = &self.picture;
        if pos.turn() == self.winner {
            let advanced = role == Role::Pawn && to.rank().relative_to(self.winner) >= Rank::new(4);
            let target = if role == Role::King {
                p.helper
            } else {
                p.corner
            };
            if capture || advanced || closer(role, from, to, target) {
                return 0;
            }
            1
        } else {
            if self.loser_must_promote && role == Role::Pawn {
                // Pieces to block with; a queen or rook would only get in
                // the way.
                let heavy = to.rank().relative_to(pos.turn()) == Rank::new(7)
                    && !matches!(promotion, Some(Role::Knight | Role::Bishop));
                return if heavy { 3 } else { 0 };
            }
            let target = if role == Role::King {
                p.corner
            } else {
                p.blocker
            };
            if closer(role, from, to, target) {
                0
            } else if capture {
                3
            } else {
                1
            }
        }
    }

    fn dfs(&mut self, pos: &Position, depth: i32, ply: u32) -> Found {
        if depth <= 0 {
            self.cut = true;
            return Found::NotHere;
        }
        if self.searched.get(&pos.key()).is_some_and(|&d| d >= depth) {
            return Found::NotHere;
        }
        if self.nodes >= self.budget || super::stopped(self.stop, self.nodes) {
            return Found::OutOfBudget;
        }
        self.nodes += 1;
        self.searched.insert(pos.key(), depth);
        let loser = !self.winner;
        for &m in &pos.legal_moves() {
            let next = pos.after_unchecked(m);
            if next.turn() == loser && next.is_check() && !next.has_legal_moves() {
                return Found::Mate;
            }
            if !next.has_legal_moves()
                || !next.can_checkmate(self.winner)
                || (next.halfmoves() == 0 && next.never_mates(self.winner))
            {
                continue;
            }
            let cost = self.cost(pos, m, ply);
            match self.dfs(&next, depth - cost, ply + 1) {
                Found::NotHere => {}
                found => return found,
            }
        }
        Found::NotHere
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;
    use crate::testing::pos;

    #[test]
    fn knight_distances_are_exact() {
        // Breadth-first from every square.
        for a in Square::ALL {
            let mut dist = [u32::MAX; 64];
            dist[a.index()] = 0;
            let mut frontier = vec![a];
            let mut d = 0;
            while !frontier.is_empty() {
                d += 1;
                let mut next = Vec::new();
                for s in frontier {
                    for t in crate::attacks::knight_attacks(s) {
                        if dist[t.index()] == u32::MAX {
                            dist[t.index()] = d;
                            next.push(t);
                        }
                    }
                }
                frontier = next;
            }
            for b in Square::ALL {
                assert_eq!(knight_distance(a, b), dist[b.index()], "{a} {b}");
            }
        }
    }

    #[test]
    fn short_and_long_helpmates_are_found() {
        // A mate in one.
        let p = pos("4b1bk/8/7K/8/5B2/8/8/8 w - - 0 1");
        assert!(find(
            &p,
            Color::White,
            1_000,
            Manner::Plain,
            &AtomicBool::new(false)
        ));
        // A bishop mates a king its own two knights hem in: found by the
        // guided search, not by the best-first one in a million positions.
        let p = pos("7k/7b/8/8/8/1N6/1KN5/8 w - - 0 1");
        assert!(find(
            &p,
            Color::Black,
            1_000_000,
            Manner::Guided,
            &AtomicBool::new(false)
        ));
        assert!(loser_must_promote(
            &pos("1k2b1b1/8/8/8/3KP3/8/8/8 w - - 0 1"),
            Color::Black
        ));
    }

    #[test]
    fn the_picture_is_the_corner_the_bishops_need() {
        // Black's light bishops: the light corner on White's side, h1.
        let p = Picture::new(&pos("1k2b1b1/8/8/8/3KP3/8/8/8 w - - 0 1"), Color::Black);
        assert_eq!(
            (p.corner, p.helper, p.blocker),
            (Square::H1, Square::H3, Square::G1)
        );
        // White's dark bishop: h8.
        let p = Picture::new(&pos("3kb1b1/8/8/8/3K1B2/8/8/8 w - - 0 1"), Color::White);
        assert_eq!(
            (p.corner, p.helper, p.blocker),
            (Square::H8, Square::H6, Square::G8)
        );
    }
}
