//! The server's core through its router (`tower::ServiceExt::oneshot`, no
//! sockets) and, where the network itself is the subject, a real listener:
//! failed commits change nothing, concurrent moves, bounded engine work
//! (the engine stopped when its game ends: tests/engine_idle.rs),
//! limits, headers, timeouts and shutdown.

use std::num::NonZeroU32;
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use sakk_server::Rates;

#[path = "common/listening.rs"]
mod listening;
#[path = "common/oneshot.rs"]
mod oneshot;
use listening::{config, create_game, listening};
use oneshot::{app_with, call, create, database, moves};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_commit_changes_nothing_and_the_game_goes_on() {
    let url = database();
    let (state, store) = app_with(&url, Rates::unlimited()).await;
    let (id, white, black) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 300, "increment": 2}}"#,
    )
    .await;
    let mv = |m: &str| format!("/api/games/{id}/move/{m}");
    assert_eq!(
        call(&state, "POST", &mv("e4"), Some(&white), None).await.0,
        StatusCode::OK
    );
    assert_eq!(
        call(&state, "POST", &mv("e5"), Some(&black), None).await.0,
        StatusCode::OK
    );
    let before = call(&state, "GET", &format!("/api/games/{id}"), None, None)
        .await
        .2;

    // Every kind of action, refused while storage fails: 503, clear JSON in
    // both languages, Retry-After, and the game exactly as it was.
    let actions: [(&str, &str); 4] = [
        ("POST", "move/Nf3"),
        ("POST", "resign"),
        ("POST", "takeback/yes"),
        ("POST", "move/Nf3?offeringDraw=true"),
    ];
    for (method, action) in actions {
        store.fail_next_commits(1);
        let (status, headers, body) = call(
            &state,
            method,
            &format!("/api/games/{id}/{action}"),
            Some(&white),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{action}: {body}");
        assert_eq!(body["error"], "storage_unavailable", "{action}");
        assert!(body["message"]
            .as_str()
            .is_some_and(|m| m.contains("nothing was changed")));
        assert!(body["message_hu"].as_str().is_some_and(|m| !m.is_empty()));
        assert!(headers.contains_key("retry-after"));
        let now = call(&state, "GET", &format!("/api/games/{id}"), None, None)
            .await
            .2;
        for field in [
            "moves",
            "status",
            "result",
            "wdraw",
            "bdraw",
            "wtakeback",
            "btakeback",
        ] {
            assert_eq!(now[field], before[field], "{action}: {field}");
        }
    }
    // Storage is back: the game goes on from where it was.
    let (status, _, after) = call(&state, "POST", &mv("Nf3"), Some(&white), None).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["moves"], "e2e4 e7e5 g1f3");
    store.fail_next_commits(1);
    assert_eq!(
        call(&state, "POST", &mv("Nc6"), Some(&black), None).await.0,
        StatusCode::SERVICE_UNAVAILABLE
    );
    assert_eq!(
        call(&state, "POST", &mv("Nc6"), Some(&black), None).await.0,
        StatusCode::OK
    );

    // What was acknowledged is what a fresh server (after kill -9) finds.
    let (fresh, _) = app_with(&url, Rates::unlimited()).await;
    let restored = call(&fresh, "GET", &format!("/api/games/{id}"), None, None)
        .await
        .2;
    assert_eq!(restored["moves"], "e2e4 e7e5 g1f3 b8c6");
    assert_eq!(restored["status"], "started");
    // And it plays on there, with the same tokens.
    let (status, _, body) = call(
        &fresh,
        "POST",
        &format!("/api/games/{id}/move/Bb5"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_commit_of_a_new_game_creates_nothing() {
    let (state, store) = app_with(&database(), Rates::unlimited()).await;
    store.fail_next_commits(1);
    let (status, _, body) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(r#"{"opponent": "local"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(state.games().in_memory().await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_a_hundred_concurrent_moves_exactly_one_is_applied() {
    let (state, _) = app_with(&database(), Rates::unlimited()).await;
    let (id, white, _) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    let mut tasks = Vec::new();
    for i in 0..100 {
        let (state, id, white) = (state.clone(), id.clone(), white.clone());
        // Twenty different first moves, each sent five times.
        let m = [
            "e4", "d4", "c4", "Nf3", "Nc3", "g3", "b3", "f4", "a3", "h3", "e3", "d3", "c3", "b4",
            "g4", "a4", "h4", "f3", "Na3", "Nh3",
        ][i % 20];
        tasks.push(tokio::spawn(async move {
            call(
                &state,
                "POST",
                &format!("/api/games/{id}/move/{m}"),
                Some(&white),
                None,
            )
            .await
        }));
    }
    let mut applied = 0;
    for t in tasks {
        let Ok((status, _, body)) = t.await else {
            panic!("task failed")
        };
        match status {
            StatusCode::OK => applied += 1,
            StatusCode::FORBIDDEN => assert_eq!(body["error"], "not_your_turn"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!(applied, 1);
    let state_now = call(&state, "GET", &format!("/api/games/{id}"), None, None)
        .await
        .2;
    assert_eq!(moves(&state_now), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn responses_carry_the_security_headers_and_links_use_the_public_url() {
    let (state, _) = app_with(&database(), Rates::unlimited()).await;
    let (status, _, created) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(r#"{"opponent": "friend", "color": "white"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let link = created["urls"]["black"].as_str().unwrap_or_default();
    assert!(
        link.starts_with("https://chess.example.org/game/"),
        "{link}"
    );
    // The token travels in the fragment, which browsers never send.
    assert!(link.contains("#token="), "{link}");
    for path in ["/", "/api/games", "/api/games/nosuchgame", "/assets/app.js"] {
        let (_, headers, _) = call(&state, "GET", path, None, None).await;
        let get = |h: &str| {
            headers
                .get(h)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string()
        };
        assert!(
            get("content-security-policy").contains("frame-ancestors 'none'"),
            "{path}"
        );
        assert_eq!(get("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(get("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(get("x-frame-options"), "DENY", "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_stored_only_as_their_hash() {
    let url = database();
    let (state, store) = app_with(&url, Rates::unlimited()).await;
    let (id, white, black) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    let Ok(Some((row, _))) = store.load(&id).await else {
        panic!("no game")
    };
    assert_ne!(row.white_token, white);
    assert_ne!(row.black_token, black);
    assert!(!row.white_token.contains(&white));
    assert_eq!(row.white_token, sakk_server::security::hash_token(&white));
    // The stored hash is not a token.
    let (status, _, _) = call(
        &state,
        "GET",
        &format!("/api/games/{id}/seat"),
        Some(&row.white_token),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, seat) = call(
        &state,
        "GET",
        &format!("/api/games/{id}/seat"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(seat["colors"], serde_json::json!(["white"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_answer_429_with_retry_after() {
    let rates = Rates {
        new_games: NonZeroU32::new(3),
        analyses: None,
        actions: NonZeroU32::new(5),
        ..Rates::unlimited()
    };
    let (state, _) = app_with(&database(), rates).await;
    for _ in 0..3 {
        create(&state, r#"{"opponent": "local"}"#).await;
    }
    let (status, headers, body) = call(
        &state,
        "POST",
        "/api/games",
        None,
        Some(r#"{"opponent": "local"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"], "rate_limited");
    let retry: u64 = headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    assert!((1..=60).contains(&retry), "retry after {retry}");
    // Reading is not limited; actions are, separately.
    for _ in 0..20 {
        assert_eq!(
            call(&state, "GET", "/api/games", None, None).await.0,
            StatusCode::OK
        );
    }
    let mut limited = 0;
    for _ in 0..8 {
        if call(&state, "POST", "/api/games/nosuchgame/resign", None, None)
            .await
            .0
            == StatusCode::TOO_MANY_REQUESTS
        {
            limited += 1;
        }
    }
    assert_eq!(limited, 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_loaded_on_demand_not_at_start() {
    let url = database();
    let (state, _) = app_with(&url, Rates::unlimited()).await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(create(&state, r#"{"opponent": "local"}"#).await.0);
    }
    let (fresh, _) = app_with(&url, Rates::unlimited()).await;
    assert_eq!(fresh.games().in_memory().await, 0);
    let (status, _, _) = call(&fresh, "GET", &format!("/api/games/{}", ids[2]), None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fresh.games().in_memory().await, 1);
    // The list pages through all of them without loading any.
    let (_, _, page) = call(&fresh, "GET", "/api/games?limit=2", None, None).await;
    assert_eq!(page["games"].as_array().map_or(0, Vec::len), 2);
    let next = page["next"].as_str().unwrap_or_default().to_string();
    let (_, _, rest) = call(
        &fresh,
        "GET",
        &format!("/api/games?limit=10&after={next}"),
        None,
        None,
    )
    .await;
    assert!(rest["games"].as_array().map_or(0, Vec::len) >= 3);
    assert_eq!(fresh.games().in_memory().await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_completes_within_five_seconds_with_the_engine_busy_and_a_stream_open() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (addr, stop, server) = listening(config(Duration::from_secs(30))).await;
    // A computer game where the computer (White, level 8, a day on its
    // clock, 30 s allowed) is thinking.
    let id = create_game(
        addr,
        r#"{"opponent": "computer", "color": "black", "level": 8, "clock": {"limit": 86400, "increment": 86400}}"#,
    )
    .await;
    // A spectator's stream stays open.
    let mut watcher = match tokio::net::TcpStream::connect(addr).await {
        Ok(c) => c,
        Err(e) => panic!("connect: {e}"),
    };
    let _ = watcher
        .write_all(format!("GET /api/games/{id}/stream HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await;
    let mut first = [0u8; 64];
    let got = watcher.read(&mut first).await.unwrap_or(0);
    let mut received = first[..got].to_vec();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let asked = Instant::now();
    let _ = stop.send(());
    let done = tokio::time::timeout(Duration::from_secs(10), server).await;
    assert!(matches!(done, Ok(Ok(Ok(())))), "{done:?}");
    // Well within the five seconds: the search stops at once (the server
    // gives up waiting for engine jobs after four).
    assert!(
        asked.elapsed() < Duration::from_secs(3),
        "{:?}",
        asked.elapsed()
    );
    // The stream was ended, not cut mid-line: the response's last chunk
    // came (chunked encoding's `0`), after whole lines only.
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(2), watcher.read_to_end(&mut rest)).await;
    assert!(
        matches!(read, Ok(Ok(_))),
        "the stream is still open: {read:?}"
    );
    received.extend_from_slice(&rest);
    let text = String::from_utf8_lossy(&received);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(
        text.ends_with("\r\n0\r\n\r\n"),
        "not ended by its last chunk: {text:?}"
    );
    let chunked = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let body = dechunk(chunked);
    assert!(body.ends_with('\n'), "{body:?}");
    for line in body.lines().filter(|l| !l.is_empty()) {
        assert!(
            serde_json::from_str::<serde_json::Value>(line).is_ok(),
            "{line:?}"
        );
    }
    assert!(body.contains("gameFull"), "{body:?}");
}

/// The data of an HTTP/1.1 chunked body (`SIZE\r\nDATA\r\n` … `0\r\n\r\n`).
fn dechunk(mut chunked: &str) -> String {
    let mut data = String::new();
    while let Some((size, rest)) = chunked.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            panic!("not a chunk size: {size:?}")
        };
        if n == 0 {
            break;
        }
        let Some(chunk) = rest.get(..n) else {
            panic!("a chunk cut short: {rest:?}")
        };
        data.push_str(chunk);
        chunked = rest.get(n + 2..).unwrap_or_default();
    }
    data
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_shows_the_takeback_request_the_touched_piece_and_the_refused_claim() {
    let url = database();
    let (state, store) = app_with(&url, Rates::unlimited()).await;
    let (id, white, black) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "rules": {"touch_move": true}}"#,
    )
    .await;
    let act = |path: String, token: String| {
        let state = state.clone();
        async move {
            let (status, _, v) = call(&state, "POST", &path, Some(&token), None).await;
            assert_eq!(status, StatusCode::OK, "{path}: {v}");
            v
        }
    };
    act(format!("/api/games/{id}/move/e4"), white.clone()).await;
    act(format!("/api/games/{id}/move/e5"), black.clone()).await;
    // Black asks to take back; White claims a draw it has no grounds for,
    // then touches the knight on g1.
    act(format!("/api/games/{id}/takeback/yes"), black.clone()).await;
    let claimed = act(format!("/api/games/{id}/claim-draw"), white.clone()).await;
    assert_eq!(claimed["rejected_claim"]["by"], "white", "{claimed}");
    let before = act(format!("/api/games/{id}/touch/g1"), white.clone()).await;
    assert_eq!(before["btakeback"], true);
    assert_eq!(before["touched"], serde_json::json!(["g1"]));

    // The server restarts: a fresh state over the same database.
    drop(state);
    let (fresh, _) = app_with(&url, Rates::unlimited()).await;
    let (_, _, after) = call(&fresh, "GET", &format!("/api/games/{id}"), None, None).await;
    for field in [
        "btakeback",
        "wtakeback",
        "touched",
        "rejected_claim",
        "moves",
        "wdraw",
    ] {
        assert_eq!(after[field], before[field], "{field}: {after}");
    }
    // And they still bind: the touched knight must move, the request can
    // be answered.
    let (status, _, v) = call(
        &fresh,
        "POST",
        &format!("/api/games/{id}/move/d4"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(
        (status, v["error"].clone()),
        (StatusCode::BAD_REQUEST, "touched_piece_must_move".into())
    );
    let (status, _, v) = call(
        &fresh,
        "POST",
        &format!("/api/games/{id}/takeback/yes"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["moves"], "e2e4", "{v}");
    assert_eq!(v["btakeback"], false);
    drop(store);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_claim_offer_stays_declined_after_a_restart() {
    let url = database();
    let (state, _) = app_with(&url, Rates::unlimited()).await;
    let (id, white, black) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    for (path, token) in [
        (format!("/api/games/{id}/move/e4"), &white),
        (format!("/api/games/{id}/move/e5"), &black),
        (format!("/api/games/{id}/claim-draw"), &white),
    ] {
        let (status, _, v) = call(&state, "POST", &path, Some(token), None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {v}");
    }
    let (_, _, offered) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(offered["wdraw"], true, "{offered}");
    let path = format!("/api/games/{id}/draw/no");
    let (status, _, declined) = call(&state, "POST", &path, Some(&black), None).await;
    assert_eq!(status, StatusCode::OK, "{declined}");
    assert_eq!(declined["wdraw"], false);
    drop(state);
    let (fresh, _) = app_with(&url, Rates::unlimited()).await;
    let (_, _, after) = call(&fresh, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(after["wdraw"], false, "{after}");
    assert_eq!(after["rejected_claim"], declined["rejected_claim"]);
}
