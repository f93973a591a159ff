//! Bounded engine work, measured by the CPU time of the whole test process:
//! a resigned game stops its engine, which then uses no CPU. Alone in its
//! own test binary, because any other test running beside it in the same
//! process (an engine thinking for another game) would count towards that
//! CPU time.

use std::time::{Duration, Instant};

use axum::http::StatusCode;

use sakk_server::Rates;

#[path = "common/oneshot.rs"]
mod oneshot;
use oneshot::{app_with, call, create, database, moves};

/// CPU time of this process so far (user + system), from /proc.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses).
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<u64> = rest
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    // utime and stime are fields 14 and 15 of the line: 11 and 12 here
    // (the state letter is not a number and is skipped).
    let ticks = f.get(10).copied().unwrap_or(0) + f.get(11).copied().unwrap_or(0);
    Duration::from_millis(ticks * 10)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resigned_computer_game_stops_the_engine_within_a_second() {
    let (state, _) = app_with(&database(), Rates::unlimited()).await;
    // The computer has White at level 8 with a day on its clock and a day
    // of increment: without a bound it would think for hours.
    let (id, _, black) = create(
        &state,
        r#"{"opponent": "computer", "color": "black", "level": 8, "clock": {"limit": 86400, "increment": 86400}}"#,
    )
    .await;
    // Its first move comes within the bound (2 s here).
    let started = Instant::now();
    loop {
        let s = call(&state, "GET", &format!("/api/games/{id}"), None, None)
            .await
            .2;
        if moves(&s) == 1 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no computer move"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The bound and a margin for two busy cores.
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    // Black moves: the computer thinks again (the clock has started).
    let (status, _, body) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/e5"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    while state.pool().running() == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let (status, _, body) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "resign");
    let resigned = Instant::now();
    while state.pool().running() > 0 {
        assert!(
            resigned.elapsed() < Duration::from_secs(3),
            "engine still running"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // Idle: less than a tenth of a core over the next second.
    let before = cpu_time();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let used = cpu_time().saturating_sub(before);
    assert!(
        used < Duration::from_millis(100),
        "{used:?} of CPU in a second"
    );
}
