//! A proof by the pawn structure alone: when the pawns are locked for
//! good, each piece stays in the region the pawns leave it, and a side
//! whose men can never attack the other king, or never cover its every
//! flight, can never mate.
//!
//! The reasoning is the semi-static kind the Chess Unwinnability Analyzer
//! uses for blocked positions, in its simplest sound form. First the men
//! that can never move: the largest set in which every pawn has a man of
//! the set right in front of it, every piece has only men of its own side
//! of the set on the squares next to it along its moves, and every king
//! only those or squares the other side's men of the set attack. Every other
//! pawn may only advance up its file to the fixed man, or the other side's
//! pawn that nothing can ever take, that stops it (one that could promote
//! ends the proof); a pawn that a king or a piece could take somewhere on
//! its path may vanish and let the pawns it stopped go further. Every
//! other piece stays within the region the fixed men leave it. Every step over-approximates what the men can do — a region
//! is grown through every square no fixed man stands on (the other pieces
//! move out of each other's way), an attack is traced with only the fixed
//! men as blockers, a pawn attacks from every square of its path — so the
//! proof holds whatever the men do. A fixed man that a king or piece could
//! take is counted, in a second try, among the men that may move or vanish
//! (which only lets the others do more). A king that can only shuttle
//! between two squares, with every other man of its side fixed, has no
//! other move: the other king steps next to it only to end the game, so
//! those squares are barred to it (see [`shuttle_bar`] for the discovered
//! mate that must be ruled out first). The proof applies only when no
//! capture by a pawn is possible from any square the men can reach (else
//! the structure could change, and the answer is left to the search).

use crate::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role, Square};

/// The squares a man of `role` on `sq` attacks (or moves to, a piece),
/// with `blockers` in the way.
fn steps(role: Role, sq: Square, blockers: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, blockers),
        Role::Rook => rook_attacks(sq, blockers),
        Role::Queen => queen_attacks(sq, blockers),
        Role::King => king_attacks(sq),
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// The squares a piece of `role` can reach from `from` by moves through
/// squares without fixed men, never onto `barred`.
fn region(role: Role, from: Square, fixed: Bitboard, barred: Bitboard) -> Bitboard {
    let mut reached = Bitboard::from_square(from);
    let mut frontier = reached;
    while let Some(sq) = frontier.first() {
        frontier.discard(sq);
        let new = steps(role, sq, fixed) & !fixed & !barred & !reached;
        reached |= new;
        frontier |= new;
    }
    reached
}

/// The squares the pawns of `color` attack.
fn pawn_attacked(color: Color, pawns: Bitboard) -> Bitboard {
    pawns
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(color, sq))
}

/// The squares a king steps to from any of `squares`.
fn king_steps(squares: Bitboard) -> Bitboard {
    squares
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, sq| acc | king_attacks(sq))
}

/// The squares around a king that shuttles between two squares and has no
/// other move: the other king can step next to either of them only to end
/// the game at once.
///
/// When every man of the `mover`'s opponent but its king can never move
/// and that king's region is two squares, the opponent's only move ever is
/// its king's step to the other square. The mover's king stepping next to
/// that square (or taking a man there) leaves the opponent without a move:
/// the game ends, in a stalemate unless the step uncovered a check, which
/// is then the mover's mate. So while the game goes on the mover's king
/// never stands there. When the mover is the side whose mate is in
/// question (`mate_matters`), that mate must be ruled out first: a line
/// from a square of the shuttle, open past the fixed men, with a slider of
/// the mover that moves along it (a bishop of that square's colour, a
/// rook, a queen), on which the mover's king could stand and step off next
/// to the other square. If there is one, or if the mover's king stands
/// there already, nothing is barred.
fn shuttle_bar(
    board: &crate::board::Board,
    mover: Color,
    fixed: Bitboard,
    guarded: Bitboard,
    mate_matters: bool,
) -> Bitboard {
    let victim = !mover;
    let kings = board.by_role(Role::King);
    let (Some(king), Some(own_king)) = (
        (kings & board.by_color(victim)).first(),
        (kings & board.by_color(mover)).first(),
    ) else {
        return Bitboard::EMPTY;
    };
    if board.by_color(victim) & !fixed != Bitboard::from_square(king) {
        return Bitboard::EMPTY;
    }
    let shuttle = region(Role::King, king, fixed, guarded);
    if shuttle.count() != 2 {
        return Bitboard::EMPTY;
    }
    let around = shuttle | king_steps(shuttle);
    if around.contains(own_king) {
        return Bitboard::EMPTY;
    }
    if !mate_matters {
        return around;
    }
    let mine = board.by_color(mover);
    let bishops = mine & board.by_role(Role::Bishop);
    let queens = mine & board.by_role(Role::Queen);
    let rooks = mine & board.by_role(Role::Rook);
    for here in shuttle {
        let there = shuttle - Bitboard::from_square(here);
        let colour = if here.is_dark() {
            Bitboard::DARK_SQUARES
        } else {
            !Bitboard::DARK_SQUARES
        };
        let mut lines = Bitboard::EMPTY;
        if queens.any() || bishops.intersects(colour) {
            lines |= bishop_attacks(here, fixed);
        }
        if queens.any() || rooks.any() {
            lines |= rook_attacks(here, fixed);
        }
        // Next to the other square, not next to this one (where the
        // victim's king stands).
        let arrivals = king_steps(there) - king_attacks(here) - Bitboard::from_square(here);
        let departures = lines & !fixed & !around;
        if king_steps(departures).intersects(arrivals) {
            return Bitboard::EMPTY;
        }
    }
    around
}

/// What a try of the proof came to.
enum Proof {
    /// The side can never mate.
    Holds,
    /// Nothing proved.
    Fails,
    /// These men of the structure could be taken: try without them.
    Taken(Bitboard),
}

/// For each side: the squares its pawns may stand on, and each pawn's.
type Paths = ([Bitboard; 2], [Vec<(Square, Bitboard)>; 2]);

/// The squares of each side's pawns that are not fixed may yet stand on,
/// all together and pawn by pawn: up their files to the fixed man, or the
/// other side's pawn that is not `vanishing` (cannot be taken), that stops
/// them. `None` when one could promote.
fn pawn_paths(
    board: &crate::board::Board,
    fixed: Bitboard,
    vanishing: [Bitboard; 2],
) -> Option<Paths> {
    let pawns = board.by_role(Role::Pawn);
    let mut paths = [Bitboard::EMPTY; 2];
    let mut pawn_paths: [Vec<(Square, Bitboard)>; 2] = [Vec::new(), Vec::new()];
    for c in Color::ALL {
        let stops = fixed | (pawns & board.by_color(!c) & !vanishing[!c as usize]);
        let last_rank = Bitboard::relative_rank(c, crate::types::Rank::Eighth);
        for sq in pawns & board.by_color(c) & !fixed {
            let mut at = Bitboard::from_square(sq);
            let mut path = Bitboard::EMPTY;
            loop {
                path |= at;
                let next = at.forward(c);
                if next.intersects(stops) {
                    break;
                }
                if next.is_empty() || next.intersects(last_rank) {
                    return None;
                }
                at = next;
            }
            paths[c as usize] |= path;
            pawn_paths[c as usize].push((sq, path));
        }
    }
    Some((paths, pawn_paths))
}

impl Position {
    /// The men that can never move: the largest set in which each pawn
    /// has a man of the set in front of it, each piece has only men of its
    /// side in the set on its next squares, and each king has around it
    /// only men of its side in the set or squares the other side's men in
    /// the set attack (so that it can neither step nor take).
    pub(crate) fn fixed_men(&self, exclude: Bitboard) -> Bitboard {
        let board = self.board();
        let mut fixed = board.occupied() - exclude;
        loop {
            // What each side's men in the set attack.
            let mut hold = [Bitboard::EMPTY; 2];
            for sq in fixed {
                let (Some(role), Some(piece)) = (board.role_at(sq), board.piece_at(sq)) else {
                    continue;
                };
                hold[piece.color as usize] |= match role {
                    Role::Pawn => pawn_attacks(piece.color, sq),
                    _ => steps(role, sq, fixed),
                };
            }
            let mut keep = Bitboard::EMPTY;
            for sq in fixed {
                let (Some(role), Some(piece)) = (board.role_at(sq), board.piece_at(sq)) else {
                    continue;
                };
                let own = board.by_color(piece.color) & fixed;
                let stuck = match role {
                    Role::Pawn => fixed.intersects(Bitboard::from_square(sq).forward(piece.color)),
                    Role::King => {
                        (king_attacks(sq) & !own & !hold[!piece.color as usize]).is_empty()
                    }
                    // Only the next squares matter: a slider that cannot
                    // take one step cannot move.
                    _ => (steps(role, sq, Bitboard::FULL) & !own).is_empty(),
                };
                if stuck {
                    keep.add(sq);
                }
            }
            if keep == fixed {
                return fixed;
            }
            fixed = keep;
        }
    }

    /// `true` when the pawn structure is fixed for good and wherever the
    /// other king can stand, either no man of `winner` can ever attack it
    /// or it always has a flight that no man of `winner` can ever attack
    /// and its own men cannot all block: then `winner` can never mate
    /// (whatever the men do). `false` says nothing.
    pub(crate) fn never_mates(&self, winner: Color) -> bool {
        if self.castling_rooks().any() || self.ep_square().is_some() {
            return false;
        }
        // Men of the structure that a king or piece could take may vanish:
        // the proof is tried again with them counted among the men that can
        // move (which only lets the others do more), a few times at most.
        let mut exclude = Bitboard::EMPTY;
        for _ in 0..4 {
            match self.never_mates_unless(winner, exclude) {
                Proof::Holds => return true,
                Proof::Fails => return false,
                Proof::Taken(taken) => exclude |= taken,
            }
        }
        false
    }

    /// [`Position::never_mates`] with the men on `exclude` not counted
    /// among those that can never move.
    fn never_mates_unless(&self, winner: Color, exclude: Bitboard) -> Proof {
        let board = self.board();
        let pawns = board.by_role(Role::Pawn);
        let fixed = self.fixed_men(exclude);
        // Cheap to see before anything else: a pawn with nothing to stop it
        // could promote (vanishing pawns only let others further), and a
        // pawn could take a man where it stands now.
        let Some((first_paths, _)) = pawn_paths(board, fixed, [Bitboard::EMPTY; 2]) else {
            return Proof::Fails;
        };
        let kings = board.by_role(Role::King);
        for c in Color::ALL {
            let hits = pawn_attacked(
                c,
                (pawns & board.by_color(c) & fixed) | first_paths[c as usize],
            );
            if hits.intersects(board.by_color(!c) & !kings) {
                return Proof::Fails;
            }
        }
        // Squares the fixed men of a side attack for good (a king may not
        // enter them, nor take a man defended so).
        let mut guarded = [Bitboard::EMPTY; 2];
        for c in Color::ALL {
            let mine = board.by_color(c);
            guarded[c as usize] = pawn_attacked(c, pawns & mine & fixed);
            for sq in mine & fixed & !pawns {
                if let Some(role) = board.role_at(sq) {
                    guarded[c as usize] |= steps(role, sq, fixed);
                }
            }
        }
        // Squares each king can enter only to end the game.
        let bar =
            Color::ALL.map(|c| shuttle_bar(board, c, fixed, guarded[c as usize], c == winner));
        // Where each side's pieces can go and what they can attack from
        // there; where its king can go; what its pieces and king could
        // take (a king only what nothing fixed defends).
        let mut attacks = [Bitboard::EMPTY; 2];
        let mut regions = [Bitboard::EMPTY; 2];
        let mut king_regions = [Bitboard::EMPTY; 2];
        let mut takes = [Bitboard::EMPTY; 2];
        // Where each man that can move may stand, one by one.
        let mut each: [Vec<Bitboard>; 2] = [Vec::new(), Vec::new()];
        for c in Color::ALL {
            for sq in board.by_color(c) & !fixed & !pawns {
                let Some(role) = board.role_at(sq) else {
                    continue;
                };
                if role == Role::King {
                    let barred = guarded[!c as usize] | bar[c as usize];
                    let reach = region(role, sq, fixed, barred);
                    king_regions[c as usize] |= reach;
                    let hits = king_steps(reach);
                    takes[c as usize] |= hits & !barred;
                } else {
                    let reach = region(role, sq, fixed, Bitboard::EMPTY);
                    let hits = reach
                        .into_iter()
                        .fold(Bitboard::EMPTY, |acc, s| acc | steps(role, s, fixed));
                    regions[c as usize] |= reach;
                    each[c as usize].push(reach);
                    attacks[c as usize] |= hits;
                    takes[c as usize] |= hits;
                }
            }
            // A king that can never move stands where it is.
            king_regions[c as usize] |= board.by_color(c) & fixed & board.by_role(Role::King);
        }
        // A fixed man taken would change the structure: try again with it
        // among the men that may move or vanish.
        let taken = Color::ALL.into_iter().fold(Bitboard::EMPTY, |acc, c| {
            acc | (takes[c as usize] & board.by_color(!c) & fixed)
        });
        if taken.any() {
            return Proof::Taken(taken);
        }
        // The squares each side's other pawns may yet stand on: up their
        // files to the fixed man, or the other side's pawn that can never
        // be taken, that stops them (none may promote; no pawn takes —
        // checked below — so none leaves its file). A pawn the other side
        // can take somewhere on its path may vanish, and the pawns it
        // stopped go further: repeated until nothing changes.
        let mut vanishing = [Bitboard::EMPTY; 2];
        let (paths, pawn_paths) = loop {
            let Some((paths, pawn_paths)) = pawn_paths(board, fixed, vanishing) else {
                return Proof::Fails;
            };
            let mut now = [Bitboard::EMPTY; 2];
            for c in Color::ALL {
                for &(sq, path) in &pawn_paths[c as usize] {
                    if path.intersects(takes[!c as usize]) {
                        now[c as usize].add(sq);
                    }
                }
            }
            if now == vanishing {
                break (paths, pawn_paths);
            }
            vanishing = now;
        };
        for c in Color::ALL {
            each[c as usize].extend(pawn_paths[c as usize].iter().map(|&(_, p)| p));
            // Fixed pieces attack only their own men; pawns what they
            // attack, from every square they may yet stand on.
            attacks[c as usize] |= guarded[c as usize] | pawn_attacked(c, paths[c as usize]);
            regions[c as usize] |= paths[c as usize];
        }
        for c in Color::ALL {
            // A pawn could take a man that comes within its reach (a pawn
            // passing by, en passant), or a fixed man standing there.
            let pawn_hits =
                pawn_attacked(c, (pawns & board.by_color(c) & fixed) | paths[c as usize]);
            let targets = regions[!c as usize] | (board.by_color(!c) & fixed);
            if pawn_hits.intersects(targets) {
                return Proof::Fails;
            }
        }
        // A mate needs the king attacked with no square to go to. Wherever
        // the winner can attack it, the next squares that no man of the
        // winner can ever attack (nor its king ever touch) are flights
        // unless a man of the loser stands on them (an undefended man of
        // the winner there is taken); each man blocks one square at a
        // time, so more such squares than men that can reach them leave
        // a flight.
        let (w, l) = (winner as usize, !winner as usize);
        let covered = attacks[w] | king_steps(king_regions[w]);
        let holds = (king_regions[l] & attacks[w]).into_iter().all(|k| {
            let safe = king_attacks(k) & !fixed & !covered;
            let blockers = each[l].iter().filter(|r| r.intersects(safe)).count();
            safe.intersects(!regions[l]) || safe.count() as usize > blockers
        });
        if holds {
            Proof::Holds
        } else {
            Proof::Fails
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::pawn_attacked;
    use crate::bitboard::Bitboard;
    use crate::testing::pos;
    use crate::types::{Color, Role};

    #[test]
    fn locked_chains_keep_the_bishops_away_from_the_kings() {
        // The white king shut in on h1 by its own pawn and the black pawn
        // that it blocks (and that it can never take): Black cannot mate.
        let p = pos("7k/8/8/3B4/8/6p1/1b4Pp/2b4K w - - 0 1");
        assert!(p.never_mates(Color::Black));
        // Bishops roaming their own halves behind a locked chain.
        let p = pos("1nb1k3/1p1p4/bPbPp3/BpPpPp1p/1P1P1P1P/8/8/7K w - - 0 1");
        assert!(p.never_mates(Color::White));
        assert!(p.never_mates(Color::Black));
        // The chain open on one file: nothing proved.
        let open = pos("1nb1k3/1p1p4/bPbPp3/BpPpPp2/1P1P1P1P/8/8/7K w - - 0 1");
        assert!(!open.never_mates(Color::White));
        // Pawns still to advance, each up to the chain that stops it.
        let p = pos("3k4/p1p1p1p1/P1P1P1P1/8/8/8/P1P1P1P1/3K4 w - - 0 1");
        assert!(p.never_mates(Color::White) && p.never_mates(Color::Black));
        // A pawn that could promote: nothing proved.
        let p = pos("3k4/p1p1p1p1/P1P1P1P1/8/8/8/P1P1P2P/3K4 w - - 0 1");
        assert!(!p.never_mates(Color::White));
        // Black's bishops all run on light squares: they can check the
        // white king, but around every light square it can stand on are
        // at least two dark ones no black man ever attacks, and of White's
        // men only one bishop can reach them (the other is shut in beyond
        // the chain): a flight is always left.
        let p = pos("4k3/8/1Bb3b1/1p1p1p1p/1P1P1P1P/1b6/3B4/4K3 b - - 0 1");
        assert!(p.never_mates(Color::Black));
        // Pawns the white king can take, pawns that close up once those
        // are gone: the king still always has a flight.
        let p = pos("3k4/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - - 0 1");
        assert!(p.never_mates(Color::White) && p.never_mates(Color::Black));
        // A pawn the white king could take, which lets a white pawn through
        // to promote: nothing proved.
        let p = pos("3k4/p1p1p1p1/P1P1P3/p7/8/8/P1P1P1P1/3K4 w - - 0 1");
        assert!(!p.never_mates(Color::Black));
        // The white king could take the pawn on e5 (nothing guards it),
        // which only lets the pawn on e4 close up to e6: with those two
        // counted among the men that may move or vanish, the chains still
        // part the kings.
        let p = pos("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/4P3/8/P1P3P1/4K3 w - - 0 1");
        assert!(p.never_mates(Color::White) && p.never_mates(Color::Black));
        // A rook behind the chain reaches the other king's side along an
        // open rank: nothing proved for that side.
        let p = pos("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/R3K3 w - - 0 1");
        assert!(!p.never_mates(Color::White));
        assert!(pos("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1").never_mates(Color::White));
    }

    /// A king that can only shuttle between two squares, all its other men
    /// fixed: the other king steps next to it only to stalemate it.
    #[test]
    fn a_king_next_to_a_shuttling_king_ends_the_game() {
        // White's king goes between h4 and h3 and nothing else of White's
        // ever moves. Black's king could take g2 — only next to h3, which
        // stalemates White at once — and Black's dark bishops cannot cover
        // h3: neither side can ever mate (CHA's vectors; before this proof
        // the taking of g2 freed the g-pawn and ended it).
        for fen in [
            "8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b - - 0 1",
            "8/8/7p/5p1P/5p1K/4bPp1/5bPb/4bkb1 b - - 0 1",
            "8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - - 0 1",
            // Black's king between a5 and a6 behind its blocked pawns, six
            // dark White bishops: the light a6 is always free.
            "8/1p2B1B1/1PpB1B2/k1P1B3/p1P2B2/P7/5K2/8 w - - 0 1",
        ] {
            let p = pos(fen);
            assert!(p.never_mates(Color::White), "{fen}");
            assert!(p.never_mates(Color::Black), "{fen}");
        }
    }

    #[test]
    fn no_squares_are_barred_where_a_discovered_mate_could_hide() {
        let around_shuttle = |fen: &str, mover: Color| {
            let p = pos(fen);
            let fixed = p.fixed_men(Bitboard::EMPTY);
            let board = p.board();
            let guarded = pawn_attacked(
                mover,
                board.by_role(Role::Pawn) & board.by_color(mover) & fixed,
            );
            super::shuttle_bar(board, mover, fixed, guarded, true)
        };
        let bar = around_shuttle(
            "8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b - - 0 1",
            Color::Black,
        );
        let expected = ["g2", "g3", "g4", "g5", "h2", "h3", "h4", "h5"];
        assert_eq!(bar.count() as usize, expected.len());
        for sq in expected {
            assert!(bar.contains(sq.parse().unwrap()), "{sq}");
        }
        // A rook of Black's: the h-file from h4 is open down to h1, where
        // Black's king could stand and step to g2 — nothing is barred.
        assert!(around_shuttle(
            "8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/r4kb1 b - - 0 1",
            Color::Black
        )
        .is_empty());
        // Black's king next to the shuttle already: nothing is barred.
        assert!(
            around_shuttle("8/2b5/1b5p/b4p1P/5p1K/5Pp1/6Pk/6b1 w - - 0 1", Color::Black).is_empty()
        );
    }
}
