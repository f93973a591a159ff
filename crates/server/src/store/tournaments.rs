//! Tournaments as stored: one row each, the tournament as JSON. A change
//! is written only over the version it was made on (optimistic
//! concurrency: two organisers' clicks, or two servers, cannot overwrite
//! each other's change; the later one is computed again on the new state).

use sqlx::Row;

use super::statements::{insert_game, Placeholders, Target};
use super::{GameRow, Store, StoreError};

/// A tournament as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentRow {
    /// The tournament id.
    pub id: String,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// Last change, milliseconds since the Unix epoch.
    pub updated_at: i64,
    /// The SHA-256 of the organiser's token (hex).
    pub organiser_token: String,
    /// Bumped by every change; a change of version `v` replaces `v - 1`.
    pub version: i64,
    /// The tournament (`sakk_tournament::event::Event`) as JSON.
    pub data: String,
    /// The hashes of its links (each player's, the join link) as JSON.
    pub secrets: String,
}

impl Store {
    /// Stores a new tournament (version 0).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was stored.
    pub async fn insert_tournament(&self, row: &TournamentRow) -> Result<(), StoreError> {
        self.injected_failure()?;
        sqlx::query(
            "INSERT INTO tournaments (id, created_at, updated_at, organiser_token, version, data, secrets) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&row.id)
        .bind(row.created_at)
        .bind(row.updated_at)
        .bind(&row.organiser_token)
        .bind(row.version)
        .bind(&row.data)
        .bind(&row.secrets)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A tournament.
    ///
    /// # Errors
    /// A database error.
    pub async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRow>, sqlx::Error> {
        let Some(r) = sqlx::query("SELECT * FROM tournaments WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        Ok(Some(TournamentRow {
            id: r.try_get("id")?,
            created_at: r.try_get("created_at")?,
            updated_at: r.try_get("updated_at")?,
            organiser_token: r.try_get("organiser_token")?,
            version: r.try_get("version")?,
            data: r.try_get("data")?,
            secrets: r.try_get("secrets")?,
        }))
    }

    /// Writes a tournament's new state over version `row.version - 1`,
    /// and inserts the games of its new round (an online round), in one
    /// transaction; durable when it returns.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the stored version is another (nothing
    /// written), or a database error (nothing written).
    pub async fn commit_tournament(
        &self,
        row: &TournamentRow,
        games: &[GameRow],
    ) -> Result<(), StoreError> {
        self.injected_failure()?;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE tournaments SET updated_at = $1, version = $2, data = $3, secrets = $4 \
             WHERE id = $5 AND version = $6",
        )
        .bind(row.updated_at)
        .bind(row.version)
        .bind(&row.data)
        .bind(&row.secrets)
        .bind(&row.id)
        .bind(row.version - 1)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            // Dropping the transaction rolls it back.
            return Err(StoreError::Stale {
                id: row.id.clone(),
                version: row.version,
            });
        }
        // The games belong to no node yet: the first to serve one takes it.
        let to = Target {
            ph: Placeholders::of(self.postgres),
            fence: None,
        };
        for g in games {
            insert_game(&mut tx, to, g).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // in a test, a panic is the failure it reports
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_change_replaces_only_the_version_it_was_made_on() {
        let (url, dir, run) = crate::store::testing::database("tournaments");
        let store = Store::open(&url).await.unwrap();
        let mut row = TournamentRow {
            id: format!("t{run}"),
            organiser_token: "h".to_string(),
            data: "{}".to_string(),
            secrets: "{}".to_string(),
            ..TournamentRow::default()
        };
        store.insert_tournament(&row).await.unwrap();
        row.version = 1;
        row.data = "{\"a\":1}".to_string();
        store.commit_tournament(&row, &[]).await.unwrap();
        // The same version again: stale, nothing written.
        row.data = "{\"b\":2}".to_string();
        assert!(matches!(
            store.commit_tournament(&row, &[]).await,
            Err(StoreError::Stale { .. })
        ));
        // An injected failure: nothing written.
        store.fail_next_commits(1);
        row.version = 2;
        assert!(store.commit_tournament(&row, &[]).await.is_err());
        let stored = store.load_tournament(&row.id).await.unwrap().unwrap();
        assert_eq!((stored.version, stored.data.as_str()), (1, "{\"a\":1}"));
        assert!(store.load_tournament("none").await.unwrap().is_none());
        let _ = std::fs::remove_dir_all(dir);
    }
}
