//! Search parameters, in one place so that they can be tuned (SPSA)
//! without hunting through the search. The structural ones (depth limits,
//! move counts) are constants; the margins, divisors and bonuses are a
//! [`Params`] value the search reads, whose defaults are below, and which
//! `setoption` changes ([`TUNABLES`]: each one's UCI option, bounds and
//! SPSA step) so that a tuner can play engines with other values.

/// Reverse futility: up to this depth.
pub const RFP_DEPTH: i32 = 8;
/// Null move: from this depth.
pub const NMP_DEPTH: i32 = 3;
/// Futility pruning of quiet moves: up to this depth
/// ([`Params::futility_base`], [`Params::futility_per_depth`]).
pub const FUTILITY_DEPTH: i32 = 6;
/// History: gravity keeps every score within this
/// ([`Params::history_quadratic`]).
pub const HISTORY_SCALE: i32 = 16_384;
/// Late move reductions: the histories take at most this many plies off
/// (or add them) ([`Params::lmr_history_divisor`]).
pub const LMR_HISTORY_MOST: i32 = 2;
/// Late move pruning: up to this depth.
pub const LMP_DEPTH: i32 = 6;
/// The deepest (reduced) depth at which a quiet move that loses material
/// by exchange is pruned …
pub const QUIET_SEE_DEPTH: i32 = 8;
/// … when it loses more than this times the reduced depth squared.
pub const QUIET_SEE_MARGIN: i32 = 25;
/// Late move reductions: from this depth and this move number.
pub const LMR_DEPTH: i32 = 3;
/// See [`LMR_DEPTH`].
pub const LMR_MOVE: usize = 3;
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
/// How much shallower ProbCut's verifying search is.
pub const PROBCUT_REDUCTION: i32 = 4;
/// Continuation-history pruning (Ethereal's counter-move and follow-up
/// pruning): a quiet move is not searched at this depth or less (the
/// first when the position is not improving, the second when it is)
/// when its continuation history one ply back scores below the limit
/// ([`Params::counter_prune_limit`]).
pub const COUNTER_PRUNE_DEPTH: [i32; 2] = [3, 2];
/// The same, by the continuation history two plies back
/// ([`Params::follow_up_prune_limit`]).
pub const FOLLOW_UP_PRUNE_DEPTH: [i32; 2] = [3, 2];

/// Time management: from this depth on, the soft limit follows how the
/// search is going (the best move's stability, its share of the nodes,
/// the score's fall).
pub const TM_DEPTH: i32 = 6;

/// One tunable parameter: its UCI option, default, bounds, and SPSA's
/// step and rate at a run's end (fishtest's `c_end` and `r_end`).
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// The UCI option's name.
    pub name: &'static str,
    /// The value the engine plays with.
    pub default: i32,
    /// The least value.
    pub min: i32,
    /// The greatest value.
    pub max: i32,
    /// SPSA's step at a run's end.
    pub c_end: f64,
    /// SPSA's rate at a run's end.
    pub r_end: f64,
    /// Reads it from a [`Params`].
    pub get: fn(&Params) -> i32,
    /// Writes it into a [`Params`].
    pub set: fn(&mut Params, i32),
}

/// fishtest's usual `r_end`.
const R_END: f64 = 0.002;

macro_rules! tunables {
    ($( $(#[$doc:meta])* $field:ident, $name:literal: $default:expr, $min:expr, $max:expr, $c:expr; )*) => {
        /// The search's margins, divisors and bonuses (centipawns, history
        /// units or hundredths, as each says).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Params {
            $( $(#[$doc])* pub $field: i32, )*
        }

        impl Default for Params {
            fn default() -> Params {
                Params { $( $field: $default, )* }
            }
        }

        /// Every field of [`Params`] as a UCI option, with its bounds and
        /// SPSA step.
        pub static TUNABLES: &[Tunable] = &[
            $( Tunable {
                name: $name,
                default: $default,
                min: $min,
                max: $max,
                c_end: $c,
                r_end: R_END,
                get: |p| p.$field,
                set: |p, v| p.$field = v,
            }, )*
        ];
    };
}

tunables! {
    /// Aspiration window half-width at the start of an iteration.
    aspiration_delta, "AspirationDelta": 25, 5, 100, 3.0;
    /// Reverse futility: margin per ply of depth.
    rfp_margin, "RfpMargin": 80, 30, 200, 6.0;
    /// Null move: a ply more of reduction per this much of eval − beta
    /// (at most three).
    nmp_eval_divisor, "NmpEvalDivisor": 200, 80, 400, 15.0;
    /// Futility pruning of quiet moves: the margin's base…
    futility_base, "FutilityBase": 100, 0, 300, 10.0;
    /// … and its part per ply of depth.
    futility_per_depth, "FutilityPerDepth": 100, 30, 250, 8.0;
    /// SEE pruning of captures: margin per ply.
    see_capture_margin, "SeeCaptureMargin": 100, 30, 250, 8.0;
    /// Late move reductions, `base + ln(depth) ln(moves) / divisor`: the
    /// base, in hundredths of a ply…
    lmr_base, "LmrBase": 75, 0, 200, 6.0;
    /// … and the divisor, in hundredths.
    lmr_divisor, "LmrDivisor": 225, 120, 400, 12.0;
    /// Late move reductions: a quiet move's histories take a ply off (or
    /// add one) per this much of their score.
    lmr_history_divisor, "LmrHistoryDivisor": 5_000, 1_500, 15_000, 400.0;
    /// History: a move's bonus at depth `d` is `quadratic d² + linear
    /// (d - 1)`, at most `max bonus`: the quadratic part…
    history_quadratic, "HistoryQuadratic": 16, 4, 48, 2.0;
    /// … the linear part …
    history_linear, "HistoryLinear": 128, 0, 400, 12.0;
    /// … and the most.
    history_max_bonus, "HistoryMaxBonus": 2_048, 512, 6_000, 150.0;
    /// ProbCut's margin above beta…
    probcut_margin, "ProbcutMargin": 200, 80, 400, 12.0;
    /// … less this when the position improves.
    probcut_improving, "ProbcutImproving": 60, 0, 200, 8.0;
    /// Continuation-history pruning: the limit one ply back, when not
    /// improving…
    counter_prune_limit, "CounterPruneLimit": 0, -3_000, 1_000, 150.0;
    /// … and when improving.
    counter_prune_limit_improving, "CounterPruneLimitImproving": -1_000, -4_000, 1_000, 150.0;
    /// The limit two plies back, when not improving…
    follow_up_prune_limit, "FollowUpPruneLimit": -2_000, -6_000, 0, 200.0;
    /// … and when improving.
    follow_up_prune_limit_improving, "FollowUpPruneLimitImproving": -4_000, -8_000, 0, 200.0;
}

impl Params {
    /// The parameter whose UCI option is `name` (any case).
    pub fn tunable(name: &str) -> Option<&'static Tunable> {
        TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_reads_and_writes_its_own_field_within_its_bounds() {
        let defaults = Params::default();
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert_eq!((t.get)(&defaults), t.default, "{}", t.name);
            let mut p = Params::default();
            (t.set)(&mut p, t.default + 1);
            assert_eq!((t.get)(&p), t.default + 1, "{}", t.name);
            // Only its own field moved.
            let moved = TUNABLES.iter().filter(|u| (u.get)(&p) != u.default).count();
            assert_eq!(moved, 1, "{}", t.name);
            assert!(std::ptr::eq(
                Params::tunable(&t.name.to_lowercase()).unwrap_or(&TUNABLES[0]),
                t
            ));
        }
    }
}
