//! The API over real HTTP against a real server.

mod common;

use std::io::BufRead;
use std::time::Duration;

use common::{new_game, play, request, start_server, stream};
use serde_json::Value;

/// Game `id`'s state once `done` holds for it: asked up to `tries` times,
/// `every` apart (the last state asked, if it never does).
fn state_once(
    addr: std::net::SocketAddr,
    id: &str,
    tries: usize,
    every: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let mut last = Value::Null;
    for _ in 0..tries {
        last = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
        if done(&last) {
            break;
        }
        std::thread::sleep(every);
    }
    last
}

#[test]
fn a_whole_game_by_link_ends_in_mate_and_the_stream_follows_it() {
    let addr = start_server();
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    assert_ne!(white, black);

    // A spectator's stream: gameFull first, then one gameState per change.
    let mut reader = stream(addr, &format!("/api/games/{id}/stream"));

    let state = play(addr, &id, &white, &black, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7");
    assert_eq!(state["status"], "mate");
    assert_eq!(state["result"], "1-0");
    assert_eq!(state["termination"], "checkmate");
    assert_eq!(state["winner"], "white");
    assert_eq!(state["moves"], "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
    // Codes, not sentences: the words are the client's.
    assert!(state.get("description_hu").is_none(), "{state}");
    assert_eq!(state["ended_by"], Value::Null);

    let mut events: Vec<Value> = Vec::new();
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap_or(0) > 0 {
        // Skip the HTTP head and the chunk sizes: keep the JSON objects.
        if let Ok(v) = serde_json::from_str::<Value>(line.trim()) {
            if v.is_object() {
                events.push(v);
            }
        }
        line.clear();
        if events.last().is_some_and(|v| v["status"] == "mate") {
            break;
        }
    }
    assert_eq!(
        events.first().map(|v| v["type"].clone()),
        Some(Value::from("gameFull"))
    );
    assert!(events.iter().skip(1).all(|v| v["type"] == "gameState"));
    assert_eq!(
        events.last().map(|v| v["termination"].clone()),
        Some(Value::from("checkmate"))
    );

    let pgn = request(addr, "GET", &format!("/api/games/{id}/pgn"), None, None);
    assert!(pgn.body.contains("4. Qxf7# 1-0"), "{}", pgn.body);
    let list = request(addr, "GET", "/api/games?status=ended", None, None).json();
    assert!(list["games"]
        .as_array()
        .is_some_and(|g| g.iter().any(|x| x["id"] == id.as_str())));
}

#[test]
fn every_refusal_is_clear_and_changes_nothing() {
    let addr = start_server();
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    let mv = |m: &str, token: Option<&str>| {
        request(
            addr,
            "POST",
            &format!("/api/games/{id}/move/{m}"),
            token,
            None,
        )
    };

    let r = mv("e2e5", Some(&white));
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["error"], "cannot_move_that_way");
    assert!(r.json()["message_hu"]
        .as_str()
        .is_some_and(|m| m.contains("gyalog")));
    let r = mv("xyz", Some(&white));
    assert_eq!(
        (r.status, r.json()["error"].clone()),
        (400, Value::from("unreadable_move"))
    );
    // No token: 401 (and how to give one); a wrong one: 403.
    assert_eq!(mv("e2e4", None).status, 401);
    assert_eq!(mv("e2e4", None).json()["error"], "missing_token");
    assert_eq!(mv("e2e4", Some("wrong-token")).status, 403);
    assert_eq!(mv("e2e4", Some(&black)).status, 403);
    assert_eq!(
        request(
            addr,
            "POST",
            "/api/games/doesnotexist/move/e2e4",
            Some(&white),
            None
        )
        .status,
        404
    );
    assert_eq!(
        request(
            addr,
            "POST",
            "/api/games/../../etc/move/e2e4",
            Some(&white),
            None
        )
        .status,
        404
    );
    // Nothing changed.
    assert_eq!(
        request(addr, "GET", &format!("/api/games/{id}"), None, None).json()["moves"],
        ""
    );

    let r = request(addr, "POST", "/api/games", None, Some("{not json"));
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].is_string());
    let r = request(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"opponent": "alien"}"#),
    );
    assert_eq!(r.status, 400);
    let big = format!(
        r#"{{"opponent": "friend", "fen": "{}"}}"#,
        "x".repeat(40_000)
    );
    assert_eq!(
        request(addr, "POST", "/api/games", None, Some(&big)).status,
        413
    );

    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&black),
        None,
    );
    assert_eq!(r.status, 200);
    assert_eq!(mv("e2e4", Some(&white)).status, 409);
    assert_eq!(
        request(addr, "GET", "/no/such/route", None, None).status,
        404
    );
}

#[test]
fn draw_offer_and_acceptance() {
    let addr = start_server();
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    play(addr, &id, &white, &black, "e4 e5");
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/Nf3?offeringDraw=true"),
        Some(&white),
        None,
    );
    assert_eq!(
        (r.json()["wdraw"].clone(), r.json()["bdraw"].clone()),
        (Value::from(true), Value::from(false))
    );
    // The offerer has no offer to answer.
    assert_eq!(
        request(
            addr,
            "POST",
            &format!("/api/games/{id}/draw/yes"),
            Some(&white),
            None
        )
        .json()["error"],
        "no_draw_offer"
    );
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/draw/yes"),
        Some(&black),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["termination"], "agreement");
    assert_eq!(r.json()["result"], "1/2-1/2");
}

#[test]
fn a_threefold_claim() {
    let addr = start_server();
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    play(addr, &id, &white, &black, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let state = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
    assert_eq!(
        state["claimable"],
        serde_json::json!(["threefold_repetition"])
    );
    // A wrong claim first: the claim is rejected with the counts, and
    // stands as a draw offer (FIDE 9.1.2.2); the game goes on.
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/claim-draw"),
        Some(&black),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let claim = &r.json()["rejected_claim"];
    assert_eq!(claim["by"], "black");
    assert_eq!(claim["repetitions"], 2);
    assert_eq!(claim["declared"], Value::Null);
    assert_eq!(claim["added_ms"], 0, "no clock, no time to add");
    assert!(
        claim.get("message_hu").is_none(),
        "codes, not sentences: {claim}"
    );
    assert_eq!(r.json()["bdraw"], true);
    assert_eq!(r.json()["status"], "started");
    // White may not claim on Black's turn.
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/claim-draw?move=f6g8"),
        Some(&white),
        None,
    );
    assert_eq!(r.status, 403);
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/claim-draw?move=Ng8"),
        Some(&black),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["termination"], "threefold_repetition");
    assert_eq!(r.json()["status"], "draw");
    // The declared move is on the scoresheet: in the moves and the PGN,
    // marked as the claim's.
    assert_eq!(r.json()["declared_move"], "f6g8");
    assert!(r.json()["moves"]
        .as_str()
        .is_some_and(|m| m.ends_with("g8f6 f3g1 f6g8")));
    assert_eq!(r.json()["bdraw"], false, "cleared at the end");
    let pgn = request(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).body;
    assert!(
        pgn.contains("4. Ng1 Ng8")
            && pgn.contains("{ the move declared with a correct draw claim } 1/2-1/2"),
        "{pgn}"
    );
}

/// FIDE 9.5: an incorrect claim with a declared move plays the move, stands
/// as a draw offer, and gives the opponent two more minutes.
#[test]
fn a_wrong_claim_with_a_move_plays_it_and_gives_the_opponent_two_minutes() {
    let addr = start_server();
    let (id, white, black) = new_game(
        addr,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 300}}"#,
    );
    play(addr, &id, &white, &black, "e4 e5");
    let before = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/claim-draw?move=Nf3"),
        Some(&white),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let s = r.json();
    assert_eq!(s["moves"], "e2e4 e7e5 g1f3");
    assert_eq!(s["wdraw"], true);
    assert_eq!(s["rejected_claim"]["declared"], "g1f3");
    assert_eq!(s["rejected_claim"]["added_ms"], 120_000);
    let (b0, b1) = (
        before["btime"].as_i64().unwrap_or(0),
        s["btime"].as_i64().unwrap_or(0),
    );
    assert!(b1 > b0 + 110_000 && b1 <= b0 + 120_000, "{b0} → {b1}");
    assert_eq!(s["rejected_claim"]["by"], "white", "{s}");
    // The next move clears the report.
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/Nc6"),
        Some(&black),
        None,
    );
    assert_eq!(r.json()["rejected_claim"], Value::Null);
}

#[test]
fn resignation_and_abort() {
    let addr = start_server();
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    play(addr, &id, &white, &black, "e4");
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/abort"),
        Some(&black),
        None,
    );
    assert_eq!(r.json()["termination"], "aborted");
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    play(addr, &id, &white, &black, "e4 e5");
    assert_eq!(
        request(
            addr,
            "POST",
            &format!("/api/games/{id}/abort"),
            Some(&black),
            None
        )
        .status,
        400
    );
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&white),
        None,
    );
    assert_eq!(
        (r.json()["result"].clone(), r.json()["termination"].clone()),
        (Value::from("0-1"), Value::from("resignation"))
    );
}

#[test]
fn the_server_flags_a_fallen_clock_by_itself() {
    let addr = start_server();
    let (id, white, black) = new_game(
        addr,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 0.4, "increment": 0}}"#,
    );
    let state = play(addr, &id, &white, &black, "e4 e5");
    assert_eq!(state["clock_running"], "white");
    std::thread::sleep(Duration::from_millis(900));
    let state = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
    assert_eq!(state["status"], "outoftime", "{state}");
    assert_eq!(state["termination"], "timeout");
    assert_eq!(state["result"], "0-1");
    assert_eq!(state["wtime"], 0);
}

/// A flag that falls while the proof of a dead position is still under
/// way waits for it, and so does a move sent after the fall: the game
/// ended when the dead position arose (FIDE 5.2.2), before the flag, and
/// is drawn as dead, not lost on time. (The proof of this position takes
/// about a second; the flag falls 0.2 s after both sides' first moves,
/// while it runs.)
#[test]
fn a_flag_falling_while_a_dead_position_is_proved_waits_for_the_proof() {
    let addr = start_server();
    let (id, white, black) = new_game(
        addr,
        r#"{"opponent": "friend", "fen": "k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - - 0 1",
            "clock": {"limit": 0.2, "increment": 0}}"#,
    );
    let state = play(addr, &id, &white, &black, "Kb1 Kb8");
    assert_eq!(state["termination"], Value::Null, "{state}");
    assert_eq!(state["clock_running"], "white", "{state}");
    // White moves after the fall, while the proof runs: the move waits for
    // the proof, which ended the game before the flag fell.
    std::thread::sleep(Duration::from_millis(350));
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/Kc2"),
        Some(&white),
        None,
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let last = state_once(addr, &id, 300, Duration::from_millis(100), |s| {
        !s["termination"].is_null()
    });
    assert_eq!(last["termination"], "dead_position", "{last}");
    assert_eq!(last["result"], "1/2-1/2", "{last}");
    // The move played after the dead position stays in the record.
    assert_eq!(last["moves"], "a1b1 a8b8", "{last}");
}

/// Chess960 (#32): a game from a start position by number, castled by
/// the king onto its rook (in UCI) and by `O-O`; its state, its PGN
/// (`Variant`, `FEN`) and lichess's `variant` say so; a Shredder-FEN makes
/// a Chess960 game by itself; the computer plays one; wrong numbers are
/// refused.
#[test]
fn a_chess960_game_castles_the_king_onto_its_rook() {
    let addr = start_server();
    // Position 177, BNRBNKRQ: short castling at once (the king f1 to g1,
    // the rook g1 to f1).
    let (id, white, black) = new_game(
        addr,
        r#"{"opponent": "friend", "variant": "chess960", "chess960": 177}"#,
    );
    let state = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
    assert_eq!(
        state["initial_fen"],
        "bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w KQkq - 0 1"
    );
    assert_eq!(state["rules"]["variant"], "chess960", "{state}");
    let state = play(addr, &id, &white, &black, "f1g1 O-O");
    assert_eq!(
        state["fen"], "bnrbnrkq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNRKQ w - - 2 2",
        "{state}"
    );
    assert_eq!(state["moves"], "f1g1 f8g8", "{state}");
    assert_eq!(state["san"], serde_json::json!(["O-O", "O-O"]));
    let pgn = request(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).body;
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(
        pgn.contains("[FEN \"bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w KQkq - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("1. O-O O-O"), "{pgn}");
    let export = request(addr, "GET", &format!("/game/export/{id}"), None, None);
    assert!(export.body.contains("Chess960"), "{}", export.body);

    // A Shredder-FEN is Chess960 by itself; an X-FEN with the variant.
    for body in [
        r#"{"opponent": "friend", "fen": "bnrbnkrq/pppppppp/8/8/8/8/PPPPPPPP/BNRBNKRQ w GCgc - 0 1"}"#,
        r#"{"opponent": "friend", "variant": "chess960", "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}"#,
        r#"{"opponent": "friend", "rules": {"variant": "chess960"}, "chess960": 3}"#,
    ] {
        let (id, _, _) = new_game(addr, body);
        let state = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
        assert_eq!(state["rules"]["variant"], "chess960", "{body}: {state}");
    }
    // Drawn at random when no number is given.
    let (id, _, _) = new_game(addr, r#"{"opponent": "friend", "variant": "chess960"}"#);
    let state = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
    assert_eq!(state["rules"]["variant"], "chess960", "{state}");
    for body in [
        r#"{"opponent": "friend", "chess960": 5}"#,
        r#"{"opponent": "friend", "variant": "chess960", "chess960": 960}"#,
        r#"{"opponent": "friend", "variant": "chess960", "chess960": 5, "fen": "8/8/8/8/8/8/8/K6k w - - 0 1"}"#,
        r#"{"opponent": "friend", "variant": "standard", "rules": {"variant": "chess960"}}"#,
    ] {
        let r = request(addr, "POST", "/api/games", None, Some(body));
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert_eq!(r.json()["error"], "bad_chess960", "{body}: {}", r.body);
    }
    let r = request(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"opponent": "friend", "variant": "atomic"}"#),
    );
    assert_eq!(r.status, 400, "{}", r.body);

    // The computer plays White in one.
    let (id, _, _) = new_game(
        addr,
        r#"{"opponent": "computer", "color": "black", "level": 1, "variant": "chess960", "chess960": 0}"#,
    );
    let state = state_once(addr, &id, 200, Duration::from_millis(50), |s| {
        s["moves"].as_str().is_some_and(|m| !m.is_empty())
    });
    let moves = state["moves"].as_str().unwrap_or("");
    assert_eq!(
        moves.split_whitespace().count(),
        1,
        "the computer's first move: {moves:?}"
    );
}

#[test]
fn the_computer_answers() {
    let addr = start_server();
    let r = request(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"opponent": "computer", "color": "white", "level": 1}"#),
    );
    assert_eq!(r.status, 201);
    let v = r.json();
    let id = v["id"].as_str().unwrap_or("").to_string();
    let token = v["tokens"]["white"].as_str().unwrap_or("").to_string();
    assert!(v["tokens"]["black"].is_null(), "only the human's token");
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/e4"),
        Some(&token),
        None,
    );
    assert_eq!(r.status, 200);
    let state = state_once(addr, &id, 100, Duration::from_millis(50), |s| {
        s["moves"].as_str().unwrap_or("").split_whitespace().count() == 2
    });
    let moves = state["moves"].as_str().unwrap_or("");
    assert_eq!(
        moves.split_whitespace().count(),
        2,
        "the computer replied: {moves}"
    );
}

#[test]
fn takeback_asked_and_granted() {
    let addr = start_server();
    let (id, white, black) = new_game(
        addr,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 60}}"#,
    );
    play(addr, &id, &white, &black, "e4 e5 Nf3");
    // Black asks on its own turn: White's Nf3 and Black's e5 go back, and
    // Black is to move again (as lichess does it).
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/takeback/yes"),
        Some(&black),
        None,
    );
    assert_eq!(r.json()["btakeback"], true);
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/takeback/yes"),
        Some(&white),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["moves"], "e2e4");
    assert_eq!(r.json()["turn"], "black");
    assert_eq!(r.json()["btakeback"], false);
    let pgn = request(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).body;
    assert!(pgn.contains("1. e4") && !pgn.contains("e5"), "{pgn}");
    // Declined.
    request(
        addr,
        "POST",
        &format!("/api/games/{id}/takeback/yes"),
        Some(&black),
        None,
    );
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/takeback/no"),
        Some(&white),
        None,
    );
    assert_eq!(r.json()["btakeback"], false);
    assert_eq!(r.json()["moves"], "e2e4");
    // Nothing to answer: refused, as for a draw.
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/takeback/no"),
        Some(&white),
        None,
    );
    assert_eq!(
        (r.status, r.json()["error"].clone()),
        (400, Value::from("no_takeback_request"))
    );
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/draw/no"),
        Some(&white),
        None,
    );
    assert_eq!(
        (r.status, r.json()["error"].clone()),
        (400, Value::from("no_draw_offer"))
    );
}

#[test]
fn touch_move_binds_the_touched_piece() {
    let addr = start_server();
    let (id, white, _black) = new_game(
        addr,
        r#"{"opponent": "friend", "color": "white", "rules": {"touch_move": true}}"#,
    );
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/touch/g1"),
        Some(&white),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["touched"], serde_json::json!(["g1"]));
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/e4"),
        Some(&white),
        None,
    );
    assert_eq!(
        (r.status, r.json()["error"].clone()),
        (400, Value::from("touched_piece_must_move"))
    );
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/Nf3"),
        Some(&white),
        None,
    );
    assert_eq!(r.status, 200);
    let (id2, white2, _) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id2}/touch/g1"),
        Some(&white2),
        None,
    );
    assert_eq!(
        (r.status, r.json()["error"].clone()),
        (400, Value::from("touch_move_off"))
    );
}

#[test]
fn the_rules_answer_a_trial_without_a_game() {
    let addr = start_server();
    let post = |body: &str| request(addr, "POST", "/api/rules/try", None, Some(body));
    // A move in Hungarian letters, after two moves: played, with its facts.
    let r = post(
        r#"{"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "moves": ["f2f3", "e7e5", "g2g4"], "action": {"kind": "move", "text": "Vh4", "lang": "hu"}}"#,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["san"], "Qh4#");
    assert_eq!(v["termination"], "checkmate");
    assert_eq!(
        (v["result"].clone(), v["ended_by"].clone()),
        ("0-1".into(), Value::Null)
    );
    assert_eq!(v["named_mate"], "fools_mate");
    assert!(v["marks"]["facts"]
        .as_array()
        .is_some_and(|f| f.contains(&Value::from("checkmate"))));
    // A refused move: the rule's code and its words, as in a game.
    let r = post(
        r#"{"fen": "4k3/8/8/8/6b1/8/8/R3K2R w KQ - 0 1", "action": {"kind": "move", "text": "O-O-O"}}"#,
    );
    assert_eq!(r.status, 400);
    let v = r.json();
    assert_eq!(v["error"], "castling_through_check");
    assert_eq!(v["params"]["square"], "d1");
    assert_eq!(
        v["message_hu"],
        "Nem sáncolhatsz: a király áthaladna a d1 mezőn, amelyet az ellenfél támad."
    );
    // Bad input: a clear code, never a panic.
    for (body, code) in [
        (r#"{"fen": "x", "action": {"kind": "flag"}}"#, "bad_fen"),
        (r#"{"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}"#, "bad_request"),
        (
            r#"{"fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "action": {"kind": "dance"}}"#,
            "bad_request",
        ),
        (
            r#"{"fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "touched": ["z9"], "action": {"kind": "flag"}}"#,
            "bad_square",
        ),
    ] {
        let r = post(body);
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert_eq!(r.json()["error"], code, "{body}");
    }
}

/// FIDE 5.2.2 on the server: a position that only the full proof shows
/// dead (locked pawns, bishops that can never reach a king) ends the game
/// as a draw once the proof, run in the engine pool off the request path,
/// is in; the move that led to it was answered at once.
#[test]
fn a_dead_position_only_the_full_proof_shows_ends_the_game() {
    let addr = start_server();
    let (id, white, black) = new_game(
        addr,
        r#"{"opponent": "friend", "fen": "1k6/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/2K5 b - - 1 1"}"#,
    );
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/Kb7"),
        Some(&black),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // The quick proofs do not see it: the move's answer is not the end.
    assert_eq!(r.json()["termination"], Value::Null, "{}", r.body);
    assert_eq!(r.json()["status"], "started", "{}", r.body);
    let last = state_once(addr, &id, 300, Duration::from_millis(100), |s| {
        !s["termination"].is_null()
    });
    assert_eq!(last["termination"], "dead_position", "{last}");
    assert_eq!(last["result"], "1/2-1/2", "{last}");
    // Over: no more moves.
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/Kc2"),
        Some(&white),
        None,
    );
    assert_eq!(r.status, 409, "{}", r.body);
}
