//! Requests straight into the router (`tower::ServiceExt::oneshot`), and a
//! fresh database for each test.

#![allow(dead_code)]

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

use sakk_server::{router, AppState, Options, Rates, Store};

#[path = "database.rs"]
mod fresh_database;

/// A database of the test's own (a new PostgreSQL database on the server
/// of `SAKK_TEST_DATABASE_URL`, or a new SQLite file); returns its URL.
pub fn database() -> String {
    fresh_database::fresh()
}

/// A server state (and its store) over the database at `url`, with links
/// based on `https://chess.example.org` and these rate limits.
pub async fn app_with(url: &str, rates: Rates) -> (AppState, Store) {
    let store = match Store::open(url).await {
        Ok(s) => s,
        Err(e) => panic!("cannot open {url}: {e}"),
    };
    let mut options = Options::new("https://chess.example.org".to_string());
    options.rates = rates;
    options.max_think = Duration::from_secs(2);
    options.min_clock = Duration::from_millis(100);
    (AppState::with_options(store.clone(), options), store)
}

/// One request through the router: status, headers, JSON body.
pub async fn call(
    state: &AppState,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = match req.body(Body::from(body.unwrap_or("").to_string())) {
        Ok(r) => r,
        Err(e) => panic!("request: {e}"),
    };
    send(state, req).await
}

/// Any request through the router (for the headers and addresses `call`
/// does not make): status, headers, JSON body.
pub async fn send(
    state: &AppState,
    req: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let res = match router(state.clone()).oneshot(req).await {
        Ok(r) => r,
        Err(e) => match e {},
    };
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap_or_default();
    (
        status,
        headers,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Creates a game; returns its id and the tokens (white, black).
pub async fn create(state: &AppState, body: &str) -> (String, String, String) {
    let (status, _, v) = call(state, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    let s = |x: &Value| x.as_str().unwrap_or_default().to_string();
    (
        s(&v["id"]),
        s(&v["tokens"]["white"]),
        s(&v["tokens"]["black"]),
    )
}

/// The body of a GET as text (PGN).
pub async fn text(state: &AppState, path: &str) -> String {
    let req = match Request::builder().uri(path).body(Body::empty()) {
        Ok(r) => r,
        Err(e) => panic!("request: {e}"),
    };
    let res = match router(state.clone()).oneshot(req).await {
        Ok(r) => r,
        Err(e) => match e {},
    };
    let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
        .await
        .unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// How many moves a game's state (its JSON) has played.
pub fn moves(state: &Value) -> usize {
    state["moves"]
        .as_str()
        .map_or(0, |m| m.split_whitespace().count())
}
