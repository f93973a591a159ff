//! Time management for every kind of clock: sudden death, increment,
//! `movestogo`, `movetime`, with a move overhead kept in reserve. A soft
//! limit decides whether to start another iteration; a hard limit stops
//! the search wherever it is.

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

/// When to stop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeManager {
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    /// No time limit.
    pub fn infinite() -> TimeManager {
        TimeManager {
            soft: None,
            hard: None,
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
            };
        }
        let Some(time) = clock.time else {
            return TimeManager::infinite();
        };
        // What may be spent at all: never the overhead, never below 1 ms.
        let usable = time.saturating_sub(overhead).max(Duration::from_millis(1));
        let mtg = clock.movestogo.map_or(35, |m| m.clamp(1, 50));
        let base = usable / mtg + clock.inc.mul_f64(0.75);
        let soft = base.min(usable.mul_f64(0.5));
        let hard = (base * 4).min(usable.mul_f64(if mtg == 1 { 0.9 } else { 0.35 }));
        TimeManager {
            soft: Some(soft.min(hard)),
            hard: Some(hard.max(Duration::from_millis(1))),
        }
    }

    /// The same limits, but never past `max` (a server's bound on one
    /// move's thinking, whatever the clock allows).
    #[must_use]
    pub fn capped(self, max: Duration) -> TimeManager {
        TimeManager {
            soft: Some(self.soft.map_or(max, |s| s.min(max))),
            hard: Some(self.hard.map_or(max, |h| h.min(max))),
        }
    }

    /// Past the point where another iteration should not begin.
    pub fn soft_exceeded(&self, elapsed: Duration) -> bool {
        self.soft.is_some_and(|s| elapsed >= s.mul_f64(0.6))
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
