//! Tournaments through the router: an organiser runs a Swiss and a round
//! robin; refusals are clear and change nothing; a failed commit loses
//! nothing; the TRF download pairs the same as the server.

use axum::http::StatusCode;
use serde_json::{json, Value};

use sakk_server::Rates;

#[path = "common/oneshot.rs"]
mod oneshot;
use oneshot::{app_with, call, database, text};

async fn new_tournament(state: &sakk_server::AppState, body: Value) -> (String, String) {
    let (status, _, created) = call(
        state,
        "POST",
        "/api/tournaments",
        None,
        Some(&body.to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let token = created["organiser_token"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(created["organiser_url"]
        .as_str()
        .is_some_and(|u| u.ends_with(&format!("/tournament/{id}#token={token}"))));
    (id, token)
}

async fn act(
    state: &sakk_server::AppState,
    id: &str,
    token: Option<&str>,
    action: Value,
) -> (StatusCode, Value) {
    let (status, _, body) = call(
        state,
        "POST",
        &format!("/api/tournaments/{id}/actions"),
        token,
        Some(&action.to_string()),
    )
    .await;
    (status, body)
}

async fn ok(state: &sakk_server::AppState, id: &str, token: &str, action: Value) -> Value {
    let (status, body) = act(state, id, Some(token), action.clone()).await;
    assert_eq!(status, StatusCode::OK, "{action}: {body}");
    body
}

/// Enters every result of the last round: White wins on odd boards, draws
/// on even ones.
async fn results(state: &sakk_server::AppState, id: &str, token: &str, view: &Value) -> Value {
    let round = view["rounds"].as_array().map_or(0, Vec::len);
    let boards = view["rounds"][round - 1]["boards"]
        .as_array()
        .map_or(0, Vec::len);
    let mut last = view.clone();
    for b in 1..=boards {
        let result = if b % 2 == 1 { "1-0" } else { "1/2-1/2" };
        last = ok(
            state,
            id,
            token,
            json!({"type": "set_result", "round": round, "board": b, "result": result}),
        )
        .await;
    }
    last
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organiser_runs_a_swiss_to_its_end() {
    let (state, store) = app_with(&database(), Rates::unlimited()).await;
    let (id, token) = new_tournament(
        &state,
        json!({"name": "Club Swiss", "system": "swiss", "rounds": 3, "time_control": "5400+30"}),
    )
    .await;
    for (name, rating) in [
        ("Kovács Anna", 2010),
        ("Nagy Béla", 1950),
        ("Tóth Csaba", 1890),
        ("Szabó Dóra", 1830),
        ("Kiss Ede", 1770),
        ("Horváth Flóra", 1710),
        ("Varga Gábor", 1650),
    ] {
        ok(
            &state,
            &id,
            &token,
            json!({"type": "add_player", "name": name, "rating": rating, "federation": "hun"}),
        )
        .await;
    }
    // Refusals: no token, another token, a round not complete, a bad
    // result code; each says why in both languages and changes nothing.
    let before = call(&state, "GET", &format!("/api/tournaments/{id}"), None, None)
        .await
        .2;
    let (status, body) = act(&state, &id, None, json!({"type": "pair_round"})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(body["error"], "missing_organiser_token");
    let (status, body) = act(&state, &id, Some("nope"), json!({"type": "pair_round"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["error"], "bad_organiser_token");
    let (status, body) = act(
        &state,
        &id,
        Some(&token),
        json!({"type": "set_result", "round": 1, "board": 1, "result": "2-0"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "bad_request");
    let after = call(&state, "GET", &format!("/api/tournaments/{id}"), None, None)
        .await
        .2;
    assert_eq!(before, after);

    // A requested half-point bye for round 2.
    ok(
        &state,
        &id,
        &token,
        json!({"type": "request_bye", "player": 6, "round": 2, "half": true}),
    )
    .await;
    let mut view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
    assert_eq!(view["next"], "results");
    // Seven players: three boards and the pairing-allocated bye to the
    // lowest-ranked.
    assert_eq!(
        view["rounds"][0]["boards"].as_array().map(Vec::len),
        Some(3)
    );
    assert_eq!(view["rounds"][0]["byes"][0]["kind"], "pairing");
    assert_eq!(view["rounds"][0]["byes"][0]["player"], 6);
    let (status, body) = act(&state, &id, Some(&token), json!({"type": "pair_round"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "round_incomplete");
    assert_eq!(body["params"]["missing"], "3");
    assert!(body["message_hu"]
        .as_str()
        .is_some_and(|m| m.contains("eredmény")));

    for round in 1..=3 {
        if round > 1 {
            view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
        }
        // The server's pairing is the Dutch system's on the TRF of the
        // rounds before (as `sakk swiss pair` or bbpPairings would read it).
        if round == 2 {
            assert!(view["rounds"][1]["byes"]
                .as_array()
                .is_some_and(|b| b.iter().any(|b| b["player"] == 6 && b["kind"] == "half")));
        }
        // A failed commit loses nothing and changes nothing.
        store.fail_next_commits(1);
        let (status, body) = act(
            &state,
            &id,
            Some(&token),
            json!({"type": "set_result", "round": round, "board": 1, "result": "0-1"}),
        )
        .await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        view = results(&state, &id, &token, &view).await;
    }
    assert_eq!(view["next"], "finished");
    let (status, body) = act(&state, &id, Some(&token), json!({"type": "pair_round"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "tournament_finished");

    // Standings: every point accounted for (3 boards × 3 rounds, the bye
    // in rounds 1 and 3, the half-point bye in round 2), tie-breaks in
    // FIDE's suggested order.
    assert_eq!(view["tiebreaks"], json!(["BH-C1", "BH", "SB", "DE", "WIN"]));
    let total: f64 = view["standings"]
        .as_array()
        .map(|s| {
            s.iter()
                .filter_map(|r| r["points"].as_str()?.parse::<f64>().ok())
                .sum()
        })
        .unwrap_or(0.0);
    assert!((total - 11.5).abs() < 1e-9, "{total}");
    assert_eq!(view["standings"][0]["place"], 1);
    // Every rated player has a performance and an estimated rating change;
    // the changes of a tournament of rated players add up to about zero
    // (K 20 for all of them here).
    let changes: Vec<f64> = view["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["rating_change"].as_str()?.parse().ok())
        .collect();
    assert_eq!(changes.len(), 7);
    assert!(changes.iter().sum::<f64>().abs() < 1.0, "{changes:?}");
    assert!(view["players"][0]["performance"].is_i64());
    assert_eq!(view["crosstable"].as_array().map(Vec::len), Some(7));

    // The TRF download reads back, and its standings are the server's.
    let trf = text(&state, &format!("/api/tournaments/{id}/trf")).await;
    let t = sakk_tournament::trf::read(&trf).unwrap_or_else(|e| panic!("{e}\n{trf}"));
    assert_eq!(t.name, "Club Swiss");
    assert_eq!(t.players.len(), 7);
    assert_eq!(t.players[0].federation, "HUN");
    let standings =
        sakk_tournament::tiebreak::standings(&t, &sakk_tournament::tiebreak::TieBreak::SWISS);
    for (s, shown) in standings
        .iter()
        .zip(view["standings"].as_array().into_iter().flatten())
    {
        assert_eq!(
            sakk_tournament::Points(s.score).to_string(),
            shown["points"]
        );
    }
    // Round 3 paired from the TRF of rounds 1–2 is the server's round 3.
    let mut cut = t.clone();
    for p in &mut cut.players {
        p.rounds.truncate(2);
    }
    let again = sakk_tournament::dutch::pair(&cut).unwrap_or_default();
    let boards: Vec<(Value, Value)> = view["rounds"][2]["boards"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| (b["white"].clone(), b["black"].clone()))
        .collect();
    let ranks: Vec<(u16, Value)> = view["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| Some((u16::try_from(p["rank"].as_u64()?).ok()?, p["id"].clone())))
        .collect();
    let id_of = |rank: u16| ranks.iter().find(|r| r.0 == rank).map(|r| r.1.clone());
    let expected: Vec<(Value, Value)> = again
        .iter()
        .filter_map(|p| Some((id_of(p.white)?, id_of(p.black?)?)))
        .collect();
    assert_eq!(boards, expected);

    // The PGN: the games played, with their results.
    let pgn = text(&state, &format!("/api/tournaments/{id}/pgn")).await;
    assert_eq!(pgn.matches("[Event \"Club Swiss\"]").count(), 9);
    assert!(pgn.contains("[TimeControl \"5400+30\"]"));
    let read: Vec<_> = sakk::pgn::read_games(pgn.as_bytes()).collect();
    assert_eq!(read.len(), 9);
    assert!(read.iter().all(Result::is_ok), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_is_paired_by_the_berger_tables() {
    let (state, _) = app_with(&database(), Rates::unlimited()).await;
    let (status, _, body) = call(
        &state,
        "POST",
        "/api/tournaments",
        None,
        Some(r#"{"name": "RR", "system": "round_robin", "rounds": 3}"#),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "rounds_not_for_round_robin");
    let (id, token) = new_tournament(
        &state,
        json!({"name": "RR", "system": "round_robin", "double": true}),
    )
    .await;
    for name in ["A", "B", "C", "D"] {
        ok(
            &state,
            &id,
            &token,
            json!({"type": "add_player", "name": name}),
        )
        .await;
    }
    // The numbers drawn by lot: every player keeps one, the view says so.
    let drawn = ok(&state, &id, &token, json!({"type": "draw_lots"})).await;
    assert_eq!(drawn["lots_drawn"], true);
    let mut ranks: Vec<u64> = drawn["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["rank"].as_u64())
        .collect();
    ranks.sort_unstable();
    assert_eq!(ranks, vec![1, 2, 3, 4], "{drawn}");
    let mut view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
    assert_eq!(view["rounds_planned"], 6);
    let (status, body) = act(&state, &id, Some(&token), json!({"type": "draw_lots"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "tournament_started");
    assert_eq!(view["tiebreaks"], json!(["DE", "SB", "WIN"]));
    let (status, body) = act(
        &state,
        &id,
        Some(&token),
        json!({"type": "add_player", "name": "E"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "tournament_started");
    for round in 1..=6 {
        if round > 1 {
            view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
        }
        view = results(&state, &id, &token, &view).await;
    }
    assert_eq!(view["next"], "finished");
    // Each pair met twice, once with each colour.
    let mut met = std::collections::HashMap::new();
    for r in view["rounds"].as_array().into_iter().flatten() {
        for b in r["boards"].as_array().into_iter().flatten() {
            let key = (b["white"].as_u64(), b["black"].as_u64());
            *met.entry(key).or_insert(0) += 1;
        }
    }
    assert_eq!(met.len(), 12);
    assert!(met.values().all(|&n| n == 1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_tournaments_and_bad_settings_are_refused() {
    let (state, _) = app_with(&database(), Rates::unlimited()).await;
    let (status, _, body) = call(&state, "GET", "/api/tournaments/nothere", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "no_such_tournament");
    for (body, code) in [
        (
            json!({"name": "", "system": "swiss", "rounds": 5}),
            "name_empty",
        ),
        (json!({"name": "x", "system": "swiss"}), "rounds_missing"),
        (
            json!({"name": "x", "system": "swiss", "rounds": 99}),
            "rounds_out_of_range",
        ),
        (
            json!({"name": "x", "system": "swiss", "rounds": 5, "tiebreaks": ["XYZ"]}),
            "bad_tiebreak",
        ),
        (
            json!({"name": "x", "system": "swiss", "rounds": 5, "time_control": "soon"}),
            "bad_time_control",
        ),
        (json!({"name": "x", "system": "knockout"}), "bad_request"),
    ] {
        let (status, _, answer) = call(
            &state,
            "POST",
            "/api/tournaments",
            None,
            Some(&body.to_string()),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(answer["error"], code, "{body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_actions_all_land_and_none_overwrites_another() {
    let url = database();
    let (state, _) = app_with(&url, Rates::unlimited()).await;
    // A second server on the same database.
    let (other, _) = app_with(&url, Rates::unlimited()).await;
    let (id, token) = new_tournament(
        &state,
        json!({"name": "Busy", "system": "swiss", "rounds": 5}),
    )
    .await;
    // Twenty players entered at the same moment through two servers (two
    // organisers' tabs, double clicks): on one server the actions wait
    // their turn; a change the other server committed first makes an
    // action compute again on the new state, so none is lost.
    let mut tasks = Vec::new();
    for i in 0..20 {
        let server = if i % 2 == 0 { &state } else { &other };
        let (state, id, token) = (server.clone(), id.clone(), token.clone());
        tasks.push(tokio::spawn(async move {
            act(
                &state,
                &id,
                Some(&token),
                json!({"type": "add_player", "name": format!("Player {i}"), "rating": 1500 + i}),
            )
            .await
            .0
        }));
    }
    for t in tasks {
        assert_eq!(t.await.ok(), Some(StatusCode::OK));
    }
    let view = call(&state, "GET", &format!("/api/tournaments/{id}"), None, None)
        .await
        .2;
    assert_eq!(view["players"].as_array().map(Vec::len), Some(20));
    assert_eq!(view["version"], 20);
    // The highest rating is starting rank 1.
    assert_eq!(view["players"][0]["name"], "Player 19");
}

/// A player's token, from their link (`…#player=TOKEN`).
fn player_token(url: &Value) -> String {
    url.as_str()
        .and_then(|u| u.split("#player=").nth(1))
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_round_fills_in_its_results_by_itself() {
    let url = database();
    let (state, store) = app_with(&url, Rates::unlimited()).await;
    let (id, token) = new_tournament(
        &state,
        json!({"name": "Online", "system": "swiss", "rounds": 3, "online": true,
               "time_control": "600+5", "no_draw_before": 20}),
    )
    .await;
    for (name, rating) in [("A", 2000), ("B", 1900), ("C", 1800)] {
        ok(
            &state,
            &id,
            &token,
            json!({"type": "add_player", "name": name, "rating": rating}),
        )
        .await;
    }
    // The fourth joins by the join link.
    let (_, _, links) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/links"),
        Some(&token),
        None,
    )
    .await;
    let join = links["join_url"]
        .as_str()
        .and_then(|u| u.split("#join=").nth(1))
        .unwrap_or_default()
        .to_string();
    let (status, _, refused) = call(
        &state,
        "POST",
        &format!("/api/tournaments/{id}/join"),
        Some("wrong"),
        Some(r#"{"name": "D", "rating": 1700}"#),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(refused["error"], "bad_join_token");
    let (status, _, joined) = call(
        &state,
        "POST",
        &format!("/api/tournaments/{id}/join"),
        Some(&join),
        Some(r#"{"name": "D", "rating": 1700}"#),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    assert_eq!(joined["player"], 3);
    let d_token = joined["token"].as_str().unwrap_or_default().to_string();
    // Each player's link is theirs: `me` names them.
    let (_, _, links) = call(
        &state,
        "GET",
        &format!("/api/tournaments/{id}/links"),
        Some(&token),
        None,
    )
    .await;
    let mut tokens: Vec<String> = (0..3)
        .map(|p| player_token(&links["players"][p]["url"]))
        .collect();
    assert!(links["players"][3]["url"].is_null());
    tokens.push(d_token);
    for (p, t) in tokens.iter().enumerate() {
        let (_, _, me) = call(
            &state,
            "GET",
            &format!("/api/tournaments/{id}/me"),
            Some(t),
            None,
        )
        .await;
        assert_eq!(me["player"], p, "{me}");
    }

    // Round 1: two games, the players' links their seats.
    let view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
    assert_eq!(view["online"], true);
    let boards = view["rounds"][0]["boards"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(boards.len(), 2);
    let seat = |p: &Value| tokens[usize::try_from(p.as_u64().unwrap_or(0)).unwrap_or(0)].clone();
    let game = |b: &Value| b["game"].as_str().unwrap_or_default().to_string();
    let (g1, g2) = (game(&boards[0]), game(&boards[1]));
    let (_, _, state1) = call(&state, "GET", &format!("/api/games/{g1}"), None, None).await;
    assert_eq!(state1["tournament"], id.as_str());
    assert_eq!(state1["clock"]["initial"], 600_000);
    // Board 1: Black resigns after 1. e4 (White's link plays White).
    let game_post = |what: &str, seat: String| {
        let (state, path) = (state.clone(), format!("/api/games/{g1}/{what}"));
        async move { call(&state, "POST", &path, Some(&seat), None).await }
    };
    // No abort either, not even before the first move: the pairing stands.
    assert_eq!(state1["can_abort"], false, "{state1}");
    let (s, _, b) = game_post("abort", seat(&boards[0]["white"])).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    assert_eq!(b["error"], "tournament_no_abort", "{b}");
    let (s, _, b) = game_post("move/e4", seat(&boards[0]["white"])).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (s, _, b) = game_post("resign", seat(&boards[0]["black"])).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    // No rematch in a tournament.
    let (s, _, b) = game_post("rematch", seat(&boards[0]["black"])).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(b["error"], "tournament_game");
    // The result is in the tournament by itself: the game's end enters it
    // (read from storage here, so no read of the tournament could have).
    let mut stored = Value::Null;
    for _ in 0..100 {
        if let Ok(Some(row)) = store.load_tournament(&id).await {
            stored = serde_json::from_str(&row.data).unwrap_or_default();
        }
        if stored["rounds"][0]["boards"][0]["result"] == "1-0" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        stored["rounds"][0]["boards"][0]["result"], "1-0",
        "{stored}"
    );
    assert!(stored["rounds"][0]["boards"][1]["result"].is_null());

    // Board 2 ends while the tournament is not told (as if the server
    // went down between the game's commit and the tournament's): the next
    // read of the tournament, on another server, enters it.
    let Ok(Some((mut row, _))) = store.load(&g2).await else {
        panic!("game {g2} is not stored");
    };
    row.version += 1;
    row.status = sakk_server::wire::Status::Ended;
    row.result = Some(sakk_server::wire::PgnResult::Draw);
    row.termination = Some(sakk_server::wire::TerminationCode::Agreement);
    let commit = sakk_server::store::Commit {
        row,
        change: sakk_server::store::Change::State,
        inserts: Vec::new(),
        move_only: false,
    };
    assert!(store.commit(commit).await.is_ok());
    let (other, _) = app_with(&url, Rates::unlimited()).await;
    let seen = call(&other, "GET", &format!("/api/tournaments/{id}"), None, None)
        .await
        .2;
    assert_eq!(
        seen["rounds"][0]["boards"][1]["result"], "1/2-1/2",
        "{seen}"
    );
    assert_eq!(seen["next"], "pair");
    // The PGN: both games with their players' names, the online game's
    // moves and clock times.
    let pgn = text(&state, &format!("/api/tournaments/{id}/pgn")).await;
    assert_eq!(pgn.matches("[Event \"Online\"]").count(), 2, "{pgn}");
    assert!(pgn.contains("[Round \"1.1\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 { [%clk 0:10:00] } 1-0"), "{pgn}");
    let read: Vec<_> = sakk::pgn::read_games(pgn.as_bytes()).collect();
    assert_eq!(read.len(), 2, "{pgn}");
    assert!(read.iter().all(Result::is_ok), "{pgn}");
    // Round 2 pairs on those results, with new games.
    let round_games = |view: &Value| -> Vec<String> {
        view["rounds"][1]["boards"]
            .as_array()
            .into_iter()
            .flatten()
            .map(game)
            .collect()
    };
    let view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
    let games = round_games(&view);
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| !g.is_empty() && *g != g1 && *g != g2));
    // The organiser takes round 2 back before anyone moved twice: its
    // games are called off (aborted), and pairing again makes new ones.
    let boards = view["rounds"][1]["boards"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let white_of_first = seat(&boards[0]["white"]);
    let (s, _, b) = call(
        &state,
        "POST",
        &format!("/api/games/{}/move/d4", games[0]),
        Some(&white_of_first),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let view = ok(&state, &id, &token, json!({"type": "unpair_round"})).await;
    assert_eq!(view["rounds"].as_array().map(Vec::len), Some(1));
    for g in &games {
        let (_, _, called) = call(&state, "GET", &format!("/api/games/{g}"), None, None).await;
        assert_eq!(called["status"], "aborted", "{called}");
        assert_eq!(called["termination"], "aborted", "{called}");
    }
    let view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
    let again = round_games(&view);
    assert!(again.iter().all(|g| !games.contains(g)), "{again:?}");
    // Once both sides of a game have moved, the round stays.
    let boards = view["rounds"][1]["boards"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for (mv, side) in [("e4", "white"), ("e5", "black")] {
        let (s, _, b) = call(
            &state,
            "POST",
            &format!("/api/games/{}/move/{mv}", again[0]),
            Some(&seat(&boards[0][side])),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let (status, refused) = act(&state, &id, Some(&token), json!({"type": "unpair_round"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["error"], "round_games_begun");
    let (_, _, running) = call(
        &state,
        "GET",
        &format!("/api/games/{}", again[1]),
        None,
        None,
    )
    .await;
    assert_ne!(running["termination"], "aborted", "{running}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_begun_elsewhere_goes_on_from_its_trf() {
    let (state, _) = app_with(&database(), Rates::unlimited()).await;
    // Two rounds of a 150-player Swiss (its TRF is larger than the other
    // requests' 16 KiB)…
    let (id, token) = new_tournament(
        &state,
        json!({"name": "Open", "system": "swiss", "rounds": 5}),
    )
    .await;
    for i in 0..150 {
        ok(
            &state,
            &id,
            &token,
            json!({"type": "add_player", "name": format!("Player {i:03}"), "rating": 2400 - i * 5}),
        )
        .await;
    }
    let mut view = Value::Null;
    for _ in 0..2 {
        view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
        view = results(&state, &id, &token, &view).await;
    }
    let trf = text(&state, &format!("/api/tournaments/{id}/trf")).await;
    assert!(trf.len() > 16 * 1024, "{}", trf.len());
    // …continued here from its file: the name and the rounds from the file.
    let (status, _, created) = call(
        &state,
        "POST",
        "/api/tournaments",
        None,
        Some(&json!({"name": "", "system": "swiss", "trf": trf}).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let copy = created["id"].as_str().unwrap_or_default().to_string();
    let copy_token = created["organiser_token"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let imported = call(
        &state,
        "GET",
        &format!("/api/tournaments/{copy}"),
        None,
        None,
    )
    .await
    .2;
    assert_eq!(imported["name"], "Open");
    assert_eq!(imported["rounds_planned"], 5);
    assert_eq!(imported["standings"], view["standings"]);
    // Round 3 is the same in both.
    let names = |v: &Value| -> Vec<(String, String)> {
        let name = |id: &Value| {
            v["players"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|p| p["id"] == *id)
                .and_then(|p| p["name"].as_str())
                .unwrap_or_default()
                .to_string()
        };
        v["rounds"][2]["boards"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|b| (name(&b["white"]), name(&b["black"])))
            .collect()
    };
    let here = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
    let there = ok(&state, &copy, &copy_token, json!({"type": "pair_round"})).await;
    assert_eq!(names(&here).len(), 75);
    assert_eq!(names(&here), names(&there));
    assert_eq!(imported["rules_2017"], false);
    assert_eq!(imported["tiebreak_rules_2024"], false);
    // Begun in 2025 (its `042` start date): paired by the 2017 Dutch rules
    // and ranked by the 2024 tie-break text, as then in force.
    let begun_2025 = format!("042 2025/11/20\n{trf}");
    let (old, _) = new_tournament(
        &state,
        json!({"name": "", "system": "swiss", "trf": begun_2025}),
    )
    .await;
    let old = call(
        &state,
        "GET",
        &format!("/api/tournaments/{old}"),
        None,
        None,
    )
    .await
    .2;
    assert_eq!(old["rules_2017"], true);
    assert_eq!(old["tiebreak_rules_2024"], true);
    // A malformed file: the line and why, nothing created.
    let (status, _, refused) = call(
        &state,
        "POST",
        "/api/tournaments",
        None,
        Some(&json!({"name": "x", "system": "swiss", "rounds": 5, "trf": "012 X\n001    1      short\n"}).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refused["error"], "bad_trf");
    assert_eq!(refused["params"]["line"], "2");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess960_tournament_begins_each_round_from_one_drawn_start() {
    let url = database();
    let (state, _) = app_with(&url, Rates::unlimited()).await;
    let (id, token) = new_tournament(
        &state,
        json!({"name": "Fischer Random", "system": "swiss", "rounds": 2, "online": true,
               "time_control": "600+5", "chess960": true}),
    )
    .await;
    for (name, rating) in [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)] {
        ok(
            &state,
            &id,
            &token,
            json!({"type": "add_player", "name": name, "rating": rating}),
        )
        .await;
    }
    let view = ok(&state, &id, &token, json!({"type": "pair_round"})).await;
    assert_eq!(view["chess960"], true, "{view}");
    let start = &view["rounds"][0]["chess960"];
    let number = start["number"].as_u64().unwrap_or(960);
    assert!(number < 960, "{view}");
    let fen = start["fen"].as_str().unwrap_or_default().to_string();
    let drawn = sakk::Position::chess960(u16::try_from(number).unwrap_or(0)).map(|p| p.fen());
    assert_eq!(Some(fen.clone()), drawn);
    // Every board of the round from that start, in Chess960.
    let boards = view["rounds"][0]["boards"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(boards.len(), 2);
    for b in &boards {
        let game = b["game"].as_str().unwrap_or_default();
        let (_, _, shown) = call(&state, "GET", &format!("/api/games/{game}"), None, None).await;
        assert_eq!(shown["rules"]["variant"], "chess960", "{shown}");
        assert_eq!(shown["initial_fen"], fen.as_str(), "{shown}");
    }
    // A standard tournament's rounds have none.
    let (plain, plain_token) = new_tournament(
        &state,
        json!({"name": "Standard", "system": "swiss", "rounds": 2}),
    )
    .await;
    for name in ["A", "B"] {
        ok(
            &state,
            &plain,
            &plain_token,
            json!({"type": "add_player", "name": name}),
        )
        .await;
    }
    let view = ok(&state, &plain, &plain_token, json!({"type": "pair_round"})).await;
    assert_eq!(view["chess960"], false);
    assert!(view["rounds"][0]["chess960"].is_null(), "{view}");
}
