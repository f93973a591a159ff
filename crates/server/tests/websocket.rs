//! The WebSocket, through a real client (tokio-tungstenite): the same
//! events as the stream, moves and actions from the client, refusals as
//! error messages; a quiet socket is pinged and a silent client closed.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use sakk_server::{router, AppState, Options, Rates, Store};

#[path = "common/oneshot.rs"]
mod oneshot;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The router on a real listener; returns its address.
async fn serve(options: Options) -> (std::net::SocketAddr, AppState) {
    let store = match Store::open(&oneshot::database()).await {
        Ok(s) => s,
        Err(e) => panic!("store: {e}"),
    };
    let state = AppState::with_options(store, options);
    let Ok(listener) = tokio::net::TcpListener::bind("127.0.0.1:0").await else {
        panic!("cannot listen")
    };
    let Ok(addr) = listener.local_addr() else {
        panic!("no address")
    };
    let app = router(state.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (addr, state)
}

fn options() -> Options {
    let mut o = Options::new("http://localhost".to_string());
    o.rates = Rates::unlimited();
    o
}

async fn connect(addr: std::net::SocketAddr, id: &str) -> Socket {
    connect_to(addr, &format!("/api/games/{id}/socket")).await
}

async fn connect_to(addr: std::net::SocketAddr, path: &str) -> Socket {
    match tokio_tungstenite::connect_async(format!("ws://{addr}{path}")).await {
        Ok((ws, _)) => ws,
        Err(e) => panic!("connect: {e}"),
    }
}

/// The next JSON message (pings are answered by the client on the way).
async fn recv(ws: &mut Socket) -> Value {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                return serde_json::from_str(t.as_str()).unwrap_or(Value::Null)
            }
            Ok(Some(Ok(_))) => continue,
            other => panic!("no message: {other:?}"),
        }
    }
}

async fn send(ws: &mut Socket, text: String) {
    assert!(ws.send(Message::text(text)).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_and_events_over_the_socket() {
    let (addr, state) = serve(options()).await;
    let (id, white, black) =
        oneshot::create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    let mut ws = connect(addr, &id).await;
    let full = recv(&mut ws).await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["state"]["moves"], "");

    send(
        &mut ws,
        format!(r#"{{"t": "move", "move": "e4", "token": "{white}"}}"#),
    )
    .await;
    let state_msg = recv(&mut ws).await;
    assert_eq!(state_msg["type"], "gameState");
    assert_eq!(state_msg["moves"], "e2e4");

    // A refusal comes back as an error message, in both languages, and
    // changes nothing.
    send(
        &mut ws,
        format!(r#"{{"t": "move", "move": "e5", "token": "{white}"}}"#),
    )
    .await;
    let err = recv(&mut ws).await;
    assert_eq!(err["type"], "error");
    assert_eq!(err["error"], "not_your_turn");
    assert_eq!(err["message_hu"], "Nem te következel.");
    send(&mut ws, "not json".to_string()).await;
    let bad = recv(&mut ws).await;
    assert_eq!(
        (bad["type"].clone(), bad["error"].clone()),
        (Value::from("error"), Value::from("bad_request"))
    );

    // A move over HTTP reaches the socket too.
    let (status, _, _) = oneshot::call(
        &state,
        "POST",
        &format!("/api/games/{id}/move/e7e5"),
        Some(&black),
        None,
    )
    .await;
    assert_eq!(status, axum::http::StatusCode::OK);
    assert_eq!(recv(&mut ws).await["moves"], "e2e4 e7e5");

    send(&mut ws, format!(r#"{{"t": "resign", "token": "{white}"}}"#)).await;
    let end = recv(&mut ws).await;
    assert_eq!(end["termination"], "resignation");
    assert_eq!(end["result"], "0-1");
}

/// A socket opened with `?deltas=true` gets the full state first and then
/// each change as a `gameDelta`: the moves it lacks, and every other field.
/// Applied as a client applies it (keep `from` items of each list, append
/// the delta's), each gives what a socket without deltas receives whole,
/// through moves from both transports, a takeback of one move and of two;
/// the HTTP answer to a move is the same state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_takes_deltas_gets_the_same_states() {
    let (addr, state) = serve(options()).await;
    let (id, white, black) =
        oneshot::create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    let mut whole = connect(addr, &id).await;
    let mut lean = connect_to(addr, &format!("/api/games/{id}/socket?deltas=true")).await;
    let (first, mut have) = (recv(&mut whole).await, recv(&mut lean).await);
    assert_eq!(
        (&first["type"], &have["type"]),
        (&Value::from("gameFull"), &Value::from("gameFull"))
    );
    assert_eq!(first, have);
    let mut have = have["state"].take();
    let token = |side: &str| {
        if side == "w" {
            white.clone()
        } else {
            black.clone()
        }
    };
    // (who, message): a move or a takeback's question and answer.
    let script = [
        ("w", r#""t": "move", "move": "e4""#),
        ("b", r#""t": "move", "move": "e5""#),
        ("w", "http:g1f3"),
        ("b", r#""t": "move", "move": "Nc6""#),
        ("b", r#""t": "takeback", "answer": "yes""#),
        ("w", r#""t": "takeback", "answer": "yes""#),
        ("b", r#""t": "move", "move": "d6""#),
        ("w", r#""t": "move", "move": "d4""#),
        // Black asks back its own move, under White's: two moves go.
        ("b", r#""t": "takeback", "answer": "yes""#),
        ("w", r#""t": "takeback", "answer": "yes""#),
        ("b", r#""t": "move", "move": "Nc6""#),
        ("w", r#""t": "move", "move": "Bc4""#),
    ];
    let mut deltas = 0;
    // The most moves a change took back.
    let mut fewest = 0;
    for (who, what) in script {
        let answer = match what.strip_prefix("http:") {
            Some(uci) => {
                let path = format!("/api/games/{id}/move/{uci}");
                let (status, _, body) =
                    oneshot::call(&state, "POST", &path, Some(&token(who)), None).await;
                assert_eq!(status, axum::http::StatusCode::OK);
                Some(body)
            }
            None => {
                let ws = if who == "w" { &mut whole } else { &mut lean };
                send(ws, format!(r#"{{{what}, "token": "{}"}}"#, token(who))).await;
                None
            }
        };
        let full = recv(&mut whole).await;
        let delta = recv(&mut lean).await;
        assert_eq!(full["type"], "gameState", "{full}");
        assert_eq!(delta["type"], "gameDelta", "{delta}");
        deltas += 1;
        let from = delta["from"].as_u64().unwrap_or(u64::MAX) as usize;
        let mut next = delta.clone();
        let Some(fields) = next.as_object_mut() else {
            panic!("an object")
        };
        fields.remove("from");
        fields.insert("type".into(), "gameState".into());
        for list in ["san", "marks"] {
            let mut items = have[list].as_array().cloned().unwrap_or_default();
            assert!(items.len() >= from, "{delta}");
            items.truncate(from);
            items.extend(delta[list].as_array().into_iter().flatten().cloned());
            fields.insert(list.into(), items.into());
        }
        let kept = have["moves"]
            .as_str()
            .unwrap_or("")
            .split(' ')
            .filter(|m| !m.is_empty());
        let added = delta["moves"]
            .as_str()
            .unwrap_or("")
            .split(' ')
            .filter(|m| !m.is_empty());
        let moves: Vec<&str> = kept.take(from).chain(added).collect();
        fields.insert("moves".into(), moves.join(" ").into());
        assert_eq!(next, full, "after {what}");
        let plies = |v: &Value| v["san"].as_array().map_or(0, Vec::len);
        fewest = fewest.min(plies(&next) as i64 - plies(&have) as i64);
        // Only what changed travels.
        assert!(
            delta["san"].as_array().is_some_and(|a| a.len() <= 1),
            "{delta}"
        );
        if let Some(mut body) = answer {
            let mut shown = full.clone();
            if let (Some(a), Some(b)) = (body.as_object_mut(), shown.as_object_mut()) {
                b.remove("type");
                // The clocks' figures may differ by when each was read.
                for f in ["wtime", "btime"] {
                    a.remove(f);
                    b.remove(f);
                }
            }
            assert_eq!(body, shown);
        }
        have = next;
    }
    assert_eq!((deltas, fewest), (script.len(), -2));
    assert_eq!(have["moves"], "e2e4 e7e5 g1f3 b8c6 f1c4");
}

/// Every command of the one vocabulary that HTTP takes is taken over the
/// socket too: touch, takeback asked and declined, a draw offered with a
/// move and declined, a claim refused with its reason, piece letters in a
/// language; a bad field is refused with what was wrong.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_socket_takes_every_command_http_takes() {
    let (addr, state) = serve(options()).await;
    let (id, white, black) = oneshot::create(
        &state,
        r#"{"opponent": "friend", "color": "white", "rules": {"touch_move": true}}"#,
    )
    .await;
    let mut ws = connect(addr, &id).await;
    assert_eq!(recv(&mut ws).await["type"], "gameFull");

    send(
        &mut ws,
        format!(r#"{{"t": "touch", "square": "g1", "token": "{white}"}}"#),
    )
    .await;
    assert_eq!(recv(&mut ws).await["touched"], serde_json::json!(["g1"]));
    // Hungarian letters: the touched knight goes to f3.
    send(
        &mut ws,
        format!(r#"{{"t": "move", "move": "Hf3", "lang": "hu", "token": "{white}"}}"#),
    )
    .await;
    let after = recv(&mut ws).await;
    assert_eq!(after["moves"], "g1f3");
    assert_eq!(after["touched"], serde_json::json!([]));

    send(
        &mut ws,
        format!(r#"{{"t": "takeback", "answer": "yes", "token": "{white}"}}"#),
    )
    .await;
    assert_eq!(recv(&mut ws).await["wtakeback"], true);
    send(
        &mut ws,
        format!(r#"{{"t": "takeback", "answer": "no", "token": "{black}"}}"#),
    )
    .await;
    assert_eq!(recv(&mut ws).await["wtakeback"], false);

    send(
        &mut ws,
        format!(r#"{{"t": "move", "move": "Nf6", "lang": "en", "offeringDraw": true, "token": "{black}"}}"#),
    )
    .await;
    let offered = recv(&mut ws).await;
    assert_eq!(
        (offered["moves"].clone(), offered["bdraw"].clone()),
        (Value::from("g1f3 g8f6"), Value::from(true))
    );
    send(
        &mut ws,
        format!(r#"{{"t": "draw", "answer": "decline", "token": "{white}"}}"#),
    )
    .await;
    assert_eq!(recv(&mut ws).await["bdraw"], false);

    // No repetition to claim: refused with its reason, and the claimant's
    // opponent gets time (none here: no clock).
    send(&mut ws, format!(r#"{{"t": "claim", "token": "{white}"}}"#)).await;
    let claimed = recv(&mut ws).await;
    assert_eq!(claimed["rejected_claim"]["by"], "white", "{claimed}");

    // The same codes as over HTTP for a field that has one of its own.
    for (message, code) in [
        (
            format!(r#"{{"t": "move", "move": "e4", "lang": "xx", "token": "{white}"}}"#),
            "bad_lang",
        ),
        (
            format!(r#"{{"t": "draw", "answer": "maybe", "token": "{white}"}}"#),
            "bad_answer",
        ),
        (
            format!(r#"{{"t": "touch", "square": "z9", "token": "{white}"}}"#),
            "bad_square",
        ),
    ] {
        send(&mut ws, message.clone()).await;
        let bad = recv(&mut ws).await;
        assert_eq!(bad["error"], code, "{message}: {bad}");
    }
    // A command the socket does not take: the parser's words.
    send(
        &mut ws,
        format!(r#"{{"t": "flagfall", "token": "{white}"}}"#),
    )
    .await;
    let bad = recv(&mut ws).await;
    assert_eq!(bad["error"], "bad_request", "{bad}");
    assert!(bad.to_string().contains("flagfall"), "{bad}");
}

/// A socket opened with `?lang=hu` gets its refusals' `message` in
/// Hungarian (one opened without it, in English).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_s_refusals_speak_its_language() {
    let (addr, state) = serve(options()).await;
    let (id, _, black) =
        oneshot::create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    for (path, words) in [
        (
            format!("/api/games/{id}/socket?lang=hu"),
            "Nem te következel.",
        ),
        (format!("/api/games/{id}/socket"), "It is not your turn."),
    ] {
        let mut ws = connect_to(addr, &path).await;
        assert_eq!(recv(&mut ws).await["type"], "gameFull");
        send(
            &mut ws,
            format!(r#"{{"t": "move", "move": "e5", "token": "{black}"}}"#),
        )
        .await;
        let err = recv(&mut ws).await;
        assert_eq!(err["error"], "not_your_turn", "{err}");
        assert_eq!(err["message"], words, "{path}: {err}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_socket_is_pinged_and_a_silent_client_closed() {
    let mut o = options();
    o.ping_every = Duration::from_millis(300);
    o.silent_for = Duration::from_millis(1200);
    let (addr, state) = serve(o).await;
    let (id, _, _) = oneshot::create(&state, r#"{"opponent": "local"}"#).await;

    // A client that reads (and so answers every ping) stays connected.
    let mut alive = connect(addr, &id).await;
    assert_eq!(recv(&mut alive).await["type"], "gameFull");
    let mut pings = 0;
    let until = tokio::time::Instant::now() + Duration::from_millis(2500);
    while tokio::time::Instant::now() < until {
        match tokio::time::timeout(Duration::from_millis(100), alive.next()).await {
            Ok(Some(Ok(Message::Ping(_)))) => pings += 1,
            Ok(Some(Ok(Message::Close(_))) | None) => panic!("closed while answering pings"),
            _ => {}
        }
    }
    assert!(pings >= 3, "{pings} pings");

    // A client that never answers is closed after the silence.
    let mut silent = connect(addr, &id).await;
    assert_eq!(recv(&mut silent).await["type"], "gameFull");
    tokio::time::sleep(Duration::from_millis(2000)).await;
    let mut closed = false;
    let until = tokio::time::Instant::now() + Duration::from_secs(4);
    while tokio::time::Instant::now() < until {
        if let Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) =
            tokio::time::timeout(Duration::from_millis(200), silent.next()).await
        {
            closed = true;
            break;
        }
    }
    assert!(closed, "the silent client is still connected");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_client_is_closed_when_its_silence_is_up_not_at_the_next_ping() {
    // Pings far apart: a close that waited for the next ping would come at
    // 6 s, not at 2 s.
    let mut o = options();
    o.ping_every = Duration::from_secs(6);
    o.silent_for = Duration::from_secs(2);
    let (addr, state) = serve(o).await;
    let (id, _, _) = oneshot::create(&state, r#"{"opponent": "local"}"#).await;
    let mut silent = connect(addr, &id).await;
    assert_eq!(recv(&mut silent).await["type"], "gameFull");
    let since = tokio::time::Instant::now();
    // Reading (which would answer a ping) sees no ping before the close.
    let closed = loop {
        match tokio::time::timeout(Duration::from_secs(20), silent.next()).await {
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) => break since.elapsed(),
            Ok(Some(Ok(Message::Ping(_)))) => panic!("pinged before the close"),
            Ok(Some(Ok(_))) => {}
            Err(_) => panic!("still open after 20 s"),
        }
    };
    assert!(closed >= Duration::from_millis(1800), "{closed:?}");
    assert!(closed < Duration::from_millis(5000), "{closed:?}");
}
