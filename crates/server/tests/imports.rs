//! PGN import and the analysis board's requests on a real server: lichess's
//! form field, a file of several games with one that does not read (named
//! in the asker's language), each stored game opened with its tree; a line
//! read by the rules, a move refused in words; the engine's live lines.

mod common;

use std::io::BufRead;
use std::net::SocketAddr;

use common::{send, start_server, stream, Full};
use serde_json::{json, Value};

const JSON: (&str, &str) = ("content-type", "application/json");
const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

const GOOD: &str = "[Event \"Club\"]\n[White \"Polgár, Judit\"]\n[Black \"Kasparov, Garry\"]\n\
[Result \"1-0\"]\n\n1. e4 {the king's pawn} e5 (1... c5 2. Nf3 $1) 2. Nf3 Nc6 1-0\n";
const BAD: &str = "[Event \"Bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
const SHORT: &str = "[Event \"Short\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n\
1. f3 e5 2. g4 Qh4# 0-1\n";

fn post_json(addr: SocketAddr, path: &str, body: &Value, lang: &str) -> Full {
    let text = body.to_string();
    send(
        addr,
        "POST",
        path,
        &[JSON, ("accept-language", lang)],
        Some(&text),
    )
}

/// `application/x-www-form-urlencoded` as a browser's form (and berserk)
/// sends it.
fn form_encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[test]
fn one_game_imports_through_lichesss_form_field_and_opens_with_its_tree() {
    let addr = start_server();
    let body = format!("pgn={}", form_encode(GOOD));
    let res = send(addr, "POST", "/api/import", &[FORM], Some(&body));
    assert_eq!(res.status, 200, "{}", res.body);
    let v = res.json();
    let id = v["id"].as_str().unwrap_or_default().to_string();
    assert_eq!(id.len(), 8, "{v}");
    assert!(
        v["url"]
            .as_str()
            .is_some_and(|u| u.ends_with(&format!("/analysis?import={id}"))),
        "{v}"
    );
    assert_eq!(v["games"][0]["white"], "Polgár, Judit");
    assert_eq!(v["games"][0]["result"], "1-0");
    assert_eq!(v["games"][0]["plies"], 4);
    assert_eq!(v["problems"], json!([]));

    let game = send(addr, "GET", &format!("/api/import/{id}"), &[], None).json();
    assert_eq!(game["variant"], "standard");
    let moves = &game["line"]["moves"];
    let sans: Vec<&str> = moves
        .as_array()
        .map(|m| m.iter().filter_map(|m| m["san"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(moves[0]["comment"], "the king's pawn");
    assert_eq!(moves[0]["uci"], "e2e4");
    let sicilian = &moves[1]["variations"][0]["moves"];
    assert_eq!(sicilian[0]["uci"], "c7c5");
    assert_eq!(sicilian[1]["nags"], json!([1]));
    assert!(game["pgn"]
        .as_str()
        .is_some_and(|p| p.contains("[White \"Polgár, Judit\"]")));

    let none = send(addr, "GET", "/api/import/nosuchid", &[], None);
    assert_eq!(none.status, 404);
    assert_eq!(none.json()["error"], "no_import");
}

#[test]
fn a_file_of_several_games_stores_those_that_read_and_names_the_other() {
    let addr = start_server();
    let file = format!("{GOOD}\n{BAD}\n{SHORT}");
    let res = post_json(addr, "/api/import", &json!({ "pgn": file }), "hu");
    assert_eq!(res.status, 200, "{}", res.body);
    let v = res.json();
    let games = v["games"].as_array().cloned().unwrap_or_default();
    assert_eq!(games.len(), 2, "{v}");
    assert_eq!(games[1]["white"], "A");
    assert_eq!(v["id"], games[0]["id"]);
    let problem = &v["problems"][0];
    assert_eq!(problem["game"], 2);
    assert_eq!(problem["line"], 11);
    assert_eq!(problem["problem"]["id"], "pgn-bad-move");
    assert_eq!(problem["problem"]["params"]["move"], "2. Ke3");
    assert_eq!(problem["cause"]["id"], "rule-cannot-move-that-way");
    // Each stored game opens.
    for g in &games {
        let id = g["id"].as_str().unwrap_or_default();
        let opened = send(addr, "GET", &format!("/api/import/{id}"), &[], None);
        assert_eq!(opened.status, 200, "{}", opened.body);
    }
}

#[test]
fn a_game_too_long_to_open_is_named_and_alone_refused() {
    let addr = start_server();
    let mut long = String::from("[Event \"Long\"]\n[Result \"*\"]\n\n");
    for n in 0..751 {
        long.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * n + 1, 2 * n + 2));
    }
    long.push_str("*\n");
    let both = format!("{SHORT}\n{long}");
    let v = post_json(addr, "/api/import", &json!({ "pgn": both }), "en").json();
    assert_eq!(v["games"].as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(v["problems"][0]["game"], 2);
    assert_eq!(v["problems"][0]["problem"]["id"], "error-analysis-too-long");
    let alone = post_json(addr, "/api/import", &json!({ "pgn": long }), "en");
    assert_eq!(alone.status, 400);
    assert_eq!(alone.json()["error"], "analysis_too_long");
}

#[test]
fn a_file_without_a_good_game_is_refused_in_the_askers_language() {
    let addr = start_server();
    let res = post_json(addr, "/api/import", &json!({ "pgn": BAD }), "hu");
    assert_eq!(res.status, 400);
    let v = res.json();
    assert_eq!(v["error"], "bad_pgn");
    assert_eq!(v["params"]["game"], "1");
    let message = v["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("1. játszma, 4. sor: 2. Ke3:") && !message.contains('{'),
        "{message}"
    );
    let en = post_json(addr, "/api/import", &json!({ "pgn": BAD }), "en").json();
    let message = en["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("Game 1, line 4: Move 2. Ke3:"),
        "{message}"
    );
    let empty = post_json(addr, "/api/import", &json!({ "pgn": "  " }), "en");
    assert_eq!(empty.status, 400);
    assert_eq!(empty.json()["error"], "no_pgn_game");
}

#[test]
fn the_analysis_board_reads_lines_and_refuses_an_illegal_move_in_words() {
    let addr = start_server();
    let read = post_json(
        addr,
        "/api/analysis/moves",
        &json!({ "moves": ["f2f3", "e7e5", "g2g4", "d8h4"] }),
        "en",
    );
    assert_eq!(read.status, 200, "{}", read.body);
    let v = read.json();
    assert_eq!(v["plies"][3]["san"], "Qh4#");
    assert_eq!(v["plies"][3]["node"]["ended"], "checkmate");
    assert_eq!(v["plies"][3]["node"]["result"], "0-1");
    let bad = post_json(
        addr,
        "/api/analysis/moves",
        &json!({ "moves": ["e2e4", "e1e3"] }),
        "hu",
    );
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["error"], "bad_analysis_move");
    let message = bad.json()["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        message.contains("1... e1e3") && message.contains("szabálytalan"),
        "{message}"
    );
    let fen = post_json(
        addr,
        "/api/analysis/moves",
        &json!({ "fen": "not a fen" }),
        "en",
    );
    assert_eq!(fen.status, 400);
    assert_eq!(fen.json()["error"], "bad_fen");
    // The tree's PGN.
    let pgn = post_json(
        addr,
        "/api/analysis/pgn",
        &json!({ "tags": [{"name": "White", "value": "Me"}], "line": { "moves": [
            {"uci": "e2e4", "variations": [{"moves": [{"uci": "d2d4"}]}]},
            {"uci": "e7e5", "nags": [2], "comment": "hm"}
        ]}}),
        "en",
    );
    assert_eq!(pgn.status, 200, "{}", pgn.body);
    assert!(pgn
        .header("content-type")
        .starts_with("application/x-chess-pgn"));
    assert!(pgn.body.contains("[White \"Me\"]"), "{}", pgn.body);
    assert!(
        pgn.body.contains("1. e4 ( 1. d4 ) 1... e5 $2 { hm } *"),
        "{}",
        pgn.body
    );
}

#[test]
fn the_engine_streams_a_frame_per_depth_and_ends_with_done() {
    let addr = start_server();
    let mut lines = stream(
        addr,
        "/api/analysis/eval?fen=6k1/5ppp/8/8/8/8/5PPP/R5K1%20w%20-%20-%200%201&lines=2",
    );
    let mut frames: Vec<Value> = Vec::new();
    let mut line = String::new();
    while lines.read_line(&mut line).unwrap_or(0) > 0 {
        frames.push(serde_json::from_str(line.trim()).unwrap_or(Value::Null));
        line.clear();
        if frames.last().is_some_and(|f| f["done"] == true) {
            break;
        }
    }
    let last = frames.last().cloned().unwrap_or(Value::Null);
    assert_eq!(last["done"], true, "{frames:?}");
    // A back-rank mate in one: Ra8#.
    assert_eq!(last["lines"][0]["mate"], 1, "{last}");
    assert_eq!(last["lines"][0]["san"][0], "Ra8#");
    assert_eq!(last["lines"].as_array().map(Vec::len), Some(2));
    assert!(frames.len() >= 2);
}
