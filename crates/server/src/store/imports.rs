//! Imported games as stored (the migration `0016_imports.sql`): a PGN file's
//! games, each with the names and result its list shows, and its PGN as
//! the rules library wrote it back.

use sqlx::Row;

use super::{Store, StoreError};

/// An imported game, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRow {
    /// Its id.
    pub id: String,
    /// When it was imported (Unix milliseconds).
    pub created_at: i64,
    /// The account that imported it, if one did.
    pub user_id: Option<String>,
    /// The `White` tag.
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag.
    pub date: String,
    /// Plies of its main line.
    pub plies: i64,
    /// The game in PGN, with its variations.
    pub pgn: String,
}

fn import_of(r: &sqlx::any::AnyRow) -> Result<ImportRow, sqlx::Error> {
    Ok(ImportRow {
        id: r.try_get("id")?,
        created_at: r.try_get("created_at")?,
        user_id: r.try_get("user_id")?,
        white: r.try_get("white")?,
        black: r.try_get("black")?,
        result: r.try_get("result")?,
        event: r.try_get("event")?,
        date: r.try_get("date")?,
        plies: r.try_get("plies")?,
        pgn: r.try_get("pgn")?,
    })
}

impl Store {
    /// Stores `rows`, all or none.
    ///
    /// # Errors
    /// [`StoreError`]; then none was stored.
    pub async fn insert_imports(&self, rows: &[ImportRow]) -> Result<(), StoreError> {
        self.injected_failure()?;
        let mut tx = self.pool.begin().await?;
        for r in rows {
            sqlx::query(
                "INSERT INTO imports (id, created_at, user_id, white, black, result, event, \
                 date, plies, pgn) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(&r.id)
            .bind(r.created_at)
            .bind(r.user_id.as_deref())
            .bind(&r.white)
            .bind(&r.black)
            .bind(&r.result)
            .bind(&r.event)
            .bind(&r.date)
            .bind(r.plies)
            .bind(&r.pgn)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The imported game `id`.
    ///
    /// # Errors
    /// A database error.
    pub async fn import(&self, id: &str) -> Result<Option<ImportRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM imports WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .as_ref()
            .map(import_of)
            .transpose()
    }

    /// The games `user` imported, the latest first, at most `limit`.
    ///
    /// # Errors
    /// A database error.
    pub async fn imports_of(&self, user: &str, limit: i64) -> Result<Vec<ImportRow>, sqlx::Error> {
        sqlx::query(
            "SELECT * FROM imports WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2",
        )
        .bind(user)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(import_of)
        .collect()
    }
}
