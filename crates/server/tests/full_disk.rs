//! A real full disk: SQLite's data directory on a small tmpfs, filled up.
//! Moves are refused with 503 while nothing can be written, the games'
//! states as served agree with what was acknowledged, the game goes on
//! when space is back, and a restart (as after kill -9) finds every
//! acknowledged move.
//!
//! Needs `SAKK_TEST_SMALL_DISK`: a directory on a small file system of its
//! own (`scripts/test` mounts an 8 MiB tmpfs for it, as root). Without it
//! the test is reported as ignored, never as passed.

use std::io::Write;
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::Value;

use sakk_server::{AppState, Rates};

#[path = "common/oneshot.rs"]
mod oneshot;

/// One request through the router: its status and JSON body.
async fn call(
    state: &AppState,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (StatusCode, Value) {
    let (status, _, json) = oneshot::call(state, method, path, token, body).await;
    (status, json)
}

/// Plays `m` in game `id` with `token`: the status and the JSON answer.
async fn play(state: &AppState, id: &str, token: &str, m: &str) -> (StatusCode, Value) {
    call(
        state,
        "POST",
        &format!("/api/games/{id}/move/{m}"),
        Some(token),
        None,
    )
    .await
}

/// A server's state over the database at `url`.
async fn open(url: &str) -> AppState {
    oneshot::app_with(url, Rates::unlimited()).await.0
}

/// Fills the file system of `dir` to the last byte.
fn fill(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("filler");
    let Ok(mut f) = std::fs::File::create(&path) else {
        panic!("cannot create the filler")
    };
    let block = vec![0u8; 4096];
    while f.write_all(&block).is_ok() {}
    for _ in 0..4096 {
        if f.write_all(&[0]).is_err() {
            break;
        }
    }
    let _ = f.sync_all();
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs SAKK_TEST_SMALL_DISK, a directory on a small tmpfs (scripts/test mounts one)"]
async fn a_full_disk_refuses_moves_and_loses_nothing() {
    let Ok(dir) = std::env::var("SAKK_TEST_SMALL_DISK") else {
        panic!("SAKK_TEST_SMALL_DISK is not set");
    };
    let dir = std::path::PathBuf::from(dir);
    let url = format!("sqlite://{}", dir.join("full.db").display());
    let state = open(&url).await;
    // Enough games that their moves cannot all fit: SQLite reuses its WAL
    // once a checkpoint has copied it, so a few moves may still be written
    // on a full disk (and that loses nothing); the disk must run out before
    // the games do.
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let (id, token, _) = oneshot::create(&state, r#"{"opponent": "local"}"#).await;
        games.push(Game {
            id,
            token,
            acknowledged: Vec::new(),
        });
    }
    // Moves that never repeat a position and never end the game quickly:
    // each side's pawns forward, one at a time.
    let plan: Vec<String> = "a3 a6 b3 b6 c3 c6 d3 d6 e3 e6 f3 f6 g3 g6 h3 h6 a4 a5 b4 b5 c4 c5 d4 d5 e4 e5 f4 f5 g4 g5 h4 h5"
        .split(' ')
        .map(str::to_string)
        .collect();
    // Some moves on a disk with room.
    for m in &plan[..4] {
        let g = &mut games[0];
        let (status, body) = play(&state, &g.id, &g.token, m).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        g.acknowledged.push(m.clone());
    }
    // A server that has run a while has had its WAL copied into the
    // database (every second), and reuses the WAL's space: let that happen.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let filler = fill(&dir);
    // Then each game in turn, a ply at a time, until a move is refused.
    let mut refused = None;
    'plies: for m in &plan {
        for (index, g) in games.iter_mut().enumerate() {
            if plan.get(g.acknowledged.len()) != Some(m) {
                continue;
            }
            let (status, body) = play(&state, &g.id, &g.token, m).await;
            match status {
                StatusCode::OK => g.acknowledged.push(m.clone()),
                StatusCode::SERVICE_UNAVAILABLE => {
                    assert_eq!(body["error"], "storage_unavailable");
                    refused = Some((index, m.clone()));
                    break 'plies;
                }
                other => panic!("{m}: {other} {body}"),
            }
        }
    }
    let Some((index, refused)) = refused else {
        panic!("the disk never filled up")
    };
    // Memory agrees with what was acknowledged.
    for g in &games {
        let (_, shown) = call(&state, "GET", &format!("/api/games/{}", g.id), None, None).await;
        assert_eq!(
            shown["san"].as_array().map_or(0, Vec::len),
            g.acknowledged.len(),
            "{shown}"
        );
    }

    // Space is back: the refused move goes through, and the game goes on.
    let _ = std::fs::remove_file(&filler);
    let g = &mut games[index];
    let mut ok = false;
    for _ in 0..20 {
        let (status, _) = play(&state, &g.id, &g.token, &refused).await;
        if status == StatusCode::OK {
            ok = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ok, "storage did not come back");
    g.acknowledged.push(refused);
    if let Some(m) = plan.get(g.acknowledged.len()) {
        let (status, _) = play(&state, &g.id, &g.token, m).await;
        assert_eq!(status, StatusCode::OK);
        g.acknowledged.push(m.clone());
    }
    // A fresh server on the same database finds exactly what was
    // acknowledged, in every game.
    let fresh = open(&url).await;
    for g in &games {
        let (_, restored) = call(&fresh, "GET", &format!("/api/games/{}", g.id), None, None).await;
        let san: Vec<String> = restored["san"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(san, g.acknowledged, "game {}", g.id);
    }
}

/// How many games the test plays at once: their 1,916 plies after the
/// disk fills are ten times what a reused WAL took in (68 to 150 moves in
/// three runs).
const GAMES: usize = 60;

/// A game of the test and the moves acknowledged in it.
struct Game {
    id: String,
    token: String,
    acknowledged: Vec<String>,
}
