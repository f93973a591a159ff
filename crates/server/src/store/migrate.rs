//! The schema: SQL migrations in `crates/server/migrations/`, embedded and
//! run by sqlx's migrator (its ledger is the `_sqlx_migrations` table), and
//! one data step in Rust that SQL cannot do (seat tokens stored in clear
//! become their SHA-256: SQLite has no SHA-256), recorded in
//! `schema_version`.
//!
//! Databases from before the ledger counted their steps in
//! `schema_version` alone (1–3 the SQL migrations, 4 the tokens): their SQL
//! steps are entered in the ledger as applied (sqlx's `skip`), then the
//! migrator and the data step run as for any database. Servers starting
//! together on PostgreSQL migrate one after the other (an advisory lock).

use sqlx::migrate::{Migrate, Migrator};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, Row};

/// The SQL migrations.
static MIGRATOR: Migrator = sqlx::migrate!("./migrations");

/// The `schema_version` of the data step (seat tokens hashed).
const TOKENS_HASHED: i64 = 4;

/// The highest `schema_version` whose steps were the SQL migrations.
const LEGACY_SQL_STEPS: i64 = 3;

/// The advisory lock that orders servers migrating one PostgreSQL database.
const LOCK: i64 = 7_262_001;

fn migrate_error(e: sqlx::migrate::MigrateError) -> sqlx::Error {
    sqlx::Error::Migrate(Box::new(e))
}

/// Brings the schema up to date.
pub(super) async fn migrate(pool: &AnyPool, postgres: bool) -> Result<(), sqlx::Error> {
    let mut conn = pool.acquire().await?;
    if !postgres {
        return steps(&mut conn, postgres).await;
    }
    // A migration may wait for another server's and run long: no time
    // limits on this connection, which is closed after, whatever happens
    // (none without the limits goes back to the pool).
    let result = async {
        for unlimited in ["SET statement_timeout = 0", "SET lock_timeout = 0"] {
            sqlx::query(unlimited).execute(&mut *conn).await?;
        }
        sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(LOCK)
            .execute(&mut *conn)
            .await?;
        let result = steps(&mut conn, postgres).await;
        let _ = sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(LOCK)
            .execute(&mut *conn)
            .await;
        result
    }
    .await;
    let _ = conn.close().await;
    result
}

async fn table_exists(
    conn: &mut PoolConnection<Any>,
    postgres: bool,
    name: &str,
) -> Result<bool, sqlx::Error> {
    let sql = if postgres {
        "SELECT COUNT(*) AS n FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1"
    } else {
        "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = $1"
    };
    let n: i64 = sqlx::query(sql)
        .bind(name)
        .fetch_one(&mut **conn)
        .await?
        .try_get("n")?;
    Ok(n > 0)
}

async fn data_version(conn: &mut PoolConnection<Any>) -> Result<i64, sqlx::Error> {
    sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM schema_version")
        .fetch_one(&mut **conn)
        .await?
        .try_get("v")
}

async fn steps(conn: &mut PoolConnection<Any>, postgres: bool) -> Result<(), sqlx::Error> {
    let legacy = table_exists(conn, postgres, "schema_version").await?;
    let ledger = table_exists(conn, postgres, &MIGRATOR.table_name).await?;
    let before = if legacy { data_version(conn).await? } else { 0 };
    if legacy && !ledger {
        // A database from before the ledger: its SQL steps are done.
        conn.ensure_migrations_table(&MIGRATOR.table_name)
            .await
            .map_err(migrate_error)?;
        for m in MIGRATOR
            .iter()
            .filter(|m| m.version <= before.min(LEGACY_SQL_STEPS))
        {
            conn.skip(&MIGRATOR.table_name, m)
                .await
                .map_err(migrate_error)?;
        }
    }
    // On the connection already held (an in-memory SQLite pool has one);
    // `run_direct` is sqlx's own way around `run`'s higher-ranked `Acquire`
    // bound, which would make the server's future not `Send`.
    MIGRATOR
        .run_direct(None, &mut **conn, false)
        .await
        .map_err(migrate_error)?;
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        .execute(&mut **conn)
        .await?;
    if data_version(conn).await? < TOKENS_HASHED {
        // A new database has no games; an old one may have clear tokens.
        if legacy {
            hash_tokens(conn).await?;
        }
        sqlx::query("INSERT INTO schema_version (version) VALUES ($1)")
            .bind(TOKENS_HASHED)
            .execute(&mut **conn)
            .await?;
    }
    Ok(())
}

/// Seat tokens stored in clear become their SHA-256, in one transaction.
async fn hash_tokens(conn: &mut PoolConnection<Any>) -> Result<(), sqlx::Error> {
    use sqlx::Connection;
    let mut tx = conn.begin().await?;
    let rows = sqlx::query("SELECT id, white_token, black_token FROM games")
        .fetch_all(&mut *tx)
        .await?;
    for r in rows {
        let id: String = r.try_get("id")?;
        let white: String = r.try_get("white_token")?;
        let black: String = r.try_get("black_token")?;
        sqlx::query("UPDATE games SET white_token = $1, black_token = $2 WHERE id = $3")
            .bind(sakk_play::seat::hash_token(&white))
            .bind(sakk_play::seat::hash_token(&black))
            .bind(&id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statements of the schema as it was before the ledger (steps 1–3
    /// of `schema_version`), to build an old database.
    const OLD_STEPS: [&str; 3] = [
        include_str!("../../migrations/0001_games.sql"),
        include_str!("../../migrations/0002_rematch.sql"),
        include_str!("../../migrations/0003_version_and_indexes.sql"),
    ];

    async fn pool(url: &str) -> AnyPool {
        sqlx::any::install_default_drivers();
        match sqlx::any::AnyPoolOptions::new()
            .max_connections(2)
            .connect(url)
            .await
        {
            Ok(p) => p,
            Err(e) => panic!("{url}: {e}"),
        }
    }

    fn sqlite_url(name: &str) -> (std::path::PathBuf, String) {
        let dir = std::env::temp_dir().join(format!("sakk-migrate-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        let url = format!("sqlite://{}?mode=rwc", dir.join("old.db").display());
        (dir, url)
    }

    /// A database left by a server before the ledger, at step 3 (tokens in
    /// clear), is entered in the ledger, keeps its games, and gets its
    /// tokens hashed; running again changes nothing.
    #[tokio::test]
    async fn an_old_database_joins_the_ledger_and_keeps_its_games() {
        let (dir, url) = sqlite_url("old");
        let old = pool(&url).await;
        for sql in OLD_STEPS {
            let code = sql
                .lines()
                .filter(|l| !l.trim_start().starts_with("--"))
                .collect::<Vec<_>>()
                .join("\n");
            for statement in code.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                let owned = sqlx::AssertSqlSafe(statement.to_string());
                if let Err(e) = sqlx::query(owned).execute(&old).await {
                    panic!("{statement}: {e}");
                }
            }
        }
        let setup = [
            "CREATE TABLE schema_version (version BIGINT NOT NULL)",
            "INSERT INTO schema_version (version) VALUES (1), (2), (3)",
            "INSERT INTO games (id, created_at, updated_at, opponent, white_token, black_token, \
             start_fen, rules, status) VALUES ('g1', 1, 1, 'friend', 'clear-white', 'clear-black', \
             'startpos', '{}', 'created')",
        ];
        for s in setup {
            if let Err(e) = sqlx::query(s).execute(&old).await {
                panic!("{s}: {e}");
            }
        }
        for _ in 0..2 {
            if let Err(e) = migrate(&old, false).await {
                panic!("{e}");
            }
        }
        let row = sqlx::query("SELECT white_token FROM games WHERE id = 'g1'")
            .fetch_one(&old)
            .await;
        let token: String = row
            .and_then(|r| r.try_get("white_token"))
            .unwrap_or_default();
        assert_eq!(
            token,
            sakk_play::seat::hash_token("clear-white"),
            "hashed once"
        );
        let applied: i64 = sqlx::query("SELECT COUNT(*) AS n FROM _sqlx_migrations")
            .fetch_one(&old)
            .await
            .and_then(|r| r.try_get("n"))
            .unwrap_or(0);
        assert_eq!(applied, MIGRATOR.iter().count() as i64);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A new database gets every migration and the data version.
    #[tokio::test]
    async fn a_new_database_gets_the_schema() {
        let (dir, url) = sqlite_url("new");
        let new = pool(&url).await;
        for _ in 0..2 {
            if let Err(e) = migrate(&new, false).await {
                panic!("{e}");
            }
        }
        let v: i64 = sqlx::query("SELECT MAX(version) AS v FROM schema_version")
            .fetch_one(&new)
            .await
            .and_then(|r| r.try_get("v"))
            .unwrap_or(0);
        assert_eq!(v, TOKENS_HASHED);
        let n: i64 = sqlx::query("SELECT COUNT(*) AS n FROM games")
            .fetch_one(&new)
            .await
            .and_then(|r| r.try_get("n"))
            .unwrap_or(-1);
        assert_eq!(n, 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
