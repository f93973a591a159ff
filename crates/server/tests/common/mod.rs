//! A real server on a free port, and requests to it through ureq.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::Value;

pub mod database;
pub mod held;

/// Starts a server on a database of its own (a new SQLite file, or a new
/// PostgreSQL database on the server of `SAKK_TEST_DATABASE_URL`).
pub fn start_server() -> SocketAddr {
    // The tests create many games from one address; the limits have tests
    // of their own.
    start_server_on(database::fresh(), sakk_server::Rates::unlimited())
}

/// Starts a server on the database `url` with these limits.
pub fn start_server_on(url: String, rates: sakk_server::Rates) -> SocketAddr {
    let dir = std::env::temp_dir().join(format!(
        "sakk-server-test-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let Ok(rt) = tokio::runtime::Runtime::new() else {
            return;
        };
        let config = sakk_server::Config {
            host: "127.0.0.1".to_string(),
            port: 0,
            database: Some(url),
            data_dir: dir,
            rates,
            // The flag-fall tests play with clocks of a fraction of a second.
            min_clock: Duration::from_millis(100),
            ..sakk_server::Config::default()
        };
        let _ = rt.block_on(sakk_server::serve_with(config, move |addr| {
            let _ = tx.send(addr);
        }));
    });
    match rx.recv_timeout(Duration::from_secs(20)) {
        Ok(addr) => addr,
        Err(e) => panic!("server did not start: {e}"),
    }
}

/// One HTTP response.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The body.
    pub body: String,
}

impl Reply {
    /// The body as JSON (null if it is not).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// The client: a well-kept blocking HTTP client (ureq), answers of every
/// status read as replies, not errors.
fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
) -> ureq::http::request::Builder {
    let mut req = ureq::http::Request::builder()
        .method(method)
        .uri(format!("http://{addr}{path}"));
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    req
}

/// One HTTP response with its headers.
#[derive(Debug)]
pub struct Full {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case (a header sent twice: its values
    /// joined with a newline).
    pub headers: std::collections::BTreeMap<String, String>,
    /// The body.
    pub body: String,
}

impl Full {
    /// The body as JSON (null if it is not).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }

    /// A header's value, or "".
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }
}

/// Sends a request with these headers and body (as it is) and reads the
/// whole response with its headers.
pub fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Full {
    let mut req = http_request(addr, method, path, None);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let sent = match body {
        Some(body) => req.body(body.to_string()).map(|r| agent().run(r)),
        None => req.body(()).map(|r| agent().run(r)),
    };
    let mut res = match sent {
        Ok(Ok(res)) => res,
        Ok(Err(e)) => panic!("{method} {path}: {e}"),
        Err(e) => panic!("{method} {path}: {e}"),
    };
    let mut headers = std::collections::BTreeMap::<String, String>::new();
    for (k, v) in res.headers() {
        let v = v.to_str().unwrap_or_default().to_string();
        headers
            .entry(k.as_str().to_ascii_lowercase())
            .and_modify(|e| {
                e.push('\n');
                e.push_str(&v);
            })
            .or_insert(v);
    }
    Full {
        status: res.status().as_u16(),
        headers,
        body: res.body_mut().read_to_string().unwrap_or_default(),
    }
}

/// Sends a request and reads the whole response.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> Reply {
    let req = http_request(addr, method, path, token);
    let sent = match body {
        Some(body) => req
            .header("Content-Type", "application/json")
            .body(body.to_string())
            .map(|r| agent().run(r)),
        None => req.body(()).map(|r| agent().run(r)),
    };
    let mut res = match sent {
        Ok(Ok(res)) => res,
        Ok(Err(e)) => panic!("{method} {path}: {e}"),
        Err(e) => panic!("{method} {path}: {e}"),
    };
    Reply {
        status: res.status().as_u16(),
        body: res.body_mut().read_to_string().unwrap_or_default(),
    }
}

/// A streaming GET (NDJSON): its body, line by line.
pub fn stream(addr: SocketAddr, path: &str) -> impl std::io::BufRead {
    let res = http_request(addr, "GET", path, None)
        .body(())
        .map(|r| agent().run(r));
    match res {
        Ok(Ok(res)) => std::io::BufReader::new(res.into_body().into_reader()),
        Ok(Err(e)) => panic!("GET {path}: {e}"),
        Err(e) => panic!("GET {path}: {e}"),
    }
}

/// A streaming GET with these headers (NDJSON): its lines, as they come,
/// on a thread, into a list.
pub fn stream_lines(
    addr: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> std::sync::Arc<std::sync::Mutex<Vec<Value>>> {
    use std::io::BufRead;
    let mut req = http_request(addr, "GET", path, None);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = match req.body(()).map(|r| agent().run(r)) {
        Ok(Ok(res)) => res,
        Ok(Err(e)) => panic!("GET {path}: {e}"),
        Err(e) => panic!("GET {path}: {e}"),
    };
    assert_eq!(res.status().as_u16(), 200, "GET {path}");
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let out = std::sync::Arc::clone(&seen);
    std::thread::spawn(move || {
        let mut reader = std::io::BufReader::new(res.into_body().into_reader());
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            if let Ok(v) = serde_json::from_str::<Value>(line.trim()) {
                if let Ok(mut seen) = out.lock() {
                    seen.push(v);
                }
            }
            line.clear();
        }
    });
    seen
}

/// The first line seen with `"type": kind` within 10 s (panics without).
pub fn seen_type(seen: &std::sync::Arc<std::sync::Mutex<Vec<Value>>>, kind: &str) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(v) = seen
            .lock()
            .ok()
            .and_then(|s| s.iter().find(|v| v["type"] == kind).cloned())
        {
            return v;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no {kind} line: {:?}",
            seen.lock().map(|s| s.clone())
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Game `id` as lichess's JSON export gives it (`/game/export/{id}`).
pub fn export_json(addr: SocketAddr, id: &str) -> Value {
    send(
        addr,
        "GET",
        &format!("/game/export/{id}"),
        &[("accept", "application/json")],
        None,
    )
    .json()
}

/// An account's games as lichess's `/api/games/user/{username}` gives
/// them in NDJSON (`path_and_query` after `/api/games/user/`): each line's
/// JSON, newest first; the answer must be 200.
pub fn user_games(addr: SocketAddr, path_and_query: &str) -> Vec<Value> {
    let r = send(
        addr,
        "GET",
        &format!("/api/games/user/{path_and_query}"),
        &[("accept", "application/x-ndjson")],
        None,
    );
    assert_eq!(r.status, 200, "{path_and_query}: {}", r.body);
    r.body
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect()
}

/// The games in play of the account `auth` (an `Authorization` value):
/// `/api/account/playing`'s `nowPlaying`, in lichess's order.
pub fn now_playing(addr: SocketAddr, auth: &str) -> Vec<Value> {
    let r = send(
        addr,
        "GET",
        "/api/account/playing",
        &[("authorization", auth)],
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["nowPlaying"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// A new account with a personal token of these scopes, made on `addr`:
/// the `Authorization` value.
pub fn account_token(addr: SocketAddr, name: &str, scopes: &[&str]) -> String {
    account_and_cookie(addr, name, scopes).0
}

/// A new account made on `addr`: a personal token's `Authorization`
/// value (these scopes), and the session cookie (`sakk_session=…`).
pub fn account_and_cookie(addr: SocketAddr, name: &str, scopes: &[&str]) -> (String, String) {
    let json = ("content-type", "application/json");
    let body =
        serde_json::json!({"username": name, "password": "correct horse battery"}).to_string();
    let r = send(addr, "POST", "/api/account/signup", &[json], Some(&body));
    assert_eq!(r.status, 201, "{}", r.body);
    let cookie = r
        .header("set-cookie")
        .split(';')
        .next()
        .unwrap_or("")
        .to_string();
    let body = serde_json::json!({"description": "test", "scopes": scopes}).to_string();
    let t = send(
        addr,
        "POST",
        "/api/account/tokens",
        &[json, ("cookie", &cookie)],
        Some(&body),
    );
    assert_eq!(t.status, 201, "{}", t.body);
    (
        format!("Bearer {}", t.json()["token"].as_str().unwrap_or("")),
        cookie,
    )
}

/// A new game; returns (id, white token, black token).
pub fn new_game(addr: SocketAddr, body: &str) -> (String, String, String) {
    let r = request(addr, "POST", "/api/games", None, Some(body));
    assert_eq!(r.status, 201, "{}", r.body);
    let v = r.json();
    let s = |p: &str| {
        v.pointer(p)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    (s("/id"), s("/tokens/white"), s("/tokens/black"))
}

/// Plays moves alternately with the two tokens, checking each is accepted.
pub fn play(addr: SocketAddr, id: &str, white: &str, black: &str, moves: &str) -> Value {
    let mut last = Value::Null;
    for (i, m) in moves.split_whitespace().enumerate() {
        let token = if i % 2 == 0 { white } else { black };
        let r = request(
            addr,
            "POST",
            &format!("/api/games/{id}/move/{m}"),
            Some(token),
            None,
        );
        assert_eq!(r.status, 200, "{m}: {}", r.body);
        last = r.json();
    }
    last
}

/// The address a `sakk serve` process announces on the first line of its
/// standard output (piped): "sakk is running at http://127.0.0.1:PORT/".
pub fn announced(child: &mut std::process::Child) -> SocketAddr {
    use std::io::BufRead;
    let Some(out) = child.stdout.take() else {
        panic!("no stdout")
    };
    let mut line = String::new();
    let _ = std::io::BufReader::new(out).read_line(&mut line);
    let addr = line
        .trim()
        .rsplit("http://")
        .next()
        .and_then(|a| a.trim_end_matches('/').parse().ok());
    match addr {
        Some(a) => a,
        None => panic!("unexpected first line: {line:?}"),
    }
}

/// Of `statuses` (concurrent tries at one thing), exactly `winners` got
/// 200 and every other 404 (gone to the winners): one race, settled once.
pub fn settled(statuses: &[u16], tries: usize, winners: usize) {
    assert_eq!(statuses.len(), tries, "{statuses:?}");
    let count = |code: u16| statuses.iter().filter(|s| **s == code).count();
    assert_eq!(count(200), winners, "{statuses:?}");
    assert_eq!(count(404), tries - winners, "{statuses:?}");
}
