//! Storage: every game and every move, in SQLite (a file in the data
//! directory, WAL journal, full sync) or PostgreSQL (a `postgres://` URL),
//! with the same SQL for both (sqlx's `Any` driver; `$n` parameters, which
//! both understand). A move is written, in one transaction with the game's
//! new state, before it is acknowledged or broadcast.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::AnyConnection;
use sqlx::{AnyPool, AssertSqlSafe, Executor, Row};
use tokio::sync::{mpsc, oneshot};

pub use sakk_play::rows::{Change, GameRow, LastMove, MoveRow, Pending};

use crate::wire::{Opponent, PgnResult, Side, Status, TerminationCode};

mod accounts;
mod challenges;
mod deadlines;
mod imports;
mod lobby;
mod migrate;
mod nodes;
mod open_challenges;
mod perfs;
mod presence;
mod statements;
mod tournaments;
mod writer;

pub use accounts::{TokenRow, UserRow};
pub use challenges::{ChallengeRow, Control, GamesFilter};
pub use imports::ImportRow;
pub use lobby::{MemberRow, SeekColor, SeekRow};
pub use nodes::Claim;
pub use open_challenges::OpenChallengeRow;
pub use perfs::{GameCounts, Rated, Written};
pub use tournaments::TournamentRow;

/// Why a commit did not happen. Whatever the reason, nothing of it was
/// stored.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or could not be reached.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The stored game is not at the version this save replaces (a newer
    /// state is stored, or the game is gone).
    #[error("game {id}: version {version} does not follow the stored one")]
    Stale {
        /// The game.
        id: String,
        /// The version that was to be written.
        version: i64,
    },
    /// A failure injected by [`Store::fail_next_commits`].
    #[error("injected storage failure")]
    Injected,
    /// The writer has stopped (the server is shutting down).
    #[error("the storage writer has stopped")]
    Closed,
}

/// One atomic change of one game: its new row (whose `version` is one more
/// than the stored one, except for an insert), what else changes, and new
/// games inserted in the same transaction (a rematch).
#[derive(Clone, Debug, PartialEq)]
pub struct Commit {
    /// The game's state after the change.
    pub row: GameRow,
    /// What else is written.
    pub change: Change,
    /// Games created with this change.
    pub inserts: Vec<GameRow>,
    /// A move whose row keeps the whole change ([`GameRow::moved_only_from`]
    /// the stored row): only the move is written, while the game's row is
    /// not newer than the version this commit replaces (nor, in a cluster,
    /// another node's).
    pub move_only: bool,
}

/// The games (`g`), each with its last move (`last`, none without moves):
/// what [`GAME_COLUMNS`] reads.
pub(crate) const GAMES: &str = "games g LEFT JOIN moves last ON last.game_id = g.id \
     AND last.ply = (SELECT MAX(m.ply) FROM moves m WHERE m.game_id = g.id)";

/// The columns a game's row is read from ([`GAMES`]): the row's own and
/// what its last move keeps of it.
pub(crate) const GAME_COLUMNS: &str = "g.*, last.version AS last_version, \
     last.commit_id AS last_commit_id, last.at AS last_at, last.white_ms AS last_white_ms, \
     last.black_ms AS last_black_ms";

/// The column text of a game's pending state.
pub(crate) fn pending_column(pending: Option<&Pending>) -> Option<String> {
    pending.and_then(|p| serde_json::to_string(p).ok())
}

/// A game's pending state from its column's text.
fn pending_from_column(r: &AnyRow) -> Result<Option<Pending>, sqlx::Error> {
    let text: Option<String> = r.try_get("pending")?;
    text.map(|t| {
        serde_json::from_str(&t).map_err(|e| sqlx::Error::ColumnDecode {
            index: "pending".to_string(),
            source: Box::new(e),
        })
    })
    .transpose()
}

/// A cluster node's mark on its commits: its name and the epoch of its
/// lease ([`nodes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    /// The node.
    pub node: String,
    /// The epoch it joined with.
    pub epoch: i64,
}

/// The database.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// PostgreSQL (else SQLite).
    postgres: bool,
    /// In a cluster: the node's fence, which every commit must pass.
    fence: Arc<std::sync::RwLock<Option<Fence>>>,
    /// The group-commit writer.
    writer: mpsc::Sender<writer::Job>,
    /// Commits still to fail ([`Store::fail_next_commits`]).
    failures: Arc<AtomicU32>,
}

/// The rows of a page of the games list, with each game's number of moves.
pub type Page = Vec<(GameRow, i64)>;

/// A column holding one of an enum's stored names.
fn named<T>(r: &AnyRow, column: &str, parse: fn(&str) -> Option<T>) -> Result<T, sqlx::Error> {
    named_opt(r, column, parse)?.ok_or_else(|| sqlx::Error::ColumnDecode {
        index: column.to_string(),
        source: "unexpected NULL".into(),
    })
}

/// [`named`], for a column that may be NULL.
fn named_opt<T>(
    r: &AnyRow,
    column: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<Option<T>, sqlx::Error> {
    let text: Option<String> = r.try_get(column)?;
    text.map(|t| {
        parse(&t).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: column.to_string(),
            source: format!("unknown value {t:?}").into(),
        })
    })
    .transpose()
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

/// How long a PostgreSQL statement waits for a row lock before it gives
/// up (a node paused in the middle of a write holds its locks).
pub const LOCK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);
/// How long PostgreSQL lets a session sit in an open transaction before it
/// ends the session and frees its locks (a node paused or cut off in the
/// middle of a write; ours take milliseconds).
pub const IDLE_IN_TRANSACTION_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// The longest any one statement may run.
pub const STATEMENT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// The statements that set a PostgreSQL session's time limits, as every
/// connection of the server runs them.
pub fn postgres_session() -> Vec<String> {
    [
        ("lock_timeout", LOCK_TIMEOUT),
        (
            "idle_in_transaction_session_timeout",
            IDLE_IN_TRANSACTION_TIMEOUT,
        ),
        ("statement_timeout", STATEMENT_TIMEOUT),
    ]
    .iter()
    .map(|(name, limit)| format!("SET {name} = {}", limit.as_millis()))
    .collect()
}

/// Each new connection's settings. SQLite: WAL, full sync, foreign keys, a
/// busy wait. PostgreSQL: the session's time limits, so that a node that
/// stops in the middle of a write holds its locks seconds, not for ever,
/// and no other node waits on them longer than [`LOCK_TIMEOUT`].
async fn configure(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    if conn.backend_name().eq_ignore_ascii_case("postgresql")
        || conn.backend_name().eq_ignore_ascii_case("postgres")
    {
        for set in postgres_session() {
            // Built from the constants above, no input in it.
            sqlx::query(sqlx::AssertSqlSafe(set))
                .execute(&mut *conn)
                .await?;
        }
    }
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
            .acquire_timeout(std::time::Duration::from_secs(5))
            .after_connect(|conn, _| Box::pin(async move { configure(conn).await }))
            .connect(&url)
            .await?;
        migrate::migrate(&pool, postgres).await?;
        let (tx, jobs) = mpsc::channel(4 * writer::GROUP_MAX);
        let placeholders = writer::Placeholders::of(postgres);
        let fence = Arc::new(std::sync::RwLock::new(None));
        tokio::spawn(writer::run(
            pool.clone(),
            !memory,
            placeholders,
            Arc::clone(&fence),
            jobs,
        ));
        Ok(Store {
            pool,
            postgres,
            fence,
            writer: tx,
            failures: Arc::new(AtomicU32::new(0)),
        })
    }

    /// Whether the database is PostgreSQL (a cluster needs it).
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// Sets the fence every later commit must pass (a cluster node's name
    /// and epoch), or none (a single server).
    pub fn set_fence(&self, fence: Option<Fence>) {
        *self
            .fence
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = fence;
    }

    /// Makes the next `n` commits fail as if the database had refused them
    /// (fault injection for tests and drills: nothing is written).
    pub fn fail_next_commits(&self, n: u32) {
        self.failures.store(n, Ordering::SeqCst);
    }

    /// Commits one change of one game (in a transaction shared with other
    /// games' commits that arrive at the same time: group commit); returns
    /// once it is durable.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing of this commit was stored.
    pub async fn commit(&self, commit: Commit) -> Result<(), StoreError> {
        self.injected_failure()?;
        let (done, committed) = oneshot::channel();
        self.writer
            .send(writer::Job { commit, done })
            .await
            .map_err(|_| StoreError::Closed)?;
        committed.await.map_err(|_| StoreError::Closed)?
    }

    /// [`StoreError::Injected`] while [`Store::fail_next_commits`] has
    /// failures left (counting this one down).
    fn injected_failure(&self) -> Result<(), StoreError> {
        if self
            .failures
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
        {
            return Err(StoreError::Injected);
        }
        Ok(())
    }

    /// Whether the database answers (for readiness).
    ///
    /// # Errors
    /// A database error.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
    }

    /// A game's row as read with [`GAME_COLUMNS`] from [`GAMES`]: with
    /// what its last move keeps, when that is the newer.
    fn row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
        let last = match r.try_get::<Option<i64>, _>("last_version")? {
            Some(version) => Some(LastMove {
                version,
                commit_id: r.try_get::<Option<i64>, _>("last_commit_id")?.unwrap_or(0),
                at: r.try_get("last_at")?,
                white_ms: r.try_get("last_white_ms")?,
                black_ms: r.try_get("last_black_ms")?,
            }),
            None => None,
        };
        Ok(Store::row_alone(r)?.with_last_move(last.as_ref()))
    }

    /// A game's row as stored.
    fn row_alone(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: r.try_get("id")?,
            created_at: r.try_get("created_at")?,
            updated_at: r.try_get("updated_at")?,
            opponent: named(r, "opponent", Opponent::parse)?,
            white_token: r.try_get("white_token")?,
            black_token: r.try_get("black_token")?,
            human_color: named_opt(r, "human_color", Side::parse)?,
            level: r.try_get("level")?,
            start_fen: r.try_get("start_fen")?,
            clock: r.try_get("clock")?,
            rules: r.try_get("rules")?,
            status: named(r, "status", Status::parse)?,
            result: named_opt(r, "result", PgnResult::parse)?,
            termination: named_opt(r, "termination", TerminationCode::parse)?,
            ended_by: named_opt(r, "ended_by", Side::parse)?,
            white_ms: r.try_get("white_ms")?,
            black_ms: r.try_get("black_ms")?,
            draw_offer: named_opt(r, "draw_offer", Side::parse)?,
            rematch: r.try_get("rematch")?,
            tournament: r.try_get("tournament")?,
            version: r.try_get("version")?,
            pending: pending_from_column(r)?,
            commit_id: r.try_get("commit_id")?,
            white_user: r.try_get("white_user")?,
            black_user: r.try_get("black_user")?,
            rated: r.try_get::<i64, _>("rated")? != 0,
            white_rating: r.try_get("white_rating")?,
            black_rating: r.try_get("black_rating")?,
            white_provisional: r.try_get::<i64, _>("white_provisional")? != 0,
            black_provisional: r.try_get::<i64, _>("black_provisional")? != 0,
            deadline: r.try_get("deadline")?,
        })
    }

    /// A game's row without its moves (who plays it, its tournament, its
    /// result): what a request that does not replay the game reads.
    ///
    /// # Errors
    /// A database error.
    pub async fn game_row(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        // Built from constants: nothing from input.
        sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM {GAMES} WHERE g.id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| Store::row(&r))
        .transpose()
    }

    /// A game and its moves.
    ///
    /// # Errors
    /// A database error.
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, sqlx::Error> {
        let Some(game) = self.game_row(id).await? else {
            return Ok(None);
        };
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
                offer: m.try_get::<i64, _>("offer")? & 1 != 0,
                declared: m.try_get::<i64, _>("offer")? & 2 != 0,
                white_ms: m.try_get("white_ms")?,
                black_ms: m.try_get("black_ms")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        Ok(Some((game, moves)))
    }

    /// The commit id of a game's stored row (`None`: no such game): after
    /// a commit whose answer was lost, whether it was the one stored.
    ///
    /// # Errors
    /// A database error.
    pub async fn stored_commit(&self, id: &str) -> Result<Option<i64>, sqlx::Error> {
        Ok(self.game_row(id).await?.map(|g| g.commit_id))
    }

    /// A game's result (`1-0`, …; none while it goes on), without its
    /// moves; `None` when there is no such game.
    ///
    /// # Errors
    /// A database error.
    pub async fn game_result(&self, id: &str) -> Result<Option<Option<PgnResult>>, sqlx::Error> {
        sqlx::query("SELECT result FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| named_opt(&r, "result", PgnResult::parse))
            .transpose()
    }

    /// A page of the games list, newest first, optionally of one status,
    /// starting after `after` (the `(created_at, id)` of the last game of
    /// the previous page): keyset pagination on an index, so a page costs
    /// the same however far back it is.
    ///
    /// # Errors
    /// A database error.
    pub async fn page(
        &self,
        status: Option<Status>,
        after: Option<(i64, &str)>,
        limit: i64,
    ) -> Result<Page, sqlx::Error> {
        let (at, id) = after.unwrap_or((i64::MAX, ""));
        let rows = match status {
            Some(status) => {
                // Built from constants: nothing from input.
                sqlx::query(AssertSqlSafe(format!(
                    "SELECT {GAME_COLUMNS}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS n \
                     FROM {GAMES} WHERE g.status = $1 AND (g.created_at, g.id) < ($2, $3) \
                     ORDER BY g.created_at DESC, g.id DESC LIMIT $4"
                )))
                .bind(status.as_str())
                .bind(at)
                .bind(id)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
            None => {
                // Built from constants: nothing from input.
                sqlx::query(AssertSqlSafe(format!(
                    "SELECT {GAME_COLUMNS}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) AS n \
                     FROM {GAMES} WHERE (g.created_at, g.id) < ($1, $2) \
                     ORDER BY g.created_at DESC, g.id DESC LIMIT $3"
                )))
                .bind(at)
                .bind(id)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
        };
        rows.iter()
            .map(|r| Ok((Store::row(r)?, r.try_get("n")?)))
            .collect()
    }
}

/// What the storage's tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::GameRow;
    use crate::wire::{Opponent, Status};

    /// A game row with nothing but what the schema needs.
    pub(crate) fn game(id: &str) -> GameRow {
        GameRow {
            id: id.to_string(),
            opponent: Opponent::Friend,
            white_token: "w".to_string(),
            black_token: "b".to_string(),
            start_fen: "8/8/8/8/8/8/8/8 w - - 0 1".to_string(),
            rules: "{}".to_string(),
            status: Status::Created,
            ..GameRow::default()
        }
    }

    /// The version in a game's row as stored (not as read back with its
    /// last move: [`super::Store::row`]).
    pub(crate) async fn row_version(store: &super::Store, id: &str) -> i64 {
        use sqlx::Row as _;
        sqlx::query("SELECT version FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&store.pool)
            .await
            .and_then(|r| r.try_get("version"))
            .unwrap_or(-1)
    }

    /// The database a test runs on — PostgreSQL's of
    /// `SAKK_TEST_DATABASE_URL` (shared with other tests), or a fresh SQLite
    /// file in the directory returned — and a stamp to make the test's ids
    /// its own.
    pub(crate) fn database(name: &str) -> (String, std::path::PathBuf, u128) {
        let dir = std::env::temp_dir().join(format!("sakk-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        let url = std::env::var("SAKK_TEST_DATABASE_URL")
            .unwrap_or_else(|_| format!("sqlite://{}", dir.join("t.db").display()));
        let run = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        (url, dir, run)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::game;
    use super::*;

    #[test]
    fn passwords_are_masked() {
        assert_eq!(
            redact("postgres://sakk:secret@127.0.0.1:5432/sakk"),
            "postgres://sakk:***@127.0.0.1:5432/sakk"
        );
        assert_eq!(redact("postgres://sakk@host/db"), "postgres://sakk@host/db");
        assert_eq!(redact("sqlite:///tmp/a@b.db"), "sqlite:///tmp/a@b.db");
    }

    fn moved(mut row: GameRow, ply: i64) -> Commit {
        row.version += 1;
        // Each commit's id its own, as the server draws them.
        row.commit_id = 1_000 * row.version + ply;
        row.status = Status::Started;
        row.white_ms = Some(1000 - ply);
        Commit {
            change: Change::Move(MoveRow {
                ply,
                uci: "e2e4".to_string(),
                offer: ply % 2 == 0,
                declared: ply == 3,
                white_ms: Some(1000 - ply),
                black_ms: None,
            }),
            row,
            inserts: Vec::new(),
            move_only: false,
        }
    }

    fn insert(row: &GameRow) -> Commit {
        Commit {
            row: row.clone(),
            change: Change::Insert,
            inserts: Vec::new(),
            move_only: false,
        }
    }

    async fn temp_store(name: &str) -> (Store, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("sakk-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        let url = format!("sqlite://{}", dir.join("t.db").display());
        match Store::open(&url).await {
            Ok(store) => (store, dir),
            Err(e) => panic!("cannot open {url}: {e}"),
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_saves_are_grouped_and_all_committed() {
        let (store, dir) = temp_store("group").await;
        for g in 0..50 {
            assert!(store.commit(insert(&game(&format!("g{g}")))).await.is_ok());
        }
        // 50 games × 10 moves, saved concurrently (each game's moves in order).
        let mut tasks = Vec::new();
        for g in 0..50 {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let mut row = game(&format!("g{g}"));
                for ply in 0..10 {
                    let c = moved(row.clone(), ply);
                    row = c.row.clone();
                    if let Err(e) = store.commit(c).await {
                        panic!("save: {e}");
                    }
                }
            }));
        }
        for t in tasks {
            assert!(t.await.is_ok());
        }
        // A commit that cannot be stored (the same ply twice) fails alone.
        let Ok(Some((g0, _))) = store.load("g0").await else {
            panic!("g0 is missing");
        };
        let Ok(Some((g1, _))) = store.load("g1").await else {
            panic!("g1 is missing");
        };
        let mut state = g1.clone();
        state.version += 1;
        let only_state = Commit {
            row: state,
            change: Change::State,
            inserts: Vec::new(),
            move_only: false,
        };
        let (bad, good) = tokio::join!(store.commit(moved(g0, 3)), store.commit(only_state));
        assert!(bad.is_err());
        assert!(good.is_ok());
        for g in 0..50 {
            let Ok(Some((row, moves))) = store.load(&format!("g{g}")).await else {
                panic!("game g{g} is missing");
            };
            assert_eq!(moves.len(), 10, "g{g}");
            assert!(moves[4].offer && !moves[4].declared);
            assert!(moves[3].declared && !moves[3].offer);
            assert_eq!(row.white_ms, Some(991));
            assert_eq!(row.version, if g == 1 { 11 } else { 10 });
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_older_state_never_overwrites_a_newer_one() {
        let (store, dir) = temp_store("stale").await;
        let row = game("s");
        assert!(store.commit(insert(&row)).await.is_ok());
        let first = moved(row.clone(), 0);
        assert!(store.commit(first.clone()).await.is_ok());
        // The same version again (a save that lost a race): refused.
        let mut again = first.clone();
        again.change = Change::State;
        again.row.status = Status::Created;
        assert!(matches!(
            store.commit(again).await,
            Err(StoreError::Stale { .. })
        ));
        let Ok(Some((stored, moves))) = store.load("s").await else {
            panic!("s is missing");
        };
        assert_eq!(stored.status, Status::Started);
        assert_eq!(moves.len(), 1);
        // A takeback goes through the same path, in order.
        let mut back = stored.clone();
        back.version += 1;
        back.status = Status::Created;
        let takeback = Commit {
            row: back,
            change: Change::TakeBack { from_ply: 0 },
            inserts: vec![game("rematch")],
            move_only: false,
        };
        assert!(store.commit(takeback).await.is_ok());
        let Ok(Some((stored, moves))) = store.load("s").await else {
            panic!("s is missing");
        };
        assert_eq!((stored.version, moves.len()), (2, 0));
        assert!(matches!(store.load("rematch").await, Ok(Some(_))));
        // An injected failure writes nothing.
        store.fail_next_commits(1);
        let mut next = stored.clone();
        next.version += 1;
        let c = Commit {
            row: next,
            change: Change::State,
            inserts: Vec::new(),
            move_only: false,
        };
        assert!(matches!(
            store.commit(c.clone()).await,
            Err(StoreError::Injected)
        ));
        assert!(store.commit(c).await.is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A move stored alone (its row keeps the game's whole change): the
    /// game's row is not rewritten, and read back it carries the move's
    /// version, commit id, time and clocks; an older copy of the game can
    /// neither add a move nor write its row over it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_move_alone_is_read_back_with_its_game() {
        let (store, dir) = temp_store("alone").await;
        let row = game("a");
        assert!(store.commit(insert(&row)).await.is_ok());
        let first = moved(row.clone(), 0);
        assert!(store.commit(first.clone()).await.is_ok());
        let mut alone = moved(first.row.clone(), 1);
        alone.move_only = true;
        alone.row.updated_at = 4_242;
        alone.row.commit_id = 77;
        alone.row.black_ms = Some(555);
        if let Change::Move(m) = &mut alone.change {
            m.black_ms = Some(555);
        }
        assert!(store.commit(alone.clone()).await.is_ok());
        // The row as stored is the first move's; as read, the second's.
        assert_eq!(testing::row_version(&store, "a").await, 1);
        let Ok(Some((read, moves))) = store.load("a").await else {
            panic!("a is missing");
        };
        assert_eq!(moves.len(), 2);
        assert_eq!(
            (
                read.version,
                read.commit_id,
                read.updated_at,
                read.white_ms,
                read.black_ms
            ),
            (2, 77, 4_242, Some(999), Some(555))
        );
        assert_eq!(read, alone.row);
        assert!(matches!(store.stored_commit("a").await, Ok(Some(77))));
        assert!(matches!(store.game_row("a").await, Ok(Some(r)) if r == alone.row));
        // The copy before the second move: its own second move (the same
        // ply) and its state (over the version the move replaced) are
        // both stale.
        let mut late = moved(first.row.clone(), 1);
        late.move_only = true;
        assert!(matches!(
            store.commit(late).await,
            Err(StoreError::Stale { .. })
        ));
        let mut late = first.row.clone();
        late.version += 1;
        late.commit_id = 78;
        let late = Commit {
            row: late,
            change: Change::State,
            inserts: Vec::new(),
            move_only: false,
        };
        assert!(matches!(
            store.commit(late).await,
            Err(StoreError::Stale { .. })
        ));
        // A state over the state read back is stored, and read back wins.
        let mut ended = read.clone();
        ended.version += 1;
        ended.status = Status::Ended;
        ended.white_ms = Some(1);
        ended.commit_id = 79;
        let ended = Commit {
            row: ended,
            change: Change::State,
            inserts: Vec::new(),
            move_only: false,
        };
        assert!(store.commit(ended.clone()).await.is_ok());
        assert!(matches!(store.load("a").await, Ok(Some((r, _))) if r == ended.row));
        // A move alone over a row written since its copy: stale.
        let mut behind = moved(read, 2);
        behind.move_only = true;
        assert!(matches!(
            store.commit(behind).await,
            Err(StoreError::Stale { .. })
        ));
        // A takeback of moves stored alone: the version it replaces is
        // the last move's, which it removes.
        let mut game_b = game("b");
        assert!(store.commit(insert(&game_b)).await.is_ok());
        for ply in 0..4 {
            let mut c = moved(game_b.clone(), ply);
            c.move_only = ply > 0;
            game_b = c.row.clone();
            assert!(store.commit(c).await.is_ok());
        }
        let mut back = game_b.clone();
        back.version += 1;
        back.commit_id = 99;
        let back = Commit {
            row: back,
            change: Change::TakeBack { from_ply: 2 },
            inserts: Vec::new(),
            move_only: false,
        };
        assert!(store.commit(back.clone()).await.is_ok());
        let Ok(Some((read, moves))) = store.load("b").await else {
            panic!("b is missing");
        };
        assert_eq!((read.version, moves.len()), (5, 2));
        assert_eq!(read, back.row);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_list_pages_without_gaps_or_repeats() {
        let (store, dir) = temp_store("page").await;
        for i in 0..25 {
            let mut row = game(&format!("p{i:02}"));
            // Several games created in the same millisecond.
            row.created_at = 1_000 + i / 3;
            if i % 2 == 0 {
                row.status = Status::Ended;
            }
            assert!(store.commit(insert(&row)).await.is_ok());
        }
        for status in [None, Some(Status::Ended)] {
            let mut seen = Vec::new();
            let mut after: Option<(i64, String)> = None;
            loop {
                let page = match store
                    .page(status, after.as_ref().map(|(t, id)| (*t, id.as_str())), 4)
                    .await
                {
                    Ok(p) => p,
                    Err(e) => panic!("page: {e}"),
                };
                let Some((last, _)) = page.last() else { break };
                after = Some((last.created_at, last.id.clone()));
                seen.extend(page.into_iter().map(|(r, _)| r.id));
            }
            let mut expected: Vec<String> = (0..25)
                .filter(|i| status.is_none() || i % 2 == 0)
                .map(|i| format!("p{i:02}"))
                .collect();
            expected.reverse();
            assert_eq!(seen, expected);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
