//! What the browser front-end uses: the embedded app, seats, SAN in
//! Hungarian, rematch, and the after-game analysis.

mod common;

use common::{new_game, play, request, start_server};
use serde_json::Value;

#[test]
fn the_app_and_its_files_are_served_from_the_binary() {
    let addr = start_server();
    for page in ["/", "/game/abc123", "/clock", "/history"] {
        let r = request(addr, "GET", page, None, None);
        assert_eq!(r.status, 200, "{page}");
        assert!(r.body.contains("/assets/app.js"), "{page}: {}", r.body);
    }
    let js = request(addr, "GET", "/assets/app.js", None, None);
    assert_eq!(js.status, 200);
    assert!(js.body.len() > 10_000, "the bundle is there");
    let css = request(addr, "GET", "/assets/app.css", None, None);
    assert_eq!(css.status, 200);
    assert!(
        css.body.contains("cg-board"),
        "chessground's styles are bundled"
    );
    let missing = request(addr, "GET", "/assets/nope.js", None, None);
    assert_eq!(missing.status, 404);
    assert_eq!(missing.json()["error"], "not_found");
    let traversal = request(addr, "GET", "/assets/..%2FCargo.toml", None, None);
    assert_eq!(traversal.status, 404);
}

#[test]
fn a_seat_token_tells_its_colours() {
    let addr = start_server();
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    let seat = |t: Option<&str>| request(addr, "GET", &format!("/api/games/{id}/seat"), t, None);
    assert_eq!(
        seat(Some(&white)).json()["colors"],
        serde_json::json!(["white"])
    );
    assert_eq!(
        seat(Some(&black)).json()["colors"],
        serde_json::json!(["black"])
    );
    assert_eq!(seat(Some("wrong")).status, 403);
    assert_eq!(seat(None).status, 401);
    let (local, token, _) = new_game(addr, r#"{"opponent": "local"}"#);
    let r = request(
        addr,
        "GET",
        &format!("/api/games/{local}/seat"),
        Some(&token),
        None,
    );
    assert_eq!(r.json()["colors"], serde_json::json!(["white", "black"]));
}

#[test]
fn moves_in_hungarian_letters_with_lang() {
    let addr = start_server();
    // Both a rook (d1) and a bishop (f1) reach d3: "Bd3" is the bishop in
    // English and the rook (bástya) in Hungarian.
    let body = r#"{"opponent": "local", "fen": "4k3/8/8/8/8/8/8/3RKB2 w - - 0 1"}"#;
    let played = |lang: &str| {
        let (id, token, _) = new_game(addr, body);
        let r = request(
            addr,
            "POST",
            &format!("/api/games/{id}/move/Bd3?lang={lang}"),
            Some(&token),
            None,
        );
        assert_eq!(r.status, 200, "{}", r.body);
        request(addr, "GET", &format!("/api/games/{id}"), None, None).json()["moves"].clone()
    };
    assert_eq!(played("en"), "f1d3");
    assert_eq!(played("hu"), "d1d3");

    let (id, token, _) = new_game(addr, r#"{"opponent": "local"}"#);
    let mv = |m: &str, lang: &str| {
        request(
            addr,
            "POST",
            &format!("/api/games/{id}/move/{m}?lang={lang}"),
            Some(&token),
            None,
        )
    };
    assert_eq!(mv("Hf3", "hu").status, 200);
    assert_eq!(mv("Fc4", "xx").json()["error"], "bad_lang");
    let r = mv("Fc5", "hu");
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(mv("Hf6", "hu").status, 200);
    let state = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
    assert_eq!(state["moves"], "g1f3 g8f6");
    assert_eq!(state["opening"]["eco"], "A05");
}

#[test]
fn a_rematch_swaps_colours_and_both_seats_find_it() {
    let addr = start_server();
    let (id, white, black) = new_game(
        addr,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 180, "increment": 2}, "rules": {"touch_move": true}}"#,
    );
    let early = request(
        addr,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(&white),
        None,
    );
    assert_eq!(early.status, 400, "{}", early.body);
    play(addr, &id, &white, &black, "f3 e5 g4 Qh4");
    let r1 = request(
        addr,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(&black),
        None,
    )
    .json();
    let r2 = request(
        addr,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(&white),
        None,
    )
    .json();
    assert_eq!(r1["id"], r2["id"], "one rematch for both");
    assert_ne!(r1["id"], Value::from(id.clone()));
    assert_eq!(r1["color"], "white", "the old black plays white");
    assert_eq!(r2["color"], "black");
    let new_id = r1["id"].as_str().unwrap_or_default().to_string();
    let state = request(addr, "GET", &format!("/api/games/{new_id}"), None, None).json();
    assert_eq!(state["clock"]["initial"], 180_000);
    assert_eq!(state["clock"]["increment"], 2_000);
    assert_eq!(state["rules"]["touch_move"], true);
    let old = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
    assert_eq!(old["rematch"], Value::from(new_id.clone()));
    let t1 = r1["token"].as_str().unwrap_or_default();
    let ok = request(
        addr,
        "POST",
        &format!("/api/games/{new_id}/move/e4"),
        Some(t1),
        None,
    );
    assert_eq!(ok.status, 200, "{}", ok.body);
    let wrong = request(
        addr,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some("nope"),
        None,
    );
    assert_eq!(wrong.status, 403);
}

#[test]
fn the_analysis_scores_every_position_and_sees_the_blunder() {
    let addr = start_server();
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    let early = request(
        addr,
        "GET",
        &format!("/api/games/{id}/analysis"),
        None,
        None,
    );
    assert_eq!(early.status, 400);
    // 2...Qh4# after White's blunder 2.g4.
    play(addr, &id, &white, &black, "f3 e5 g4 Qh4");
    let a = request(
        addr,
        "GET",
        &format!("/api/games/{id}/analysis"),
        None,
        None,
    );
    assert_eq!(a.status, 200, "{}", a.body);
    let plies = a.json()["plies"].as_array().cloned().unwrap_or_default();
    assert_eq!(plies.len(), 5, "the start and four positions");
    // Before 2.g4 Black is not mating; after it Black mates in one.
    assert_eq!(plies[3]["mate"], -1, "{:?}", plies[3]);
    assert_eq!(plies[3]["best"], "d8h4");
    // The final position: mate, White lost.
    assert_eq!(plies[4]["cp"], -10_000);
    assert!(plies[2]["mate"].is_null(), "{:?}", plies[2]);
}
