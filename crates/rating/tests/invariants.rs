//! What holds for every rated game, over random ratings: a win never
//! lowers a rating and a loss never raises it, the two players' changes
//! go opposite ways, and every number stays within lichess's bounds.

use proptest::prelude::*;
use sakk_rating::{Glicko, Perf, Score, Settings};

fn perf() -> impl Strategy<Value = Perf> {
    (400.0..3200.0f64, 45.0..500.0f64, 0.01..0.1f64, 0u32..5000).prop_map(|(r, d, v, games)| Perf {
        glicko: Glicko::new(r, d, v),
        games,
        last_rated_ms: None,
    })
}

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![Just(Score::Win), Just(Score::Draw), Just(Score::Loss)]
}

proptest! {
    #[test]
    fn a_rated_game_moves_ratings_the_right_way(white in perf(), black in perf(), s in score()) {
        let lichess = Settings::LICHESS;
        let rated = lichess.rate_game(&white, &black, s, 1_000);
        prop_assert!(rated.is_ok(), "{rated:?}");
        let Ok((w, b)) = rated else { return Ok(()) };
        let (dw, db) = (w.glicko.rating - white.glicko.rating, b.glicko.rating - black.glicko.rating);
        match s {
            Score::Win => prop_assert!(dw >= 0.0 && db <= 0.0, "{dw} {db}"),
            Score::Loss => prop_assert!(dw <= 0.0 && db >= 0.0, "{dw} {db}"),
            Score::Draw => prop_assert!(dw * db <= 0.0, "{dw} {db}"),
        }
        for (before, after) in [(white, w), (black, b)] {
            prop_assert!((400.0..=4000.0).contains(&after.glicko.rating));
            prop_assert!((after.glicko.rating - before.glicko.rating).abs() <= 700.0 + 1e-9);
            prop_assert!((45.0..=500.0).contains(&after.glicko.deviation));
            prop_assert!(after.glicko.deviation <= before.glicko.deviation + 1e-9);
            prop_assert!(after.glicko.volatility > 0.0 && after.glicko.volatility <= 0.1);
            prop_assert_eq!(after.games, before.games + 1);
            prop_assert_eq!(after.last_rated_ms, Some(1_000));
        }
    }
}
