//! Search parameters, in one place so that they can be tuned (SPRT/SPSA)
//! without hunting through the search.

/// Aspiration window half-width at the start of an iteration.
pub const ASPIRATION_DELTA: i32 = 25;
/// Reverse futility: margin per ply of depth.
pub const RFP_MARGIN: i32 = 80;
/// Reverse futility: up to this depth.
pub const RFP_DEPTH: i32 = 8;
/// Null move: from this depth.
pub const NMP_DEPTH: i32 = 3;
/// Futility pruning of quiet moves: base and per-ply margins, and the depth.
pub const FUTILITY_BASE: i32 = 100;
/// See [`FUTILITY_BASE`].
pub const FUTILITY_PER_DEPTH: i32 = 100;
/// See [`FUTILITY_BASE`].
pub const FUTILITY_DEPTH: i32 = 6;
/// Late move pruning: up to this depth.
pub const LMP_DEPTH: i32 = 6;
/// SEE pruning of captures: margin per ply.
pub const SEE_CAPTURE_MARGIN: i32 = 100;
/// Late move reductions: from this depth and this move number.
pub const LMR_DEPTH: i32 = 3;
/// See [`LMR_DEPTH`].
pub const LMR_MOVE: usize = 3;
/// Late move reductions: `base + ln(depth) ln(moves) / divisor`.
pub const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;
/// History: a move's bonus at depth `d` is `HISTORY_QUADRATIC d² +
/// HISTORY_LINEAR (d - 1)`, at most [`HISTORY_MAX_BONUS`]; gravity keeps
/// every score within [`HISTORY_SCALE`].
pub const HISTORY_QUADRATIC: i32 = 16;
/// See [`HISTORY_QUADRATIC`].
pub const HISTORY_LINEAR: i32 = 128;
/// See [`HISTORY_QUADRATIC`].
pub const HISTORY_MAX_BONUS: i32 = 2_048;
/// See [`HISTORY_QUADRATIC`].
pub const HISTORY_SCALE: i32 = 16_384;
/// The least depth at which a node without a table move is searched a
/// ply less deep (internal iterative reduction).
pub const IIR_DEPTH: i32 = 4;
/// The least depth at which the table's move is tested for a singular
/// extension.
pub const SE_DEPTH: i32 = 6;
/// The margin below the table's score, per ply of depth, that the other
/// moves must stay under for the table's move to be singular.
pub const SE_MARGIN: i32 = 2;
/// The least depth at which ProbCut looks for a capture that beats beta
/// by a margin.
pub const PROBCUT_DEPTH: i32 = 5;
/// ProbCut's margin above beta, less [`PROBCUT_IMPROVING`] when the
/// position improves.
pub const PROBCUT_MARGIN: i32 = 200;
/// See [`PROBCUT_MARGIN`].
pub const PROBCUT_IMPROVING: i32 = 60;
/// How much shallower ProbCut's verifying search is.
pub const PROBCUT_REDUCTION: i32 = 4;
/// Late move reductions: a quiet move's histories take a ply off (or add
/// one) per this much of their score, at most [`LMR_HISTORY_MOST`] plies
/// either way.
pub const LMR_HISTORY_DIVISOR: i32 = 5_000;
/// See [`LMR_HISTORY_DIVISOR`].
pub const LMR_HISTORY_MOST: i32 = 2;
/// Continuation-history pruning (Ethereal's counter-move and follow-up
/// pruning): a quiet move is not searched at this depth or less (the
/// first when the position is not improving, the second when it is)
/// when its continuation history one ply back scores below the limit.
pub const COUNTER_PRUNE_DEPTH: [i32; 2] = [3, 2];
/// See [`COUNTER_PRUNE_DEPTH`].
pub const COUNTER_PRUNE_LIMIT: [i32; 2] = [0, -1_000];
/// The same, by the continuation history two plies back.
pub const FOLLOW_UP_PRUNE_DEPTH: [i32; 2] = [3, 2];
/// See [`FOLLOW_UP_PRUNE_DEPTH`].
pub const FOLLOW_UP_PRUNE_LIMIT: [i32; 2] = [-2_000, -4_000];
