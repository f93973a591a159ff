//! FIDE ratings as the Rating Regulations compute them: the expected score
//! of a game from the rating difference (table 8.1b, with the 400-point
//! rule), the rating change `K × Σ(W − PD)` with its K factor, and the
//! performance rating from a score (table 8.1a), which the tie-break
//! regulations also use.
//!
//! Ratings are whole points; expected scores and changes are in
//! hundredths, as FIDE's tables give them, so every sum is exact.
//!
//! ```
//! use sakk_tournament::rating::{expected, change, KFactor, performance, Game};
//!
//! // 100 points stronger: 0.64 expected.
//! assert_eq!(expected(2200, 2100), 64);
//! // A 2000 player beats a 2100 and draws a 1900, with K = 20: +12.8 - 2.8.
//! let games = [Game { opponent: 2100, score: 2 }, Game { opponent: 1900, score: 1 }];
//! assert_eq!(change(2000, KFactor::K20, &games), 100); // +10.0, in tenths
//! // 5 of 9 against an average of 2200: p = 0.56, dp = 43.
//! assert_eq!(performance(&[2200; 9], 10), Some(2243));
//! ```

/// Table 8.1b: the upper end of each band of rating differences `D` and the
/// higher-rated player's expected score in hundredths (`0–3: .50`, `4–10:
/// .51`, …, `620–735: .99`; above 735: 1.00).
const EXPECTED_BANDS: [(u16, u8); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// Table 8.1a: the rating difference `dp` for a fractional score `p` of
/// .50, .51, … .99, 1.00 (index `p − 50`); below .50 it is `−dp(1 − p)`.
const DP: [u16; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The largest rating difference counted (8.3.4: a difference of more than
/// 400 points counts as 400).
pub const MAX_DIFFERENCE: u16 = 400;

/// The expected score, in hundredths, of a player rated `player` against
/// one rated `opponent` (table 8.1b with the 400-point rule).
pub fn expected(player: u16, opponent: u16) -> u8 {
    let higher = table_8_1b(player.abs_diff(opponent).min(MAX_DIFFERENCE));
    if player >= opponent {
        higher
    } else {
        100 - higher
    }
}

/// The higher-rated player's expected score for a difference `d`, by the
/// table alone.
fn table_8_1b(d: u16) -> u8 {
    EXPECTED_BANDS
        .iter()
        .find(|&&(upper, _)| d <= upper)
        .map_or(100, |&(_, pd)| pd)
}

/// One rated game of a player: the opponent's rating and the player's
/// score in half points (0, 1 or 2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The opponent's rating.
    pub opponent: u16,
    /// The player's score in half points: 2 a win, 1 a draw, 0 a loss.
    pub score: u8,
}

/// The development coefficient K (8.3.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KFactor {
    /// 40: a player new to the list until 30 rated games are completed, and
    /// a player under 18 at the end of the year while rated under 2300.
    K40,
    /// 20: a player who has never reached 2400.
    K20,
    /// 10: a player who has reached 2400 (it stays 10).
    K10,
}

impl KFactor {
    /// K by the rules of 8.3.3: `games` rated games before this period,
    /// `junior` (under 18 at the end of the year), `reached_2400` ever.
    pub fn of(rating: u16, games: u32, junior: bool, reached_2400: bool) -> KFactor {
        if reached_2400 || rating >= 2400 {
            KFactor::K10
        } else if games < 30 || (junior && rating < 2300) {
            KFactor::K40
        } else {
            KFactor::K20
        }
    }

    /// Its value.
    pub fn value(self) -> u32 {
        match self {
            KFactor::K40 => 40,
            KFactor::K20 => 20,
            KFactor::K10 => 10,
        }
    }

    /// Its value for a period of `games` games: K × games may not exceed
    /// 700 (8.3.3), so K is then the largest whole number that keeps it so.
    pub fn value_for(self, games: usize) -> u32 {
        let games = u32::try_from(games).unwrap_or(u32::MAX).max(1);
        self.value().min(700 / games)
    }
}

/// The rating change of a player rated `rating` over `games`, in tenths of
/// a point: `K × Σ(W − PD)`, rounded to a tenth (half away from zero), as
/// FIDE lists a tournament's change. K is capped for many games (see
/// [`KFactor::value_for`]).
pub fn change(rating: u16, k: KFactor, games: &[Game]) -> i32 {
    // Σ(W − PD) in hundredths; W is a score in half points.
    let surplus: i64 = games
        .iter()
        .map(|g| i64::from(g.score) * 50 - i64::from(expected(rating, g.opponent)))
        .sum();
    let hundredths = surplus * i64::from(k.value_for(games.len()));
    // Hundredths to tenths, half away from zero.
    let tenths = (hundredths.abs() + 5) / 10 * hundredths.signum();
    i32::try_from(tenths).unwrap_or(if tenths > 0 { i32::MAX } else { i32::MIN })
}

/// The performance rating of a score of `half_points` against opponents
/// rated `opponents`: their average rating (rounded to a whole point) plus
/// `dp` for the fractional score `p` rounded to hundredths (table 8.1a).
/// `None` without opponents.
pub fn performance(opponents: &[u16], half_points: u32) -> Option<i32> {
    if opponents.is_empty() {
        return None;
    }
    let n = opponents.len() as u64;
    let sum: u64 = opponents.iter().map(|&r| u64::from(r)).sum();
    let average = i32::try_from((sum * 2 + n) / (2 * n)).ok()?;
    // p in hundredths, rounded half up: half points × 50 / games.
    let p = ((u64::from(half_points) * 100 + n) / (2 * n)).min(100);
    let p = i32::try_from(p).ok()?;
    let dp = |p: i32| i32::from(DP[usize::try_from(p - 50).unwrap_or(0)]);
    let diff = if p >= 50 { dp(p) } else { -dp(100 - p) };
    Some(average + diff)
}

/// The ratings of the opponents `p` met over the board who have one, and
/// the half points scored against them: what the performance rating and
/// the average rating of opponents are computed from.
pub fn rated_opponents(t: &crate::Tournament, p: &crate::Player) -> (Vec<u16>, u32) {
    let (mut ratings, mut half_points) = (Vec::new(), 0);
    for e in p.rounds.iter().filter(|e| e.played()) {
        let rating = e.opponent.and_then(|o| t.player(o)).and_then(|q| q.rating);
        if let (Some(rating), Some(outcome)) = (rating, e.outcome) {
            ratings.push(rating);
            half_points += outcome.half_points();
        }
    }
    (ratings, half_points)
}

/// A rating change in tenths as printed: `+12.4`, `-3.0`.
pub fn tenths(v: i32) -> String {
    let sign = if v < 0 { '-' } else { '+' };
    format!("{sign}{}.{}", v.abs() / 10, v.abs() % 10)
}

/// A player's rated games in a tournament and what they make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRating {
    /// The starting rank.
    pub rank: u16,
    /// The rated games: played over the board (`1`, `=`, `0`) against a
    /// rated opponent, by a rated player; forfeits, byes and unrated games
    /// (`W`, `D`, `L`) do not count.
    pub games: Vec<Game>,
    /// The expected score over those games, in hundredths.
    pub expected: u32,
    /// The performance rating over every game played (rated opponents).
    pub performance: Option<i32>,
    /// The rating change in tenths, `None` for an unrated player.
    pub change: Option<i32>,
}

/// The rated games, performance and rating change of every player of `t`,
/// with K from `k` (for example [`KFactor::of`] with what the organiser
/// knows of the player).
pub fn report(t: &crate::Tournament, k: impl Fn(&crate::Player) -> KFactor) -> Vec<PlayerRating> {
    use crate::Outcome;
    t.players
        .iter()
        .map(|p| {
            let mut games = Vec::new();
            for e in &p.rounds {
                let (Some(outcome), Some(rank)) = (e.outcome, e.opponent) else {
                    continue;
                };
                let Some(rating) = t.player(rank).and_then(|o| o.rating) else {
                    continue;
                };
                if matches!(outcome, Outcome::Win | Outcome::Draw | Outcome::Loss) {
                    games.push(Game {
                        opponent: rating,
                        score: u8::try_from(outcome.half_points()).unwrap_or(0),
                    });
                }
            }
            let (opponents, half_points) = rated_opponents(t, p);
            let rating = p.rating.filter(|&r| r > 0);
            let expected = rating.map_or(0, |r| {
                games
                    .iter()
                    .map(|g| u32::from(expected(r, g.opponent)))
                    .sum()
            });
            PlayerRating {
                rank: p.rank,
                performance: performance(&opponents, half_points),
                change: rating.map(|r| change(r, k(p), &games)),
                expected,
                games: if rating.is_some() { games } else { Vec::new() },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_each_others_inverse() {
        // Each dp of table 8.1a falls in the band of 8.1b whose expected
        // score is that p (two tables typed separately, checked together).
        for (i, &dp) in DP.iter().enumerate().take(50).skip(1) {
            let p = 50 + i as u8;
            assert_eq!(table_8_1b(dp), p, "dp {dp}");
        }
        // Bands are contiguous and rising.
        for w in EXPECTED_BANDS.windows(2) {
            assert!(w[0].0 < w[1].0 && w[0].1 + 1 == w[1].1);
        }
    }

    #[test]
    fn expected_scores_by_the_table_and_the_400_point_rule() {
        assert_eq!(expected(2000, 2000), 50);
        assert_eq!(expected(2003, 2000), 50);
        assert_eq!(expected(2004, 2000), 51);
        assert_eq!(expected(2100, 2000), 64);
        assert_eq!(expected(2000, 2100), 36);
        // More than 400 points counts as 400: 0.92 and 0.08.
        assert_eq!(expected(2200, 1000), 92);
        assert_eq!(expected(1800, 2482), 8);
        assert_eq!(expected(2400, 2000), 92);
    }

    #[test]
    fn k_factors() {
        assert_eq!(KFactor::of(1500, 10, false, false), KFactor::K40);
        assert_eq!(KFactor::of(2250, 100, true, false), KFactor::K40);
        assert_eq!(KFactor::of(2350, 100, true, false), KFactor::K20);
        assert_eq!(KFactor::of(2350, 100, false, true), KFactor::K10);
        assert_eq!(KFactor::of(2400, 100, false, false), KFactor::K10);
        // K × games stays within 700: 40 games at K 20 count at K 17.
        assert_eq!(KFactor::K20.value_for(40), 17);
        assert_eq!(KFactor::K40.value_for(9), 40);
    }

    #[test]
    fn rating_changes() {
        // A win against a player 100 points stronger, K 20: 20 × 0.64.
        let win = Game {
            opponent: 2100,
            score: 2,
        };
        assert_eq!(change(2000, KFactor::K20, &[win]), 128);
        // A loss to a player 500 points weaker counts as 400: −0.92 × 10.
        let loss = Game {
            opponent: 1900,
            score: 0,
        };
        assert_eq!(change(2400, KFactor::K10, &[loss]), -92);
        // Draws against equals change nothing.
        let draw = Game {
            opponent: 2000,
            score: 1,
        };
        assert_eq!(change(2000, KFactor::K40, &[draw; 5]), 0);
    }

    #[test]
    fn a_tournaments_report() {
        let text = "012 Test\n\
            001    1      A,A                               2100                             1.5    1     2 w 1     3 b =  \n\
            001    2      B,B                               2000                             1.0    2     1 b 0  0000 - U  \n\
            001    3      C,C                                                                1.5    3  0000 - U     1 w =  \n";
        let t = match crate::trf::read(text) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        let r = report(&t, |_| KFactor::K20);
        // A: a rated win against 2000 (expected .64); the draw with the
        // unrated C is played but not rated.
        assert_eq!(
            r[0].games,
            [Game {
                opponent: 2000,
                score: 2
            }]
        );
        assert_eq!(r[0].expected, 64);
        assert_eq!(r[0].change, Some(72));
        assert_eq!(r[0].performance, Some(2800));
        // B: a loss to 2100 (expected .36), −7.2.
        assert_eq!(r[1].change, Some(-72));
        // C: unrated, no change; a performance from the one rated game.
        assert_eq!(r[2].change, None);
        assert_eq!(r[2].performance, Some(2100));
    }

    #[test]
    fn performance_ratings() {
        assert_eq!(performance(&[], 0), None);
        assert_eq!(performance(&[2000, 2100], 2), Some(2050));
        // 100%: dp 800; 0%: −800.
        assert_eq!(performance(&[2000], 2), Some(2800));
        assert_eq!(performance(&[2000], 0), Some(1200));
        // 2 of 3 = 0.666… → 0.67 → 125.
        assert_eq!(performance(&[1900, 2000, 2100], 4), Some(2125));
        // 1 of 3 = 0.333… → 0.33 → −125.
        assert_eq!(performance(&[1900, 2000, 2100], 2), Some(1875));
    }
}
