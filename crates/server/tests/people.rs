//! Finding players and seeing who is online, at lichess's paths, on a real
//! server: the autocomplete by the start of a name (names, or objects with
//! the online ones marked); an account is online while its event stream is
//! open, and playing while a game of its is.

mod common;

use std::time::{Duration, Instant};

use common::{send, start_server_on};
use serde_json::{json, Value};

#[test]
fn players_are_found_by_name_and_online_while_their_stream_is_open() {
    let addr = start_server_on(common::database::fresh(), sakk_server::Rates::unlimited());
    let scopes = &["board:play", "challenge:write"];
    let anna = common::account_token(addr, "Anna", scopes);
    let _annika = common::account_token(addr, "annika_7", scopes);
    let bela = common::account_token(addr, "Bela", scopes);
    let get = |path: &str| send(addr, "GET", path, &[], None).json();

    assert_eq!(
        get("/api/player/autocomplete?term=AN"),
        json!(["Anna", "annika_7"])
    );
    assert_eq!(
        get("/api/player/autocomplete?term=annik"),
        json!(["annika_7"])
    );
    assert_eq!(get("/api/player/autocomplete?term=a"), json!([]));
    assert_eq!(get("/api/player/autocomplete?term=a%25"), json!([]));
    assert_eq!(get("/api/player/autocomplete?term=zz"), json!([]));
    let found = get("/api/player/autocomplete?term=an&object=true");
    assert_eq!(found["result"][0], json!({"id": "anna", "name": "Anna"}));

    // Online while the event stream is open.
    let status = |ids: &str| get(&format!("/api/users/status?ids={ids}"));
    assert_eq!(
        status("anna,bela,nobody"),
        json!([{"id": "anna", "name": "Anna"}, {"id": "bela", "name": "Bela"}])
    );
    let _events = common::stream_lines(addr, "/api/stream/event", &[("authorization", &anna)]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while status("anna")[0]["online"] != true {
        assert!(Instant::now() < deadline, "{}", status("anna"));
        std::thread::sleep(Duration::from_millis(50));
    }
    let found = get("/api/player/autocomplete?term=an&object=true");
    assert_eq!(found["result"][0]["online"], true, "{found}");
    assert_eq!(found["result"][1].get("online"), None, "{found}");

    // Playing while a game of theirs is.
    let json = ("content-type", "application/json");
    let made = send(
        addr,
        "POST",
        "/api/challenge/bela",
        &[json, ("authorization", &anna)],
        Some("{}"),
    );
    let id = made.json()["id"].as_str().unwrap_or("").to_string();
    let accepted = send(
        addr,
        "POST",
        &format!("/api/challenge/{id}/accept"),
        &[("authorization", &bela)],
        None,
    );
    assert_eq!(accepted.status, 200);
    let both = status("anna,bela");
    assert_eq!(both[0]["playing"], true, "{both}");
    assert_eq!(both[1]["playing"], true, "{both}");
    assert_eq!(both[1].get("online"), None::<&Value>, "{both}");
}

#[test]
fn an_account_s_games_are_filtered_as_lichess_filters_them() {
    let addr = start_server_on(common::database::fresh(), sakk_server::Rates::unlimited());
    let scopes = &["board:play", "challenge:write"];
    let anna = common::account_token(addr, "anna", scopes);
    let bela = common::account_token(addr, "bela", scopes);
    let cili = common::account_token(addr, "cili", scopes);
    let json = ("content-type", "application/json");
    // Anna's games: with Bela (White, casual 5+3, resigned), with Cili
    // (Black, rated 1+0, resigned), and one with Bela still in play.
    let game = |who: &str, whom: &str, accepter: &str, body: &str| {
        let made = send(
            addr,
            "POST",
            &format!("/api/challenge/{whom}"),
            &[json, ("authorization", who)],
            Some(body),
        );
        assert_eq!(made.status, 200, "{}", made.body);
        let id = made.json()["id"].as_str().unwrap_or("").to_string();
        let ok = send(
            addr,
            "POST",
            &format!("/api/challenge/{id}/accept"),
            &[("authorization", accepter)],
            None,
        );
        assert_eq!(ok.status, 200);
        let shown = send(
            addr,
            "GET",
            &format!("/api/challenge/{id}/show"),
            &[("authorization", who)],
            None,
        )
        .json();
        let game = shown["gameId"].as_str().unwrap_or("").to_string();
        // A challenge's game has its id, as on lichess.
        assert_eq!(game, id);
        game
    };
    let resign = |who: &str, id: &str| {
        let r = send(
            addr,
            "POST",
            &format!("/api/board/game/{id}/resign"),
            &[("authorization", who)],
            None,
        );
        assert_eq!(r.status, 200, "{}", r.body);
    };
    let casual = game(
        &anna,
        "bela",
        &bela,
        r#"{"clock.limit": 300, "clock.increment": 3, "color": "white"}"#,
    );
    resign(&bela, &casual);
    let rated = game(
        &cili,
        "anna",
        &anna,
        r#"{"rated": true, "clock.limit": 60, "color": "white"}"#,
    );
    let play = |who: &str, m: &str| {
        send(
            addr,
            "POST",
            &format!("/api/board/game/{rated}/move/{m}"),
            &[("authorization", who)],
            None,
        )
        .status
    };
    assert_eq!(play(&cili, "e2e4"), 200);
    assert_eq!(play(&anna, "e7e5"), 200);
    resign(&anna, &rated);
    let ongoing = game(&anna, "bela", &bela, r#"{"clock.limit": 600}"#);
    let ids = |query: &str| -> Vec<String> {
        common::user_games(addr, &format!("anna?{query}"))
            .iter()
            .filter_map(|g| g["id"].as_str().map(str::to_string))
            .collect()
    };
    assert_eq!(
        ids(""),
        vec![rated.clone(), casual.clone()],
        "finished only, as lichess"
    );
    assert_eq!(
        ids("ongoing=true"),
        vec![ongoing.clone(), rated.clone(), casual.clone()]
    );
    assert_eq!(ids("ongoing=true&finished=false"), vec![ongoing.clone()]);
    assert_eq!(ids("ongoing=false&finished=false"), Vec::<String>::new());
    assert_eq!(ids("vs=Cili"), vec![rated.clone()]);
    assert_eq!(
        ids("vs=bela&ongoing=true"),
        vec![ongoing.clone(), casual.clone()]
    );
    assert_eq!(ids("color=black"), vec![rated.clone()]);
    assert_eq!(ids("color=white"), vec![casual.clone()]);
    assert_eq!(ids("rated=true"), vec![rated.clone()]);
    assert_eq!(
        ids("rated=false&ongoing=true"),
        vec![ongoing.clone(), casual.clone()]
    );
    assert_eq!(ids("perfType=bullet"), vec![rated.clone()]);
    assert_eq!(
        ids("perfType=blitz,rapid&ongoing=true"),
        vec![ongoing.clone(), casual.clone()]
    );
    assert_eq!(ids("perfType=classical"), Vec::<String>::new());
    assert_eq!(ids("since=99999999999999"), Vec::<String>::new());
    assert_eq!(ids("until=0"), Vec::<String>::new());
    assert_eq!(ids("max=1&ongoing=true"), vec![ongoing]);
    let bad = send(addr, "GET", "/api/games/user/anna?color=green", &[], None);
    assert_eq!(bad.status, 400, "{}", bad.body);
}
