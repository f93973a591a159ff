//! Time controls: sudden death, Fischer increment, Bronstein and simple
//! delay, multi-stage, sandclock, correspondence (days a move); read and
//! written in PGN `TimeControl` syntax (`300+3`, `40/5400:1800+30`, `*60`,
//! `1/259200`) and in the human form (`5+3`, `90+30`, `3d`); categories and
//! the seed's presets.

use core::fmt;
use core::time::Duration;

/// How a delay works.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum DelayKind {
    /// Simple (US) delay: the clock waits this long before it starts to run.
    #[default]
    Simple,
    /// Bronstein delay: after the move, the time used is given back, up to
    /// the delay.
    Bronstein,
}

impl DelayKind {
    /// `simple` or `bronstein`.
    pub const fn code(self) -> &'static str {
        match self {
            DelayKind::Simple => "simple",
            DelayKind::Bronstein => "bronstein",
        }
    }
}

/// One period of a time control.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stage {
    /// Moves to make in this period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// Time given for the period.
    pub time: Duration,
    /// Added after each move (Fischer).
    pub increment: Duration,
    /// Delay per move.
    pub delay: Duration,
    /// How the delay works.
    pub delay_kind: DelayKind,
}

/// A time control.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No clock (PGN `-`).
    Unlimited,
    /// One or more periods. If the last has a move count, it repeats.
    Stages(Vec<Stage>),
    /// Sandclock (PGN `*60`): the time one side uses flows to the other.
    Sandclock(Duration),
    /// Correspondence: each move within this many days of the opponent's
    /// (lichess's "days a move", 1 to [`MAX_DAYS`]); what a move leaves
    /// unused is not kept. PGN `1/259200` (a move in three days, as
    /// chess.com writes its daily games), human `3d`. Made by
    /// [`TimeControl::days`].
    Correspondence(u32),
}

/// The speed class of a time control, by the estimated duration
/// `initial + 40 × increment` (lichess): bullet < 3 min ≤ blitz < 8 min ≤
/// rapid < 25 min ≤ classical.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Under 3 minutes.
    Bullet,
    /// 3 to 8 minutes.
    Blitz,
    /// 8 to 25 minutes.
    Rapid,
    /// 25 minutes and more.
    Classical,
    /// Days a move.
    Correspondence,
    /// No clock.
    Unlimited,
}

impl Category {
    /// `bullet`, `blitz`, `rapid`, `classical`, `correspondence`,
    /// `unlimited`.
    pub const fn code(self) -> &'static str {
        match self {
            Category::Bullet => "bullet",
            Category::Blitz => "blitz",
            Category::Rapid => "rapid",
            Category::Classical => "classical",
            Category::Correspondence => "correspondence",
            Category::Unlimited => "unlimited",
        }
    }
}

/// Why a time control could not be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControlError {
    /// Empty text.
    Empty,
    /// PGN `?`: the time control is not known.
    Unknown,
    /// Not a time control in PGN or human form.
    Malformed,
    /// A period with no time and no increment, or a zero move count.
    Zero,
    /// A number too large to be a time control.
    TooLarge,
}

/// The most days a move a correspondence control may give.
pub const MAX_DAYS: u32 = 100;

/// A day.
const DAY: Duration = Duration::from_secs(24 * 3600);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TimeControlError::Empty => "empty time control",
            TimeControlError::Unknown => "the time control is unknown ('?')",
            TimeControlError::Malformed => {
                "not a time control: expected forms like 5+3 (minutes + seconds), \
                 300+3, 40/5400:1800+30 or *60 (seconds)"
            }
            TimeControlError::Zero => "a time control period needs time or an increment",
            TimeControlError::TooLarge => "time control numbers are too large",
        })
    }
}

impl std::error::Error for TimeControlError {}

/// At most ten days a period: anything more is a typo.
const MAX_SECONDS: u64 = 10 * 24 * 3600;

/// Reads seconds with up to three decimals (`300`, `0.5`).
fn seconds(s: &str) -> Result<Duration, TimeControlError> {
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    if int.is_empty() && frac.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 3
        || int.len() > 9
    {
        return Err(TimeControlError::Malformed);
    }
    let whole: u64 = if int.is_empty() {
        0
    } else {
        int.parse().map_err(|_| TimeControlError::Malformed)?
    };
    if whole > MAX_SECONDS {
        return Err(TimeControlError::TooLarge);
    }
    let millis: u64 = format!("{frac:0<3}")
        .parse()
        .map_err(|_| TimeControlError::Malformed)?;
    Ok(Duration::from_millis(whole * 1000 + millis))
}

fn minutes(s: &str) -> Result<Duration, TimeControlError> {
    let d = seconds(s)?;
    if d.as_secs() > MAX_SECONDS / 60 {
        return Err(TimeControlError::TooLarge);
    }
    Ok(d * 60)
}

fn write_seconds(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let ms = d.as_millis();
    if ms % 1000 == 0 {
        write!(f, "{}", ms / 1000)
    } else {
        let s = format!("{}.{:03}", ms / 1000, ms % 1000);
        f.write_str(s.trim_end_matches('0'))
    }
}

impl TimeControl {
    /// Sudden death with a Fischer increment.
    pub fn fischer(time: Duration, increment: Duration) -> TimeControl {
        TimeControl::Stages(vec![Stage {
            time,
            increment,
            ..Stage::default()
        }])
    }

    /// Sudden death with a delay.
    pub fn delay(time: Duration, delay: Duration, kind: DelayKind) -> TimeControl {
        TimeControl::Stages(vec![Stage {
            time,
            delay,
            delay_kind: kind,
            ..Stage::default()
        }])
    }

    /// Reads the PGN `TimeControl` tag value: `-`, `300`, `300+3`,
    /// `40/5400:1800+30`, `40/5400+30:1800+30`, `*60`.
    ///
    /// ```
    /// use sakk::TimeControl;
    ///
    /// let tc = TimeControl::from_pgn("40/5400+30:1800+30").unwrap();
    /// assert_eq!(tc.to_pgn(), "40/5400+30:1800+30");
    /// assert_eq!(tc.to_human(), "40/90+30:30+30");
    /// assert_eq!(TimeControl::from_human("5+3").unwrap().to_pgn(), "300+3");
    /// ```
    ///
    /// # Errors
    /// [`TimeControlError`].
    pub fn from_pgn(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        match text {
            "" => return Err(TimeControlError::Empty),
            "?" => return Err(TimeControlError::Unknown),
            "-" => return Ok(TimeControl::Unlimited),
            _ => {}
        }
        if let Some(rest) = text.strip_prefix('*') {
            let t = seconds(rest)?;
            if t.is_zero() {
                return Err(TimeControlError::Zero);
            }
            return Ok(TimeControl::Sandclock(t));
        }
        if let Some(days) = text.strip_prefix("1/").and_then(whole_days) {
            return TimeControl::days(days);
        }
        let mut stages = Vec::new();
        for field in text.split(':') {
            stages.push(parse_stage(field, seconds, false)?);
        }
        validate(&stages)?;
        Ok(TimeControl::Stages(stages))
    }

    /// Correspondence: `days` whole days a move (1 to [`MAX_DAYS`]).
    ///
    /// ```
    /// use sakk::TimeControl;
    ///
    /// let three = TimeControl::days(3).unwrap();
    /// assert_eq!(three.to_pgn(), "1/259200");
    /// assert_eq!(three.to_human(), "3d");
    /// assert_eq!(TimeControl::from_pgn("1/259200"), Ok(three.clone()));
    /// assert_eq!(TimeControl::from_human("3d"), Ok(three.clone()));
    /// assert_eq!(three.days_per_move(), Some(3));
    /// assert!(TimeControl::days(0).is_err());
    /// ```
    ///
    /// # Errors
    /// [`TimeControlError::Zero`] for none, [`TimeControlError::TooLarge`]
    /// past [`MAX_DAYS`].
    pub fn days(days: u32) -> Result<TimeControl, TimeControlError> {
        match days {
            0 => Err(TimeControlError::Zero),
            d if d > MAX_DAYS => Err(TimeControlError::TooLarge),
            d => Ok(TimeControl::Correspondence(d)),
        }
    }

    /// The days a move of a correspondence control.
    pub fn days_per_move(&self) -> Option<u32> {
        match self {
            TimeControl::Correspondence(days) => Some(*days),
            _ => None,
        }
    }

    /// The time a move of a correspondence control may take.
    pub fn per_move(&self) -> Option<Duration> {
        self.days_per_move().map(|days| DAY * days)
    }

    /// Reads the human form: minutes and increment seconds (`5+3`,
    /// `90+30`, `0.5+0`, `10`), a delay as `5+0d3` (simple) or `5+0b3`
    /// (Bronstein), periods as `40/90+30:30+30` (40 moves in 90 minutes,
    /// then 30 minutes, +30 s a move; a last period with a move count
    /// repeats), days a move as `3d`. A PGN form with a `*` or `-` is read as PGN. Preset labels
    /// such as the seed's `40/90+30` are read with [`TimeControl::preset`].
    ///
    /// # Errors
    /// [`TimeControlError`].
    pub fn from_human(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(TimeControlError::Empty);
        }
        if text.starts_with('*') || text == "-" || text == "?" {
            return TimeControl::from_pgn(text);
        }
        if let Some(days) = text.strip_suffix('d') {
            if !days.is_empty() && days.len() <= 4 && days.bytes().all(|b| b.is_ascii_digit()) {
                return TimeControl::days(days.parse().map_err(|_| TimeControlError::Malformed)?);
            }
        }
        let mut stages = Vec::new();
        for field in text.split(':') {
            stages.push(parse_stage(field, minutes, true)?);
        }
        validate(&stages)?;
        Ok(TimeControl::Stages(stages))
    }

    /// Reads a control as a player types it: a preset's label (the seed's
    /// `40/90+30`: 40 moves in 90 minutes, then 30 minutes, +30 s a move),
    /// else the human form of [`TimeControl::from_human`] (minutes +
    /// seconds a move, periods, delays; a sandclock as PGN writes it).
    ///
    /// ```
    /// use sakk::TimeControl;
    ///
    /// assert_eq!(TimeControl::from_typed("40/90+30").unwrap().to_pgn(), "40/5400+30:1800+30");
    /// assert_eq!(TimeControl::from_typed("90+30").unwrap().to_pgn(), "5400+30");
    /// assert_eq!(TimeControl::from_typed("40/100:20").unwrap().to_pgn(), "40/6000:1200");
    /// assert!(TimeControl::from_typed("5+x").is_err());
    /// ```
    ///
    /// # Errors
    /// [`TimeControlError`].
    pub fn from_typed(text: &str) -> Result<TimeControl, TimeControlError> {
        match TimeControl::preset(text) {
            Some(preset) => Ok(preset),
            None => TimeControl::from_human(text),
        }
    }

    /// The preset with this label (see [`PRESETS`]), e.g. `5+3` or the
    /// seed's classical `40/90+30`: 40 moves in 90 minutes, then 30
    /// minutes, +30 s a move from the first.
    pub fn preset(label: &str) -> Option<TimeControl> {
        PRESETS
            .iter()
            .find(|p| p.label == label.trim())
            .map(Preset::control)
    }

    /// The PGN `TimeControl` value. Delays, which PGN cannot express, are
    /// left out (see [`TimeControl::pgn_delay`]).
    pub fn to_pgn(&self) -> String {
        struct Pgn<'a>(&'a TimeControl);
        impl fmt::Display for Pgn<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.0 {
                    TimeControl::Unlimited => f.write_str("-"),
                    TimeControl::Sandclock(t) => {
                        f.write_str("*")?;
                        write_seconds(f, *t)
                    }
                    TimeControl::Correspondence(days) => {
                        write!(f, "1/{}", u64::from(*days) * DAY.as_secs())
                    }
                    TimeControl::Stages(stages) => {
                        for (i, s) in stages.iter().enumerate() {
                            if i > 0 {
                                f.write_str(":")?;
                            }
                            if let Some(n) = s.moves {
                                write!(f, "{n}/")?;
                            }
                            write_seconds(f, s.time)?;
                            if !s.increment.is_zero() {
                                f.write_str("+")?;
                                write_seconds(f, s.increment)?;
                            }
                        }
                        Ok(())
                    }
                }
            }
        }
        Pgn(self).to_string()
    }

    /// The delays, which PGN's `TimeControl` cannot express, for a tag of
    /// their own (sakk writes it as `TimeDelay`): each period's delay in
    /// seconds with `d` (simple) or `b` (Bronstein) before it, periods
    /// separated by `:` as in `TimeControl`; `None` when no period has a
    /// delay.
    ///
    /// ```
    /// use sakk::TimeControl;
    ///
    /// let tc = TimeControl::from_human("10+0b5").unwrap();
    /// assert_eq!(tc.to_pgn(), "600");
    /// assert_eq!(tc.pgn_delay().as_deref(), Some("b5"));
    /// assert_eq!(TimeControl::from_human("5+3").unwrap().pgn_delay(), None);
    /// ```
    pub fn pgn_delay(&self) -> Option<String> {
        let TimeControl::Stages(stages) = self else {
            return None;
        };
        if stages.iter().all(|s| s.delay.is_zero()) {
            return None;
        }
        let parts: Vec<String> = stages
            .iter()
            .map(|s| {
                let kind = match s.delay_kind {
                    DelayKind::Simple => 'd',
                    DelayKind::Bronstein => 'b',
                };
                format!(
                    "{kind}{}",
                    human_number(s.delay.as_millis() as f64 / 1000.0)
                )
            })
            .collect();
        Some(parts.join(":"))
    }

    /// The human form: minutes + increment seconds (`5+3`), with `d3` or
    /// `b3` for a simple or Bronstein delay.
    pub fn to_human(&self) -> String {
        match self {
            TimeControl::Unlimited => "-".to_string(),
            TimeControl::Sandclock(_) => self.to_pgn(),
            TimeControl::Correspondence(days) => format!("{days}d"),
            TimeControl::Stages(stages) => {
                let mut out = String::new();
                for (i, s) in stages.iter().enumerate() {
                    if i > 0 {
                        out.push(':');
                    }
                    if let Some(n) = s.moves {
                        out.push_str(&format!("{n}/"));
                    }
                    out.push_str(&human_number(s.time.as_millis() as f64 / 60_000.0));
                    out.push('+');
                    out.push_str(&human_number(s.increment.as_millis() as f64 / 1000.0));
                    if !s.delay.is_zero() {
                        out.push(match s.delay_kind {
                            DelayKind::Simple => 'd',
                            DelayKind::Bronstein => 'b',
                        });
                        out.push_str(&human_number(s.delay.as_millis() as f64 / 1000.0));
                    }
                }
                out
            }
        }
    }

    /// The first period, if there are periods.
    pub fn first_stage(&self) -> Option<&Stage> {
        match self {
            TimeControl::Stages(s) => s.first(),
            _ => None,
        }
    }

    /// The estimated duration per player, `initial + 40 × increment`
    /// (none without a clock or with days a move).
    pub fn estimated(&self) -> Option<Duration> {
        match self {
            TimeControl::Unlimited | TimeControl::Correspondence(_) => None,
            TimeControl::Sandclock(t) => Some(*t),
            TimeControl::Stages(stages) => {
                let first = stages.first()?;
                Some(first.time + (first.increment + first.delay) * 40)
            }
        }
    }

    /// The speed class.
    pub fn category(&self) -> Category {
        if let TimeControl::Correspondence(_) = self {
            return Category::Correspondence;
        }
        match self.estimated() {
            None => Category::Unlimited,
            Some(d) if d < Duration::from_secs(180) => Category::Bullet,
            Some(d) if d < Duration::from_secs(480) => Category::Blitz,
            Some(d) if d < Duration::from_secs(1500) => Category::Rapid,
            Some(_) => Category::Classical,
        }
    }
}

fn human_number(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The whole days in `text` seconds (`259200`: 3), if it is a positive
/// multiple of a day.
fn whole_days(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let secs: u64 = text.parse().ok()?;
    (secs > 0 && secs % DAY.as_secs() == 0)
        .then(|| u32::try_from(secs / DAY.as_secs()).ok())
        .flatten()
}

fn parse_stage(
    field: &str,
    unit: fn(&str) -> Result<Duration, TimeControlError>,
    allow_delay: bool,
) -> Result<Stage, TimeControlError> {
    let (moves, rest) = match field.split_once('/') {
        Some((n, rest)) => {
            if n.is_empty() || n.len() > 4 || !n.bytes().all(|b| b.is_ascii_digit()) {
                return Err(TimeControlError::Malformed);
            }
            let n: u32 = n.parse().map_err(|_| TimeControlError::Malformed)?;
            if n == 0 {
                return Err(TimeControlError::Zero);
            }
            (Some(n), rest)
        }
        None => (None, field),
    };
    // Delay suffix (human form only): `d3` simple, `b3` Bronstein.
    let (rest, delay, delay_kind) = match rest.find(['d', 'b']) {
        Some(_) if !allow_delay => return Err(TimeControlError::Malformed),
        Some(i) => {
            let kind = if rest.as_bytes()[i] == b'd' {
                DelayKind::Simple
            } else {
                DelayKind::Bronstein
            };
            (&rest[..i], seconds(&rest[i + 1..])?, kind)
        }
        None => (rest, Duration::ZERO, DelayKind::Simple),
    };
    // A zero delay is no delay, whatever its kind.
    let delay_kind = if delay.is_zero() {
        DelayKind::Simple
    } else {
        delay_kind
    };
    let (time, increment) = match rest.split_once('+') {
        Some((t, inc)) => (unit(t)?, seconds(inc)?),
        None => (unit(rest)?, Duration::ZERO),
    };
    Ok(Stage {
        moves,
        time,
        increment,
        delay,
        delay_kind,
    })
}

fn validate(stages: &[Stage]) -> Result<(), TimeControlError> {
    if stages.is_empty() {
        return Err(TimeControlError::Malformed);
    }
    for (i, s) in stages.iter().enumerate() {
        if s.time.is_zero() && s.increment.is_zero() && s.delay.is_zero() {
            return Err(TimeControlError::Zero);
        }
        // Only the last period may be open-ended.
        if s.moves.is_none() && i + 1 != stages.len() {
            return Err(TimeControlError::Malformed);
        }
    }
    Ok(())
}

impl fmt::Display for TimeControl {
    /// The human form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_human())
    }
}

/// A named time control of the seed and the user interface.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// As shown: `5+3`, `40/90+30`.
    pub label: &'static str,
    /// Initial minutes (of the first period).
    minutes: u64,
    /// Increment seconds.
    increment: u64,
    /// Moves of the first period, for the classical two-period control.
    moves: Option<u32>,
    /// Minutes of the second period.
    then_minutes: u64,
}

impl Preset {
    /// The time control.
    pub fn control(&self) -> TimeControl {
        let inc = Duration::from_secs(self.increment);
        match self.moves {
            None => TimeControl::fischer(Duration::from_secs(self.minutes * 60), inc),
            Some(n) => TimeControl::Stages(vec![
                Stage {
                    moves: Some(n),
                    time: Duration::from_secs(self.minutes * 60),
                    increment: inc,
                    ..Stage::default()
                },
                Stage {
                    time: Duration::from_secs(self.then_minutes * 60),
                    increment: inc,
                    ..Stage::default()
                },
            ]),
        }
    }
}

const fn preset(label: &'static str, minutes: u64, increment: u64) -> Preset {
    Preset {
        label,
        minutes,
        increment,
        moves: None,
        then_minutes: 0,
    }
}

/// The presets: the seed's (1+0, 2+1, 3+2, 5+3, 10+10, 15+10, 25+10, 90+30,
/// 40/90+30) and the user interface's 30+20.
pub const PRESETS: [Preset; 10] = [
    preset("1+0", 1, 0),
    preset("2+1", 2, 1),
    preset("3+2", 3, 2),
    preset("5+3", 5, 3),
    preset("10+10", 10, 10),
    preset("15+10", 15, 10),
    preset("25+10", 25, 10),
    preset("30+20", 30, 20),
    preset("90+30", 90, 30),
    Preset {
        label: "40/90+30",
        minutes: 90,
        increment: 30,
        moves: Some(40),
        then_minutes: 30,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn pgn(s: &str) -> TimeControl {
        match TimeControl::from_pgn(s) {
            Ok(t) => t,
            Err(e) => panic!("{s}: {e}"),
        }
    }

    #[test]
    fn pgn_round_trips() {
        for s in [
            "-",
            "300",
            "300+3",
            "40/5400:1800+30",
            "40/5400+30:1800+30",
            "*60",
            "60+0.5",
            "40/7200",
            "1/86400",
            "1/1209600",
        ] {
            assert_eq!(pgn(s).to_pgn(), s);
        }
        // A move in a whole number of days is correspondence (nothing
        // carried over); a move an hour is a period that repeats.
        assert_eq!(pgn("1/1209600").days_per_move(), Some(14));
        assert_eq!(pgn("1/1209600").category(), Category::Correspondence);
        assert_eq!(pgn("1/1209600").estimated(), None);
        assert_eq!(pgn("1/3600").days_per_move(), None);
        assert_eq!(
            TimeControl::from_pgn("1/864000000"),
            Err(TimeControlError::TooLarge)
        );
        for (human, days) in [("1d", Some(1)), ("14d", Some(14)), ("100d", Some(100))] {
            assert_eq!(
                TimeControl::from_human(human).map(|t| t.days_per_move()),
                Ok(days)
            );
            assert_eq!(
                TimeControl::from_human(human)
                    .map(|t| t.to_human())
                    .as_deref(),
                Ok(human)
            );
        }
        assert_eq!(TimeControl::from_human("0d"), Err(TimeControlError::Zero));
        assert_eq!(
            TimeControl::from_human("101d"),
            Err(TimeControlError::TooLarge)
        );
        assert!(TimeControl::from_human("d").is_err());
        assert!(TimeControl::from_human("3dd").is_err());
        assert_eq!(TimeControl::from_pgn("?"), Err(TimeControlError::Unknown));
        for bad in [
            "",
            "abc",
            "300+",
            "+3",
            "0",
            "0/300",
            "300:40/60",
            "1e9",
            "99999999999",
            "3.0001",
            "*0",
        ] {
            assert!(TimeControl::from_pgn(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn human_forms_and_categories() {
        let cases = [
            ("1+0", "60", Category::Bullet),
            ("2+1", "120+1", Category::Bullet),
            ("3+2", "180+2", Category::Blitz),
            ("5+3", "300+3", Category::Blitz),
            ("10+10", "600+10", Category::Rapid),
            ("15+10", "900+10", Category::Rapid),
            ("25+10", "1500+10", Category::Classical),
            ("90+30", "5400+30", Category::Classical),
            ("40/90+30", "40/5400+30:1800+30", Category::Classical),
            ("0.5+0", "30", Category::Bullet),
        ];
        for (human, pgn_form, category) in cases {
            let tc = match TimeControl::preset(human)
                .ok_or(TimeControlError::Malformed)
                .or_else(|_| TimeControl::from_human(human))
            {
                Ok(t) => t,
                Err(e) => panic!("{human}: {e}"),
            };
            assert_eq!(tc.to_pgn(), pgn_form, "{human}");
            assert_eq!(tc.category(), category, "{human}");
        }
        // 2+1: 120 + 40 = 160 s, bullet; 3+0: 180 s, blitz (the boundary).
        assert_eq!(
            TimeControl::from_human("3+0").map(|t| t.category()),
            Ok(Category::Blitz)
        );
        let delayed = TimeControl::from_human("5+0d3");
        assert_eq!(
            delayed.as_ref().map(TimeControl::to_human).as_deref(),
            Ok("5+0d3")
        );
        assert_eq!(
            TimeControl::from_human("90+30")
                .map(|t| t.to_human())
                .as_deref(),
            Ok("90+30")
        );
        assert_eq!(
            PRESETS
                .iter()
                .filter(|p| p.control().category() == Category::Rapid)
                .count(),
            2
        );
    }
}
