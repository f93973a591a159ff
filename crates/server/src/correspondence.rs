//! Correspondence games (days a move) between their moves: their time runs
//! on in storage, with no node holding them. Every node looks for the
//! games whose deadline has passed and opens each where it is held (here,
//! or at its owner through [`dispatch`]): restored past its deadline, its
//! clock falls at once and the game ends on time as any other.

use std::time::Duration;

use crate::dispatch::dispatch;
use crate::live::unix_ms;
use crate::ops::{Caller, Op};
use crate::state::AppState;

/// How many overdue games one look opens.
const BATCH: i64 = 100;

/// Opens the games whose deadline has passed (at most [`BATCH`]); returns
/// how many it opened. A game another node holds is opened there.
pub async fn end_overdue(state: &AppState) -> usize {
    let ids = match state.store().overdue(unix_ms(), BATCH).await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::warn!(error = %e, "overdue correspondence games not read");
            return 0;
        }
    };
    let mut opened = 0;
    for id in ids {
        match dispatch(state, &id, &Caller::anonymous(), Op::State).await {
            Ok(_) => opened += 1,
            Err(e) => tracing::warn!(game = %id, error = %e, "overdue game not opened"),
        }
    }
    opened
}

/// Runs until shutdown: [`end_overdue`] now and every `every`.
pub async fn watch_deadlines(state: AppState, every: Duration) {
    let mut shutdown = state.shutdown_signal();
    loop {
        let opened = end_overdue(&state).await;
        if opened > 0 {
            tracing::info!(opened, "correspondence games past their deadline opened");
        }
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            _ = shutdown.changed() => return,
        }
    }
}
