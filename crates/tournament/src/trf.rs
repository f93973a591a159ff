//! FIDE's Tournament Report File (TRF-16, FIDE Handbook C.04 Annex 2), as
//! Swiss-Manager, Vega, JaVaFo and bbpPairings read and write it.
//!
//! A player line (`001`) has fixed columns: the starting rank in 5–8, sex
//! in 10, title in 11–13, name in 15–47, rating in 49–52, federation in
//! 54–56, FIDE id in 58–68, birth date in 70–79, points in 81–84, place in
//! 86–89, then ten columns a round from column 92: the opponent's starting
//! rank (92–95, `0000` for none), the colour (97: `w`, `b`, `-`) and the
//! outcome (99: `1 = 0 + - W D L H F U Z`, blank for none). Every other
//! line is kept as it is and written back (`012` the name; `XXR` the
//! planned rounds and the other TRF(x) extensions).
//!
//! Reading checks what a pairing program relies on and names the line of
//! each problem: starting ranks unique, every opponent a player, and both
//! lines of a game agreeing (opponent, colours, outcomes). It never panics.

use core::fmt;

use crate::model::{Color, Entry, Outcome, Player, Points, Tournament};

/// Why a TRF cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

/// What is wrong in a TRF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A player line shorter than its fixed fields up to the points (84
    /// columns).
    ShortPlayerLine,
    /// The starting rank (columns 5–8) is not a number from 1.
    BadRank(String),
    /// Two player lines with the same starting rank.
    DuplicateRank(u16),
    /// The rating (49–52) is not a number.
    BadRating(String),
    /// The FIDE id (58–68) is not a number.
    BadFideId(String),
    /// A round's opponent (four columns) is not a number.
    BadOpponent {
        /// The round, from 1.
        round: usize,
        /// The text.
        text: String,
    },
    /// A round's colour is not `w`, `b` or `-`.
    BadColor {
        /// The round.
        round: usize,
        /// The character.
        found: char,
    },
    /// A round's outcome is no TRF code.
    BadOutcome {
        /// The round.
        round: usize,
        /// The character.
        found: char,
    },
    /// A game's opponent is no player of the file.
    UnknownOpponent {
        /// The round.
        round: usize,
        /// The opponent's starting rank.
        opponent: u16,
    },
    /// The two lines of a game disagree (opponent, colours or outcome).
    Mismatch {
        /// The round.
        round: usize,
        /// The opponent's starting rank.
        opponent: u16,
    },
    /// An outcome that needs an opponent has none, or a bye has one.
    OpponentAndOutcome {
        /// The round.
        round: usize,
    },
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            TrfErrorKind::ShortPlayerLine => f.write_str(
                "a player line (001) needs at least 84 columns: rank, name, rating, points",
            ),
            TrfErrorKind::BadRank(t) => {
                write!(
                    f,
                    "the starting rank (columns 5-8) {t:?} is not a number from 1"
                )
            }
            TrfErrorKind::DuplicateRank(r) => write!(f, "starting rank {r} appears twice"),
            TrfErrorKind::BadRating(t) => {
                write!(f, "the rating (columns 49-52) {t:?} is not a number")
            }
            TrfErrorKind::BadFideId(t) => {
                write!(f, "the FIDE id (columns 58-68) {t:?} is not a number")
            }
            TrfErrorKind::BadOpponent { round, text } => {
                write!(
                    f,
                    "round {round}: the opponent {text:?} is not a starting rank"
                )
            }
            TrfErrorKind::BadColor { round, found } => {
                write!(f, "round {round}: the colour {found:?} is not w, b or -")
            }
            TrfErrorKind::BadOutcome { round, found } => write!(
                f,
                "round {round}: the result {found:?} is not one of 1 = 0 + - W D L H F U Z"
            ),
            TrfErrorKind::UnknownOpponent { round, opponent } => {
                write!(
                    f,
                    "round {round}: opponent {opponent} is no player of the file"
                )
            }
            TrfErrorKind::Mismatch { round, opponent } => write!(
                f,
                "round {round}: the line of opponent {opponent} does not record the same game"
            ),
            TrfErrorKind::OpponentAndOutcome { round } => write!(
                f,
                "round {round}: a game result needs an opponent, and a bye has none"
            ),
        }
    }
}

impl std::error::Error for TrfError {}

/// The characters of `line` in the columns `from..=to` (1-based), trimmed;
/// empty past the end.
fn columns(line: &[char], from: usize, to: usize) -> String {
    let end = to.min(line.len());
    if from > end {
        return String::new();
    }
    line[from - 1..end]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn column(line: &[char], at: usize) -> char {
    line.get(at - 1).copied().unwrap_or(' ')
}

fn player(line: &[char], n: usize) -> Result<Player, TrfError> {
    let err = |kind| TrfError { line: n, kind };
    // The place (86–89) may be left out, with the rest of a line trimmed.
    if line.len() < 84 {
        return Err(err(TrfErrorKind::ShortPlayerLine));
    }
    let rank_text = columns(line, 5, 8);
    let rank = rank_text
        .parse::<u16>()
        .ok()
        .filter(|&r| r > 0)
        .ok_or_else(|| err(TrfErrorKind::BadRank(rank_text.clone())))?;
    let number = |text: String, bad: fn(String) -> TrfErrorKind| -> Result<Option<u64>, TrfError> {
        if text.is_empty() {
            Ok(None)
        } else {
            text.parse().map(Some).map_err(|_| err(bad(text.clone())))
        }
    };
    let rating = number(columns(line, 49, 52), TrfErrorKind::BadRating)?
        .map(|r| u16::try_from(r).unwrap_or(u16::MAX));
    let fide_id = number(columns(line, 58, 68), TrfErrorKind::BadFideId)?;
    let sex = Some(column(line, 10)).filter(|c| !c.is_whitespace());
    let place = columns(line, 86, 89).parse().ok();
    let mut rounds = Vec::new();
    let mut start = 92;
    while start <= line.len() {
        let round = rounds.len() + 1;
        let opp_text = columns(line, start, start + 3);
        let color = column(line, start + 5);
        let result = column(line, start + 7);
        let opponent = match opp_text.as_str() {
            "" | "0000" | "0" => None,
            t => Some(t.parse::<u16>().ok().filter(|&o| o > 0).ok_or_else(|| {
                err(TrfErrorKind::BadOpponent {
                    round,
                    text: t.to_string(),
                })
            })?),
        };
        let color = match color {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            '-' | ' ' => None,
            found => return Err(err(TrfErrorKind::BadColor { round, found })),
        };
        let outcome = match result {
            ' ' => None,
            c => Some(
                Outcome::from_code(c)
                    .ok_or_else(|| err(TrfErrorKind::BadOutcome { round, found: c }))?,
            ),
        };
        if let Some(o) = outcome {
            if o.has_opponent() != opponent.is_some() {
                return Err(err(TrfErrorKind::OpponentAndOutcome { round }));
            }
        }
        rounds.push(Entry {
            opponent,
            color,
            outcome,
        });
        start += 10;
    }
    while rounds.last() == Some(&Entry::EMPTY) {
        rounds.pop();
    }
    Ok(Player {
        rank,
        sex,
        title: columns(line, 11, 13),
        name: columns(line, 15, 47),
        rating,
        federation: columns(line, 54, 56),
        fide_id,
        birth: columns(line, 70, 79),
        place,
        rounds,
    })
}

/// Reads a TRF.
///
/// # Errors
/// [`TrfError`] naming the first line that is wrong.
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut t = Tournament::default();
    let mut lines_of = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim_end_matches(['\r', '\u{feff}']);
        let line = line.trim_start_matches('\u{feff}');
        if line.trim().is_empty() {
            continue;
        }
        let code: String = line.chars().take(3).collect();
        let rest: String = line.chars().skip(4).collect();
        match code.as_str() {
            "001" => {
                let chars: Vec<char> = line.chars().collect();
                let p = player(&chars, n)?;
                if t.players.iter().any(|q| q.rank == p.rank) {
                    return Err(TrfError {
                        line: n,
                        kind: TrfErrorKind::DuplicateRank(p.rank),
                    });
                }
                lines_of.push((p.rank, n));
                t.players.push(p);
            }
            "012" => t.name = rest.trim().to_string(),
            _ => t.header.push((code, rest.trim_end().to_string())),
        }
    }
    t.players.sort_by_key(|p| p.rank);
    check_games(&t, &lines_of)?;
    Ok(t)
}

/// Both lines of every game agree.
fn check_games(t: &Tournament, lines_of: &[(u16, usize)]) -> Result<(), TrfError> {
    let line_of = |rank: u16| {
        lines_of
            .iter()
            .find(|(r, _)| *r == rank)
            .map_or(0, |(_, n)| *n)
    };
    for p in &t.players {
        for (i, e) in p.rounds.iter().enumerate() {
            let round = i + 1;
            let Some(opponent) = e.opponent else {
                continue;
            };
            let err = |kind| TrfError {
                line: line_of(p.rank),
                kind,
            };
            let Some(q) = t.player(opponent) else {
                return Err(err(TrfErrorKind::UnknownOpponent { round, opponent }));
            };
            let back = q.rounds.get(i).copied().unwrap_or(Entry::EMPTY);
            // A double forfeit (neither came) is `-` on both lines.
            let double_forfeit = e.outcome == Some(Outcome::ForfeitLoss)
                && back.outcome == Some(Outcome::ForfeitLoss);
            let agrees = back.opponent == Some(p.rank)
                && back.color == e.color.map(Color::other)
                && (back.outcome == e.outcome.map(Outcome::mirrored) || double_forfeit);
            if !agrees {
                return Err(err(TrfErrorKind::Mismatch { round, opponent }));
            }
        }
    }
    Ok(())
}

/// Writes a tournament as a TRF: the name, the other header lines as read,
/// then one player line a player with the points recomputed from the
/// rounds.
pub fn write(t: &Tournament) -> String {
    let mut out = String::new();
    if !t.name.is_empty() {
        out.push_str(&format!("012 {}\n", t.name));
    }
    for (code, text) in &t.header {
        out.push_str(code);
        if !text.is_empty() {
            out.push(' ');
            out.push_str(text);
        }
        out.push('\n');
    }
    for p in &t.players {
        let mut line = format!(
            "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            p.rank,
            p.sex.unwrap_or(' '),
            p.title,
            truncate(&p.name, 33),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            truncate(&p.federation, 3),
            p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
            truncate(&p.birth, 10),
            format!("{:.1}", f64::from(t.score(p.rank)) / 2.0),
            p.place.map(|r| r.to_string()).unwrap_or_default(),
        );
        for e in &p.rounds {
            let opponent = e.opponent.map_or("0000".to_string(), |o| format!("{o:>4}"));
            let color = match e.color {
                Some(Color::White) => 'w',
                Some(Color::Black) => 'b',
                None => '-',
            };
            let outcome = e.outcome.map_or(' ', Outcome::code);
            line.push_str(&format!("  {opponent} {color} {outcome}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// The points of a player as the standings print them (`3.5`).
pub fn points(t: &Tournament, rank: u16) -> String {
    Points(t.score(rank)).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: &str = "\
012 Klubbajnoksag 2026
022 Budapest
XXR 3
001    1    m Kovacs,Anna                       2150 HUN      723456 1990/01/01  2.5    1     4 w 1     3 b =     2 w 1
001    2      Nagy,Bela                         1980 HUN      734567 1985/05/05  1.0    3     3 w 0     4 b 1     1 b 0
001    3 w    Szabo,Csilla                      1920 HUN      745678 2001/03/03  2.5    2     2 b 1     1 w =     4 b 1
001    4      Toth,Daniel                       1700 HUN             2010/12/12  0.0    4     1 b 0     2 w 0     3 w 0
";

    #[test]
    fn reads_and_writes_back() {
        let t = match read(FOUR) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(t.name, "Klubbajnoksag 2026");
        assert_eq!(t.rounds_planned(), Some(3));
        assert_eq!(t.players.len(), 4);
        let anna = &t.players[0];
        assert_eq!(
            (anna.title.as_str(), anna.rating, anna.fide_id),
            ("m", Some(2150), Some(723456))
        );
        assert_eq!(anna.sex, None);
        assert_eq!(t.players[2].sex, Some('w'));
        assert_eq!(t.players[3].fide_id, None);
        assert_eq!(
            anna.rounds[1],
            Entry {
                opponent: Some(3),
                color: Some(Color::Black),
                outcome: Some(Outcome::Draw)
            }
        );
        assert_eq!(points(&t, 1), "2.5");
        assert_eq!(points(&t, 4), "0");
        let again = write(&t);
        assert_eq!(read(&again), Ok(t.clone()), "{again}");
        // The player lines keep their columns.
        for (a, b) in FOUR
            .lines()
            .filter(|l| l.starts_with("001"))
            .zip(again.lines().filter(|l| l.starts_with("001")))
        {
            assert_eq!(a.trim_end(), b, "columns moved");
        }
    }

    #[test]
    fn byes_and_forfeits() {
        let text = "\
001    1      A                                 1500                             1.5    1  0000 - U     2 b +     3 w H
001    2      B                                 1500                             0.0    3  0000 - Z     1 w -
001    3      C                                 1500                             1.0    2  0000 - F
";
        // Round 3: 1 plays 3 per 1's line, but 3 has no round 3: refused.
        let e = read(text);
        assert!(
            matches!(
                e,
                Err(TrfError {
                    line: 1,
                    kind: TrfErrorKind::OpponentAndOutcome { round: 3 }
                })
            ),
            "{e:?}"
        );
        let text = text.replace("     3 w H", "  0000 - H");
        let t = match read(&text) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(t.score(1), 2 + 2 + 1);
        assert_eq!(t.score(2), 0);
        assert_eq!(t.score(3), 2);
    }

    #[test]
    fn clear_errors_never_panics() {
        type Expect = fn(&TrfErrorKind) -> bool;
        let cases: [(&str, Expect); 6] = [
            ("001    1      short", |k| matches!(k, TrfErrorKind::ShortPlayerLine)),
            (
                "001    x      A                                 1500                             1.0    1",
                |k| matches!(k, TrfErrorKind::BadRank(_)),
            ),
            (
                "001    1      A                                 15x0                             1.0    1",
                |k| matches!(k, TrfErrorKind::BadRating(_)),
            ),
            (
                "001    1      A                                 1500                             1.0    1     2 x 1",
                |k| matches!(k, TrfErrorKind::BadColor { round: 1, found: 'x' }),
            ),
            (
                "001    1      A                                 1500                             1.0    1     2 w ?",
                |k| matches!(k, TrfErrorKind::BadOutcome { round: 1, found: '?' }),
            ),
            (
                "001    1      A                                 1500                             1.0    1     9 w 1",
                |k| matches!(k, TrfErrorKind::UnknownOpponent { round: 1, opponent: 9 }),
            ),
        ];
        for (text, want) in cases {
            match read(text) {
                Err(e) => {
                    assert!(want(&e.kind), "{text}: {e}");
                    assert!(e.to_string().starts_with("line 1: "), "{e}");
                }
                Ok(t) => panic!("{text}: read as {t:?}"),
            }
        }
        // Arbitrary bytes: an error or a tournament, never a panic.
        for seed in 0..2000u32 {
            let mut x = seed.wrapping_mul(2_654_435_761);
            let s: String = (0..200)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    let table = b"001 0123456789wb-=+HFUZ\n.,AZaz";
                    table[x as usize % table.len()] as char
                })
                .collect();
            let _ = read(&s);
        }
        // A real file with one character changed: an error, or a
        // tournament that writes back to itself.
        let base: Vec<char> = FOUR.chars().collect();
        let mut x = 0x9e37_79b9u32;
        for _ in 0..3000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let mut text = base.clone();
            let at = x as usize % text.len();
            text[at] = b" 0123456789wb-=+HFUZx"[(x >> 8) as usize % 21] as char;
            let text: String = text.into_iter().collect();
            if let Ok(t) = read(&text) {
                assert_eq!(read(&write(&t)), Ok(t), "{text}");
            }
        }
    }
}
