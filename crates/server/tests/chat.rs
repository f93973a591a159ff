//! A game's chat on a real server: a player's line is kept and heard at
//! once by the other player's lichess stream (`chatLine`) and not by a
//! spectator's stream; a spectator's line is heard by spectators (and the
//! players' lichess streams, as lichess sends both rooms) but is not in the
//! players' room; the players' room refuses someone else; what cannot be
//! said is refused.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{send, start_server_on, Full};
use serde_json::{json, Value};

const JSON: (&str, &str) = ("content-type", "application/json");
const PLAY: &[&str] = &["board:play", "challenge:write"];

fn post(addr: SocketAddr, path: &str, auth: &str, body: Value) -> Full {
    let text = body.to_string();
    send(
        addr,
        "POST",
        path,
        &[JSON, ("authorization", auth)],
        Some(&text),
    )
}

fn chat_lines(seen: &std::sync::Arc<std::sync::Mutex<Vec<Value>>>) -> Vec<Value> {
    seen.lock()
        .map(|s| {
            s.iter()
                .filter(|v| v["type"] == "chatLine")
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

/// Waits until `seen` has `n` chat lines (10 s at most).
fn wait_lines(seen: &std::sync::Arc<std::sync::Mutex<Vec<Value>>>, n: usize) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let lines = chat_lines(seen);
        if lines.len() >= n {
            return lines;
        }
        assert!(Instant::now() < deadline, "{n} lines? {lines:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn each_room_is_heard_by_its_own() {
    let addr = start_server_on(common::database::fresh(), sakk_server::Rates::unlimited());
    let anna = common::account_token(addr, "anna", PLAY);
    let bela = common::account_token(addr, "bela", PLAY);
    let cili = common::account_token(addr, "cili", PLAY);
    let c = post(
        addr,
        "/api/challenge/bela",
        &anna,
        json!({"clock.limit": 300}),
    );
    let cid = c.json()["id"].as_str().unwrap_or("").to_string();
    assert_eq!(
        post(
            addr,
            &format!("/api/challenge/{cid}/accept"),
            &bela,
            json!({})
        )
        .status,
        200
    );
    let game = send(
        addr,
        "GET",
        "/api/account/playing",
        &[("authorization", &anna)],
        None,
    )
    .json()["nowPlaying"][0]["gameId"]
        .as_str()
        .unwrap_or("")
        .to_string();
    let bela_stream = common::stream_lines(
        addr,
        &format!("/api/board/game/stream/{game}"),
        &[("authorization", &bela)],
    );
    let public = common::stream_lines(addr, &format!("/api/games/{game}/stream"), &[]);
    common::seen_type(&bela_stream, "gameFull");
    common::seen_type(&public, "gameFull");

    // Anna to Bela (lichess's path and form).
    let said = send(
        addr,
        "POST",
        &format!("/api/board/game/{game}/chat"),
        &[
            ("content-type", "application/x-www-form-urlencoded"),
            ("authorization", &anna),
        ],
        Some("room=player&text=Good%20luck!"),
    );
    assert_eq!(said.status, 200, "{}", said.body);
    let heard = wait_lines(&bela_stream, 1);
    assert_eq!(
        heard[0],
        json!({"type": "chatLine", "room": "player", "username": "anna", "text": "Good luck!"})
    );
    // Cili watches: she speaks to the spectators (sakk's path), and may not
    // speak to the players.
    let spoke = post(
        addr,
        &format!("/api/games/{game}/chat"),
        &cili,
        json!({"text": "Nice opening"}),
    );
    assert_eq!(spoke.status, 200, "{}", spoke.body);
    assert_eq!(spoke.json()["room"], "spectator");
    let barred = post(
        addr,
        &format!("/api/games/{game}/chat"),
        &cili,
        json!({"text": "psst", "room": "player"}),
    );
    assert_eq!(barred.status, 403, "{}", barred.body);
    let heard = wait_lines(&public, 1);
    assert_eq!(heard.len(), 1, "{heard:?}");
    assert_eq!(heard[0]["username"], "cili");
    // Bela's lichess stream hears both rooms, as lichess's does.
    let heard = wait_lines(&bela_stream, 2);
    assert_eq!(heard[1]["room"], "spectator");
    // The public stream never heard Anna's line.
    std::thread::sleep(Duration::from_millis(300));
    assert!(chat_lines(&public).iter().all(|l| l["room"] == "spectator"));

    // Kept: each reader reads their own room.
    let read = |auth: &str| {
        let headers: Vec<(&str, &str)> = if auth.is_empty() {
            vec![]
        } else {
            vec![("authorization", auth)]
        };
        send(
            addr,
            "GET",
            &format!("/api/games/{game}/chat"),
            &headers,
            None,
        )
        .json()
    };
    let players = read(&bela);
    assert_eq!(players["room"], "player");
    assert_eq!(
        players["lines"],
        json!([{"room": "player", "username": "anna", "text": "Good luck!"}])
    );
    let spectators = read("");
    assert_eq!(spectators["room"], "spectator");
    assert_eq!(spectators["lines"][0]["text"], "Nice opening");
    let lichess = send(
        addr,
        "GET",
        &format!("/api/board/game/{game}/chat"),
        &[("authorization", &anna)],
        None,
    )
    .json();
    assert_eq!(lichess, json!([{"user": "anna", "text": "Good luck!"}]));

    for text in ["", "   ", &"x".repeat(141), "a\u{7}b"] {
        let r = post(
            addr,
            &format!("/api/games/{game}/chat"),
            &anna,
            json!({ "text": text }),
        );
        assert_eq!(
            (r.status, r.json()["error"].as_str()),
            (400, Some("chat_text")),
            "{text:?}"
        );
    }
    // A token that may not play neither speaks nor hears the players.
    let reader = common::account_token(addr, "anna2", &["preference:read"]);
    let scoped = post(
        addr,
        &format!("/api/games/{game}/chat"),
        &reader,
        json!({"text": "hi"}),
    );
    assert_eq!(
        (scoped.status, scoped.json()["error"].as_str()),
        (403, Some("missing_scope"))
    );
    // A seat token (a game's client) names no account: the spectators'.
    assert_eq!(read("Bearer not-an-account-token")["room"], "spectator");
    let nobody = send(
        addr,
        "POST",
        &format!("/api/games/{game}/chat"),
        &[JSON],
        Some("{\"text\":\"hi\"}"),
    );
    assert_eq!(nobody.status, 401);
    let no_game = post(
        addr,
        "/api/games/nosuchgame/chat",
        &anna,
        json!({"text": "hi"}),
    );
    assert_eq!(no_game.status, 404);
}
