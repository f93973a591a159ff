//! The API as bots and people meet it (issue #17), through the router: the
//! move read as the player meant it, the clock in use, the clocks nobody
//! can play, finished start positions, fields cleared at the end, and one
//! error shape for every error, with a Hungarian message free of English.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use sakk_server::{AppState, Rates};
use serde_json::Value;

#[path = "common/oneshot.rs"]
mod oneshot;
use oneshot::{app_with, call, create, database, send};

async fn app() -> AppState {
    app_with(&database(), Rates::unlimited()).await.0
}

/// Plays `moves` (SAN, English) with the right seat for each.
async fn play(state: &AppState, id: &str, white: &str, black: &str, moves: &str) -> Value {
    let mut last = Value::Null;
    for (i, m) in moves.split_whitespace().enumerate() {
        let token = if i % 2 == 0 { white } else { black };
        let path = format!("/api/games/{id}/move/{m}?lang=en");
        let (status, _, body) = call(state, "POST", &path, Some(token), None).await;
        assert_eq!(status, StatusCode::OK, "{m}: {body}");
        last = body;
    }
    last
}

/// English words that must not appear in a Hungarian message (API field
/// and value names such as `Bearer` or `WebSocket` may).
const ENGLISH: [&str; 14] = [
    " the ",
    " is ",
    " not ",
    " must ",
    " invalid",
    " expected",
    " found",
    "position",
    " has ",
    " no ",
    " with ",
    " missing",
    " unknown",
    " field",
];

fn assert_error_shape(status: StatusCode, body: &Value, code: &str) {
    assert_eq!(body["error"], code, "{status}: {body}");
    let en = body["message"].as_str().unwrap_or_default();
    let hu = body["message_hu"].as_str().unwrap_or_default();
    assert!(!en.is_empty() && !hu.is_empty(), "{body}");
    assert!(body["params"].is_object(), "{body}");
    let lower = format!(" {} ", hu.to_lowercase());
    for word in ENGLISH {
        assert!(!lower.contains(word), "English {word:?} in {hu:?}");
    }
}

#[tokio::test]
async fn a_given_language_reads_only_its_letters() {
    let state = app().await;
    let (id, white, black) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    play(&state, &id, &white, &black, "d4 e6 Nf3").await;
    // In Hungarian B is the rook: no rook reaches b4, so the move is
    // refused — never read as the bishop move f8b4.
    let (status, _, body) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/Bb4?lang=hu"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_error_shape(status, &body, "cannot_move_that_way");
    let (_, _, now) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(now["moves"], "d2d4 e7e6 g1f3", "nothing was played");
    // Fb4 is the Hungarian bishop move.
    let (status, _, body) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/Fb4%2B?lang=hu"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["moves"].as_str().is_some_and(|m| m.ends_with("f8b4")));

    // Without a language, two different legal readings are refused.
    let (id, white, _) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "fen": "4k3/8/8/8/8/8/R7/2B1K3 w - - 0 1"}"#,
    )
    .await;
    let (status, _, body) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/Bb2"),
        Some(&white),
        None,
    )
    .await;
    assert_error_shape(status, &body, "ambiguous_language");
    assert_eq!(body["params"]["first"], "c1b2");
    assert_eq!(body["params"]["second"], "a2b2");
    // With one, the same text is one move.
    let (status, _, body) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/Bb2?lang=hu"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moves"], "a2b2");
}

#[tokio::test]
async fn the_state_reports_the_clock_in_use() {
    let state = app().await;
    let (preset, ..) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"preset": "5+3"}}"#,
    )
    .await;
    let (_, _, s) = call(&state, "GET", &format!("/api/games/{preset}"), None, None).await;
    assert_eq!(s["clock"]["initial"], 300_000, "{s}");
    assert_eq!(s["clock"]["increment"], 3_000);
    assert_eq!(s["clock"]["pgn"], "300+3");
    assert_eq!(s["clock"]["periods"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        (s["wtime"].clone(), s["winc"].clone()),
        (Value::from(300_000), Value::from(3_000))
    );
    assert_eq!(s["binc"], 3_000);
    // A delay is reported with its kind, and written into the PGN.
    let (id, ..) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 600, "delay": 5, "delay_kind": "bronstein"}}"#,
    )
    .await;
    let (_, _, s) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s["clock"]["delay"], 5_000, "{s}");
    assert_eq!(s["clock"]["delay_kind"], "bronstein");
    assert_eq!(s["clock"]["periods"][0]["delay_kind"], "bronstein");
    let pgn = oneshot::text(&state, &format!("/api/games/{id}/pgn")).await;
    assert!(
        pgn.contains("[TimeControl \"600\"]") && pgn.contains("[TimeDelay \"b5\"]"),
        "{pgn}"
    );
    // The list reports the same clock (found by id: on PostgreSQL other
    // tests share the database).
    let (_, _, list) = call(&state, "GET", "/api/games?limit=100", None, None).await;
    let games = list["games"].as_array().cloned().unwrap_or_default();
    let find = |gid: &str| {
        games
            .iter()
            .find(|g| g["id"] == gid)
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(find(&id)["clock"]["delay_kind"], "bronstein", "{list}");
    assert_eq!(find(&preset)["clock"]["initial"], 300_000);
    let (_, _, two) = call(&state, "GET", "/api/games?limit=2", None, None).await;
    assert_eq!(two["games"].as_array().map(Vec::len), Some(2), "?limit");
    assert!(two["next"].is_string());
}

#[tokio::test]
async fn clocks_nobody_can_play_are_refused() {
    let state = app().await;
    for (clock, code) in [
        (
            r#"{"preset": "5+3", "limit": 60}"#,
            "clock_preset_with_fields",
        ),
        (r#"{"preset": "7+7"}"#, "clock_unknown_preset"),
        (r#"{"increment": 2}"#, "clock_too_short"),
        (r#"{"limit": 0.001}"#, "clock_too_short"),
        (r#"{"limit": 60, "delay": 2}"#, "clock_delay_kind_missing"),
        (
            r#"{"limit": 60, "delay_kind": "simple"}"#,
            "clock_delay_kind_without_delay",
        ),
        (r#"{"limit": 60, "increment": -1}"#, "clock_out_of_range"),
        (r#"{"limit": 100000}"#, "clock_out_of_range"),
        (
            r#"{"limit": 60, "delay": 2, "delay_kind": "fischer"}"#,
            "bad_request",
        ),
        (r#"{"limit": 60, "increments": 2}"#, "bad_request"),
    ] {
        let body = format!(r#"{{"opponent": "friend", "color": "white", "clock": {clock}}}"#);
        let (status, _, v) = call(&state, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{clock}: {v}");
        assert_eq!(v["error"], code, "{clock}: {v}");
        if code != "bad_request" {
            assert_error_shape(status, &v, code);
        }
    }
    // Fields that do not apply to the game's kind are refused, not ignored.
    for (body, field) in [
        (r#"{"opponent": "friend", "level": 3}"#, "level"),
        (r#"{"opponent": "local", "color": "white"}"#, "color"),
    ] {
        let (status, _, v) = call(&state, "POST", "/api/games", None, Some(body)).await;
        assert_error_shape(status, &v, "field_not_for_opponent");
        assert_eq!(v["params"]["field"], field);
    }
}

#[tokio::test]
async fn a_finished_start_position_is_refused_and_startpos_works() {
    let state = app().await;
    for (fen, termination) in [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate"),
        ("8/8/4k3/8/8/4K3/8/8 w - - 0 1", "insufficient_material"),
    ] {
        let body = format!(r#"{{"opponent": "friend", "color": "white", "fen": "{fen}"}}"#);
        let (status, _, v) = call(&state, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert_error_shape(status, &v, "position_over");
        assert_eq!(v["params"]["termination"], termination);
    }
    let (id, ..) = create(&state, r#"{"opponent": "local", "fen": "startpos"}"#).await;
    let (_, _, s) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s["fen"], sakk::Position::new().fen());
    assert_eq!(s["status"], "created");
    // A FEN error in both languages, the Hungarian one in Hungarian only.
    let body = r#"{"opponent": "local", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}"#;
    let (status, _, v) = call(&state, "POST", "/api/games", None, Some(body)).await;
    assert_error_shape(status, &v, "bad_fen");
    assert_eq!(v["params"]["reason"], "missing_king");
    assert!(
        v["message_hu"]
            .as_str()
            .is_some_and(|m| m.contains("királya")),
        "{v}"
    );
}

#[tokio::test]
async fn the_end_clears_the_running_clock_and_the_offers() {
    let state = app().await;
    let (id, white, black) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 300}}"#,
    )
    .await;
    play(&state, &id, &white, &black, "e4 e5").await;
    let (_, _, s) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/Nf3?offeringDraw=true"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(
        (s["wdraw"].clone(), s["clock_running"].clone()),
        (Value::from(true), Value::from("black"))
    );
    let (_, _, s) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/takeback/yes"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(s["btakeback"], true, "{s}");
    let (status, _, s) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{s}");
    assert_eq!(s["status"], "resign");
    assert_eq!(s["winner"], "white");
    assert_eq!(s["clock_running"], Value::Null, "{s}");
    for field in [
        "wdraw",
        "bdraw",
        "wtakeback",
        "btakeback",
        "can_abort",
        "can_takeback",
    ] {
        assert_eq!(s[field], false, "{field}: {s}");
    }
}

fn get(uri: &str) -> Request<Body> {
    Request::builder()
        .uri(uri)
        .body(Body::empty())
        .unwrap_or_else(|e| panic!("{e}"))
}

#[tokio::test]
async fn every_error_has_one_shape() {
    let state = app().await;
    let (id, white, black) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    let long = format!("/api/games/{}", "x".repeat(9000));
    let cases: Vec<(Request<Body>, StatusCode, &str)> = vec![
        (
            Request::builder()
                .method("PUT")
                .uri("/api/games")
                .body(Body::empty())
                .unwrap_or_else(|e| panic!("{e}")),
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
        ),
        (get(&long), StatusCode::URI_TOO_LONG, "uri_too_long"),
        (
            Request::builder()
                .method("POST")
                .uri(format!("/api/games/{id}/move/e4?offeringDraw=yes"))
                .header("authorization", format!("Bearer {white}"))
                .body(Body::empty())
                .unwrap_or_else(|e| panic!("{e}")),
            StatusCode::BAD_REQUEST,
            "bad_query",
        ),
        (get("/api/games/%FF"), StatusCode::BAD_REQUEST, "bad_path"),
        (
            get(&format!("/api/games/{id}/socket")),
            StatusCode::UPGRADE_REQUIRED,
            "websocket_upgrade",
        ),
        (get("/api/nope"), StatusCode::NOT_FOUND, "no_route"),
        (
            get(&format!("/api/games/{id}/foo")),
            StatusCode::NOT_FOUND,
            "no_route",
        ),
        (
            get("/api/games/nosuchgame"),
            StatusCode::NOT_FOUND,
            "not_found",
        ),
        (
            get("/api/games?status=finished"),
            StatusCode::BAD_REQUEST,
            "bad_status",
        ),
        (
            get("/api/games?limit=0"),
            StatusCode::BAD_REQUEST,
            "bad_limit",
        ),
        (
            get("/api/games?limit=many"),
            StatusCode::BAD_REQUEST,
            "bad_query",
        ),
        (
            Request::builder()
                .method("POST")
                .uri(format!("/api/games/{id}/resign"))
                .body(Body::empty())
                .unwrap_or_else(|e| panic!("{e}")),
            StatusCode::UNAUTHORIZED,
            "missing_token",
        ),
    ];
    for (req, want, code) in cases {
        let what = format!(
            "{} {}",
            req.method(),
            req.uri().path().chars().take(60).collect::<String>()
        );
        let (status, headers, body) = send(&state, req).await;
        assert_eq!(status, want, "{what}: {body}");
        if std::env::var_os("SAKK_SHOW").is_some() {
            eprintln!("{what}: {body}");
        }
        assert_error_shape(status, &body, code);
        if status == StatusCode::METHOD_NOT_ALLOWED {
            assert!(headers.contains_key("allow"), "{what}");
        }
        if status == StatusCode::UNAUTHORIZED {
            assert_eq!(
                headers.get("www-authenticate").map(|v| v.as_bytes()),
                Some(&b"Bearer"[..])
            );
        }
    }
    // The scheme's name in any case (RFC 7235).
    let req = Request::builder()
        .method("POST")
        .uri(format!("/api/games/{id}/move/e4"))
        .header("authorization", format!("bearer {white}"))
        .body(Body::empty())
        .unwrap_or_else(|e| panic!("{e}"));
    let (status, _, body) = send(&state, req).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The side that offered a draw has no offer to answer.
    let (_, _, s) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/e5?offeringDraw=true"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(s["bdraw"], true, "{s}");
    let (status, _, body) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/draw/yes"),
        Some(&black),
        None,
    )
    .await;
    assert_error_shape(status, &body, "no_draw_offer");
}

#[tokio::test]
async fn the_creator_is_told_its_seat() {
    let state = app().await;
    for (body, color) in [
        (
            r#"{"opponent": "friend", "color": "black"}"#,
            Value::from("black"),
        ),
        (
            r#"{"opponent": "computer", "color": "white", "level": 1}"#,
            Value::from("white"),
        ),
        (r#"{"opponent": "local"}"#, Value::Null),
    ] {
        let (status, _, v) = call(&state, "POST", "/api/games", None, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
        assert_eq!(v["color"], color, "{body}: {v}");
    }
}

/// The embedded front-end: each file with its content type and an ETag
/// that a revalidation answers with 304.
#[tokio::test]
async fn the_front_end_is_served_with_types_and_etags() {
    let state = app().await;
    for (path, mime) in [
        ("/", "text/html; charset=utf-8"),
        ("/game/abc", "text/html; charset=utf-8"),
        ("/assets/app.js", "javascript"),
        ("/assets/app.css", "text/css; charset=utf-8"),
        ("/assets/favicon.svg", "image/svg+xml"),
    ] {
        let (status, headers, _) = send(&state, get(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let ty = headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        assert!(ty.contains(mime), "{path}: {ty}");
        let tag = headers.get("etag").cloned();
        assert!(tag.is_some(), "{path}");
        let mut again = get(path);
        if let Some(tag) = tag {
            again.headers_mut().insert("if-none-match", tag);
        }
        let (status, _, _) = send(&state, again).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED, "{path}");
    }
    let (status, _, body) = send(&state, get("/assets/nope.js")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
}

/// What the rules library knows of each move, the phase, the material,
/// the opening's class and a named mate are in the state as codes.
#[tokio::test]
async fn the_state_carries_the_facts_as_codes() {
    let state = app().await;
    let (id, white, _) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "fen": "r3k3/8/q7/1N6/8/8/8/4K3 w - - 0 1"}"#,
    )
    .await;
    let (status, _, s) = call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/Nc7?lang=en"),
        Some(&white),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{s}");
    assert_eq!(
        s["marks"][0]["facts"],
        serde_json::json!(["check", "royal_fork"])
    );
    assert_eq!(s["marks"][0]["forked"], serde_json::json!(["a6", "a8"]));
    assert_eq!(s["phase"], "endgame");
    assert_eq!(s["material"], 3 - 14, "a knight against a rook and a queen");

    let (id, white, black) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    let s = play(&state, &id, &white, &black, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7").await;
    assert_eq!(s["status"], "mate");
    assert_eq!(s["named_mate"], "scholars_mate");
    // A smothered mate is named too (the Blackburne Shilling trap).
    let (id2, white2, black2) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    let s2 = play(
        &state,
        &id2,
        &white2,
        &black2,
        "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4 Be2 Nf3",
    )
    .await;
    assert_eq!(s2["status"], "mate");
    assert_eq!(s2["named_mate"], "smothered_mate");
    assert_eq!(
        s["marks"][6]["facts"],
        serde_json::json!(["checkmate", "capture"])
    );
    assert_eq!(s["phase"], "opening");
    assert_eq!(s["material"], 1);
    assert_eq!(s["opening"]["class"], "open", "{s}");
    assert_eq!(s["marks"].as_array().map(Vec::len), Some(7));
}

#[tokio::test]
async fn periods_and_the_sandclock_are_played_as_fide_and_the_seed_say() {
    let state = app().await;
    // 40/90+30 scaled down: 3 moves in 20 s, then 10 s more.
    let (id, white, black) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"control": "3/20:10"}}"#,
    )
    .await;
    let (_, _, s) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s["clock"]["pgn"], "3/20:10", "{s}");
    assert_eq!(s["clock"]["periods"].as_array().map(Vec::len), Some(2));
    assert_eq!(s["clock"]["periods"][0]["moves"], 3, "{s}");
    assert_eq!(s["wtime"], 20_000);
    let s = play(&state, &id, &white, &black, "e4 e5 Nf3 Nc6").await;
    assert!(s["wtime"].as_i64().is_some_and(|t| t <= 20_000), "{s}");
    // White's third move ends the first period: 10 s more.
    let s = play(&state, &id, &white, &black, "Bb5").await;
    assert!(
        s["wtime"]
            .as_i64()
            .is_some_and(|t| t > 25_000 && t <= 30_000),
        "{s}"
    );
    assert!(s["btime"].as_i64().is_some_and(|t| t <= 20_000), "{s}");
    let s = play(&state, &id, &black, &white, "a6").await;
    assert!(s["btime"].as_i64().is_some_and(|t| t > 25_000), "{s}");
    let pgn = oneshot::text(&state, &format!("/api/games/{id}/pgn")).await;
    assert!(pgn.contains("[TimeControl \"3/20:10\"]"), "{pgn}");

    // A sandclock: what one side uses flows to the other; the total stays.
    let (sid, white, black) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"control": "*60"}}"#,
    )
    .await;
    let s = play(&state, &sid, &white, &black, "e4 e5").await;
    assert_eq!(s["clock"]["sandclock"], true, "{s}");
    let (w, b) = (
        s["wtime"].as_i64().unwrap_or(0),
        s["btime"].as_i64().unwrap_or(0),
    );
    assert!((119_000..=120_000).contains(&(w + b)), "{s}");

    for (clock, code) in [
        (
            r#"{"control": "3/20:10", "limit": 60}"#,
            "clock_control_with_fields",
        ),
        (
            r#"{"preset": "5+3", "control": "300+3"}"#,
            "clock_preset_with_fields",
        ),
        (r#"{"control": "forty moves"}"#, "clock_bad_control"),
        (r#"{"control": "-"}"#, "clock_bad_control"),
        (r#"{"control": "*0.05"}"#, "clock_too_short"),
    ] {
        let body = format!(r#"{{"opponent": "friend", "color": "white", "clock": {clock}}}"#);
        let (status, _, v) = call(&state, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{clock}: {v}");
        assert_error_shape(status, &v, code);
    }
}

/// A control as a player types it (minutes) is read by the rules library
/// as the words before the game showed it, and the game is played with
/// it: the seed's 40/90+30 is 40 moves in 90 minutes, then 30 minutes.
#[tokio::test]
async fn a_control_typed_in_minutes_is_read_and_played_as_shown() {
    let state = app().await;
    let (status, _, v) = call(
        &state,
        "GET",
        "/api/rules/time-control?text=40/90%2B30",
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["clock"]["pgn"], "40/5400+30:1800+30", "{v}");
    assert_eq!(v["clock"]["periods"][0]["moves"], 40, "{v}");
    assert_eq!(v["clock"]["periods"][1]["time"], 1_800_000, "{v}");
    let (_, _, v) = call(
        &state,
        "GET",
        "/api/rules/time-control?text=15%2B10",
        None,
        None,
    )
    .await;
    assert_eq!(v["clock"]["pgn"], "900+10", "{v}");
    for (query, code) in [
        ("text=5%2Bx", "clock_bad_control"),
        ("text=-", "clock_bad_control"),
        ("text=*0.05", "clock_too_short"),
        ("txt=5%2B3", "bad_query"),
    ] {
        let (status, _, v) = call(
            &state,
            "GET",
            &format!("/api/rules/time-control?{query}"),
            None,
            None,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {v}");
        assert_error_shape(status, &v, code);
    }

    let (id, white, black) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"text": "40/90+30"}}"#,
    )
    .await;
    let (_, _, s) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s["clock"]["pgn"], "40/5400+30:1800+30", "{s}");
    assert_eq!(s["wtime"], 5_400_000, "{s}");
    assert_eq!(s["wnext"]["moves"], 40, "{s}");
    assert_eq!(s["wnext"]["adds"], 1_800_000, "{s}");
    let s = play(&state, &id, &white, &black, "e4 e5").await;
    assert_eq!(s["wnext"]["moves"], 39, "{s}");
    assert_eq!(s["bnext"]["moves"], 39, "{s}");
    // A sudden-death clock has no control ahead.
    let (id, _, _) = create(
        &state,
        r#"{"opponent": "friend", "color": "white", "clock": {"text": "5+3"}}"#,
    )
    .await;
    let (_, _, s) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s["clock"]["pgn"], "300+3", "{s}");
    assert!(s["wnext"].is_null(), "{s}");

    for (clock, code) in [
        (
            r#"{"text": "5+3", "control": "300+3"}"#,
            "clock_control_with_fields",
        ),
        (
            r#"{"text": "5+3", "limit": 300}"#,
            "clock_control_with_fields",
        ),
        (
            r#"{"preset": "5+3", "text": "5+3"}"#,
            "clock_preset_with_fields",
        ),
        (r#"{"text": "forty moves"}"#, "clock_bad_control"),
    ] {
        let body = format!(r#"{{"opponent": "friend", "color": "white", "clock": {clock}}}"#);
        let (status, _, v) = call(&state, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{clock}: {v}");
        assert_error_shape(status, &v, code);
    }
}

/// An error's `message` is in the language the request asked for —
/// `?lang=`, else `Accept-Language`, else English — whatever made it (a
/// route, the rules, the layer that refuses long addresses); `message_hu`
/// stays Hungarian for older clients.
#[tokio::test]
async fn an_error_speaks_the_language_asked_for() {
    let state = app().await;
    let (id, white, _) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    let ask = |method: &str, uri: String, accept: Option<&str>| {
        let mut req = Request::builder()
            .method(method)
            .uri(uri)
            .header("authorization", format!("Bearer {white}"));
        if let Some(a) = accept {
            req = req.header("accept-language", a);
        }
        req.body(Body::empty()).unwrap_or_else(|e| panic!("{e}"))
    };
    let long = format!("/api/games/{}", "x".repeat(9000));
    for (method, uri, code) in [
        ("GET", "/api/games/nosuchgame".to_string(), "not_found"),
        (
            "POST",
            format!("/api/games/{id}/move/Ke3"),
            "cannot_move_that_way",
        ),
        ("GET", long, "uri_too_long"),
    ] {
        let (_, _, english) = send(&state, ask(method, uri.clone(), None)).await;
        let hu = english["message_hu"].clone();
        assert_eq!(english["error"], code, "{english}");
        assert_ne!(english["message"], hu, "{english}");
        for accept in ["hu-HU,hu;q=0.9,en;q=0.8", "de, en;q=0.5, hu;q=0.7"] {
            let (_, _, body) = send(&state, ask(method, uri.clone(), Some(accept))).await;
            assert_eq!(body["message"], hu, "{accept}: {body}");
            assert_eq!(body["message_hu"], hu, "{accept}: {body}");
            assert_eq!(body["error"], code);
        }
        let sep = if uri.contains('?') { '&' } else { '?' };
        let (_, _, by_query) = send(&state, ask(method, format!("{uri}{sep}lang=hu"), None)).await;
        assert_eq!(by_query["message"], hu, "{by_query}");
        let (_, _, english_asked) = send(
            &state,
            ask(method, format!("{uri}{sep}lang=en"), Some("hu")),
        )
        .await;
        assert_eq!(
            english_asked["message"], english["message"],
            "{english_asked}"
        );
        let (_, _, other) = send(&state, ask(method, uri.clone(), Some("fr-FR"))).await;
        assert_eq!(other["message"], english["message"], "{other}");
    }
}
