//! The search: iterative deepening with aspiration windows (a fail high
//! searched again a ply shallower), principal variation search, a shared
//! transposition table, quiescence search with static exchange evaluation
//! (and the table: its move first, its static evaluation and bounds to
//! stand pat on, its results stored), move ordering
//! (hash move, captures by SEE and MVV-LVA, killers, counter-moves, history
//! with gravity keyed by whether the opponent attacks the move's squares,
//! continuation histories one and two plies back), null-move
//! pruning, ProbCut, internal iterative reductions, singular extensions,
//! late move reductions steered by the histories, reverse futility,
//! futility (at the depth a quiet move would be searched to after its
//! reduction), late-move, exchange (losing captures and quiet moves) and
//! continuation-history pruning, extensions of the checks that do not lose
//! by exchange,
//! mate distance pruning, a static evaluation corrected by what searches of
//! positions with the same pawns or pieces found ([`crate::correction`]),
//! and draws by repetition, the fifty-move rule and insufficient material
//! inside the tree. Several threads search the same tree (Lazy SMP),
//! sharing the table. The margins, divisors and bonuses are a
//! [`crate::params::Params`] that a tuner may change.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use sakk::{Bitboard, Color, Move, MoveList, Position, Role, MAX_MOVES};

use crate::continuation::{Continuation, BACK};
use crate::correction::{Correction, Slots};
use crate::eval::evaluate;
use crate::nnue::net::QuantNet;
use crate::nnue::stack::AccumulatorStack;
use crate::params::*;
use crate::see::{see_ge, SEE_VALUES};
use crate::time::{Progress, TimeManager};
use crate::tt::{Bound, Entry, Table};

mod node;
mod ordering;
mod quiescence;

/// The score of a mate at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
const INFINITY: i32 = MATE + 1;

/// The legal moves that can capture or promote, of a side not in check
/// (quiescence and ProbCut search no others): only the moves to the
/// opponent's men, the en-passant square and the last rank are generated,
/// in the order the full list has them.
fn capturing_moves(pos: &Position) -> MoveList {
    let mut targets =
        pos.board().by_color(!pos.turn()) | Bitboard::relative_rank(pos.turn(), sakk::Rank::Eighth);
    if let Some(ep) = pos.ep_square() {
        targets.add(ep);
    }
    pos.legal_moves_masked(Bitboard::FULL, targets)
}

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

/// A side's quiet-move history: by [`threat_index`], origin and
/// destination.
type History = [[[[i32; 64]; 64]; 4]; 2];

/// Which of a side's four histories keys the quiet move `m` (Ethereal's
/// form): whether the opponent attacks its origin (the piece flees a
/// threat), whether it attacks its destination (the piece steps into one).
fn threat_index(threats: Bitboard, m: Move) -> usize {
    2 * usize::from(threats.contains(m.from())) + usize::from(threats.contains(m.to()))
}

/// One search thread.
pub struct Searcher {
    shared: Arc<Shared>,
    main: bool,
    /// Repetition keys: the game's positions, then the search path.
    keys: Vec<u64>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// The quiet moves' history by side, by whether the opponent attacks
    /// the move's origin and its destination ([`threat_index`]), by
    /// origin and destination.
    history: Box<History>,
    counter: Box<[[Option<Move>; 64]; 12]>,
    continuation: Continuation,
    correction: Correction,
    pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The move made at each ply, and its piece (for counter-moves).
    stack_move: [Option<(Move, usize)>; MAX_PLY + 1],
    /// Whether the move made at each ply was quiet (no capture, no
    /// promotion).
    stack_quiet: [bool; MAX_PLY + 1],
    /// The squares the opponent of the side to move attacks at each ply
    /// (set where the node orders its moves): the history's key.
    stack_threats: [Bitboard; MAX_PLY + 1],
    stack_eval: [i32; MAX_PLY + 1],
    /// The move a singular-extension search at each ply leaves out.
    excluded: [Option<Move>; MAX_PLY + 1],
    excluded_root: Vec<Move>,
    root_filter: Vec<Move>,
    /// The nodes each root move's subtree took in this iteration.
    root_nodes: Vec<(Move, u64)>,
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
            history: Box::new([[[[0; 64]; 64]; 4]; 2]),
            counter: Box::new([[None; 64]; 12]),
            continuation: Continuation::default(),
            correction: Correction::default(),
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            stack_move: [None; MAX_PLY + 1],
            stack_quiet: [false; MAX_PLY + 1],
            stack_threats: [Bitboard::EMPTY; MAX_PLY + 1],
            stack_eval: [0; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            excluded_root: Vec::new(),
            root_filter: Vec::new(),
            root_nodes: Vec::new(),
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

    /// Forgets history and killers (a new game), and what its stacks hold
    /// of the last search: a quiescence node reads the move before it from
    /// its ply's slot, which only the main search writes (the queue's
    /// `qs-stack.patch` mends that), so a search after this one is the
    /// search a new searcher makes.
    pub fn clear(&mut self) {
        self.stack_move = [None; MAX_PLY + 1];
        self.stack_quiet = [false; MAX_PLY + 1];
        self.stack_eval = [0; MAX_PLY + 1];
        self.excluded = [None; MAX_PLY + 1];
        self.killers = [[None; 2]; MAX_PLY + 1];
        *self.history = [[[[0; 64]; 64]; 4]; 2];
        self.stack_threats = [Bitboard::EMPTY; MAX_PLY + 1];
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
        let mut progress: Option<Progress> = None;
        while depth <= max_depth {
            self.seldepth = 0;
            self.excluded_root.clear();
            self.root_nodes.clear();
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
                // A fail high is searched again a ply shallower each time
                // (its move is most likely good; the deeper look can wait
                // for the next iteration), a fail low at the full depth.
                let mut search_depth = depth;
                let score = loop {
                    let score = self.search(pos, alpha, beta, search_depth, 0, false);
                    if self.stopped() {
                        break score;
                    }
                    if score <= alpha {
                        if self.main && self.start.elapsed() > Duration::from_secs(1) {
                            report(&self.info(depth, pv_index + 1, score, Some(Bound::Upper)));
                        }
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INFINITY);
                        search_depth = depth;
                    } else if score >= beta {
                        if self.main && self.start.elapsed() > Duration::from_secs(1) {
                            report(&self.info(depth, pv_index + 1, score, Some(Bound::Lower)));
                        }
                        beta = (score + delta).min(INFINITY);
                        if score.abs() < MATE_BOUND {
                            search_depth = (search_depth - 1).max(1);
                        }
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
                if lines.len() == multipv {
                    progress = Some(self.progress(progress, &outcome, &lines[0]));
                }
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
            if self.main && !self.shared.hold.load(Ordering::Relaxed) {
                let elapsed = self.start.elapsed();
                let done = match progress.filter(|_| depth >= TM_DEPTH) {
                    Some(p) => self.time.soft_exceeded_given(elapsed, &p),
                    None => self.time.soft_exceeded(elapsed),
                };
                if done {
                    break;
                }
            }
            depth += 1;
        }
        outcome
    }

    /// How the search is going after an iteration whose best line is
    /// `best`, given how it went before (`last`) and the outcome of the
    /// iteration before this one.
    fn progress(
        &self,
        last: Option<Progress>,
        before: &Outcome,
        best: &(i32, Vec<Move>),
    ) -> Progress {
        let best_move = best.1.first().copied();
        let stable = match last {
            Some(p) if best_move.is_some() && best_move == before.best => p.stable + 1,
            _ => 0,
        };
        let total: u64 = self.root_nodes.iter().map(|&(_, n)| n).sum();
        let of_best = self
            .root_nodes
            .iter()
            .find(|&&(m, _)| Some(m) == best_move)
            .map_or(0, |&(_, n)| n);
        let best_share = if total == 0 {
            0.5
        } else {
            of_best as f64 / total as f64
        };
        let fall = if before.lines.is_empty() {
            0
        } else {
            (before.score - best.0).clamp(-1_000, 1_000)
        };
        Progress {
            stable,
            best_share,
            fall,
        }
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
