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
