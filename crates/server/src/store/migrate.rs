//! The schema, one step at a time; the number of applied steps is kept in
//! `schema_version`. Servers starting together on PostgreSQL migrate one
//! after the other (an advisory lock).

use sqlx::{AnyPool, Connection, Row};

/// One step of the schema.
enum Step {
    /// Statements separated by `;`.
    Sql(&'static str),
    /// Seat tokens stored in clear become their SHA-256 (a step in Rust:
    /// SQLite has no SHA-256 function).
    HashTokens,
}

/// Every step, in order. Never edit a step that has shipped: add one.
const STEPS: [Step; 4] = [
    Step::Sql(
        r#"
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    opponent TEXT NOT NULL,
    white_token TEXT NOT NULL,
    black_token TEXT NOT NULL,
    human_color TEXT,
    level BIGINT,
    start_fen TEXT NOT NULL,
    clock TEXT,
    rules TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    termination TEXT,
    ended_by TEXT,
    white_ms BIGINT,
    black_ms BIGINT,
    draw_offer TEXT
);
CREATE INDEX games_status ON games (status, updated_at);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    uci TEXT NOT NULL,
    offer BIGINT NOT NULL,
    white_ms BIGINT,
    black_ms BIGINT,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
"#,
    ),
    // The game that a rematch of this one started.
    Step::Sql("ALTER TABLE games ADD COLUMN rematch TEXT;"),
    // Every save of a game names the version it replaces (saves of one game
    // land in order, an older snapshot never overwrites a newer one). The
    // games list pages by creation time on indexes that a move never
    // touches (the old index on `updated_at` was rewritten by every move).
    Step::Sql(
        "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;\
         DROP INDEX games_status;\
         CREATE INDEX games_created ON games (created_at, id);\
         CREATE INDEX games_status_created ON games (status, created_at, id);",
    ),
    Step::HashTokens,
];

/// Brings the schema up to date.
pub(super) async fn migrate(pool: &AnyPool, postgres: bool) -> Result<(), sqlx::Error> {
    let mut conn = pool.acquire().await?;
    let mut tx = conn.begin().await?;
    if postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(7262001)")
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        .execute(&mut *tx)
        .await?;
    let version: i64 = sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM schema_version")
        .fetch_one(&mut *tx)
        .await?
        .try_get("v")?;
    for (i, step) in STEPS.iter().enumerate().skip(version.max(0) as usize) {
        match step {
            Step::Sql(sql) => {
                for statement in sql.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                    sqlx::query(statement).execute(&mut *tx).await?;
                }
            }
            Step::HashTokens => {
                let rows = sqlx::query("SELECT id, white_token, black_token FROM games")
                    .fetch_all(&mut *tx)
                    .await?;
                for r in rows {
                    let id: String = r.try_get("id")?;
                    let white: String = r.try_get("white_token")?;
                    let black: String = r.try_get("black_token")?;
                    sqlx::query(
                        "UPDATE games SET white_token = $1, black_token = $2 WHERE id = $3",
                    )
                    .bind(crate::security::hash_token(&white))
                    .bind(crate::security::hash_token(&black))
                    .bind(&id)
                    .execute(&mut *tx)
                    .await?;
                }
            }
        }
        sqlx::query("INSERT INTO schema_version (version) VALUES ($1)")
            .bind(i as i64 + 1)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}
