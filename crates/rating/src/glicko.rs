//! Glicko-2, step by step as Mark Glickman describes it in "Example of the
//! Glicko-2 system" (2012): a player's rating, rating deviation and
//! volatility after a rating period's games, on Glicko's original scale
//! (1500 at the centre). The volatility is found by the Illinois variant of
//! regula falsi, as the paper's step 5 gives it.

use std::fmt;

/// The factor between Glicko's original scale and Glicko-2's (step 2).
const SCALE: f64 = 173.7178;

/// The centre of the original scale.
const CENTRE: f64 = 1500.0;

/// ε of step 5: the volatility's iteration stops when its interval is
/// narrower than this.
const CONVERGENCE: f64 = 0.000_001;

/// The most iterations step 5 may take (it needs a few dozen at most on
/// any real rating).
const ITERATIONS: u32 = 1_000;

/// A player's strength as Glicko-2 keeps it: the rating, its deviation
/// (how uncertain the rating is, both on the original scale) and the
/// volatility (how erratic the player's results are).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Glicko {
    /// The rating (1500 at the centre of the scale).
    pub rating: f64,
    /// The rating deviation, RD.
    pub deviation: f64,
    /// The volatility, σ.
    pub volatility: f64,
}

/// What a player scored in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Score {
    /// A win: 1.
    Win,
    /// A draw: ½.
    Draw,
    /// A loss: 0.
    Loss,
}

impl Score {
    /// The score as a number: 1, ½ or 0.
    #[must_use]
    pub fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The opponent's score in the same game.
    #[must_use]
    pub fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// Why a rating could not be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlickoError {
    /// A rating, deviation, volatility or τ was not a finite number, or a
    /// deviation, volatility or τ not above zero.
    Invalid,
    /// Step 5 did not converge within its bound of iterations.
    NoConvergence,
}

impl fmt::Display for GlickoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GlickoError::Invalid => f.write_str(
                "a rating, deviation, volatility or tau is not a positive finite number",
            ),
            GlickoError::NoConvergence => {
                f.write_str("the volatility's iteration did not converge")
            }
        }
    }
}

impl std::error::Error for GlickoError {}

impl Glicko {
    /// A rating from its three numbers.
    #[must_use]
    pub const fn new(rating: f64, deviation: f64, volatility: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility,
        }
    }

    /// μ, the rating on the Glicko-2 scale (step 2).
    fn mu(self) -> f64 {
        (self.rating - CENTRE) / SCALE
    }

    /// φ, the deviation on the Glicko-2 scale (step 2).
    fn phi(self) -> f64 {
        self.deviation / SCALE
    }

    /// Whether every number is finite, and the deviation and volatility
    /// above zero.
    fn valid(self) -> bool {
        self.rating.is_finite()
            && self.deviation.is_finite()
            && self.volatility.is_finite()
            && self.deviation > 0.0
            && self.volatility > 0.0
    }

    /// The deviation after `periods` rating periods without a game (step
    /// 6 alone): √(φ² + periods·σ²), on the original scale. Fractions of a
    /// period count in proportion.
    #[must_use]
    pub fn deviation_after(self, periods: f64) -> f64 {
        let phi = self.phi();
        (phi * phi + periods.max(0.0) * self.volatility * self.volatility).sqrt() * SCALE
    }

    /// The expected score against `opponent` (E of step 3, the opponent's
    /// deviation weighing it down).
    #[must_use]
    pub fn expected_score(self, opponent: Glicko) -> f64 {
        expected(self.mu(), opponent.mu(), opponent.phi())
    }

    /// The rating after one rating period in which the player scored
    /// `results` (each against an opponent's rating as it stood at the
    /// period's start), with the system constant `tau` (τ) and
    /// `elapsed_periods` periods counted in step 6 (1 in the paper; 0 where
    /// each game is its own period and time is counted apart). A period
    /// without games only widens the deviation.
    ///
    /// # Errors
    /// [`GlickoError::Invalid`] when a number is not finite or not
    /// positive where it must be; [`GlickoError::NoConvergence`] when step
    /// 5 does not converge.
    pub fn after(
        self,
        results: &[(Glicko, Score)],
        tau: f64,
        elapsed_periods: f64,
    ) -> Result<Glicko, GlickoError> {
        let inputs_valid = self.valid()
            && tau.is_finite()
            && tau > 0.0
            && elapsed_periods.is_finite()
            && results.iter().all(|(o, _)| o.valid());
        if !inputs_valid {
            return Err(GlickoError::Invalid);
        }
        if results.is_empty() {
            return Ok(Glicko {
                deviation: self.deviation_after(elapsed_periods),
                ..self
            });
        }
        let (mu, phi, sigma) = (self.mu(), self.phi(), self.volatility);
        // Step 3: the estimated variance v of the rating from the games.
        // Step 4: the improvement Δ the games suggest (v × `sum`).
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in results {
            let g = weight(opponent.phi());
            let e = expected(mu, opponent.mu(), opponent.phi());
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (score.value() - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = volatility(delta, phi, v, sigma, tau)?;
        // Step 6: the deviation grown by the periods; step 7: the new
        // deviation and rating.
        let phi_star = (phi * phi + elapsed_periods.max(0.0) * sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        let next = Glicko {
            rating: mu * SCALE + CENTRE,
            deviation: phi * SCALE,
            volatility: sigma,
        };
        if next.valid() {
            Ok(next)
        } else {
            Err(GlickoError::Invalid)
        }
    }
}

/// g(φ) of step 3: how much an opponent's uncertain rating counts.
fn weight(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// E(μ, μⱼ, φⱼ) of step 3.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-weight(phi_j) * (mu - mu_j)).exp())
}

/// Step 5: σ′, the root of f by the Illinois algorithm.
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> Result<f64, GlickoError> {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
            if k > f64::from(ITERATIONS) {
                return Err(GlickoError::NoConvergence);
            }
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    let mut iterations = 0;
    while (big_b - big_a).abs() > CONVERGENCE {
        iterations += 1;
        if iterations > ITERATIONS || !(f_a.is_finite() && f_b.is_finite()) {
            return Err(GlickoError::NoConvergence);
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    Ok((big_a / 2.0).exp())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;

    fn close(a: f64, b: f64, within: f64) -> bool {
        (a - b).abs() <= within
    }

    /// The worked example of Glickman's paper: a 1500 (RD 200, σ 0.06)
    /// player beats a 1400 (30), loses to a 1550 (100) and to a 1700
    /// (300), τ = 0.5.
    #[test]
    fn glickmans_worked_example() {
        let player = Glicko::new(1500.0, 200.0, 0.06);
        let games = [
            (Glicko::new(1400.0, 30.0, 0.06), Score::Win),
            (Glicko::new(1550.0, 100.0, 0.06), Score::Loss),
            (Glicko::new(1700.0, 300.0, 0.06), Score::Loss),
        ];
        let next = player.after(&games, 0.5, 1.0).unwrap();
        // The paper, to its 4 decimals: μ′ = −0.2069, φ′ = 0.8722,
        // σ′ = 0.05999 (0.059996 cut short); so r′ = 1464.06 and RD′ = 151.52. (It converts its
        // rounded μ′ back: unrounded, r′ is 1464.0507.)
        assert!(close(next.mu(), -0.2069, 0.00005), "{next:?}");
        assert!(close(next.phi(), 0.8722, 0.00005), "{next:?}");
        assert!(close(next.volatility, 0.05999, 0.00001), "{next:?}");
        assert!(close(next.rating, 1464.06, 0.01), "{next:?}");
        assert!(close(next.deviation, 151.52, 0.005), "{next:?}");
    }

    /// The paper's intermediate quantities: v = 1.7785, Δ = −0.4834 (the
    /// paper's Δ is from its rounded g and E; from the same inputs
    /// unrounded, −0.4839).
    #[test]
    fn the_papers_intermediate_steps() {
        let (mu, phi) = (0.0, 200.0 / SCALE);
        let opponents = [
            (-0.5756, 0.1727, 1.0),
            (0.2878, 0.5756, 0.0),
            (1.1513, 1.7269, 0.0),
        ];
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (mu_j, phi_j, s) in opponents {
            let g = weight(phi_j);
            let e = expected(mu, mu_j, phi_j);
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (s - e);
        }
        let v = 1.0 / inverse_v;
        assert!(close(v, 1.7785, 0.0005), "{v}");
        assert!(close(v * sum, -0.4834, 0.0006), "{}", v * sum);
        let sigma = volatility(v * sum, phi, v, 0.06, 0.5).unwrap();
        assert!(close(sigma, 0.05999, 0.00001), "{sigma}");
    }

    #[test]
    fn a_period_without_games_only_widens_the_deviation() {
        let player = Glicko::new(1500.0, 200.0, 0.06);
        let next = player.after(&[], 0.5, 1.0).unwrap();
        assert_eq!(next.rating, 1500.0);
        assert_eq!(next.volatility, 0.06);
        // √(φ² + σ²) on the original scale: 200.2714.
        assert!(close(next.deviation, 200.2714, 0.0005), "{next:?}");
    }

    #[test]
    fn invalid_numbers_are_refused_not_computed() {
        let player = Glicko::new(1500.0, 200.0, 0.06);
        let nan = Glicko::new(f64::NAN, 100.0, 0.06);
        assert_eq!(
            player.after(&[(nan, Score::Win)], 0.5, 1.0),
            Err(GlickoError::Invalid)
        );
        let zero = Glicko::new(1500.0, 0.0, 0.06);
        assert_eq!(
            zero.after(&[(player, Score::Win)], 0.5, 1.0),
            Err(GlickoError::Invalid)
        );
        assert_eq!(
            player.after(&[(player, Score::Win)], 0.0, 1.0),
            Err(GlickoError::Invalid)
        );
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers_and_equals_draw_level() {
        let a = Glicko::new(1500.0, 100.0, 0.06);
        let won = a.after(&[(a, Score::Win)], 0.75, 0.0).unwrap();
        let lost = a.after(&[(a, Score::Loss)], 0.75, 0.0).unwrap();
        let drew = a.after(&[(a, Score::Draw)], 0.75, 0.0).unwrap();
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!(close(won.rating - 1500.0, 1500.0 - lost.rating, 1e-9));
        assert!(close(drew.rating, 1500.0, 1e-9));
        assert!(won.deviation < 100.0);
        assert!(close(a.expected_score(a), 0.5, 1e-12));
    }
}
