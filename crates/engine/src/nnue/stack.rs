//! The network's accumulators along the search path, updated lazily and
//! incrementally: a node records its board; when a node is evaluated, the
//! accumulators of the plies above it that were not yet brought up to date
//! are, each from its parent by the pieces that changed between the two
//! boards (a move, a capture, castling, a promotion or en passant alike), so
//! an accumulator is computed from scratch only at the root, and where a
//! king's move takes it into another of the network's king buckets (its
//! side's perspective then reads another set of weights).

use std::sync::Arc;

use sakk::{Board, Color, Piece, Position, Role};

use super::features::{index, INPUTS};
use super::net::QuantNet;

/// Accumulators for plies `0..=max_ply` of one search.
pub struct AccumulatorStack {
    net: Arc<QuantNet>,
    /// For each ply: White's perspective, then Black's, `hidden` each.
    accs: Vec<i16>,
    boards: Vec<Board>,
    valid: Vec<bool>,
}

impl AccumulatorStack {
    /// A stack for searches up to `max_ply` plies deep.
    pub fn new(net: Arc<QuantNet>, max_ply: usize) -> AccumulatorStack {
        let plies = max_ply + 1;
        AccumulatorStack {
            accs: vec![0; plies * 2 * net.hidden],
            boards: vec![Board::empty(); plies],
            valid: vec![false; plies],
            net,
        }
    }

    /// The network.
    pub fn net(&self) -> &Arc<QuantNet> {
        &self.net
    }

    /// Starts a search from `root`: its accumulators from scratch.
    pub fn reset(&mut self, root: &Position) {
        let h = self.net.hidden;
        self.boards[0] = *root.board();
        for (p, perspective) in Color::ALL.into_iter().enumerate() {
            let acc = &mut self.accs[p * h..(p + 1) * h];
            Self::refresh(&self.net, perspective, root.board(), acc);
        }
        self.valid.fill(false);
        self.valid[0] = true;
    }

    /// The accumulator of `perspective` on `board`, from scratch.
    #[cold]
    #[inline(never)]
    fn refresh(net: &QuantNet, perspective: Color, board: &Board, acc: &mut [i16]) {
        acc.copy_from_slice(&net.ft_b);
        let base = net.kings.of(perspective, board) * INPUTS;
        for (sq, piece) in board.pieces() {
            let f = base + index(perspective, piece.color, piece.role, sq.index());
            net.add(f as u16, acc);
        }
    }

    /// A node at `ply` (> 0) with position `pos` is entered.
    pub fn enter(&mut self, ply: usize, pos: &Position) {
        if ply == 0 || ply >= self.boards.len() {
            return;
        }
        self.boards[ply] = *pos.board();
        self.valid[ply] = false;
    }

    /// The evaluation of the node at `ply` (position `pos`), centipawns for
    /// the side to move.
    pub fn evaluate(&mut self, ply: usize, pos: &Position) -> i32 {
        let h = self.net.hidden;
        let ply = ply.min(self.boards.len() - 1);
        let mut first = ply;
        while first > 0 && !self.valid[first] {
            first -= 1;
        }
        for p in first + 1..=ply {
            self.update(p);
        }
        let base = ply * 2 * h;
        let (white, black) = self.accs[base..base + 2 * h].split_at(h);
        let men = pos.board().occupied().count() as usize;
        match pos.turn() {
            Color::White => self.net.output(white, black, men),
            Color::Black => self.net.output(black, white, men),
        }
    }

    /// Brings ply `p`'s accumulators up to date from ply `p - 1`'s: a
    /// move's first piece taken and first piece put in one pass over each
    /// (the whole of a quiet move), the rest (a capture's victim, the
    /// castling rook) one pass each.
    fn update(&mut self, p: usize) {
        let h = self.net.hidden;
        let (before, rest) = self.accs.split_at_mut(p * 2 * h);
        let parent = &before[(p - 1) * 2 * h..p * 2 * h];
        let child = &mut rest[..2 * h];
        let (old, new) = (&self.boards[p - 1], &self.boards[p]);
        let kings = self.net.kings;
        // A king gone into another bucket: its side's weights are another
        // set, that side's accumulator is made anew.
        let crossed = |perspective: Color| kings.of(perspective, new) != kings.of(perspective, old);
        let Some((taken, put)) = changes(old, new) else {
            for (k, perspective) in Color::ALL.into_iter().enumerate() {
                let out = &mut child[k * h..(k + 1) * h];
                if crossed(perspective) {
                    Self::refresh(&self.net, perspective, new, out);
                } else {
                    out.copy_from_slice(&parent[k * h..(k + 1) * h]);
                    Self::apply_all(&self.net, perspective, old, new, out);
                }
            }
            self.valid[p] = true;
            return;
        };
        for (k, perspective) in Color::ALL.into_iter().enumerate() {
            let out = &mut child[k * h..(k + 1) * h];
            let from = &parent[k * h..(k + 1) * h];
            if crossed(perspective) {
                Self::refresh(&self.net, perspective, new, out);
                continue;
            }
            let base = kings.of(perspective, new) * INPUTS;
            let feature = |&(piece, sq): &(Piece, usize)| {
                (base + index(perspective, piece.color, piece.role, sq)) as u16
            };
            match (taken.first(), put.first()) {
                (Some(t), Some(a)) => self.net.add_sub(from, feature(a), feature(t), out),
                _ => out.copy_from_slice(from),
            }
            let both = usize::from(!taken.is_empty() && !put.is_empty());
            for t in taken.iter().skip(both) {
                self.net.sub(feature(t), out);
            }
            for a in put.iter().skip(both) {
                self.net.add(feature(a), out);
            }
        }
        self.valid[p] = true;
    }

    /// Takes from `acc` (a copy of `perspective`'s accumulator of `old`)
    /// every piece of `old` that `new` lacks and adds every piece `new` has
    /// that `old` lacked, piece by piece (the king of `perspective` in the
    /// same bucket on both boards).
    fn apply_all(net: &QuantNet, perspective: Color, old: &Board, new: &Board, acc: &mut [i16]) {
        let base = net.kings.of(perspective, new) * INPUTS;
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let (was, is) = (old.by_piece(piece), new.by_piece(piece));
                for sq in was & !is {
                    net.sub(
                        (base + index(perspective, color, role, sq.index())) as u16,
                        acc,
                    );
                }
                for sq in is & !was {
                    net.add(
                        (base + index(perspective, color, role, sq.index())) as u16,
                        acc,
                    );
                }
            }
        }
    }
}

/// The most pieces a move takes off or puts on (castling: the king and the
/// rook).
const MOST_CHANGES: usize = 2;

/// Pieces, each with its square, a move took off or put on.
type Changed = ArrayList<(Piece, usize), MOST_CHANGES>;

/// What differs between two boards a move apart: the pieces `old` has
/// where `new` has another or none, and the pieces `new` has where `old`
/// had another or none (found from the squares whose colour or role
/// changed, two to four a move); `None` when more changed than a move
/// changes (the caller then compares piece by piece).
fn changes(old: &Board, new: &Board) -> Option<(Changed, Changed)> {
    let mut squares = (old.by_color(Color::White) ^ new.by_color(Color::White))
        | (old.by_color(Color::Black) ^ new.by_color(Color::Black));
    for role in Role::ALL {
        squares |= old.by_role(role) ^ new.by_role(role);
    }
    let (mut taken, mut put) = (Changed::default(), Changed::default());
    for sq in squares {
        if let Some(piece) = old.piece_at(sq) {
            taken.push((piece, sq.index()))?;
        }
        if let Some(piece) = new.piece_at(sq) {
            put.push((piece, sq.index()))?;
        }
    }
    Some((taken, put))
}

/// A list of at most `N` items on the stack.
#[derive(Clone, Copy)]
struct ArrayList<T: Copy, const N: usize> {
    items: [Option<T>; N],
    len: usize,
}

impl<T: Copy, const N: usize> Default for ArrayList<T, N> {
    fn default() -> Self {
        ArrayList {
            items: [None; N],
            len: 0,
        }
    }
}

impl<T: Copy, const N: usize> ArrayList<T, N> {
    /// Appends `item`; `None` when the list is full.
    fn push(&mut self, item: T) -> Option<()> {
        *self.items.get_mut(self.len)? = Some(item);
        self.len += 1;
        Some(())
    }

    fn first(&self) -> Option<&T> {
        self.items.first()?.as_ref()
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn iter(&self) -> impl Iterator<Item = &T> {
        self.items[..self.len].iter().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::KingBuckets;
    use crate::nnue::net::FloatNet;
    use crate::rng::Rng;

    #[test]
    fn lazy_incremental_evaluation_equals_a_fresh_one() {
        lazy_equals_fresh(FloatNet::new(32, 11));
    }

    #[test]
    fn a_bucketed_net_is_evaluated_in_the_node_s_bucket() {
        let Some(mut net) = FloatNet::new(32, 11).bucketed(8) else {
            panic!("not bucketed")
        };
        for (i, w) in net.out_w.iter_mut().enumerate() {
            *w *= 1.0 + (i / 64) as f32;
        }
        lazy_equals_fresh(net);
    }

    /// A net whose king buckets differ (so that a wrong bucket shows).
    fn king_bucketed() -> FloatNet {
        let Some(mut net) = FloatNet::new(32, 12)
            .bucketed(8)
            .and_then(|n| n.king_bucketed(KingBuckets::Eight))
        else {
            panic!("not bucketed")
        };
        let rows = 32 * crate::nnue::features::INPUTS;
        for (i, w) in net.ft_w.iter_mut().enumerate() {
            *w += ((i / rows) as f32 - 3.5) * 0.02 + ((i * 7) % 13) as f32 * 0.003;
        }
        for w in &mut net.out_w {
            *w *= 4.0;
        }
        net
    }

    #[test]
    fn a_king_bucketed_net_is_refreshed_where_a_king_changes_bucket() {
        lazy_equals_fresh(king_bucketed());
        let net = Arc::new(king_bucketed().quantize());
        let mut stack = AccumulatorStack::new(Arc::clone(&net), 4);
        for (fen, uci, crosses) in [
            // Castling: White's king from e1 (bucket 2) to g1 (3).
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", true),
            ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", true),
            // Off the first rank.
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2", true),
            // Within the e–f files (on the first rank, and beyond it), and
            // from them to the c–d files.
            ("4k3/8/8/8/8/8/8/5K2 w - - 0 1", "f1e1", false),
            ("8/4k3/8/8/8/8/8/4K3 b - - 0 1", "e7f6", false),
            ("8/4k3/8/8/8/8/8/4K3 b - - 0 1", "e7d6", true),
            // A capture by the king into another bucket.
            ("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", "e1d2", true),
        ] {
            let Ok(pos) = Position::from_any_fen(fen) else {
                panic!("{fen}")
            };
            let Ok(m) = pos.parse_uci(uci) else {
                panic!("{uci} in {fen}")
            };
            let child = pos.after_unchecked(m);
            let side = pos.turn();
            assert_eq!(
                net.kings.of(side, pos.board()) != net.kings.of(side, child.board()),
                crosses,
                "{uci}"
            );
            stack.reset(&pos);
            stack.enter(1, &child);
            assert_eq!(
                stack.evaluate(1, &child),
                net.evaluate_position(&child),
                "{uci}"
            );
            // And back: the parent's accumulators were kept.
            assert_eq!(
                stack.evaluate(0, &pos),
                net.evaluate_position(&pos),
                "{uci}"
            );
        }
        // Boards further apart than a move (the piece-by-piece path), one
        // king in another bucket, the other in the same.
        let (Ok(start), Ok(far)) = (
            Position::from_fen(sakk::STARTING_FEN),
            Position::from_fen("rnbqk2r/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQ1RK1 w kq - 0 1"),
        ) else {
            panic!("FENs")
        };
        assert!(changes(start.board(), far.board()).is_none());
        stack.reset(&start);
        stack.enter(1, &far);
        assert_eq!(stack.evaluate(1, &far), net.evaluate_position(&far));
    }

    /// The pieces a move takes off and puts on, for the moves that change
    /// more than one square's piece, each evaluated after the update as a
    /// fresh evaluation; a piece taken off alone, and boards further apart
    /// than a move (the piece-by-piece path), too.
    #[test]
    fn a_move_s_changes_and_a_far_update() {
        let net = Arc::new(FloatNet::new(32, 5).quantize());
        let mut stack = AccumulatorStack::new(Arc::clone(&net), 4);
        let cases = [
            // Castling: king and rook.
            ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 2, 2),
            // Chess960 castling where king and rook swap squares: only
            // their roles change there.
            ("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", 2, 2),
            // En passant: the pawn and its victim off, the pawn on.
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 2, 1),
            // A promotion that captures.
            ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 2, 1),
            // A quiet move.
            ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3", 1, 1),
        ];
        for (fen, uci, off, on) in cases {
            let Ok(pos) = Position::from_any_fen(fen) else {
                panic!("{fen}")
            };
            let Ok(m) = pos.parse_uci(uci) else {
                panic!("{uci} in {fen}")
            };
            let child = pos.after_unchecked(m);
            let Some((taken, put)) = changes(pos.board(), child.board()) else {
                panic!("{uci}: more than a move's changes")
            };
            assert_eq!(
                (taken.iter().count(), put.iter().count()),
                (off, on),
                "{uci}"
            );
            stack.reset(&pos);
            stack.enter(1, &child);
            let fresh = net.evaluate_position(&child);
            assert_eq!(stack.evaluate(1, &child), fresh, "{uci}");
        }
        let (Ok(start), Ok(pawn_less), Ok(far)) = (
            Position::from_fen(sakk::STARTING_FEN),
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
            Position::from_fen("4k3/2p5/8/3r4/8/2N5/4P3/4K3 w - - 0 1"),
        ) else {
            panic!("FENs")
        };
        // A piece taken off and none put on: the update's other path.
        let only_taken = changes(start.board(), pawn_less.board());
        assert!(only_taken.is_some_and(|(t, p)| t.iter().count() == 1 && p.is_empty()));
        assert!(changes(start.board(), far.board()).is_none());
        for next in [pawn_less, far] {
            stack.reset(&start);
            stack.enter(1, &next);
            assert_eq!(stack.evaluate(1, &next), net.evaluate_position(&next));
        }
    }

    fn lazy_equals_fresh(net: FloatNet) {
        let net = Arc::new(net.quantize());
        let mut stack = AccumulatorStack::new(Arc::clone(&net), 64);
        let mut rng = Rng::new(2);
        // From the start, and from an endgame (the low buckets).
        let endgame = Position::from_fen("4k3/2p5/8/3r4/8/2N5/4P3/4K3 w - - 0 1");
        let Ok(endgame) = endgame else {
            panic!("the endgame's FEN")
        };
        for game in 0..50 {
            // A random path: make moves, sometimes evaluate, sometimes go
            // back up and take another branch (as a search does).
            let root = if game % 2 == 0 {
                Position::new()
            } else {
                endgame
            };
            stack.reset(&root);
            let mut path = vec![root];
            for _ in 0..200 {
                let ply = path.len() - 1;
                let pos = path[ply];
                if rng.below(3) == 0 {
                    let fresh = net.evaluate_position(&pos);
                    assert_eq!(stack.evaluate(ply, &pos), fresh, "{}", pos.fen());
                }
                let moves = pos.legal_moves();
                if moves.is_empty() || ply == 64 || rng.below(5) == 0 {
                    let back = rng.below(path.len());
                    path.truncate(back.max(1));
                    continue;
                }
                let mut child = pos.after_unchecked(moves[rng.below(moves.len())]);
                if rng.below(20) == 0 && !child.is_check() {
                    child.play_null();
                }
                stack.enter(ply + 1, &child);
                path.push(child);
            }
        }
    }
}
