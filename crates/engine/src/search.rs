//! The search: iterative deepening with aspiration windows, principal
//! variation search, a shared transposition table, quiescence search with
//! static exchange evaluation (and the table: its move first, its static
//! evaluation and bounds to stand pat on, its results stored), move ordering
//! (hash move, captures by SEE and MVV-LVA, killers, counter-moves, history
//! with gravity, continuation histories one and two plies back), null-move
//! pruning, ProbCut, internal iterative reductions, singular extensions,
//! late move reductions steered by the histories, reverse futility,
//! futility, late-move and continuation-history pruning, check extensions,
//! mate distance pruning, a static evaluation corrected by what searches of
//! positions with the same pawns or pieces found ([`crate::correction`]),
//! and draws by repetition, the fifty-move rule and insufficient material
//! inside the tree. Several threads search the same tree (Lazy SMP),
//! sharing the table. The margins, divisors and bonuses are a
//! [`crate::params::Params`] that a tuner may change.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sakk::{Color, Move, MoveList, Position, Role};

use crate::continuation::{Continuation, BACK};
use crate::correction::{Correction, Slots};
use crate::eval::evaluate;
use crate::nnue::net::QuantNet;
use crate::nnue::stack::AccumulatorStack;
use crate::params::*;
use crate::see::{see_ge, SEE_VALUES};
use crate::time::TimeManager;
use crate::tt::{Bound, Entry, Table};

/// The score of a mate at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
const INFINITY: i32 = MATE + 1;

/// A score as UCI reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UciScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl UciScore {
    /// Converts an internal score.
    pub fn from_score(score: i32) -> UciScore {
        if score >= MATE_BOUND {
            UciScore::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            UciScore::Mate(-(MATE + score) / 2)
        } else {
            UciScore::Cp(score)
        }
    }
}

/// What the search reports after each iteration (and each MultiPV line).
#[derive(Clone, Debug)]
pub struct Info {
    /// The depth completed.
    pub depth: i32,
    /// The deepest ply reached.
    pub seldepth: usize,
    /// Which line, from 1.
    pub multipv: usize,
    /// The score from the side to move's point of view.
    pub score: i32,
    /// `Some(Bound::Lower)` or `Some(Bound::Upper)` when the aspiration
    /// window failed.
    pub bound: Option<Bound>,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// Permille of the table used.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Limits of one search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Search no deeper.
    pub depth: Option<i32>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after finding a mate in this many moves.
    pub mate: Option<i32>,
    /// Only these root moves.
    pub searchmoves: Vec<Move>,
    /// Search until stopped.
    pub infinite: bool,
}

/// One search to do: its limits, its time, how many lines, and (for
/// helper threads) a starting depth offset.
#[derive(Clone, Debug)]
pub struct Task {
    /// Search limits.
    pub limits: Limits,
    /// When to stop.
    pub time: TimeManager,
    /// Lines to search (MultiPV).
    pub multipv: usize,
    /// Start this many plies deeper (Lazy SMP helpers).
    pub depth_offset: i32,
}

impl Default for Task {
    fn default() -> Task {
        Task {
            limits: Limits::default(),
            time: TimeManager::infinite(),
            multipv: 1,
            depth_offset: 0,
        }
    }
}

impl Task {
    /// A task with these limits, no time limit, one line.
    pub fn with_limits(limits: Limits) -> Task {
        Task {
            limits,
            ..Task::default()
        }
    }
}

/// What the threads share.
pub struct Shared {
    /// The transposition table.
    pub tt: Table,
    /// Set to stop all threads.
    pub stop: AtomicBool,
    /// Nodes of all threads.
    pub nodes: AtomicU64,
    /// While set, the search must not stop on time (pondering, `infinite`).
    pub hold: AtomicBool,
}

impl Shared {
    /// Shared state with a table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Shared {
        Shared {
            tt: Table::new(hash_mb),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            hold: AtomicBool::new(false),
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best move (none only when there is no legal move).
    pub best: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    /// The score of the best line.
    pub score: i32,
    /// The best lines, best first (one per MultiPV line).
    pub lines: Vec<(i32, Vec<Move>)>,
    /// The depth completed.
    pub depth: i32,
}

/// Late move reductions by depth and move number.
fn reductions(params: &Params) -> Box<[[i32; 64]; 64]> {
    let base = f64::from(params.lmr_base) / 100.0;
    let divisor = f64::from(params.lmr_divisor.max(1)) / 100.0;
    let mut t = Box::new([[0i32; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (base + (d as f64).ln() * (m as f64).ln() / divisor) as i32;
        }
    }
    t
}

/// One search thread.
pub struct Searcher {
    shared: Arc<Shared>,
    main: bool,
    /// Repetition keys: the game's positions, then the search path.
    keys: Vec<u64>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Box<[[[i32; 64]; 64]; 2]>,
    counter: Box<[[Option<Move>; 64]; 12]>,
    continuation: Continuation,
    correction: Correction,
    pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The move made at each ply, and its piece (for counter-moves).
    stack_move: [Option<(Move, usize)>; MAX_PLY + 1],
    stack_eval: [i32; MAX_PLY + 1],
    /// The move a singular-extension search at each ply leaves out.
    excluded: [Option<Move>; MAX_PLY + 1],
    excluded_root: Vec<Move>,
    root_filter: Vec<Move>,
    nodes: u64,
    seldepth: usize,
    start: Instant,
    time: TimeManager,
    limits: Limits,
    /// The margins, divisors and bonuses.
    params: Params,
    lmr: Box<[[i32; 64]; 64]>,
    /// Strength limit: evaluation noise amplitude in centipawns.
    pub noise: i32,
    noise_seed: u64,
    /// The network's accumulators, when the network evaluates (else the
    /// hand-made evaluation does).
    nnue: Option<AccumulatorStack>,
}

impl Searcher {
    /// A searcher; `main` reports and manages time. It evaluates with the
    /// built-in network ([`crate::nnue::embedded`]); [`Searcher::set_net`]
    /// chooses another, or the hand-made evaluation.
    pub fn new(shared: Arc<Shared>, main: bool) -> Searcher {
        Searcher {
            shared,
            main,
            keys: Vec::new(),
            killers: [[None; 2]; MAX_PLY + 1],
            history: Box::new([[[0; 64]; 64]; 2]),
            counter: Box::new([[None; 64]; 12]),
            continuation: Continuation::default(),
            correction: Correction::default(),
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            stack_move: [None; MAX_PLY + 1],
            stack_eval: [0; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            excluded_root: Vec::new(),
            root_filter: Vec::new(),
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            time: TimeManager::infinite(),
            limits: Limits::default(),
            params: Params::default(),
            lmr: reductions(&Params::default()),
            noise: 0,
            noise_seed: 0x9e37_79b9,
            nnue: crate::nnue::embedded()
                .ok()
                .map(|n| AccumulatorStack::new(n, MAX_PLY)),
        }
    }

    /// Evaluates with `net` from now on, or with the hand-made evaluation
    /// when `None`.
    pub fn set_net(&mut self, net: Option<Arc<QuantNet>>) {
        self.nnue = net.map(|n| AccumulatorStack::new(n, MAX_PLY));
    }

    /// The network this searcher evaluates with, if any.
    pub fn net(&self) -> Option<&Arc<QuantNet>> {
        self.nnue.as_ref().map(AccumulatorStack::net)
    }

    /// Searches with these margins, divisors and bonuses from now on.
    pub fn set_params(&mut self, params: Params) {
        if params != self.params {
            self.lmr = reductions(&params);
            self.params = params;
        }
    }

    /// Nodes this thread searched in its last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets history and killers (a new game).
    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        *self.history = [[[0; 64]; 64]; 2];
        *self.counter = [[None; 64]; 12];
        self.continuation.clear();
        self.correction.clear();
    }

    fn stopped(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    fn check_time(&mut self) {
        if self.nodes % 1024 != 0 {
            return;
        }
        let total = self.shared.nodes.fetch_add(1024, Ordering::Relaxed) + 1024;
        if !self.main {
            return;
        }
        if self.limits.nodes.is_some_and(|n| total >= n) {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        if !self.shared.hold.load(Ordering::Relaxed)
            && self.time.hard_exceeded(self.start.elapsed())
        {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Searches `pos` (reached through `history`, the repetition keys of the
    /// game's earlier positions) and calls `report` after each iteration.
    pub fn think(
        &mut self,
        pos: &Position,
        history: &[u64],
        task: Task,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        let Task {
            limits,
            time,
            multipv,
            depth_offset,
        } = task;
        self.start = Instant::now();
        self.time = time;
        self.limits = limits;
        self.nodes = 0;
        self.keys.clear();
        self.keys.extend_from_slice(history);
        if let Some(stack) = &mut self.nnue {
            stack.reset(pos);
        }
        let legal = pos.legal_moves();
        let root_moves: Vec<Move> = if self.limits.searchmoves.is_empty() {
            legal.to_vec()
        } else {
            legal
                .iter()
                .copied()
                .filter(|m| self.limits.searchmoves.contains(m))
                .collect()
        };
        self.root_filter = root_moves.clone();
        let mut outcome = Outcome {
            best: root_moves.first().copied(),
            ponder: None,
            score: 0,
            lines: Vec::new(),
            depth: 0,
        };
        if root_moves.is_empty() {
            return outcome;
        }
        let multipv = multipv.clamp(1, root_moves.len());
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 4)
            .min(MAX_PLY as i32 - 4);
        let mut scores = vec![0i32; multipv];
        let mut depth = 1 + depth_offset;
        while depth <= max_depth {
            self.seldepth = 0;
            self.excluded_root.clear();
            let mut lines: Vec<(i32, Vec<Move>)> = Vec::new();
            for (pv_index, previous) in scores.iter_mut().enumerate() {
                let mut delta = self.params.aspiration_delta;
                let (mut alpha, mut beta) = if depth >= 4 {
                    (
                        (*previous - delta).max(-INFINITY),
                        (*previous + delta).min(INFINITY),
                    )
                } else {
                    (-INFINITY, INFINITY)
                };
                let score = loop {
                    let score = self.search(pos, alpha, beta, depth, 0, false);
                    if self.stopped() {
                        break score;
                    }
                    if score <= alpha {
                        if self.main && self.start.elapsed() > Duration::from_secs(1) {
                            report(&self.info(depth, pv_index + 1, score, Some(Bound::Upper)));
                        }
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITY);
                    } else if score >= beta {
                        if self.main && self.start.elapsed() > Duration::from_secs(1) {
                            report(&self.info(depth, pv_index + 1, score, Some(Bound::Lower)));
                        }
                        beta = (score + delta).min(INFINITY);
                    } else {
                        break score;
                    }
                    delta += delta / 2;
                };
                if self.stopped() && (depth > 1 + depth_offset || pv_index > 0) {
                    break;
                }
                *previous = score;
                let pv: Vec<Move> = self.pv[0][..self.pv_len[0]]
                    .iter()
                    .flatten()
                    .copied()
                    .collect();
                if let Some(&best) = pv.first() {
                    self.excluded_root.push(best);
                }
                if self.main {
                    report(&self.info(depth, pv_index + 1, score, None));
                }
                lines.push((score, pv));
                if self.excluded_root.len() >= self.root_filter.len() {
                    break;
                }
            }
            if lines.is_empty() {
                break;
            }
            // Keep the previous iteration's lines when this one was cut short.
            if lines.len() == multipv || outcome.lines.is_empty() {
                lines.sort_by_key(|line| std::cmp::Reverse(line.0));
                outcome.score = lines[0].0;
                outcome.best = lines[0].1.first().copied().or(outcome.best);
                outcome.ponder = lines[0].1.get(1).copied();
                outcome.lines = lines;
                outcome.depth = depth;
            }
            if self.stopped() {
                break;
            }
            if let Some(m) = self.limits.mate {
                if outcome.score >= MATE - 2 * m {
                    break;
                }
            }
            if self.main
                && !self.shared.hold.load(Ordering::Relaxed)
                && self.time.soft_exceeded(self.start.elapsed())
            {
                break;
            }
            depth += 1;
        }
        outcome
    }

    fn info(&self, depth: i32, multipv: usize, score: i32, bound: Option<Bound>) -> Info {
        Info {
            depth,
            seldepth: self.seldepth,
            multipv,
            score,
            bound,
            nodes: self.shared.nodes.load(Ordering::Relaxed) + self.nodes % 1024,
            time: self.start.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: self.pv[0][..self.pv_len[0]]
                .iter()
                .flatten()
                .copied()
                .collect(),
        }
    }

    fn is_draw(&self, pos: &Position, ply: usize) -> bool {
        if pos.halfmoves() >= 100 && (!pos.is_check() || pos.has_legal_moves()) {
            return true;
        }
        if pos.has_insufficient_material() {
            return true;
        }
        // Repetition: one earlier occurrence inside the tree, or two in
        // the game's history, is enough.
        let n = self.keys.len();
        let key = pos.key();
        let window = (pos.halfmoves() as usize).min(n);
        let mut seen = 0;
        let mut i = 2;
        while i <= window {
            if self.keys[n - i] == key {
                if i <= ply {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
            i += 2;
        }
        false
    }

    fn evaluate(&mut self, pos: &Position, ply: usize) -> i32 {
        let v = match &mut self.nnue {
            // Kept below the mate scores whatever the network says.
            Some(stack) => stack
                .evaluate(ply, pos)
                .clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
            None => evaluate(pos),
        };
        if self.noise == 0 {
            return v;
        }
        // Noise for weak levels: the same position gets the same noise
        // within a search.
        let mut x = pos.key() ^ self.noise_seed;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        v + (x % (2 * self.noise as u64 + 1)) as i32 - self.noise
    }

    /// A static evaluation corrected by the correction history, kept
    /// below the mate scores.
    fn corrected(&self, raw: i32, slots: Slots) -> i32 {
        (raw + self.correction.get(slots)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Sets the seed of the evaluation noise.
    pub fn set_noise_seed(&mut self, seed: u64) {
        self.noise_seed = seed;
    }

    fn order(
        &self,
        pos: &Position,
        moves: &mut MoveList,
        tt_move: Option<Move>,
        ply: usize,
    ) -> Vec<i32> {
        let counter = self.stack_move[ply.saturating_sub(1)]
            .filter(|_| ply > 0)
            .and_then(|(m, piece)| self.counter[piece][m.to().index()]);
        moves
            .iter()
            .map(|&m| {
                if Some(m) == tt_move {
                    return 1 << 30;
                }
                if let Some(promo) = m.promotion_role() {
                    return if promo == Role::Queen {
                        (1 << 29) + 2000
                    } else {
                        -(1 << 20)
                    };
                }
                if pos.is_capture(m) {
                    let victim = pos.captured_role(m).map_or(0, |r| SEE_VALUES[r.index()]);
                    let attacker = pos.moving_role(m).map_or(0, |r| r.index() as i32);
                    let mvv = victim * 8 - attacker;
                    return if see_ge(pos, m, 0) {
                        (1 << 29) + mvv
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
                self.quiet_score(pos, m, ply)
            })
            .collect()
    }

    /// The move `back + 1` plies before `ply` (none at the root's edge or
    /// after a null move), as the continuation histories key it.
    fn earlier(&self, ply: usize, back: usize) -> Option<(usize, usize)> {
        let at = ply.checked_sub(back + 1)?;
        self.stack_move[at].map(|(m, piece)| (piece, m.to().index()))
    }

    /// A quiet move's score from the histories: the plain one and the
    /// continuations one and two plies back.
    fn quiet_score(&self, pos: &Position, m: Move, ply: usize) -> i32 {
        let now = (Searcher::piece_index(pos, m), m.to().index());
        let mut score = self.history[pos.turn().index()][m.from().index()][m.to().index()];
        for back in 0..BACK {
            if let Some(earlier) = self.earlier(ply, back) {
                score += self.continuation.get(back, earlier, now);
            }
        }
        score
    }

    /// Continuation-history pruning: whether a quiet move at low depth
    /// has fared so badly after the moves one or two plies before it that
    /// it is not worth a search.
    fn history_prunes(
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

    fn update_quiet(&mut self, pos: &Position, best: Move, tried: &[Move], depth: i32, ply: usize) {
        let us = pos.turn().index();
        let p = &self.params;
        let bonus = (p.history_quadratic * depth * depth + p.history_linear * (depth - 1).max(0))
            .min(p.history_max_bonus);
        let update = |h: &mut i32, b: i32| {
            *h += b - *h * b.abs() / HISTORY_SCALE;
        };
        update(
            &mut self.history[us][best.from().index()][best.to().index()],
            bonus,
        );
        for &m in tried {
            if m != best {
                update(
                    &mut self.history[us][m.from().index()][m.to().index()],
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

    fn piece_index(pos: &Position, m: Move) -> usize {
        let role = pos.moving_role(m).map_or(0, |r| r.index());
        role + if pos.turn() == Color::Black { 6 } else { 0 }
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
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
        // corrected by what searches of alike positions found.
        let slots = Slots::of(pos);
        let raw_eval = if in_check {
            -INFINITY
        } else {
            tt.map_or_else(|| self.evaluate(pos, ply), |e| e.eval)
        };
        let eval = if in_check {
            -INFINITY
        } else {
            self.corrected(raw_eval, slots)
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
        let mut scores = self.order(pos, &mut moves, tt_move, ply);

        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried: Vec<Move> = Vec::new();
        let original_alpha = alpha;
        for index in 0..moves.len() {
            let m = pick(&mut moves, &mut scores, index);
            if Some(m) == excluded {
                continue;
            }
            let capture = pos.is_capture(m);
            let quiet = !capture && !m.is_promotion();

            let child = pos.after_unchecked(m);
            let gives_check = child.is_check();
            if !root && best_score > -MATE_BOUND && !in_check && !gives_check {
                // Late move pruning and futility pruning of quiet moves
                // (never of checks), SEE pruning of losing captures.
                if quiet {
                    if depth <= LMP_DEPTH
                        && quiets_tried.len() as i32
                            > 3 + depth * depth / (2 - i32::from(improving))
                    {
                        continue;
                    }
                    if depth <= FUTILITY_DEPTH
                        && eval + self.params.futility_base + self.params.futility_per_depth * depth
                            <= alpha
                    {
                        continue;
                    }
                    if self.history_prunes(pos, m, depth, ply, improving) {
                        continue;
                    }
                } else if depth <= 6 && !see_ge(pos, m, -self.params.see_capture_margin * depth) {
                    continue;
                }
            }

            let mut extension = i32::from(gives_check && ply < 2 * depth as usize + 10);
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
            self.push_path(key, m, Searcher::piece_index(pos, m), ply);
            let new_depth = depth - 1 + extension;

            let score = if index == 0 {
                -self.search(&child, -beta, -alpha, new_depth, ply + 1, false)
            } else {
                let mut reduction = 0;
                if depth >= LMR_DEPTH && index >= LMR_MOVE && quiet {
                    reduction = self.lmr[(depth as usize).min(63)][index.min(63)];
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
            if !in_check
                && quiet_best
                && best_score.abs() < MATE_BOUND
                && !(bound == Bound::Lower && best_score <= eval)
                && !(bound == Bound::Upper && best_score >= eval)
            {
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
        let mut moves = pos.legal_moves();
        moves.retain(|m| {
            (pos.is_capture(m) || m.promotion_role() == Some(Role::Queen))
                && see_ge(pos, m, beta - eval)
        });
        let mut scores = self.order(pos, &mut moves, tt_move, ply);
        let shallower = depth - PROBCUT_REDUCTION;
        for index in 0..moves.len() {
            let m = pick(&mut moves, &mut scores, index);
            let child = pos.after_unchecked(m);
            self.push_path(key, m, Searcher::piece_index(pos, m), ply);
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

    fn push_path(&mut self, key: u64, m: Move, piece: usize, ply: usize) {
        self.keys.push(key);
        self.stack_move[ply] = Some((m, piece));
    }

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

    fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
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
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if !in_check {
            moves.retain(|m| {
                (pos.is_capture(m) || m.promotion_role() == Some(Role::Queen)) && see_ge(pos, m, 0)
            });
        }
        let mut scores = self.order(pos, &mut moves, tt_move, ply.min(MAX_PLY));
        let mut best_move = None;
        for index in 0..moves.len() {
            let m = pick(&mut moves, &mut scores, index);
            let child = pos.after_unchecked(m);
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

/// Brings the best-scored of the remaining moves to `index` (one step of
/// a selection sort: most nodes cut off after a move or two) and returns it.
fn pick(moves: &mut [Move], scores: &mut [i32], index: usize) -> Move {
    let mut best = index;
    for j in index + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(index, best);
    scores.swap(index, best);
    moves[index]
}

/// The stored score, if its bound settles the node for this window.
fn tt_cutoff(e: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = score_from_tt(e.score, ply);
    let cutoff = match e.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cutoff.then_some(score)
}

fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A quick legality test for a move from the table (which may come from
/// another position after a key collision).
trait FastLegal {
    fn is_legal_fast(&self, m: Move) -> bool;
}

impl FastLegal for Position {
    fn is_legal_fast(&self, m: Move) -> bool {
        let mut found = false;
        self.for_each_legal_move(
            sakk::Bitboard::from_square(m.from()),
            if m.is_castle() {
                sakk::Bitboard::FULL
            } else {
                sakk::Bitboard::from_square(m.to())
            },
            |x| found |= x == m,
        );
        if !found && m.is_castle() {
            return self.is_legal(m);
        }
        found
    }
}
