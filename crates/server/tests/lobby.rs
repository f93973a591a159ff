//! The lobby on a real server: a seek made with lichess's
//! `POST /api/board/seek` is seen live by others and accepted with one
//! request (the game starts on both players' streams, and the seeker's
//! request ends with its line); fifty accepts of one seek at the same
//! moment make exactly one game; a seek vanishes when its seeker leaves;
//! two players waiting in a pool are paired; and what may not be sought
//! or accepted is refused with its code.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;

use common::held::{seen_t, wait_for, Held};
use common::{account_token, seen_type, send, start_server, stream_lines};
use serde_json::Value;

const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

fn lobby(addr: SocketAddr) -> Value {
    let r = send(addr, "GET", "/api/lobby", &[], None);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn seek_ids(addr: SocketAddr) -> Vec<String> {
    lobby(addr)["seeks"]
        .as_array()
        .map(|s| {
            s.iter()
                .filter_map(|s| s["id"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The id of `user`'s seek once the lobby shows it.
fn seek_of(addr: SocketAddr, user: &str) -> String {
    wait_for("the seek in the lobby", || {
        lobby(addr)["seeks"].as_array()?.iter().find_map(|s| {
            (s["user"] == user)
                .then(|| s["id"].as_str().map(str::to_string))
                .flatten()
        })
    })
}

fn accept(addr: SocketAddr, auth: &str, id: &str) -> common::Full {
    send(
        addr,
        "POST",
        &format!("/api/lobby/seeks/{id}/accept"),
        &[("authorization", auth)],
        None,
    )
}

#[test]
fn a_seek_is_seen_live_and_accepted_with_one_request() {
    let addr = start_server();
    let anna = account_token(addr, "Anna", &["board:play"]);
    let bela = account_token(addr, "Bela", &["board:play"]);
    let watching = stream_lines(addr, "/api/lobby/stream", &[]);
    let events = stream_lines(addr, "/api/stream/event", &[("authorization", &bela)]);
    let first = wait_for("the lobby's first line", || {
        watching.lock().ok()?.first().cloned()
    });
    assert_eq!(first["t"], "lobby");
    assert_eq!(first["pools"].as_array().map(Vec::len), Some(11));

    let seek = Held::open(
        addr,
        "/api/board/seek",
        &anna,
        "rated=true&time=3&increment=2",
    );
    assert_eq!(seek.status(), 200);
    let id = seek_of(addr, "Anna");
    let added = seen_t(&watching, "seekAdded");
    assert_eq!(added["seek"]["id"], id.as_str());
    assert_eq!(added["seek"]["rated"], true);
    assert_eq!(added["seek"]["limit"], 180);
    assert_eq!(added["seek"]["increment"], 2);
    assert_eq!(added["seek"]["speed"], "blitz");
    assert_eq!(added["seek"]["rating"], 1500);
    assert_eq!(added["seek"]["provisional"], true);

    let r = accept(addr, &bela, &id);
    assert_eq!(r.status, 200, "{}", r.body);
    let game = r.json()["gameId"].as_str().unwrap_or("").to_string();
    assert!(!game.is_empty());
    // The seeker's request ends with the game; both players' streams
    // start it; the lobby drops the seek, naming the game.
    assert_eq!(seek.game(), game);
    let start = seen_type(&events, "gameStart");
    assert_eq!(start["game"]["gameId"], game.as_str());
    assert_eq!(start["game"]["rated"], true);
    let removed = seen_t(&watching, "seekRemoved");
    assert_eq!(removed["id"], id.as_str());
    assert_eq!(removed["game"], game.as_str());
    assert!(seek_ids(addr).is_empty());
    // The game is between the two accounts, on the seek's clock.
    let state = send(addr, "GET", &format!("/api/games/{game}"), &[], None).json();
    assert_eq!(state["status"], "created");
    let exported = send(addr, "GET", &format!("/game/export/{game}"), &[], None);
    assert!(exported.body.contains("Anna"), "{}", exported.body);
    assert!(exported.body.contains("Bela"), "{}", exported.body);
    assert!(
        exported.body.contains("[TimeControl \"180+2\"]"),
        "{}",
        exported.body
    );
    // Taken: a second accept finds nothing.
    assert_eq!(accept(addr, &bela, &id).status, 404);
}

#[test]
fn fifty_accepts_of_one_seek_at_once_make_one_game() {
    let addr = start_server();
    let seeker = account_token(addr, "Seeker", &["board:play"]);
    let takers: Vec<String> = (0..10)
        .map(|i| account_token(addr, &format!("taker{i}"), &["board:play"]))
        .collect();
    let seek = Held::open(addr, "/api/board/seek", &seeker, "time=5&increment=0");
    let id = seek_of(addr, "Seeker");
    let barrier = Arc::new(std::sync::Barrier::new(50));
    let threads: Vec<_> = (0..50)
        .map(|i| {
            let auth = takers[i % takers.len()].clone();
            let (id, barrier) = (id.clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                let r = accept(addr, &auth, &id);
                (r.status, r.json()["gameId"].as_str().map(str::to_string))
            })
        })
        .collect();
    let answers: Vec<_> = threads
        .into_iter()
        .map(|t| match t.join() {
            Ok(answer) => answer,
            Err(_) => panic!("an accept panicked"),
        })
        .collect();
    let won: Vec<_> = answers.iter().filter(|(s, _)| *s == 200).collect();
    assert_eq!(won.len(), 1, "{answers:?}");
    assert!(
        answers.iter().all(|(s, _)| *s == 200 || *s == 404),
        "{answers:?}"
    );
    let game = won[0].1.clone().unwrap_or_default();
    assert_eq!(seek.game(), game);
    // One game for the seeker, no more.
    let playing = send(
        addr,
        "GET",
        "/api/account/playing",
        &[("authorization", &seeker)],
        None,
    )
    .json();
    assert_eq!(
        playing["nowPlaying"].as_array().map(Vec::len),
        Some(1),
        "{playing}"
    );
}

#[test]
fn a_seek_vanishes_when_its_seeker_leaves() {
    let addr = start_server();
    let anna = account_token(addr, "Anna", &["board:play"]);
    let watching = stream_lines(addr, "/api/lobby/stream", &[]);
    let seek = Held::open(addr, "/api/board/seek", &anna, "time=10&increment=5");
    let id = seek_of(addr, "Anna");
    seek.leave();
    wait_for("the seek gone", || seek_ids(addr).is_empty().then_some(()));
    let removed = seen_t(&watching, "seekRemoved");
    assert_eq!(removed["id"], id.as_str());
    assert_eq!(removed["game"], Value::Null);
}

#[test]
fn two_players_waiting_in_a_pool_are_paired() {
    let addr = start_server();
    let anna = account_token(addr, "Anna", &["board:play"]);
    let bela = account_token(addr, "Bela", &["board:play"]);
    let a = Held::open(addr, "/api/lobby/pools/3+2", &anna, "");
    assert_eq!(a.status(), 200);
    wait_for("one waiting", || {
        let pools = lobby(addr)["pools"].clone();
        pools
            .as_array()?
            .iter()
            .any(|p| p["id"] == "3+2" && p["waiting"] == 1)
            .then_some(())
    });
    let b = Held::open(addr, "/api/lobby/pools/3%2B2", &bela, "");
    let game = a.game();
    assert_eq!(b.game(), game);
    let exported = send(addr, "GET", &format!("/game/export/{game}"), &[], None);
    assert!(
        exported.body.contains("[TimeControl \"180+2\"]"),
        "{}",
        exported.body
    );
    assert!(exported.body.contains("Rated"), "{}", exported.body);
    // Nobody waits any more.
    let pools = lobby(addr)["pools"].clone();
    assert!(pools
        .as_array()
        .is_some_and(|p| p.iter().all(|p| p["waiting"] == 0)));
}

#[test]
fn what_may_not_be_sought_or_accepted_is_refused_with_its_code() {
    let addr = start_server();
    let anna = account_token(addr, "Anna", &["board:play"]);
    let bela = account_token(addr, "Bela", &["board:play"]);
    let code = |r: &common::Full| r.json()["error"].as_str().unwrap_or("").to_string();
    let seek = |body: &str| {
        send(
            addr,
            "POST",
            "/api/board/seek",
            &[FORM, ("authorization", &anna)],
            Some(body),
        )
    };
    for (body, expected) in [
        ("increment=2", "seek_clock"),
        ("time=3", "seek_clock"),
        ("time=0.01&increment=0", "seek_clock"),
        ("time=200&increment=0", "clock_out_of_range"),
        ("time=3&increment=2&days=3", "correspondence_unavailable"),
        (
            "time=3&increment=2&variant=crazyhouse",
            "variant_unavailable",
        ),
        (
            "time=3&increment=2&rated=true&color=white",
            "rated_seek_color",
        ),
        ("time=3&increment=2&color=green", "bad_color"),
        (
            "time=3&increment=2&ratingRange=1800-1500",
            "bad_rating_range",
        ),
    ] {
        let r = seek(body);
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert_eq!(code(&r), expected, "{body}");
    }
    // Without board:play, and without an account.
    let reader = account_token(addr, "Reader", &["challenge:read"]);
    let r = send(
        addr,
        "POST",
        "/api/board/seek",
        &[FORM, ("authorization", &reader)],
        Some("time=3&increment=2"),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let r = send(
        addr,
        "POST",
        "/api/board/seek",
        &[FORM],
        Some("time=3&increment=2"),
    );
    assert_eq!(r.status, 401, "{}", r.body);
    // One's own seek; a rating outside the range asked for.
    let held = Held::open(
        addr,
        "/api/board/seek",
        &anna,
        "time=3&increment=2&ratingRange=1700-2000",
    );
    let id = seek_of(addr, "Anna");
    let r = accept(addr, &anna, &id);
    assert_eq!((r.status, code(&r)), (400, "own_seek".to_string()));
    let r = accept(addr, &bela, &id);
    assert_eq!(
        (r.status, code(&r)),
        (403, "outside_rating_range".to_string())
    );
    assert_eq!(accept(addr, &bela, "nosuchid").status, 404);
    held.leave();
    // A BOT plays challenges only.
    let bot = account_token(addr, "Robot", &["bot:play", "board:play"]);
    let r = send(
        addr,
        "POST",
        "/api/bot/account/upgrade",
        &[("authorization", &bot)],
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = send(
        addr,
        "POST",
        "/api/lobby/pools/3+2",
        &[("authorization", &bot)],
        None,
    );
    assert_eq!((r.status, code(&r)), (403, "bot_in_lobby".to_string()));
    let r = send(
        addr,
        "POST",
        "/api/lobby/pools/4+0",
        &[("authorization", &anna)],
        None,
    );
    assert_eq!((r.status, code(&r)), (404, "no_such_pool".to_string()));
}

#[test]
fn a_browser_plays_its_lobby_game_with_its_session() {
    let addr = start_server();
    let (anna, anna_cookie) = common::account_and_cookie(addr, "Anna", &["board:play"]);
    let (bela, bela_cookie) = common::account_and_cookie(addr, "Bela", &["board:play"]);
    let seek = Held::open(
        addr,
        "/api/board/seek",
        &anna,
        "time=5&increment=3&color=white",
    );
    let id = seek_of(addr, "Anna");
    let r = accept(addr, &bela, &id);
    assert_eq!(r.status, 200, "{}", r.body);
    let game = seek.game();
    let origin = format!("http://{addr}");
    let as_browser = |cookie: &str, method: &str, path: &str| {
        send(
            addr,
            method,
            &format!("/api/games/{game}{path}"),
            &[("cookie", cookie), ("origin", &origin)],
            None,
        )
    };
    // Each session holds its own seat, and only it.
    assert_eq!(
        as_browser(&anna_cookie, "GET", "/seat").json()["colors"],
        serde_json::json!(["white"])
    );
    assert_eq!(
        as_browser(&bela_cookie, "GET", "/seat").json()["colors"],
        serde_json::json!(["black"])
    );
    let early = as_browser(&bela_cookie, "POST", "/move/e7e5");
    assert_eq!(early.status, 403, "{}", early.body);
    assert_eq!(early.json()["error"], "not_your_turn");
    let r = as_browser(&anna_cookie, "POST", "/move/e2e4");
    assert_eq!(r.status, 200, "{}", r.body);
    let r = as_browser(&bela_cookie, "POST", "/move/e7e5");
    assert_eq!(r.status, 200, "{}", r.body);
    // The same with a personal token (the Board API's own paths aside).
    let r = send(
        addr,
        "POST",
        &format!("/api/games/{game}/move/g1f3"),
        &[("authorization", &anna)],
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // A change from another site with the cookie is refused.
    let r = send(
        addr,
        "POST",
        &format!("/api/games/{game}/resign"),
        &[("cookie", &bela_cookie), ("origin", "https://evil.example")],
        None,
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let state = send(addr, "GET", &format!("/api/games/{game}"), &[], None).json();
    assert_eq!(state["moves"], "e2e4 e7e5 g1f3");
}

#[test]
fn a_rated_lobby_game_shows_on_the_players_pages() {
    let addr = start_server();
    let anna = account_token(addr, "Anna", &["board:play"]);
    let bela = account_token(addr, "Bela", &["board:play"]);
    let seek = Held::open(
        addr,
        "/api/board/seek",
        &anna,
        "rated=true&time=3&increment=2",
    );
    let id = seek_of(addr, "Anna");
    assert_eq!(accept(addr, &bela, &id).status, 200);
    let game = seek.game();
    let players = send(
        addr,
        "GET",
        &format!("/api/games/{game}/players"),
        &[],
        None,
    )
    .json();
    assert_eq!(players["rated"], true);
    let names = [&players["white"]["name"], &players["black"]["name"]];
    assert!(names.contains(&&Value::from("Anna")) && names.contains(&&Value::from("Bela")));
    assert_eq!(players["white"]["rating"], 1500);
    assert_eq!(players["white"]["diff"], Value::Null);
    // Both move, then White resigns.
    let white = if players["white"]["name"] == "Anna" {
        &anna
    } else {
        &bela
    };
    let black = if white == &anna { &bela } else { &anna };
    let act = |who: &str, path: &str| {
        let r = send(
            addr,
            "POST",
            &format!("/api/board/game/{game}/{path}"),
            &[("authorization", who)],
            None,
        );
        assert_eq!(r.status, 200, "{path}: {}", r.body);
    };
    act(white, "move/e2e4");
    act(black, "move/e7e5");
    act(white, "resign");
    let players = wait_for("the ratings written", || {
        let p = send(
            addr,
            "GET",
            &format!("/api/games/{game}/players"),
            &[],
            None,
        )
        .json();
        (!p["white"]["diff"].is_null()).then_some(p)
    });
    assert!(
        players["white"]["diff"].as_i64().is_some_and(|d| d < 0),
        "{players}"
    );
    assert!(
        players["black"]["diff"].as_i64().is_some_and(|d| d > 0),
        "{players}"
    );
    // The loser's page: one game, lost; a Blitz point in the history.
    let loser = players["white"]["name"].as_str().unwrap_or("").to_string();
    let user = send(addr, "GET", &format!("/api/user/{loser}"), &[], None).json();
    assert_eq!(user["count"]["all"], 1, "{user}");
    assert_eq!(user["count"]["loss"], 1, "{user}");
    assert_eq!(user["count"]["win"], 0, "{user}");
    assert_eq!(user["count"]["rated"], 1, "{user}");
    assert_eq!(user["perfs"]["blitz"]["games"], 1, "{user}");
    let history = send(
        addr,
        "GET",
        &format!("/api/user/{loser}/rating-history"),
        &[],
        None,
    )
    .json();
    let blitz = history
        .as_array()
        .and_then(|h| h.iter().find(|c| c["name"] == "Blitz"))
        .cloned()
        .unwrap_or_default();
    let points = blitz["points"].as_array().cloned().unwrap_or_default();
    assert_eq!(points.len(), 1, "{history}");
    assert_eq!(points[0][3], user["perfs"]["blitz"]["rating"], "{history}");
    assert_eq!(
        history.as_array().map(Vec::len),
        Some(7),
        "every category listed (the speeds and Chess960)"
    );
    assert_eq!(
        send(addr, "GET", "/api/user/nobody/rating-history", &[], None).status,
        404
    );
}

#[test]
fn one_waits_in_one_pool_and_seeks_are_limited() {
    let addr = start_server();
    let anna = account_token(addr, "Anna", &["board:play"]);
    let waiting = |pool: &str| {
        lobby(addr)["pools"]
            .as_array()
            .and_then(|p| p.iter().find(|p| p["id"] == pool))
            .map(|p| p["waiting"].clone())
            .unwrap_or_default()
    };
    let first = Held::open(addr, "/api/lobby/pools/3+2", &anna, "");
    wait_for("Anna in 3+2", || (waiting("3+2") == 1).then_some(()));
    // Joining another pool ends the first wait.
    let second = Held::open(addr, "/api/lobby/pools/5+0", &anna, "");
    wait_for("Anna moved to 5+0", || {
        (waiting("5+0") == 1 && waiting("3+2") == 0).then_some(())
    });
    first.leave();
    second.leave();
    // Five seeks at once, not six.
    let held: Vec<Held> = (0..5)
        .map(|_| Held::open(addr, "/api/board/seek", &anna, "time=3&increment=2"))
        .collect();
    wait_for("five seeks", || (seek_ids(addr).len() == 5).then_some(()));
    let r = send(
        addr,
        "POST",
        "/api/board/seek",
        &[FORM, ("authorization", &anna)],
        Some("time=3&increment=2"),
    );
    assert_eq!(r.status, 429, "{}", r.body);
    assert_eq!(r.json()["error"], "too_many_seeks");
    for h in held {
        h.leave();
    }
}

#[test]
fn players_who_begin_a_game_leave_the_lobby() {
    let addr = start_server();
    let anna = account_token(addr, "Anna", &["board:play"]);
    let bela = account_token(addr, "Bela", &["board:play"]);
    let watching = stream_lines(addr, "/api/lobby/stream", &[]);
    // Anna seeks two games; Bela waits in a pool.
    let _first = Held::open(addr, "/api/board/seek", &anna, "time=3&increment=2");
    let first = seek_of(addr, "Anna");
    let _second = Held::open(addr, "/api/board/seek", &anna, "time=10&increment=5");
    wait_for("both seeks", || (seek_ids(addr).len() == 2).then_some(()));
    let second = seek_ids(addr)
        .into_iter()
        .find(|id| *id != first)
        .unwrap_or_default();
    let _waiting = Held::open(addr, "/api/lobby/pools/5+0", &bela, "");
    wait_for("Bela waiting", || {
        lobby(addr)["pools"]
            .as_array()?
            .iter()
            .any(|p| p["id"] == "5+0" && p["waiting"] == 1)
            .then_some(())
    });
    // Bela takes Anna's first seek: neither is in the lobby any more.
    let r = accept(addr, &bela, &first);
    assert_eq!(r.status, 200, "{}", r.body);
    wait_for("the lobby empty", || {
        let lobby = lobby(addr);
        let seeks = lobby["seeks"].as_array()?.len();
        let waiting = lobby["pools"].as_array()?.iter().all(|p| p["waiting"] == 0);
        (seeks == 0 && waiting).then_some(())
    });
    wait_for("the second seek's removal told", || {
        watching
            .lock()
            .ok()?
            .iter()
            .any(|l| l["t"] == "seekRemoved" && l["id"] == second.as_str() && l["game"].is_null())
            .then_some(())
    });
    // Nobody can be paired into a second game from a seek of theirs.
    let cyril = account_token(addr, "Cyril", &["board:play"]);
    assert_eq!(accept(addr, &cyril, &second).status, 404);
}

#[test]
fn two_seeks_of_one_player_accepted_at_once_make_one_game() {
    let addr = start_server();
    let anna = account_token(addr, "Anna", &["board:play"]);
    let takers = [
        account_token(addr, "Bela", &["board:play"]),
        account_token(addr, "Cyril", &["board:play"]),
    ];
    for _ in 0..5 {
        let _first = Held::open(addr, "/api/board/seek", &anna, "time=3&increment=2");
        let _second = Held::open(addr, "/api/board/seek", &anna, "time=10&increment=5");
        wait_for("both seeks", || (seek_ids(addr).len() == 2).then_some(()));
        let ids = seek_ids(addr);
        let statuses: Vec<u16> = std::thread::scope(|s| {
            let handles: Vec<_> = ids
                .iter()
                .zip(&takers)
                .map(|(id, taker)| s.spawn(move || accept(addr, taker, id).status))
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        let mut sorted = statuses.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [200, 404], "{statuses:?}");
        wait_for("the lobby empty", || {
            seek_ids(addr).is_empty().then_some(())
        });
    }
}
