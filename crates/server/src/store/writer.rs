//! The group-commit writer: every change of every game goes through it, so
//! one transaction (and one fsync) covers the saves that arrive together.
//! Each save is answered only after its transaction committed; if a group
//! fails, its saves are retried one by one, so one bad save cannot fail the
//! others.

use std::sync::{Arc, PoisonError, RwLock};

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, AssertSqlSafe, Connection as _, Executor as _};
use tokio::sync::{mpsc, oneshot};

use super::statements::{
    bind_moves, bind_updates, chunks, insert_game, insert_moves, insert_moves_sql, mark_offer,
    stale, take_back, update_games, update_games_sql,
};
pub(super) use super::statements::{Placeholders, Target};
use super::{Change, Commit, Fence, GameRow, MoveRow, StoreError};

/// One commit waiting for the writer.
pub(super) struct Job {
    pub(super) commit: Commit,
    pub(super) done: oneshot::Sender<Result<(), StoreError>>,
}

/// The most commits one transaction takes.
pub(super) const GROUP_MAX: usize = 256;

/// The writer's connection. One connection writes every group, so that its
/// page cache and its prepared statements stay good from one group to the
/// next (SQLite: a connection that another wrote behind reads the changed
/// pages again; each connection prepares each statement shape anew). After
/// a failed write it goes back to the pool (which checks it), and the next
/// group takes one afresh.
struct Writer {
    pool: AnyPool,
    conn: Option<PoolConnection<Any>>,
    /// Keep the connection between groups (not with a pool of one, where
    /// the readers would wait for it for ever).
    hold: bool,
    /// The WAL is copied into the database beside the writer (SQLite).
    checkpoints: bool,
}

/// The writer's page cache on SQLite, in KiB: the pages that moves touch
/// (each game's row and its moves' index) stay in memory.
const WRITER_CACHE_KIB: i64 = 32 * 1024;

impl Writer {
    async fn connection(&mut self) -> Result<&mut PoolConnection<Any>, StoreError> {
        let conn = match self.conn.take() {
            Some(conn) => conn,
            None => {
                let mut conn = self.pool.acquire().await?;
                if conn.backend_name().eq_ignore_ascii_case("sqlite") {
                    let cache = format!("PRAGMA cache_size = -{WRITER_CACHE_KIB}");
                    // Built from the constants here, no input in them.
                    conn.execute(AssertSqlSafe(cache)).await?;
                    conn.execute(WRITER_TEMP_STORE).await?;
                    if self.checkpoints {
                        let net = format!("PRAGMA wal_autocheckpoint = {WRITER_CHECKPOINT_PAGES}");
                        conn.execute(AssertSqlSafe(net)).await?;
                    }
                }
                conn
            }
        };
        Ok(self.conn.insert(conn))
    }

    async fn write(&mut self, to: Target<'_>, group: &[&Commit]) -> Result<(), StoreError> {
        let written = match self.connection().await {
            Ok(conn) => write_group(conn, to, group).await,
            Err(e) => Err(e),
        };
        // A database error may have broken the connection; a stale save
        // has not.
        if matches!(written, Err(StoreError::Database(_))) || !self.hold {
            self.conn = None;
        }
        written
    }
}

/// Where the writer's connection keeps SQLite's temporary files: in
/// memory. A move stored alone is inserted by a statement that reads the
/// moves it writes to (its game's stored version), so SQLite first
/// gathers the rows in a temporary table; and a statement that changes
/// more than 64 KiB of pages spills its statement journal to a temporary
/// file. Both went through files, about 5 % of the server's CPU under load.
/// What they hold is a group's worth of rows and pages.
const WRITER_TEMP_STORE: &str = "PRAGMA temp_store = MEMORY";

/// How long the writer waits for more commits when several (but fewer
/// than [`GATHER_ENOUGH`]) came in while it wrote the last group, as they
/// do on a busy server; a lone commit is written at once. (Tokio's timer
/// rounds up to its next millisecond: the wait is 1–2 ms.) Each group costs a
/// transaction, an fsync (about 40 µs of CPU on the machine of
/// BENCHMARKS.md, and most of a millisecond of waiting) and the pages every
/// group rewrites; at 10,000 moves a second, groups of seven or eight
/// commits became groups of about twenty-three, and the server's CPU a move
/// fell by a sixth.
const GATHER_WAIT: std::time::Duration = std::time::Duration::from_millis(1);

/// A group this large is written without waiting for more: the writer is
/// behind (after a slow fsync, say), and waiting would only add to it.
const GATHER_ENOUGH: usize = 32;

/// How often the WAL is copied into the database on SQLite, beside the
/// writer (see [`run`]).
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The WAL's size, in pages, at which the writer copies it into the
/// database itself: a safety net, should the checkpoints beside it fall
/// behind (SQLite's default is 1,000 pages).
const WRITER_CHECKPOINT_PAGES: i64 = 40_000;

/// Runs until every sender is gone. On a SQLite file the WAL is copied
/// into the database every [`CHECKPOINT_EVERY`] on another connection,
/// beside the writer, instead of inside the commit that fills it (which
/// held up the group behind it, and copied each busy page over and over).
pub(super) async fn run(
    pool: AnyPool,
    hold: bool,
    ph: Placeholders,
    fence: Arc<RwLock<Option<Fence>>>,
    mut jobs: mpsc::Receiver<Job>,
) {
    let now_ms = super::nodes::now_ms_sql(ph == Placeholders::Numbered);
    let checkpoints = hold && ph == Placeholders::Anonymous;
    let mut writer = Writer {
        pool: pool.clone(),
        conn: None,
        hold,
        checkpoints,
    };
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut checkpoint: Option<tokio::task::JoinHandle<()>> = None;
    let mut batch: Vec<Job> = Vec::with_capacity(GROUP_MAX);
    loop {
        let first = tokio::select! {
            job = jobs.recv() => match job {
                Some(job) => job,
                None => break,
            },
            _ = every.tick(), if checkpoints => {
                if checkpoint.as_ref().is_none_or(tokio::task::JoinHandle::is_finished) {
                    checkpoint = Some(tokio::spawn(copy_wal(pool.clone())));
                }
                continue;
            }
        };
        batch.push(first);
        gather(&mut jobs, &mut batch);
        if batch.len() > 1 && batch.len() < GATHER_ENOUGH {
            // Commits are coming in together: a moment more for the ones
            // on their way, so that one transaction and one fsync serve
            // more of them.
            tokio::time::sleep(GATHER_WAIT).await;
            gather(&mut jobs, &mut batch);
        }
        let group: Vec<&Commit> = batch.iter().map(|j| &j.commit).collect();
        let started = std::time::Instant::now();
        let current = fence.read().unwrap_or_else(PoisonError::into_inner).clone();
        let target = Target {
            ph,
            fence: current.as_ref().map(|f| (f, now_ms)),
        };
        let written = writer.write(target, &group).await;
        tracing::debug!(
            commits = group.len(),
            micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX),
            "group written"
        );
        if written.is_ok() {
            for job in batch.drain(..) {
                let _ = job.done.send(Ok(()));
            }
        } else {
            if let Err(e) = written {
                tracing::warn!(error = %e, commits = batch.len(), "a group commit failed; retrying its commits one by one");
            }
            for job in batch.drain(..) {
                let result = writer.write(target, &[&job.commit]).await;
                let _ = job.done.send(result);
            }
        }
    }
}

/// Adds to `batch` the jobs waiting, up to [`GROUP_MAX`].
fn gather(jobs: &mut mpsc::Receiver<Job>, batch: &mut Vec<Job>) {
    while batch.len() < GROUP_MAX {
        match jobs.try_recv() {
            Ok(job) => batch.push(job),
            Err(_) => break,
        }
    }
}

/// Copies what it can of SQLite's WAL into the database without waiting
/// for anyone (a passive checkpoint), on a connection of its own.
async fn copy_wal(pool: AnyPool) {
    let started = std::time::Instant::now();
    match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_optional(&pool)
        .await
    {
        Ok(_) => tracing::debug!(
            micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX),
            "WAL copied"
        ),
        Err(e) => tracing::warn!(error = %e, "the WAL was not copied into the database"),
    }
}

/// Writes commits in one transaction: new games and takebacks one statement
/// each (they are rare), the moves in multi-row INSERTs and the games' new
/// states in multi-row UPDATEs (a few statements for the whole group instead
/// of two per commit: each statement is a round trip to the database). A
/// group that names a game twice is written commit by commit, in order.
async fn write_group(
    conn: &mut PoolConnection<Any>,
    to: Target<'_>,
    group: &[&Commit],
) -> Result<(), StoreError> {
    let mut tx = conn.begin().await?;
    if names_a_game_twice(group) {
        for c in group {
            write_one(&mut tx, to, c).await?;
        }
        tx.commit().await?;
        return Ok(());
    }
    let mut moves: Vec<(&GameRow, &MoveRow)> = Vec::new();
    let mut moves_only: Vec<(&GameRow, &MoveRow)> = Vec::new();
    let mut updates: Vec<&GameRow> = Vec::new();
    for c in group {
        for extra in &c.inserts {
            insert_game(&mut tx, to, extra).await?;
        }
        match &c.change {
            Change::Insert => insert_game(&mut tx, to, &c.row).await?,
            Change::State => updates.push(&c.row),
            Change::Move(m) if alone(to, c) => moves_only.push((&c.row, m)),
            Change::Move(m) => {
                moves.push((&c.row, m));
                updates.push(&c.row);
            }
            Change::TakeBack { from_ply } => take_back(&mut tx, to, &c.row, *from_ply).await?,
            Change::Offer { ply } => {
                mark_offer(&mut tx, &c.row.id, *ply).await?;
                updates.push(&c.row);
            }
        }
    }
    if to.ph == Placeholders::Anonymous {
        // SQLite: every piece in one request to its worker thread (sqlx
        // runs the statements of one query in turn, each taking its share
        // of the parameters), not one request a piece — on a busy machine
        // each request waited for that thread to be scheduled.
        let (move_parts, only_parts) = (chunks(&moves), chunks(&moves_only));
        let update_parts = chunks(&updates);
        let mut sql = String::new();
        for (parts, alone) in [(&move_parts, false), (&only_parts, true)] {
            for part in parts {
                sql.push_str(&insert_moves_sql(to, part.len(), alone));
                sql.push_str(";\n");
            }
        }
        for part in &update_parts {
            sql.push_str(&update_games_sql(to, part.len()));
            sql.push_str(";\n");
        }
        if !sql.is_empty() {
            // Only placeholders are formatted into the text: nothing from
            // input.
            let mut query = sqlx::query(AssertSqlSafe(sql));
            for part in &move_parts {
                query = bind_moves(query, to, part, false);
            }
            for part in &only_parts {
                query = bind_moves(query, to, part, true);
            }
            for part in &update_parts {
                query = bind_updates(query, to, part);
            }
            let done = query.execute(&mut *tx).await?;
            // Each move inserts a row and each update writes one.
            let expected = moves.len() + moves_only.len() + updates.len();
            if usize::try_from(done.rows_affected()).is_ok_and(|n| n != expected) {
                let games = moves_only.iter().map(|(g, _)| *g);
                return Err(stale(updates.iter().copied().chain(games)));
            }
        }
    } else {
        for part in chunks(&moves) {
            insert_moves(&mut tx, to, part, false).await?;
        }
        for part in chunks(&moves_only) {
            insert_moves(&mut tx, to, part, true).await?;
        }
        for part in chunks(&updates) {
            update_games(&mut tx, to, part).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Whether `c` is written as its move's row alone ([`Commit::move_only`]):
/// on a single server. In a cluster every move writes its game's row too:
/// the row's lock orders the move with another node's claim of the game
/// (on PostgreSQL a move inserted alone checks the row without locking
/// it, so a node whose lease had just run out could store a move beside
/// the new owner's first change).
fn alone(to: Target<'_>, c: &Commit) -> bool {
    c.move_only && to.fence.is_none()
}

/// Whether two commits of the group change the same game (then their order
/// matters, and they are written one after the other).
fn names_a_game_twice(group: &[&Commit]) -> bool {
    let mut ids: Vec<&str> = group
        .iter()
        .flat_map(|c| std::iter::once(&c.row).chain(&c.inserts))
        .map(|g| g.id.as_str())
        .collect();
    ids.sort_unstable();
    ids.windows(2).any(|w| w[0] == w[1])
}

/// Writes one commit inside `tx`, statement by statement.
async fn write_one(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    to: Target<'_>,
    c: &Commit,
) -> Result<(), StoreError> {
    for extra in &c.inserts {
        insert_game(tx, to, extra).await?;
    }
    match &c.change {
        Change::Insert => return insert_game(tx, to, &c.row).await,
        Change::State => {}
        Change::Move(m) if alone(to, c) => return insert_moves(tx, to, &[(&c.row, m)], true).await,
        Change::Move(m) => insert_moves(tx, to, &[(&c.row, m)], false).await?,
        Change::TakeBack { from_ply } => return take_back(tx, to, &c.row, *from_ply).await,
        Change::Offer { ply } => mark_offer(tx, &c.row.id, *ply).await?,
    }
    update_games(tx, to, &[&c.row]).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::game;
    use crate::store::Store;
    use crate::wire::Status;

    fn commit(row: &GameRow, change: Change) -> Commit {
        let mut row = row.clone();
        row.version += 1;
        row.updated_at += 1;
        row.status = Status::Started;
        row.white_ms = Some(row.version * 100);
        // Each commit's id its own, as the server draws them.
        row.commit_id = row.version;
        Commit {
            row,
            change,
            inserts: Vec::new(),
            move_only: false,
        }
    }

    fn move_at(ply: i64) -> Change {
        Change::Move(MoveRow {
            ply,
            uci: format!("m{ply}"),
            offer: ply == 1,
            declared: false,
            white_ms: Some(ply),
            black_ms: None,
        })
    }

    async fn stored(store: &Store, id: &str) -> (GameRow, Vec<MoveRow>) {
        match store.load(id).await {
            Ok(Some(found)) => found,
            other => panic!("{id}: {other:?}"),
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_s_wal_is_copied_into_the_database_beside_the_writer() {
        // SQLite only: the database file grows only when the WAL is copied
        // into it, and the writer's own safety net (40,000 pages) is far.
        let dir = std::env::temp_dir().join(format!("sakk-wal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("t.db");
        let url = format!("sqlite://{}", file.display());
        let store = match Store::open(&url).await {
            Ok(store) => store,
            Err(e) => panic!("{url}: {e}"),
        };
        let size = || std::fs::metadata(&file).map_or(0, |m| m.len());
        // Let the first copy (of the schema) pass, then write.
        tokio::time::sleep(CHECKPOINT_EVERY + CHECKPOINT_EVERY / 2).await;
        let before = size();
        for i in 0..300 {
            let commit = Commit {
                row: game(&format!("g{i}")),
                change: Change::Insert,
                inserts: Vec::new(),
                move_only: false,
            };
            assert!(store.commit(commit).await.is_ok());
        }
        let written = size();
        let mut after = written;
        for _ in 0..40 {
            tokio::time::sleep(CHECKPOINT_EVERY / 4).await;
            after = size();
            if after > written {
                break;
            }
        }
        assert!(
            after > written && after > before,
            "the database file stayed at {written} bytes (before the writes: {before})"
        );
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_cluster_writes_the_row_with_every_move() {
        let mut c = commit(&game("x"), move_at(0));
        c.move_only = true;
        let fence = Fence {
            node: "n".to_string(),
            epoch: 1,
        };
        let single = Target {
            ph: Placeholders::Anonymous,
            fence: None,
        };
        let cluster = Target {
            ph: Placeholders::Numbered,
            fence: Some((&fence, "0")),
        };
        assert!(alone(single, &c));
        assert!(!alone(cluster, &c));
        c.move_only = false;
        assert!(!alone(single, &c));
    }

    #[tokio::test]
    async fn one_group_writes_every_kind_of_change_or_nothing() {
        // SQLite, or the PostgreSQL database of SAKK_TEST_DATABASE_URL (shared
        // with other tests: this test's games have ids of their own).
        let (url, dir, run) = crate::store::testing::database("writer");
        let id = |name: &str| format!("w{run}-{name}");
        let ph = Target {
            ph: if url.starts_with("postgres") {
                Placeholders::Numbered
            } else {
                Placeholders::Anonymous
            },
            fence: None,
        };
        let store = match Store::open(&url).await {
            Ok(store) => store,
            Err(e) => panic!("{url}: {e}"),
        };
        let mut conn = match store.pool.acquire().await {
            Ok(conn) => conn,
            Err(e) => panic!("{url}: {e}"),
        };
        let rows: Vec<GameRow> = (0..70).map(|i| game(&id(&format!("g{i}")))).collect();
        let inserts: Vec<Commit> = rows
            .iter()
            .map(|r| Commit {
                row: r.clone(),
                change: Change::Insert,
                inserts: Vec::new(),
                move_only: false,
            })
            .collect();
        let group: Vec<&Commit> = inserts.iter().collect();
        assert!(write_group(&mut conn, ph, &group).await.is_ok());

        // 69 moves (more than one statement's worth), a state change, and a
        // stale save: the whole group is refused and nothing is written.
        let mut changes: Vec<Commit> = rows[..69].iter().map(|r| commit(r, move_at(0))).collect();
        let mut stale = commit(&rows[69], Change::State);
        stale.row.version = 5;
        changes.push(stale);
        let group: Vec<&Commit> = changes.iter().collect();
        assert!(matches!(
            write_group(&mut conn, ph, &group).await,
            Err(StoreError::Stale { .. })
        ));
        let (g0, moves) = stored(&store, &id("g0")).await;
        assert_eq!((g0.version, moves.len()), (0, 0));

        // Without it, all are written, each game with its own state.
        changes.pop();
        changes.push(commit(&rows[69], Change::State));
        let group: Vec<&Commit> = changes.iter().collect();
        assert!(write_group(&mut conn, ph, &group).await.is_ok());
        for (i, c) in changes.iter().enumerate() {
            let (row, moves) = stored(&store, &c.row.id).await;
            assert_eq!(row, c.row);
            assert_eq!(moves.len(), usize::from(i < 69), "{}", c.row.id);
        }

        // A takeback, a new game with a move, and two moves of one game
        // (written in order) in one group.
        let (g1, _) = stored(&store, &id("g1")).await;
        let (g2, _) = stored(&store, &id("g2")).await;
        let back = commit(&g1, Change::TakeBack { from_ply: 0 });
        let mut with_rematch = commit(&g2, move_at(1));
        with_rematch.inserts.push(game(&id("rematch")));
        let (g69, _) = stored(&store, &id("g69")).await;
        let first = commit(&g69, move_at(0));
        let second = commit(&first.row, move_at(1));
        let group = [&back, &with_rematch, &first, &second];
        assert!(write_group(&mut conn, ph, &group).await.is_ok());
        let (g1, moves) = stored(&store, &id("g1")).await;
        assert_eq!((g1.version, moves.len()), (2, 0));
        let (_, moves) = stored(&store, &id("g2")).await;
        assert_eq!(moves.iter().map(|m| m.ply).collect::<Vec<_>>(), [0, 1]);
        assert!(moves[1].offer);
        let (g69, moves) = stored(&store, &id("g69")).await;
        assert_eq!((g69.version, moves.len()), (3, 2));
        assert!(matches!(store.load(&id("rematch")).await, Ok(Some(_))));

        // Moves alone (their rows keep their games' whole change), more
        // than one statement's worth, and one over a version that is not
        // the stored one: the group is refused, nothing written.
        let mut alone = Vec::new();
        for i in 3..40 {
            let (g, moves) = stored(&store, &id(&format!("g{i}"))).await;
            let mut c = commit(&g, move_at(i64::try_from(moves.len()).unwrap_or(0)));
            c.move_only = true;
            alone.push(c);
        }
        let (g40, _) = stored(&store, &id("g40")).await;
        let mut ahead = commit(&g40, move_at(1));
        ahead.row.version += 1;
        ahead.move_only = true;
        alone.push(ahead);
        let group: Vec<&Commit> = alone.iter().collect();
        assert!(matches!(
            write_group(&mut conn, ph, &group).await,
            Err(StoreError::Stale { .. })
        ));
        let (g3, moves) = stored(&store, &id("g3")).await;
        assert_eq!((g3.version, moves.len()), (1, 1));
        // Without it, each move is stored, its game's row is not, and the
        // game read back is at the move's version.
        alone.pop();
        let group: Vec<&Commit> = alone.iter().collect();
        assert!(write_group(&mut conn, ph, &group).await.is_ok());
        for c in &alone {
            let (read, moves) = stored(&store, &c.row.id).await;
            assert_eq!(
                (read.version, read.commit_id, moves.len()),
                (2, 2, 2),
                "{}",
                c.row.id
            );
            let raw = crate::store::testing::row_version(&store, &c.row.id).await;
            assert_eq!(raw, 1, "{}", c.row.id);
        }
        // A state over it is written; one over the row alone is stale.
        let (g3, _) = stored(&store, &id("g3")).await;
        let over_row = commit(&g3, Change::State);
        let mut behind = over_row.clone();
        behind.row.version = 2;
        assert!(matches!(
            write_group(&mut conn, ph, &[&behind]).await,
            Err(StoreError::Stale { .. })
        ));
        assert!(write_group(&mut conn, ph, &[&over_row]).await.is_ok());
        let (g3, _) = stored(&store, &id("g3")).await;
        assert_eq!(g3, over_row.row);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
