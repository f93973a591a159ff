//! The group-commit writer: every change of every game goes through it, so
//! one transaction (and one fsync) covers the saves that arrive together.
//! Each save is answered only after its transaction committed; if a group
//! fails, its saves are retried one by one, so one bad save cannot fail the
//! others.

use std::sync::{Arc, PoisonError, RwLock};

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, AssertSqlSafe, Connection as _, Executor as _};
use tokio::sync::{mpsc, oneshot};

use super::{Change, Commit, Fence, GameRow, MoveRow, StoreError};
use crate::wire::{PgnResult, Side, TerminationCode};

/// One commit waiting for the writer.
pub(super) struct Job {
    pub(super) commit: Commit,
    pub(super) done: oneshot::Sender<Result<(), StoreError>>,
}

/// How a statement's parameters are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Placeholders {
    /// `$1, $2, …` (PostgreSQL; SQLite understands them too).
    Numbered,
    /// `?, ?, …` (SQLite): SQLite finds a numbered parameter by walking the
    /// list of names, so binding n numbered parameters costs n² — a
    /// 768-parameter statement spent more time binding than writing.
    Anonymous,
}

impl Placeholders {
    /// The kind the backend is best written with.
    pub(super) fn of(postgres: bool) -> Placeholders {
        if postgres {
            Placeholders::Numbered
        } else {
            Placeholders::Anonymous
        }
    }
}

/// The most commits one transaction takes.
pub(super) const GROUP_MAX: usize = 256;

/// How a group is written: the placeholders, and in a cluster the fence
/// (with the database's clock as SQL) that each game's update must pass.
#[derive(Clone, Copy)]
pub(super) struct Target<'a> {
    pub(super) ph: Placeholders,
    pub(super) fence: Option<(&'a Fence, &'static str)>,
}

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
        while batch.len() < GROUP_MAX {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
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
            Change::TakeBack { from_ply } => {
                // The row first: the version it replaces may be a move's
                // that the takeback removes.
                update_games(&mut tx, to, &[&c.row]).await?;
                take_back(&mut tx, &c.row.id, *from_ply).await?;
            }
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

/// The sizes a multi-row statement comes in: a group is cut into pieces of
/// these sizes, largest first, so that the database prepares (and sqlx
/// caches) a handful of statements rather than one for every group size.
const CHUNK_SIZES: [usize; 4] = [64, 16, 4, 1];

/// Cuts `items` into pieces of the sizes in [`CHUNK_SIZES`].
fn chunks<T>(items: &[T]) -> Vec<&[T]> {
    let mut out = Vec::new();
    let mut rest = items;
    for size in CHUNK_SIZES {
        while rest.len() >= size {
            let (head, tail) = rest.split_at(size);
            out.push(head);
            rest = tail;
        }
    }
    out
}

/// `($1, $2, …), ($k, …), …` (or `(?, ?, …), …`): `rows` tuples of
/// `columns` parameters.
fn values(ph: Placeholders, rows: usize, columns: usize) -> String {
    let mut out = String::with_capacity(rows * columns * 5);
    for r in 0..rows {
        if r > 0 {
            out.push_str(", ");
        }
        out.push('(');
        for c in 0..columns {
            if c > 0 {
                out.push_str(", ");
            }
            match ph {
                Placeholders::Numbered => {
                    out.push('$');
                    out.push_str(&(r * columns + c + 1).to_string());
                }
                Placeholders::Anonymous => out.push('?'),
            }
        }
        out.push(')');
    }
    out
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
        Change::TakeBack { from_ply } => {
            // The row first: the version it replaces may be a move's that
            // the takeback removes.
            update_games(tx, to, &[&c.row]).await?;
            return take_back(tx, &c.row.id, *from_ply).await;
        }
        Change::Offer { ply } => mark_offer(tx, &c.row.id, *ply).await?,
    }
    update_games(tx, to, &[&c.row]).await
}

/// The parameters of one move in [`insert_moves_sql`].
const MOVE_COLUMNS: usize = 9;

/// A game's stored version, in SQL: its row's, or its last move's where
/// that is newer (a move stored alone, [`Commit::move_only`]; the versions
/// of a game's moves grow with their plies), not counting a move of the
/// commit `own` (an expression; `NULL`: none). `game` names the game's id.
fn stored_version(ph: Placeholders, game: &str, own: &str) -> String {
    // SQLite's two-argument max is MAX, PostgreSQL's GREATEST (the
    // placeholders are the backend's: `Placeholders::of`).
    let greatest = match ph {
        Placeholders::Numbered => "GREATEST",
        Placeholders::Anonymous => "MAX",
    };
    format!(
        "{greatest}(games.version, COALESCE((SELECT m.version FROM moves m \
         WHERE m.game_id = {game} AND m.commit_id IS DISTINCT FROM {own} \
         ORDER BY m.ply DESC LIMIT 1), 0))"
    )
}

/// The statement that inserts `n` moves, each with the version and id of
/// its commit. A move already stored at its ply is not inserted (its
/// commit is then stale). With `alone` (moves whose rows keep their
/// games' whole change, [`Commit::move_only`]), a move is inserted only
/// while its game's stored version is the one its commit replaces (and,
/// in a cluster, the game the node's while its lease holds: the fence).
fn insert_moves_sql(to: Target<'_>, n: usize, alone: bool) -> String {
    const COLUMNS: &str = "game_id, ply, uci, offer, white_ms, black_ms, at, version, commit_id";
    let rows = values(to.ph, n, MOVE_COLUMNS);
    if !alone {
        return format!("INSERT INTO moves ({COLUMNS}) VALUES {rows} ON CONFLICT DO NOTHING");
    }
    format!(
        "INSERT INTO moves ({COLUMNS}) SELECT v.column1, v.column2, v.column3, v.column4, \
         v.column5, v.column6, v.column7, v.column8, v.column9 FROM (VALUES {rows}) AS v \
         WHERE EXISTS (SELECT 1 FROM games WHERE games.id = v.column1 \
         AND {} = v.column8 - 1{}) ON CONFLICT DO NOTHING",
        stored_version(to.ph, "v.column1", "NULL"),
        fenced(to, n * MOVE_COLUMNS)
    )
}

/// The fence's condition on a game's row (`games`) in a cluster (none on
/// a single server), its parameters after the statement's first `params`.
fn fenced(to: Target<'_>, params: usize) -> String {
    let param = |i: usize| match to.ph {
        Placeholders::Numbered => format!("${}", params + i),
        Placeholders::Anonymous => "?".to_string(),
    };
    match to.fence {
        None => String::new(),
        Some((_, now)) => format!(
            " AND games.owner = {} AND games.owner_epoch = {} AND EXISTS (SELECT 1 FROM nodes \
             WHERE nodes.name = {} AND nodes.epoch = {} AND nodes.expires_at > {now})",
            param(1),
            param(2),
            param(3),
            param(4)
        ),
    }
}

/// Binds the fence's parameters of [`fenced`], if any.
fn bind_fence<'q>(query: Query<'q>, to: Target<'q>) -> Query<'q> {
    match to.fence {
        Some((f, _)) => query
            .bind(f.node.as_str())
            .bind(f.epoch)
            .bind(f.node.as_str())
            .bind(f.epoch),
        None => query,
    }
}

/// A query of the type every statement here is.
type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Binds the parameters of [`insert_moves_sql`] for `moves`.
fn bind_moves<'q>(
    mut query: Query<'q>,
    to: Target<'q>,
    moves: &[(&'q GameRow, &'q MoveRow)],
    alone: bool,
) -> Query<'q> {
    for (g, m) in moves {
        query = query
            .bind(&g.id)
            .bind(m.ply)
            .bind(&m.uci)
            .bind(i64::from(m.offer) | (i64::from(m.declared) << 1))
            .bind(m.white_ms)
            .bind(m.black_ms)
            .bind(g.updated_at)
            .bind(g.version)
            .bind(g.commit_id);
    }
    if alone {
        query = bind_fence(query, to);
    }
    query
}

/// Inserts moves (each with the state of the game it belongs to) inside
/// `tx` ([`insert_moves_sql`]); every one, or the commits are stale.
async fn insert_moves(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    to: Target<'_>,
    moves: &[(&GameRow, &MoveRow)],
    alone: bool,
) -> Result<(), StoreError> {
    // Only placeholders are formatted into the text: nothing from input.
    let query = sqlx::query(AssertSqlSafe(insert_moves_sql(to, moves.len(), alone)));
    let done = bind_moves(query, to, moves, alone)
        .execute(&mut **tx)
        .await?;
    if usize::try_from(done.rows_affected()).is_ok_and(|n| n == moves.len()) {
        return Ok(());
    }
    Err(stale(moves.iter().map(|(g, _)| *g)))
}

/// Removes a game's moves from `from_ply` on inside `tx`.
async fn take_back(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    from_ply: i64,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
        .bind(id)
        .bind(from_ply)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Marks a game's move as made with a draw offer inside `tx` (bit 0 of
/// `offer`).
async fn mark_offer(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    ply: i64,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE moves SET offer = offer | 1 WHERE game_id = $1 AND ply = $2")
        .bind(id)
        .bind(ply)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Inserts a new game inside `tx` (in a cluster, owned by the node that
/// creates it).
pub(super) async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    to: Target<'_>,
    g: &GameRow,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (id, created_at, updated_at, opponent, white_token, black_token, human_color, level, \
         start_fen, clock, rules, status, result, termination, ended_by, white_ms, black_ms, draw_offer, rematch, version, \
         owner, owner_epoch, tournament, pending, commit_id, white_user, black_user, rated, \
         white_rating, black_rating, deadline) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
         $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31)",
    )
    .bind(&g.id)
    .bind(g.created_at)
    .bind(g.updated_at)
    .bind(g.opponent.as_str())
    .bind(&g.white_token)
    .bind(&g.black_token)
    .bind(g.human_color.map(Side::as_str))
    .bind(g.level)
    .bind(&g.start_fen)
    .bind(&g.clock)
    .bind(&g.rules)
    .bind(g.status.as_str())
    .bind(g.result.map(PgnResult::as_str))
    .bind(g.termination.map(TerminationCode::as_str))
    .bind(g.ended_by.map(Side::as_str))
    .bind(g.white_ms)
    .bind(g.black_ms)
    .bind(g.draw_offer.map(Side::as_str))
    .bind(&g.rematch)
    .bind(g.version)
    .bind(to.fence.map(|(f, _)| f.node.as_str()))
    .bind(to.fence.map(|(f, _)| f.epoch))
    .bind(&g.tournament)
    .bind(super::pending_column(g.pending.as_ref()))
    .bind(g.commit_id)
    .bind(&g.white_user)
    .bind(&g.black_user)
    .bind(i64::from(g.rated))
    .bind(g.white_rating)
    .bind(g.black_rating)
    .bind(g.deadline)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The parameters of one game in [`update_games_sql`].
const UPDATE_COLUMNS: usize = 14;

/// The statement that writes `n` games' new states, each over the
/// version it replaces (`version - 1`, the row's or a later move's, not
/// counting the move its own commit stores: [`stored_version`]), and in a
/// cluster only while the node's fence holds.
fn update_games_sql(to: Target<'_>, n: usize) -> String {
    // SQLite and PostgreSQL both name the columns of a VALUES list
    // column1, column2, …
    format!(
        "UPDATE games SET updated_at = v.column1, status = v.column2, result = v.column3, \
         termination = v.column4, ended_by = v.column5, white_ms = v.column6, black_ms = v.column7, \
         draw_offer = v.column8, rematch = v.column9, version = v.column10, pending = v.column12, \
         commit_id = v.column13, deadline = v.column14 \
         FROM (VALUES {}) AS v WHERE games.id = v.column11 AND {} = v.column10 - 1{}",
        values(to.ph, n, UPDATE_COLUMNS),
        stored_version(to.ph, "games.id", "v.column13"),
        fenced(to, n * UPDATE_COLUMNS)
    )
}

/// Binds the parameters of [`update_games_sql`] for `games`.
fn bind_updates<'q>(mut query: Query<'q>, to: Target<'q>, games: &[&'q GameRow]) -> Query<'q> {
    for g in games {
        query = query
            .bind(g.updated_at)
            .bind(g.status.as_str())
            .bind(g.result.map(PgnResult::as_str))
            .bind(g.termination.map(TerminationCode::as_str))
            .bind(g.ended_by.map(Side::as_str))
            .bind(g.white_ms)
            .bind(g.black_ms)
            .bind(g.draw_offer.map(Side::as_str))
            .bind(&g.rematch)
            .bind(g.version)
            .bind(&g.id)
            .bind(super::pending_column(g.pending.as_ref()))
            .bind(g.commit_id)
            .bind(g.deadline);
    }
    bind_fence(query, to)
}

/// The refusal of a group some of whose games are not at the versions its
/// saves replace (named by the first of them).
fn stale<'a>(mut games: impl Iterator<Item = &'a GameRow>) -> StoreError {
    let first = games
        .next()
        .map_or((String::new(), 0), |g| (g.id.clone(), g.version));
    StoreError::Stale {
        id: first.0,
        version: first.1,
    }
}

/// Writes games' changing fields inside `tx`, each if the stored version is
/// the one its new state replaces (`version - 1`): a save never overwrites a
/// newer one. Every game must be updated, or the whole statement counts as
/// stale (the group is then retried commit by commit, which names the
/// stale one). In a cluster each game must also still be the node's, and
/// the node's lease must hold, by the database's clock: the fence.
async fn update_games(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    to: Target<'_>,
    games: &[&GameRow],
) -> Result<(), StoreError> {
    // Only placeholders are formatted into the text: nothing from input.
    let query = sqlx::query(AssertSqlSafe(update_games_sql(to, games.len())));
    let done = bind_updates(query, to, games).execute(&mut **tx).await?;
    if usize::try_from(done.rows_affected()).is_ok_and(|n| n == games.len()) {
        return Ok(());
    }
    Err(stale(games.iter().copied()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::game;
    use crate::store::Store;
    use crate::wire::Status;
    use sqlx::Row as _;

    #[test]
    fn groups_are_cut_into_few_statement_shapes() {
        for n in 0..=GROUP_MAX {
            let items: Vec<usize> = (0..n).collect();
            let parts = chunks(&items);
            let joined: Vec<usize> = parts.iter().flat_map(|p| p.iter().copied()).collect();
            assert_eq!(joined, items, "{n}");
            assert!(parts.iter().all(|p| CHUNK_SIZES.contains(&p.len())));
            assert!(parts.len() <= n / 64 + 9, "{n}: {} parts", parts.len());
        }
        assert_eq!(
            values(Placeholders::Numbered, 2, 3),
            "($1, $2, $3), ($4, $5, $6)"
        );
        assert_eq!(values(Placeholders::Anonymous, 2, 2), "(?, ?), (?, ?)");
    }

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
            let raw: i64 = sqlx::query("SELECT version FROM games WHERE id = $1")
                .bind(&c.row.id)
                .fetch_one(&store.pool)
                .await
                .and_then(|r| r.try_get("version"))
                .unwrap_or(-1);
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
