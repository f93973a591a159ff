//! Open challenges and games against the computer, at lichess's paths, on
//! a real server: an open challenge made without an account pairs the
//! first two accounts that take it (as the colours they ask for), and of
//! twenty racing, two take it and one game is made; one kept for two
//! accounts refuses a third; its creator may cancel it; a game against the
//! computer begins at once, the computer answers, and lichess's shapes
//! name it (`aiLevel`, `A.I. level N`).

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{send, settled, start_server_on, Full};
use serde_json::{json, Value};

const JSON: (&str, &str) = ("content-type", "application/json");
const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");
const PLAY: &[&str] = &["board:play", "challenge:write"];

fn server() -> SocketAddr {
    start_server_on(common::database::fresh(), sakk_server::Rates::unlimited())
}

fn post(addr: SocketAddr, path: &str, auth: &str, body: Option<Value>) -> Full {
    let text = body.map(|b| b.to_string());
    let mut headers = vec![JSON];
    if !auth.is_empty() {
        headers.push(("authorization", auth));
    }
    send(addr, "POST", path, &headers, text.as_deref())
}

fn get(addr: SocketAddr, path: &str, auth: &str) -> Full {
    let headers: Vec<(&str, &str)> = if auth.is_empty() {
        Vec::new()
    } else {
        vec![("authorization", auth)]
    };
    send(addr, "GET", path, &headers, None)
}

fn error(r: &Full) -> String {
    r.json()["error"].as_str().unwrap_or("").to_string()
}

fn accept(addr: SocketAddr, id: &str, who: &str, color: &str) -> Full {
    let query = if color.is_empty() {
        String::new()
    } else {
        format!("?color={color}")
    };
    post(
        addr,
        &format!("/api/challenge/{id}/accept{query}"),
        who,
        None,
    )
}

/// The games an account plays now, as `/api/account/playing` lists them.
#[test]
fn an_open_challenge_pairs_the_first_two_who_take_it() {
    let addr = server();
    let anna = common::account_token(addr, "anna", PLAY);
    let bela = common::account_token(addr, "bela", PLAY);
    let cili = common::account_token(addr, "cili", PLAY);
    // Made without an account, as a form.
    let made = send(
        addr,
        "POST",
        "/api/challenge/open",
        &[FORM],
        Some("clock.limit=300&clock.increment=2&name=Club%20night"),
    );
    assert_eq!(made.status, 200, "{}", made.body);
    let c = made.json();
    let id = c["id"].as_str().unwrap_or("").to_string();
    assert_eq!(c["status"], "created");
    assert_eq!(c["challenger"], Value::Null);
    assert_eq!(c["destUser"], Value::Null);
    assert_eq!(c["speed"], "blitz");
    assert_eq!(c["timeControl"]["show"], "5+2");
    assert_eq!(c["name"], "Club night");
    assert!(
        c["urlWhite"]
            .as_str()
            .unwrap_or("")
            .ends_with(&format!("/challenge/{id}?color=white")),
        "{c}"
    );
    assert!(
        c["urlBlack"]
            .as_str()
            .unwrap_or("")
            .ends_with("?color=black"),
        "{c}"
    );
    // Its page, to anyone.
    let page = send(addr, "GET", &format!("/challenge/{id}"), &[], None);
    assert_eq!(page.status, 200);

    // Anna joins as Black, and waits (again: still waiting).
    assert_eq!(accept(addr, &id, &anna, "black").status, 200);
    assert_eq!(accept(addr, &id, &anna, "").status, 200);
    let shown = get(addr, &format!("/api/challenge/{id}/show"), "").json();
    assert_eq!(shown["status"], "created", "{shown}");
    assert_eq!(shown["challenger"]["name"], "anna", "{shown}");
    assert!(common::now_playing(addr, &anna).is_empty());
    let bad = accept(addr, &id, &bela, "green");
    assert_eq!((bad.status, error(&bad)), (400, "bad_color".to_string()));

    // Bela asks for Black too: the first's choice stands.
    assert_eq!(accept(addr, &id, &bela, "black").status, 200);
    let shown = get(addr, &format!("/api/challenge/{id}/show"), "").json();
    assert_eq!(shown["status"], "accepted", "{shown}");
    let game = shown["gameId"].as_str().unwrap_or("").to_string();
    // The game has the challenge's id, as on lichess (lichess-bot counts
    // on it).
    assert_eq!(game, id, "{shown}");
    let a = common::now_playing(addr, &anna);
    let b = common::now_playing(addr, &bela);
    assert_eq!(a.len(), 1);
    assert_eq!(a[0]["gameId"], game.as_str());
    assert_eq!(a[0]["color"], "black");
    assert_eq!(a[0]["opponent"]["username"], "bela");
    assert_eq!(b[0]["color"], "white");
    assert_eq!(b[0]["speed"], "blitz");
    // Taken: a third finds nothing.
    let late = accept(addr, &id, &cili, "");
    assert_eq!(
        (late.status, error(&late)),
        (404, "no_such_challenge".to_string())
    );
}

#[test]
fn of_twenty_racing_two_take_it_and_one_game_is_made() {
    let addr = server();
    let players: Vec<String> = (0..20)
        .map(|i| common::account_token(addr, &format!("racer{i}"), PLAY))
        .collect();
    let made = post(
        addr,
        "/api/challenge/open",
        "",
        Some(json!({"clock.limit": 180})),
    );
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.json()["id"].as_str().unwrap_or("").to_string();
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let handles: Vec<_> = players
            .iter()
            .map(|p| {
                let id = id.clone();
                s.spawn(move || accept(addr, &id, p, "").status)
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    settled(&statuses, 20, 2);
    let games = send(addr, "GET", "/api/games", &[], None).json();
    assert_eq!(games["games"].as_array().map(Vec::len), Some(1), "{games}");
    let in_play: usize = players
        .iter()
        .map(|p| common::now_playing(addr, p).len())
        .sum();
    assert_eq!(in_play, 2);
}

#[test]
fn a_reserved_one_refuses_a_third_and_its_creator_may_cancel() {
    let addr = server();
    let anna = common::account_token(addr, "anna", PLAY);
    let bela = common::account_token(addr, "bela", PLAY);
    let cili = common::account_token(addr, "cili", PLAY);
    let made = post(
        addr,
        "/api/challenge/open",
        &cili,
        Some(
            json!({"clock.limit": 600, "clock.increment": 5, "rated": true, "users": "Anna, bela"}),
        ),
    );
    assert_eq!(made.status, 200, "{}", made.body);
    let c = made.json();
    assert_eq!(c["open"]["userIds"], json!(["anna", "bela"]), "{c}");
    assert_eq!(c["rated"], true);
    let id = c["id"].as_str().unwrap_or("").to_string();
    let third = accept(addr, &id, &cili, "");
    assert_eq!(
        (third.status, error(&third)),
        (403, "not_invited".to_string())
    );
    // Bela asks for White; the reservation gives her Black.
    assert_eq!(accept(addr, &id, &bela, "white").status, 200);
    assert_eq!(accept(addr, &id, &anna, "").status, 200);
    assert_eq!(common::now_playing(addr, &anna)[0]["color"], "white");
    assert_eq!(common::now_playing(addr, &bela)[0]["color"], "black");
    assert_eq!(common::now_playing(addr, &bela)[0]["rated"], true);

    // Another, canceled by its creator (only).
    let made = post(addr, "/api/challenge/open", &cili, Some(json!({}))).json();
    let id = made["id"].as_str().unwrap_or("").to_string();
    assert_eq!(made["timeControl"]["type"], "unlimited");
    let not_hers = post(addr, &format!("/api/challenge/{id}/cancel"), &anna, None);
    assert_eq!(not_hers.status, 404);
    let canceled = post(addr, &format!("/api/challenge/{id}/cancel"), &cili, None);
    assert_eq!(canceled.status, 200, "{}", canceled.body);
    assert_eq!(accept(addr, &id, &anna, "").status, 404);
    let shown = get(addr, &format!("/api/challenge/{id}/show"), "").json();
    assert_eq!(shown["status"], "canceled");

    // What an open challenge cannot be.
    for (body, status, code) in [
        (json!({"users": "anna"}), 400, "bad_users"),
        (json!({"users": "anna,ANNA"}), 400, "bad_users"),
        (json!({"users": "anna,nobody"}), 404, "no_such_user"),
        (json!({"expiresAt": 1}), 400, "bad_expiry"),
        (json!({"rated": true}), 400, "rated_without_clock"),
        (json!({"variant": "atomic"}), 400, "variant_unavailable"),
        (json!({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}), 400, "bad_fen"),
    ] {
        let r = post(addr, "/api/challenge/open", "", Some(body.clone()));
        assert_eq!(
            (r.status, error(&r).as_str()),
            (status, code),
            "{body}: {}",
            r.body
        );
    }
    // A challenge to an account shows only to its two.
    let named = post(addr, "/api/challenge/bela", &anna, Some(json!({}))).json();
    let nid = named["id"].as_str().unwrap_or("").to_string();
    assert_eq!(
        get(addr, &format!("/api/challenge/{nid}/show"), &bela).json()["direction"],
        "in"
    );
    assert_eq!(
        get(addr, &format!("/api/challenge/{nid}/show"), &cili).status,
        404
    );
    assert_eq!(
        get(addr, &format!("/api/challenge/{nid}/show"), "").status,
        404
    );
}

/// Waits until game `id` has `plies` moves (the computer answered).
fn moves_reach(addr: SocketAddr, id: &str, plies: usize) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let state = send(addr, "GET", &format!("/api/games/{id}"), &[], None).json();
        let moves = state["moves"].as_str().unwrap_or("").to_string();
        if moves.split_whitespace().count() >= plies {
            return moves;
        }
        assert!(Instant::now() < deadline, "no answer: {state}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_game_against_the_computer_begins_at_once_and_the_computer_answers() {
    let addr = server();
    let anna = common::account_token(addr, "anna", PLAY);
    let events = common::stream_lines(addr, "/api/stream/event", &[("authorization", &anna)]);
    let made = send(
        addr,
        "POST",
        "/api/challenge/ai",
        &[FORM, ("authorization", &anna)],
        Some("level=1&clock.limit=300&clock.increment=3&color=white"),
    );
    assert_eq!(made.status, 201, "{}", made.body);
    let g = made.json();
    assert_eq!(
        (g["source"].as_str(), g["player"].as_str()),
        (Some("ai"), Some("white")),
        "{g}"
    );
    assert_eq!(g["status"]["name"], "started");
    assert_eq!(g["rated"], false);
    let id = g["id"].as_str().unwrap_or("").to_string();
    let start = common::seen_type(&events, "gameStart");
    assert_eq!(start["game"]["gameId"], id.as_str(), "{start}");
    assert_eq!(start["game"]["source"], "ai");
    assert_eq!(start["game"]["opponent"]["ai"], 1, "{start}");
    assert_eq!(start["game"]["opponent"]["username"], "A.I. level 1");
    assert_eq!(start["game"]["isMyTurn"], true);

    // lichess's game stream names the computer by its level.
    let stream = common::stream_lines(
        addr,
        &format!("/api/board/game/stream/{id}"),
        &[("authorization", &anna)],
    );
    let full = common::seen_type(&stream, "gameFull");
    assert_eq!(full["black"], json!({"aiLevel": 1}), "{full}");
    assert_eq!(full["white"]["name"], "anna", "{full}");
    let moved = post(
        addr,
        &format!("/api/board/game/{id}/move/e2e4"),
        &anna,
        None,
    );
    assert_eq!(moved.status, 200, "{}", moved.body);
    let moves = moves_reach(addr, &id, 2);
    assert!(moves.starts_with("e2e4 "), "{moves}");
    // Only the account's own side: the computer's is not hers.
    let theirs = post(
        addr,
        &format!("/api/board/game/{id}/move/a7a6"),
        &anna,
        None,
    );
    assert_eq!(theirs.status, 400, "{}", theirs.body);
    let resigned = post(addr, &format!("/api/board/game/{id}/resign"), &anna, None);
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let finish = common::seen_type(&events, "gameFinish");
    assert_eq!(finish["game"]["winner"], "black", "{finish}");
    let export = common::export_json(addr, &id);
    assert_eq!(export["players"]["black"]["aiLevel"], 1, "{export}");
    assert_eq!(
        export["players"]["white"]["user"]["name"], "anna",
        "{export}"
    );

    // As Black: the computer moves first.
    let made = post(
        addr,
        "/api/challenge/ai",
        &anna,
        Some(json!({"level": 8, "color": "black"})),
    );
    assert_eq!(made.status, 201, "{}", made.body);
    let id = made.json()["id"].as_str().unwrap_or("").to_string();
    assert_eq!(moves_reach(addr, &id, 1).split_whitespace().count(), 1);
    assert_eq!(common::now_playing(addr, &anna).len(), 1);

    for (body, code) in [
        (json!({}), "bad_level"),
        (json!({"level": 9}), "bad_level"),
        (json!({"level": 3, "days": 4}), "clock_bad_days"),
        (json!({"level": 3, "color": "green"}), "bad_color"),
    ] {
        let r = post(addr, "/api/challenge/ai", &anna, Some(body.clone()));
        assert_eq!(
            (r.status, error(&r).as_str()),
            (400, code),
            "{body}: {}",
            r.body
        );
    }
    let anonymous = post(addr, "/api/challenge/ai", "", Some(json!({"level": 1})));
    assert_eq!(anonymous.status, 401);
}

#[test]
fn an_open_chess960_challenge_and_the_computer_in_chess960_keep_their_start() {
    let addr = server();
    let anna = common::account_token(addr, "anna", PLAY);
    let bela = common::account_token(addr, "bela", PLAY);
    let made = post(
        addr,
        "/api/challenge/open",
        "",
        Some(json!({"variant": "chess960", "clock.limit": 600, "clock.increment": 5})),
    );
    assert_eq!(made.status, 200, "{}", made.body);
    let c = made.json();
    assert_eq!(c["variant"]["key"], "chess960", "{c}");
    assert_eq!(c["perf"]["name"], "Chess960");
    let start = c["initialFen"].as_str().unwrap_or("").to_string();
    let id = c["id"].as_str().unwrap_or("").to_string();
    assert_eq!(accept(addr, &id, &anna, "white").status, 200);
    let joined = accept(addr, &id, &bela, "");
    assert_eq!(joined.status, 200, "{}", joined.body);
    let game = common::now_playing(addr, &anna);
    assert_eq!(game.len(), 1, "{game:?}");
    assert_eq!(game[0]["variant"]["key"], "chess960");
    assert_eq!(game[0]["perf"], "chess960");
    let game_id = game[0]["gameId"].as_str().unwrap_or("").to_string();
    let state = get(addr, &format!("/api/games/{game_id}"), "").json();
    assert_eq!(state["rules"]["variant"], "chess960", "{state}");
    assert_eq!(state["initial_fen"], start.as_str());

    // The computer, in Chess960 from the standard array (518): castling
    // is the king onto its rook there.
    let ai = post(
        addr,
        "/api/challenge/ai",
        &anna,
        Some(json!({"level": 1, "variant": "chess960", "color": "white",
                    "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"})),
    );
    assert_eq!(ai.status, 201, "{}", ai.body);
    assert_eq!(ai.json()["variant"]["key"], "chess960", "{}", ai.body);
    let ai_id = ai.json()["id"].as_str().unwrap_or("").to_string();
    let state = get(addr, &format!("/api/games/{ai_id}"), "").json();
    assert_eq!(state["rules"]["variant"], "chess960", "{state}");
}
