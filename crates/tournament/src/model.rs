//! A tournament as data: players by starting rank, and each player's rounds
//! (opponent, colour, outcome) as the Tournament Report File records them.

use core::fmt;

/// A colour in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// White.
    White,
    /// Black.
    Black,
}

impl Color {
    /// The other colour.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A player's outcome in one round, with the codes of the TRF.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1`: won a game played.
    Win,
    /// `=`: drew a game played.
    Draw,
    /// `0`: lost a game played.
    Loss,
    /// `+`: won by forfeit (the opponent did not come).
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `W`: won a game played but not rated (e.g. under one move).
    UnratedWin,
    /// `D`: drew a game played but not rated.
    UnratedDraw,
    /// `L`: lost a game played but not rated.
    UnratedLoss,
    /// `H`: a half-point bye (requested).
    HalfBye,
    /// `F`: a full-point bye.
    FullBye,
    /// `U`: the pairing-allocated bye (a point, as for a win).
    PairingBye,
    /// `Z`: a zero-point bye (absent, requested or not).
    ZeroBye,
}

impl Outcome {
    /// Every outcome.
    pub const ALL: [Outcome; 12] = [
        Outcome::Win,
        Outcome::Draw,
        Outcome::Loss,
        Outcome::ForfeitWin,
        Outcome::ForfeitLoss,
        Outcome::UnratedWin,
        Outcome::UnratedDraw,
        Outcome::UnratedLoss,
        Outcome::HalfBye,
        Outcome::FullBye,
        Outcome::PairingBye,
        Outcome::ZeroBye,
    ];

    /// The TRF code.
    pub const fn code(self) -> char {
        match self {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
            Outcome::ForfeitWin => '+',
            Outcome::ForfeitLoss => '-',
            Outcome::UnratedWin => 'W',
            Outcome::UnratedDraw => 'D',
            Outcome::UnratedLoss => 'L',
            Outcome::HalfBye => 'H',
            Outcome::FullBye => 'F',
            Outcome::PairingBye => 'U',
            Outcome::ZeroBye => 'Z',
        }
    }

    /// The outcome of a TRF code (`w`, `d`, `l` are read as `W`, `D`, `L`).
    pub fn from_code(c: char) -> Option<Outcome> {
        Outcome::ALL
            .into_iter()
            .find(|o| o.code() == c.to_ascii_uppercase())
    }

    /// The points it scores, in half points (a win 2, a draw 1).
    pub const fn half_points(self) -> u32 {
        match self {
            Outcome::Win
            | Outcome::ForfeitWin
            | Outcome::UnratedWin
            | Outcome::FullBye
            | Outcome::PairingBye => 2,
            Outcome::Draw | Outcome::UnratedDraw | Outcome::HalfBye => 1,
            Outcome::Loss | Outcome::ForfeitLoss | Outcome::UnratedLoss | Outcome::ZeroBye => 0,
        }
    }

    /// Whether a game was played over the board (rated or not).
    pub const fn played(self) -> bool {
        matches!(
            self,
            Outcome::Win
                | Outcome::Draw
                | Outcome::Loss
                | Outcome::UnratedWin
                | Outcome::UnratedDraw
                | Outcome::UnratedLoss
        )
    }

    /// Whether it takes an opponent (a game played or forfeited); byes do
    /// not.
    pub const fn has_opponent(self) -> bool {
        self.played() || matches!(self, Outcome::ForfeitWin | Outcome::ForfeitLoss)
    }

    /// What the opponent's entry must say.
    pub const fn mirrored(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::ForfeitWin => Outcome::ForfeitLoss,
            Outcome::ForfeitLoss => Outcome::ForfeitWin,
            Outcome::UnratedWin => Outcome::UnratedLoss,
            Outcome::UnratedLoss => Outcome::UnratedWin,
            other => other,
        }
    }
}

/// A player's round: the opponent's starting rank and the colour (for a
/// game, played or forfeited), and the outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The opponent's starting rank.
    pub opponent: Option<u16>,
    /// The player's colour.
    pub color: Option<Color>,
    /// The outcome; `None` when the round is not played yet (or the player
    /// was not paired and no result is recorded).
    pub outcome: Option<Outcome>,
}

impl Entry {
    /// A round with nothing recorded.
    pub const EMPTY: Entry = Entry {
        opponent: None,
        color: None,
        outcome: None,
    };

    /// A game played over the board (rated or not).
    pub fn played(&self) -> bool {
        self.outcome.is_some_and(Outcome::played)
    }

    /// In the round's pairing: a game (played or forfeited) or the
    /// pairing-allocated bye.
    pub fn paired(&self) -> bool {
        self.opponent.is_some() || self.outcome == Some(Outcome::PairingBye)
    }
}

/// A player of the tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// The starting rank (pairing number), from 1.
    pub rank: u16,
    /// `m`, `w` or none.
    pub sex: Option<char>,
    /// The title (`GM`, `IM`, `WGM`, `FM`, …; the TRF's lower-case forms
    /// `g`, `m`, `f`, `wg` … are kept as written).
    pub title: String,
    /// `Last,First` as the TRF writes it.
    pub name: String,
    /// The rating.
    pub rating: Option<u16>,
    /// The federation (`HUN`).
    pub federation: String,
    /// The FIDE id.
    pub fide_id: Option<u64>,
    /// The birth date as written (`YYYY/MM/DD` or `YYYY.MM.DD`).
    pub birth: String,
    /// The place in the standings, when the file gives it.
    pub place: Option<u16>,
    /// One entry a round, from round 1.
    pub rounds: Vec<Entry>,
}

/// A tournament: its header lines and its players, by starting rank.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournament {
    /// The name (TRF `012`).
    pub name: String,
    /// Other header and extension lines as read, `(code, text)` in file
    /// order (`022` city, `042` start date, `XXR` rounds, …), written back
    /// unchanged.
    pub header: Vec<(String, String)>,
    /// The players, in starting-rank order (rank 1 first).
    pub players: Vec<Player>,
}

impl Tournament {
    /// The player of a starting rank.
    pub fn player(&self, rank: u16) -> Option<&Player> {
        self.players.iter().find(|p| p.rank == rank)
    }

    /// A player's score, in half points (every recorded round).
    pub fn score(&self, rank: u16) -> u32 {
        self.player(rank).map_or(0, |p| {
            p.rounds
                .iter()
                .filter_map(|e| e.outcome)
                .map(Outcome::half_points)
                .sum()
        })
    }

    /// The number of rounds any player has an entry for.
    pub fn rounds_recorded(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }

    /// The date the tournament began (the `042` line: `2026/03/14` as
    /// TRF-16 writes it, or `2026-03-14`, `2026.03.14`, `14.03.2026`,
    /// `14/03/2026`), as (year, month, day); `None` without one that reads
    /// as a date.
    pub fn start_date(&self) -> Option<Date> {
        let (_, text) = self.header.iter().find(|(code, _)| code == "042")?;
        Date::read(text.trim())
    }

    /// The planned number of rounds (the `XXR` line of TRF(x), or `142` of
    /// TRF-2026), when given.
    pub fn rounds_planned(&self) -> Option<u16> {
        self.header
            .iter()
            .find(|(code, _)| code == "XXR" || code == "142")
            .and_then(|(_, v)| v.trim().parse().ok())
    }
}

/// A calendar date, ordered by time.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: u16,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day, 1 to 31.
    pub day: u8,
}

impl Date {
    /// Reads `2026/03/14`, `2026-03-14`, `2026.03.14`, `14.03.2026` or
    /// `14/03/2026` (a trailing dot allowed); `None` for anything else.
    pub fn read(text: &str) -> Option<Date> {
        let parts: Vec<&str> = text
            .trim_end_matches('.')
            .split(['/', '-', '.'])
            .map(str::trim)
            .collect();
        let [a, b, c] = parts.as_slice() else {
            return None;
        };
        let (y, m, d) = if a.len() == 4 { (a, b, c) } else { (c, b, a) };
        let date = Date {
            year: y.parse().ok().filter(|_| y.len() == 4)?,
            month: m.parse().ok()?,
            day: d.parse().ok()?,
        };
        ((1..=12).contains(&date.month) && (1..=31).contains(&date.day)).then_some(date)
    }

    /// Whether the day is in the calendar (no 30 February; 29 February in
    /// a leap year only).
    pub fn exists(self) -> bool {
        let leap = self.year % 4 == 0 && (self.year % 100 != 0 || self.year % 400 == 0);
        let days = match self.month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => 0,
        };
        (1..=days).contains(&self.day)
    }
}

impl fmt::Display for Date {
    /// `2026-03-14` (ISO 8601).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Stored and sent as `2026-03-14`.
#[cfg(feature = "serde")]
impl serde::Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Date::read(&text)
            .filter(|date| date.exists())
            .ok_or_else(|| serde::de::Error::custom(format!("not a date: {text}")))
    }
}

/// Half points written as points: `3`, `3.5`.
pub struct Points(pub u32);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 / 2)?;
        if self.0 % 2 == 1 {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_mirror() {
        for o in Outcome::ALL {
            assert_eq!(Outcome::from_code(o.code()), Some(o));
            assert_eq!(o.mirrored().mirrored(), o);
            if o.has_opponent() {
                assert_eq!(o.half_points() + o.mirrored().half_points(), 2, "{o:?}");
            }
        }
        assert_eq!(Outcome::from_code('w'), Some(Outcome::UnratedWin));
        assert_eq!(Outcome::from_code('x'), None);
        assert_eq!(Points(7).to_string(), "3.5");
        assert_eq!(Points(6).to_string(), "3");
    }

    #[test]
    fn start_dates_read_in_the_usual_forms() {
        let march = Some(Date {
            year: 2026,
            month: 3,
            day: 14,
        });
        for text in [
            "2026/03/14",
            "2026-03-14",
            "2026.03.14.",
            "14.03.2026",
            "14/03/2026",
        ] {
            assert_eq!(Date::read(text), march, "{text}");
        }
        for text in ["", "2026", "2026/13/01", "26/03/14", "x/y/z", "2026/03/00"] {
            assert_eq!(Date::read(text), None, "{text}");
        }
        let t = Tournament {
            header: vec![("042".to_string(), "2026/03/14".to_string())],
            ..Tournament::default()
        };
        assert_eq!(t.start_date(), march);
    }
}
