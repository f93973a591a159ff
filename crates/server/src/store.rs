//! Storage: every game and every move, in SQLite (a file in the data
//! directory, WAL journal, full sync) or PostgreSQL (a `postgres://` URL),
//! with the same SQL for both (sqlx's `Any` driver; `$n` parameters, which
//! both understand). A move is written, in one transaction with the game's
//! new state, before it is acknowledged or broadcast.

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::AnyConnection;
use sqlx::{AnyPool, Connection, Executor, Row};
use tokio::sync::{mpsc, oneshot};

/// The schema, one migration a step; the number of applied steps is kept
/// in `schema_version`.
const MIGRATIONS: [&str; 2] = [
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
    // The game that a rematch of this one started.
    "ALTER TABLE games ADD COLUMN rematch TEXT;",
];

/// A game as stored.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRow {
    /// The game id.
    pub id: String,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// Last change, milliseconds since the Unix epoch.
    pub updated_at: i64,
    /// `local`, `friend` or `computer`.
    pub opponent: String,
    /// White's seat token.
    pub white_token: String,
    /// Black's seat token.
    pub black_token: String,
    /// The human's colour against the computer.
    pub human_color: Option<String>,
    /// The computer's level, 1–8.
    pub level: Option<i64>,
    /// The start position.
    pub start_fen: String,
    /// The clock settings as JSON, if timed.
    pub clock: Option<String>,
    /// The event rules as JSON.
    pub rules: String,
    /// `created`, `started` or `ended`.
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted).
    pub result: Option<String>,
    /// A termination code.
    pub termination: Option<String>,
    /// The side whose resignation or flag ended the game.
    pub ended_by: Option<String>,
    /// White's time left after the last move.
    pub white_ms: Option<i64>,
    /// Black's time left after the last move.
    pub black_ms: Option<i64>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<String>,
    /// The id of this game's rematch, once one was started.
    pub rematch: Option<String>,
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// From 0.
    pub ply: i64,
    /// The move in UCI.
    pub uci: String,
    /// Made with a draw offer.
    pub offer: bool,
    /// White's time left after it.
    pub white_ms: Option<i64>,
    /// Black's time left after it.
    pub black_ms: Option<i64>,
}

/// The database.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    postgres: bool,
    /// The group-commit writer of [`Store::save`].
    writer: mpsc::Sender<SaveJob>,
}

/// One game's new state (and move), or a new game, waiting for the writer.
struct SaveJob {
    /// A new game to insert (else an update of an existing one).
    insert: bool,
    row: GameRow,
    new_move: Option<MoveRow>,
    done: oneshot::Sender<Result<(), sqlx::Error>>,
}

/// What one job of a group writes.
type Write<'a> = (bool, &'a GameRow, Option<&'a MoveRow>);

/// The most saves one transaction takes.
const GROUP_COMMIT_MAX: usize = 256;

/// Writes saves in groups: whatever arrived while the previous transaction
/// was being committed goes into the next one, so one fsync covers many
/// moves. Each waiting save is answered only after its transaction
/// committed; if a group fails, its saves are retried one by one, so one bad
/// save cannot fail the others.
async fn group_writer(pool: AnyPool, mut jobs: mpsc::Receiver<SaveJob>) {
    let mut batch: Vec<SaveJob> = Vec::with_capacity(GROUP_COMMIT_MAX);
    while let Some(first) = jobs.recv().await {
        batch.push(first);
        while batch.len() < GROUP_COMMIT_MAX {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let pairs: Vec<Write<'_>> = batch
            .iter()
            .map(|j| (j.insert, &j.row, j.new_move.as_ref()))
            .collect();
        if write_group(&pool, &pairs).await.is_ok() {
            for job in batch.drain(..) {
                let _ = job.done.send(Ok(()));
            }
        } else {
            for job in batch.drain(..) {
                let result =
                    write_group(&pool, &[(job.insert, &job.row, job.new_move.as_ref())]).await;
                let _ = job.done.send(result);
            }
        }
    }
}

/// Stores games' new states, each with the move that led to it if any, in
/// one transaction.
async fn write_group(pool: &AnyPool, group: &[Write<'_>]) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    for &(insert, g, new_move) in group {
        if insert {
            insert_game(&mut tx, g).await?;
            continue;
        }
        if let Some(m) = new_move {
            sqlx::query("INSERT INTO moves (game_id, ply, uci, offer, white_ms, black_ms, at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                .bind(&g.id)
                .bind(m.ply)
                .bind(&m.uci)
                .bind(i64::from(m.offer))
                .bind(m.white_ms)
                .bind(m.black_ms)
                .bind(g.updated_at)
                .execute(&mut *tx)
                .await?;
        }
        update_game(&mut tx, g).await?;
    }
    tx.commit().await
}

/// Inserts a new game inside `tx`.
async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    g: &GameRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO games (id, created_at, updated_at, opponent, white_token, black_token, human_color, level, \
         start_fen, clock, rules, status, result, termination, ended_by, white_ms, black_ms, draw_offer) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
    )
    .bind(&g.id)
    .bind(g.created_at)
    .bind(g.updated_at)
    .bind(&g.opponent)
    .bind(&g.white_token)
    .bind(&g.black_token)
    .bind(&g.human_color)
    .bind(g.level)
    .bind(&g.start_fen)
    .bind(&g.clock)
    .bind(&g.rules)
    .bind(&g.status)
    .bind(&g.result)
    .bind(&g.termination)
    .bind(&g.ended_by)
    .bind(g.white_ms)
    .bind(g.black_ms)
    .bind(&g.draw_offer)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Writes a game's changing fields (its state after a move, a takeback, an
/// ending) inside `tx`.
async fn update_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    g: &GameRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE games SET updated_at = $1, status = $2, result = $3, termination = $4, ended_by = $5, \
         white_ms = $6, black_ms = $7, draw_offer = $8 WHERE id = $9",
    )
    .bind(g.updated_at)
    .bind(&g.status)
    .bind(&g.result)
    .bind(&g.termination)
    .bind(&g.ended_by)
    .bind(g.white_ms)
    .bind(g.black_ms)
    .bind(&g.draw_offer)
    .bind(&g.id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// `url` without its password, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let auth = &url[scheme + 3..at];
            match auth.find(':') {
                Some(colon) => {
                    format!("{}{}:***{}", &url[..scheme + 3], &auth[..colon], &url[at..])
                }
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// SQLite's settings on each new connection: WAL, full sync, foreign keys.
async fn configure(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    if conn.backend_name().eq_ignore_ascii_case("sqlite") {
        for pragma in [
            "PRAGMA journal_mode = WAL",
            "PRAGMA synchronous = FULL",
            "PRAGMA foreign_keys = ON",
            "PRAGMA busy_timeout = 5000",
        ] {
            conn.execute(pragma).await?;
        }
    }
    Ok(())
}

impl Store {
    /// Opens the database at `url` and brings its schema up to date:
    /// `sqlite://path` (created if missing), `sqlite::memory:`, or
    /// `postgres://user:password@host/database`.
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let memory = sqlite && url.contains(":memory:");
        let postgres = url.starts_with("postgres://") || url.starts_with("postgresql://");
        let url = if sqlite && !memory && !url.contains("mode=") {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}mode=rwc")
        } else {
            url.to_string()
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if memory { 1 } else { 8 })
            .after_connect(|conn, _| Box::pin(async move { configure(conn).await }))
            .connect(&url)
            .await?;
        let (writer, jobs) = mpsc::channel(4 * GROUP_COMMIT_MAX);
        tokio::spawn(group_writer(pool.clone(), jobs));
        let store = Store {
            pool,
            postgres,
            writer,
        };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        let mut tx = conn.begin().await?;
        if self.postgres {
            // Servers starting together migrate one after the other.
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
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            for statement in sql.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                sqlx::query(statement).execute(&mut *tx).await?;
            }
            sqlx::query("INSERT INTO schema_version (version) VALUES ($1)")
                .bind(i as i64 + 1)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// A database error.
    pub async fn insert_game(&self, g: &GameRow) -> Result<(), sqlx::Error> {
        self.write(true, g, None).await
    }

    /// Stores a game's new state, with the move that led to it if any, in
    /// one transaction (shared with other games' saves that arrive at the
    /// same time: group commit); returns once it is committed.
    ///
    /// # Errors
    /// A database error; then nothing of this save was stored.
    pub async fn save(&self, g: &GameRow, new_move: Option<&MoveRow>) -> Result<(), sqlx::Error> {
        self.write(false, g, new_move).await
    }

    /// Hands a write to the group writer and waits for its commit.
    async fn write(
        &self,
        insert: bool,
        g: &GameRow,
        new_move: Option<&MoveRow>,
    ) -> Result<(), sqlx::Error> {
        let (done, committed) = oneshot::channel();
        let job = SaveJob {
            insert,
            row: g.clone(),
            new_move: new_move.cloned(),
            done,
        };
        self.writer
            .send(job)
            .await
            .map_err(|_| sqlx::Error::PoolClosed)?;
        committed.await.map_err(|_| sqlx::Error::PoolClosed)?
    }

    /// Removes the last move of a game (a takeback), with the game's state.
    ///
    /// # Errors
    /// A database error; then nothing changed.
    pub async fn take_back(&self, g: &GameRow, ply: i64) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(&g.id)
            .bind(ply)
            .execute(&mut *tx)
            .await?;
        update_game(&mut tx, g).await?;
        tx.commit().await
    }

    fn row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: r.try_get("id")?,
            created_at: r.try_get("created_at")?,
            updated_at: r.try_get("updated_at")?,
            opponent: r.try_get("opponent")?,
            white_token: r.try_get("white_token")?,
            black_token: r.try_get("black_token")?,
            human_color: r.try_get("human_color")?,
            level: r.try_get("level")?,
            start_fen: r.try_get("start_fen")?,
            clock: r.try_get("clock")?,
            rules: r.try_get("rules")?,
            status: r.try_get("status")?,
            result: r.try_get("result")?,
            termination: r.try_get("termination")?,
            ended_by: r.try_get("ended_by")?,
            white_ms: r.try_get("white_ms")?,
            black_ms: r.try_get("black_ms")?,
            draw_offer: r.try_get("draw_offer")?,
            rematch: r.try_get("rematch")?,
        })
    }

    /// Records `rematch` as the rematch of game `id`.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_rematch(&self, id: &str, rematch: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE games SET rematch = $1 WHERE id = $2")
            .bind(rematch)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A game and its moves.
    ///
    /// # Errors
    /// A database error.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, sqlx::Error> {
        let Some(r) = sqlx::query("SELECT * FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let game = Store::row(&r)?;
        let moves = sqlx::query(
            "SELECT ply, uci, offer, white_ms, black_ms FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|m| {
            Ok(MoveRow {
                ply: m.try_get("ply")?,
                uci: m.try_get("uci")?,
                offer: m.try_get::<i64, _>("offer")? != 0,
                white_ms: m.try_get("white_ms")?,
                black_ms: m.try_get("black_ms")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(Some((game, moves)))
    }

    /// The ids of the games not yet over.
    ///
    /// # Errors
    /// A database error.
    pub async fn unfinished(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query("SELECT id FROM games WHERE status != 'ended'")
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get("id"))
            .collect()
    }

    /// The most recent games, newest first, optionally of one status.
    ///
    /// # Errors
    /// A database error.
    pub async fn recent(
        &self,
        status: Option<&str>,
        limit: i64,
    ) -> Result<Vec<(GameRow, i64)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT g.*, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS n FROM games g \
             WHERE ($1 = '' OR g.status = $1) ORDER BY g.updated_at DESC LIMIT $2",
        )
        .bind(status.unwrap_or(""))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((Store::row(r)?, r.try_get("n")?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> GameRow {
        GameRow {
            id: id.to_string(),
            opponent: "friend".to_string(),
            white_token: "w".to_string(),
            black_token: "b".to_string(),
            start_fen: "8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
            rules: "{}".to_string(),
            status: "created".to_string(),
            ..GameRow::default()
        }
    }

    #[test]
    fn passwords_are_masked() {
        assert_eq!(
            redact("postgres://sakk:secret@127.0.0.1:5432/sakk"),
            "postgres://sakk:***@127.0.0.1:5432/sakk"
        );
        assert_eq!(redact("postgres://sakk@host/db"), "postgres://sakk@host/db");
        assert_eq!(redact("sqlite:///tmp/a@b.db"), "sqlite:///tmp/a@b.db");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_saves_are_grouped_and_all_committed() {
        let dir = std::env::temp_dir().join(format!("sakk-store-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let url = format!("sqlite://{}", dir.join("t.db").display());
        let Ok(store) = Store::open(&url).await else {
            panic!("cannot open {url}");
        };
        for g in 0..50 {
            assert!(store.insert_game(&game(&format!("g{g}"))).await.is_ok());
        }
        // 50 games × 10 moves, saved concurrently (each game's moves in order).
        let mut tasks = Vec::new();
        for g in 0..50 {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let mut row = game(&format!("g{g}"));
                for ply in 0..10 {
                    row.status = "started".to_string();
                    row.white_ms = Some(1000 - ply);
                    let m = MoveRow {
                        ply,
                        uci: "e2e4".to_string(),
                        offer: ply % 2 == 0,
                        white_ms: Some(1000 - ply),
                        black_ms: None,
                    };
                    if let Err(e) = store.save(&row, Some(&m)).await {
                        panic!("save: {e}");
                    }
                }
            }));
        }
        for t in tasks {
            assert!(t.await.is_ok());
        }
        // A save that cannot be stored (the same ply twice) fails alone.
        let dup = MoveRow {
            ply: 3,
            uci: "e2e4".to_string(),
            offer: false,
            white_ms: None,
            black_ms: None,
        };
        let (g0, g1) = (game("g0"), game("g1"));
        let (bad, good) = tokio::join!(store.save(&g0, Some(&dup)), store.save(&g1, None));
        assert!(bad.is_err());
        assert!(good.is_ok());
        for g in 0..50 {
            let Ok(Some((row, moves))) = store.load(&format!("g{g}")).await else {
                panic!("game g{g} is missing");
            };
            assert_eq!(moves.len(), 10, "g{g}");
            assert!(moves[4].offer);
            if g > 1 {
                assert_eq!(row.white_ms, Some(991));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
