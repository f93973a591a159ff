//! The lobby as stored (the migration `0013_lobby.sql`): the seeks and the
//! pools' waiting players. A row lives while its holder pushes its
//! `expires_at` forward; whoever takes a row takes it by a conditional
//! DELETE, so that of many takers racing (on one node or several) exactly
//! one gets it.

use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::Row;

use super::{named, Store, StoreError};

/// The colour a seeker asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum SeekColor {
    /// White.
    White,
    /// Black.
    Black,
    /// Drawn when the game is made.
    Random,
}

impl SeekColor {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            SeekColor::White => "white",
            SeekColor::Black => "black",
            SeekColor::Random => "random",
        }
    }

    /// The colour of a stored (or asked-for) name.
    pub fn parse(name: &str) -> Option<SeekColor> {
        [SeekColor::White, SeekColor::Black, SeekColor::Random]
            .into_iter()
            .find(|c| c.as_str() == name)
    }
}

/// A seek as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Its id.
    pub id: String,
    /// The seeker's account id.
    pub user_id: String,
    /// The seeker's name as written.
    pub user_name: String,
    /// The seeker's title.
    pub user_title: Option<String>,
    /// Rated, or casual.
    pub rated: bool,
    /// The clock's initial time, seconds.
    pub clock_limit: i64,
    /// The clock's increment, seconds.
    pub clock_increment: i64,
    /// The colour the seeker asked for.
    pub color: SeekColor,
    /// The seeker's rating in the seek's category when it was made.
    pub rating: i64,
    /// Whether that rating was provisional.
    pub provisional: bool,
    /// The lowest rating an opponent may have.
    pub rating_min: Option<i64>,
    /// The highest rating an opponent may have.
    pub rating_max: Option<i64>,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When it is gone unless its holder pushes this forward.
    pub expires_at: i64,
}

fn seek(r: &AnyRow) -> Result<SeekRow, sqlx::Error> {
    Ok(SeekRow {
        id: r.try_get("id")?,
        user_id: r.try_get("user_id")?,
        user_name: r.try_get("user_name")?,
        user_title: r.try_get("user_title")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        clock_limit: r.try_get("clock_limit")?,
        clock_increment: r.try_get("clock_increment")?,
        color: named(r, "color", SeekColor::parse)?,
        rating: r.try_get("rating")?,
        provisional: r.try_get::<i64, _>("provisional")? != 0,
        rating_min: r.try_get("rating_min")?,
        rating_max: r.try_get("rating_max")?,
        created_at: r.try_get("created_at")?,
        expires_at: r.try_get("expires_at")?,
    })
}

/// A player waiting in a pool, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberRow {
    /// The membership's id (a new one each time the player joins).
    pub id: String,
    /// The pool's id (`3+2`).
    pub pool: String,
    /// The account id.
    pub user_id: String,
    /// The player's rating in the pool's category when it joined.
    pub rating: i64,
    /// Milliseconds since the Unix epoch.
    pub joined_at: i64,
    /// When it is gone unless its holder pushes this forward.
    pub expires_at: i64,
}

fn member(r: &AnyRow) -> Result<MemberRow, sqlx::Error> {
    Ok(MemberRow {
        id: r.try_get("id")?,
        pool: r.try_get("pool")?,
        user_id: r.try_get("user_id")?,
        rating: r.try_get("rating")?,
        joined_at: r.try_get("joined_at")?,
        expires_at: r.try_get("expires_at")?,
    })
}

impl Store {
    /// Stores a new seek.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was stored.
    pub async fn insert_seek(&self, s: &SeekRow) -> Result<(), StoreError> {
        self.injected_failure()?;
        sqlx::query(
            "INSERT INTO seeks (id, user_id, user_name, user_title, rated, clock_limit, \
             clock_increment, color, rating, provisional, rating_min, rating_max, created_at, \
             expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(&s.id)
        .bind(&s.user_id)
        .bind(&s.user_name)
        .bind(&s.user_title)
        .bind(i64::from(s.rated))
        .bind(s.clock_limit)
        .bind(s.clock_increment)
        .bind(s.color.as_str())
        .bind(s.rating)
        .bind(i64::from(s.provisional))
        .bind(s.rating_min)
        .bind(s.rating_max)
        .bind(s.created_at)
        .bind(s.expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The seeks alive at `now`, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn seeks(&self, now: i64) -> Result<Vec<SeekRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM seeks WHERE expires_at > $1 ORDER BY created_at, id")
            .bind(now)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(seek)
            .collect()
    }

    /// A seek alive at `now`.
    ///
    /// # Errors
    /// A database error.
    pub async fn seek(&self, id: &str, now: i64) -> Result<Option<SeekRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM seeks WHERE id = $1 AND expires_at > $2")
            .bind(id)
            .bind(now)
            .fetch_optional(&self.pool)
            .await?
            .as_ref()
            .map(seek)
            .transpose()
    }

    /// How many seeks of an account are alive at `now`.
    ///
    /// # Errors
    /// A database error.
    pub async fn count_seeks(&self, user: &str, now: i64) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT COUNT(*) AS n FROM seeks WHERE user_id = $1 AND expires_at > $2")
            .bind(user)
            .bind(now)
            .fetch_one(&self.pool)
            .await?
            .try_get("n")
    }

    /// Pushes a seek's end to `expires_at`; `Ok(false)`: it is gone
    /// (taken, or lapsed).
    ///
    /// # Errors
    /// A database error.
    pub async fn refresh_seek(
        &self,
        id: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done =
            sqlx::query("UPDATE seeks SET expires_at = $1 WHERE id = $2 AND expires_at > $3")
                .bind(expires_at)
                .bind(id)
                .bind(now)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes a seek alive at `now` out of the lobby and answers it; `None`
    /// when it was not there (gone, or taken by another). Of many racing,
    /// one gets it.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn take_seek(&self, id: &str, now: i64) -> Result<Option<SeekRow>, StoreError> {
        self.injected_failure()?;
        Ok(
            sqlx::query("DELETE FROM seeks WHERE id = $1 AND expires_at > $2 RETURNING *")
                .bind(id)
                .bind(now)
                .fetch_optional(&self.pool)
                .await?
                .as_ref()
                .map(seek)
                .transpose()?,
        )
    }

    /// Takes `user` out of the lobby: their seeks (whose ids it answers)
    /// and their pool waits.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn leave_lobby(&self, user: &str) -> Result<Vec<String>, StoreError> {
        retried(|| async {
            let mut tx = self.pool.begin().await?;
            let (seeks, _) = leave_in(&mut tx, user, user).await?;
            tx.commit().await?;
            Ok(seeks.into_iter().map(|s| s.id).collect())
        })
        .await
    }

    /// Takes seek `id`, alive at `now`, out of the lobby for a game
    /// between its seeker and `taker`, and with it every other seek and
    /// pool wait of both, in one transaction: of two accepts of two seeks
    /// of one player, or an accept and a pool's pairing of that player,
    /// one wins. Answers the seek and the other seeks' ids; `None` when
    /// the seek was not there (gone, or taken by another).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn take_seek_for(
        &self,
        id: &str,
        now: i64,
        taker: &str,
    ) -> Result<Option<(SeekRow, Vec<String>)>, StoreError> {
        self.injected_failure()?;
        retried(|| async {
            let Some(seeker) =
                sqlx::query("SELECT user_id FROM seeks WHERE id = $1 AND expires_at > $2")
                    .bind(id)
                    .bind(now)
                    .fetch_optional(&self.pool)
                    .await?
                    .map(|r| r.try_get::<String, _>("user_id"))
                    .transpose()?
            else {
                return Ok(None);
            };
            let mut tx = self.pool.begin().await?;
            let (taken, _) = leave_in(&mut tx, &seeker, taker).await?;
            let others = taken
                .iter()
                .filter(|s| s.id != id)
                .map(|s| s.id.clone())
                .collect();
            match taken.into_iter().find(|s| s.id == id && s.expires_at > now) {
                Some(seek) => {
                    tx.commit().await?;
                    Ok(Some((seek, others)))
                }
                None => {
                    tx.rollback().await?;
                    Ok(None)
                }
            }
        })
        .await
    }

    /// Takes the seeks that lapsed by `now` out (their ids).
    ///
    /// # Errors
    /// A database error.
    pub async fn sweep_seeks(&self, now: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query("DELETE FROM seeks WHERE expires_at <= $1 RETURNING id")
            .bind(now)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect()
    }

    /// Puts a player into a pool, in place of any earlier wait of theirs
    /// (in this pool or another: one waits in one pool at a time, as on
    /// lichess).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn join_pool(&self, m: &MemberRow) -> Result<(), StoreError> {
        self.injected_failure()?;
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM pool_members WHERE user_id = $1")
            .bind(&m.user_id)
            .execute(&mut *tx)
            .await?;
        insert_member(&mut tx, m).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Pushes a membership's end to `expires_at`; `Ok(false)`: it is gone
    /// (paired, replaced, or lapsed).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn refresh_member(
        &self,
        id: &str,
        now: i64,
        expires_at: i64,
    ) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done = sqlx::query(
            "UPDATE pool_members SET expires_at = $1 WHERE id = $2 AND expires_at > $3",
        )
        .bind(expires_at)
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Takes a membership out (its player left).
    ///
    /// # Errors
    /// A database error.
    pub async fn leave_pool(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM pool_members WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Takes out the waits that lapsed by `now` (the pools' wave does,
    /// before it reads them).
    ///
    /// # Errors
    /// A database error.
    pub async fn sweep_members(&self, now: i64) -> Result<(), sqlx::Error> {
        sqlx::query("DELETE FROM pool_members WHERE expires_at <= $1")
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The players waiting in the pools at `now`.
    ///
    /// # Errors
    /// A database error.
    pub async fn pool_members(&self, now: i64) -> Result<Vec<MemberRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM pool_members WHERE expires_at > $1 ORDER BY joined_at, id")
            .bind(now)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(member)
            .collect()
    }

    /// Takes two waiting players out of the pools to pair them, and with
    /// them their seeks (whose ids it answers): both, or neither (`None`:
    /// one was gone, taken by another pairing or a seek's game, or left).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn take_pair(
        &self,
        a: &MemberRow,
        b: &MemberRow,
    ) -> Result<Option<Vec<String>>, StoreError> {
        self.injected_failure()?;
        retried(|| async {
            let mut tx = self.pool.begin().await?;
            let (seeks, waits) = leave_in(&mut tx, &a.user_id, &b.user_id).await?;
            if waits.contains(&a.id) && waits.contains(&b.id) {
                tx.commit().await?;
                Ok(Some(seeks.into_iter().map(|s| s.id).collect()))
            } else {
                tx.rollback().await?;
                Ok(None)
            }
        })
        .await
    }

    /// Puts back players taken for a pairing whose game could not be
    /// made.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn put_back(&self, members: &[MemberRow]) -> Result<(), StoreError> {
        for m in members {
            // One at a time, and not over a wait the player began since.
            sqlx::query(
                "INSERT INTO pool_members (id, pool, user_id, rating, joined_at, expires_at) \
                 SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS \
                 (SELECT 1 FROM pool_members WHERE user_id = $3)",
            )
            .bind(&m.id)
            .bind(&m.pool)
            .bind(&m.user_id)
            .bind(m.rating)
            .bind(m.joined_at)
            .bind(m.expires_at)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }

    /// Puts back a seek taken for a game that could not be made.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn put_back_seek(&self, s: &SeekRow) -> Result<(), StoreError> {
        self.insert_seek(s).await
    }
}

/// Takes the seeks and pool waits of `a` and `b` (the same, for one
/// player) out inside `tx`: the seeks first, then the waits, each in one
/// statement, so that every claim locks rows in the same order. Answers
/// the seeks taken and the ids of the waits taken.
async fn leave_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    a: &str,
    b: &str,
) -> Result<(Vec<SeekRow>, Vec<String>), sqlx::Error> {
    let seeks = sqlx::query("DELETE FROM seeks WHERE user_id = $1 OR user_id = $2 RETURNING *")
        .bind(a)
        .bind(b)
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(seek)
        .collect::<Result<Vec<_>, _>>()?;
    let waits =
        sqlx::query("DELETE FROM pool_members WHERE user_id = $1 OR user_id = $2 RETURNING id")
            .bind(a)
            .bind(b)
            .fetch_all(&mut **tx)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<Vec<String>, _>>()?;
    Ok((seeks, waits))
}

/// Runs `claim` again when the database broke a deadlock by failing it
/// (PostgreSQL's `40P01`; two claims of rows in different orders), at most
/// three times.
async fn retried<T, F, Fut>(mut claim: F) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, sqlx::Error>>,
{
    let mut tries = 0;
    loop {
        match claim().await {
            Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("40P01") && tries < 3 => {
                tries += 1;
            }
            other => return Ok(other?),
        }
    }
}

async fn insert_member(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    m: &MemberRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO pool_members (id, pool, user_id, rating, joined_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&m.id)
    .bind(&m.pool)
    .bind(&m.user_id)
    .bind(m.rating)
    .bind(m.joined_at)
    .bind(m.expires_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
