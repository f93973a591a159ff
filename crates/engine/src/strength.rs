//! Strength for people: `UCI_LimitStrength`/`UCI_Elo` from 800 to full
//! strength, `Skill Level`, and eight named levels for the user interface.
//!
//! A weak level searches shallowly, sees a noisy evaluation, and picks among
//! its best few moves with a probability that falls with how much worse a
//! move looks: its mistakes are plausible ones (a slightly worse move, a
//! missed tactic beyond its horizon), not random blunders.

use sakk::Move;

/// How a limited engine plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// Search no deeper than this.
    pub depth: i32,
    /// Search at most this many nodes.
    pub nodes: u64,
    /// Evaluation noise in centipawns (±).
    pub noise: i32,
    /// How many of the best moves are candidates.
    pub candidates: usize,
    /// The scale (centipawns) of the choice among candidates: the chance of
    /// a move falls by e for each `temperature` centipawns it is worse.
    pub temperature: i32,
}

/// The lowest Elo offered.
pub const MIN_ELO: i32 = 800;
/// The Elo from which the engine plays at full strength.
pub const MAX_ELO: i32 = 2800;

/// The handicap for an Elo rating (`None`: full strength). The mapping is
/// a first estimate; the calibration against Stockfish's `UCI_Elo` levels
/// is recorded in BENCHMARKS.md when measured.
pub fn for_elo(elo: i32) -> Option<Handicap> {
    if elo >= MAX_ELO {
        return None;
    }
    let x = (elo.clamp(MIN_ELO, MAX_ELO) - MIN_ELO) as f64 / (MAX_ELO - MIN_ELO) as f64; // 0 … 1
    Some(Handicap {
        depth: 1 + (x * 9.0).round() as i32,
        nodes: (200.0 * (1.0 + 2_000.0f64.powf(x))).round() as u64 * 10,
        noise: ((1.0 - x) * 120.0).round() as i32,
        candidates: if x < 0.5 { 4 } else { 3 },
        temperature: (10.0 + (1.0 - x) * 110.0).round() as i32,
    })
}

/// The Elo of a `Skill Level` from 0 to 20 (20 is full strength).
pub fn skill_to_elo(skill: i32) -> i32 {
    MIN_ELO + skill.clamp(0, 20) * (MAX_ELO - MIN_ELO) / 20
}

/// The eight levels of the user interface, weakest first: their Elo.
pub const LEVELS: [i32; 8] = [800, 1100, 1400, 1700, 2000, 2300, 2600, MAX_ELO];

/// Chooses among scored candidate moves (best first) for a handicap, with
/// `random` a uniform number in [0, 1).
pub fn choose(lines: &[(i32, Move)], handicap: &Handicap, random: f64) -> Option<Move> {
    let best = lines.first()?.0;
    let weights: Vec<f64> = lines
        .iter()
        .take(handicap.candidates.max(1))
        .map(|(score, _)| {
            (-(f64::from(best - score)) / f64::from(handicap.temperature.max(1))).exp()
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut pick = random * total;
    for (w, (_, m)) in weights.iter().zip(lines) {
        if pick < *w {
            return Some(*m);
        }
        pick -= w;
    }
    lines.first().map(|(_, m)| *m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weaker_levels_are_weaker() {
        let mut previous: Option<Handicap> = None;
        for elo in LEVELS {
            let h = for_elo(elo);
            if let (Some(p), Some(h)) = (previous, h) {
                assert!(h.depth >= p.depth && h.nodes >= p.nodes && h.noise <= p.noise);
            }
            previous = h;
        }
        assert!(for_elo(MAX_ELO).is_none());
        assert_eq!(skill_to_elo(20), MAX_ELO);
    }

    #[test]
    fn choice_prefers_better_moves() {
        let a = Move::normal(sakk::Square::E2, sakk::Square::E4);
        let b = Move::normal(sakk::Square::D2, sakk::Square::D4);
        let h = Handicap {
            depth: 1,
            nodes: 1,
            noise: 0,
            candidates: 2,
            temperature: 50,
        };
        let lines = [(100, a), (-400, b)];
        let picks_b = (0..100)
            .filter(|i| choose(&lines, &h, f64::from(*i) / 100.0) == Some(b))
            .count();
        assert!(
            picks_b == 0,
            "a 5-pawn worse move is practically never chosen"
        );
        let lines = [(100, a), (80, b)];
        let picks_b = (0..100)
            .filter(|i| choose(&lines, &h, f64::from(*i) / 100.0) == Some(b))
            .count();
        assert!(picks_b > 20, "a close second is chosen often: {picks_b}");
    }
}
