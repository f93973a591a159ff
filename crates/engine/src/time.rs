//! Time management for every kind of clock: sudden death, increment,
//! `movestogo`, `movetime`, with a move overhead kept in reserve. A soft
//! limit decides whether to start another iteration, stretched or shrunk
//! by how the search is going ([`Progress`]: the best move's stability, its
//! share of the nodes, the score's fall); a hard limit stops the search
//! wherever it is.

use std::time::Duration;

/// The clock situation of the side to move, as `go` gives it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Option<Duration>,
    /// Increment per move.
    pub inc: Duration,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Exactly this long per move.
    pub movetime: Option<Duration>,
}

/// How the iterations so far have gone, for the soft limit: a best move
/// that keeps changing, that took few of the nodes, or whose score falls
/// is worth more time; a settled one less.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Progress {
    /// Iterations in a row that have ended with the same best move (0: it
    /// has just changed).
    pub stable: u32,
    /// The best move's share of the root's nodes in the last iteration,
    /// 0 to 1.
    pub best_share: f64,
    /// How many centipawns the score fell in the last iteration (negative
    /// when it rose).
    pub fall: i32,
}

/// The soft limit's factor by the best move's stability (iterations in
/// a row with the same best move; the last for more).
const STABILITY: [f64; 5] = [2.2, 1.5, 1.15, 0.95, 0.8];

impl Progress {
    /// The factor the soft limit is multiplied by.
    pub fn scale(&self) -> f64 {
        let stable = STABILITY[(self.stable as usize).min(STABILITY.len() - 1)];
        let share = ((1.5 - self.best_share.clamp(0.0, 1.0)) * 1.35).clamp(0.6, 2.0);
        let fall = (1.0 + f64::from(self.fall) / 200.0).clamp(0.85, 1.5);
        (stable * share * fall).clamp(0.35, 3.0)
    }
}

/// The moves a clock without `movestogo` is planned for: the soft limit
/// starts at the time left divided by this (and three quarters of the
/// increment). At 35 the engine spent about a fiftieth of its clock on a
/// move (206 ms of 10+0.1 on the first move, where Ethereal 12 spends
/// 629 ms); at 20 it beat itself at 35 at 4+0.04 (BENCHMARKS.md, "The
/// search, one SPRT a step").
const PLANNED_MOVES: u32 = 20;

/// The share of the soft limit past which no new iteration begins (the
/// next one would most likely not finish before the limit).
const SOFT_SHARE: f64 = 0.6;

/// When to stop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeManager {
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// A clock's limits, which [`Progress`] may stretch or shrink (not a
    /// fixed time a move, `movetime`, which is the search's to use).
    scalable: bool,
}

impl TimeManager {
    /// No time limit.
    pub fn infinite() -> TimeManager {
        TimeManager {
            soft: None,
            hard: None,
            scalable: false,
        }
    }

    /// Limits for one move. `overhead` is kept back for communication and
    /// the GUI; the search never plans to use the last of the clock.
    pub fn new(clock: Clock, overhead: Duration) -> TimeManager {
        if let Some(mt) = clock.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            return TimeManager {
                soft: Some(t),
                hard: Some(t),
                scalable: false,
            };
        }
        let Some(time) = clock.time else {
            return TimeManager::infinite();
        };
        // What may be spent at all: never the overhead, never below 1 ms.
        let usable = time.saturating_sub(overhead).max(Duration::from_millis(1));
        let mtg = clock.movestogo.map_or(PLANNED_MOVES, |m| m.clamp(1, 50));
        let base = usable / mtg + clock.inc.mul_f64(0.75);
        let soft = base.min(usable.mul_f64(0.5));
        let hard = (base * 4).min(usable.mul_f64(if mtg == 1 { 0.9 } else { 0.35 }));
        TimeManager {
            soft: Some(soft.min(hard)),
            hard: Some(hard.max(Duration::from_millis(1))),
            scalable: true,
        }
    }

    /// The same limits, but never past `max` (a server's bound on one
    /// move's thinking, whatever the clock allows).
    #[must_use]
    pub fn capped(self, max: Duration) -> TimeManager {
        TimeManager {
            soft: Some(self.soft.map_or(max, |s| s.min(max))),
            hard: Some(self.hard.map_or(max, |h| h.min(max))),
            scalable: self.scalable,
        }
    }

    /// Past the point where another iteration should not begin.
    pub fn soft_exceeded(&self, elapsed: Duration) -> bool {
        self.soft.is_some_and(|s| elapsed >= s.mul_f64(SOFT_SHARE))
    }

    /// Past the point where another iteration should not begin, the soft
    /// limit scaled by how the search is going ([`Progress::scale`]), never
    /// past the hard limit; a fixed time a move (`movetime`) is not scaled.
    pub fn soft_exceeded_given(&self, elapsed: Duration, progress: &Progress) -> bool {
        if !self.scalable {
            return self.soft_exceeded(elapsed);
        }
        self.soft.is_some_and(|s| {
            let scaled = s.mul_f64(progress.scale());
            let limit = self.hard.map_or(scaled, |h| scaled.min(h));
            elapsed >= limit.mul_f64(SOFT_SHARE)
        })
    }

    /// Past the point where the search must stop.
    pub fn hard_exceeded(&self, elapsed: Duration) -> bool {
        self.hard.is_some_and(|h| elapsed >= h)
    }

    /// The hard limit, if any.
    pub fn hard(&self) -> Option<Duration> {
        self.hard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_plans_past_the_clock() {
        let ms = Duration::from_millis;
        for (time, inc, mtg) in [
            (60_000, 0, None),
            (1_000, 0, None),
            (120_000, 1_000, None),
            (50, 0, None),
            (300_000, 0, Some(1)),
            (10_000, 100, Some(5)),
        ] {
            let tm = TimeManager::new(
                Clock {
                    time: Some(ms(time)),
                    inc: ms(inc),
                    movestogo: mtg,
                    movetime: None,
                },
                ms(30),
            );
            let hard = tm.hard().unwrap_or(Duration::MAX);
            assert!(
                hard <= ms(time.saturating_sub(30).max(1)),
                "{time} {inc}: {hard:?}"
            );
        }
        let tm = TimeManager::new(
            Clock {
                movetime: Some(ms(500)),
                ..Clock::default()
            },
            ms(20),
        );
        assert_eq!(tm.hard(), Some(ms(480)));
    }

    #[test]
    fn a_settled_search_stops_sooner_and_an_unsettled_one_later() {
        let ms = Duration::from_millis;
        let tm = TimeManager::new(
            Clock {
                time: Some(ms(60_000)),
                inc: ms(600),
                ..Clock::default()
            },
            ms(30),
        );
        let settled = Progress {
            stable: 6,
            best_share: 0.9,
            fall: -20,
        };
        let unsettled = Progress {
            stable: 0,
            best_share: 0.3,
            fall: 80,
        };
        assert!(settled.scale() < 1.0, "{}", settled.scale());
        assert!(unsettled.scale() > 2.0, "{}", unsettled.scale());
        let first = |p: &Progress| {
            (0..120_000)
                .step_by(10)
                .map(ms)
                .find(|&t| tm.soft_exceeded_given(t, p))
        };
        let (a, b) = (first(&settled), first(&unsettled));
        let plain = (0..120_000)
            .step_by(10)
            .map(ms)
            .find(|&t| tm.soft_exceeded(t));
        assert!(a < plain && plain < b, "{a:?} {plain:?} {b:?}");
        // Never past the hard limit, however unsettled.
        let hard = tm.hard().unwrap_or(Duration::MAX);
        let wild = Progress {
            stable: 0,
            best_share: 0.0,
            fall: 1_000,
        };
        assert!(tm.soft_exceeded_given(hard.mul_f64(SOFT_SHARE), &wild));
        // A fixed time a move is the search's to use, however it goes.
        let fixed = TimeManager::new(
            Clock {
                movetime: Some(ms(1_000)),
                ..Clock::default()
            },
            ms(30),
        );
        for p in [settled, unsettled, wild] {
            for t in [ms(100), ms(500), ms(600), ms(900)] {
                assert_eq!(fixed.soft_exceeded_given(t, &p), fixed.soft_exceeded(t));
            }
        }
    }

    #[test]
    fn a_cap_bounds_any_clock() {
        let ms = Duration::from_millis;
        let day = Clock {
            time: Some(ms(86_400_000)),
            inc: ms(86_400_000),
            ..Clock::default()
        };
        let tm = TimeManager::new(day, ms(30)).capped(ms(2_000));
        assert_eq!(tm.hard(), Some(ms(2_000)));
        assert_eq!(TimeManager::infinite().capped(ms(5)).hard(), Some(ms(5)));
        // A cap above the clock's own limit changes nothing.
        let short = TimeManager::new(
            Clock {
                movetime: Some(ms(100)),
                ..Clock::default()
            },
            ms(0),
        );
        assert_eq!(short.capped(ms(2_000)), short);
    }
}
