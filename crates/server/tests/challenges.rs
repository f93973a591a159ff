//! Challenges and games between accounts on a real server, at lichess's
//! paths: fifty accepts of one challenge at once make one game; what a
//! challenge cannot be is refused with its code; a game is played only by
//! its players, with the token's scope; a draw offered after one's move is
//! stored with that move (another server on the same database sees it); an
//! aborted game moves no rating, a rated one moves both.

mod common;

use std::net::SocketAddr;

use common::{send, settled, start_server_on, Full};
use serde_json::{json, Value};

const JSON: (&str, &str) = ("content-type", "application/json");

/// A new account with a token of these scopes: the `Authorization` value.
fn account(addr: SocketAddr, name: &str, scopes: &[&str]) -> String {
    common::account_token(addr, name, scopes)
}

fn post(addr: SocketAddr, path: &str, auth: &str, body: Option<Value>) -> Full {
    let text = body.map(|b| b.to_string());
    send(
        addr,
        "POST",
        path,
        &[JSON, ("authorization", auth)],
        text.as_deref(),
    )
}

/// `who` plays `uci` in game `id` through lichess's Board API, which must
/// take it.
fn board_move(addr: SocketAddr, id: &str, who: &str, uci: &str) {
    let r = post(addr, &format!("/api/board/game/{id}/move/{uci}"), who, None);
    assert_eq!(r.status, 200, "{uci}: {}", r.body);
}

/// `who` declines challenge `id` with `reason`.
fn decline(addr: SocketAddr, who: &str, id: &str, reason: &str) -> Full {
    post(
        addr,
        &format!("/api/challenge/{id}/decline"),
        who,
        Some(json!({ "reason": reason })),
    )
}

fn error(r: &Full) -> String {
    r.json()["error"].as_str().unwrap_or("").to_string()
}

fn server() -> (SocketAddr, String) {
    let url = common::database::fresh();
    (
        start_server_on(url.clone(), sakk_server::Rates::unlimited()),
        url,
    )
}

const PLAY: &[&str] = &["board:play", "challenge:write"];

/// Anna challenges Bela (Anna White, 5+3, `rated`); Bela accepts: the game.
fn game(addr: SocketAddr, anna: &str, bela: &str, rated: bool) -> String {
    let c = post(
        addr,
        "/api/challenge/bela",
        anna,
        Some(json!({"rated": rated, "clock.limit": 300, "clock.increment": 3, "color": "white"})),
    );
    assert_eq!(c.status, 200, "{}", c.body);
    let id = c.json()["id"].as_str().unwrap_or("").to_string();
    let a = post(addr, &format!("/api/challenge/{id}/accept"), bela, None);
    assert_eq!(a.status, 200, "{}", a.body);
    let listed = send(addr, "GET", "/api/games", &[], None);
    listed.json()["games"][0]["id"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[test]
fn fifty_accepts_at_once_make_one_game() {
    let (addr, _) = server();
    let anna = account(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    let c = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(json!({"rated": false})),
    );
    assert_eq!(c.status, 200, "{}", c.body);
    let id = c.json()["id"].as_str().unwrap_or("").to_string();
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..50)
            .map(|_| {
                let (bela, id) = (bela.clone(), id.clone());
                s.spawn(move || {
                    post(addr, &format!("/api/challenge/{id}/accept"), &bela, None).status
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    settled(&statuses, 50, 1);
    let games = send(addr, "GET", "/api/games", &[], None).json();
    assert_eq!(games["games"].as_array().map(Vec::len), Some(1), "{games}");
}

#[test]
fn what_a_challenge_cannot_be_is_refused() {
    let (addr, _) = server();
    let anna = account(addr, "anna", PLAY);
    let _bela = account(addr, "bela", PLAY);
    let reader = account(addr, "reader", &["challenge:read"]);
    let cases = [
        ("/api/challenge/anna", json!({}), 400, "challenge_yourself"),
        ("/api/challenge/nobody", json!({}), 404, "no_such_user"),
        (
            "/api/challenge/bela",
            json!({"days": 4}),
            400,
            "clock_bad_days",
        ),
        (
            "/api/challenge/bela",
            json!({"days": 3, "clock.limit": 300}),
            400,
            "clock_control_with_fields",
        ),
        (
            "/api/challenge/bela",
            json!({"variant": "atomic"}),
            400,
            "variant_unavailable",
        ),
        (
            "/api/challenge/bela",
            json!({"rated": true, "fen": "8/8/8/4k3/8/8/3QK3/8 w - - 0 1"}),
            400,
            "rated_from_position",
        ),
        (
            "/api/challenge/bela",
            json!({"color": "green"}),
            400,
            "bad_color",
        ),
        (
            "/api/challenge/bela",
            json!({"clock.limit": 20000}),
            400,
            "clock_out_of_range",
        ),
        (
            "/api/challenge/bela",
            json!({"fen": "not a fen"}),
            400,
            "bad_fen",
        ),
    ];
    for (path, body, status, code) in cases {
        let r = post(addr, path, &anna, Some(body.clone()));
        assert_eq!(
            (r.status, error(&r).as_str()),
            (status, code),
            "{body}: {}",
            r.body
        );
    }
    let r = post(addr, "/api/challenge/bela", &reader, Some(json!({})));
    assert_eq!((r.status, error(&r).as_str()), (403, "missing_scope"));
    // A form, as lichess's API takes it.
    let form = send(
        addr,
        "POST",
        "/api/challenge/bela",
        &[
            ("content-type", "application/x-www-form-urlencoded"),
            ("authorization", &anna),
        ],
        Some("rated=true&clock.limit=180&clock.increment=2"),
    );
    assert_eq!(form.status, 200, "{}", form.body);
    assert_eq!(form.json()["speed"], "blitz");
    assert_eq!(form.json()["rated"], true);
    let listed = send(
        addr,
        "GET",
        "/api/challenge",
        &[("authorization", &reader)],
        None,
    );
    assert_eq!(listed.status, 200, "{}", listed.body);
    let decline = post(
        addr,
        &format!(
            "/api/challenge/{}/decline",
            form.json()["id"].as_str().unwrap_or("")
        ),
        &anna,
        Some(json!({"reason": "tooFast"})),
    );
    assert_eq!(
        error(&decline),
        "no_such_challenge",
        "only the challenged declines"
    );
}

#[test]
fn only_the_players_play_and_an_offer_after_a_move_is_stored_with_it() {
    let (addr, url) = server();
    let anna = account(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    let carl = account(addr, "carl", PLAY);
    let bot_only = account(addr, "dora", &["bot:play"]);
    let id = game(addr, &anna, &bela, false);

    let mv =
        |who: &str, uci: &str| post(addr, &format!("/api/board/game/{id}/move/{uci}"), who, None);
    assert_eq!(mv(&anna, "e2e4").json(), json!({"ok": true}));
    let wrong_turn = mv(&anna, "d2d4");
    assert_eq!(
        (wrong_turn.status, error(&wrong_turn).as_str()),
        (403, "not_your_turn")
    );
    let stranger = mv(&carl, "e7e5");
    assert_eq!(stranger.status, 403, "{}", stranger.body);
    let stream = send(
        addr,
        "GET",
        &format!("/api/board/game/stream/{id}"),
        &[("authorization", &carl)],
        None,
    );
    assert_eq!(
        (stream.status, error(&stream).as_str()),
        (403, "not_your_game")
    );
    let scope = send(
        addr,
        "GET",
        &format!("/api/board/game/stream/{id}"),
        &[("authorization", &bot_only)],
        None,
    );
    assert_eq!(
        (scope.status, error(&scope).as_str()),
        (403, "missing_scope")
    );

    // Black has not moved: too early to offer; White to move has no move
    // of its own just made.
    let early = post(addr, &format!("/api/board/game/{id}/draw/yes"), &anna, None);
    assert_eq!(error(&early), "draw_offer_too_early", "{}", early.body);
    assert_eq!(mv(&bela, "e7e5").status, 200);
    let not_now = post(addr, &format!("/api/board/game/{id}/draw/yes"), &anna, None);
    assert_eq!(error(&not_now), "draw_offer_with_move", "{}", not_now.body);
    // Bela offers with the move he just made.
    let offered = post(addr, &format!("/api/board/game/{id}/draw/yes"), &bela, None);
    assert_eq!(offered.status, 200, "{}", offered.body);

    // Another server on the same database reads the game as stored.
    let other = start_server_on(url, sakk_server::Rates::unlimited());
    let stored = send(other, "GET", &format!("/api/games/{id}"), &[], None).json();
    assert_eq!(stored["bdraw"], true, "{stored}");
    let pgn = send(other, "GET", &format!("/game/export/{id}"), &[], None);
    assert!(
        pgn.body.contains("e5 { (=) }"),
        "the offer marked on Black's move: {}",
        pgn.body
    );
    assert!(
        pgn.body.contains("[Event \"Casual Blitz game\"]"),
        "{}",
        pgn.body
    );

    // The players' chat, kept with the game; not for others.
    let said = post(
        addr,
        &format!("/api/board/game/{id}/chat"),
        &anna,
        Some(json!({"room": "player", "text": "good luck!"})),
    );
    assert_eq!(said.status, 200, "{}", said.body);
    let form = send(
        addr,
        "POST",
        &format!("/api/board/game/{id}/chat"),
        &[
            ("content-type", "application/x-www-form-urlencoded"),
            ("authorization", &bela),
        ],
        Some("room=player&text=you+too"),
    );
    assert_eq!(form.status, 200, "{}", form.body);
    let long = post(
        addr,
        &format!("/api/board/game/{id}/chat"),
        &anna,
        Some(json!({"text": "x".repeat(141)})),
    );
    assert_eq!(error(&long), "chat_text");
    let spy = post(
        addr,
        &format!("/api/board/game/{id}/chat"),
        &carl,
        Some(json!({"text": "hi"})),
    );
    assert_eq!(error(&spy), "not_your_game");
    let lines = send(
        other,
        "GET",
        &format!("/api/board/game/{id}/chat"),
        &[("authorization", &bela)],
        None,
    );
    assert_eq!(
        lines.json(),
        json!([{"user": "anna", "text": "good luck!"}, {"user": "bela", "text": "you too"}])
    );

    // Accepted by Anna (draw/yes accepts the opponent's offer).
    let agreed = post(addr, &format!("/api/board/game/{id}/draw/yes"), &anna, None);
    assert_eq!(agreed.status, 200, "{}", agreed.body);
    let over = send(addr, "GET", &format!("/api/games/{id}"), &[], None).json();
    assert_eq!(
        (over["status"].clone(), over["termination"].clone()),
        (json!("draw"), json!("agreement"))
    );
}

#[test]
fn a_rated_game_moves_both_ratings_and_an_aborted_one_none() {
    let (addr, _) = server();
    let anna = account(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    let aborted = game(addr, &anna, &bela, true);
    let r = post(
        addr,
        &format!("/api/board/game/{aborted}/abort"),
        &anna,
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let json_export = |id: &str| common::export_json(addr, id);
    // The follower rates after the end: wait for it, within bounds.
    let rated = game(addr, &anna, &bela, true);
    for (who, uci) in [
        (&anna, "f2f3"),
        (&bela, "e7e5"),
        (&anna, "g2g4"),
        (&bela, "d8h4"),
    ] {
        let r = post(
            addr,
            &format!("/api/bot/game/{rated}/move/{uci}"),
            who,
            None,
        );
        // The Bot API is for BOT accounts: these are people.
        assert_eq!((r.status, error(&r).as_str()), (403, "not_a_bot"));
        let r = post(
            addr,
            &format!("/api/board/game/{rated}/move/{uci}"),
            who,
            None,
        );
        assert_eq!(r.status, 200, "{uci}: {}", r.body);
    }
    let mut export = json_export(&rated);
    for _ in 0..100 {
        if export["players"]["black"]["ratingDiff"].is_i64() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        export = json_export(&rated);
    }
    assert_eq!(export["status"], "mate", "{export}");
    assert_eq!(export["winner"], "black");
    assert_eq!(export["players"]["black"]["ratingDiff"], 241, "{export}");
    assert_eq!(export["players"]["white"]["ratingDiff"], -242, "{export}");
    assert_eq!(export["moves"], "f3 e5 g4 Qh4#");
    // The account's games, newest first: NDJSON, or PGN one after another.
    let listed = common::user_games(addr, "bela?max=5");
    let ids: Vec<String> = listed
        .iter()
        .filter_map(|g| g["id"].as_str().map(str::to_string))
        .collect();
    assert_eq!(ids, vec![rated.clone(), aborted.clone()], "{listed:?}");
    let pgn = send(addr, "GET", "/api/games/user/BELA", &[], None);
    assert_eq!(pgn.body.matches("[Event ").count(), 2, "{}", pgn.body);
    assert!(
        pgn.body.contains("[BlackRatingDiff \"+241\"]"),
        "{}",
        pgn.body
    );
    let one = send(
        addr,
        "GET",
        "/api/games/user/bela?max=1",
        &[("accept", "application/x-ndjson")],
        None,
    );
    assert_eq!(one.body.lines().count(), 1);
    let nobody = send(addr, "GET", "/api/games/user/nobody", &[], None);
    assert_eq!(
        (nobody.status, error(&nobody).as_str()),
        (404, "no_such_user")
    );
    // The aborted game moved nothing: the next game starts from the
    // ratings the rated game left.
    let aborted_export = json_export(&aborted);
    assert!(
        aborted_export["players"]["white"]["ratingDiff"].is_null(),
        "{aborted_export}"
    );
    let next = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(json!({"rated": true, "clock.limit": 300, "clock.increment": 3})),
    );
    assert_eq!(next.json()["challenger"]["rating"], 1258, "{}", next.body);
    assert_eq!(next.json()["destUser"]["rating"], 1741, "{}", next.body);
}

#[test]
fn lichess_s_fields_and_leniency_and_a_closed_challenger() {
    let (addr, _) = server();
    let (anna, anna_cookie) = common::account_and_cookie(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    let prefs = account(addr, "carl", &["preference:read"]);
    let events = send(
        addr,
        "GET",
        "/api/stream/event",
        &[("authorization", &prefs)],
        None,
    );
    assert_eq!(
        (events.status, error(&events).as_str()),
        (403, "missing_scope")
    );

    // The colour is drawn when the challenge is made (lichess's finalColor).
    let c = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(json!({"clock.limit": 60})),
    );
    let final_color = c.json()["finalColor"].as_str().unwrap_or("").to_string();
    assert!(
        final_color == "white" || final_color == "black",
        "{}",
        c.body
    );
    assert_eq!(c.json()["color"], "random");
    assert_eq!(c.json()["variant"]["key"], "standard");
    // Reasons in any case; an unknown one is generic.
    let id = c.json()["id"].as_str().unwrap_or("").to_string();
    let d = decline(addr, &bela, &id, "toofast");
    assert_eq!(d.status, 200, "{}", d.body);
    let from_fen = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(json!({"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})),
    );
    assert_eq!(
        from_fen.json()["variant"]["key"],
        "fromPosition",
        "{}",
        from_fen.body
    );
    let id = from_fen.json()["id"].as_str().unwrap_or("").to_string();
    let d = decline(addr, &bela, &id, "whatever");
    assert_eq!(d.status, 200, "{}", d.body);

    // Ratings in lichess's perfs, the starting one before any game.
    let me = send(
        addr,
        "GET",
        "/api/account",
        &[("authorization", &anna)],
        None,
    )
    .json();
    assert_eq!(
        me["perfs"]["blitz"],
        json!({"games": 0, "rating": 1500, "rd": 500, "prov": true}),
        "{me}"
    );

    // A closed challenger's challenges end with the account.
    let open = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(json!({"clock.limit": 60})),
    );
    let id = open.json()["id"].as_str().unwrap_or("").to_string();
    let closed = send(
        addr,
        "POST",
        "/api/account/close",
        &[JSON, ("cookie", &anna_cookie)],
        Some(&json!({"password": "correct horse battery"}).to_string()),
    );
    assert_eq!(closed.status, 204, "{}", closed.body);
    let late = post(addr, &format!("/api/challenge/{id}/accept"), &bela, None);
    assert_eq!(
        (late.status, error(&late).as_str()),
        (404, "no_such_challenge")
    );
    let listed = send(
        addr,
        "GET",
        "/api/challenge",
        &[("authorization", &bela)],
        None,
    )
    .json();
    assert_eq!(listed["in"], json!([]), "{listed}");
}

#[test]
fn one_player_s_games_ending_together_are_each_rated() {
    let (addr, _) = server();
    let anna = account(addr, "anna", PLAY);
    let opponents: Vec<(String, String)> = (0..6)
        .map(|i| {
            let token = account(addr, &format!("opp{i}"), PLAY);
            let c = post(
                addr,
                &format!("/api/challenge/opp{i}"),
                &anna,
                Some(json!({"rated": true, "clock.limit": 300, "clock.increment": 3, "color": "white"})),
            );
            let id = c.json()["id"].as_str().unwrap_or("").to_string();
            assert_eq!(post(addr, &format!("/api/challenge/{id}/accept"), &token, None).status, 200);
            (token, id)
        })
        .collect();
    let games = send(
        addr,
        "GET",
        "/api/account/playing",
        &[("authorization", &anna)],
        None,
    )
    .json();
    let ids: Vec<String> = games["nowPlaying"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|g| g["gameId"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(ids.len(), 6, "{games}");
    // Each game: a move each, then every opponent resigns at once.
    for (i, id) in ids.iter().enumerate() {
        let opponent = common::export_json(addr, id);
        let who = opponent["players"]["black"]["user"]["id"]
            .as_str()
            .unwrap_or("")
            .to_string();
        let token = &opponents[who.trim_start_matches("opp").parse::<usize>().unwrap_or(i)].0;
        assert_eq!(
            post(
                addr,
                &format!("/api/board/game/{id}/move/e2e4"),
                &anna,
                None
            )
            .status,
            200
        );
        assert_eq!(
            post(
                addr,
                &format!("/api/board/game/{id}/move/e7e5"),
                token,
                None
            )
            .status,
            200
        );
    }
    std::thread::scope(|s| {
        for id in &ids {
            let who = common::export_json(addr, id)["players"]["black"]["user"]["id"]
                .as_str()
                .unwrap_or("")
                .to_string();
            let n: usize = who.trim_start_matches("opp").parse().unwrap_or(0);
            let token = opponents[n].0.clone();
            s.spawn(move || post(addr, &format!("/api/board/game/{id}/resign"), &token, None));
        }
    });
    let mut games_rated = 0;
    for _ in 0..100 {
        let me = send(
            addr,
            "GET",
            "/api/account",
            &[("authorization", &anna)],
            None,
        )
        .json();
        games_rated = me["perfs"]["blitz"]["games"].as_u64().unwrap_or(0);
        if games_rated == 6 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(games_rated, 6, "every win counted");
}

/// lichess's playing list of `who`: (game id, my turn, seconds left).
/// The account's games in play: id, whether it is its turn, seconds left.
fn playing(addr: SocketAddr, who: &str) -> Vec<(String, bool, i64)> {
    common::now_playing(addr, who)
        .iter()
        .map(|g| {
            (
                g["gameId"].as_str().unwrap_or("").to_string(),
                g["isMyTurn"].as_bool().unwrap_or(false),
                g["secondsLeft"].as_i64().unwrap_or(-1),
            )
        })
        .collect()
}

#[test]
fn a_challenge_of_days_a_move_makes_a_correspondence_game_listed_by_whose_turn() {
    let (addr, _) = server();
    let anna = account(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    let c = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(json!({"rated": true, "days": 3, "color": "white"})),
    );
    assert_eq!(c.status, 200, "{}", c.body);
    let shown = c.json();
    assert_eq!(
        shown["timeControl"],
        json!({"type": "correspondence", "daysPerTurn": 3})
    );
    assert_eq!(shown["speed"], "correspondence");
    assert_eq!(shown["perf"]["name"], "Correspondence");
    let id = shown["id"].as_str().unwrap_or("").to_string();
    let a = post(addr, &format!("/api/challenge/{id}/accept"), &bela, None);
    assert_eq!(a.status, 200, "{}", a.body);

    // A blitz game beside it, Bela to move there after Anna's first move.
    let blitz = game(addr, &anna, &bela, false);
    assert_ne!(blitz, id);
    let moved = post(
        addr,
        &format!("/api/board/game/{blitz}/move/e2e4"),
        &anna,
        None,
    );
    assert_eq!(moved.status, 200, "{}", moved.body);

    // The game's stream: no clock, lichess's daysPerTurn.
    let seen = common::stream_lines(
        addr,
        &format!("/api/board/game/stream/{id}"),
        &[("authorization", &bela)],
    );
    let full = common::seen_type(&seen, "gameFull");
    assert_eq!(full["daysPerTurn"], 3, "{full}");
    assert_eq!(full["clock"], Value::Null);
    assert_eq!(full["speed"], "correspondence");
    assert_eq!(full["rated"], true);

    // Anna to move in the correspondence game: first in her list.
    let three_days = 3 * 24 * 3600;
    let list = playing(addr, &anna);
    assert_eq!(list.len(), 2, "{list:?}");
    assert_eq!(list[0], (id.clone(), true, three_days), "{list:?}");
    assert!(!list[1].1, "{list:?}");
    let moved = post(
        addr,
        &format!("/api/board/game/{id}/move/d2d4"),
        &anna,
        None,
    );
    assert_eq!(moved.status, 200, "{}", moved.body);
    // Bela's turn in both: the correspondence game has days left, the
    // blitz one minutes, so the blitz one comes first.
    let list = playing(addr, &bela);
    assert_eq!(list.len(), 2, "{list:?}");
    assert!(list.iter().all(|g| g.1), "{list:?}");
    assert_eq!(list[0].0, blitz, "{list:?}");
    assert_eq!(list[1].0, id);
    assert!(
        (three_days - 60..=three_days).contains(&list[1].2),
        "{list:?}"
    );
    assert!(playing(addr, &anna).iter().all(|g| !g.1));
    // lichess's nb.
    let r = send(
        addr,
        "GET",
        "/api/account/playing?nb=1",
        &[("authorization", &bela)],
        None,
    );
    assert_eq!(r.json()["nowPlaying"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_chess960_challenge_begins_from_its_drawn_start_and_is_rated_as_chess960() {
    let (addr, _) = server();
    let anna = account(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    let c = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(
            json!({"rated": true, "clock.limit": 300, "clock.increment": 3,
                    "color": "white", "variant": "chess960"}),
        ),
    );
    assert_eq!(c.status, 200, "{}", c.body);
    let shown = c.json();
    assert_eq!(shown["variant"]["key"], "chess960", "{shown}");
    assert_eq!(shown["speed"], "blitz");
    assert_eq!(shown["perf"]["name"], "Chess960");
    // One of the 960 start positions, drawn when the challenge was made.
    let start = shown["initialFen"].as_str().unwrap_or("").to_string();
    let back_rank = start.split('/').next().unwrap_or("");
    assert_eq!(back_rank.len(), 8, "{start}");
    assert!(back_rank.chars().all(|c| "rnbqk".contains(c)), "{start}");
    let id = shown["id"].as_str().unwrap_or("").to_string();
    let a = post(addr, &format!("/api/challenge/{id}/accept"), &bela, None);
    assert_eq!(a.status, 200, "{}", a.body);
    let state = send(addr, "GET", &format!("/api/games/{id}"), &[], None).json();
    assert_eq!(state["rules"]["variant"], "chess960", "{state}");
    assert_eq!(state["initial_fen"], start.as_str());
    for (who, uci) in [(&anna, "a2a3"), (&bela, "a7a6")] {
        board_move(addr, &id, who, uci);
    }
    let r = post(addr, &format!("/api/board/game/{id}/resign"), &anna, None);
    assert_eq!(r.status, 200, "{}", r.body);
    // Rated in Chess960's own category, not in blitz.
    let mut bela_now = Value::Null;
    for _ in 0..100 {
        bela_now = send(addr, "GET", "/api/user/bela", &[], None).json();
        if bela_now["perfs"]["chess960"]["games"] == 1 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(bela_now["perfs"]["chess960"]["games"], 1, "{bela_now}");
    assert!(bela_now["perfs"]["chess960"]["rating"].as_i64() > Some(1500));
    assert_eq!(bela_now["perfs"]["blitz"]["games"], 0);
    let export = common::export_json(addr, &id);
    assert_eq!(
        (&export["variant"], &export["speed"], &export["perf"]),
        (&json!("chess960"), &json!("blitz"), &json!("chess960")),
        "{export}"
    );
    // Rated only from one of the 960 start positions; a position of
    // Chess960 casual.
    let moved = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let r = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(json!({"rated": true, "variant": "chess960", "fen": moved,
                    "clock.limit": 300, "clock.increment": 3})),
    );
    assert_eq!((r.status, error(&r).as_str()), (400, "rated_from_position"));
    let r = post(
        addr,
        "/api/challenge/bela",
        &anna,
        Some(json!({"variant": "chess960", "fen": moved, "clock.limit": 300})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["variant"]["key"], "chess960");
}

#[test]
fn a_closed_account_cancels_its_challenges_leaves_the_lobby_and_resigns() {
    let (addr, _) = server();
    let (anna, cookie) = common::account_and_cookie(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    let cyril = account(addr, "cyril", PLAY);
    let bela_hears = common::stream_lines(addr, "/api/stream/event", &[("authorization", &bela)]);
    let cyril_hears = common::stream_lines(addr, "/api/stream/event", &[("authorization", &cyril)]);
    // A game in play, both having moved (it may no longer be aborted).
    let played = game(addr, &anna, &bela, false);
    for (who, uci) in [(&anna, "e2e4"), (&bela, "e7e5")] {
        board_move(addr, &played, who, uci);
    }
    common::seen_type(&bela_hears, "gameStart");
    // Cyril's challenge to Anna waits; Anna seeks a game in the lobby.
    let c = post(
        addr,
        "/api/challenge/anna",
        &cyril,
        Some(json!({"rated": false})),
    );
    assert_eq!(c.status, 200, "{}", c.body);
    let challenge = c.json()["id"].as_str().unwrap_or("").to_string();
    let _seek = common::held::Held::open(addr, "/api/board/seek", &anna, "time=10&increment=5");
    let seeks = || send(addr, "GET", "/api/lobby", &[], None).json()["seeks"].clone();
    common::held::wait_for("Anna's seek", || {
        (seeks().as_array()?.len() == 1).then_some(())
    });

    let closed = send(
        addr,
        "POST",
        "/api/account/close",
        &[JSON, ("cookie", &cookie)],
        Some(&json!({"password": "correct horse battery"}).to_string()),
    );
    assert_eq!(closed.status, 204, "{}", closed.body);

    // Cyril hears his challenge canceled; the lobby has no seek of hers;
    // the game in play is resigned (Bela wins, and hears it end).
    let canceled = common::seen_type(&cyril_hears, "challengeCanceled");
    assert_eq!(canceled["challenge"]["id"], challenge.as_str());
    common::held::wait_for("the seek gone", || {
        seeks().as_array()?.is_empty().then_some(())
    });
    let finished = common::seen_type(&bela_hears, "gameFinish");
    assert_eq!(finished["game"]["gameId"], played.as_str());
    let exported = common::export_json(addr, &played);
    assert_eq!(
        (exported["status"].clone(), exported["winner"].clone()),
        (json!("resign"), json!("black"))
    );
}

#[test]
fn draw_yes_on_ones_turn_claims_a_threefold_repetition() {
    let (addr, _) = server();
    let anna = account(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    let id = game(addr, &anna, &bela, false);
    let play = |who: &str, uci: &str| board_move(addr, &id, who, uci);
    play(&anna, "e2e4");
    play(&bela, "e7e5");
    // Twice out and back: the position after 1. e4 e5 stands for the
    // third time, White to move.
    for round in 0..2 {
        if round == 0 {
            // lichess's ?offeringDraw on the Board API's move: the offer
            // stands with the move, and is declined once.
            play(&anna, "g1f3?offeringDraw=true");
            let no = post(addr, &format!("/api/board/game/{id}/draw/no"), &bela, None);
            assert_eq!(no.status, 200, "{}", no.body);
            let again = post(addr, &format!("/api/board/game/{id}/draw/no"), &bela, None);
            assert_eq!(error(&again), "no_draw_offer", "{}", again.body);
        } else {
            play(&anna, "g1f3");
        }
        play(&bela, "g8f6");
        play(&anna, "f3g1");
        if round == 1 {
            // Black to move in a position seen twice: not yet a threefold,
            // and "yes" on one's turn is still no offer.
            let early = post(addr, &format!("/api/board/game/{id}/draw/yes"), &bela, None);
            assert_eq!(error(&early), "draw_offer_with_move", "{}", early.body);
        }
        play(&bela, "f6g8");
    }
    let claimed = post(addr, &format!("/api/board/game/{id}/draw/yes"), &anna, None);
    assert_eq!(claimed.status, 200, "{}", claimed.body);
    let exported = common::export_json(addr, &id);
    assert_eq!(exported["status"], "draw", "{exported}");
    assert_eq!(exported["winner"], Value::Null);
}

#[test]
fn all_of_an_accounts_games_are_exported_page_after_page() {
    let (addr, _) = server();
    let anna = account(addr, "anna", PLAY);
    let bela = account(addr, "bela", PLAY);
    // More games than the server reads at a time (100), and than it once
    // gave at most (300), each aborted.
    let total = 310;
    for _ in 0..total {
        let c = post(
            addr,
            "/api/challenge/bela",
            &anna,
            Some(json!({"rated": false, "clock.limit": 300, "clock.increment": 3})),
        );
        assert_eq!(c.status, 200, "{}", c.body);
        // A challenge's game has the challenge's id, as on lichess.
        let id = c.json()["id"].as_str().unwrap_or("").to_string();
        let a = post(addr, &format!("/api/challenge/{id}/accept"), &bela, None);
        assert_eq!(a.status, 200, "{}", a.body);
        let r = post(addr, &format!("/api/board/game/{id}/abort"), &anna, None);
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let ndjson = |query: &str| common::user_games(addr, &format!("anna{query}"));
    let all = ndjson("");
    assert_eq!(all.len(), total);
    let mut ids: Vec<&str> = all.iter().filter_map(|g| g["id"].as_str()).collect();
    let created: Vec<i64> = all.iter().filter_map(|g| g["createdAt"].as_i64()).collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "newest first");
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), total, "each game once");
    assert_eq!(ndjson("?max=305").len(), 305);
    assert_eq!(ndjson("?perfType=blitz").len(), total);
    assert!(ndjson("?perfType=rapid").is_empty());
    let pgn = send(addr, "GET", "/api/games/user/bela", &[], None);
    assert_eq!(pgn.body.matches("[Event ").count(), total);
}
