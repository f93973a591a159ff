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
/// History: the largest bonus, and the gravity scale.
pub const HISTORY_MAX_BONUS: i32 = 1200;
/// See [`HISTORY_MAX_BONUS`].
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
