//! Correspondence games (days a move) through the router: the days given
//! afresh after each move, the deadline kept in storage, a fresh server
//! (after a restart) that charges the days it did not hold the game, and
//! the nodes' look for games past their deadline, which ends them on time.

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::Value;

use sakk_server::Rates;

#[path = "common/oneshot.rs"]
mod oneshot;

use oneshot::{app_with, call, create, database};

const DAY_MS: i64 = 24 * 3600 * 1000;

/// Runs `sql` on the database at `url` (what a test changes behind the
/// server's back: a deadline moved into the past, as days passing would).
async fn execute(url: &str, sql: &str) {
    sqlx::any::install_default_drivers();
    let pool = match sqlx::AnyPool::connect(url).await {
        Ok(p) => p,
        Err(e) => panic!("{url}: {e}"),
    };
    if let Err(e) = sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
        .execute(&pool)
        .await
    {
        panic!("{sql}: {e}");
    }
    pool.close().await;
}

/// The stored deadline of game `id`.
async fn deadline(url: &str, id: &str) -> Option<i64> {
    use sqlx::Row;
    sqlx::any::install_default_drivers();
    let pool = match sqlx::AnyPool::connect(url).await {
        Ok(p) => p,
        Err(e) => panic!("{url}: {e}"),
    };
    let row = sqlx::query("SELECT deadline FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await;
    pool.close().await;
    match row {
        Ok(r) => r.try_get("deadline").ok().flatten(),
        Err(e) => panic!("{e}"),
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_days_a_move_ends_on_time_only_after_its_deadline_even_unheld() {
    let url = database();
    let (state, _) = app_with(&url, Rates::unlimited()).await;
    let (id, white, black) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"days": 1}}"#,
    )
    .await;
    let game = format!("/api/games/{id}");
    let v = call(&state, "GET", &game, None, None).await.2;
    assert_eq!(v["clock"]["days"], 1, "{v}");
    assert_eq!(v["clock"]["pgn"], "1/86400");
    assert_eq!(v["wtime"], DAY_MS);
    let mv = |m: &str| format!("/api/games/{id}/move/{m}");
    let (status, _, v) = call(&state, "POST", &mv("e4"), Some(&white), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    // Black's day runs from White's first move.
    assert_eq!(v["clock_running"], "black", "{v}");
    let before = now_ms();
    let (status, _, v) = call(&state, "POST", &mv("e5"), Some(&black), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["btime"], DAY_MS, "the days come afresh: {v}");
    let Some(due) = deadline(&url, &id).await else {
        panic!("no deadline stored");
    };
    assert!(
        (before + DAY_MS..=now_ms() + DAY_MS).contains(&due),
        "{due}"
    );
    let pgn = oneshot::text(&state, &format!("/api/games/{id}/pgn")).await;
    assert!(pgn.contains("[TimeControl \"1/86400\"]"), "{pgn}");

    // Ten hours pass with no server holding the game: a fresh one charges
    // them to White.
    execute(
        &url,
        &format!(
            "UPDATE games SET deadline = deadline - {} WHERE id = '{id}'",
            10 * 3_600_000
        ),
    )
    .await;
    let (fresh, _) = app_with(&url, Rates::unlimited()).await;
    assert_eq!(
        sakk_server::correspondence::end_overdue(&fresh, &mut Default::default()).await,
        0
    );
    let v = call(&fresh, "GET", &game, None, None).await.2;
    let left = v["wtime"].as_i64().unwrap_or_default();
    assert!(
        (DAY_MS - 10 * 3_600_000 - 60_000..=DAY_MS - 10 * 3_600_000).contains(&left),
        "{v}"
    );
    assert_eq!(v["status"], "started");

    // The day runs out while no server holds it: the next look ends it.
    execute(
        &url,
        &format!(
            "UPDATE games SET deadline = {} WHERE id = '{id}'",
            now_ms() - 1
        ),
    )
    .await;
    let (after, _) = app_with(&url, Rates::unlimited()).await;
    assert_eq!(
        sakk_server::correspondence::end_overdue(&after, &mut Default::default()).await,
        1
    );
    let mut v = Value::Null;
    for _ in 0..100 {
        v = call(&after, "GET", &game, None, None).await.2;
        if v["status"] == "outoftime" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(v["status"], "outoftime", "{v}");
    assert_eq!(v["winner"], "black");
    assert_eq!(deadline(&url, &id).await, None);
    assert_eq!(
        sakk_server::correspondence::end_overdue(&after, &mut Default::default()).await,
        0
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn days_a_move_are_lichesss_and_come_alone() {
    let (state, _) = app_with(&database(), Rates::unlimited()).await;
    for (clock, code) in [
        (r#"{"days": 4}"#, "clock_bad_days"),
        (r#"{"days": 0}"#, "clock_bad_days"),
        (r#"{"days": 3, "limit": 60}"#, "clock_control_with_fields"),
        (
            r#"{"days": 3, "preset": "5+3"}"#,
            "clock_control_with_fields",
        ),
        (r#"{"text": "4d"}"#, "clock_bad_days"),
    ] {
        let body = format!(r#"{{"opponent": "friend", "clock": {clock}}}"#);
        let (status, _, v) = call(&state, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{clock}: {v}");
        assert_eq!(v["error"], code, "{clock}: {v}");
    }
    for (clock, days) in [
        (r#"{"text": "14d"}"#, 14),
        (r#"{"control": "1/259200"}"#, 3),
    ] {
        let body = format!(r#"{{"opponent": "friend", "clock": {clock}}}"#);
        let (status, _, v) = call(&state, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(status, StatusCode::CREATED, "{clock}: {v}");
        let id = v["id"].as_str().unwrap_or_default();
        let v = call(&state, "GET", &format!("/api/games/{id}"), None, None)
            .await
            .2;
        assert_eq!(v["clock"]["days"], days, "{v}");
    }
}
