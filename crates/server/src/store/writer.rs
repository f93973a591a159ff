//! The group-commit writer: every change of every game goes through it, so
//! one transaction (and one fsync) covers the saves that arrive together.
//! Each save is answered only after its transaction committed; if a group
//! fails, its saves are retried one by one, so one bad save cannot fail the
//! others.

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

use super::{Change, Commit, GameRow, StoreError};
use crate::wire::Side;

/// One commit waiting for the writer.
pub(super) struct Job {
    pub(super) commit: Commit,
    pub(super) done: oneshot::Sender<Result<(), StoreError>>,
}

/// The most commits one transaction takes.
pub(super) const GROUP_MAX: usize = 256;

/// Runs until every sender is gone.
pub(super) async fn run(pool: AnyPool, mut jobs: mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(GROUP_MAX);
    while let Some(first) = jobs.recv().await {
        batch.push(first);
        while batch.len() < GROUP_MAX {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let group: Vec<&Commit> = batch.iter().map(|j| &j.commit).collect();
        let written = write_group(&pool, &group).await;
        if written.is_ok() {
            for job in batch.drain(..) {
                let _ = job.done.send(Ok(()));
            }
        } else {
            if let Err(e) = written {
                tracing::warn!(error = %e, commits = batch.len(), "a group commit failed; retrying its commits one by one");
            }
            for job in batch.drain(..) {
                let result = write_group(&pool, &[&job.commit]).await;
                let _ = job.done.send(result);
            }
        }
    }
}

/// Writes commits in one transaction.
async fn write_group(pool: &AnyPool, group: &[&Commit]) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    for c in group {
        for extra in &c.inserts {
            insert_game(&mut tx, extra).await?;
        }
        match &c.change {
            Change::Insert => {
                insert_game(&mut tx, &c.row).await?;
                continue;
            }
            Change::State => {}
            Change::Move(m) => {
                sqlx::query("INSERT INTO moves (game_id, ply, uci, offer, white_ms, black_ms, at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                    .bind(&c.row.id)
                    .bind(m.ply)
                    .bind(&m.uci)
                    .bind(i64::from(m.offer) | (i64::from(m.declared) << 1))
                    .bind(m.white_ms)
                    .bind(m.black_ms)
                    .bind(c.row.updated_at)
                    .execute(&mut *tx)
                    .await?;
            }
            Change::TakeBack { from_ply } => {
                sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                    .bind(&c.row.id)
                    .bind(*from_ply)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        update_game(&mut tx, &c.row).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Inserts a new game inside `tx`.
async fn insert_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    g: &GameRow,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (id, created_at, updated_at, opponent, white_token, black_token, human_color, level, \
         start_fen, clock, rules, status, result, termination, ended_by, white_ms, black_ms, draw_offer, rematch, version) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
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
    .bind(&g.result)
    .bind(&g.termination)
    .bind(g.ended_by.map(Side::as_str))
    .bind(g.white_ms)
    .bind(g.black_ms)
    .bind(g.draw_offer.map(Side::as_str))
    .bind(&g.rematch)
    .bind(g.version)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Writes a game's changing fields inside `tx`, if the stored version is
/// the one this state replaces (`version - 1`): a save never overwrites a
/// newer one.
async fn update_game(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    g: &GameRow,
) -> Result<(), StoreError> {
    let done = sqlx::query(
        "UPDATE games SET updated_at = $1, status = $2, result = $3, termination = $4, ended_by = $5, \
         white_ms = $6, black_ms = $7, draw_offer = $8, rematch = $9, version = $10 \
         WHERE id = $11 AND version = $12",
    )
    .bind(g.updated_at)
    .bind(g.status.as_str())
    .bind(&g.result)
    .bind(&g.termination)
    .bind(g.ended_by.map(Side::as_str))
    .bind(g.white_ms)
    .bind(g.black_ms)
    .bind(g.draw_offer.map(Side::as_str))
    .bind(&g.rematch)
    .bind(g.version)
    .bind(&g.id)
    .bind(g.version - 1)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        Err(StoreError::Stale {
            id: g.id.clone(),
            version: g.version,
        })
    }
}
