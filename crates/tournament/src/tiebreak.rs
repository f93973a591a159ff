//! Standings with tie-breaks, by FIDE's Tie-Break Regulations (C.07,
//! 2023, as amended in 2024).
//!
//! Unplayed rounds (article 16): a round a player did not play over the
//! board counts, for the tie-breaks built on opponents' scores, as a game
//! against a *dummy opponent* with the player's own final score. An
//! opponent's score counts every round they were available for as scored,
//! and each *voluntarily unplayed round* (VUR: an absence, a requested bye,
//! a forfeit loss) after the last round they were available for as a draw.
//! When the lowest values are cut, a player's own VURs go first.
//!
//! Values are in hundredths of a point (ratings as they are), so that
//! every comparison is exact.
//!
//! ```
//! use sakk_tournament::tiebreak::{standings, TieBreak};
//! use sakk_tournament::{Player, Tournament};
//!
//! let t = Tournament { players: vec![Player { rank: 1, ..Player::default() }], ..Tournament::default() };
//! let table = standings(&t, &[TieBreak::Buchholz { cut: 1, median: false }]);
//! assert_eq!(table[0].place, 1);
//! ```

use core::fmt;
use core::str::FromStr;

use crate::{Color, Date, Entry, Outcome, Player, Tournament};

/// One tie-break (the FIDE code in brackets).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// Buchholz (`BH`), with the `cut` lowest values left out (`BH-C1`,
    /// `BH-C2`), or the `cut` lowest and highest (`BH-M1`, `BH-M2`).
    Buchholz {
        /// How many values to leave out.
        cut: u8,
        /// Leave out the highest as well (median).
        median: bool,
    },
    /// Sonneborn-Berger (`SB`): each opponent's score times the points
    /// scored against them.
    SonnebornBerger,
    /// Direct encounter (`DE`): the order among the tied players by what
    /// they scored against each other (article 6; see the `encounter`
    /// module); its value is the position within the group, 1, 2, …, or 0
    /// when they cannot be separated.
    DirectEncounter,
    /// Rounds won, played or not (`WIN`).
    Wins,
    /// Games won over the board (`WON`).
    WonOverTheBoard,
    /// Games played with Black (`BPG`).
    BlackGames,
    /// Games won with Black (`BWG`).
    BlackWins,
    /// The sum of the scores after each round (`PS`).
    Progressive,
    /// The average rating of the opponents met over the board (`ARO`).
    AverageRatingOfOpponents,
    /// The tournament performance rating (`TPR`).
    Performance,
}

impl TieBreak {
    /// The FIDE code.
    pub fn code(self) -> String {
        match self {
            TieBreak::Buchholz { cut: 0, .. } => "BH".to_string(),
            TieBreak::Buchholz { cut, median: false } => format!("BH-C{cut}"),
            TieBreak::Buchholz { cut, median: true } => format!("BH-M{cut}"),
            TieBreak::SonnebornBerger => "SB".to_string(),
            TieBreak::DirectEncounter => "DE".to_string(),
            TieBreak::Wins => "WIN".to_string(),
            TieBreak::WonOverTheBoard => "WON".to_string(),
            TieBreak::BlackGames => "BPG".to_string(),
            TieBreak::BlackWins => "BWG".to_string(),
            TieBreak::Progressive => "PS".to_string(),
            TieBreak::AverageRatingOfOpponents => "ARO".to_string(),
            TieBreak::Performance => "TPR".to_string(),
        }
    }

    /// Whether values are points (in hundredths) rather than counts or
    /// ratings.
    pub fn in_points(self) -> bool {
        matches!(
            self,
            TieBreak::Buchholz { .. } | TieBreak::SonnebornBerger | TieBreak::Progressive
        )
    }

    /// A value as the standings print it: points with two decimals
    /// (`12.50`), counts and ratings whole.
    pub fn format(self, value: i64) -> String {
        if self == TieBreak::DirectEncounter {
            // Stored as minus the position, so that higher sorts first.
            return (-value).to_string();
        }
        if self.in_points() {
            let sign = if value < 0 { "-" } else { "" };
            let v = value.unsigned_abs();
            format!("{sign}{}.{:02}", v / 100, v % 100)
        } else {
            value.to_string()
        }
    }

    /// The tie-breaks FIDE's regulations suggest for an individual Swiss
    /// tournament: BH-C1, BH, SB, DE, WIN.
    pub const SWISS: [TieBreak; 5] = [
        TieBreak::Buchholz {
            cut: 1,
            median: false,
        },
        TieBreak::Buchholz {
            cut: 0,
            median: false,
        },
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
    ];
}

/// Which text of the FIDE Tie-Break Regulations.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Rules {
    /// Applied from 1 August 2024.
    Fide2024,
    /// Applied from 1 March 2026 (approved 2 February 2026): an unplayed
    /// round of the player counts in Buchholz and Sonneborn-Berger at most
    /// as the forfeiting opponent's score, or (a bye, an absence) as a draw
    /// in every round (16.4). The rules in force.
    #[default]
    Fide2026,
}

impl Rules {
    /// The first day of the 2026 text.
    const FROM_2026: Date = Date {
        year: 2026,
        month: 3,
        day: 1,
    };

    /// The text in force for a tournament that began on `date` (the 2024
    /// text also for tournaments before August 2024: the older texts are
    /// not implemented).
    pub fn in_force_on(date: Date) -> Rules {
        if date < Self::FROM_2026 {
            Rules::Fide2024
        } else {
            Rules::Fide2026
        }
    }

    /// The text in force when `t` began ([`Tournament::start_date`]), else
    /// the one in force now.
    pub fn for_tournament(t: &Tournament) -> Rules {
        t.start_date().map_or(Rules::default(), Rules::in_force_on)
    }
}

/// A tie-break code that is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTieBreak(pub String);

impl fmt::Display for UnknownTieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown tie-break {:?} (BH, BH-C1, BH-C2, BH-M1, BH-M2, SB, DE, WIN, WON, BPG, BWG, PS, ARO, TPR)",
            self.0
        )
    }
}

impl std::error::Error for UnknownTieBreak {}

impl FromStr for TieBreak {
    type Err = UnknownTieBreak;

    fn from_str(s: &str) -> Result<TieBreak, UnknownTieBreak> {
        let code = s.trim().to_ascii_uppercase();
        let buchholz = |rest: &str, median: bool| {
            rest.parse::<u8>()
                .ok()
                .filter(|n| (1..=3).contains(n))
                .map(|cut| TieBreak::Buchholz { cut, median })
        };
        let found = match code.as_str() {
            "BH" => Some(TieBreak::Buchholz {
                cut: 0,
                median: false,
            }),
            "SB" => Some(TieBreak::SonnebornBerger),
            "DE" => Some(TieBreak::DirectEncounter),
            "WIN" => Some(TieBreak::Wins),
            "WON" => Some(TieBreak::WonOverTheBoard),
            "BPG" => Some(TieBreak::BlackGames),
            "BWG" => Some(TieBreak::BlackWins),
            "PS" => Some(TieBreak::Progressive),
            "ARO" => Some(TieBreak::AverageRatingOfOpponents),
            "TPR" => Some(TieBreak::Performance),
            c => c
                .strip_prefix("BH-C")
                .and_then(|r| buchholz(r, false))
                .or_else(|| c.strip_prefix("BH-M").and_then(|r| buchholz(r, true))),
        };
        found.ok_or_else(|| UnknownTieBreak(s.to_string()))
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The place (tied players share it).
    pub place: usize,
    /// The player's starting rank.
    pub rank: u16,
    /// The score in half points.
    pub score: u32,
    /// Each tie-break's value, in the order asked.
    pub values: Vec<i64>,
}

/// A round of `p`, or nothing recorded.
fn entry(p: &Player, round: usize) -> Entry {
    p.rounds.get(round - 1).copied().unwrap_or(Entry::EMPTY)
}

/// A voluntarily unplayed round: absent, a requested bye, a forfeit loss.
fn voluntarily_unplayed(e: Entry) -> bool {
    matches!(
        e.outcome,
        None | Some(Outcome::ZeroBye | Outcome::HalfBye | Outcome::FullBye | Outcome::ForfeitLoss)
    )
}

fn half_points(e: Entry) -> u32 {
    e.outcome.map_or(0, Outcome::half_points)
}

/// The score after `round`, in half points.
fn score(p: &Player, round: usize) -> u32 {
    crate::history::score_before(p, round + 1)
}

/// An opponent's score for tie-breaks: after the last round they did not
/// leave unplayed by choice, a round without an opponent (absent, a
/// requested bye) counts as a draw; a round with one (a forfeit too) as it
/// was scored (article 16: the rounds of a participant who withdrew).
fn adjusted_score(p: &Player, rounds: usize) -> u32 {
    let last = (1..=rounds)
        .rev()
        .find(|&r| !voluntarily_unplayed(entry(p, r)))
        .unwrap_or(0);
    (1..=rounds)
        .map(|r| {
            let e = entry(p, r);
            if r > last && e.opponent.is_none() {
                1
            } else {
                half_points(e)
            }
        })
        .sum()
}

/// For each round: the opponent's score (the dummy opponent's for a round
/// not played), the points scored, and whether it was a VUR. Half points.
fn opponents(t: &Tournament, p: &Player, rounds: usize, rules: Rules) -> Vec<(u32, u32, bool)> {
    let own = score(p, rounds);
    (1..=rounds)
        .map(|r| {
            let e = entry(p, r);
            let opp = match (e.played(), e.opponent.and_then(|o| t.player(o))) {
                (true, Some(q)) => adjusted_score(q, rounds),
                // 2026, 16.4: a forfeit at most the opponent's score, any
                // other unplayed round at most a draw in every round.
                (false, Some(q)) if rules == Rules::Fide2026 => own.min(adjusted_score(q, rounds)),
                (false, None) if rules == Rules::Fide2026 => {
                    own.min(u32::try_from(rounds).unwrap_or(u32::MAX))
                }
                _ => own,
            };
            (opp, half_points(e), voluntarily_unplayed(e))
        })
        .collect()
}

/// The value of one tie-break for `p` (not DE, which needs the tied
/// group).
fn value(t: &Tournament, p: &Player, rounds: usize, tb: TieBreak, rules: Rules) -> i64 {
    let games = || (1..=rounds).map(|r| entry(p, r));
    let count = |f: &dyn Fn(Entry) -> bool| games().filter(|&e| f(e)).count() as i64;
    let won = |e: Entry| e.played() && half_points(e) == 2;
    let black = |e: Entry| e.played() && e.color == Some(Color::Black);
    match tb {
        TieBreak::Buchholz { cut, median } => {
            let mut list = opponents(t, p, rounds, rules);
            let cut = usize::from(cut);
            if list.len() < cut * if median { 2 } else { 1 } {
                return 0;
            }
            // The lowest cut first: the VURs (lowest first), then the
            // lowest of the rest; a median cut then takes the highest of
            // what is left, VUR or not (article 14.1, 16.5).
            list.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
            let mut kept: Vec<u32> = list[cut..].iter().map(|x| x.0).collect();
            if median {
                kept.sort_unstable();
                kept.truncate(kept.len() - cut);
            }
            kept.iter().map(|&x| i64::from(x) * 50).sum()
        }
        TieBreak::SonnebornBerger => opponents(t, p, rounds, rules)
            .iter()
            .map(|&(opp, scored, _)| i64::from(opp) * i64::from(scored) * 25)
            .sum(),
        TieBreak::DirectEncounter => 0,
        TieBreak::Wins => count(&|e| half_points(e) == 2),
        TieBreak::WonOverTheBoard => count(&won),
        TieBreak::BlackGames => count(&black),
        TieBreak::BlackWins => count(&|e| black(e) && won(e)),
        TieBreak::Progressive => (1..=rounds).map(|r| i64::from(score(p, r)) * 50).sum(),
        TieBreak::AverageRatingOfOpponents => {
            let (ratings, _) = crate::rating::rated_opponents(t, p);
            if ratings.is_empty() {
                0
            } else {
                let sum: i64 = ratings.iter().map(|&r| i64::from(r)).sum();
                let n = ratings.len() as i64;
                (2 * sum + n) / (2 * n)
            }
        }
        TieBreak::Performance => {
            let (ratings, scored) = crate::rating::rated_opponents(t, p);
            crate::rating::performance(&ratings, scored).map_or(0, i64::from)
        }
    }
}

/// The standings of a Swiss tournament after every recorded round: by
/// score, then by each tie-break in turn; players still tied share a place
/// and are listed by starting rank.
pub fn standings(t: &Tournament, tiebreaks: &[TieBreak]) -> Vec<Standing> {
    standings_of(t, tiebreaks, false)
}

/// [`standings`] of a Swiss tournament (`round_robin` false) or a round
/// robin, whose direct encounter counts every pairing as met and its
/// forfeits as scored.
pub fn standings_of(t: &Tournament, tiebreaks: &[TieBreak], round_robin: bool) -> Vec<Standing> {
    standings_by(t, tiebreaks, round_robin, Rules::Fide2024)
}

// `standings` and `standings_of` keep the 2024 text (FIDE's exercise of
// March 2024 tests them); the CLI and the server choose with `standings_by`.

/// [`standings_of`] by the given text of the Tie-Break Regulations.
pub fn standings_by(
    t: &Tournament,
    tiebreaks: &[TieBreak],
    round_robin: bool,
    rules: Rules,
) -> Vec<Standing> {
    let rounds = t.rounds_recorded();
    let mut rows: Vec<Standing> = t
        .players
        .iter()
        .map(|p| Standing {
            place: 0,
            rank: p.rank,
            score: score(p, rounds),
            values: tiebreaks
                .iter()
                .map(|&tb| value(t, p, rounds, tb, rules))
                .collect(),
        })
        .collect();
    // Direct encounter depends on who is tied on everything before it.
    for (i, &tb) in tiebreaks.iter().enumerate() {
        if tb != TieBreak::DirectEncounter {
            continue;
        }
        let key = |s: &Standing| (s.score, s.values[..i].to_vec());
        let mut done = vec![false; rows.len()];
        for a in 0..rows.len() {
            if done[a] {
                continue;
            }
            let members: Vec<usize> = (0..rows.len())
                .filter(|&b| key(&rows[b]) == key(&rows[a]))
                .collect();
            let group: Vec<&Player> = members
                .iter()
                .filter_map(|&b| t.player(rows[b].rank))
                .collect();
            // Its position in the group, lower first: as a value, higher
            // first (0 when the group cannot be separated).
            let positions = crate::encounter::positions(&group, rounds, round_robin);
            for (k, &b) in members.iter().enumerate() {
                done[b] = true;
                rows[b].values[i] = -i64::try_from(positions[k]).unwrap_or(0);
            }
        }
    }
    rows.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| b.values.cmp(&a.values))
            .then(a.rank.cmp(&b.rank))
    });
    for i in 0..rows.len() {
        rows[i].place = if i > 0
            && rows[i].score == rows[i - 1].score
            && rows[i].values == rows[i - 1].values
        {
            rows[i - 1].place
        } else {
            i + 1
        };
    }
    rows
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;

    /// FIDE's tie-break exercise (Technical Commission, 18 March 2024): 16
    /// players, 5 rounds, with byes, forfeits and a withdrawal, written as
    /// `+W9` (won with White against 9), `=BYE` (half-point bye), `+BYE`
    /// (pairing-allocated bye), `-F11` (lost by forfeit to 11), `--`
    /// (absent).
    const EXERCISE: [&str; 16] = [
        "+W9 =B13 =W2 +B15 =W4",
        "+B10 +W7 =B1 +W16 =B3",
        "=W11 +B6 +W8 =B4 =W2",
        "+B12 =BYE +W13 =W3 =B1",
        "-W13 -B15 +W11 =B7 +W10",
        "-B14 -W3 +BYE +W10 +B8",
        "+W15 -B2 -B16 =W5 -B11",
        "=B16 +W14 -B3 +W13 -W6",
        "-B1 -W10 =BYE -F11 +BYE",
        "-W2 +B9 -W15 -B6 -B5",
        "=B3 -W16 -B5 +F9 +W7",
        "-W4 +BYE +F14 -- --",
        "+B5 =W1 -B4 -B8 -W14",
        "+W6 -B8 -F12 -- +B13",
        "-B7 +W5 +B10 -W1 -B16",
        "=W8 +B11 +W7 -B2 +W15",
    ];

    fn exercise() -> Tournament {
        let players = EXERCISE
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let rounds = line
                    .split_whitespace()
                    .map(|cell| {
                        let result = cell.chars().next().unwrap();
                        let rest = &cell[1..];
                        let won = match result {
                            '+' => 2,
                            '=' => 1,
                            _ => 0,
                        };
                        if cell == "--" {
                            return Entry {
                                opponent: None,
                                color: None,
                                outcome: Some(Outcome::ZeroBye),
                            };
                        }
                        if rest == "BYE" {
                            let outcome = if won == 2 {
                                Outcome::PairingBye
                            } else {
                                Outcome::HalfBye
                            };
                            return Entry {
                                opponent: None,
                                color: None,
                                outcome: Some(outcome),
                            };
                        }
                        let kind = rest.chars().next().unwrap();
                        let opponent: u16 = rest[1..].parse().unwrap();
                        let outcome = match (kind, won) {
                            ('F', 2) => Outcome::ForfeitWin,
                            ('F', _) => Outcome::ForfeitLoss,
                            (_, 2) => Outcome::Win,
                            (_, 1) => Outcome::Draw,
                            _ => Outcome::Loss,
                        };
                        let color = match kind {
                            'W' => Some(Color::White),
                            'B' => Some(Color::Black),
                            _ => None,
                        };
                        Entry {
                            opponent: Some(opponent),
                            color,
                            outcome: Some(outcome),
                        }
                    })
                    .collect();
                Player {
                    rank: i as u16 + 1,
                    rounds,
                    ..Player::default()
                }
            })
            .collect();
        Tournament {
            players,
            ..Tournament::default()
        }
    }

    fn bh(t: &Tournament, rank: u16, cut: u8) -> f64 {
        let p = t.player(rank).unwrap();
        value(
            t,
            p,
            5,
            TieBreak::Buchholz { cut, median: false },
            Rules::Fide2024,
        ) as f64
            / 100.0
    }

    #[test]
    fn fides_exercise() {
        let t = exercise();
        // Buchholz.
        assert_eq!(bh(&t, 2, 0), 13.0);
        assert_eq!(bh(&t, 1, 0), 12.5);
        assert_eq!(bh(&t, 3, 0), 15.5);
        assert_eq!(bh(&t, 5, 0), 8.5);
        assert_eq!(bh(&t, 8, 0), 13.5);
        assert_eq!(bh(&t, 11, 0), 13.5);
        assert_eq!(bh(&t, 16, 0), 12.5);
        assert_eq!(bh(&t, 4, 0), 15.0);
        // Buchholz cut 1: a VUR is cut first.
        assert_eq!(bh(&t, 5, 1), 7.5);
        assert_eq!(bh(&t, 8, 1), 12.0);
        assert_eq!(bh(&t, 11, 1), 12.0);
        assert_eq!(bh(&t, 7, 1), 12.5);
        assert_eq!(bh(&t, 9, 1), 7.5);
        assert_eq!(bh(&t, 13, 1), 12.0);
        assert_eq!(bh(&t, 1, 1), 11.0);
        assert_eq!(bh(&t, 3, 1), 13.0);
        assert_eq!(bh(&t, 4, 1), 11.5);
        assert_eq!(bh(&t, 16, 1), 11.0);
        assert_eq!(bh(&t, 12, 1), 9.5);
        assert_eq!(bh(&t, 14, 1), 9.0);
        assert_eq!(bh(&t, 15, 1), 11.0);
    }

    #[test]
    fn codes_round_trip() {
        for code in [
            "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "SB", "DE", "WIN", "WON", "BPG", "BWG", "PS",
            "ARO", "TPR",
        ] {
            let tb: TieBreak = code.parse().unwrap();
            assert_eq!(tb.code(), code);
        }
        assert!("BH-C9".parse::<TieBreak>().is_err());
        assert!("XYZ".parse::<TieBreak>().is_err());
        assert_eq!("bh-c1".parse::<TieBreak>(), Ok(TieBreak::SWISS[0]));
    }

    #[test]
    fn standings_share_places_and_direct_encounter_separates() {
        let t = exercise();
        let table = standings(&t, &TieBreak::SWISS);
        assert_eq!(table.len(), 16);
        // Scores never rise down the table.
        assert!(table.windows(2).all(|w| w[0].score >= w[1].score));
        // 2 (4 points) is first; the places follow the order.
        assert_eq!(table[0].rank, 2);
        assert!(table.windows(2).all(|w| w[0].place <= w[1].place));
        // Direct encounter: 1 and 2 tied on a point, 1 beat 2; 3 and 4 not
        // tied.
        let game = |opponent: u16, color: Color, outcome: Outcome| Entry {
            opponent: Some(opponent),
            color: Some(color),
            outcome: Some(outcome),
        };
        let player = |rank: u16, rounds: Vec<Entry>| Player {
            rank,
            rounds,
            ..Player::default()
        };
        let t = Tournament {
            players: vec![
                player(
                    1,
                    vec![
                        game(2, Color::White, Outcome::Win),
                        game(3, Color::Black, Outcome::Loss),
                    ],
                ),
                player(
                    2,
                    vec![
                        game(1, Color::Black, Outcome::Loss),
                        game(4, Color::White, Outcome::Win),
                    ],
                ),
                player(
                    3,
                    vec![
                        game(4, Color::White, Outcome::Win),
                        game(1, Color::White, Outcome::Win),
                    ],
                ),
                player(
                    4,
                    vec![
                        game(3, Color::Black, Outcome::Loss),
                        game(2, Color::Black, Outcome::Loss),
                    ],
                ),
            ],
            ..Tournament::default()
        };
        let table = standings(&t, &[TieBreak::DirectEncounter]);
        let order: Vec<(usize, u16, i64)> = table
            .iter()
            .map(|s| (s.place, s.rank, s.values[0]))
            .collect();
        // 1 beat 2: first (DE 1) and second (DE 2) of their group.
        assert_eq!(order, [(1, 3, 0), (2, 1, -1), (3, 2, -2), (4, 4, 0)]);
        assert_eq!(TieBreak::DirectEncounter.format(-2), "2");
        // Without it, 1 and 2 share second place.
        let table = standings(&t, &[TieBreak::BlackGames]);
        assert_eq!(table[1].place, 2);
        assert_eq!(table[2].place, 2);
    }
}
