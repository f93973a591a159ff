//! The chess clock: two clocks, one running; a press after a move stops
//! one's own and starts the opponent's. Pure logic: the time is passed in
//! (a monotonic timestamp as a [`Duration`] since any fixed start, with
//! millisecond precision), so tests never sleep.

use core::fmt;
use core::time::Duration;

use crate::time_control::{DelayKind, Stage, TimeControl};
use crate::types::{ByColor, Color};

/// Why the clock cannot do what was asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClockError {
    /// A flag has fallen; the clock is stopped.
    Flagged(Color),
    /// The clock is not running.
    NotRunning,
    /// The clock is paused.
    Paused,
    /// The clock is already running.
    AlreadyRunning,
    /// The time passed in is earlier than a time seen before.
    TimeWentBack,
    /// This time control has no clock.
    Unlimited,
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::Flagged(c) => write!(f, "{c}'s flag has fallen"),
            ClockError::NotRunning => f.write_str("the clock is not running"),
            ClockError::Paused => f.write_str("the clock is paused"),
            ClockError::AlreadyRunning => f.write_str("the clock is already running"),
            ClockError::TimeWentBack => f.write_str("the time passed in went backwards"),
            ClockError::Unlimited => f.write_str("this game has no clock"),
        }
    }
}

impl std::error::Error for ClockError {}

/// A side's next time control (see [`Clock::next_control`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NextControl {
    /// Moves still to make before it.
    pub moves: u32,
    /// The time it adds.
    pub adds: Duration,
}

/// A chess clock.
///
/// ```
/// use core::time::Duration;
/// use sakk::{Clock, Color, TimeControl};
///
/// let ms = Duration::from_millis;
/// let mut clock = Clock::new(TimeControl::from_human("3+2").unwrap());
/// clock.start(Color::White, ms(0)).unwrap();
/// clock.press(ms(10_000)).unwrap();                 // White used 10 s, gets 2 s back
/// assert_eq!(clock.remaining(Color::White, ms(10_000)), ms(172_000));
/// assert_eq!(clock.running(), Some(Color::Black));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    remaining: ByColor<Duration>,
    moves: ByColor<u32>,
    running: Option<Color>,
    /// When the running side's clock was started (or resumed).
    since: Duration,
    /// Delay still to spend in the current move (simple delay) or the
    /// delay already credited (Bronstein).
    delay_left: Duration,
    paused: bool,
    flagged: Option<Color>,
    last_seen: Duration,
}

impl Clock {
    /// A stopped clock with the first period on both sides.
    pub fn new(control: TimeControl) -> Clock {
        let initial = match &control {
            TimeControl::Unlimited => Duration::ZERO,
            TimeControl::Sandclock(t) => *t,
            TimeControl::Correspondence(_) => control.per_move().unwrap_or_default(),
            TimeControl::Stages(s) => s.first().map_or(Duration::ZERO, |s| s.time),
        };
        Clock {
            control,
            remaining: ByColor {
                white: initial,
                black: initial,
            },
            moves: ByColor::default(),
            running: None,
            since: Duration::ZERO,
            delay_left: Duration::ZERO,
            paused: false,
            flagged: None,
            last_seen: Duration::ZERO,
        }
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Color> {
        if self.paused {
            None
        } else {
            self.running
        }
    }

    /// `true` while paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The side whose flag has fallen, once it has (see [`Clock::flag_at`]).
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// Moves completed by `color` on this clock.
    pub fn moves(&self, color: Color) -> u32 {
        self.moves[color]
    }

    /// The period `color` plays in now (by the moves it has completed on
    /// this clock); `None` for a sandclock or no clock.
    pub fn stage(&self, color: Color) -> Option<Stage> {
        let (stages, i, _) = self.current_period(color)?;
        stages.get(i).copied()
    }

    /// The periods, the index of the one `color` plays in now, and the
    /// moves it has completed in it (past its count in a last period that
    /// repeats); `None` for a sandclock or no clock.
    fn current_period(&self, color: Color) -> Option<(&[Stage], usize, u32)> {
        let TimeControl::Stages(stages) = &self.control else {
            return None;
        };
        let mut done = self.moves[color];
        for (i, s) in stages.iter().enumerate() {
            match s.moves {
                Some(n) if done >= n && i + 1 < stages.len() => done -= n,
                _ => return Some((stages, i, done)),
            }
        }
        None
    }

    /// `color`'s next time control: the moves it still makes before it and
    /// the time it then gets; `None` when none is ahead (a period to the
    /// end of the game, a sandclock, no clock). A last period with a move
    /// count repeats.
    ///
    /// ```
    /// use sakk::{Clock, Color, TimeControl};
    /// use std::time::Duration;
    ///
    /// let mut clock = Clock::new(TimeControl::from_typed("40/90+30").unwrap());
    /// let next = clock.next_control(Color::White).unwrap();
    /// assert_eq!((next.moves, next.adds), (40, Duration::from_secs(30 * 60)));
    /// clock.set_moves(Color::White, 40);
    /// assert_eq!(clock.next_control(Color::White), None);
    /// ```
    pub fn next_control(&self, color: Color) -> Option<NextControl> {
        let (stages, i, done) = self.current_period(color)?;
        let s = stages.get(i)?;
        // A period without a move count runs to the end of the game.
        let n = s.moves.filter(|n| *n > 0)?;
        // After the last period, the same again.
        let next = stages.get(i + 1).unwrap_or(s);
        Some(NextControl {
            moves: n - done % n,
            adds: next.time,
        })
    }

    fn delay_of(&self, color: Color) -> (Duration, DelayKind) {
        self.stage(color)
            .map_or((Duration::ZERO, DelayKind::Simple), |s| {
                (s.delay, s.delay_kind)
            })
    }

    fn observe(&mut self, now: Duration) -> Result<(), ClockError> {
        if now < self.last_seen {
            return Err(ClockError::TimeWentBack);
        }
        self.last_seen = now;
        Ok(())
    }

    /// Starts `color`'s clock at `now`.
    ///
    /// # Errors
    /// [`ClockError`] if already running, flagged, or unlimited.
    pub fn start(&mut self, color: Color, now: Duration) -> Result<(), ClockError> {
        if self.control == TimeControl::Unlimited {
            return Err(ClockError::Unlimited);
        }
        if let Some(c) = self.flagged {
            return Err(ClockError::Flagged(c));
        }
        if self.running.is_some() {
            return Err(ClockError::AlreadyRunning);
        }
        self.observe(now)?;
        self.begin_turn(color, now);
        Ok(())
    }

    fn begin_turn(&mut self, color: Color, now: Duration) {
        self.running = Some(color);
        self.since = now;
        self.delay_left = self.delay_of(color).0;
    }

    /// The running side's time used so far this turn (not counting a pause).
    fn used(&self, now: Duration) -> Duration {
        if self.paused {
            return Duration::ZERO;
        }
        now.saturating_sub(self.since)
    }

    /// How much of `used` comes off the clock now, and whether the flag has
    /// fallen.
    fn charge(&self, color: Color, used: Duration) -> (Duration, bool) {
        let (_, kind) = self.delay_of(color);
        let remaining = self.remaining[color];
        let counted = match kind {
            DelayKind::Simple => used.saturating_sub(self.delay_left),
            // Bronstein: the clock runs from the start; the delay comes back
            // only after the move.
            DelayKind::Bronstein => used,
        };
        // The flag falls when the counted time reaches what was left.
        (counted, !counted.is_zero() && counted >= remaining)
    }

    /// `color`'s time left at `now`, counting down if it runs.
    pub fn remaining(&self, color: Color, now: Duration) -> Duration {
        if self.running == Some(color) && self.flagged.is_none() {
            let (counted, _) = self.charge(color, self.used(now));
            return self.remaining[color].saturating_sub(counted);
        }
        self.remaining[color]
    }

    /// The side whose flag has fallen by `now`, if any (the clock does not
    /// change; see [`Clock::check_flag`]).
    pub fn flag_at(&self, now: Duration) -> Option<Color> {
        if self.flagged.is_some() {
            return self.flagged;
        }
        let color = self.running?;
        let (_, fallen) = self.charge(color, self.used(now));
        fallen.then_some(color)
    }

    /// When the running side's flag will fall if nothing happens, as a
    /// timestamp.
    pub fn flag_deadline(&self) -> Option<Duration> {
        let color = self.running()?;
        if self.flagged.is_some() {
            return None;
        }
        let (_, kind) = self.delay_of(color);
        let grace = match kind {
            DelayKind::Simple => self.delay_left,
            DelayKind::Bronstein => Duration::ZERO,
        };
        Some(self.since + grace + self.remaining[color])
    }

    /// Records a fallen flag, if one has fallen by `now`.
    pub fn check_flag(&mut self, now: Duration) -> Option<Color> {
        if let Some(c) = self.flag_at(now) {
            if self.flagged.is_none() {
                self.remaining[c] = Duration::ZERO;
                self.flagged = Some(c);
            }
        }
        self.flagged
    }

    /// The running side has moved and presses the clock at `now`: its time
    /// is charged (less any delay), the increment or Bronstein return is
    /// added, a new period begins if one is due, and the opponent's clock
    /// starts.
    ///
    /// # Errors
    /// [`ClockError::Flagged`] if the mover's time ran out before the
    /// press (the clock stops with the flag down); [`ClockError`] if the
    /// clock is not running or paused.
    pub fn press(&mut self, now: Duration) -> Result<(), ClockError> {
        if let Some(c) = self.flagged {
            return Err(ClockError::Flagged(c));
        }
        if self.paused {
            return Err(ClockError::Paused);
        }
        let mover = self.running.ok_or(ClockError::NotRunning)?;
        self.observe(now)?;
        let used = self.used(now);
        let (counted, fallen) = self.charge(mover, used);
        if fallen {
            self.remaining[mover] = Duration::ZERO;
            self.flagged = Some(mover);
            self.running = None;
            return Err(ClockError::Flagged(mover));
        }
        self.remaining[mover] -= counted;
        match &self.control {
            TimeControl::Sandclock(_) => {
                self.remaining[!mover] += counted;
            }
            // Days a move: the next move has them all again.
            TimeControl::Correspondence(_) => {
                self.remaining[mover] = self.control.per_move().unwrap_or_default();
                self.moves[mover] += 1;
            }
            TimeControl::Stages(_) => {
                let stage = self.stage(mover).unwrap_or_default();
                self.remaining[mover] += stage.increment;
                if stage.delay_kind == DelayKind::Bronstein {
                    self.remaining[mover] += used.min(stage.delay);
                }
                self.moves[mover] += 1;
                // A new period: its time is added when the last one's moves
                // are made.
                let next = self.stage(mover).unwrap_or_default();
                if self.period_completed(mover) {
                    self.remaining[mover] += next.time;
                }
            }
            TimeControl::Unlimited => {}
        }
        self.begin_turn(!mover, now);
        Ok(())
    }

    /// `true` if `color`'s last move completed a period with a move count.
    fn period_completed(&self, color: Color) -> bool {
        let TimeControl::Stages(stages) = &self.control else {
            return false;
        };
        let mut boundary = 0;
        for (i, s) in stages.iter().enumerate() {
            let Some(n) = s.moves else {
                return false;
            };
            if i + 1 == stages.len() {
                // The last period repeats.
                let done = self.moves[color];
                return done > boundary && (done - boundary) % n == 0;
            }
            boundary += n;
            if self.moves[color] == boundary {
                return true;
            }
        }
        false
    }

    /// Stops the clock at `now`, keeping the time used so far.
    ///
    /// # Errors
    /// [`ClockError`] if not running or already paused.
    pub fn pause(&mut self, now: Duration) -> Result<(), ClockError> {
        if self.paused {
            return Err(ClockError::Paused);
        }
        let color = self.running.ok_or(ClockError::NotRunning)?;
        self.observe(now)?;
        if self.check_flag(now).is_some() {
            return Err(ClockError::Flagged(color));
        }
        let used = self.used(now);
        let (_, kind) = self.delay_of(color);
        match kind {
            DelayKind::Simple => {
                let spent_delay = used.min(self.delay_left);
                self.delay_left -= spent_delay;
                self.remaining[color] -= used - spent_delay;
            }
            DelayKind::Bronstein => {
                // Keep the Bronstein credit by remembering the time used.
                self.remaining[color] -= used;
                self.delay_left = self.delay_left.saturating_sub(used);
            }
        }
        self.paused = true;
        Ok(())
    }

    /// Restarts a paused clock at `now`.
    ///
    /// # Errors
    /// [`ClockError`] if not paused.
    pub fn resume(&mut self, now: Duration) -> Result<(), ClockError> {
        if !self.paused {
            return Err(ClockError::NotRunning);
        }
        self.observe(now)?;
        self.paused = false;
        self.since = now;
        Ok(())
    }

    /// Stops the clock for good (the game is over), charging the running side.
    pub fn stop(&mut self, now: Duration) {
        if let Some(color) = self.running {
            if !self.paused {
                let (counted, _) = self.charge(color, self.used(now));
                self.remaining[color] = self.remaining[color].saturating_sub(counted);
            }
        }
        self.running = None;
        self.paused = false;
    }

    /// A move `color` made while this clock was not running (the first
    /// moves, which online play often leaves untimed): it counts towards
    /// the period, and when it completes one, the next period's time is
    /// added, as for a timed move.
    pub fn count_move(&mut self, color: Color) {
        if let TimeControl::Stages(_) = &self.control {
            self.moves[color] += 1;
            if self.period_completed(color) {
                let next = self.stage(color).unwrap_or_default();
                self.remaining[color] += next.time;
            }
        }
    }

    /// Sets how many moves `color` has completed (for restoring a stored
    /// clock, whose times already hold every period added so far).
    pub fn set_moves(&mut self, color: Color, moves: u32) {
        self.moves[color] = moves;
    }

    /// Sets a side's remaining time (for restoring a stored clock or an
    /// arbiter's correction).
    pub fn set_remaining(&mut self, color: Color, time: Duration) {
        self.remaining[color] = time;
    }

    /// Gives `color` `time` more, as the arbiter does (e.g.
    /// [`INCORRECT_CLAIM_TIME`] to the opponent of an incorrect draw claim),
    /// whether or not its clock is running.
    pub fn add_time(&mut self, color: Color, time: Duration) {
        self.remaining[color] = self.remaining[color].saturating_add(time);
    }
}

/// The time the arbiter adds to the opponent's clock when a draw claim
/// (threefold repetition, fifty moves) is found incorrect: two minutes
/// (FIDE Laws 9.5.2).
pub const INCORRECT_CLAIM_TIME: Duration = Duration::from_secs(120);

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(human: &str) -> Clock {
        match TimeControl::from_human(human) {
            Ok(tc) => Clock::new(tc),
            Err(e) => panic!("{human}: {e}"),
        }
    }

    #[test]
    fn sudden_death_and_flag() {
        let mut c = clock("1+0");
        assert_eq!(c.start(Color::White, ms(0)), Ok(()));
        assert_eq!(c.remaining(Color::White, ms(59_999)), ms(1));
        assert_eq!(c.flag_at(ms(59_999)), None);
        assert_eq!(c.flag_at(ms(60_000)), Some(Color::White));
        assert_eq!(c.flag_deadline(), Some(ms(60_000)));
        assert_eq!(c.press(ms(60_000)), Err(ClockError::Flagged(Color::White)));
        assert_eq!(c.flagged(), Some(Color::White));
        assert_eq!(c.remaining(Color::White, ms(70_000)), ms(0));
    }

    #[test]
    fn days_a_move_are_given_afresh_after_each_move() {
        const DAY: u64 = 24 * 3600 * 1000;
        let mut c = clock("2d");
        assert_eq!(c.remaining(Color::White, ms(0)), ms(2 * DAY));
        assert_eq!(c.start(Color::White, ms(0)), Ok(()));
        // White moves after a day and a half: the time left is not kept.
        assert_eq!(c.press(ms(DAY * 3 / 2)), Ok(()));
        assert_eq!(c.remaining(Color::White, ms(DAY * 3 / 2)), ms(2 * DAY));
        assert_eq!(c.flag_deadline(), Some(ms(DAY * 3 / 2 + 2 * DAY)));
        assert_eq!(c.remaining(Color::Black, ms(3 * DAY)), ms(DAY / 2));
        assert_eq!(c.flag_at(ms(DAY * 7 / 2 - 1)), None);
        assert_eq!(c.flag_at(ms(DAY * 7 / 2)), Some(Color::Black));
        assert_eq!(c.moves(Color::White), 1);
        assert_eq!(c.stage(Color::White), None);
        assert_eq!(c.next_control(Color::White), None);
    }

    #[test]
    fn the_arbiter_adds_time_to_a_running_clock() {
        let mut c = clock("1+0");
        let _ = c.start(Color::White, ms(0));
        c.add_time(Color::White, INCORRECT_CLAIM_TIME);
        assert_eq!(c.remaining(Color::White, ms(10_000)), ms(170_000));
        assert_eq!(c.flag_at(ms(179_999)), None);
        assert_eq!(c.flag_at(ms(180_000)), Some(Color::White));
        c.add_time(Color::Black, ms(500));
        assert_eq!(c.remaining(Color::Black, ms(10_000)), ms(60_500));
    }

    #[test]
    fn fischer_increment() {
        let mut c = clock("3+2");
        let _ = c.start(Color::White, ms(0));
        assert_eq!(c.press(ms(5_000)), Ok(()));
        assert_eq!(c.remaining(Color::White, ms(5_000)), ms(177_000));
        assert_eq!(c.remaining(Color::Black, ms(8_000)), ms(177_000));
        assert_eq!(c.press(ms(8_000)), Ok(()));
        assert_eq!(c.remaining(Color::Black, ms(8_000)), ms(179_000));
        assert_eq!(c.moves(Color::Black), 1);
    }

    #[test]
    fn simple_delay_waits_then_runs() {
        let mut c = clock("1+0d5");
        let _ = c.start(Color::White, ms(0));
        assert_eq!(c.remaining(Color::White, ms(4_000)), ms(60_000));
        assert_eq!(c.remaining(Color::White, ms(7_000)), ms(58_000));
        assert_eq!(c.flag_deadline(), Some(ms(65_000)));
        assert_eq!(c.press(ms(3_000)), Ok(()));
        assert_eq!(c.remaining(Color::White, ms(3_000)), ms(60_000));
    }

    #[test]
    fn bronstein_gives_back_at_most_the_delay() {
        let mut c = clock("1+0b5");
        let _ = c.start(Color::White, ms(0));
        assert_eq!(c.remaining(Color::White, ms(3_000)), ms(57_000));
        assert_eq!(c.press(ms(3_000)), Ok(()));
        assert_eq!(c.remaining(Color::White, ms(3_000)), ms(60_000));
        assert_eq!(c.press(ms(4_000)), Ok(()));
        let _ = c.press(ms(14_000)); // White used 10 s, gets 5 back.
        assert_eq!(c.remaining(Color::White, ms(14_000)), ms(55_000));
    }

    #[test]
    fn multi_stage_adds_the_next_period() {
        // 2 moves in 1 minute, then 30 s, +1 s a move.
        let mut c = clock("2/1+1:0.5+1");
        let _ = c.start(Color::White, ms(0));
        let mut now = 0;
        for _ in 0..2 {
            now += 10_000;
            assert_eq!(c.press(ms(now)), Ok(())); // White
            now += 1_000;
            assert_eq!(c.press(ms(now)), Ok(())); // Black
        }
        // White: 60 - 20 + 2 + 30 = 72 s.
        assert_eq!(c.remaining(Color::White, ms(now)), ms(72_000));
        assert_eq!(
            c.remaining(Color::Black, ms(now)),
            ms(60_000 - 2_000 + 2_000 + 30_000)
        );
    }

    #[test]
    fn untimed_first_moves_count_towards_the_period() {
        // 2 moves in 1 minute, then 30 s: the first move of each side is
        // not timed (the clock starts after Black's first move).
        let mut c = clock("2/1+0:0.5+0");
        c.count_move(Color::White);
        c.count_move(Color::Black);
        assert_eq!(c.moves(Color::White), 1);
        assert_eq!(c.remaining(Color::White, ms(0)), ms(60_000));
        let _ = c.start(Color::White, ms(0));
        assert_eq!(c.press(ms(5_000)), Ok(())); // White's second move
        assert_eq!(c.remaining(Color::White, ms(5_000)), ms(85_000));
        // A restored clock: the moves set, no time added.
        let mut r = clock("2/1+0:0.5+0");
        r.set_moves(Color::White, 2);
        assert_eq!(r.moves(Color::White), 2);
        assert_eq!(r.remaining(Color::White, ms(0)), ms(60_000));
        // A sandclock counts no moves.
        let mut f = clock("*60");
        f.count_move(Color::White);
        assert_eq!(f.moves(Color::White), 0);
    }

    #[test]
    fn repeating_last_period() {
        // 1 move in 1 minute, repeating: every move adds a minute.
        let mut c = match TimeControl::from_pgn("1/60") {
            Ok(tc) => Clock::new(tc),
            Err(e) => panic!("{e}"),
        };
        let _ = c.start(Color::White, ms(0));
        let _ = c.press(ms(10_000));
        assert_eq!(c.remaining(Color::White, ms(10_000)), ms(110_000));
    }

    #[test]
    fn sandclock_moves_time_across() {
        let mut c = clock("*60");
        let _ = c.start(Color::White, ms(0));
        let _ = c.press(ms(10_000));
        assert_eq!(c.remaining(Color::White, ms(10_000)), ms(50_000));
        assert_eq!(c.remaining(Color::Black, ms(10_000)), ms(70_000));
    }

    #[test]
    fn pause_and_resume() {
        let mut c = clock("5+0");
        let _ = c.start(Color::White, ms(0));
        assert_eq!(c.pause(ms(10_000)), Ok(()));
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining(Color::White, ms(100_000)), ms(290_000));
        assert_eq!(c.press(ms(100_000)), Err(ClockError::Paused));
        assert_eq!(c.resume(ms(100_000)), Ok(()));
        assert_eq!(c.remaining(Color::White, ms(105_000)), ms(285_000));
        assert_eq!(c.press(ms(50_000)), Err(ClockError::TimeWentBack));
    }
}
