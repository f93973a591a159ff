//! Tournament players who are accounts, on a real server: one enters by
//! the join link as her account with her token (its name and its rating
//! here), another with his browser's session; the online round's game is
//! theirs as accounts (the event stream's `gameStart`, the games in play, the Board
//! API with their own tokens, the tournament finding each entry by the
//! account); a rated tournament's game moves both ratings and comes into
//! the tournament by itself. Joining by link without an account works as
//! before; what cannot be is refused with its code.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{account_and_cookie, seen_type, send, start_server, stream_lines, Full};
use serde_json::{json, Value};

const JSON: (&str, &str) = ("content-type", "application/json");

/// A POST with these headers besides the JSON body's.
fn post(addr: SocketAddr, path: &str, headers: &[(&str, &str)], body: &Value) -> Full {
    let mut all = vec![JSON];
    all.extend_from_slice(headers);
    send(addr, "POST", path, &all, Some(&body.to_string()))
}

/// A POST from a browser signed in with `cookie` (on this site: its
/// origin), with a JSON body.
fn post_signed_in(addr: SocketAddr, path: &str, cookie: &str, body: &Value) -> Full {
    let origin = format!("http://{addr}");
    post(addr, path, &[("cookie", cookie), ("origin", &origin)], body)
}

fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Full {
    send(addr, "GET", path, headers, None)
}

/// A new online tournament: its id, the organiser's `Authorization` and
/// the join link's token.
fn tournament(addr: SocketAddr, body: &Value) -> (String, String, String) {
    let created = post(addr, "/api/tournaments", &[], body);
    assert_eq!(created.status, 201, "{}", created.body);
    let created = created.json();
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let organiser = format!(
        "Bearer {}",
        created["organiser_token"].as_str().unwrap_or_default()
    );
    let links = get(
        addr,
        &format!("/api/tournaments/{id}/links"),
        &[("authorization", &organiser)],
    )
    .json();
    let join = links["join_url"]
        .as_str()
        .and_then(|u| u.split_once("#join="))
        .map(|(_, t)| t.to_string())
        .unwrap_or_default();
    assert!(!join.is_empty(), "{links}");
    (id, organiser, join)
}

/// The organiser's action; its status and answer.
fn act(addr: SocketAddr, id: &str, organiser: &str, action: &Value) -> Full {
    post(
        addr,
        &format!("/api/tournaments/{id}/actions"),
        &[("authorization", organiser)],
        action,
    )
}

/// The entry of the player an answer to a join names, in its view.
fn entry(joined: &Value) -> Value {
    joined["tournament"]["players"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["id"] == joined["player"]).cloned())
        .unwrap_or(Value::Null)
}

/// Polls until `done` holds of `GET path` (10 s at most); the last answer.
fn until(addr: SocketAddr, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let now = get(addr, path, &[]).json();
        if done(&now) || Instant::now() > deadline {
            return now;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn accounts_play_their_tournament_games_as_themselves() {
    let addr = start_server();
    let (anna, anna_cookie) = account_and_cookie(
        addr,
        "Anna",
        &["board:play", "tournament:write", "challenge:read"],
    );
    let (bela, bela_cookie) = account_and_cookie(addr, "Bela", &["board:play", "challenge:read"]);
    let (id, organiser, join) = tournament(
        addr,
        &json!({"name": "Club rapid", "system": "swiss", "rounds": 1, "online": true,
                "rated": true, "time_control": "600+5"}),
    );
    let path = format!("/api/tournaments/{id}/join");

    // Anna enters by the join link as her account (her personal token, the
    // link's token as lichess's `password`): her name, her rating here.
    let joined = post(
        addr,
        &path,
        &[("authorization", &anna)],
        &json!({"password": join, "account": true}),
    );
    assert_eq!(joined.status, 201, "{}", joined.body);
    let joined = joined.json();
    let player = &entry(&joined);
    assert_eq!(player["name"], "Anna", "{joined}");
    assert_eq!(player["account"], "anna", "{joined}");
    assert_eq!(player["rating"], 1500, "{joined}");
    assert_eq!(joined["tournament"]["rated"], true);
    // Once only.
    let again = post(
        addr,
        &path,
        &[("authorization", &anna)],
        &json!({"password": join, "account": true, "name": "Anna again"}),
    );
    assert_eq!(again.status, 400, "{}", again.body);
    assert_eq!(again.json()["error"], "already_entered");
    // A token without `tournament:write` enters no account.
    let unscoped = post(
        addr,
        &path,
        &[("authorization", &bela)],
        &json!({"password": join, "account": true}),
    );
    assert_eq!(unscoped.status, 403, "{}", unscoped.body);
    assert_eq!(unscoped.json()["error"], "missing_scope");
    // Nobody signed in enters no account either.
    let anonymous = post(
        addr,
        &path,
        &[],
        &json!({"password": join, "account": true}),
    );
    assert_eq!(anonymous.status, 401, "{}", anonymous.body);
    // Bela enters himself with his browser's session (the cookie, this
    // site's origin), with a rating of his own.
    let bela_joined = post_signed_in(
        addr,
        &path,
        &bela_cookie,
        &json!({"password": join, "account": true, "rating": 1650}),
    );
    assert_eq!(bela_joined.status, 201, "{}", bela_joined.body);
    let bela_joined = bela_joined.json();
    let view = bela_joined["tournament"].clone();
    assert_eq!(view["players"].as_array().map(Vec::len), Some(2), "{view}");
    assert_eq!(entry(&bela_joined)["name"], "Bela", "{view}");
    assert_eq!(entry(&bela_joined)["account"], "bela", "{view}");
    assert_eq!(
        entry(&bela_joined)["rating"],
        1650,
        "a rating given is kept: {view}"
    );
    // With an account the link's token comes as `password`, not as the
    // bearer (which would name no account).
    let bearer_join = post(
        addr,
        &path,
        &[("authorization", &format!("Bearer {join}"))],
        &json!({"account": true}),
    );
    assert_eq!(bearer_join.status, 400, "{}", bearer_join.body);
    assert_eq!(bearer_join.json()["error"], "missing_join_token");

    // Each finds their entry by their account, without a link.
    for (cookie, name) in [(&anna_cookie, "Anna"), (&bela_cookie, "Bela")] {
        let me = get(
            addr,
            &format!("/api/tournaments/{id}/me"),
            &[("cookie", cookie)],
        );
        assert_eq!(me.status, 200, "{}", me.body);
        let number = me.json()["player"].as_u64();
        let entry = view["players"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["id"].as_u64() == number).cloned())
            .unwrap_or(Value::Null);
        assert_eq!(entry["name"], name, "{view}");
    }
    let stranger = get(addr, &format!("/api/tournaments/{id}/me"), &[]);
    assert_eq!(stranger.status, 403, "{}", stranger.body);

    // The round: Bela's event stream hears of his game.
    let events = stream_lines(addr, "/api/stream/event", &[("authorization", &bela)]);
    let paired = act(addr, &id, &organiser, &json!({"type": "pair_round"}));
    assert_eq!(paired.status, 200, "{}", paired.body);
    let paired = paired.json();
    let board = &paired["rounds"][0]["boards"][0];
    let game = board["game"].as_str().unwrap_or_default().to_string();
    let started = seen_type(&events, "gameStart");
    assert_eq!(started["game"]["gameId"], game.as_str(), "{started}");
    assert_eq!(started["game"]["opponent"]["username"], "Anna", "{started}");
    assert_eq!(started["game"]["rated"], true, "{started}");
    // Both list it among their games in play.
    for who in [&anna, &bela] {
        let playing = get(addr, "/api/account/playing", &[("authorization", who)]).json();
        assert_eq!(
            playing["nowPlaying"][0]["gameId"],
            game.as_str(),
            "{playing}"
        );
    }
    // Each moves with their own token (the Board API), as the seat the
    // pairing gave them.
    let anna_number = joined["player"].as_u64();
    let (white, black) = if board["white"].as_u64() == anna_number {
        (&anna, &bela)
    } else {
        (&bela, &anna)
    };
    // Black is not White.
    let wrong = post(
        addr,
        &format!("/api/board/game/{game}/move/e2e4"),
        &[("authorization", black)],
        &json!({}),
    );
    assert!((400..500).contains(&wrong.status), "{}", wrong.body);
    for (who, uci) in [
        (white, "f2f3"),
        (black, "e7e5"),
        (white, "g2g4"),
        (black, "d8h4"),
    ] {
        let moved = post(
            addr,
            &format!("/api/board/game/{game}/move/{uci}"),
            &[("authorization", who)],
            &json!({}),
        );
        assert_eq!(moved.status, 200, "{uci}: {}", moved.body);
    }
    // Black's mate comes into the tournament by itself.
    let shown = until(addr, &format!("/api/tournaments/{id}"), |v| {
        !v["rounds"][0]["boards"][0]["result"].is_null()
    });
    assert_eq!(shown["rounds"][0]["boards"][0]["result"], "0-1", "{shown}");
    // Rated: both moved in rapid (600 + 40 × 5 s), nothing else.
    let (winner, loser) = if black == &anna {
        ("anna", "bela")
    } else {
        ("bela", "anna")
    };
    let rated = |user: &str| {
        until(addr, &format!("/api/user/{user}"), |u| {
            u["perfs"]["rapid"]["games"] == 1
        })
    };
    let (w, l) = (rated(winner), rated(loser));
    assert_eq!(w["perfs"]["rapid"]["games"], 1, "{w}");
    assert!(w["perfs"]["rapid"]["rating"].as_i64() > Some(1500), "{w}");
    assert!(l["perfs"]["rapid"]["rating"].as_i64() < Some(1500), "{l}");
    assert_eq!(w["perfs"]["blitz"]["games"], 0, "{w}");
}

#[test]
fn joining_by_link_needs_no_account_and_rated_needs_online() {
    let addr = start_server();
    let (anna, anna_cookie) = account_and_cookie(addr, "Anna", &["board:play"]);
    // Over the board a tournament cannot be rated.
    let refused = post(
        addr,
        "/api/tournaments",
        &[],
        &json!({"name": "OTB", "system": "swiss", "rounds": 3, "rated": true}),
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(refused.json()["error"], "rated_not_online");
    // Nor online without a clock.
    let refused = post(
        addr,
        "/api/tournaments",
        &[],
        &json!({"name": "No clock", "system": "swiss", "rounds": 3, "rated": true,
                "online": true}),
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(refused.json()["error"], "rated_without_clock");
    let (id, organiser, join) = tournament(
        addr,
        &json!({"name": "Casual", "system": "round_robin", "online": true,
                "time_control": "300+3"}),
    );
    let path = format!("/api/tournaments/{id}/join");
    // By the link as before (the token as the bearer), no account.
    let guest = post(
        addr,
        &path,
        &[("authorization", &format!("Bearer {join}"))],
        &json!({"name": "Cili", "rating": 1900}),
    );
    assert_eq!(guest.status, 201, "{}", guest.body);
    let guest = guest.json();
    assert_eq!(entry(&guest)["name"], "Cili", "{guest}");
    assert!(entry(&guest)["account"].is_null(), "{guest}");
    // Signed in but not asking: no account either (the session's cookie,
    // the link's token in the body).
    let plain = post_signed_in(
        addr,
        &path,
        &anna_cookie,
        &json!({"password": join, "name": "Anna as a guest", "rating": 1800}),
    );
    assert_eq!(plain.status, 201, "{}", plain.body);
    let plain = plain.json();
    assert_eq!(entry(&plain)["name"], "Anna as a guest", "{plain}");
    assert!(entry(&plain)["account"].is_null(), "{plain}");
    // A bad link's token is refused, account or not.
    let bad = post_signed_in(
        addr,
        &path,
        &anna_cookie,
        &json!({"password": "nope", "account": true}),
    );
    assert_eq!(bad.status, 403, "{}", bad.body);
    assert_eq!(bad.json()["error"], "bad_join_token");
    // Entered with the session's account: the name typed, the account's.
    let entered = post_signed_in(
        addr,
        &path,
        &anna_cookie,
        &json!({"password": join, "account": true, "name": "Kovács, Anna", "rating": 1000}),
    );
    assert_eq!(entered.status, 201, "{}", entered.body);
    let entered = entered.json();
    assert_eq!(entry(&entered)["name"], "Kovács, Anna", "{entered}");
    assert_eq!(entry(&entered)["account"], "anna", "{entered}");
    // The account's entry is found by its token too.
    let me = get(
        addr,
        &format!("/api/tournaments/{id}/me"),
        &[("authorization", &anna)],
    );
    assert_eq!(me.json()["player"], entered["player"], "{}", me.body);
    // Three players of a round robin, Anna third by rating: in round 1 she
    // meets the second (Berger: 2–3, the first has the bye). A game
    // between an account and a guest is the account's, casual, and its
    // opponent shows as lichess shows an anonymous one.
    let paired = act(addr, &id, &organiser, &json!({"type": "pair_round"})).json();
    let anna_number = entered["player"].as_u64();
    let boards = paired["rounds"][0]["boards"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let board = boards
        .iter()
        .find(|b| b["white"].as_u64() == anna_number || b["black"].as_u64() == anna_number)
        .cloned()
        .unwrap_or(Value::Null);
    let game = board["game"].as_str().unwrap_or_default().to_string();
    assert!(!game.is_empty(), "Anna plays in round 1: {paired}");
    let playing = common::now_playing(addr, &anna);
    assert_eq!(playing.len(), 1, "{playing:?}");
    assert_eq!(playing[0]["gameId"], game.as_str(), "{playing:?}");
    assert_eq!(
        playing[0]["opponent"]["username"], "Anonymous",
        "{playing:?}"
    );
    assert!(playing[0]["opponent"]["id"].is_null(), "{playing:?}");
    assert_eq!(common::export_json(addr, &game)["rated"], false);
    // The Board API streams it to her, the other side an anonymous one.
    let lines = stream_lines(
        addr,
        &format!("/api/board/game/stream/{game}"),
        &[("authorization", &anna)],
    );
    let full = seen_type(&lines, "gameFull");
    let (mine, theirs) = if board["white"].as_u64() == anna_number {
        ("white", "black")
    } else {
        ("black", "white")
    };
    assert_eq!(full[mine]["id"], "anna", "{full}");
    assert_eq!(full[theirs], json!({}), "{full}");
    // And she moves through it when it is her turn (White first).
    if mine == "white" {
        let moved = post(
            addr,
            &format!("/api/board/game/{game}/move/e2e4"),
            &[("authorization", &anna)],
            &json!({}),
        );
        assert_eq!(moved.status, 200, "{}", moved.body);
    }
}
