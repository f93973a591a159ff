//! Load generator: opens N concurrent games over WebSocket on loopback and
//! plays random legal moves from both seats; reports moves per second, the
//! move round-trip latency (send to the server's gameState with the move),
//! and the server's memory per game.
//!
//! ```sh
//! cargo run --release -- serve --port 8080 --data-dir /tmp/load &   # the server
//! cargo run --release -p sakk-server --example load -- 127.0.0.1:8080 1000 40 $(pgrep -n sakk)
//! ```
//! Arguments: server address (or several, comma-separated: the nodes of a
//! cluster), games, plies per game, and (optional) the server's pid for its
//! memory. Environment:
//! - `LOAD_THINK_MS=N`: each player thinks a random 0.5–1.5 × N ms before
//!   moving (default 0: as fast as the server answers — then the latency
//!   only measures the queue, N games deep);
//! - `LOAD_SOCKETS=1`: one socket per game, carrying both seats' moves
//!   (default 2: one socket per player);
//! - `LOAD_RAMP_MS=N`: start the games spread over N ms (default 0);
//! - `LOAD_SERIES=1`: also print each second's moves, p99 and slowest
//!   round trip;
//! - `LOAD_DELTAS=0`: each socket gets every change as the full state
//!   (default: as a `gameDelta`, the socket opened with `?deltas=true`, as
//!   the browser opens it);
//! - `LOAD_SPREAD=other`: with several nodes, game g is created on node
//!   g mod k (its owner) and played through node g + 1 mod k, so that every
//!   move crosses the bus (default `owner`: played on its owner).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Mutex;

struct Ws {
    reader: BufReader<tokio::io::ReadHalf<TcpStream>>,
    writer: tokio::io::WriteHalf<TcpStream>,
}

impl Ws {
    async fn connect(addr: SocketAddr, path: &str) -> std::io::Result<Ws> {
        let stream = TcpStream::connect(addr).await?;
        let (r, mut w) = tokio::io::split(stream);
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        w.write_all(req.as_bytes()).await?;
        let mut reader = BufReader::new(r);
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).await? == 0 || line == "\r\n" {
                break;
            }
        }
        Ok(Ws { reader, writer: w })
    }

    async fn send(&mut self, text: &str) -> std::io::Result<()> {
        let payload = text.as_bytes();
        let mask = [0x5au8, 0x4b, 0x4b, 0x21];
        let mut frame = vec![0x81u8];
        if payload.len() < 126 {
            frame.push(0x80 | payload.len() as u8);
        } else {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(payload.len() as u16).to_be_bytes());
        }
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.writer.write_all(&frame).await
    }

    /// The next text message, read for the fields the players use (the
    /// rest is skipped unread: no map of every field, no copy of every
    /// string). Pings are skipped: the server closes only a client silent
    /// for a minute, and this one moves more often. (A hand-written client
    /// on purpose: the load generator shares the machine's two cores with
    /// the server and must cost it as little as possible; the tests use
    /// tokio-tungstenite.)
    async fn recv(&mut self) -> std::io::Result<Msg> {
        loop {
            let (opcode, payload) = self.frame().await?;
            match opcode {
                0x1 => {
                    return Ok(serde_json::from_slice(&payload).unwrap_or_else(|_| Msg {
                        unreadable: Some(String::from_utf8_lossy(&payload).into_owned()),
                        ..Msg::default()
                    }))
                }
                0x8 => return Err(std::io::Error::from(std::io::ErrorKind::ConnectionReset)),
                _ => {}
            }
        }
    }

    /// One frame: its opcode and payload.
    async fn frame(&mut self) -> std::io::Result<(u8, Vec<u8>)> {
        let mut h = [0u8; 2];
        self.reader.read_exact(&mut h).await?;
        let mut len = u64::from(h[1] & 0x7f);
        if len == 126 {
            let mut l = [0u8; 2];
            self.reader.read_exact(&mut l).await?;
            len = u64::from(u16::from_be_bytes(l));
        } else if len == 127 {
            let mut l = [0u8; 8];
            self.reader.read_exact(&mut l).await?;
            len = u64::from_be_bytes(l);
        }
        let mut payload = vec![0u8; len as usize];
        self.reader.read_exact(&mut payload).await?;
        if *DEBUG {
            eprintln!(
                "frame {:02x?} len {len}: {}",
                h,
                String::from_utf8_lossy(&payload[..payload.len().min(80)])
            );
        }
        Ok((h[0] & 0x0f, payload))
    }
}

/// `LOAD_DEBUG` is set: every frame is printed.
static DEBUG: std::sync::LazyLock<bool> =
    std::sync::LazyLock::new(|| std::env::var("LOAD_DEBUG").is_ok());

/// What the players read of a socket's message: a `gameState`'s fields
/// (the first message's inside its `state`), or an error.
#[derive(Clone, Debug, Default, Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: Option<Kind>,
    status: Option<Status>,
    fen: Option<String>,
    moves: Option<String>,
    /// A delta's moves kept of the state before (its `moves` are the rest).
    from: Option<usize>,
    state: Option<Box<Msg>>,
    /// An error's code and words.
    #[serde(rename = "error")]
    code: Option<String>,
    message: Option<String>,
    /// Not JSON: the text as it came.
    #[serde(skip)]
    unreadable: Option<String>,
}

/// The kinds of message the players tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
enum Kind {
    #[serde(rename = "gameState")]
    State,
    #[serde(rename = "gameDelta")]
    Delta,
    #[serde(rename = "error")]
    Error,
    #[serde(other)]
    Other,
}

/// A game's status as far as the players care: it goes on, or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Status {
    Created,
    Started,
    #[serde(other)]
    Over,
}

impl Msg {
    fn is(&self, kind: Kind) -> bool {
        self.kind == Some(kind)
    }

    /// A change of the game: a full state or a delta.
    fn is_change(&self) -> bool {
        self.is(Kind::State) || self.is(Kind::Delta)
    }

    /// The number of moves of the game this change shows.
    fn plies(&self) -> usize {
        let listed = self
            .moves
            .as_deref()
            .map_or(0, |m| m.split(' ').filter(|m| !m.is_empty()).count());
        self.from.unwrap_or(0) + listed
    }
}

/// `LOAD_DELTAS` is not `0`: the sockets take deltas.
static DELTAS: std::sync::LazyLock<bool> =
    std::sync::LazyLock::new(|| std::env::var("LOAD_DELTAS").map_or(true, |v| v != "0"));

/// A game's socket path.
fn socket_path(id: &str) -> String {
    if *DELTAS {
        format!("/api/games/{id}/socket?deltas=true")
    } else {
        format!("/api/games/{id}/socket")
    }
}

async fn create_game(addr: SocketAddr) -> std::io::Result<(String, String, String)> {
    let mut s = TcpStream::connect(addr).await?;
    let body = r#"{"opponent": "friend"}"#;
    let req = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await?;
    let mut text = String::new();
    s.read_to_string(&mut text).await?;
    let json = text.split("\r\n\r\n").nth(1).unwrap_or("");
    let v: Value = serde_json::from_str(json).unwrap_or(Value::Null);
    let get = |p: &str| {
        v.pointer(p)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    Ok((get("/id"), get("/tokens/white"), get("/tokens/black")))
}

/// How the players behave.
#[derive(Clone, Copy)]
struct Pace {
    think_ms: u64,
    sockets: usize,
}

/// Plays one game; returns each move's sending time and round-trip
/// latency.
async fn play(
    addr: SocketAddr,
    plies: usize,
    seed: u64,
    pace: Pace,
    game: (String, String, String),
) -> std::io::Result<Vec<(Instant, Duration)>> {
    let (id, white, black) = game;
    let mut seats = vec![Ws::connect(addr, &socket_path(&id)).await?];
    if pace.sockets == 2 {
        seats.push(Ws::connect(addr, &socket_path(&id)).await?);
    }
    let mut state = seats[0].recv().await?.state.map(|s| *s).unwrap_or_default();
    if seats.len() == 2 {
        let _ = seats[1].recv().await?;
    }
    let tokens = [white, black];
    let mut rng = seed | 1;
    let mut latencies = Vec::new();
    for ply in 0..plies {
        if pace.think_ms > 0 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let ms = pace.think_ms / 2 + rng % (pace.think_ms + 1);
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
        if !matches!(state.status, Some(Status::Created | Status::Started)) {
            break;
        }
        let Ok(pos) = sakk::Position::from_fen(state.fen.as_deref().unwrap_or("")) else {
            eprintln!("game {id}: no position in {state:?}");
            break;
        };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = pos
            .uci(moves[(rng % moves.len() as u64) as usize])
            .to_string();
        let side = ply % 2;
        let seat = side.min(seats.len() - 1);
        let sent = Instant::now();
        seats[seat]
            .send(&format!(
                r#"{{"t": "move", "move": "{m}", "token": "{}"}}"#,
                tokens[side]
            ))
            .await?;
        // Wait for the state that holds the move on the mover's socket.
        loop {
            let v = seats[seat].recv().await?;
            if v.is_change() && v.plies() == ply + 1 {
                latencies.push((sent, sent.elapsed()));
                state = v;
                break;
            }
            if v.is(Kind::Error) || v.unreadable.is_some() {
                let code = v.code.as_deref().unwrap_or("");
                let message = v
                    .message
                    .as_deref()
                    .or(v.unreadable.as_deref())
                    .unwrap_or("");
                eprintln!("game {id}: {code} {message}");
                return Ok(latencies);
            }
        }
        // The other seat sees it too.
        if seats.len() == 2 {
            loop {
                let v = seats[1 - side].recv().await?;
                if v.is_change() {
                    break;
                }
            }
        }
    }
    Ok(latencies)
}

/// With `LOAD_SERIES` set: each second of the run (by the moves' sending
/// times), its moves, p99 and slowest round trip, to find when the tail
/// happens.
fn print_series(start: Instant, timed: &[(Instant, Duration)]) {
    let unix = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .saturating_sub(start.elapsed());
    println!("second 0 began at {:.3} s since 1970", unix.as_secs_f64());
    let mut by_second: std::collections::BTreeMap<u64, Vec<Duration>> = Default::default();
    for &(sent, l) in timed {
        let second = sent.saturating_duration_since(start).as_secs();
        by_second.entry(second).or_default().push(l);
    }
    for (second, mut l) in by_second {
        l.sort();
        let p99 = l[((l.len() as f64 * 0.99) as usize).min(l.len() - 1)];
        println!(
            "second {second}: {} moves, p99 {:.1} ms, max {:.1} ms",
            l.len(),
            p99.as_secs_f64() * 1e3,
            l[l.len() - 1].as_secs_f64() * 1e3
        );
    }
}

/// The CPU time the process `pid` has used (user and system), from
/// `/proc/PID/stat` (in the kernel's USER_HZ ticks, 100 a second).
fn cpu_time(pid: &str) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name (which may hold spaces).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

fn rss_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut addrs: Vec<SocketAddr> = args
        .get(1)
        .map(|a| a.split(',').filter_map(|a| a.parse().ok()).collect())
        .unwrap_or_default();
    if addrs.is_empty() {
        addrs.push(SocketAddr::from(([127, 0, 0, 1], 8080)));
    }
    let k = addrs.len();
    let other = std::env::var("LOAD_SPREAD").is_ok_and(|v| v == "other");
    let games: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100);
    let plies: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(40);
    let pid = args.get(4).cloned();
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let pace = Pace {
        think_ms: env("LOAD_THINK_MS", 0),
        sockets: if env("LOAD_SOCKETS", 2) == 1 { 1 } else { 2 },
    };
    let ramp = env("LOAD_RAMP_MS", 0);
    let before = pid.as_deref().and_then(rss_kib);
    // Create the games first (64 requests at a time), then play them all.
    let mut created = Vec::with_capacity(games);
    let mut pending = Vec::new();
    for g in 0..games {
        let node = g % k;
        let addr = addrs[node];
        pending.push(tokio::spawn(async move { (node, create_game(addr).await) }));
        if pending.len() == 64 {
            for p in pending.drain(..) {
                if let Ok((node, Ok(g))) = p.await {
                    created.push((node, g));
                }
            }
        }
    }
    for p in pending {
        if let Ok((node, Ok(g))) = p.await {
            created.push((node, g));
        }
    }
    println!(
        "created {} games on {k} node(s); think {} ms, {} socket(s) a game, ramp {} ms, played on {}",
        created.len(),
        pace.think_ms,
        pace.sockets,
        ramp,
        if other && k > 1 { "another node" } else { "the owner" }
    );
    let all = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    let cpu_before = pid.as_deref().and_then(cpu_time);
    let own_before = cpu_time("self");
    let mut tasks = Vec::new();
    let n = created.len().max(1) as u64;
    for (g, (owner, game)) in created.into_iter().enumerate() {
        let all = Arc::clone(&all);
        let addr = addrs[(owner + usize::from(other)) % k];
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(ramp * g as u64 / n)).await;
            match play(addr, plies, g as u64 * 7919 + 1, pace, game).await {
                Ok(l) => all.lock().await.extend(l),
                Err(e) => eprintln!("game {g}: {e}"),
            }
        }));
    }
    // The server's largest resident size while the games run.
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let done = Arc::clone(&done);
        let pid = pid.clone();
        tokio::spawn(async move {
            let mut peak = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                peak = peak.max(pid.as_deref().and_then(rss_kib).unwrap_or(0));
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            peak
        })
    };
    for t in tasks {
        let _ = t.await;
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let cpu_after = pid.as_deref().and_then(cpu_time);
    let own_after = cpu_time("self");
    let peak = sampler.await.ok().filter(|&p| p > 0);
    let elapsed = start.elapsed();
    let timed = all.lock().await.clone();
    if std::env::var("LOAD_SERIES").is_ok() {
        print_series(start, &timed);
    }
    let mut lat: Vec<Duration> = timed.iter().map(|&(_, l)| l).collect();
    lat.sort();
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    println!("games {games}, plies per game {plies}, moves {}", lat.len());
    println!(
        "moves per second {:.0}",
        lat.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "round trip p50 {:?}, p99 {:?}, max {:?}",
        pct(0.50),
        pct(0.99),
        lat.last().copied().unwrap_or_default()
    );
    if let (Some(b), Some(a)) = (cpu_before, cpu_after) {
        let used = a.saturating_sub(b);
        println!(
            "server CPU while playing: {:.1} s, {:.0} µs per move, {:.2} cores",
            used.as_secs_f64(),
            used.as_secs_f64() * 1e6 / lat.len().max(1) as f64,
            used.as_secs_f64() / elapsed.as_secs_f64()
        );
    }
    if let (Some(b), Some(a)) = (own_before, own_after) {
        println!(
            "load generator CPU: {:.1} s, {:.2} cores",
            a.saturating_sub(b).as_secs_f64(),
            a.saturating_sub(b).as_secs_f64() / elapsed.as_secs_f64()
        );
    }
    if let (Some(b), Some(p)) = (before, peak) {
        println!(
            "server memory: {} KiB before, {} KiB while playing: {:.1} KiB per game",
            b,
            p,
            (p.saturating_sub(b)) as f64 / games as f64
        );
    }
}
