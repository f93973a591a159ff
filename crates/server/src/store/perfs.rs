//! Ratings as stored (the migration `0011_ratings.sql`): each account's
//! rating per speed category, the history of its changes, and a rated
//! game's changes written once, in one transaction with both players'
//! new ratings.

use sakk_rating::{Glicko, Perf, Speed};
use sqlx::Row;

use super::{Store, StoreError};

/// An account's games counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Every game.
    pub all: i64,
    /// The rated ones.
    pub rated: i64,
    /// Won.
    pub win: i64,
    /// Lost.
    pub loss: i64,
    /// Drawn.
    pub draw: i64,
    /// In play now.
    pub playing: i64,
}

/// What writing a game's ratings came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// Written.
    Done,
    /// The game's ratings were written before (by this node or another).
    Already,
    /// A player's rating changed since it was read (another of their
    /// games was rated meanwhile): nothing was written; read it again.
    Moved,
}

/// A rated game's result for the ratings: both players' new ratings and
/// the changes shown (whole points).
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    /// The game.
    pub game_id: String,
    /// Its category.
    pub speed: Speed,
    /// White's account and new rating.
    pub white: (String, Perf),
    /// Black's account and new rating.
    pub black: (String, Perf),
    /// The changes shown: White's, Black's.
    pub diffs: (i64, i64),
    /// The rated games each player had in the category when their rating
    /// was read (`None`: none stored): each new rating is written only
    /// over that one.
    pub before: (Option<u32>, Option<u32>),
}

/// A rating from its row.
fn perf_of(r: &sqlx::any::AnyRow) -> Result<Perf, sqlx::Error> {
    let games: i64 = r.try_get("games")?;
    Ok(Perf {
        glicko: Glicko::new(
            r.try_get("rating")?,
            r.try_get("deviation")?,
            r.try_get("volatility")?,
        ),
        games: u32::try_from(games).unwrap_or(u32::MAX),
        last_rated_ms: r.try_get("last_rated_at")?,
    })
}

impl Store {
    /// An account's rating in a category, if it has played a rated game
    /// in it.
    ///
    /// # Errors
    /// A database error.
    pub async fn perf(&self, user: &str, speed: Speed) -> Result<Option<Perf>, sqlx::Error> {
        let Some(r) = sqlx::query("SELECT * FROM perfs WHERE user_id = $1 AND speed = $2")
            .bind(user)
            .bind(speed.key())
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        perf_of(&r).map(Some)
    }

    /// An account's ratings in every category it has played rated games in.
    ///
    /// # Errors
    /// A database error.
    pub async fn perfs(&self, user: &str) -> Result<Vec<(Speed, Perf)>, sqlx::Error> {
        let rows = sqlx::query("SELECT * FROM perfs WHERE user_id = $1")
            .bind(user)
            .fetch_all(&self.pool)
            .await?;
        let mut out = Vec::new();
        for r in &rows {
            let key: String = r.try_get("speed")?;
            if let Some(speed) = Speed::from_key(&key) {
                out.push((speed, perf_of(r)?));
            }
        }
        out.sort_by_key(|(speed, _)| *speed);
        Ok(out)
    }

    /// Writes a rated game's ratings, once, each player's new rating only
    /// over the one it was computed from (two games of one player ending
    /// together are rated one after the other, never over each other).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was written.
    pub async fn write_ratings(&self, rated: &Rated) -> Result<Written, StoreError> {
        self.injected_failure()?;
        let mut tx = self.pool.begin().await?;
        let claimed = sqlx::query(
            "UPDATE games SET white_rating_diff = $1, black_rating_diff = $2 \
             WHERE id = $3 AND white_rating_diff IS NULL",
        )
        .bind(rated.diffs.0)
        .bind(rated.diffs.1)
        .bind(&rated.game_id)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            return Ok(Written::Already);
        }
        let sides = [
            (&rated.white, rated.before.0),
            (&rated.black, rated.before.1),
        ];
        for ((user, perf), before) in sides {
            let moved = match before {
                Some(games) => {
                    let done = sqlx::query(
                        "UPDATE perfs SET rating = $1, deviation = $2, volatility = $3, \
                         games = $4, last_rated_at = $5 \
                         WHERE user_id = $6 AND speed = $7 AND games = $8",
                    )
                    .bind(perf.glicko.rating)
                    .bind(perf.glicko.deviation)
                    .bind(perf.glicko.volatility)
                    .bind(i64::from(perf.games))
                    .bind(perf.last_rated_ms)
                    .bind(user)
                    .bind(rated.speed.key())
                    .bind(i64::from(games))
                    .execute(&mut *tx)
                    .await?;
                    done.rows_affected() != 1
                }
                None => {
                    let exists =
                        sqlx::query("SELECT 1 AS one FROM perfs WHERE user_id = $1 AND speed = $2")
                            .bind(user)
                            .bind(rated.speed.key())
                            .fetch_optional(&mut *tx)
                            .await?
                            .is_some();
                    // Inserted by another game meanwhile (the key taken):
                    // moved, as when it was there.
                    exists
                        || match sqlx::query(
                            "INSERT INTO perfs (user_id, speed, rating, deviation, volatility, games, last_rated_at) \
                             VALUES ($1, $2, $3, $4, $5, $6, $7)",
                        )
                        .bind(user)
                        .bind(rated.speed.key())
                        .bind(perf.glicko.rating)
                        .bind(perf.glicko.deviation)
                        .bind(perf.glicko.volatility)
                        .bind(i64::from(perf.games))
                        .bind(perf.last_rated_ms)
                        .execute(&mut *tx)
                        .await
                        {
                            Ok(_) => false,
                            Err(e) if super::accounts::is_unique_violation(&e) => true,
                            Err(e) => return Err(e.into()),
                        }
                }
            };
            if moved {
                return Ok(Written::Moved);
            }
            sqlx::query(
                "INSERT INTO rating_history (user_id, speed, game_id, at, rating, deviation) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(user)
            .bind(rated.speed.key())
            .bind(&rated.game_id)
            .bind(perf.last_rated_ms.unwrap_or(0))
            .bind(perf.glicko.rating)
            .bind(perf.glicko.deviation)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Written::Done)
    }

    /// Rated games between accounts that ended with a result after a move
    /// by each side and are not rated yet (their rating failed, or the
    /// node stopped first), oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn unrated_games(&self, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE rated = 1 AND status = 'ended' \
             AND white_rating_diff IS NULL AND result IN ('1-0', '0-1', '1/2-1/2') \
             AND white_user IS NOT NULL AND black_user IS NOT NULL \
             AND EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id AND moves.ply = 1) \
             ORDER BY updated_at, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// A game's rating changes (White's, Black's), once written.
    ///
    /// # Errors
    /// A database error.
    pub async fn rating_diffs(&self, game_id: &str) -> Result<Option<(i64, i64)>, sqlx::Error> {
        let Some(r) =
            sqlx::query("SELECT white_rating_diff, black_rating_diff FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?
        else {
            return Ok(None);
        };
        let w: Option<i64> = r.try_get("white_rating_diff")?;
        let b: Option<i64> = r.try_get("black_rating_diff")?;
        Ok(w.zip(b))
    }

    /// An account's games counted: all, rated, won, lost, drawn, in play.
    ///
    /// # Errors
    /// A database error.
    pub async fn game_counts(&self, user: &str) -> Result<GameCounts, sqlx::Error> {
        let r = sqlx::query(
            "SELECT COUNT(*) AS n, \
             COALESCE(SUM(CASE WHEN rated = 1 THEN 1 ELSE 0 END), 0) AS rated, \
             COALESCE(SUM(CASE WHEN (white_user = $1 AND result = '1-0') \
               OR (black_user = $1 AND result = '0-1') THEN 1 ELSE 0 END), 0) AS win, \
             COALESCE(SUM(CASE WHEN (white_user = $1 AND result = '0-1') \
               OR (black_user = $1 AND result = '1-0') THEN 1 ELSE 0 END), 0) AS loss, \
             COALESCE(SUM(CASE WHEN result = '1/2-1/2' THEN 1 ELSE 0 END), 0) AS draw, \
             COALESCE(SUM(CASE WHEN status <> 'ended' THEN 1 ELSE 0 END), 0) AS playing \
             FROM games WHERE white_user = $1 OR black_user = $1",
        )
        .bind(user)
        .fetch_one(&self.pool)
        .await?;
        Ok(GameCounts {
            all: r.try_get("n")?,
            rated: r.try_get("rated")?,
            win: r.try_get("win")?,
            loss: r.try_get("loss")?,
            draw: r.try_get("draw")?,
            playing: r.try_get("playing")?,
        })
    }

    /// An account's ratings after each rated game: category, when
    /// (milliseconds since the Unix epoch), rating; oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn rating_history(&self, user: &str) -> Result<Vec<(Speed, i64, f64)>, sqlx::Error> {
        sqlx::query(
            "SELECT speed, at, rating FROM rating_history WHERE user_id = $1 ORDER BY at, game_id",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok((
                super::named(r, "speed", Speed::from_key)?,
                r.try_get("at")?,
                r.try_get("rating")?,
            ))
        })
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::game;
    use crate::store::{Change, Commit, MoveRow, UserRow};
    use crate::wire::{PgnResult, Status};
    use sakk_rating::Settings;

    fn user(id: &str) -> UserRow {
        UserRow {
            id: id.to_string(),
            name: id.to_string(),
            password: String::new(),
            created_at: 0,
            closed_at: None,
            title: None,
        }
    }

    /// A rated game that ended and is not rated yet is found, rated once,
    /// and then no longer found.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_game_is_rated_once_and_the_catch_up_finds_only_the_unrated() {
        let dir = std::env::temp_dir().join(format!("sakk-perfs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        let url = format!("sqlite://{}", dir.join("t.db").display());
        let store = match Store::open(&url).await {
            Ok(store) => store,
            Err(e) => panic!("{url}: {e}"),
        };
        for id in ["anna", "bela"] {
            assert!(matches!(store.insert_user(&user(id)).await, Ok(true)));
        }
        let mut row = game("g1");
        row.white_user = Some("anna".to_string());
        row.black_user = Some("bela".to_string());
        row.rated = true;
        let insert = Commit {
            row: row.clone(),
            change: Change::Insert,
            inserts: Vec::new(),
            move_only: false,
        };
        assert!(store.commit(insert).await.is_ok());
        for ply in 0..2 {
            row.version += 1;
            if ply == 1 {
                row.status = Status::Ended;
                row.result = Some(PgnResult::WhiteWins);
            }
            let mv = MoveRow {
                ply,
                uci: "a1a2".to_string(),
                offer: false,
                declared: false,
                white_ms: None,
                black_ms: None,
            };
            let commit = Commit {
                row: row.clone(),
                change: Change::Move(mv),
                inserts: Vec::new(),
                move_only: false,
            };
            assert!(store.commit(commit).await.is_ok());
        }
        assert_eq!(
            store.unrated_games(10).await.ok(),
            Some(vec!["g1".to_string()])
        );
        let s = Settings::LICHESS;
        let Ok((w, b)) = s.rate_game(&s.new_perf(), &s.new_perf(), sakk_rating::Score::Win, 5)
        else {
            panic!("rating");
        };
        let rated = Rated {
            game_id: "g1".to_string(),
            speed: Speed::Blitz,
            white: ("anna".to_string(), w),
            black: ("bela".to_string(), b),
            diffs: (241, -242),
            before: (None, None),
        };
        // Computed from a rating that has changed since: nothing written.
        let stale = Rated {
            before: (Some(3), None),
            ..rated.clone()
        };
        assert_eq!(store.write_ratings(&stale).await.ok(), Some(Written::Moved));
        assert_eq!(store.rating_diffs("g1").await.ok(), Some(None));
        assert_eq!(store.write_ratings(&rated).await.ok(), Some(Written::Done));
        assert_eq!(
            store.write_ratings(&rated).await.ok(),
            Some(Written::Already),
            "once"
        );
        assert_eq!(store.unrated_games(10).await.ok(), Some(Vec::new()));
        assert_eq!(store.rating_diffs("g1").await.ok(), Some(Some((241, -242))));
        let anna = store.perf("anna", Speed::Blitz).await.ok().flatten();
        assert_eq!(anna.map(|p| (p.int_rating(), p.games)), Some((1741, 1)));
        assert_eq!(store.perf("anna", Speed::Rapid).await.ok(), Some(None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
