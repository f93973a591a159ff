//! The statements the group writer ([`super::writer`]) sends: a game
//! inserted, moves inserted (alone or with their games' rows), games'
//! rows updated over the versions they replace, takebacks and offers, each
//! many rows at a time, for SQLite and PostgreSQL, under a cluster's fence
//! where there is one. Only placeholders are formatted into their text.

use sqlx::AssertSqlSafe;

use super::{Fence, GameRow, MoveRow, StoreError};
use crate::wire::{PgnResult, Side, TerminationCode};

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

/// How a group is written: the placeholders, and in a cluster the fence
/// (with the database's clock as SQL) that each game's update must pass.
#[derive(Clone, Copy)]
pub(super) struct Target<'a> {
    pub(super) ph: Placeholders,
    pub(super) fence: Option<(&'a Fence, &'static str)>,
}

/// The sizes a multi-row statement comes in: a group is cut into pieces of
/// these sizes, largest first, so that the database prepares (and sqlx
/// caches) a handful of statements rather than one for every group size.
const CHUNK_SIZES: [usize; 4] = [64, 16, 4, 1];

/// Cuts `items` into pieces of the sizes in [`CHUNK_SIZES`].
pub(super) fn chunks<T>(items: &[T]) -> Vec<&[T]> {
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

/// The parameters of one move in [`insert_moves_sql`].
const MOVE_COLUMNS: usize = 9;

/// A game's stored version, in SQL: its row's, or its last move's where
/// that is newer (a move stored alone, [`super::Commit::move_only`]; the versions
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
/// games' whole change, [`super::Commit::move_only`]), a move is inserted only
/// while its game's stored version is the one its commit replaces (and,
/// in a cluster, the game the node's while its lease holds: the fence).
pub(super) fn insert_moves_sql(to: Target<'_>, n: usize, alone: bool) -> String {
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
pub(super) fn bind_moves<'q>(
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
pub(super) async fn insert_moves(
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

/// A takeback inside `tx`: the game's row `g` written over the version it
/// replaces ([`update_games`]), then its moves from `from_ply` on removed.
/// The row first: the version it replaces may be a move's (stored alone)
/// that the takeback removes.
pub(super) async fn take_back(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    to: Target<'_>,
    g: &GameRow,
    from_ply: i64,
) -> Result<(), StoreError> {
    update_games(tx, to, &[g]).await?;
    at_ply(
        tx,
        "DELETE FROM moves WHERE game_id = $1 AND ply >= $2",
        &g.id,
        from_ply,
    )
    .await
}

/// Marks a game's move as made with a draw offer inside `tx` (bit 0 of
/// `offer`).
pub(super) async fn mark_offer(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    ply: i64,
) -> Result<(), StoreError> {
    at_ply(
        tx,
        "UPDATE moves SET offer = offer | 1 WHERE game_id = $1 AND ply = $2",
        id,
        ply,
    )
    .await
}

/// Runs `sql`, a statement on the moves of game `$1` from or at ply `$2`,
/// inside `tx`.
async fn at_ply(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    sql: &'static str,
    id: &str,
    ply: i64,
) -> Result<(), StoreError> {
    sqlx::query(sql)
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
         white_rating, black_rating, deadline, white_provisional, black_provisional) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
         $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33)",
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
    .bind(i64::from(g.white_provisional))
    .bind(i64::from(g.black_provisional))
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
pub(super) fn update_games_sql(to: Target<'_>, n: usize) -> String {
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
pub(super) fn bind_updates<'q>(
    mut query: Query<'q>,
    to: Target<'q>,
    games: &[&'q GameRow],
) -> Query<'q> {
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
pub(super) fn stale<'a>(mut games: impl Iterator<Item = &'a GameRow>) -> StoreError {
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
pub(super) async fn update_games(
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

    #[test]
    fn groups_are_cut_into_few_statement_shapes() {
        for n in 0..=super::super::writer::GROUP_MAX {
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
}
