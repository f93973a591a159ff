//! Open challenges as stored (the migration `0014_open_challenges.sql`):
//! one row each. Its first player is set by a conditional UPDATE (only
//! while none is), its end likewise (only while `created`), so that of
//! players racing to join, on one node or several, one is first and one
//! makes the game.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{Control, SeekColor, Store, StoreError};

/// An open challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenChallengeRow {
    /// Its id.
    pub id: String,
    /// The account that made it (none: made without one).
    pub creator: Option<String>,
    /// The name shown on its page.
    pub name: Option<String>,
    /// Rated, or casual.
    pub rated: bool,
    /// The clock or days a move (none: no clock).
    pub control: Option<Control>,
    /// The start position (none: the usual one).
    pub initial_fen: Option<String>,
    /// Standard chess or Chess960 (its start position is `initial_fen`).
    pub variant: crate::wire::Variant,
    /// The accounts it is reserved for, White's and Black's.
    pub reserved: Option<(String, String)>,
    /// The first account that joined, and the colour it asked for.
    pub first: Option<(String, SeekColor)>,
    /// `created`, `accepted`, `canceled`.
    pub status: String,
    /// The game, once made.
    pub game_id: Option<String>,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When it lapses if no game is made.
    pub expires_at: i64,
}

fn open_challenge(r: &AnyRow) -> Result<OpenChallengeRow, sqlx::Error> {
    let pair = |a: Option<String>, b: Option<String>| a.zip(b);
    let first_color: Option<String> = r.try_get("first_color")?;
    Ok(OpenChallengeRow {
        id: r.try_get("id")?,
        creator: r.try_get("creator")?,
        name: r.try_get("name")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        control: Control::read(r)?,
        initial_fen: r.try_get("initial_fen")?,
        variant: super::challenges::variant_column(r)?,
        reserved: pair(r.try_get("white_user")?, r.try_get("black_user")?),
        first: r.try_get::<Option<String>, _>("first_user")?.map(|user| {
            let color = first_color
                .as_deref()
                .and_then(SeekColor::parse)
                .unwrap_or(SeekColor::Random);
            (user, color)
        }),
        status: r.try_get("status")?,
        game_id: r.try_get("game_id")?,
        created_at: r.try_get("created_at")?,
        expires_at: r.try_get("expires_at")?,
    })
}

impl Store {
    /// Stores a new open challenge.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was stored.
    pub async fn insert_open_challenge(&self, c: &OpenChallengeRow) -> Result<(), StoreError> {
        self.injected_failure()?;
        let (limit, increment, days) = Control::columns(c.control);
        sqlx::query(
            "INSERT INTO open_challenges (id, creator, name, rated, clock_limit, clock_increment, \
             initial_fen, white_user, black_user, first_user, first_color, status, game_id, \
             created_at, expires_at, days, variant) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
        )
        .bind(&c.id)
        .bind(&c.creator)
        .bind(&c.name)
        .bind(i64::from(c.rated))
        .bind(limit)
        .bind(increment)
        .bind(&c.initial_fen)
        .bind(c.reserved.as_ref().map(|r| r.0.clone()))
        .bind(c.reserved.as_ref().map(|r| r.1.clone()))
        .bind(c.first.as_ref().map(|f| f.0.clone()))
        .bind(c.first.as_ref().map(|f| f.1.as_str()))
        .bind(&c.status)
        .bind(&c.game_id)
        .bind(c.created_at)
        .bind(c.expires_at)
        .bind(days)
        .bind(super::challenges::variant_value(c.variant))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// An open challenge.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_challenge(&self, id: &str) -> Result<Option<OpenChallengeRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM open_challenges WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .as_ref()
            .map(open_challenge)
            .transpose()
    }

    /// Makes `user` the first player of an open challenge, only if it has
    /// none and is still `created`. `Ok(false)`: someone was first.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn join_open_challenge(
        &self,
        id: &str,
        user: &str,
        color: SeekColor,
    ) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done = sqlx::query(
            "UPDATE open_challenges SET first_user = $1, first_color = $2 \
             WHERE id = $3 AND first_user IS NULL AND status = 'created'",
        )
        .bind(user)
        .bind(color.as_str())
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends an open challenge (`accepted` or `canceled`), only if it is
    /// still `created` with the first player `first` (when named).
    /// `Ok(false)`: it was not.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn end_open_challenge(
        &self,
        id: &str,
        status: &str,
        first: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done =
            match first {
                Some(first) => {
                    sqlx::query(
                        "UPDATE open_challenges SET status = $1 \
                     WHERE id = $2 AND status = 'created' AND first_user = $3",
                    )
                    .bind(status)
                    .bind(id)
                    .bind(first)
                    .execute(&self.pool)
                    .await?
                }
                None => sqlx::query(
                    "UPDATE open_challenges SET status = $1 WHERE id = $2 AND status = 'created'",
                )
                .bind(status)
                .bind(id)
                .execute(&self.pool)
                .await?,
            };
        Ok(done.rows_affected() == 1)
    }

    /// Names the game an open challenge made, or (none) puts it back to
    /// `created` when its game could not be made.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn settle_open_challenge(
        &self,
        id: &str,
        game_id: Option<&str>,
    ) -> Result<(), StoreError> {
        let query = match game_id {
            Some(_) => "UPDATE open_challenges SET game_id = $1 WHERE id = $2",
            None => {
                "UPDATE open_challenges SET status = 'created', game_id = $1 \
                 WHERE id = $2 AND status = 'accepted'"
            }
        };
        sqlx::query(query)
            .bind(game_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets the open challenges that lapsed before `before` (answered or
    /// not): their games stay.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn purge_open_challenges(&self, before: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM open_challenges WHERE expires_at < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
