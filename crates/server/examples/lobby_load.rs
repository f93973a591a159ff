//! The lobby's load: many clients watching the lobby (`/api/lobby/stream`)
//! while players seek and accept at a steady rate; reports the time from
//! an accept to both players' `gameStart` on their event streams (p50,
//! p99), and the server's CPU time per pairing (from `/proc/{pid}/stat`).
//!
//! ```sh
//! ulimit -n 65536
//! cargo run --release -- serve --port 8080 --data-dir /tmp/lobby \
//!     --max-watchers 20000 --limit-signups 0 --limit-new-games 0 --limit-actions 0 &
//! cargo run --release -p sakk-server --example lobby_load -- 127.0.0.1:8080 10000 1000 60 $(pgrep -n sakk)
//! ```
//! Arguments: the server's address, lobby watchers, seeks a minute, seconds
//! to run, and the server's pid (for its CPU time). `scripts/bench-lobby`
//! runs it all.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Pairs of accounts (a seeker and an accepter each).
const PAIRS: usize = 50;

/// A whole request on a connection of its own: the status and the body.
async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> std::io::Result<(u16, String, String)> {
    let mut stream = TcpStream::connect(addr).await?;
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(req.as_bytes()).await?;
    let mut out = String::new();
    stream.read_to_string(&mut out).await?;
    let status = out
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (head, rest) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    Ok((status, head.to_string(), rest.to_string()))
}

/// Opens a streaming request; each JSON object line it carries goes to
/// `on_line` (chunk sizes and keep-alive lines are skipped).
async fn stream(
    addr: SocketAddr,
    method: &str,
    path: &str,
    auth: Option<&str>,
    body: &str,
    mut on_line: impl FnMut(&str) + Send + 'static,
) -> std::io::Result<()> {
    let mut socket = TcpStream::connect(addr).await?;
    let auth = auth
        .map(|a| format!("Authorization: {a}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    socket.write_all(req.as_bytes()).await?;
    tokio::spawn(async move {
        let mut reader = BufReader::new(socket);
        let mut line = String::new();
        while reader.read_line(&mut line).await.unwrap_or(0) > 0 {
            if line.starts_with('{') {
                on_line(line.trim());
            }
            line.clear();
        }
    });
    Ok(())
}

/// A new account with a personal token (`board:play`): its name and the
/// `Authorization` value.
async fn account(addr: SocketAddr, name: &str) -> (String, String) {
    let origin = format!("http://{addr}");
    let body = format!(r#"{{"username":"{name}","password":"correct horse battery"}}"#);
    let json = ("Content-Type", "application/json");
    let (status, head, _) = request(
        addr,
        "POST",
        "/api/account/signup",
        &[json, ("Origin", &origin)],
        &body,
    )
    .await
    .unwrap_or_default();
    assert_eq!(status, 201, "sign up {name}");
    let cookie = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or(l.strip_prefix("Set-Cookie: "))
        })
        .and_then(|c| c.split(';').next())
        .unwrap_or("")
        .to_string();
    let (status, _, body) = request(
        addr,
        "POST",
        "/api/account/tokens",
        &[json, ("Origin", &origin), ("Cookie", &cookie)],
        r#"{"description":"load","scopes":["board:play"]}"#,
    )
    .await
    .unwrap_or_default();
    assert_eq!(status, 201, "token for {name}: {body}");
    let token = serde_json::from_str::<Value>(&body).unwrap_or_default()["token"]
        .as_str()
        .unwrap_or("")
        .to_string();
    (name.to_string(), format!("Bearer {token}"))
}

/// User and system CPU seconds of process `pid`.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, r)| r.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime: fields 14 and 15, here 11 and 12 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let addr: SocketAddr = match arg(1, "127.0.0.1:8080").parse() {
        Ok(a) => a,
        Err(e) => panic!("address: {e}"),
    };
    let watchers: usize = arg(2, "10000").parse().unwrap_or(10_000);
    let per_minute: u64 = arg(3, "1000").parse().unwrap_or(1000);
    let seconds: u64 = arg(4, "60").parse().unwrap_or(60);
    let pid: u32 = arg(5, "0").parse().unwrap_or(0);

    // The players, each with its event stream open: when each game began
    // for each of its players.
    let started: Arc<Mutex<HashMap<String, Vec<Instant>>>> = Arc::default();
    let mut players = Vec::new();
    for i in 0..2 * PAIRS {
        let (name, auth) = account(addr, &format!("load{i}")).await;
        let seen = Arc::clone(&started);
        stream(
            addr,
            "GET",
            "/api/stream/event",
            Some(&auth),
            "",
            move |line| {
                let v: Value = serde_json::from_str(line).unwrap_or_default();
                if v["type"] == "gameStart" {
                    if let Some(id) = v["game"]["gameId"].as_str() {
                        if let Ok(mut s) = seen.lock() {
                            s.entry(id.to_string()).or_default().push(Instant::now());
                        }
                    }
                }
            },
        )
        .await
        .unwrap_or_else(|e| panic!("event stream: {e}"));
        players.push((name, auth));
    }
    // The lobby's watchers: they read every line; one of them notes the
    // seeks as they appear (seeker's name → seek id).
    let seeks: Arc<Mutex<HashMap<String, String>>> = Arc::default();
    let lines = Arc::new(AtomicU64::new(0));
    for w in 0..watchers {
        let (lines, seeks) = (Arc::clone(&lines), Arc::clone(&seeks));
        let noter = w == 0;
        let opened = stream(addr, "GET", "/api/lobby/stream", None, "", move |line| {
            lines.fetch_add(1, Ordering::Relaxed);
            // Only one watcher reads what the lines say (the others count
            // them, as cheaply as a client can).
            if !noter {
                return;
            }
            let v: Value = serde_json::from_str(line).unwrap_or_default();
            if v["t"] == "seekAdded" {
                if let (Some(user), Some(id)) =
                    (v["seek"]["user"].as_str(), v["seek"]["id"].as_str())
                {
                    if let Ok(mut s) = seeks.lock() {
                        s.insert(user.to_string(), id.to_string());
                    }
                }
            }
        })
        .await;
        if let Err(e) = opened {
            panic!("lobby watcher {w}: {e} (ulimit -n?)");
        }
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    eprintln!(
        "{watchers} lobby watchers, {} players: running {seconds} s at {per_minute} seeks a minute",
        2 * PAIRS
    );

    let every = Duration::from_micros(60_000_000 / per_minute.max(1));
    let cpu0 = cpu_seconds(pid);
    let lines0 = lines.load(Ordering::Relaxed);
    let t0 = Instant::now();
    let latencies: Arc<Mutex<Vec<f64>>> = Arc::default();
    let failures = Arc::new(AtomicU64::new(0));
    let mut tick = tokio::time::interval(every);
    let mut n = 0usize;
    let mut tasks = Vec::new();
    while t0.elapsed() < Duration::from_secs(seconds) {
        tick.tick().await;
        let (seeker, accepter) = (
            players[(n % PAIRS) * 2].clone(),
            players[(n % PAIRS) * 2 + 1].clone(),
        );
        n += 1;
        let (seeks, started, latencies, failures) = (
            Arc::clone(&seeks),
            Arc::clone(&started),
            Arc::clone(&latencies),
            Arc::clone(&failures),
        );
        tasks.push(tokio::spawn(async move {
            let sought = stream(
                addr,
                "POST",
                "/api/board/seek",
                Some(&seeker.1),
                "time=5&increment=0",
                |_| {},
            )
            .await;
            if sought.is_err() {
                failures.fetch_add(1, Ordering::Relaxed);
                return;
            }
            // The seek as the lobby shows it.
            let deadline = Instant::now() + Duration::from_secs(10);
            let id = loop {
                if let Some(id) = seeks.lock().ok().and_then(|mut s| s.remove(&seeker.0)) {
                    break id;
                }
                if Instant::now() > deadline {
                    failures.fetch_add(1, Ordering::Relaxed);
                    return;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            };
            let asked = Instant::now();
            let path = format!("/api/lobby/seeks/{id}/accept");
            let answer = request(addr, "POST", &path, &[("Authorization", &accepter.1)], "").await;
            let game = match answer {
                Ok((200, _, body)) => serde_json::from_str::<Value>(&body).unwrap_or_default()
                    ["gameId"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                _ => {
                    failures.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            };
            // Both players told.
            let deadline = Instant::now() + Duration::from_secs(10);
            loop {
                let both = started.lock().ok().and_then(|s| {
                    s.get(&game)
                        .filter(|t| t.len() >= 2)
                        .and_then(|t| t.iter().max().copied())
                });
                if let Some(last) = both {
                    if let Ok(mut l) = latencies.lock() {
                        l.push(last.duration_since(asked).as_secs_f64() * 1000.0);
                    }
                    return;
                }
                if Instant::now() > deadline {
                    failures.fetch_add(1, Ordering::Relaxed);
                    return;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = t0.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid) - cpu0;
    let mut l = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    l.sort_by(|a, b| a.total_cmp(b));
    let pairings = l.len();
    let delivered = lines.load(Ordering::Relaxed) - lines0;
    println!(
        "watchers={watchers} seeks_per_min={per_minute} seconds={elapsed:.1} pairings={pairings} failures={} \
         accept_to_both_gameStart_ms p50={:.1} p99={:.1} max={:.1} server_cpu_s={cpu:.2} cpu_ms_per_pairing={:.2} \
         lobby_lines_delivered={delivered} ({:.0}/s)",
        failures.load(Ordering::Relaxed),
        percentile(&l, 0.5),
        percentile(&l, 0.99),
        l.last().copied().unwrap_or(f64::NAN),
        if pairings > 0 { cpu * 1000.0 / pairings as f64 } else { f64::NAN },
        delivered as f64 / elapsed,
    );
}
