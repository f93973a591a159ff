//! What a client could take for the asking, and what could leave a game
//! stuck: a full engine queue does not keep the computer from moving;
//! requests for unknown games leave nothing behind; a client has at most
//! so many streams and sockets; behind a trusted proxy each client has its
//! own limits.

use std::num::NonZeroU32;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};

use sakk_server::{AppState, Options, Rates, Store};
use tower::ServiceExt;

#[path = "common/oneshot.rs"]
mod oneshot;
use oneshot::{call, create, database, moves, send};

async fn state_with(options: impl FnOnce(&mut Options)) -> AppState {
    let url = database();
    let store = match Store::open(&url).await {
        Ok(s) => s,
        Err(e) => panic!("cannot open {url}: {e}"),
    };
    let mut o = Options::new("https://chess.example.org".to_string());
    o.rates = Rates::unlimited();
    o.max_think = Duration::from_millis(300);
    options(&mut o);
    AppState::with_options(store, o)
}

/// Waits (at most `within`) until `cond` holds, checking every 20 ms.
async fn until(what: &str, within: Duration, mut cond: impl AsyncFnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + within;
    while !cond().await {
        assert!(tokio::time::Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A finished local game: the first `plies` moves of a Giuoco Piano, then
/// a resignation.
async fn finished_game(state: &AppState, plies: usize) -> String {
    const OPENING: &str = "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d3 d7d6 \
                           e1g1 e8g8 a2a4 a7a6 b1d2 c8e6 f1e1 h7h6 h2h3 f8e8";
    let (id, token, _) = create(state, r#"{"opponent": "local"}"#).await;
    for m in OPENING.split_whitespace().take(plies) {
        let path = format!("/api/games/{id}/move/{m}");
        let (status, _, v) = call(state, "POST", &path, Some(&token), None).await;
        assert_eq!(status, StatusCode::OK, "{m}: {v}");
    }
    let path = format!("/api/games/{id}/resign");
    let (status, _, v) = call(state, "POST", &path, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    id
}

/// Creates a computer game where the computer (White, level 1) moves
/// first, and waits (two minutes at most) for its move.
async fn computer_moves_first(state: &AppState) {
    let (id, _, _) = create(
        state,
        r#"{"opponent": "computer", "color": "black", "level": 1}"#,
    )
    .await;
    until("the computer moves", Duration::from_secs(120), async || {
        let (_, _, v) = call(state, "GET", &format!("/api/games/{id}"), None, None).await;
        moves(&v) == 1
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_engine_queue_does_not_keep_the_computer_from_moving() {
    // One engine thread, one analysis may wait.
    let state = state_with(|o| {
        o.engine_threads = Some(1);
        o.engine_queue = 1;
    })
    .await;
    let a = finished_game(&state, 20).await;
    let b = finished_game(&state, 20).await;
    let analyse = |id: String| {
        let state = state.clone();
        tokio::spawn(async move {
            call(
                &state,
                "GET",
                &format!("/api/games/{id}/analysis"),
                None,
                None,
            )
            .await
            .0
        })
    };
    let first = analyse(a);
    until(
        "the first analysis runs",
        Duration::from_secs(30),
        async || state.pool().running() == 1,
    )
    .await;
    let second = analyse(b.clone());
    until(
        "the second analysis waits",
        Duration::from_secs(30),
        async || state.pool().waiting() == (0, 1),
    )
    .await;
    // The queue is full: a third analysis is refused, and says why.
    let c = finished_game(&state, 20).await;
    let (status, headers, v) = call(
        &state,
        "GET",
        &format!("/api/games/{c}/analysis"),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(v["error"], "engine_busy");
    assert!(headers.contains_key("retry-after"));
    // A computer game created now: the computer (White) gets its move.
    computer_moves_first(&state).await;
    assert_eq!(first.await.ok(), Some(StatusCode::OK));
    assert_eq!(second.await.ok(), Some(StatusCode::OK));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_for_unknown_games_leave_nothing_behind() {
    let state = state_with(|_| {}).await;
    let (id, _, _) = create(&state, r#"{"opponent": "local"}"#).await;
    let long = "x".repeat(4000);
    let unknown = [
        "nosuchgm",
        "%2A",
        "%3E",
        "a.b",
        "a%2Eb",
        long.as_str(),
        "sakk.game.%3E",
    ];
    for i in 0..20_000 {
        let bad = unknown[i % unknown.len()];
        let path = if i % 2 == 0 {
            format!("/api/games/{bad}{i}/stream")
        } else {
            format!("/api/tournaments/{bad}{i}/stream")
        };
        let (status, _, v) = call(&state, "GET", &path, None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {v}");
    }
    // No feed was left for any of them.
    assert_eq!(state.bus().feeds(), 0);
    // A known game is watched as before.
    let req = Request::builder()
        .uri(format!("/api/games/{id}/stream"))
        .body(Body::empty());
    let Ok(req) = req else { panic!("request") };
    let res = match sakk_server::router(state.clone()).oneshot(req).await {
        Ok(r) => r,
        Err(e) => match e {},
    };
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(state.bus().feeds(), 1);
}

/// A request from `peer` (as the listener marks it), with `forwarded_for`
/// as its `X-Forwarded-For`.
fn from(peer: &str, forwarded_for: Option<&str>, method: &str, path: &str) -> Request<Body> {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(f) = forwarded_for {
        req = req.header("x-forwarded-for", f);
    }
    if method == "POST" {
        req = req.header("content-type", "application/json");
    }
    let body = if method == "POST" {
        r#"{"opponent": "local"}"#
    } else {
        ""
    };
    let Ok(mut req) = req.body(Body::from(body)) else {
        panic!("request")
    };
    let addr: std::net::SocketAddr = match format!("{peer}:40000").parse() {
        Ok(a) => a,
        Err(_) => match format!("[{peer}]:40000").parse() {
            Ok(a) => a,
            Err(e) => panic!("{peer}: {e}"),
        },
    };
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    req
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_limits() {
    let trusted = match sakk_server::client::TrustedProxies::parse(&["127.0.0.1"]) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    let state = state_with(|o| {
        o.rates.new_games = NonZeroU32::new(2);
        o.trusted_proxies = trusted;
    })
    .await;
    let new_game = |peer: &'static str, fwd: Option<&'static str>| {
        let state = state.clone();
        async move { send(&state, from(peer, fwd, "POST", "/api/games")).await.0 }
    };
    // Two clients behind the proxy: two games each.
    for client in ["203.0.113.1", "203.0.113.2"] {
        for _ in 0..2 {
            assert_eq!(
                new_game("127.0.0.1", Some(client)).await,
                StatusCode::CREATED
            );
        }
        assert_eq!(
            new_game("127.0.0.1", Some(client)).await,
            StatusCode::TOO_MANY_REQUESTS
        );
    }
    // A peer that is not the proxy cannot pick its address.
    assert_eq!(
        new_game("198.51.100.7", Some("203.0.113.3")).await,
        StatusCode::CREATED
    );
    assert_eq!(
        new_game("198.51.100.7", Some("203.0.113.4")).await,
        StatusCode::CREATED
    );
    assert_eq!(
        new_game("198.51.100.7", Some("203.0.113.5")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // IPv6 clients count per /64.
    assert_eq!(new_game("2001:db8:0:1::1", None).await, StatusCode::CREATED);
    assert_eq!(new_game("2001:db8:0:1::2", None).await, StatusCode::CREATED);
    assert_eq!(
        new_game("2001:db8:0:1:ffff::3", None).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(new_game("2001:db8:0:2::1", None).await, StatusCode::CREATED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_has_at_most_so_many_streams_open() {
    let state = state_with(|o| o.max_watchers = 2).await;
    let (id, _, _) = create(&state, r#"{"opponent": "local"}"#).await;
    let path = format!("/api/games/{id}/stream");
    let open = |peer: &'static str| {
        let (state, path) = (state.clone(), path.clone());
        async move {
            match sakk_server::router(state)
                .oneshot(from(peer, None, "GET", &path))
                .await
            {
                Ok(r) => r,
                Err(e) => match e {},
            }
        }
    };
    let a = open("192.0.2.1").await;
    let b = open("192.0.2.1").await;
    assert_eq!((a.status(), b.status()), (StatusCode::OK, StatusCode::OK));
    let refused = open("192.0.2.1").await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let body = axum::body::to_bytes(refused.into_body(), 1 << 16)
        .await
        .unwrap_or_default();
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    assert_eq!(v["error"], "too_many_watchers");
    // Another client is welcome; a stream closed gives its place back.
    assert_eq!(open("192.0.2.2").await.status(), StatusCode::OK);
    drop(a);
    until(
        "the closed stream's place is free",
        Duration::from_secs(10),
        async || {
            state
                .watchers()
                .count(std::net::IpAddr::from([192, 0, 2, 1]))
                == 1
        },
    )
    .await;
    assert_eq!(open("192.0.2.1").await.status(), StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_requests_take_their_turn_on_a_bounded_pool_and_the_rest_goes_on() {
    // One heavy request at a time, none waiting.
    let state = state_with(|o| o.cpu = Some((1, 0))).await;
    let (release, released) = std::sync::mpsc::channel::<()>();
    let held = {
        let state = state.clone();
        tokio::spawn(async move {
            state
                .cpu()
                .run(move || {
                    let _ = released.recv_timeout(Duration::from_secs(60));
                })
                .await
        })
    };
    until(
        "the pool's one slot is taken",
        Duration::from_secs(10),
        async || state.cpu().running() == 1,
    )
    .await;
    let trial = r#"{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "moves": ["f2f3", "e7e5", "g2g4"], "action": {"kind": "move", "text": "Qh4"}}"#;
    // A rules trial is refused while the pool is full, and says why…
    let (status, headers, v) = call(&state, "POST", "/api/rules/try", None, Some(trial)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert_eq!(v["error"], "server_busy");
    assert!(headers.contains_key("retry-after"));
    // …and so is a tournament's pairing.
    let (status, _, t) = call(
        &state,
        "POST",
        "/api/tournaments",
        None,
        Some(r#"{"name": "Club", "system": "swiss", "rounds": 3}"#),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{t}");
    let (tid, organiser) = (
        t["id"].as_str().unwrap_or_default().to_string(),
        t["organiser_token"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    );
    for name in ["Ann", "Bob"] {
        let add = format!(r#"{{"type": "add_player", "name": "{name}"}}"#);
        let path = format!("/api/tournaments/{tid}/actions");
        let (status, _, v) = call(&state, "POST", &path, Some(&organiser), Some(&add)).await;
        assert_eq!(status, StatusCode::OK, "{v}");
    }
    let pair = r#"{"type": "pair_round"}"#;
    let path = format!("/api/tournaments/{tid}/actions");
    let (status, _, v) = call(&state, "POST", &path, Some(&organiser), Some(pair)).await;
    assert_eq!(
        (status, v["error"].clone()),
        (StatusCode::SERVICE_UNAVAILABLE, "server_busy".into())
    );
    // The rest of the server answers meanwhile.
    let (status, _, _) = call(&state, "GET", "/healthz", None, None).await;
    assert_eq!(status, StatusCode::OK);
    // The slot free again, both are served.
    let _ = release.send(());
    assert!(matches!(held.await, Ok(Ok(()))));
    let (status, _, v) = call(&state, "POST", "/api/rules/try", None, Some(trial)).await;
    assert_eq!(
        (status, v["san"].clone()),
        (StatusCode::OK, "Qh4#".into()),
        "{v}"
    );
    let (status, _, v) = call(&state, "POST", &path, Some(&organiser), Some(pair)).await;
    assert_eq!(status, StatusCode::OK, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_limited_route_counts_against_its_own_kind() {
    let state = state_with(|o| {
        o.rates.analyses = NonZeroU32::new(1);
        o.rates.actions = NonZeroU32::new(2);
    })
    .await;
    let (id, token, _) = create(&state, r#"{"opponent": "local"}"#).await;
    let status = |method: &'static str, path: String| {
        let (state, token) = (state.clone(), token.clone());
        async move { call(&state, method, &path, Some(&token), None).await.0 }
    };
    // One analysis a minute: the first is counted (and refused, the game
    // goes on), the second is over the limit.
    let analysis = format!("/api/games/{id}/analysis");
    assert_eq!(
        status("GET", analysis.clone()).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(status("GET", analysis).await, StatusCode::TOO_MANY_REQUESTS);
    // Two actions: a move and a touch (refused: touch-move is off), then a
    // resignation is over the limit; reading the game is never limited.
    assert_eq!(
        status("POST", format!("/api/games/{id}/move/e4")).await,
        StatusCode::OK
    );
    assert_eq!(
        status("POST", format!("/api/games/{id}/touch/e7")).await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        status("POST", format!("/api/games/{id}/resign")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    for _ in 0..5 {
        assert_eq!(
            status("GET", format!("/api/games/{id}")).await,
            StatusCode::OK
        );
    }
    // New games have their own allowance (unlimited here).
    for _ in 0..5 {
        create(&state, r#"{"opponent": "local"}"#).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computers_move_refused_by_a_full_pool_is_asked_again() {
    // One engine thread and no queue at all: while an analysis runs, the
    // computer's move is refused, and must be asked again.
    let state = state_with(|o| {
        o.engine_threads = Some(1);
        o.engine_queue = 0;
    })
    .await;
    let a = finished_game(&state, 20).await;
    let analysis = {
        let state = state.clone();
        tokio::spawn(async move {
            call(
                &state,
                "GET",
                &format!("/api/games/{a}/analysis"),
                None,
                None,
            )
            .await
            .0
        })
    };
    until("the analysis runs", Duration::from_secs(30), async || {
        state.pool().running() == 1
    })
    .await;
    computer_moves_first(&state).await;
    assert_eq!(analysis.await.ok(), Some(StatusCode::OK));
}
