//! What the Dutch system reads of each player before a round (C.04.3 A):
//! score, rank order, colour preference, floats, past opponents, byes.

use core::cmp::Ordering;

use super::Edition;
use crate::history::{self, Float, Preference};
use crate::{Color, Entry, Outcome, Player, Tournament};

/// How strongly a player wishes for a colour (A.6), weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// One player to be paired.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    /// The starting rank (what the output names).
    pub id: u16,
    /// The pairing number: the starting rank (2017), or the tournament
    /// pairing number among the players in the tournament so far (2026,
    /// 1.1: players absent since the start are not counted).
    pub number: u16,
    /// The score in tenths of a point, with the acceleration of the round
    /// (virtual points, `XXA`): what the pairing ranks by.
    pub points: i64,
    /// The score without acceleration: what the boards are published by.
    pub raw_points: i64,
    /// The colour wished for, if any.
    pub side: Option<Color>,
    /// How strongly.
    pub strength: Strength,
    /// Whites minus blacks over the games played.
    pub colour_difference: i32,
    /// The last two games played with the same colour.
    pub colour_double: bool,
    /// The float of the last round.
    pub float1: Option<Float>,
    /// The float of the round before.
    pub float2: Option<Float>,
    /// Players met over the board.
    pub opponents: Vec<u16>,
    /// The colours of the games played, in order.
    pub colours: Vec<Color>,
    /// May not get the pairing-allocated bye (2017: had it, or a forfeit
    /// win; 2026: had it, or scored a win without playing).
    pub bye_received: bool,
    /// The number of games played.
    pub played_games: usize,
    /// A topscorer (A.7): over half the maximum score before the last
    /// round.
    pub top_scorer: bool,
}

impl Candidate {
    /// Rank order (A.2): the higher score first, then the lower pairing
    /// number. `Greater` means ranked higher.
    pub fn rank_cmp(&self, other: &Candidate) -> Ordering {
        self.points
            .cmp(&other.points)
            .then(other.number.cmp(&self.number))
    }

    /// Whether the two have played each other.
    pub fn met(&self, other: &Candidate) -> bool {
        self.opponents.contains(&other.id)
    }
}

/// The round the next pairing is for: one after the last round in which
/// anyone was paired (a game, a forfeit or the pairing-allocated bye).
pub(crate) fn next_round(t: &Tournament) -> usize {
    t.players
        .iter()
        .filter_map(|p| p.rounds.iter().rposition(Entry::paired))
        .max()
        .map_or(1, |i| i + 2)
}

/// Whether the player was in a pairing before `round` (a game, a forfeit,
/// the pairing-allocated bye).
fn was_paired(p: &Player, round: usize) -> bool {
    p.rounds.iter().take(round - 1).any(Entry::paired)
}

/// The players to pair in `round`: every player without an entry for it
/// already (a requested bye, an absence) and not listed as absent, in rank
/// order, highest first.
pub(crate) fn candidates(
    t: &Tournament,
    round: usize,
    absent: &[u16],
    acceleration: &Acceleration,
    edition: Edition,
) -> Vec<Candidate> {
    let played = round - 1;
    let top_possible = t.rounds_planned().is_some_and(|r| usize::from(r) == round);
    let to_pair = |p: &Player| {
        !absent.contains(&p.rank) && p.rounds.get(round - 1).is_none_or(|e| e.outcome.is_none())
    };
    let mut out = Vec::new();
    let mut tpn = 0u16;
    for p in &t.players {
        let pairs = to_pair(p);
        if pairs || was_paired(p, round) {
            tpn += 1;
        }
        if pairs {
            let mut c = candidate(t, p, played, top_possible, acceleration, edition);
            if edition == Edition::Current {
                c.number = tpn;
            }
            out.push(c);
        }
    }
    out.sort_by(|a, b| b.rank_cmp(a));
    out
}

/// Virtual points by player and round (`XXA` lines: Baku acceleration or
/// any other), in tenths of a point.
pub(crate) type Acceleration = std::collections::HashMap<u16, Vec<i64>>;

/// The virtual points of `rank` in round `index + 1`.
fn virtual_points(acceleration: &Acceleration, rank: u16, index: usize) -> i64 {
    acceleration
        .get(&rank)
        .and_then(|v| v.get(index).copied())
        .unwrap_or(0)
}

/// The score before round `index + 1` with that round's virtual points,
/// in tenths.
fn accelerated_before(p: &Player, index: usize, acceleration: &Acceleration) -> i64 {
    i64::from(history::score_before(p, index + 1)) * 5 + virtual_points(acceleration, p.rank, index)
}

fn candidate(
    t: &Tournament,
    p: &Player,
    played: usize,
    last_round: bool,
    acceleration: &Acceleration,
    edition: Edition,
) -> Candidate {
    let raw_points = i64::from(history::score_before(p, played + 1)) * 5;
    let points = raw_points + virtual_points(acceleration, p.rank, played);
    let (side, strength) = match history::colour_preference(p) {
        Preference::None => (None, Strength::None),
        Preference::Mild(c) => (Some(c), Strength::Mild),
        Preference::Strong(c) => (Some(c), Strength::Strong),
        Preference::Absolute(c) => (Some(c), Strength::Absolute),
    };
    let colours = history::colours_played(p);
    let colour_double =
        colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
    // A round with no entry scored nothing: no float (1.4.3); the 2017
    // rules gave a downfloat for every round not played.
    let float_of = |back: usize| {
        if played < back {
            return None;
        }
        let i = played - back;
        let unplayed = p.rounds.get(i).is_none_or(|e| !e.played());
        if edition == Edition::Fide2017 && unplayed {
            return Some(Float::Down);
        }
        history::float_in(t, p, i, |q, round| {
            accelerated_before(q, round - 1, acceleration)
        })
    };
    let rounds = p.rounds.iter().take(played);
    let opponents = rounds
        .clone()
        .filter(|e| e.played())
        .filter_map(|e| e.opponent)
        .collect();
    let bye_received = rounds.clone().any(|e| match edition {
        Edition::Fide2017 => matches!(e.outcome, Some(Outcome::PairingBye | Outcome::ForfeitWin)),
        Edition::Current => e
            .outcome
            .is_some_and(|o| o == Outcome::PairingBye || (!o.played() && o.half_points() >= 2)),
    });
    let played_games = rounds.clone().filter(|e| e.played()).count();
    Candidate {
        id: p.rank,
        number: p.rank,
        points,
        raw_points,
        side,
        strength,
        colour_difference: history::colour_difference(p),
        colour_double,
        float1: float_of(1),
        float2: float_of(2),
        opponents,
        colours,
        bye_received,
        played_games,
        top_scorer: last_round && points * 2 > 10 * played as i64,
    }
}
