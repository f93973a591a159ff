//! The leases of a cluster's nodes and the owners of its games, kept in the
//! shared database and timed by the database's clock (so that the nodes'
//! clocks need not agree).
//!
//! A node joins with a new epoch and a lease that it renews; a game is
//! owned by a node and an epoch. A node takes a game only while its own
//! lease holds, and only if the game has no owner, is its own already, or
//! belongs to a node whose lease has run out. Its commits carry its fence
//! (name and epoch), and the database refuses them unless the game is still
//! its own and its lease still holds ([`super::writer`]): a node that lost
//! its lease — paused, cut off, or replaced — can never commit again.

use sqlx::Row;

use super::{Fence, Store};

/// Who owns a game a node asked to take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The asking node (now or already).
    Mine,
    /// Another node whose lease holds.
    Owner(String),
    /// This node's own lease has run out: it may take nothing.
    Lapsed,
    /// No such game.
    Missing,
}

/// The database's clock, in milliseconds since the Unix epoch, as SQL for
/// PostgreSQL or SQLite: leases and fences are timed by it, never by the
/// nodes' own clocks.
pub(super) fn now_ms_sql(postgres: bool) -> &'static str {
    if postgres {
        "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
    } else {
        "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
    }
}

impl Store {
    /// The database's clock, in milliseconds since the Unix epoch, as SQL.
    pub(super) fn now_ms(&self) -> &'static str {
        now_ms_sql(self.postgres)
    }

    /// Joins node `name` with a new epoch and a lease of `lease_ms`;
    /// returns the fence its commits will carry. An epoch is never given
    /// twice: it is the database's clock in milliseconds, or one more than
    /// the name's last epoch if that is later (the row of a lapsed node goes
    /// once its games are taken, so the clock keeps epochs apart then).
    ///
    /// # Errors
    /// A database error.
    pub async fn join(&self, name: &str, lease_ms: i64) -> Result<Fence, sqlx::Error> {
        let now = self.now_ms();
        let sql = format!(
            "INSERT INTO nodes (name, epoch, expires_at) \
             SELECT $1, CASE WHEN COALESCE(MAX(epoch), 0) + 1 > {now} THEN COALESCE(MAX(epoch), 0) + 1 \
             ELSE {now} END, {now} + $2 FROM nodes WHERE name = $1 \
             RETURNING epoch"
        );
        let epoch: i64 = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(name)
            .bind(lease_ms)
            .fetch_one(&self.pool)
            .await?
            .try_get("epoch")?;
        Ok(Fence {
            node: name.to_string(),
            epoch,
        })
    }

    /// Renews `fence`'s lease for `lease_ms` more; `false` when it had run
    /// out already (then the node holds nothing any more).
    ///
    /// # Errors
    /// A database error.
    pub async fn renew(&self, fence: &Fence, lease_ms: i64) -> Result<bool, sqlx::Error> {
        let now = self.now_ms();
        let sql = format!(
            "UPDATE nodes SET expires_at = {now} + $3 \
             WHERE name = $1 AND epoch = $2 AND expires_at > {now}"
        );
        let done = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(&fence.node)
            .bind(fence.epoch)
            .bind(lease_ms)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends `fence`'s lease now: its games are free for the other nodes to
    /// take at once (a node that drains before it exits).
    ///
    /// # Errors
    /// A database error.
    pub async fn leave(&self, fence: &Fence) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE nodes SET expires_at = 0 WHERE name = $1 AND epoch = $2")
            .bind(&fence.node)
            .bind(fence.epoch)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Whether the node `name` holds a lease now, under any epoch (a node
    /// that waits for another's answer asks this to know when to stop).
    ///
    /// # Errors
    /// A database error.
    pub async fn holds_lease(&self, name: &str) -> Result<bool, sqlx::Error> {
        let sql = format!(
            "SELECT COUNT(*) AS n FROM nodes WHERE name = $1 AND expires_at > {}",
            self.now_ms()
        );
        let n: i64 = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(name)
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?;
        Ok(n > 0)
    }

    /// SQL: the lease of the node `$name`/`$epoch` holds.
    fn alive(&self, name: &str, epoch: &str) -> String {
        format!(
            "EXISTS (SELECT 1 FROM nodes n WHERE n.name = {name} AND n.epoch = {epoch} AND n.expires_at > {})",
            self.now_ms()
        )
    }

    /// Takes game `id` for `fence`'s node if it may (see the module's
    /// description), or says whose it is.
    ///
    /// # Errors
    /// A database error.
    pub async fn claim(&self, id: &str, fence: &Fence) -> Result<Claim, sqlx::Error> {
        let sql = format!(
            "UPDATE games SET owner = $1, owner_epoch = $2 WHERE id = $3 \
             AND (owner IS NULL OR (owner = $1 AND owner_epoch = $2) OR NOT {}) AND {}",
            self.alive("games.owner", "games.owner_epoch"),
            self.alive("$1", "$2"),
        );
        let done = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(&fence.node)
            .bind(fence.epoch)
            .bind(id)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 1 {
            return Ok(Claim::Mine);
        }
        let Some(row) = sqlx::query("SELECT owner, owner_epoch FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(Claim::Missing);
        };
        let owner: Option<String> = row.try_get("owner")?;
        let epoch: Option<i64> = row.try_get("owner_epoch")?;
        Ok(match owner {
            Some(o) if o != fence.node || epoch != Some(fence.epoch) => Claim::Owner(o),
            _ => Claim::Lapsed,
        })
    }

    /// Nodes whose lease has run out (and which may still own games).
    ///
    /// # Errors
    /// A database error.
    pub async fn lapsed_nodes(&self) -> Result<Vec<Fence>, sqlx::Error> {
        let sql = format!(
            "SELECT name, epoch FROM nodes WHERE expires_at <= {} ORDER BY expires_at LIMIT 16",
            self.now_ms()
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| {
                Ok(Fence {
                    node: r.try_get("name")?,
                    epoch: r.try_get("epoch")?,
                })
            })
            .collect()
    }

    /// Takes up to `limit` unfinished games of the lapsed node `from` for
    /// `fence`'s node; returns their ids. When `from` has none left, its
    /// row goes.
    ///
    /// # Errors
    /// A database error.
    pub async fn adopt(
        &self,
        from: &Fence,
        fence: &Fence,
        limit: i64,
    ) -> Result<Vec<String>, sqlx::Error> {
        let sql = format!(
            "UPDATE games SET owner = $1, owner_epoch = $2 WHERE id IN \
             (SELECT id FROM games WHERE owner = $3 AND owner_epoch = $4 AND status <> 'ended' LIMIT $5) \
             AND owner = $3 AND owner_epoch = $4 AND NOT {} AND {} RETURNING id",
            self.alive("$3", "$4"),
            self.alive("$1", "$2"),
        );
        let ids: Vec<String> = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(&fence.node)
            .bind(fence.epoch)
            .bind(&from.node)
            .bind(from.epoch)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect::<Result<_, _>>()?;
        if ids.is_empty() {
            let sql = format!(
                "DELETE FROM nodes WHERE name = $1 AND epoch = $2 AND expires_at <= {} AND NOT EXISTS \
                 (SELECT 1 FROM games WHERE owner = $1 AND owner_epoch = $2 AND status <> 'ended')",
                self.now_ms()
            );
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(&from.node)
                .bind(from.epoch)
                .execute(&self.pool)
                .await?;
        }
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::database;
    use crate::store::{Change, Commit, GameRow, StoreError};
    use crate::wire::Status;

    fn game(id: &str) -> GameRow {
        GameRow {
            status: Status::Started,
            ..crate::store::testing::game(id)
        }
    }

    fn next(row: &GameRow) -> Commit {
        let mut row = row.clone();
        row.version += 1;
        Commit {
            row,
            change: Change::State,
            inserts: Vec::new(),
            move_only: false,
        }
    }

    /// Two nodes on one database (SQLite here, PostgreSQL in the PostgreSQL
    /// run): a node takes only what is free or lapsed, and a node whose
    /// lease ran out can neither take nor commit.
    #[tokio::test]
    async fn a_lapsed_node_can_neither_take_nor_commit() {
        let (url, dir, run) = database("nodes");
        let (Ok(one), Ok(two)) = (Store::open(&url).await, Store::open(&url).await) else {
            panic!("cannot open {url}");
        };
        let (Ok(a), Ok(b)) = (
            one.join(&format!("a{run}"), 60_000).await,
            two.join(&format!("b{run}"), 60_000).await,
        ) else {
            panic!("join");
        };
        one.set_fence(Some(a.clone()));
        two.set_fence(Some(b.clone()));
        let id = format!("n{run}");
        let row = game(&id);
        let insert = Commit {
            row: row.clone(),
            change: Change::Insert,
            inserts: Vec::new(),
            move_only: false,
        };
        assert!(one.commit(insert).await.is_ok());
        // The creator owns it; the other node is told whose it is.
        assert_eq!(one.claim(&id, &a).await.ok(), Some(Claim::Mine));
        assert_eq!(
            two.claim(&id, &b).await.ok(),
            Some(Claim::Owner(a.node.clone()))
        );
        assert_eq!(two.claim("nothing", &b).await.ok(), Some(Claim::Missing));
        // Only the owner commits.
        assert!(matches!(
            two.commit(next(&row)).await,
            Err(StoreError::Stale { .. })
        ));
        let first = next(&row);
        assert!(one.commit(first.clone()).await.is_ok());
        // A leaves (its lease ends): B adopts the game; A's commits fail.
        assert_eq!(two.holds_lease(&a.node).await.ok(), Some(true));
        assert!(one.leave(&a).await.is_ok());
        assert_eq!(two.holds_lease(&a.node).await.ok(), Some(false));
        assert_eq!(two.holds_lease(&b.node).await.ok(), Some(true));
        assert_eq!(one.renew(&a, 60_000).await.ok(), Some(false));
        let Ok(lapsed) = two.lapsed_nodes().await else {
            panic!("lapsed")
        };
        assert!(lapsed.contains(&a));
        assert_eq!(two.adopt(&a, &b, 64).await.ok(), Some(vec![id.clone()]));
        assert!(matches!(
            one.commit(next(&first.row)).await,
            Err(StoreError::Stale { .. })
        ));
        assert_eq!(
            one.claim(&id, &a).await.ok(),
            Some(Claim::Owner(b.node.clone()))
        );
        assert!(two.commit(next(&first.row)).await.is_ok());
        // Nothing left to adopt: the lapsed node's row goes.
        assert_eq!(two.adopt(&a, &b, 64).await.ok(), Some(Vec::new()));
        let Ok(lapsed) = two.lapsed_nodes().await else {
            panic!("lapsed")
        };
        assert!(!lapsed.contains(&a));
        // A joins again with a new epoch and may take the game only once
        // B's lease has run out.
        let Ok(a2) = one.join(&a.node, 60_000).await else {
            panic!("join")
        };
        assert!(a2.epoch > a.epoch);
        one.set_fence(Some(a2.clone()));
        assert_eq!(
            one.claim(&id, &a2).await.ok(),
            Some(Claim::Owner(b.node.clone()))
        );
        assert!(two.leave(&b).await.is_ok());
        assert_eq!(one.claim(&id, &a2).await.ok(), Some(Claim::Mine));
        // A node whose own lease ran out takes nothing, not even its own.
        assert!(one.leave(&a2).await.is_ok());
        assert_eq!(one.claim(&id, &a2).await.ok(), Some(Claim::Lapsed));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
