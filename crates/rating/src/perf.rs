//! Ratings as a chess server keeps them: one per speed category
//! ([`Speed`], by the clock's estimated duration, lichess's limits), each a
//! [`Perf`] that a rated game moves by Glicko-2 with lichess's settings
//! ([`Settings::LICHESS`]): every game its own rating period, the
//! deviation widening with the days between games, and bounds on the
//! deviation, the volatility and the rating.

use crate::glicko::{Glicko, GlickoError, Score};

/// A game's rating category (lichess's perf type): its speed — a
/// clock's category read from its estimated duration, the initial time
/// plus forty increments (lichess's rule) — or, for a variant, the
/// variant's own category across speeds (Chess960).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub enum Speed {
    /// Under 30 seconds estimated.
    UltraBullet,
    /// 30 seconds to under 3 minutes.
    Bullet,
    /// 3 to under 8 minutes.
    Blitz,
    /// 8 to under 25 minutes.
    Rapid,
    /// 25 minutes to under 6 hours.
    Classical,
    /// Days a move, or a clock of 6 hours or more.
    Correspondence,
    /// Chess960 at any speed (lichess keeps one rating for it).
    Chess960,
}

impl Speed {
    /// Every category, fastest first, then the variants'.
    pub const ALL: [Speed; 7] = [
        Speed::UltraBullet,
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
        Speed::Chess960,
    ];

    /// The category of a clock of `initial_secs` and `increment_secs` a
    /// move: by `initial + 40 × increment`.
    #[must_use]
    pub fn of_clock(initial_secs: u64, increment_secs: u64) -> Speed {
        let estimate = initial_secs.saturating_add(increment_secs.saturating_mul(40));
        match estimate {
            0..30 => Speed::UltraBullet,
            30..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            1500..21_600 => Speed::Classical,
            _ => Speed::Correspondence,
        }
    }

    /// Lichess's key for it (`ultraBullet`, `bullet`, …): a stable code.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Speed::UltraBullet => "ultraBullet",
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
            Speed::Chess960 => "chess960",
        }
    }

    /// The category named by [`Speed::key`].
    #[must_use]
    pub fn from_key(key: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.key() == key)
    }
}

/// The settings of a rating system: Glicko-2's constant and the bounds a
/// server keeps ratings within.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// A new player's rating.
    pub start: Glicko,
    /// τ, Glicko-2's system constant.
    pub tau: f64,
    /// Rating periods a day: how fast the deviation widens between games.
    pub periods_per_day: f64,
    /// The narrowest deviation.
    pub min_deviation: f64,
    /// The widest deviation (a new player's).
    pub max_deviation: f64,
    /// The highest volatility.
    pub max_volatility: f64,
    /// The lowest rating.
    pub min_rating: f64,
    /// The highest rating.
    pub max_rating: f64,
    /// The most one game may move a rating, either way.
    pub max_change: f64,
    /// From this deviation up, a rating is provisional.
    pub provisional_deviation: f64,
}

impl Settings {
    /// Lichess's: start at 1500 with RD 500 and σ 0.09, τ = 0.75, each game
    /// its own rating period, 0.21436 periods a day (a deviation of 60
    /// widens to 110 in a year), RD within 45–500, σ at most 0.1, ratings
    /// from 400 to 4000, at most 700 points a game, provisional from RD
    /// 110.
    /// (lichess also tilts standard chess a few points to White and
    /// multiplies gains by a factor near 1 per category; sakk does not.)
    pub const LICHESS: Settings = Settings {
        start: Glicko::new(1500.0, 500.0, 0.09),
        tau: 0.75,
        periods_per_day: 0.21436,
        min_deviation: 45.0,
        max_deviation: 500.0,
        max_volatility: 0.1,
        min_rating: 400.0,
        max_rating: 4000.0,
        max_change: 700.0,
        provisional_deviation: 110.0,
    };

    /// A new player's rating in a category.
    #[must_use]
    pub fn new_perf(&self) -> Perf {
        Perf {
            glicko: self.start,
            games: 0,
            last_rated_ms: None,
        }
    }

    /// `perf` as it stands at `now_ms`: its deviation widened by the days
    /// since its last rated game, within the bounds.
    #[must_use]
    pub fn live(&self, perf: &Perf, now_ms: i64) -> Glicko {
        let days = perf.last_rated_ms.map_or(0.0, |at| {
            (now_ms.saturating_sub(at)).max(0) as f64 / 86_400_000.0
        });
        let widened = perf.glicko.deviation_after(days * self.periods_per_day);
        Glicko {
            deviation: widened.clamp(self.min_deviation, self.max_deviation),
            ..perf.glicko
        }
    }

    /// Both players' ratings after a rated game between `white` and
    /// `black` that White scored `white_score` in, played at `now_ms`:
    /// each game is a rating period of its own.
    ///
    /// # Errors
    /// When a stored rating is not a valid number ([`GlickoError`]).
    pub fn rate_game(
        &self,
        white: &Perf,
        black: &Perf,
        white_score: Score,
        now_ms: i64,
    ) -> Result<(Perf, Perf), GlickoError> {
        let (w, b) = (self.live(white, now_ms), self.live(black, now_ms));
        let w_next = w.after(&[(b, white_score)], self.tau, 0.0)?;
        let b_next = b.after(&[(w, white_score.reversed())], self.tau, 0.0)?;
        Ok((
            self.bounded(white, w_next, now_ms),
            self.bounded(black, b_next, now_ms),
        ))
    }

    /// `next` kept within the bounds, as the perf that follows `before`.
    fn bounded(&self, before: &Perf, next: Glicko, now_ms: i64) -> Perf {
        let from = before.glicko.rating;
        let rating = next
            .rating
            .clamp(from - self.max_change, from + self.max_change)
            .clamp(self.min_rating, self.max_rating);
        Perf {
            glicko: Glicko {
                rating,
                deviation: next.deviation.clamp(self.min_deviation, self.max_deviation),
                volatility: next.volatility.min(self.max_volatility),
            },
            games: before.games.saturating_add(1),
            last_rated_ms: Some(now_ms),
        }
    }

    /// Whether a rating is provisional (shown with `?`).
    #[must_use]
    pub fn provisional(&self, glicko: Glicko) -> bool {
        glicko.deviation >= self.provisional_deviation
    }
}

/// One category's rating of one player: the Glicko-2 numbers, the rated
/// games played in it, and when the last of them ended.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Perf {
    /// The rating.
    pub glicko: Glicko,
    /// Rated games played in the category.
    pub games: u32,
    /// When the last rated game ended (milliseconds since the Unix epoch).
    pub last_rated_ms: Option<i64>,
}

impl Perf {
    /// The rating as a whole number, as it is shown (rounded down, as
    /// lichess shows it).
    #[must_use]
    pub fn int_rating(&self) -> i32 {
        int_rating(self.glicko.rating)
    }
}

/// A rating as the whole number it is shown as.
#[must_use]
pub fn int_rating(rating: f64) -> i32 {
    if rating.is_finite() {
        rating
            .floor()
            .clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
    } else {
        0
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;

    fn perf(rating: f64, deviation: f64, volatility: f64) -> Perf {
        Perf {
            glicko: Glicko::new(rating, deviation, volatility),
            games: 10,
            last_rated_ms: None,
        }
    }

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    /// Lichess's own figures (scalachess's `GlickoCalculatorTest`): each
    /// game a rating period, no time between games.
    #[test]
    fn lichess_figures_two_new_players() {
        let s = Settings::LICHESS;
        let new = s.new_perf();
        let (w, b) = s.rate_game(&new, &new, Score::Win, 0).unwrap();
        assert!(close(w.glicko.rating, 1741.0, 1.0), "{w:?}");
        assert!(close(b.glicko.rating, 1258.0, 1.0), "{b:?}");
        assert!(close(w.glicko.deviation, 396.0, 1.0) && close(b.glicko.deviation, 396.0, 1.0));
        assert!(
            close(w.glicko.volatility, 0.089_998_3, 0.000_000_1),
            "{w:?}"
        );
        let (w, b) = s.rate_game(&new, &new, Score::Draw, 0).unwrap();
        assert!(close(w.glicko.rating, 1500.0, 1.0) && close(b.glicko.rating, 1500.0, 1.0));
        assert!(
            close(w.glicko.volatility, 0.089_995_4, 0.000_000_1),
            "{w:?}"
        );
        assert_eq!((w.games, w.last_rated_ms), (1, Some(0)));
    }

    #[test]
    fn lichess_figures_mixed_ratings() {
        let s = Settings::LICHESS;
        let (white, black) = (perf(1400.0, 79.0, 0.06), perf(1550.0, 110.0, 0.065));
        let (w, b) = s.rate_game(&white, &black, Score::Win, 0).unwrap();
        assert!(close(w.glicko.rating, 1422.0, 1.0) && close(b.glicko.rating, 1506.0, 1.0));
        assert!(close(w.glicko.deviation, 77.0, 1.0) && close(b.glicko.deviation, 105.0, 1.0));
        let (w, b) = s.rate_game(&white, &black, Score::Loss, 0).unwrap();
        assert!(close(w.glicko.rating, 1389.0, 1.0) && close(b.glicko.rating, 1568.0, 1.0));
        let (w, b) = s.rate_game(&white, &black, Score::Draw, 0).unwrap();
        assert!(close(w.glicko.rating, 1406.0, 1.0) && close(b.glicko.rating, 1537.0, 1.0));
        assert!(close(b.glicko.deviation, 105.87, 0.01), "{b:?}");

        let (white, black) = (perf(1200.0, 60.0, 0.053), perf(1850.0, 200.0, 0.062));
        let (w, b) = s.rate_game(&white, &black, Score::Win, 0).unwrap();
        assert!(close(w.glicko.rating, 1216.7, 0.1) && close(b.glicko.rating, 1636.0, 0.1));
        assert!(close(w.glicko.deviation, 59.9, 0.1) && close(b.glicko.deviation, 196.9, 0.1));
        assert!(close(w.glicko.volatility, 0.053_013, 0.000_001), "{w:?}");
        assert!(close(b.glicko.volatility, 0.062_028, 0.000_001), "{b:?}");
        let (w, b) = s.rate_game(&white, &black, Score::Draw, 0).unwrap();
        assert!(close(w.glicko.rating, 1208.0, 0.1) && close(b.glicko.rating, 1745.7, 0.1));
    }

    #[test]
    fn the_deviation_widens_with_the_days_between_games() {
        let s = Settings::LICHESS;
        let p = Perf {
            glicko: Glicko::new(1800.0, 60.0, 0.06),
            games: 100,
            last_rated_ms: Some(0),
        };
        let year = 365 * 86_400_000;
        let later = s.live(&p, year);
        // lichess chose 0.21436 periods a day so that 60 becomes about 110.
        assert!(close(later.deviation, 110.0, 2.0), "{later:?}");
        assert!(close(s.live(&p, 0).deviation, 60.0, 1e-9));
        // Never past the widest, never narrower than the narrowest.
        assert_eq!(s.live(&p, 100 * year).deviation, 500.0);
        let tight = Perf {
            glicko: Glicko::new(1800.0, 10.0, 0.06),
            ..p
        };
        assert_eq!(s.live(&tight, 0).deviation, 45.0);
    }

    #[test]
    fn bounds_hold() {
        let s = Settings::LICHESS;
        let weak = perf(400.0, 300.0, 0.09);
        let strong = perf(2400.0, 50.0, 0.06);
        let (w, _) = s.rate_game(&weak, &strong, Score::Loss, 0).unwrap();
        assert_eq!(w.glicko.rating, 400.0);
        let top = perf(3990.0, 300.0, 0.09);
        let (w, _) = s.rate_game(&top, &top, Score::Win, 0).unwrap();
        assert_eq!(w.glicko.rating, 4000.0);
        let (w, _) = s
            .rate_game(&perf(1500.0, 500.0, 0.5), &strong, Score::Win, 0)
            .unwrap();
        assert!(w.glicko.volatility <= 0.1);
        assert!(w.glicko.rating - 1500.0 <= 700.0);
    }

    #[test]
    fn categories_by_estimated_duration() {
        assert_eq!(Speed::of_clock(15, 0), Speed::UltraBullet);
        assert_eq!(Speed::of_clock(60, 0), Speed::Bullet);
        assert_eq!(Speed::of_clock(120, 1), Speed::Bullet); // 160 s
        assert_eq!(Speed::of_clock(120, 2), Speed::Blitz); // 200 s
        assert_eq!(Speed::of_clock(180, 2), Speed::Blitz); // 260 s
        assert_eq!(Speed::of_clock(300, 3), Speed::Blitz); // 420 s
        assert_eq!(Speed::of_clock(300, 5), Speed::Rapid); // 500 s
        assert_eq!(Speed::of_clock(600, 0), Speed::Rapid);
        assert_eq!(Speed::of_clock(900, 10), Speed::Rapid); // 1300 s
        assert_eq!(Speed::of_clock(1800, 0), Speed::Classical);
        assert_eq!(Speed::of_clock(5400, 30), Speed::Classical);
        assert_eq!(Speed::of_clock(21_600, 0), Speed::Correspondence);
        assert_eq!(Speed::of_clock(u64::MAX, u64::MAX), Speed::Correspondence);
        for s in Speed::ALL {
            assert_eq!(Speed::from_key(s.key()), Some(s));
        }
        assert_eq!(Speed::from_key("Blitz"), None);
    }

    #[test]
    fn provisional_and_shown_ratings() {
        let s = Settings::LICHESS;
        assert!(s.provisional(s.start));
        assert!(!s.provisional(Glicko::new(1500.0, 109.9, 0.06)));
        assert_eq!(perf(1741.9, 100.0, 0.06).int_rating(), 1741);
        assert_eq!(int_rating(f64::NAN), 0);
    }
}
