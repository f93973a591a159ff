//! Whether a side can still checkmate by any series of legal moves (FIDE
//! 6.9, the 2023 resignation rule, and 5.2.2: a position where neither side
//! can is dead).
//!
//! The question is a search over the positions reachable from this one,
//! both sides cooperating towards one side's mate (a helpmate). The search
//! here is best-first: it always expands the reachable position that looks
//! closest to mating (the loser's king near a corner, the winner's pieces
//! near it, the winner's pawns near promotion), so a helpmate is usually
//! found after few positions; and it remembers every position it has met,
//! so when no new position is left the whole reachable set has been seen
//! without a mate — a proof that the side cannot mate (locked pawn chains
//! leave only a small set of reachable positions). Positions from which the
//! side surely cannot mate by material alone ([`Position::can_checkmate`])
//! are not followed, nor are positions whose locked pawn structure keeps
//! the side's men from ever mating the other king (`locked`). Only a
//! search that runs out of its budget is
//! undecided, so the answer is never wrong: a quick search (a few thousand
//! positions, for use during play) says [`Mateability::Undecided`] more
//! often than the full one (a million positions). When the full search
//! runs out, depth-first helpmate searches follow (`helpmate`): one that
//! finds every short helpmate, one guided towards a mating picture the way
//! the Chess Unwinnability Analyzer guides its own, and the best-first
//! search again towards that picture — for the long helpmates of sparse
//! endings that need a plan.
//!
//! This follows the approach of the Chess Unwinnability Analyzer (Miguel
//! Ambrona, "A practical algorithm for chess unwinnability", FUN 2022) —
//! a helpmate search together with an exhaustive proof of unwinnability —
//! with a search of our own.
//!
//! ```
//! use sakk::{Color, Effort, Mateability, Position};
//!
//! // Locked pawns, the kings on their own sides: dead.
//! let pos = Position::from_fen("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1").unwrap();
//! assert_eq!(pos.mateability(Color::White, Effort::Full), Mateability::CannotMate);
//! // A queen against a bare king: White can mate, Black cannot.
//! let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
//! assert_eq!(pos.mateability(Color::White, Effort::Quick), Mateability::CanMate);
//! assert_eq!(pos.mateability(Color::Black, Effort::Quick), Mateability::CannotMate);
//! ```

mod helpmate;
mod locked;

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::position::Position;
use crate::types::{ByColor, Color, Role, Square};
use crate::zobrist::{BuildKeyHasher, KeySet};

/// Whether a side can still checkmate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mateability {
    /// Some series of legal moves ends in this side mating.
    CanMate,
    /// No series of legal moves does.
    CannotMate,
    /// The search ran out of its budget before it knew.
    Undecided,
}

/// How hard to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effort {
    /// A few thousand positions: for use during play (a flag fall, a
    /// resignation, whether a position is dead).
    Quick,
    /// A million positions, then the depth-first helpmate searches:
    /// decides 99 % of the Chess Unwinnability Analyzer's test set
    /// (BENCHMARKS.md).
    Full,
}

impl Effort {
    /// The positions a search may expand.
    pub const fn budget(self) -> usize {
        match self {
            Effort::Quick => 4_000,
            Effort::Full => 1_000_000,
        }
    }
}

/// Both sides' [`Mateability`], written as the Chess Unwinnability
/// Analyzer does: `WB` (both could mate), `W-` (only White), `-B` (only
/// Black), `--` (neither: dead), with `?` for an undecided side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unwinnability(pub ByColor<Mateability>);

impl fmt::Display for Unwinnability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = |m: Mateability, yes: char| match m {
            Mateability::CanMate => yes,
            Mateability::CannotMate => '-',
            Mateability::Undecided => '?',
        };
        write!(f, "{}{}", mark(self.0.white, 'W'), mark(self.0.black, 'B'))
    }
}

/// A position proved dead (FIDE 5.2.2): only [`Position::prove_dead`]
/// makes one, so a game ended on it ended on a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadProof {
    pos: Position,
}

impl DeadProof {
    /// The dead position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Whether `pos` is the proved position (the same placement, side to
    /// move, castling rights and en passant square).
    pub fn is_of(&self, pos: &Position) -> bool {
        let p = &self.pos;
        pos.turn() == p.turn()
            && pos.board() == p.board()
            && pos.castling_rooks() == p.castling_rooks()
            && pos.ep_square() == p.ep_square()
    }
}

/// At most this many moves for one side, and [`Position::may_be_dead`]
/// looks further.
const FEW_MOVES: u64 = 8;

/// The positions a best-first search makes room for before it starts.
const SEARCH_ROOM: usize = 4096;

/// At most this many men on the board, and [`Position::may_be_dead`] does
/// not ask for men that can never move.
const FEW_MEN: u32 = 10;

/// At least this many men that can never move, and [`Position::may_be_dead`]
/// looks further with more men on the board (a structure that keeps the
/// pieces from the kings needs several; one pair of pawns blocked head to
/// head, common in any game, does not make one).
const FIXED_MEN: u32 = 4;

/// The smallest budget for which an undecided best-first search is
/// followed by the depth-first helpmate searches (not the quick search's:
/// during play an undecided answer costs nothing, a long wait would).
const HELPMATE_BUDGET_FROM: usize = 100_000;

/// The positions the short guided helpmate search of a dead-position
/// proof may expand ([`Position::is_dead`]): a few milliseconds.
const GUIDED_PEEK: usize = 5_000;

/// One step of a dead-position proof.
#[derive(Clone, Copy)]
enum Step {
    /// The best-first search with this budget: proves either answer.
    BestFirst(usize),
    /// The guided helpmate search with this budget: finds a mate or
    /// nothing.
    Guided(usize),
}

/// A stop flag nobody sets: the searches that cannot be stopped.
static NEVER: AtomicBool = AtomicBool::new(false);

/// How many positions a search expands between two looks at its stop
/// flag (a few hundred microseconds' work).
const STOP_EVERY: usize = 256;

/// Whether a search that has expanded `expanded` positions is to stop now.
fn stopped(stop: &AtomicBool, expanded: usize) -> bool {
    expanded % STOP_EVERY == 0 && stop.load(Ordering::Relaxed)
}

/// A position waiting in the search, best (lowest) estimate first, then the
/// earliest met.
struct Waiting {
    estimate: u32,
    order: u64,
    pos: Position,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Waiting) -> bool {
        (self.estimate, self.order) == (other.estimate, other.order)
    }
}
impl Eq for Waiting {}
impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Waiting) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Waiting {
    fn cmp(&self, other: &Waiting) -> std::cmp::Ordering {
        (self.estimate, self.order).cmp(&(other.estimate, other.order))
    }
}

/// King steps from `sq` to the nearest corner.
fn corner_distance(sq: Square) -> u32 {
    let (f, r) = (sq.file() as i32, sq.rank() as i32);
    let df = f.min(7 - f);
    let dr = r.min(7 - r);
    u32::try_from(df.max(dr)).unwrap_or(7)
}

/// How far `pos` looks from `winner` mating (lower: closer).
fn estimate(pos: &Position, winner: Color) -> u32 {
    let board = pos.board();
    let target = pos.king(!winner);
    let mut h = 4 * corner_distance(target);
    for sq in board.by_color(winner) {
        let Some(role) = board.role_at(sq) else {
            continue;
        };
        h += match role {
            Role::Pawn => {
                let rank = sq.rank() as u32;
                let to_go = if winner.is_white() { 7 - rank } else { rank };
                2 * to_go + 4
            }
            _ => sq.distance(target),
        };
    }
    // The loser's own men next to its king take its flight squares.
    for sq in board.by_color(!winner) {
        if sq != target {
            h += sq.distance(target) / 2;
        }
    }
    h
}

impl Position {
    /// Whether `winner` can still checkmate by some series of legal moves
    /// from here (a best-first helpmate search that, when it has seen every
    /// reachable position, proves the answer no); never wrong, and
    /// [`Mateability::Undecided`] only when `effort`'s budget ran out.
    pub fn mateability(&self, winner: Color, effort: Effort) -> Mateability {
        self.mateability_within(winner, effort.budget())
    }

    /// [`Position::mateability`] with a budget of `budget` positions
    /// expanded.
    pub fn mateability_within(&self, winner: Color, budget: usize) -> Mateability {
        self.mateability_until(winner, budget, &NEVER)
    }

    /// [`Position::mateability_within`], [`Mateability::Undecided`] as
    /// soon as `stop` is set.
    fn mateability_until(&self, winner: Color, budget: usize, stop: &AtomicBool) -> Mateability {
        if !self.can_checkmate(winner) {
            return Mateability::CannotMate;
        }
        if !self.has_legal_moves() {
            // Mate or stalemate: no move follows.
            return if self.turn() == !winner && self.is_check() {
                Mateability::CanMate
            } else {
                Mateability::CannotMate
            };
        }
        if self.never_mates(winner) {
            return Mateability::CannotMate;
        }
        match self.best_first(winner, budget, stop, estimate) {
            Some(answer) => answer,
            None => self.helpmate_within(winner, budget, stop),
        }
    }

    /// The best-first search, expanding the positions `estimate` rates
    /// closest to `winner` mating first; `None` when `budget` ran out or
    /// `stop` was set.
    fn best_first(
        &self,
        winner: Color,
        budget: usize,
        stop: &AtomicBool,
        estimate: impl Fn(&Position, Color) -> u32,
    ) -> Option<Mateability> {
        // Room for a search of a few thousand positions from the start: the
        // proofs after a move mostly end there, and growing the heap and
        // the set step by step copied them over and over.
        let room = budget.min(SEARCH_ROOM);
        let mut seen = KeySet::with_capacity_and_hasher(room, BuildKeyHasher::default());
        let mut waiting = BinaryHeap::with_capacity(room);
        let mut order = 0u64;
        seen.insert(self.key());
        waiting.push(Reverse(Waiting {
            estimate: estimate(self, winner),
            order,
            pos: *self,
        }));
        let mut expanded = 0usize;
        // A position with more legal moves than a move list holds (only
        // with more material than a game can produce) cannot be exhausted.
        let mut truncated = false;
        while let Some(Reverse(Waiting { pos, .. })) = waiting.pop() {
            if expanded >= budget || stopped(stop, expanded) {
                return None;
            }
            expanded += 1;
            let moves = pos.legal_moves();
            truncated |= moves.len() >= crate::MAX_MOVES;
            for &m in &moves {
                let mut next = pos;
                next.play_unchecked(m);
                if !seen.insert(next.key()) {
                    continue;
                }
                if !next.has_legal_moves() {
                    // Mate (the loser mated: found; the winner mated) or
                    // stalemate: no move follows.
                    if next.turn() == !winner && next.is_check() {
                        return Some(Mateability::CanMate);
                    }
                    continue;
                }
                if !next.can_checkmate(winner) {
                    // Nothing to mate with any more: no mate beyond it.
                    continue;
                }
                // A capture or a pawn move changed the structure: a locked
                // one that keeps the winner from mating for good has no
                // mate beyond it. (Other moves keep every man in the
                // region it had, so the answer stays what it was.)
                if next.halfmoves() == 0 && next.never_mates(winner) {
                    continue;
                }
                order += 1;
                waiting.push(Reverse(Waiting {
                    estimate: estimate(&next, winner),
                    order,
                    pos: next,
                }));
            }
        }
        Some(if truncated {
            Mateability::Undecided
        } else {
            Mateability::CannotMate
        })
    }

    /// When the best-first search ran out of its budget: a plain and then
    /// a guided depth-first helpmate search ([`helpmate`]), then the
    /// best-first search towards that guide's mating picture, each with the
    /// same budget, when it is large enough to be worth it.
    fn helpmate_within(&self, winner: Color, budget: usize, stop: &AtomicBool) -> Mateability {
        if budget < HELPMATE_BUDGET_FROM {
            return Mateability::Undecided;
        }
        for manner in [helpmate::Manner::Plain, helpmate::Manner::Guided] {
            if helpmate::find(self, winner, budget, manner, stop) {
                return Mateability::CanMate;
            }
        }
        // Best-first again, towards the one mating picture.
        let picture = helpmate::Picture::new(self, winner);
        match self.best_first(winner, budget, stop, |p, w| picture.estimate(p, w)) {
            Some(Mateability::CanMate) => Mateability::CanMate,
            _ => Mateability::Undecided,
        }
    }

    /// `false` only when `winner` surely cannot checkmate by any series of
    /// legal moves: by material ([`Position::can_checkmate`]) or by the
    /// quick search. What decides a flag fall and a resignation, with a
    /// longer search where the quick one is undecided and the position
    /// [`Position::may_be_dead`] (see [`crate::Game::flag`]).
    pub fn could_still_mate(&self, winner: Color) -> bool {
        self.can_checkmate(winner)
            && self.mateability(winner, Effort::Quick) != Mateability::CannotMate
    }

    /// A dead position the material rules miss (FIDE 5.2.2): the pawn
    /// structure proves for both sides that no series of moves mates
    /// (cheap: no search), or every pawn stands blocked, head to head (so
    /// that a search is worth it), and the quick search proves it. Cheap
    /// when pawns can still move freely: then it answers `false` at once.
    pub fn is_locked_and_dead(&self) -> bool {
        if Color::ALL.into_iter().all(|c| self.never_mates(c)) {
            return true;
        }
        let board = self.board();
        let pawns = board.by_role(Role::Pawn);
        if pawns.is_empty() {
            return false;
        }
        let white = pawns & board.by_color(Color::White);
        let black = pawns & board.by_color(Color::Black);
        let occupied = board.occupied();
        // Every pawn has a man right in front of it.
        if white.forward(Color::White) & occupied != white.forward(Color::White)
            || black.forward(Color::Black) & occupied != black.forward(Color::Black)
        {
            return false;
        }
        Color::ALL
            .into_iter()
            .all(|c| self.mateability(c, Effort::Quick) == Mateability::CannotMate)
    }

    /// Dead by the proofs cheap enough for every move (FIDE 5.2.2): the
    /// material ([`Position::has_insufficient_material`]), pawns blocked for
    /// good ([`Position::is_blocked_dead`]) or a locked structure
    /// ([`Position::is_locked_and_dead`]). What a game checks after each
    /// move; `false` says nothing.
    pub fn is_plainly_dead(&self) -> bool {
        self.has_insufficient_material() || self.is_blocked_dead() || self.is_locked_and_dead()
    }

    /// Whether a position that [`Position::is_plainly_dead`] leaves open
    /// is worth the full proof ([`Position::is_dead`] with
    /// [`Effort::Full`], which can take seconds): a side with few moves
    /// (at most eight; the side not to move counted as if it were its
    /// turn, unless the side to move is in check), and at most ten men on
    /// the board or at least four that can never move. Every dead position
    /// of the Chess Unwinnability Analyzer's test set that a move leads to
    /// passes; of the positions after a capture or a pawn move in 1,548
    /// real games, 2.9 % do (BENCHMARKS.md). A dead
    /// position that does not pass is missed, never misjudged: the rules
    /// allow a detector to miss a dead position, not to call a winnable
    /// one dead.
    pub fn may_be_dead(&self) -> bool {
        if !self.has_legal_moves() {
            return false;
        }
        let mut few = self.count_legal_moves() <= FEW_MOVES;
        if !few && !self.is_check() {
            let mut other = *self;
            other.play_null();
            few = other.count_legal_moves() <= FEW_MOVES;
        }
        few && (self.board().occupied().count() <= FEW_MEN
            || self.fixed_men(crate::Bitboard::EMPTY).count() >= FIXED_MEN)
    }

    /// [`Position::is_dead`] as a proof a game can be ended on
    /// ([`crate::Game::end_in_dead_position`]).
    pub fn prove_dead(&self, effort: Effort) -> Option<DeadProof> {
        self.prove_dead_until(effort, &NEVER)
    }

    /// [`Position::prove_dead`] that gives up (`None`) as soon as `stop`
    /// is set, from another thread: for a proof that may take seconds and
    /// whose answer may stop mattering (its game moved on or ended), or
    /// that is given a deadline. The searches look at `stop` every few
    /// hundred positions.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use sakk::{Effort, Position};
    ///
    /// // Dead, but only a search shows it: the bishops can never reach the
    /// // other side of the locked pawns.
    /// let pos = Position::from_fen("1k6/1P1p1p2/BP5p/1P1P3p/5P2/8/6KP/8 b - - 0 1").unwrap();
    /// assert!(pos.prove_dead_until(Effort::Full, &AtomicBool::new(false)).is_some());
    /// // Stopped before it began: no proof.
    /// assert!(pos.prove_dead_until(Effort::Full, &AtomicBool::new(true)).is_none());
    /// ```
    pub fn prove_dead_until(&self, effort: Effort, stop: &AtomicBool) -> Option<DeadProof> {
        self.is_dead_until(effort.budget(), stop)
            .then_some(DeadProof { pos: *self })
    }

    /// Dead (FIDE 5.2.2), proved: by [`Position::is_plainly_dead`], or by
    /// both sides' search with `effort` answering
    /// [`Mateability::CannotMate`]. `false` says the position is winnable
    /// or that the proof ran out of its budget. The sides are searched
    /// together with a growing budget — the quick search, a short guided
    /// helpmate search (the near mates of crowded positions, which the
    /// best-first search looks past), then longer searches — so that a side
    /// that can mate is found before the other's long search runs.
    pub fn is_dead(&self, effort: Effort) -> bool {
        self.is_dead_within(effort.budget())
    }

    /// [`Position::is_dead`] with each side's search expanding at most
    /// `budget` positions.
    pub fn is_dead_within(&self, budget: usize) -> bool {
        self.is_dead_until(budget, &NEVER)
    }

    /// [`Position::is_dead_within`], `false` as soon as `stop` is set.
    fn is_dead_until(&self, budget: usize, stop: &AtomicBool) -> bool {
        if self.is_plainly_dead() {
            return true;
        }
        // Both sides with a growing budget, so that the side that can mate
        // is found by a short search before the other's long one runs; a
        // short guided helpmate search after the first, for the crowded
        // positions where a mate is near but the best-first search looks
        // past it.
        let mut unable = ByColor::new_with(|_| false);
        let mut searched = 0;
        let steps = [
            Step::BestFirst(Effort::Quick.budget()),
            Step::Guided(GUIDED_PEEK),
            Step::BestFirst(40_000),
            Step::BestFirst(budget),
        ];
        for step in steps {
            // A best-first step no larger than one already run (a small
            // budget) would answer the same.
            if let Step::BestFirst(step) = step {
                if step.min(budget) <= searched {
                    continue;
                }
                searched = step.min(budget);
            }
            for c in Color::ALL {
                if unable[c] {
                    continue;
                }
                if stop.load(Ordering::Relaxed) {
                    return false;
                }
                let answer = match step {
                    Step::BestFirst(_) => self.mateability_until(c, searched, stop),
                    Step::Guided(peek) => {
                        if helpmate::find(self, c, peek.min(budget), helpmate::Manner::Guided, stop)
                        {
                            Mateability::CanMate
                        } else {
                            Mateability::Undecided
                        }
                    }
                };
                match answer {
                    Mateability::CanMate => return false,
                    Mateability::CannotMate => unable[c] = true,
                    Mateability::Undecided => {}
                }
            }
            if unable.white && unable.black {
                return true;
            }
        }
        false
    }

    /// Both sides' [`Position::mateability`].
    pub fn unwinnability(&self, effort: Effort) -> Unwinnability {
        Unwinnability(ByColor::new_with(|c| self.mateability(c, effort)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::pos;

    fn class(fen: &str) -> String {
        pos(fen).unwinnability(Effort::Full).to_string()
    }

    #[test]
    fn simple_endings() {
        assert_eq!(class("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), "W-");
        assert_eq!(class("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "--");
        // K+N v K+P: either side may mate (the pawn can block its own king).
        assert_eq!(class("7k/8/8/8/8/8/p7/K1N5 w - - 0 1"), "WB");
        // Locked pawns, kings on their own sides.
        assert_eq!(class("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1"), "--");
        // Same-coloured bishops cannot mate a bare king.
        assert_eq!(class("4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1"), "--");
        // Bishops of both colours can (a helpmate).
        assert_eq!(class("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"), "W-");
    }

    /// Helpmates the best-first search does not find in a million
    /// positions (the Chess Unwinnability Analyzer's vectors), found by
    /// the searches that follow it.
    #[test]
    fn long_helpmates_are_found() {
        // Black's bishops of one colour mate only with White's men in the
        // way: White's pawn promotes to a knight that blocks its own king
        // in the light corner.
        let p = pos("1k2b1b1/8/8/8/3KP3/8/8/8 w - - 0 1");
        assert_eq!(
            p.mateability_within(Color::Black, 1_000_000),
            Mateability::CanMate
        );
        assert_eq!(
            p.mateability_within(Color::Black, 4_000),
            Mateability::Undecided
        );
        let p = pos("3kbb2/8/8/3K2B1/8/8/8/8 b - - 0 1");
        assert_eq!(
            p.mateability_within(Color::White, 1_000_000),
            Mateability::CanMate
        );
    }

    /// A crowded position where both sides can mate (met in a server's
    /// random games): the best-first search looks past the mates for tens
    /// of thousands of positions, the short guided search finds one at
    /// once, so the dead-position proof answers "not dead" in milliseconds
    /// instead of seconds.
    #[test]
    fn crowded_mates_are_found_by_the_guided_peek() {
        let p = pos("r3r1k1/3b3p/2p1n3/4p3/1pP1Pp1P/1P1n1P2/2B2K2/RR2N3 w - - 0 41");
        for c in Color::ALL {
            assert_eq!(p.mateability_within(c, 40_000), Mateability::Undecided);
            assert!(helpmate::find(
                &p,
                c,
                GUIDED_PEEK,
                helpmate::Manner::Guided,
                &NEVER
            ));
        }
        assert!(!p.is_dead(Effort::Full));
    }

    #[test]
    fn the_quick_search_is_never_wrong() {
        for fen in [
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
            "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
        ] {
            let p = pos(fen);
            for c in Color::ALL {
                let quick = p.mateability(c, Effort::Quick);
                if quick != Mateability::Undecided {
                    assert_eq!(quick, p.mateability(c, Effort::Full), "{fen}");
                }
            }
        }
        assert_eq!(
            pos("r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1")
                .unwinnability(Effort::Quick)
                .to_string(),
            "WB"
        );
    }
}
