//! Correspondence games (days a move) between their moves: their time runs
//! on in storage, with no node holding them. Every node looks for the
//! games whose deadline has passed and opens each where it is held (here,
//! or at its owner through [`dispatch`]): restored past its deadline, its
//! clock falls at once and the game ends on time as any other.

use std::collections::HashSet;
use std::time::Duration;

use crate::dispatch::dispatch;
use crate::live::unix_ms;
use crate::ops::{Caller, Op};
use crate::state::AppState;

/// How many overdue games one look opens.
const BATCH: usize = 100;

/// Opens the games whose deadline has passed (at most [`BATCH`]), passing
/// over those in `failed` (games that could not be opened before, which
/// would otherwise hold the head of the list for ever) and adding the ones
/// that fail now; returns how many it opened. A game another node holds is
/// opened there.
pub async fn end_overdue(state: &AppState, failed: &mut HashSet<String>) -> usize {
    let limit = i64::try_from(BATCH + failed.len()).unwrap_or(i64::MAX);
    let ids = match state.store().overdue(unix_ms(), limit).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::warn!(error = %e, "overdue correspondence games not read");
            return 0;
        }
    };
    let due: Vec<String> = ids
        .into_iter()
        .filter(|id| !failed.contains(id))
        .take(BATCH)
        .collect();
    let mut opened = 0;
    for id in due {
        match dispatch(state, &id, &Caller::anonymous(), Op::State).await {
            Ok(_) => opened += 1,
            Err(e) => {
                tracing::warn!(game = %id, error = %e, "overdue game not opened");
                failed.insert(id);
            }
        }
    }
    opened
}

/// How often the games that could not be opened are tried again.
const RETRY_FAILED: u32 = 20;

/// Runs until shutdown: [`end_overdue`] now and every `every` (the games
/// that failed are tried again every twentieth look).
pub async fn watch_deadlines(state: AppState, every: Duration) {
    let mut shutdown = state.shutdown_signal();
    let mut failed = HashSet::new();
    for look in 1u32.. {
        let opened = end_overdue(&state, &mut failed).await;
        if opened > 0 {
            tracing::info!(opened, "correspondence games past their deadline opened");
        }
        if look % RETRY_FAILED == 0 {
            failed.clear();
        }
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            _ = shutdown.changed() => return,
        }
    }
}
