//! Quiescence search: the captures (and promotions) until the position is
//! quiet, with the table's move first, its static evaluation and bounds to
//! stand pat on, and its results stored at depth 0.

use super::ordering::{order_winning, pick};
use super::*;

impl Searcher {
    /// Stores a quiescence node's result in the table at depth 0 (never a
    /// cutoff for the main search, whose depths start at 1; never in place
    /// of a main-search entry of this search: [`Table::store_shallow`]).
    fn store_quiescence(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        bound: Bound,
        ply: usize,
    ) {
        self.shared.tt.store_shallow(
            key,
            Entry {
                mv,
                score: score_to_tt(score, ply),
                eval,
                depth: 0,
                bound,
            },
        );
    }

    pub(super) fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(stack) = &mut self.nnue {
            stack.enter(ply, pos);
        }
        self.nodes += 1;
        self.check_time();
        if self.stopped() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        self.pv_len[ply.min(MAX_PLY)] = 0;
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        if pos.has_insufficient_material() {
            return 0;
        }
        let in_check = pos.is_check();
        let key = pos.key();
        // The table: a cutoff, else its move first and its static
        // evaluation instead of the network's.
        let tt = self.shared.tt.probe(key);
        if let Some(score) = tt.and_then(|e| tt_cutoff(&e, ply, alpha, beta)) {
            return score;
        }
        let tt_move = tt.and_then(|e| e.mv).filter(|&m| pos.is_legal_fast(m));
        let mut best = -INFINITY;
        let mut raw_eval = 0;
        if !in_check {
            raw_eval = tt.map_or_else(|| self.evaluate(pos, ply), |e| e.eval);
            let eval = self.corrected(raw_eval, Slots::of(pos));
            // A stored score bounds the node better than the static
            // evaluation where its bound points the right way.
            // (An exact score has already cut the node off.)
            let stand = match tt.map(|e| (e.bound, score_from_tt(e.score, ply))) {
                Some((Bound::Lower, s)) if s > eval && s.abs() < MATE_BOUND => s,
                Some((Bound::Upper, s)) if s < eval && s.abs() < MATE_BOUND => s,
                _ => eval,
            };
            if stand >= beta {
                if tt.is_none() {
                    self.store_quiescence(key, None, stand, raw_eval, Bound::Lower, ply);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        // In check, every evasion; else only the moves that can capture or
        // promote are generated (most positions have few of them), and
        // a position without one is asked whether it has any move at all.
        let mut moves = if in_check {
            pos.legal_moves()
        } else {
            capturing_moves(pos)
        };
        if moves.is_empty() && (in_check || !pos.has_legal_moves()) {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if !in_check {
            moves.retain(|m| {
                (pos.is_capture(m) || m.promotion_role() == Some(Role::Queen)) && see_ge(pos, m, 0)
            });
        }
        let mut scores = [0; MAX_MOVES];
        if in_check {
            self.order(pos, &moves, tt_move, ply.min(MAX_PLY), &mut scores);
        } else {
            order_winning(pos, &moves, tt_move, &mut scores);
        }
        let mut best_move = None;
        for index in 0..moves.len() {
            let m = pick(&mut moves, &mut scores, index);
            let child = pos.after_unchecked(m);
            self.shared.tt.prefetch(child.key());
            self.keys.push(key);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            self.keys.pop();
            if self.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        if tt.is_none_or(|e| e.depth <= 0) {
            self.store_quiescence(key, best_move, best, raw_eval, bound, ply);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Quiescence's score of `fen` (its side to move), with the built-in
    /// network, a fresh table and a full window.
    fn qsearch_of(fen: &str) -> i32 {
        let pos = match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("{fen}: {e}"),
        };
        let mut searcher = Searcher::new(Arc::new(Shared::new(1)), true);
        if let Some(stack) = &mut searcher.nnue {
            stack.reset(&pos);
        }
        searcher.qsearch(&pos, -INFINITY, INFINITY, 0)
    }

    /// A position without a capture is not a stalemate for that: it stands
    /// on its evaluation (here a queen down); a stalemate is a draw.
    #[test]
    fn no_capture_is_not_a_stalemate_and_a_stalemate_is_a_draw() {
        let queen_down = qsearch_of("7k/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(queen_down < -500, "{queen_down}");
        assert_eq!(qsearch_of("7k/5K2/6Q1/8/8/8/8/8 b - - 0 1"), 0);
        // In check: every evasion, and mate when there is none.
        assert_eq!(qsearch_of("7k/6Q1/5K2/8/8/8/8/8 b - - 0 1"), -MATE);
        // Captures there are searched: Black takes the hanging queen.
        let takes = qsearch_of("7k/8/8/8/8/8/1q6/Q3K3 b - - 0 1");
        assert!(takes > 500, "{takes}");
    }
}
