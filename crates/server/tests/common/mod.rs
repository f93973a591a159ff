//! A real server on a free port, and a small HTTP/1.1 client.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::Value;

/// Starts a server with a fresh SQLite database in a temporary directory,
/// or on the database of `SAKK_TEST_DATABASE_URL` (PostgreSQL in CI).
pub fn start_server() -> SocketAddr {
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
            database: std::env::var("SAKK_TEST_DATABASE_URL").ok(),
            data_dir: dir,
            // The tests create many games from one address; the limits have
            // tests of their own.
            rates: sakk_server::Rates::unlimited(),
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

fn read_reply(stream: TcpStream) -> Reply {
    let mut reader = BufReader::new(stream);
    let mut status_line = String::new();
    let _ = reader.read_line(&mut status_line);
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut chunked = false;
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let lower = line.to_ascii_lowercase();
        if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
            chunked = true;
        }
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse::<usize>().ok();
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size_line = String::new();
            if reader.read_line(&mut size_line).unwrap_or(0) == 0 {
                break;
            }
            let size = usize::from_str_radix(size_line.trim(), 16).unwrap_or(0);
            if size == 0 {
                break;
            }
            let mut chunk = vec![0u8; size + 2];
            if reader.read_exact(&mut chunk).is_err() {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else if let Some(n) = length {
        body.resize(n, 0);
        let _ = reader.read_exact(&mut body);
    } else {
        let _ = reader.read_to_end(&mut body);
    }
    Reply {
        status,
        body: String::from_utf8_lossy(&body).into_owned(),
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
    let mut stream = match TcpStream::connect(addr) {
        Ok(s) => s,
        Err(e) => panic!("connect: {e}"),
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let body = body.unwrap_or("");
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        req.push_str("Content-Type: application/json\r\n");
    }
    if let Some(t) = token {
        req.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    let _ = stream.write_all(req.as_bytes());
    read_reply(stream)
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
