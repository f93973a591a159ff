//! A move whose caller goes away while its commit waits for the database
//! (an HTTP client that hangs up): the game in memory stays as it was —
//! nobody is shown a move that is not committed — and when the commit
//! lands after all, the game follows what storage holds.
//!
//! SQLite only: another connection holds the database's write lock, so
//! that the server's commit waits (its busy timeout is five seconds).

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::Value;
use sqlx::{Connection as _, Executor as _};

use sakk_server::Rates;

#[path = "common/oneshot.rs"]
mod oneshot;

async fn shown(state: &sakk_server::AppState, id: &str) -> Value {
    let (status, _, v) = oneshot::call(state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

fn play_path(id: &str, m: &str) -> String {
    format!("/api/games/{id}/move/{m}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_caller_went_away_mid_commit_is_not_shown_before_it_is_stored() {
    let dir = std::env::temp_dir().join(format!("sakk-cancelled-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    let url = format!("sqlite://{}", dir.join("t.db").display());
    let (state, _store) = oneshot::app_with(&url, Rates::unlimited()).await;
    let (id, token, _) = oneshot::create(&state, r#"{"opponent": "local"}"#).await;
    let (status, _, v) =
        oneshot::call(&state, "POST", &play_path(&id, "e4"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");

    // Another connection takes the write lock: the next commit waits.
    let mut blocker = match sqlx::SqliteConnection::connect(&url).await {
        Ok(c) => c,
        Err(e) => panic!("{url}: {e}"),
    };
    if let Err(e) = blocker.execute("BEGIN IMMEDIATE").await {
        panic!("BEGIN IMMEDIATE: {e}");
    }
    // The caller gives up while the move's commit waits.
    let gave_up = tokio::time::timeout(
        Duration::from_millis(300),
        oneshot::call(&state, "POST", &play_path(&id, "e5"), Some(&token), None),
    )
    .await;
    assert!(gave_up.is_err(), "the commit waited for the lock");
    // Nobody is shown the move: it is not stored.
    let v = shown(&state, &id).await;
    assert_eq!(oneshot::moves(&v), 1, "{v}");

    // The lock goes; the commit under way stores the move after all.
    if let Err(e) = blocker.execute("ROLLBACK").await {
        panic!("ROLLBACK: {e}");
    }
    let stored = async {
        loop {
            match state.store().load(&id).await {
                Ok(Some((_, moves))) if moves.len() == 2 => break,
                _ => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    };
    assert!(
        tokio::time::timeout(Duration::from_secs(10), stored)
            .await
            .is_ok(),
        "the move under way was stored"
    );
    // The next change finds the stored game ahead of memory and takes it
    // anew: Black's other move, legal in memory, is not White's turn in
    // the game as stored; the game goes on from what storage holds.
    let (status, _, v) =
        oneshot::call(&state, "POST", &play_path(&id, "d5"), Some(&token), None).await;
    assert_ne!(status, StatusCode::OK, "{v}");
    let v = shown(&state, &id).await;
    assert_eq!(v["moves"], "e2e4 e7e5", "{v}");
    let (status, _, v) =
        oneshot::call(&state, "POST", &play_path(&id, "Nf3"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let v = shown(&state, &id).await;
    assert_eq!(v["moves"], "e2e4 e7e5 g1f3", "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}
