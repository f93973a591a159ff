//! The FIDE Dutch system (Handbook C.04.3, with the basic rules C.04.1
//! and the general handling rules C.04.2): the pairing of the next round of
//! a Swiss tournament.
//!
//! The players are split into score groups; each bracket (a score group
//! with the players who floated down into it) is paired in turn, from the
//! top. Within a bracket the best pairing by the quality criteria (C.5 to
//! C.19) is found as a heaviest matching ([`crate::matching`]); the
//! absolute criteria (C.1 to C.3) decide which pairs may exist at all, and
//! a bracket's downfloaters are accepted only if the rest of the round can
//! still be paired (A.9; otherwise the brackets below collapse into one).
//! Colours follow section E. The reference programs (JaVaFo, bbpPairings)
//! work the same way; this one is written from the rules and checked
//! against independent implementations on thousands of tournaments.
//!
//! ```
//! use sakk_tournament::{dutch, Player, Tournament};
//!
//! // Four players, nothing played yet: 1–3 and 4–2 (the top seed has
//! // White in round 1 unless the file says `XXC black1`).
//! let players = (1..=4)
//!     .map(|rank| Player { rank, rating: Some(2100 - 100 * rank), ..Player::default() })
//!     .collect();
//! let t = Tournament { players, ..Tournament::default() };
//! let pairs = dutch::pair(&t).unwrap();
//! assert_eq!(pairs.len(), 2);
//! assert_eq!((pairs[0].white, pairs[0].black), (1, Some(3)));
//! assert_eq!((pairs[1].white, pairs[1].black), (4, Some(2)));
//! ```

mod bracket;
mod candidate;
mod computer;
mod pairing2017;
mod pairing2026;
mod settings;

use core::fmt;

use bracket::{bit_length, Bracket};
use candidate::{Candidate, Strength};
use pairing2017::{pair_bracket, Validity};
use settings::settings;
pub(crate) use settings::{forbidden_pairs, round_byes};

use crate::{Color, Tournament};

/// One board of the pairing: White and Black by starting rank, or the
/// pairing-allocated bye (`black` is `None`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// White's starting rank (the bye's receiver for a bye).
    pub white: u16,
    /// Black's starting rank; `None` for the pairing-allocated bye.
    pub black: Option<u16>,
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// No pairing meets the absolute criteria (C.1 to C.3): too many
    /// players have met, or no one left may take the bye.
    NoLegalPairing,
    /// Fewer than two players to pair.
    TooFewPlayers,
    /// Baku acceleration needs the planned number of rounds (`XXR`, `142`).
    RoundsUnknown,
    /// Too many players and score groups for the weights (beyond 2,048
    /// bits; thousands of players).
    TooLarge,
    /// The tournament is over: every planned round has been paired.
    TournamentOver {
        /// The planned rounds.
        rounds: u16,
    },
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::NoLegalPairing => f.write_str(
                "no pairing meets the absolute criteria (players who met may not meet again, \
                 a player who had the bye or a forfeit win may not get the bye)",
            ),
            PairingError::TooFewPlayers => f.write_str("fewer than two players to pair"),
            PairingError::TooLarge => f.write_str("too many players and score groups to pair"),
            PairingError::RoundsUnknown => f.write_str(
                "Baku acceleration needs the planned number of rounds (an XXR or 142 line)",
            ),
            PairingError::TournamentOver { rounds } => {
                write!(f, "all {rounds} planned rounds are paired")
            }
        }
    }
}

impl std::error::Error for PairingError {}

/// Which text of the Dutch system to pair by.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Edition {
    /// C.04.3 as applied from 1 February 2026 (approved in 2025): the rules
    /// in force. As bbpPairings 6 implements them.
    #[default]
    Current,
    /// C.04.3 of 2017, applied until January 2026: for tournaments that
    /// began under it, and to compare with programs of that time (JaVaFo,
    /// py4swiss).
    Fide2017,
}

impl Edition {
    /// The text in force for a tournament that began on `date` (the 2026
    /// text from 1 February 2026).
    pub fn in_force_on(date: crate::Date) -> Edition {
        let from = crate::Date {
            year: 2026,
            month: 2,
            day: 1,
        };
        if date < from {
            Edition::Fide2017
        } else {
            Edition::Current
        }
    }

    /// The text in force when `t` began (its `042` start date), else the
    /// one in force now.
    pub fn for_tournament(t: &Tournament) -> Edition {
        t.start_date()
            .map_or(Edition::Current, Edition::in_force_on)
    }
}

/// Pairs the next round of the tournament by the Dutch system: the boards
/// in the published order (C.04.2 D.9), the bye last.
///
/// The round is the one after the last round with any pairing; players
/// who already have an entry for it (a requested bye, an absence) and those
/// listed in `XXZ` are not paired. `XXC black1` gives the top seed Black in
/// round 1 (without `XXC`, the colours of the first round played tell);
/// `XXP` lines list players who must not meet; `XXA` lines give
/// virtual points a round (acceleration); `XXR` the planned rounds (for
/// topscorers).
///
/// # Errors
/// [`PairingError`] when no pairing meets the absolute criteria.
pub fn pair(t: &Tournament) -> Result<Vec<Pair>, PairingError> {
    pair_by(t, Edition::Current)
}

/// How to pair.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The text of the rules.
    pub edition: Edition,
    /// Baku acceleration (C.04.5.1) when the file gives no `XXA` lines:
    /// the first half of the players (rounded up to even) get a virtual
    /// point before each of the first half (rounded up) of the accelerated
    /// rounds, and half a point before the others; the accelerated rounds
    /// are the first half (rounded up) of the planned rounds (`XXR`).
    pub baku: bool,
}

/// Pairs the next round by the given text of the rules; see [`pair`].
///
/// # Errors
/// [`PairingError`] when no pairing meets the absolute criteria.
pub fn pair_by(t: &Tournament, edition: Edition) -> Result<Vec<Pair>, PairingError> {
    pair_with(
        t,
        Options {
            edition,
            ..Options::default()
        },
    )
}

/// The virtual points of Baku acceleration (C.04.5.1) for every player and
/// round: `None` without the planned number of rounds (`XXR`).
pub fn baku(t: &Tournament) -> Option<std::collections::HashMap<u16, Vec<i64>>> {
    let rounds = usize::from(t.rounds_planned()?);
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    let group_a = 2 * t.players.len().div_ceil(4);
    let points: Vec<i64> = (1..=rounds)
        .map(|r| match r {
            r if r <= full => 10,
            r if r <= accelerated => 5,
            _ => 0,
        })
        .collect();
    let mut ranks: Vec<u16> = t.players.iter().map(|p| p.rank).collect();
    ranks.sort_unstable();
    Some(
        ranks
            .into_iter()
            .take(group_a)
            .map(|rank| (rank, points.clone()))
            .collect(),
    )
}

/// Pairs the next round with the given options; see [`pair`].
///
/// # Errors
/// [`PairingError`] when no pairing meets the absolute criteria.
pub fn pair_with(t: &Tournament, options: Options) -> Result<Vec<Pair>, PairingError> {
    let edition = options.edition;
    let round = candidate::next_round(t);
    if let Some(rounds) = t.rounds_planned() {
        if round > usize::from(rounds) {
            return Err(PairingError::TournamentOver { rounds });
        }
    }
    let mut s = settings(t, round);
    if options.baku && s.acceleration.is_empty() {
        s.acceleration = baku(t).ok_or(PairingError::RoundsUnknown)?;
    }
    let c = candidate::candidates(t, round, &s.absent, &s.acceleration, edition);
    if c.len() < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    let mut validity = Validity::new(&c, &s.forbidden);
    let pairs = match edition {
        Edition::Current => {
            let allowed = |a: usize, b: usize| validity.allows(a, b);
            let played = round - 1;
            let need = pairing2026::weight_bits(&c, played) + bit_length(c.len()) + 6;
            match need.div_ceil(64) {
                0..=2 => pairing2026::pair::<2>(&c, &allowed, played),
                3 => pairing2026::pair::<3>(&c, &allowed, played),
                4 => pairing2026::pair::<4>(&c, &allowed, played),
                5 => pairing2026::pair::<5>(&c, &allowed, played),
                6 => pairing2026::pair::<6>(&c, &allowed, played),
                7 | 8 => pairing2026::pair::<8>(&c, &allowed, played),
                9..=12 => pairing2026::pair::<12>(&c, &allowed, played),
                13..=16 => pairing2026::pair::<16>(&c, &allowed, played),
                17..=32 => pairing2026::pair::<32>(&c, &allowed, played),
                _ => return Err(PairingError::TooLarge),
            }
            .ok_or(PairingError::NoLegalPairing)?
        }
        Edition::Fide2017 => pair_2017(&c, &mut validity, round)?,
    };
    Ok(publish(&c, pairs, s.black_first))
}

/// The 2017 procedure: bracket by bracket, each checked for completion.
fn pair_2017(
    c: &[Candidate],
    validity: &mut Validity,
    round: usize,
) -> Result<Vec<(usize, usize)>, PairingError> {
    if !validity.completable() {
        return Err(PairingError::NoLegalPairing);
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..c.len() {
        match groups.last_mut() {
            Some(g) if c[g[0]].points == c[i].points => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut pairs = Vec::new();
    let mut moved_down: Vec<usize> = Vec::new();
    let mut collapsed = false;
    let mut index = 0;
    while index < groups.len() {
        let residents = groups[index].clone();
        let lower = groups.get(index + 1).cloned().unwrap_or_default();
        let bracket = Bracket::new(c, moved_down.clone(), residents, lower, round, collapsed);
        let saved = validity.clone();
        match pair_with_width(&bracket, c, validity)? {
            Some(found) => {
                let paired: Vec<usize> = found.iter().flat_map(|&(a, b)| [a, b]).collect();
                moved_down = bracket
                    .moved_down
                    .iter()
                    .chain(&bracket.residents)
                    .copied()
                    .filter(|p| !paired.contains(p))
                    .collect();
                pairs.extend(found);
                index += 1;
            }
            None => {
                // A.9: the brackets below collapse into one.
                *validity = saved;
                let rest: Vec<usize> = groups[index + 1..].concat();
                groups.truncate(index + 1);
                groups.push(rest);
                collapsed = true;
            }
        }
    }
    if !moved_down.is_empty() || pairs.iter().filter(|(a, b)| a == b).count() > 1 {
        return Err(PairingError::NoLegalPairing);
    }
    Ok(pairs)
}

/// The boards in the order of publication, with colours (section E).
fn publish(c: &[Candidate], mut pairs: Vec<(usize, usize)>, black_first: bool) -> Vec<Pair> {
    pairs.sort_by_key(|&x| core::cmp::Reverse(board_order(c, x)));
    pairs
        .into_iter()
        .map(|(a, b)| {
            if a == b {
                Pair {
                    white: c[a].id,
                    black: None,
                }
            } else if colour_of_higher(&c[a], &c[b], black_first) == Color::White {
                Pair {
                    white: c[a].id,
                    black: Some(c[b].id),
                }
            } else {
                Pair {
                    white: c[b].id,
                    black: Some(c[a].id),
                }
            }
        })
        .collect()
}

/// Pairs a bracket with weights as wide as it needs.
fn pair_with_width(
    b: &Bracket,
    c: &[Candidate],
    validity: &mut Validity,
) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
    // The matching adds up to a pair a vertex and keeps doubled duals.
    let need = b.width() + bit_length(c.len()) + 4;
    Ok(match need.div_ceil(64) {
        0..=2 => pair_bracket::<2>(b, c, validity),
        3 => pair_bracket::<3>(b, c, validity),
        4 => pair_bracket::<4>(b, c, validity),
        5 | 6 => pair_bracket::<6>(b, c, validity),
        7 | 8 => pair_bracket::<8>(b, c, validity),
        9..=16 => pair_bracket::<16>(b, c, validity),
        17..=32 => pair_bracket::<32>(b, c, validity),
        33..=64 => pair_bracket::<64>(b, c, validity),
        _ => return Err(PairingError::TooLarge),
    })
}

/// The order of publication (C.04.2 D.9): the higher score of the pair,
/// then the pair's total, then the better rank of its higher player; byes
/// last.
fn board_order(c: &[Candidate], (a, b): (usize, usize)) -> (i64, i64, i64) {
    if a == b {
        return (-1, -1, -1);
    }
    let raw = |p: &Candidate| (p.raw_points, core::cmp::Reverse(p.number));
    let (hi, lo) = if raw(&c[a]) >= raw(&c[b]) {
        (&c[a], &c[b])
    } else {
        (&c[b], &c[a])
    };
    (hi.raw_points, lo.raw_points, -i64::from(hi.number))
}

/// The colour of the higher-ranked player `p` against `q` (section E).
fn colour_of_higher(p: &Candidate, q: &Candidate, black_first: bool) -> Color {
    // E.1: both preferences granted.
    if let (Some(a), Some(b)) = (p.side, q.side) {
        if a != b {
            return a;
        }
    }
    // E.2: the stronger preference; both absolute, the wider difference.
    if p.strength != q.strength {
        return if p.strength > q.strength {
            p.side.unwrap_or(Color::White)
        } else {
            q.side.map_or(Color::White, Color::other)
        };
    }
    if p.strength == Strength::Absolute && p.colour_difference.abs() != q.colour_difference.abs() {
        return if p.colour_difference.abs() > q.colour_difference.abs() {
            p.side.unwrap_or(Color::White)
        } else {
            q.side.map_or(Color::White, Color::other)
        };
    }
    // E.3: alternate from the latest game in which they had different
    // colours.
    for (a, b) in p.colours.iter().rev().zip(q.colours.iter().rev()) {
        if a != b {
            return a.other();
        }
    }
    // E.4: the higher-ranked player's preference.
    if let Some(side) = p.side {
        return side;
    }
    // E.5: by the pairing number: odd takes the initial colour.
    let initial = if black_first {
        Color::Black
    } else {
        Color::White
    };
    if p.number % 2 == 1 {
        initial
    } else {
        initial.other()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::settings::{acceleration_line, inferred_black_first, tenths};
    use super::*;
    use crate::Player;

    fn players(n: u16, rounds: u16) -> Tournament {
        Tournament {
            header: vec![("XXR".to_string(), rounds.to_string())],
            players: (1..=n)
                .map(|rank| Player {
                    rank,
                    ..Player::default()
                })
                .collect(),
            ..Tournament::default()
        }
    }

    fn boards(pairs: &[Pair]) -> Vec<(u16, u16)> {
        pairs
            .iter()
            .map(|p| (p.white, p.black.unwrap_or(0)))
            .collect()
    }

    #[test]
    fn the_first_colour_is_read_from_the_first_round_without_xxc() {
        use crate::{Color, Entry, Outcome};
        let game = |opponent: u16, color: Color, outcome: Outcome| Entry {
            opponent: Some(opponent),
            color: Some(color),
            outcome: Some(outcome),
        };
        let mut t = players(4, 5);
        // Round 1 with the top seed Black: 3–1, 2–4, all drawn.
        let rounds = [
            game(3, Color::Black, Outcome::Draw),
            game(4, Color::White, Outcome::Draw),
            game(1, Color::White, Outcome::Draw),
            game(2, Color::Black, Outcome::Draw),
        ];
        for (p, e) in t.players.iter_mut().zip(rounds) {
            p.rounds.push(e);
        }
        assert!(inferred_black_first(&t));
        // The top seed had the pairing-allocated bye (paired, no colour):
        // the next one's colour, reversed (2 had White: the top seed's
        // colour was Black).
        let mut five = players(5, 5);
        let rounds = [
            Entry {
                opponent: None,
                color: None,
                outcome: Some(Outcome::PairingBye),
            },
            game(4, Color::White, Outcome::Draw),
            game(5, Color::Black, Outcome::Draw),
            game(2, Color::Black, Outcome::Draw),
            game(3, Color::White, Outcome::Draw),
        ];
        for (p, e) in five.players.iter_mut().zip(rounds) {
            p.rounds.push(e);
        }
        assert!(inferred_black_first(&five));
        // An absent top seed is not counted: 2 is the highest paired.
        five.players[0].rounds[0].outcome = Some(Outcome::ZeroBye);
        assert!(!inferred_black_first(&five));
        assert!(!inferred_black_first(&players(4, 5)));
        // XXC says otherwise: it wins.
        t.header.push(("XXC".to_string(), "white1".to_string()));
        assert!(!settings(&t, 1).black_first);
    }

    #[test]
    fn virtual_points_are_read_in_tenths() {
        assert_eq!(tenths("1.0"), Some(10));
        assert_eq!(tenths("0.5"), Some(5));
        assert_eq!(tenths("2"), Some(20));
        assert_eq!(tenths("1.50"), Some(15));
        assert_eq!(tenths("-1.0"), None);
        assert_eq!(tenths("1.25"), None);
        assert_eq!(tenths("99999999999999999999"), None);
        assert_eq!(acceleration_line("  12  1.0  0.5"), Some((12, vec![10, 5])));
        assert_eq!(
            acceleration_line("  12  1.0       0.5"),
            Some((12, vec![10, 0, 5]))
        );
        assert_eq!(acceleration_line("  xx  1.0"), None);
    }

    #[test]
    fn baku_acceleration_gives_the_first_half_virtual_points() {
        // 161 players, 9 rounds: 82 in GA; a point in rounds 1–3, half a
        // point in 4–5, none after.
        let v = baku(&players(161, 9)).unwrap();
        assert_eq!(v.len(), 82);
        assert_eq!(v[&82], [10, 10, 10, 5, 5, 0, 0, 0, 0]);
        assert!(!v.contains_key(&83));
        assert_eq!(baku(&players(10, 5)).unwrap()[&1], [10, 10, 5, 0, 0]);
        assert_eq!(baku(&Tournament::default()), None);
    }

    #[test]
    fn baku_pairs_the_top_half_among_themselves_in_round_one() {
        let t = players(8, 5);
        assert_eq!(boards(&pair(&t).unwrap()), [(1, 5), (6, 2), (3, 7), (8, 4)]);
        let options = Options {
            baku: true,
            ..Options::default()
        };
        assert_eq!(
            boards(&pair_with(&t, options).unwrap()),
            [(1, 3), (4, 2), (5, 7), (8, 6)]
        );
        // The same as the virtual points written out as XXA lines.
        let mut written = t.clone();
        for rank in 1..=4 {
            written.header.push((
                "XXA".to_string(),
                format!("{rank:>4}  1.0  1.0  0.5  0.0  0.0"),
            ));
        }
        assert_eq!(pair(&written).unwrap(), pair_with(&t, options).unwrap());
        // Without the number of rounds there is no Baku acceleration.
        let mut unknown = t.clone();
        unknown.header.clear();
        assert_eq!(
            pair_with(&unknown, options),
            Err(PairingError::RoundsUnknown)
        );
    }
}
