//! Correspondence deadlines as stored (the migration `0017_correspondence.sql`):
//! the games whose side to move has run out of days, found by any node.

use sqlx::Row;

use super::Store;

impl Store {
    /// Up to `limit` games not ended whose deadline is before `now`
    /// (milliseconds since the Unix epoch), the longest overdue first.
    ///
    /// # Errors
    /// A database error.
    pub async fn overdue(&self, now: i64, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline < $1 \
             AND status <> 'ended' ORDER BY deadline, id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }
}
