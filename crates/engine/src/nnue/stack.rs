//! The network's accumulators along the search path, updated lazily and
//! incrementally: a node records its board; when a node is evaluated, the
//! accumulators of the plies above it that were not yet brought up to date
//! are, each from its parent by the pieces that changed between the two
//! boards (a move, a capture, castling, a promotion or en passant alike), so
//! an accumulator is computed from scratch only at the root.

use std::sync::Arc;

use sakk::{Board, Color, Piece, Position, Role};

use super::features::index;
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
            acc.copy_from_slice(&self.net.ft_b);
            for (sq, piece) in root.board().pieces() {
                let f = index(perspective, piece.color, piece.role, sq.index());
                self.net.add(f as u16, acc);
            }
        }
        self.valid.fill(false);
        self.valid[0] = true;
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

    /// Brings ply `p`'s accumulators up to date from ply `p - 1`'s.
    fn update(&mut self, p: usize) {
        let h = self.net.hidden;
        let (before, rest) = self.accs.split_at_mut(p * 2 * h);
        let parent = &before[(p - 1) * 2 * h..];
        let child = &mut rest[..2 * h];
        child.copy_from_slice(parent);
        let (old, new) = (&self.boards[p - 1], &self.boards[p]);
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                let (was, is) = (old.by_piece(piece), new.by_piece(piece));
                for sq in was & !is {
                    for (k, perspective) in Color::ALL.into_iter().enumerate() {
                        let f = index(perspective, color, role, sq.index()) as u16;
                        self.net.sub(f, &mut child[k * h..(k + 1) * h]);
                    }
                }
                for sq in is & !was {
                    for (k, perspective) in Color::ALL.into_iter().enumerate() {
                        let f = index(perspective, color, role, sq.index()) as u16;
                        self.net.add(f, &mut child[k * h..(k + 1) * h]);
                    }
                }
            }
        }
        self.valid[p] = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::features::Active;
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
                    let fresh = net.evaluate(&Active::of(&pos));
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
