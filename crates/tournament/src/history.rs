//! What the Swiss pairing rules read from a player's past rounds (FIDE
//! C.04.3, the Dutch system, article A): the colour difference and the
//! colour preference (A.6), and the floats of each round (A.4).
//!
//! Only games played over the board count for colours: a forfeit or a bye
//! gives no colour. A round a player does not play counts as a downfloat
//! when it scored more than a loss (the pairing-allocated bye, a half- or
//! full-point bye, a forfeit win: C.04.3 of 2025 and 2026, article 1.4.3);
//! a zero-point bye, a forfeit loss or an absence gives no float.
//!
//! ```
//! use sakk_tournament::{trf, Color};
//! use sakk_tournament::history::{colour_preference, Preference};
//!
//! let t = trf::read("001    1      A                                 1500                             1.0    1     2 w 1\n\
//!                    001    2      B                                 1400                             0.0    2     1 b 0\n").unwrap();
//! // One game with White: a strong wish for Black next.
//! assert_eq!(colour_preference(&t.players[0]), Preference::Strong(Color::Black));
//! ```

use crate::{Color, Player, Tournament};

/// A player's colour preference for the next round (C.04.3 A.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Preference {
    /// No game played yet: no preference.
    None,
    /// Colour difference 0: the colour other than in the last game played.
    Mild(Color),
    /// Colour difference ±1: the colour that evens it.
    Strong(Color),
    /// Colour difference beyond ±1, or the same colour in the last two
    /// games played: the other colour, which the pairing must give.
    Absolute(Color),
}

impl Preference {
    /// The colour wished for, if any.
    pub fn colour(self) -> Option<Color> {
        match self {
            Preference::None => None,
            Preference::Mild(c) | Preference::Strong(c) | Preference::Absolute(c) => Some(c),
        }
    }
}

/// The colours of the games a player played over the board, in round order.
pub fn colours_played(p: &Player) -> Vec<Color> {
    p.rounds
        .iter()
        .filter(|e| e.played())
        .filter_map(|e| e.color)
        .collect()
}

/// Games played with White minus games played with Black.
pub fn colour_difference(p: &Player) -> i32 {
    colours_played(p)
        .iter()
        .map(|c| if *c == Color::White { 1 } else { -1 })
        .sum()
}

/// The colour preference for the next round (A.6).
pub fn colour_preference(p: &Player) -> Preference {
    let colours = colours_played(p);
    let Some(&last) = colours.last() else {
        return Preference::None;
    };
    let cd = colour_difference(p);
    let twice = colours.len() >= 2 && colours[colours.len() - 2] == last;
    if cd > 1 {
        Preference::Absolute(Color::Black)
    } else if cd < -1 {
        Preference::Absolute(Color::White)
    } else if twice {
        Preference::Absolute(last.other())
    } else if cd == 1 {
        Preference::Strong(Color::Black)
    } else if cd == -1 {
        Preference::Strong(Color::White)
    } else {
        Preference::Mild(last.other())
    }
}

/// A float in one round (A.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Float {
    /// Paired with a lower score, or scoring more than a loss without
    /// playing (a bye, a forfeit win).
    Down,
    /// Paired with a higher score.
    Up,
}

/// The player's score before round `round` (1-based), in half points.
pub fn score_before(p: &Player, round: usize) -> u32 {
    p.rounds
        .iter()
        .take(round.saturating_sub(1))
        .filter_map(|e| e.outcome)
        .map(|o| o.half_points())
        .sum()
}

/// The float of each round recorded for the player of `rank`, in round
/// order (`None`: paired with an equal score). Scores are compared as they
/// stood before the round.
pub fn floats(t: &Tournament, rank: u16) -> Vec<Option<Float>> {
    let Some(p) = t.player(rank) else {
        return Vec::new();
    };
    (0..p.rounds.len())
        .map(|i| float_in(t, p, i, |q, round| i64::from(score_before(q, round))))
        .collect()
}

/// The float of round `index + 1` with the scores before it as `score`
/// gives them (a pairing program may add virtual points): down for the
/// higher score of a game played, up for the lower; a round not played
/// floats down when it scored more than a loss.
pub fn float_in(
    t: &Tournament,
    p: &Player,
    index: usize,
    score: impl Fn(&Player, usize) -> i64,
) -> Option<Float> {
    let e = p.rounds.get(index)?;
    match (e.played(), e.opponent.and_then(|r| t.player(r))) {
        (true, Some(q)) => match score(p, index + 1).cmp(&score(q, index + 1)) {
            core::cmp::Ordering::Greater => Some(Float::Down),
            core::cmp::Ordering::Less => Some(Float::Up),
            core::cmp::Ordering::Equal => None,
        },
        _ if e.outcome.is_some_and(|o| o.half_points() > 0) => Some(Float::Down),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tournament(lines: &[&str]) -> Tournament {
        match crate::trf::read(&lines.join("\n")) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        }
    }

    fn line(rank: u16, rounds: &str) -> String {
        format!(
            "001 {rank:>4}      P{rank:<33}1500                             0.0 {rank:>4}{rounds}"
        )
    }

    #[test]
    fn preferences_by_colour_difference_and_the_last_two_games() {
        // 1: W B W (cd +1, last two differ): strong Black.
        // 2: B W B (cd −1): strong White.
        // 3: W B (cd 0): mild White (the other of the last).
        // 4: B B … two Blacks in a row: absolute White.
        let t = tournament(&[
            &line(1, "     2 w 1     3 b 1     4 w 1"),
            &line(2, "     1 b 0     4 w 1     3 b 0"),
            &line(3, "     4 w 0     1 w 0     2 w 1"),
            &line(4, "     3 b 1     2 b 0     1 b 0"),
        ]);
        assert_eq!(
            colour_preference(&t.players[0]),
            Preference::Strong(Color::Black)
        );
        assert_eq!(
            colour_preference(&t.players[1]),
            Preference::Strong(Color::White)
        );
        // Three Whites: cd +3, absolute Black.
        assert_eq!(
            colour_preference(&t.players[2]),
            Preference::Absolute(Color::Black)
        );
        assert_eq!(colour_difference(&t.players[2]), 3);
        assert_eq!(
            colour_preference(&t.players[3]),
            Preference::Absolute(Color::White)
        );
        // W then B: cd 0, mild White.
        let t = tournament(&[
            &line(1, "     2 w 1     2 b 0"),
            &line(2, "     1 b 0     1 w 1"),
        ]);
        assert_eq!(
            colour_preference(&t.players[0]),
            Preference::Mild(Color::White)
        );
        assert_eq!(
            colour_preference(&t.players[1]),
            Preference::Mild(Color::Black)
        );
    }

    #[test]
    fn forfeits_and_byes_give_no_colour_and_count_as_downfloats() {
        // 1 beat 2 with White; then 1 won by forfeit against 3 (with
        // Black on paper) — only the played game counts: strong Black.
        let t = tournament(&[
            &line(1, "     2 w 1     3 b +"),
            &line(2, "     1 b 0  0000 - U"),
            &line(3, "  0000 - U     1 w -"),
        ]);
        assert_eq!(
            colour_preference(&t.players[0]),
            Preference::Strong(Color::Black)
        );
        assert_eq!(colour_preference(&t.players[2]), Preference::None);
        // Round 1: 1 and 2 level (none), 3 had the bye (down). Round 2: 1
        // won by forfeit: down; 2 had the bye: down; 3 lost by forfeit:
        // no float.
        assert_eq!(floats(&t, 1), [None, Some(Float::Down)]);
        assert_eq!(floats(&t, 2), [None, Some(Float::Down)]);
        assert_eq!(floats(&t, 3), [Some(Float::Down), None]);
        // A zero-point bye is no float, a half-point bye is one.
        let t = tournament(&[
            &line(1, "  0000 - Z  0000 - H"),
            &line(2, "  0000 - U     3 w 1"),
            &line(3, "  0000 - Z     2 b 0"),
        ]);
        assert_eq!(floats(&t, 1), [None, Some(Float::Down)]);
    }

    #[test]
    fn floats_compare_scores_before_the_round() {
        // Round 1: 1 beats 2, 3 beats 4. Round 2: 1 (1 point) plays 4 (0):
        // 1 floats down, 4 up; 2 (0) plays 3 (1): 2 up, 3 down.
        let t = tournament(&[
            &line(1, "     2 w 1     4 b 1"),
            &line(2, "     1 b 0     3 w 0"),
            &line(3, "     4 w 1     2 b 1"),
            &line(4, "     3 b 0     1 w 0"),
        ]);
        assert_eq!(floats(&t, 1), [None, Some(Float::Down)]);
        assert_eq!(floats(&t, 4), [None, Some(Float::Up)]);
        assert_eq!(floats(&t, 2), [None, Some(Float::Up)]);
        assert_eq!(score_before(&t.players[2], 2), 2);
    }
}
