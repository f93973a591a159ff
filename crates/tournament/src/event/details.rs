//! Where and when a tournament is played and who directs it, as Vega and
//! Swiss-Manager ask for them: the place, the federation, the dates, the
//! arbiters and each round's date and time. They go into the TRF's header
//! lines (`022` … `132`) and each game's PGN tags (`Site`, `Date`,
//! `EventDate`, `Time`), and come back from a TRF read in.

use super::{check_name, EventError, MAX_ROUNDS};
use crate::Date;

/// The most deputy arbiters kept.
pub const MAX_DEPUTIES: usize = 8;

/// A time of day, to the minute (a round's start).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TimeOfDay {
    /// The hour, 0 to 23.
    pub hour: u8,
    /// The minute, 0 to 59.
    pub minute: u8,
}

impl TimeOfDay {
    /// Reads `15:00` or `9:30`; `None` for anything else.
    pub fn read(text: &str) -> Option<TimeOfDay> {
        let (h, m) = text.trim().split_once(':')?;
        if h.is_empty() || h.len() > 2 || m.len() != 2 {
            return None;
        }
        let t = TimeOfDay {
            hour: h.parse().ok()?,
            minute: m.parse().ok()?,
        };
        (t.hour < 24 && t.minute < 60).then_some(t)
    }
}

impl std::fmt::Display for TimeOfDay {
    /// `15:00`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)
    }
}

/// Stored and sent as `15:00`.
#[cfg(feature = "serde")]
impl serde::Serialize for TimeOfDay {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TimeOfDay {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TimeOfDay, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        TimeOfDay::read(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a time of day: {text}")))
    }
}

/// When a round begins: its date, and its time when set.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundStart {
    /// The day.
    pub date: Date,
    /// The time of day.
    #[cfg_attr(feature = "serde", serde(default))]
    pub time: Option<TimeOfDay>,
}

/// Where and when, and who directs: the organiser's details.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default)
)]
pub struct Details {
    /// The town or city (TRF `022`).
    pub city: String,
    /// The federation, its three-letter FIDE code (TRF `032`: `HUN`).
    pub federation: String,
    /// The first day (`042`).
    pub start: Option<Date>,
    /// The last day (`052`).
    pub end: Option<Date>,
    /// The chief arbiter (`102`).
    pub chief_arbiter: String,
    /// The deputy chief arbiters (`112`, a line each).
    pub deputy_arbiters: Vec<String>,
    /// Each round's start, round 1 first (`132` gives the dates); a round
    /// without one is `None`.
    pub rounds: Vec<Option<RoundStart>>,
}

impl Details {
    /// Checks the details against a tournament of `rounds` planned rounds.
    ///
    /// # Errors
    /// A name (city, arbiter) too long or with a control character, a
    /// federation that is not three letters, an end before the start, more
    /// deputies than [`MAX_DEPUTIES`] or more round dates than rounds.
    pub fn check(&self, rounds: u16) -> Result<(), EventError> {
        for text in [&self.city, &self.chief_arbiter]
            .into_iter()
            .chain(&self.deputy_arbiters)
        {
            if !text.is_empty() {
                check_name(text)?;
            }
        }
        if !federation_ok(&self.federation) {
            return Err(EventError::FederationInvalid);
        }
        if self.deputy_arbiters.len() > MAX_DEPUTIES {
            return Err(EventError::TooManyDeputies { max: MAX_DEPUTIES });
        }
        for date in self
            .start
            .iter()
            .chain(&self.end)
            .chain(self.rounds.iter().flatten().map(|r| &r.date))
        {
            if !date.exists() {
                return Err(EventError::DateInvalid);
            }
        }
        if let (Some(start), Some(end)) = (self.start, self.end) {
            if end < start {
                return Err(EventError::EndBeforeStart);
            }
        }
        if self.rounds.len() > usize::from(rounds.min(MAX_ROUNDS)) {
            return Err(EventError::TooManyRoundDates { rounds });
        }
        if self.rounds.iter().flatten().any(|r| !in_trf_years(r.date)) {
            return Err(EventError::RoundDateCentury);
        }
        Ok(())
    }

    /// The parts of these details that check, each on its own (a TRF's
    /// header read in: one wrong line loses that line, not the others).
    pub fn keep_valid(mut self, rounds: u16) -> Details {
        let name_ok = |t: &String| t.is_empty() || check_name(t).is_ok();
        if !name_ok(&self.city) {
            self.city.clear();
        }
        if !name_ok(&self.chief_arbiter) {
            self.chief_arbiter.clear();
        }
        self.deputy_arbiters.retain(|d| !d.is_empty() && name_ok(d));
        self.deputy_arbiters.truncate(MAX_DEPUTIES);
        if !federation_ok(&self.federation) {
            self.federation.clear();
        }
        self.start = self.start.filter(|d| d.exists());
        self.end = self.end.filter(|d| d.exists());
        if let (Some(start), Some(end)) = (self.start, self.end) {
            if end < start {
                self.end = None;
            }
        }
        self.rounds.truncate(usize::from(rounds.min(MAX_ROUNDS)));
        for r in &mut self.rounds {
            if r.is_some_and(|r| !r.date.exists() || !in_trf_years(r.date)) {
                *r = None;
            }
        }
        trim_unset(&mut self.rounds);
        self
    }

    /// The TRF header lines these details give, `(code, text)` in code
    /// order: `022`, `032`, `042`, `052`, `102`, `112` and `132`.
    pub fn header_lines(&self) -> Vec<(String, String)> {
        let mut lines = Vec::new();
        let mut line = |code: &str, text: String| {
            if !text.trim().is_empty() {
                lines.push((code.to_string(), text));
            }
        };
        line("022", self.city.clone());
        line("032", self.federation.clone());
        line("042", self.start.map(trf_date).unwrap_or_default());
        line("052", self.end.map(trf_date).unwrap_or_default());
        line("102", self.chief_arbiter.clone());
        for deputy in &self.deputy_arbiters {
            line("112", deputy.clone());
        }
        line("132", round_dates(&self.rounds));
        lines
    }

    /// The details a TRF's header lines give (the others are not
    /// details); what does not read (a date not written as a date) is
    /// left out.
    pub fn from_header(header: &[(String, String)]) -> Details {
        let mut d = Details::default();
        for (code, text) in header {
            let text = text.trim();
            match code.as_str() {
                "022" => d.city = text.to_string(),
                "032" => d.federation = text.to_uppercase(),
                "042" => d.start = Date::read(text),
                "052" => d.end = Date::read(text),
                "102" => d.chief_arbiter = text.to_string(),
                "112" if !text.is_empty() => d.deputy_arbiters.push(text.to_string()),
                "132" => {
                    d.rounds = read_round_dates(header_text(header, "132"));
                }
                _ => {}
            }
        }
        d
    }

    /// The PGN `Site` tag: `Budapest HUN`, as the PGN standard writes a
    /// site (the city, then the IOC code); `None` without a city.
    pub fn site(&self) -> Option<String> {
        if self.city.trim().is_empty() {
            return None;
        }
        Some(if self.federation.is_empty() {
            self.city.clone()
        } else {
            format!("{} {}", self.city, self.federation)
        })
    }

    /// Round `round`'s start (from 1), when set.
    pub fn round(&self, round: u16) -> Option<RoundStart> {
        self.rounds
            .get(usize::from(round).checked_sub(1)?)
            .copied()
            .flatten()
    }
}

/// Whether `federation` is none, or a FIDE code (three capital letters).
fn federation_ok(federation: &str) -> bool {
    federation.is_empty()
        || (federation.len() == 3 && federation.bytes().all(|b| b.is_ascii_uppercase()))
}

/// Whether a round's `date` can be written in a `132` line, which gives
/// the year in two digits (2000–2099).
fn in_trf_years(date: Date) -> bool {
    (2000..=2099).contains(&date.year)
}

/// Drops the rounds without a start at the end of `rounds` (a round after
/// the last one set is simply not set).
pub fn trim_unset(rounds: &mut Vec<Option<RoundStart>>) {
    while rounds.last().is_some_and(Option::is_none) {
        rounds.pop();
    }
}

/// The raw text of a header line (the part after the code and its space),
/// untrimmed at the start: `132`'s columns count from the line's start.
fn header_text<'a>(header: &'a [(String, String)], code: &str) -> &'a str {
    header
        .iter()
        .find(|(c, _)| c == code)
        .map_or("", |(_, t)| t.as_str())
}

/// `2026/03/14`, as TRF-16 writes a date.
fn trf_date(d: Date) -> String {
    format!("{:04}/{:02}/{:02}", d.year, d.month, d.day)
}

/// The column (from 1) where round 1's date stands on a `132` line: the
/// column of round 1 on a player's line (TRF-16: 92–99, then every ten).
const FIRST_ROUND_COLUMN: usize = 92;

/// The `132` line's text (after `132 `): each round's date `YY/MM/DD` in
/// the columns of that round's entries on the player lines; empty when no
/// round has a date.
fn round_dates(rounds: &[Option<RoundStart>]) -> String {
    if rounds.iter().all(Option::is_none) {
        return String::new();
    }
    // The text starts at column 5 (after "132 ").
    let mut text = " ".repeat(FIRST_ROUND_COLUMN - 5);
    for (i, r) in rounds.iter().enumerate() {
        if i > 0 {
            text.push_str("  ");
        }
        match r {
            Some(r) => text.push_str(&format!(
                "{:02}/{:02}/{:02}",
                r.date.year % 100,
                r.date.month,
                r.date.day
            )),
            None => text.push_str("        "),
        }
    }
    text.trim_end().to_string()
}

/// The dates of a `132` line's text: `YY/MM/DD` in round columns (TRF-16),
/// or `YYYY/MM/DD` separated by `;` (as Vega writes its own files).
fn read_round_dates(text: &str) -> Vec<Option<RoundStart>> {
    let start = |date: Option<Date>| date.map(|date| RoundStart { date, time: None });
    let mut rounds: Vec<Option<RoundStart>> = if text.contains(';') {
        text.split(';')
            .map(|t| start(Date::read(t.trim())))
            .collect()
    } else {
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        let mut at = FIRST_ROUND_COLUMN - 5;
        while at < chars.len() {
            let end = (at + 8).min(chars.len());
            let slot: String = chars[at..end].iter().collect();
            out.push(start(short_date(slot.trim())));
            at += 10;
        }
        out
    };
    trim_unset(&mut rounds);
    rounds
}

/// `26/03/14` (TRF-16's round dates: the year in two digits, this
/// century), or a full date as [`Date::read`] reads one.
fn short_date(text: &str) -> Option<Date> {
    let parts: Vec<&str> = text.split('/').collect();
    match parts.as_slice() {
        [y, m, d] if y.len() == 2 => {
            let date = Date {
                year: 2000 + y.parse::<u16>().ok()?,
                month: m.parse().ok()?,
                day: d.parse().ok()?,
            };
            date.exists().then_some(date)
        }
        _ => Date::read(text),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        Date::read(text).unwrap()
    }

    fn sample() -> Details {
        Details {
            city: "Budapest".into(),
            federation: "HUN".into(),
            start: Some(date("2026-03-14")),
            end: Some(date("2026-03-16")),
            chief_arbiter: "Kovács, Anna".into(),
            deputy_arbiters: vec!["Nagy, Béla".into()],
            rounds: vec![
                Some(RoundStart {
                    date: date("2026-03-14"),
                    time: TimeOfDay::read("10:00"),
                }),
                None,
                Some(RoundStart {
                    date: date("2026-03-16"),
                    time: None,
                }),
            ],
        }
    }

    #[test]
    fn header_lines_in_trf_16_columns() {
        let lines = sample().header_lines();
        let codes: Vec<&str> = lines.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(codes, ["022", "032", "042", "052", "102", "112", "132"]);
        assert_eq!(lines[2].1, "2026/03/14");
        let line132 = format!("132 {}", lines[6].1);
        // Round 1 at columns 92–99, round 3 at 112–119 (1-based).
        assert_eq!(&line132[91..99], "26/03/14");
        assert_eq!(line132[101..109].trim(), "");
        assert_eq!(&line132[111..119], "26/03/16");
    }

    #[test]
    fn read_back_from_the_header() {
        let d = sample();
        let back = Details::from_header(&d.header_lines());
        // The TRF has no times of day: those stay with the server.
        let mut expected = d.clone();
        for r in expected.rounds.iter_mut().flatten() {
            r.time = None;
        }
        assert_eq!(back, expected);
        // Vega's own form of the round dates.
        let vega = vec![("132".to_string(), "2026/03/14;2026/03/15".to_string())];
        assert_eq!(Details::from_header(&vega).rounds.len(), 2);
    }

    #[test]
    fn checked() {
        assert_eq!(sample().check(3), Ok(()));
        assert_eq!(
            sample().check(2),
            Err(EventError::TooManyRoundDates { rounds: 2 })
        );
        let mut d = sample();
        d.federation = "Hun".into();
        assert_eq!(d.check(5), Err(EventError::FederationInvalid));
        let mut d = sample();
        d.end = Some(date("2026-03-13"));
        assert_eq!(d.check(5), Err(EventError::EndBeforeStart));
        let mut d = sample();
        d.start = Some(Date {
            year: 2026,
            month: 2,
            day: 30,
        });
        assert_eq!(d.check(5), Err(EventError::DateInvalid));
        let mut d = sample();
        d.city = "Buda\npest".into();
        assert_eq!(d.check(5), Err(EventError::NameInvalid));
        assert_eq!(Details::default().check(1), Ok(()));
        assert!(Details::default().header_lines().is_empty());
    }

    #[test]
    fn a_wrong_part_goes_alone() {
        let mut d = sample();
        d.federation = "HUNG".into();
        d.rounds.push(Some(RoundStart {
            date: date("2026-03-17"),
            time: None,
        }));
        d.rounds[0] = Some(RoundStart {
            date: Date {
                year: 2126,
                month: 3,
                day: 14,
            },
            time: None,
        });
        assert_eq!(d.clone().check(3), Err(EventError::FederationInvalid));
        let kept = d.keep_valid(3);
        assert_eq!(kept.check(3), Ok(()));
        assert_eq!(kept.city, "Budapest");
        assert_eq!(kept.federation, "");
        assert_eq!(kept.rounds.len(), 3);
        assert_eq!(kept.rounds[0], None);
        assert_eq!(kept.chief_arbiter, "Kovács, Anna");
    }

    #[test]
    fn times_of_day() {
        assert_eq!(
            TimeOfDay::read("9:05").map(|t| t.to_string()),
            Some("09:05".into())
        );
        for bad in ["24:00", "12:60", "1200", "12:5", ":30", "aa:bb"] {
            assert_eq!(TimeOfDay::read(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_site() {
        assert_eq!(sample().site().as_deref(), Some("Budapest HUN"));
        assert_eq!(Details::default().site(), None);
    }
}
