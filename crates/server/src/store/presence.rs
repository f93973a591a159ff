//! Presence as stored (the migration `0015_presence.sql`): each account's
//! last beat, written by the node that holds its event stream, read by
//! every node. And the account search by the start of a name.

use sqlx::Row;

use super::{Store, StoreError, UserRow};

impl Store {
    /// Records that `user` is online at `at`.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn beat(&self, user: &str, at: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO presence (user_id, seen_at) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET seen_at = $2",
        )
        .bind(user)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The accounts that beat after `since`.
    ///
    /// # Errors
    /// A database error.
    pub async fn seen_since(&self, since: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query("SELECT user_id FROM presence WHERE seen_at > $1 ORDER BY user_id")
            .bind(since)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get("user_id"))
            .collect()
    }

    /// Whether `user` beat after `since`.
    ///
    /// # Errors
    /// A database error.
    pub async fn seen(&self, user: &str, since: i64) -> Result<bool, sqlx::Error> {
        Ok(
            sqlx::query("SELECT 1 AS one FROM presence WHERE user_id = $1 AND seen_at > $2")
                .bind(user)
                .bind(since)
                .fetch_optional(&self.pool)
                .await?
                .is_some(),
        )
    }

    /// The open accounts whose id begins with `prefix` (an id's own
    /// characters), in order, at most `limit`.
    ///
    /// # Errors
    /// A database error.
    pub async fn users_from(&self, prefix: &str, limit: i64) -> Result<Vec<UserRow>, sqlx::Error> {
        // An INTEGER for PostgreSQL's substr(text, integer, integer).
        let length = i32::try_from(prefix.chars().count()).unwrap_or(i32::MAX);
        let rows = sqlx::query(
            "SELECT * FROM users WHERE substr(id, 1, $1) = $2 AND closed_at IS NULL \
             ORDER BY id LIMIT $3",
        )
        .bind(length)
        .bind(prefix)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(super::accounts::user_of).collect()
    }
}
