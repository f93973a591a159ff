//! The order in which a node tries its moves (the table's move, captures by
//! exchange, killers, counter-moves, the histories), the histories' updates
//! after a node, and continuation-history pruning.

use super::*;
use crate::continuation::row_get;

/// A history score moved by `b` towards ±[`HISTORY_SCALE`], the more
/// slowly the nearer it is (the "gravity" that keeps it within the scale).
fn age(h: &mut i32, b: i32) {
    *h += b - *h * b.abs() / HISTORY_SCALE;
}

impl Searcher {
    /// Each move's score for [`pick`] (the higher, the sooner), written
    /// into `scores` at the move's index: a list on the stack, so that a
    /// node allocates nothing.
    pub(super) fn order(
        &mut self,
        pos: &Position,
        moves: &MoveList,
        tt_move: Option<Move>,
        ply: usize,
        scores: &mut [i32; MAX_MOVES],
    ) {
        let counter = self.stack_move[ply.saturating_sub(1)]
            .filter(|_| ply > 0)
            .and_then(|(m, piece)| self.counter[piece][m.to().index()]);
        self.stack_threats[ply] = pos.board().attacked_by(!pos.turn());
        let quiet = self.quiet_scorer(pos, ply);
        let score = |&m: &Move| {
            if Some(m) == tt_move {
                return TABLE_MOVE;
            }
            if let Some(promo) = m.promotion_role() {
                return promotion_score(promo);
            }
            if pos.is_capture(m) {
                let mvv = mvv_lva(pos, m);
                return if see_ge(pos, m, 0) {
                    GOOD_CAPTURE + mvv
                } else {
                    -(1 << 21) + mvv
                };
            }
            if self.killers[ply][0] == Some(m) {
                return (1 << 28) + 2;
            }
            if self.killers[ply][1] == Some(m) {
                return (1 << 28) + 1;
            }
            if counter == Some(m) {
                return 1 << 27;
            }
            quiet.score(pos, m)
        };
        for (slot, m) in scores.iter_mut().zip(moves.iter()) {
            *slot = score(m);
        }
    }

    /// The move `back + 1` plies before `ply` (none at the root's edge or
    /// after a null move), as the continuation histories key it.
    fn earlier(&self, ply: usize, back: usize) -> Option<(usize, usize)> {
        let at = ply.checked_sub(back + 1)?;
        self.stack_move[at].map(|(m, piece)| (piece, m.to().index()))
    }

    /// A quiet move's score from the histories: the plain one and the
    /// continuations one and two plies back.
    pub(super) fn quiet_score(&self, pos: &Position, m: Move, ply: usize) -> i32 {
        self.quiet_scorer(pos, ply).score(pos, m)
    }

    /// The histories' rows that score the quiet moves of the node at `ply`
    /// (position `pos`), looked up once for all of them.
    pub(super) fn quiet_scorer(&self, pos: &Position, ply: usize) -> QuietScorer<'_> {
        let rows: [&[i16]; BACK] = std::array::from_fn(|back| {
            self.earlier(ply, back)
                .map_or(&[][..], |earlier| self.continuation.row(back, earlier))
        });
        QuietScorer {
            history: &self.history[pos.turn().index()],
            threats: self.stack_threats[ply],
            rows,
        }
    }

    /// Continuation-history pruning: whether a quiet move at low depth
    /// has fared so badly after the moves one or two plies before it that
    /// it is not worth a search.
    pub(super) fn history_prunes(
        &self,
        pos: &Position,
        m: Move,
        depth: i32,
        ply: usize,
        improving: bool,
    ) -> bool {
        let now = (Searcher::piece_index(pos, m), m.to().index());
        let i = usize::from(improving);
        let p = &self.params;
        let limits = if improving {
            [
                (COUNTER_PRUNE_DEPTH[i], p.counter_prune_limit_improving),
                (FOLLOW_UP_PRUNE_DEPTH[i], p.follow_up_prune_limit_improving),
            ]
        } else {
            [
                (COUNTER_PRUNE_DEPTH[i], p.counter_prune_limit),
                (FOLLOW_UP_PRUNE_DEPTH[i], p.follow_up_prune_limit),
            ]
        };
        limits.iter().enumerate().any(|(back, &(most, limit))| {
            depth <= most
                && self
                    .earlier(ply, back)
                    .is_some_and(|earlier| self.continuation.get(back, earlier, now) < limit)
        })
    }

    pub(super) fn update_quiet(
        &mut self,
        pos: &Position,
        best: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
    ) {
        let us = pos.turn().index();
        let threats = self.stack_threats[ply];
        let bonus = self.history_bonus(depth);
        let history = &mut self.history[us];
        age(
            &mut history[threat_index(threats, best)][best.from().index()][best.to().index()],
            bonus,
        );
        for &m in tried {
            if m != best {
                age(
                    &mut history[threat_index(threats, m)][m.from().index()][m.to().index()],
                    -bonus,
                );
            }
        }
        for back in 0..BACK {
            let Some(earlier) = self.earlier(ply, back) else {
                continue;
            };
            for &m in tried {
                let now = (Searcher::piece_index(pos, m), m.to().index());
                let b = if m == best { bonus } else { -bonus };
                self.continuation
                    .update(back, earlier, now, b, HISTORY_SCALE);
            }
        }
        if self.killers[ply][0] != Some(best) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(best);
        }
        if ply > 0 {
            if let Some((prev, piece)) = self.stack_move[ply - 1] {
                self.counter[piece][prev.to().index()] = Some(best);
            }
        }
    }

    /// The opponent's quiet move at `ply - 1` (none after a null move)
    /// led to a node where every move failed low: it gets the histories'
    /// bonus of a move that cut off at `depth`, in the opponent's history
    /// and its continuation histories.
    pub(super) fn reward_prior(&mut self, pos: &Position, depth: i32, ply: usize) {
        let Some(prior) = ply.checked_sub(1) else {
            return;
        };
        let Some((prev, piece)) = self.stack_move[prior].filter(|_| self.stack_quiet[prior]) else {
            return;
        };
        let bonus = self.history_bonus(depth);
        let them = (!pos.turn()).index();
        let t = threat_index(self.stack_threats[prior], prev);
        age(
            &mut self.history[them][t][prev.from().index()][prev.to().index()],
            bonus,
        );
        let now = (piece, prev.to().index());
        for back in 0..BACK {
            if let Some(earlier) = self.earlier(prior, back) {
                self.continuation
                    .update(back, earlier, now, bonus, HISTORY_SCALE);
            }
        }
    }

    /// The histories' bonus of a quiet move that cut off at `depth` (and
    /// the malus of those tried before it).
    fn history_bonus(&self, depth: i32) -> i32 {
        let p = &self.params;
        (p.history_quadratic * depth * depth + p.history_linear * (depth - 1).max(0))
            .min(p.history_max_bonus)
    }

    pub(super) fn piece_index(pos: &Position, m: Move) -> usize {
        let role = pos.moving_role(m).map_or(0, |r| r.index());
        role + if pos.turn() == Color::Black { 6 } else { 0 }
    }
}

/// The histories of one node's side to move and earlier moves: a quiet
/// move's score is the plain history's and the continuation histories'
/// ([`Searcher::quiet_score`]).
pub(super) struct QuietScorer<'a> {
    history: &'a [[[i32; 64]; 64]; 4],
    /// The squares the opponent attacks: which of the four histories
    /// keys a move.
    threats: Bitboard,
    rows: [&'a [i16]; BACK],
}

impl QuietScorer<'_> {
    /// The score of the quiet move `m` of the node's position `pos`.
    #[inline]
    pub(super) fn score(&self, pos: &Position, m: Move) -> i32 {
        let now = (Searcher::piece_index(pos, m), m.to().index());
        let mut score =
            self.history[threat_index(self.threats, m)][m.from().index()][m.to().index()];
        for row in self.rows {
            score += row_get(row, now);
        }
        score
    }
}

/// The table's move's score: before every other move.
const TABLE_MOVE: i32 = 1 << 30;
/// A good capture's score before its victim and attacker count.
const GOOD_CAPTURE: i32 = 1 << 29;
/// A queen promotion's score: before every good capture.
const QUEEN_PROMOTION: i32 = GOOD_CAPTURE + 2000;

/// A capture's order among captures: the most valuable victim first, then
/// the least valuable attacker.
fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos.captured_role(m).map_or(0, |r| SEE_VALUES[r.index()]);
    let attacker = pos.moving_role(m).map_or(0, |r| r.index() as i32);
    victim * 8 - attacker
}

/// A promotion's score: a queen's before every good capture, an
/// under-promotion's after every quiet move.
fn promotion_score(promo: Role) -> i32 {
    if promo == Role::Queen {
        QUEEN_PROMOTION
    } else {
        -(1 << 20)
    }
}

/// The scores [`Searcher::order`] gives moves that are all captures that
/// do not lose by exchange (under-promotions that capture among them) or
/// queen promotions — quiescence's, out of check — without asking the
/// exchange again.
pub(super) fn order_winning(
    pos: &Position,
    moves: &MoveList,
    tt_move: Option<Move>,
    scores: &mut [i32; MAX_MOVES],
) {
    for (slot, &m) in scores.iter_mut().zip(moves.iter()) {
        *slot = if Some(m) == tt_move {
            TABLE_MOVE
        } else if let Some(promo) = m.promotion_role() {
            promotion_score(promo)
        } else {
            GOOD_CAPTURE + mvv_lva(pos, m)
        };
    }
}

/// Brings the best-scored of the remaining moves to `index` (one step of
/// a selection sort: most nodes cut off after a move or two) and returns it;
/// `scores` holds at least as many scores as `moves` has moves.
pub(super) fn pick(moves: &mut [Move], scores: &mut [i32], index: usize) -> Move {
    // The first of the best: the highest score found without a branch a
    // move (the compiler's vector maximum), then where it first stands —
    // the move a scan keeping the first strictly higher score would pick.
    let rest = &scores[index..moves.len()];
    let high = rest.iter().copied().max().unwrap_or(i32::MIN);
    let best = index + rest.iter().position(|&s| s == high).unwrap_or(0);
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Quiescence's moves out of check (captures that do not lose by
    /// exchange, capturing under-promotions among them, and queen
    /// promotions) get the same scores from [`order_winning`] as from
    /// [`Searcher::order`], with and without a table move: over random
    /// games' positions and a position of every kind of promotion.
    #[test]
    fn winning_captures_are_ordered_as_the_full_order_orders_them() {
        let mut searcher = Searcher::new(Arc::new(Shared::new(1)), true);
        let mut positions = Vec::new();
        for fen in [
            "1r1n4/P1P5/8/8/8/8/8/k3K3 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        ] {
            match Position::from_fen(fen) {
                Ok(p) => positions.push(p),
                Err(e) => panic!("{fen}: {e}"),
            }
        }
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..100 {
            let mut pos = Position::new();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                positions.push(pos);
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        let mut under_promotions = 0;
        for pos in positions.iter().filter(|p| !p.is_check()) {
            let mut moves = capturing_moves(pos);
            moves.retain(|m| {
                (pos.is_capture(m) || m.promotion_role() == Some(Role::Queen)) && see_ge(pos, m, 0)
            });
            under_promotions += moves
                .iter()
                .filter(|m| m.promotion_role().is_some_and(|r| r != Role::Queen))
                .count();
            for tt_move in [None, moves.iter().last().copied()] {
                let (mut full, mut winning) = ([0; MAX_MOVES], [0; MAX_MOVES]);
                searcher.order(pos, &moves, tt_move, 1, &mut full);
                order_winning(pos, &moves, tt_move, &mut winning);
                assert_eq!(full[..moves.len()], winning[..moves.len()], "{}", pos.fen());
            }
        }
        assert!(under_promotions >= 3, "{under_promotions}");
    }

    /// A quiet move's history is kept apart by whether the opponent
    /// attacks its origin and its destination: what a move learned where
    /// its piece fled a threat does not order it where no threat stands.
    #[test]
    fn the_history_is_keyed_by_the_threats_on_a_move_s_squares() {
        let mut searcher = Searcher::new(Arc::new(Shared::new(1)), true);
        // Black's knight on f6 attacks e4 and g4 (and d5, h5, d7, e8, g8,
        // h7); White's knight on g1 has f3 and h3 to go to.
        let pos = match Position::from_fen("4k3/8/5n2/8/8/8/8/4K1N1 w - - 0 1") {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        };
        let moves = pos.legal_moves();
        let mut scores = [0; MAX_MOVES];
        searcher.order(&pos, &moves, None, 1, &mut scores);
        let threats = searcher.stack_threats[1];
        assert_eq!(threats, pos.board().attacked_by(Color::Black));
        let (Some(nf3), Some(nh3)) = (
            moves
                .iter()
                .copied()
                .find(|m| pos.uci(*m).to_string() == "g1f3"),
            moves
                .iter()
                .copied()
                .find(|m| pos.uci(*m).to_string() == "g1h3"),
        ) else {
            panic!("no Nf3 or Nh3");
        };
        assert_eq!(threat_index(threats, nf3), 0);
        searcher.update_quiet(&pos, nf3, &[nh3, nf3], 8, 1);
        let learned = searcher.quiet_score(&pos, nf3, 1);
        assert!(learned > 0, "{learned}");
        assert!(searcher.quiet_score(&pos, nh3, 1) < 0);
        // The same move where the opponent attacks its destination reads
        // another history, which has learned nothing.
        searcher.stack_threats[2] = Bitboard::from_square(nf3.to());
        assert_eq!(threat_index(searcher.stack_threats[2], nf3), 1);
        assert_eq!(searcher.quiet_scorer(&pos, 2).score(&pos, nf3), 0);
    }
}
