//! Match statistics: score, Elo difference with a 95% interval, and the
//! sequential probability ratio test (the normal approximation used by
//! fishtest's GSPRT).

/// Wins, draws and losses of the first engine.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The Elo difference for a score fraction.
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score for an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Score {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction.
    pub fn fraction(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n
    }

    /// The variance of one game's score.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let x = self.fraction();
        (f64::from(self.wins) * (1.0 - x).powi(2)
            + f64::from(self.draws) * (0.5 - x).powi(2)
            + f64::from(self.losses) * x.powi(2))
            / n
    }

    /// The Elo difference and its 95% interval (low, high).
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let x = self.fraction();
        let margin = 1.959_964 * (self.variance() / n).sqrt();
        (elo_of(x), elo_of(x - margin), elo_of(x + margin))
    }

    /// The log-likelihood ratio of H1 (Elo = `elo1`) against H0 (Elo =
    /// `elo0`).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = f64::from(self.games());
        let var = self.variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        let x = self.fraction();
        n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * var)
    }
}

/// An SPRT: the hypotheses and the error rates.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted.
    H1,
    /// H0 accepted.
    H0,
    /// Keep playing.
    Continue,
}

impl Sprt {
    /// Reads `elo0=0 elo1=10 [alpha=0.05] [beta=0.05]`.
    pub fn parse(text: &str) -> Option<Sprt> {
        let mut sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for word in text.split_whitespace() {
            let (k, v) = word.split_once('=')?;
            let v: f64 = v.parse().ok()?;
            match k {
                "elo0" => sprt.elo0 = v,
                "elo1" => sprt.elo1 = v,
                "alpha" => sprt.alpha = v,
                "beta" => sprt.beta = v,
                _ => return None,
            }
        }
        let ok = sprt.elo1 > sprt.elo0
            && (0.0..0.5).contains(&sprt.alpha)
            && (0.0..0.5).contains(&sprt.beta)
            && sprt.alpha > 0.0
            && sprt.beta > 0.0;
        ok.then_some(sprt)
    }

    /// The lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for a score.
    pub fn verdict(&self, score: &Score) -> Verdict {
        let llr = score.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_sprt() {
        let even = Score {
            wins: 50,
            draws: 100,
            losses: 50,
        };
        let (elo, lo, hi) = even.elo();
        assert!(elo.abs() < 1e-9 && lo < 0.0 && hi > 0.0);
        let strong = Score {
            wins: 150,
            draws: 40,
            losses: 10,
        };
        assert!(strong.elo().0 > 200.0);
        let sprt = Sprt::parse("elo0=0 elo1=10").unwrap_or(Sprt {
            elo0: 0.0,
            elo1: 0.0,
            alpha: 0.0,
            beta: 0.0,
        });
        assert_eq!(sprt.verdict(&strong), Verdict::H1);
        let weak = Score {
            wins: 10,
            draws: 40,
            losses: 150,
        };
        assert_eq!(sprt.verdict(&weak), Verdict::H0);
        assert_eq!(
            sprt.verdict(&Score {
                wins: 3,
                draws: 4,
                losses: 3
            }),
            Verdict::Continue
        );
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944).abs() < 0.01 && (upper - 2.944).abs() < 0.01);
        assert!(Sprt::parse("elo0=10 elo1=0").is_none());
    }
}
