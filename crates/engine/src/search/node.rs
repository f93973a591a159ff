//! The alpha-beta search of one node: the table's cutoffs, the static
//! evaluation corrected, the pruning before the moves (reverse futility,
//! null move, ProbCut), internal iterative reduction, the moves in order
//! with their extensions (check, singular), pruning and reductions, and
//! what the node stores and learns.

use super::ordering::pick;
use super::*;

impl Searcher {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.pv_len[ply] = 0;
        if let Some(stack) = &mut self.nnue {
            stack.enter(ply, pos);
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        self.check_time();
        if self.stopped() && !root {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if !root {
            if self.is_draw(pos, ply) {
                return 0;
            }
            if ply >= MAX_PLY {
                return self.evaluate(pos, ply);
            }
            // Mate distance pruning.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = pos.is_check();
        let key = pos.key();
        // A singular-extension search of this node leaves one move out:
        // the table's entry is the whole node's, no cutoff from it, none
        // stored.
        let excluded = self.excluded[ply];
        let tt = self.shared.tt.probe(key);
        let tt_move = tt.and_then(|e| e.mv).filter(|&m| pos.is_legal_fast(m));
        if let Some(e) = tt {
            if !pv_node && excluded.is_none() && e.depth >= depth {
                if let Some(score) = tt_cutoff(&e, ply, alpha, beta) {
                    return score;
                }
            }
        }

        // The static evaluation (the table's when it has one), and that
        // corrected by what searches of alike positions found (and where
        // the node's result is learned); none in check.
        let (raw_eval, eval, slots) = if in_check {
            (-INFINITY, -INFINITY, None)
        } else {
            let slots = Slots::of(pos);
            let raw = tt.map_or_else(|| self.evaluate(pos, ply), |e| e.eval);
            (raw, self.corrected(raw, slots), Some(slots))
        };
        self.stack_eval[ply] = eval;
        let improving = !in_check && ply >= 2 && eval > self.stack_eval[ply - 2];

        if !pv_node && !in_check && !root {
            // Reverse futility pruning.
            if depth <= RFP_DEPTH
                && eval - self.params.rfp_margin * (depth - i32::from(improving)) >= beta
                && eval < MATE_BOUND
            {
                return eval;
            }
            // Null move pruning.
            let non_pawn = pos.board().by_color(pos.turn())
                & !(pos.board().by_role(Role::Pawn) | pos.board().by_role(Role::King));
            if depth >= NMP_DEPTH
                && excluded.is_none()
                && eval >= beta
                && non_pawn.any()
                && self.stack_move[ply - 1].is_some()
            {
                let r =
                    3 + depth / 4 + ((eval - beta) / self.params.nmp_eval_divisor.max(1)).min(3);
                let mut child = *pos;
                child.play_null();
                self.shared.tt.prefetch(child.key());
                self.keys.push(key);
                self.stack_move[ply] = None;
                let score = -self.search(&child, -beta, -beta + 1, depth - r, ply + 1, !cut);
                self.keys.pop();
                if self.stopped() {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // ProbCut: a good capture whose shallow search beats beta by a
        // margin would very likely beat beta at full depth too: the node
        // fails high on it without the full search.
        let probcut_beta = beta + self.params.probcut_margin
            - self.params.probcut_improving * i32::from(improving);
        if !pv_node
            && !in_check
            && !root
            && excluded.is_none()
            && depth >= PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND
            && !tt
                .is_some_and(|e| e.depth >= depth - 3 && score_from_tt(e.score, ply) < probcut_beta)
        {
            if let Some(score) = self.probcut(pos, tt_move, raw_eval, probcut_beta, depth, ply, cut)
            {
                return score;
            }
        }

        // Internal iterative reduction: a node the table knows no move
        // of is searched a ply less deep (its move ordering is a guess,
        // and the next visit finds the move this one stores).
        let depth = if tt_move.is_none() && depth >= IIR_DEPTH {
            depth - 1
        } else {
            depth
        };

        let mut moves = pos.legal_moves();
        if root {
            let filter = &self.root_filter;
            let excluded = &self.excluded_root;
            moves.retain(|m| filter.contains(&m) && !excluded.contains(&m));
        }
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut scores = [0; MAX_MOVES];
        self.order(pos, &moves, tt_move, ply, &mut scores);

        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = MoveList::new();
        let original_alpha = alpha;
        for index in 0..moves.len() {
            let m = pick(&mut moves, &mut scores, index);
            if Some(m) == excluded {
                continue;
            }
            let capture = pos.is_capture(m);
            let quiet = !capture && !m.is_promotion();

            // Whether it checks, asked without playing it: most of the
            // moves pruned below are never played.
            let gives_check = pos.gives_check(m);
            // The late-move reduction's table for this depth and move: the
            // pruning below weighs it, the reduction starts from it.
            let table_reduction = self.lmr[(depth as usize).min(63)][index.min(63)];
            if !root && best_score > -MATE_BOUND && !in_check && !gives_check {
                // Late move pruning and futility pruning of quiet moves
                // (never of checks), SEE pruning of losing captures.
                if quiet {
                    // The depth the move would be searched to after its
                    // reduction: what futility and exchange pruning weigh.
                    let lmr_depth = (depth - 1 - table_reduction).max(0);
                    if depth <= LMP_DEPTH
                        && quiets_tried.len() as i32
                            > 3 + depth * depth / (2 - i32::from(improving))
                    {
                        continue;
                    }
                    if lmr_depth <= FUTILITY_DEPTH
                        && eval
                            + self.params.futility_base
                            + self.params.futility_per_depth * lmr_depth
                            <= alpha
                    {
                        continue;
                    }
                    if self.history_prunes(pos, m, depth, ply, improving) {
                        continue;
                    }
                    // A quiet move that loses material by exchange.
                    if lmr_depth <= QUIET_SEE_DEPTH
                        && !see_ge(pos, m, -QUIET_SEE_MARGIN * lmr_depth * lmr_depth)
                    {
                        continue;
                    }
                } else if depth <= 6 && !see_ge(pos, m, -self.params.see_capture_margin * depth) {
                    continue;
                }
            }

            let child = pos.after_unchecked(m);
            self.shared.tt.prefetch(child.key());
            // A check is searched a ply deeper unless it loses material by
            // exchange (a sacrifice for a check is searched as it stands).
            let mut extension =
                i32::from(gives_check && ply < 2 * depth as usize + 10 && see_ge(pos, m, 0));
            // The table's move, tested while its entry is at hand.
            let tested = Some(m) == tt_move && !root && excluded.is_none() && depth >= SE_DEPTH;
            if let Some(e) = tt.filter(|_| tested) {
                let singular = self.singular(pos, m, &e, depth, beta, ply, cut);
                // The singular search at this ply wrote its own evaluation
                // (corrected anew) where this node's is kept.
                self.stack_eval[ply] = eval;
                if self.stopped() {
                    return 0;
                }
                match singular {
                    Singular::Extend => extension = 1,
                    Singular::MultiCut(score) => return score,
                    Singular::Reduce => extension = -1,
                    Singular::Neither => {}
                }
            }
            self.push_path(pos, key, m, ply);
            let new_depth = depth - 1 + extension;
            let nodes_before = self.nodes;

            let score = if index == 0 {
                -self.search(&child, -beta, -alpha, new_depth, ply + 1, false)
            } else {
                let mut reduction = 0;
                if depth >= LMR_DEPTH && index >= LMR_MOVE && quiet {
                    reduction = table_reduction;
                    reduction += i32::from(!pv_node) + i32::from(!improving) + i32::from(cut);
                    reduction -= i32::from(gives_check);
                    reduction -= (self.quiet_score(pos, m, ply)
                        / self.params.lmr_history_divisor.max(1))
                    .clamp(-LMR_HISTORY_MOST, LMR_HISTORY_MOST);
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(
                    &child,
                    -alpha - 1,
                    -alpha,
                    new_depth - reduction,
                    ply + 1,
                    true,
                );
                if s > alpha && reduction > 0 {
                    s = -self.search(&child, -alpha - 1, -alpha, new_depth, ply + 1, !cut);
                }
                if s > alpha && s < beta {
                    s = -self.search(&child, -beta, -alpha, new_depth, ply + 1, false);
                }
                s
            };
            self.keys.pop();
            if root {
                let spent = self.nodes - nodes_before;
                match self.root_nodes.iter_mut().find(|(r, _)| *r == m) {
                    Some((_, n)) => *n += spent,
                    None => self.root_nodes.push((m, spent)),
                }
            }

            if self.stopped() && !(root && index == 0 && best_move.is_none()) {
                if root && best_move.is_some() {
                    break;
                }
                return 0;
            }
            if quiet {
                quiets_tried.push(m);
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    // Update the principal variation.
                    self.pv[ply][0] = Some(m);
                    let child_len = self.pv_len[ply + 1];
                    for i in 0..child_len {
                        self.pv[ply][i + 1] = self.pv[ply + 1][i];
                    }
                    self.pv_len[ply] = child_len + 1;
                    if score >= beta {
                        if quiet {
                            self.update_quiet(pos, m, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        if best_score == -INFINITY {
            // Every move was pruned: fall back to the static evaluation.
            best_score = alpha;
        }

        if (!root || self.excluded_root.is_empty()) && excluded.is_none() && !self.stopped() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_move.is_some() && best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            // The correction learns from a quiet result whose bound says
            // which way the static evaluation erred.
            let quiet_best = best_move.is_none_or(|m| !pos.is_capture(m) && !m.is_promotion());
            // Every move failed low: the opponent's quiet move that led
            // here was a good one.
            if bound == Bound::Upper && !root {
                self.reward_prior(pos, depth, ply);
            }
            if let Some(slots) = slots.filter(|_| {
                quiet_best
                    && best_score.abs() < MATE_BOUND
                    && !(bound == Bound::Lower && best_score <= eval)
                    && !(bound == Bound::Upper && best_score >= eval)
            }) {
                self.correction.update(slots, depth, best_score - raw_eval);
            }
            self.shared.tt.store(
                key,
                Entry {
                    mv: best_move,
                    score: score_to_tt(best_score, ply),
                    eval: if in_check { 0 } else { raw_eval },
                    depth,
                    bound,
                },
            );
        }
        best_score
    }

    /// Singular extensions: whether the table's move `m` (its entry `e`)
    /// is the only good move here — the others searched to half the
    /// depth, `m` left out, all fail below the table's score less a margin
    /// — and then worth a ply more; or whether the others alone beat
    /// `beta` (a multi-cut: the node fails high without searching `m`); or
    /// whether `m` is expected to fail high anyway (a ply less).
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        pos: &Position,
        m: Move,
        e: &Entry,
        depth: i32,
        beta: i32,
        ply: usize,
        cut: bool,
    ) -> Singular {
        let tt_score = score_from_tt(e.score, ply);
        if e.depth < depth - 3 || e.bound == Bound::Upper || tt_score.abs() >= MATE_BOUND {
            return Singular::Neither;
        }
        let s_beta = tt_score - SE_MARGIN * depth;
        self.excluded[ply] = Some(m);
        let score = self.search(pos, s_beta - 1, s_beta, (depth - 1) / 2, ply, cut);
        self.excluded[ply] = None;
        if score < s_beta {
            Singular::Extend
        } else if s_beta >= beta {
            Singular::MultiCut(s_beta)
        } else if tt_score >= beta {
            Singular::Reduce
        } else {
            Singular::Neither
        }
    }

    /// ProbCut's search: the captures (and queen promotions) that win at
    /// least `beta - eval` by exchange, each tried with a quiescence search
    /// and, where that beats `beta`, a search [`PROBCUT_REDUCTION`] plies
    /// shallower; the score of the first that still beats `beta` (stored
    /// in the table as a lower bound), or `None`.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        pos: &Position,
        tt_move: Option<Move>,
        raw_eval: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut: bool,
    ) -> Option<i32> {
        let key = pos.key();
        let eval = self.stack_eval[ply];
        let mut moves = capturing_moves(pos);
        moves.retain(|m| {
            (pos.is_capture(m) || m.promotion_role() == Some(Role::Queen))
                && see_ge(pos, m, beta - eval)
        });
        let mut scores = [0; MAX_MOVES];
        self.order(pos, &moves, tt_move, ply, &mut scores);
        let shallower = depth - PROBCUT_REDUCTION;
        for index in 0..moves.len() {
            let m = pick(&mut moves, &mut scores, index);
            let child = pos.after_unchecked(m);
            self.push_path(pos, key, m, ply);
            let mut score = -self.qsearch(&child, -beta, -beta + 1, ply + 1);
            if score >= beta && shallower > 0 {
                score = -self.search(&child, -beta, -beta + 1, shallower, ply + 1, !cut);
            }
            self.keys.pop();
            if self.stopped() {
                return None;
            }
            if score >= beta {
                self.shared.tt.store(
                    key,
                    Entry {
                        mv: Some(m),
                        score: score_to_tt(score, ply),
                        eval: raw_eval,
                        depth: shallower + 1,
                        bound: Bound::Lower,
                    },
                );
                return Some(score);
            }
        }
        None
    }

    fn push_path(&mut self, pos: &Position, key: u64, m: Move, ply: usize) {
        self.keys.push(key);
        self.stack_move[ply] = Some((m, Searcher::piece_index(pos, m)));
        self.stack_quiet[ply] = !pos.is_capture(m) && !m.is_promotion();
    }
}

/// What a singular-extension search says of the table's move.
enum Singular {
    /// It is the only good move: a ply more.
    Extend,
    /// The other moves beat beta too: the node fails high with this score.
    MultiCut(i32),
    /// It is likely to fail high anyway: a ply less.
    Reduce,
    /// Nothing to change.
    Neither,
}
