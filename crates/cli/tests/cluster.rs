//! A cluster on loopback: real `sakk serve` nodes on one PostgreSQL
//! database and one `nats-server`, and a `sakk worker`. Each scenario is a
//! test of its own, on a cluster of its own (its own database, bus and
//! nodes), so that one failure hides no other. Needs
//! `SAKK_TEST_DATABASE_URL` (a PostgreSQL server) and `nats-server` on the
//! PATH, so the tests are ignored by a plain `cargo test`; `scripts/test`
//! runs them with `--ignored`, one at a time.

#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::io::{BufRead, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{announced, new_game, play, request, Reply};
use serde_json::Value;

/// A child process killed when the test ends, however it ends.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    match TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()) {
        Ok(a) => a.port(),
        Err(e) => panic!("no free port: {e}"),
    }
}

/// `nats-server` from the PATH, or where Debian puts it (/usr/sbin, which
/// a user's PATH may lack).
fn nats_binary() -> String {
    let debian = "/usr/sbin/nats-server";
    let in_path = Command::new("nats-server")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok();
    if !in_path && std::path::Path::new(debian).exists() {
        debian.to_string()
    } else {
        "nats-server".to_string()
    }
}

fn nats(port: u16) -> Proc {
    let child = Command::new(nats_binary())
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let child = match child {
        Ok(c) => c,
        Err(e) => panic!("cannot start nats-server: {e}"),
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "nats-server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Proc(child)
}

/// A node: `sakk serve` on a free port in the cluster, with a lease of
/// `lease` seconds.
fn node(name: &str, database: &str, bus: &str, lease: u32) -> (Proc, SocketAddr) {
    let child = Command::new(env!("CARGO_BIN_EXE_sakk"))
        .args(["serve", "--port", "0", "--database", database, "--bus", bus])
        .args(["--node", name, "--lease", &lease.to_string()])
        .args(["--limit-new-games", "0", "--limit-actions", "0"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => panic!("cannot start sakk serve: {e}"),
    };
    let addr = announced(&mut child);
    (Proc(child), addr)
}

/// Repeats `attempt` until it answers `Some`, for at most `within`.
fn eventually<T>(within: Duration, mut attempt: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + within;
    loop {
        if let Some(v) = attempt() {
            return Some(v);
        }
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Plays `m` on node `addr` until it is taken, for at most `within` since
/// `since` (when the owner was stopped `how`); says how long it took.
fn goes_on(
    addr: SocketAddr,
    id: &str,
    token: &str,
    m: &str,
    (since, how): (Instant, &str),
    within: Duration,
) -> Reply {
    let r = eventually(within, || {
        let r = move_on(addr, id, token, m);
        (r.status == 200).then_some(r)
    });
    let Some(r) = r else {
        panic!("after {how} of the owner, the game did not go on within {within:?}")
    };
    let took = since.elapsed();
    assert!(took < within, "after {how} of the owner: {took:?}");
    eprintln!("after {how} of the owner, the game went on in {took:?}");
    r
}

fn state(addr: SocketAddr, id: &str) -> Reply {
    request(addr, "GET", &format!("/api/games/{id}"), None, None)
}

fn moves(addr: SocketAddr, id: &str) -> String {
    state(addr, id).json()["moves"]
        .as_str()
        .unwrap_or("?")
        .to_string()
}

fn pgn(addr: SocketAddr, id: &str) -> String {
    request(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).body
}

/// A PGN's words on one line.
fn flat(pgn: &str) -> String {
    pgn.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn move_on(addr: SocketAddr, id: &str, token: &str, m: &str) -> Reply {
    request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/{m}"),
        Some(token),
        None,
    )
}

/// A spectator's stream: its lines' move lists, as they come, on a thread.
fn spectate(addr: SocketAddr, id: &str) -> Arc<Mutex<Vec<String>>> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut reader = common::stream(addr, &format!("/api/games/{id}/stream"));
    let out = Arc::clone(&seen);
    std::thread::spawn(move || {
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            if let Ok(v) = serde_json::from_str::<Value>(line.trim()) {
                let moves = v
                    .pointer("/state/moves")
                    .or_else(|| v.get("moves"))
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                if let Ok(mut seen) = out.lock() {
                    seen.push(moves);
                }
            }
            line.clear();
        }
    });
    seen
}

fn seen_until(seen: &Arc<Mutex<Vec<String>>>, moves: &str) -> Vec<String> {
    let found = eventually(Duration::from_secs(10), || {
        let s = seen.lock().ok()?.clone();
        s.iter().any(|m| m == moves).then_some(s)
    });
    match found {
        Some(s) => s,
        None => panic!(
            "the spectator never saw {moves:?}: {:?}",
            seen.lock().map(|s| s.clone())
        ),
    }
}

/// A TCP relay to PostgreSQL that the test can cut.
struct Cuttable {
    port: u16,
    cut: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Cuttable {
    fn to(target: String) -> Cuttable {
        let listener = match TcpListener::bind("127.0.0.1:0") {
            Ok(l) => l,
            Err(e) => panic!("relay: {e}"),
        };
        let port = listener.local_addr().map_or(0, |a| a.port());
        let cut = Arc::new(AtomicBool::new(false));
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::new(Mutex::new(Vec::new()));
        let (cut2, open2) = (Arc::clone(&cut), Arc::clone(&open));
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if cut2.load(Ordering::SeqCst) {
                    continue; // dropped: refused
                }
                let Ok(server) = TcpStream::connect(&target) else {
                    continue;
                };
                let pipe = |mut from: TcpStream, mut to: TcpStream| {
                    std::thread::spawn(move || {
                        let mut buf = [0u8; 16 * 1024];
                        loop {
                            match from.read(&mut buf) {
                                Ok(0) | Err(_) => break,
                                Ok(n) => {
                                    if to.write_all(&buf[..n]).is_err() {
                                        break;
                                    }
                                }
                            }
                        }
                        let _ = to.shutdown(std::net::Shutdown::Both);
                    });
                };
                if let (Ok(c2), Ok(s2), Ok(mut list)) =
                    (client.try_clone(), server.try_clone(), open2.lock())
                {
                    list.push(c2);
                    list.push(s2);
                }
                if let (Ok(c), Ok(s)) = (client.try_clone(), server.try_clone()) {
                    pipe(c, server);
                    pipe(s, client);
                }
            }
        });
        Cuttable { port, cut, open }
    }

    fn cut(&self, cut: bool) {
        self.cut.store(cut, Ordering::SeqCst);
        if cut {
            if let Ok(mut list) = self.open.lock() {
                for s in list.drain(..) {
                    let _ = s.shutdown(std::net::Shutdown::Both);
                }
            }
        }
    }
}

/// A cluster for one test: a PostgreSQL database of its own, a
/// `nats-server`, and nodes.
struct Cluster {
    database: String,
    bus: String,
    bus_port: u16,
    nats: Option<Proc>,
    /// The test's name, for the nodes' names.
    name: &'static str,
    started: usize,
}

impl Cluster {
    /// A database and a bus; no node yet.
    fn new(name: &'static str) -> Cluster {
        if !std::env::var("SAKK_TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
            panic!("SAKK_TEST_DATABASE_URL (a PostgreSQL URL) is needed");
        }
        let bus_port = free_port();
        Cluster {
            database: common::database::fresh(),
            bus: format!("nats://127.0.0.1:{bus_port}"),
            bus_port,
            nats: Some(nats(bus_port)),
            name,
            started: 0,
        }
    }

    /// A node with a lease of `lease` seconds, on `database` (the
    /// cluster's, or a way to it).
    fn node_on(&mut self, database: &str, lease: u32) -> (Proc, SocketAddr) {
        self.started += 1;
        let name = format!("{}-{}-{}", self.name, std::process::id(), self.started);
        let n = node(&name, database, &self.bus, lease);
        assert_eq!(request(n.1, "GET", "/readyz", None, None).status, 200);
        n
    }

    /// A node with a lease of 2 s.
    fn node(&mut self) -> (Proc, SocketAddr) {
        let database = self.database.clone();
        self.node_on(&database, 2)
    }
}

/// A game by link with a clock, White's first moves played on node `a`
/// and Black's on node `b`; returns its id and the tokens.
fn game_across(a: SocketAddr, b: SocketAddr, line: &[&str]) -> (String, String, String) {
    let (id, white, black) = new_game(
        a,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 300, "increment": 2}}"#,
    );
    for (i, m) in line.iter().enumerate() {
        let (addr, token) = if i % 2 == 0 { (a, &white) } else { (b, &black) };
        let r = move_on(addr, &id, token, m);
        assert_eq!(r.status, 200, "{m}: {}", r.body);
    }
    (id, white, black)
}

#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn three_nodes_share_a_game_and_its_watchers() {
    let mut c = Cluster::new("share");
    let ((_n1, a1), (_n2, a2), (_n3, a3)) = (c.node(), c.node(), c.node());
    // White on node 1, Black on node 2, a spectator on node 3.
    let (id, white, black) = new_game(
        a1,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 300, "increment": 2}}"#,
    );
    let seen = spectate(a3, &id);
    let line = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
    for (i, m) in line.iter().enumerate() {
        let (addr, token) = if i % 2 == 0 {
            (a1, &white)
        } else {
            (a2, &black)
        };
        let r = move_on(addr, &id, token, m);
        assert_eq!(r.status, 200, "{m}: {}", r.body);
    }
    let lines = seen_until(&seen, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6");
    // Every move in order, none twice.
    let counts: Vec<usize> = lines.iter().map(|m| m.split_whitespace().count()).collect();
    assert!(counts.windows(2).all(|w| w[0] < w[1]), "{lines:?}");
    assert_eq!(counts.last(), Some(&6));
    assert!(counts.len() >= 6, "{lines:?}");
    let pgn1 = pgn(a1, &id);
    assert!(flat(&pgn1).contains("3. Bb5 {"), "{pgn1}");
    assert_eq!(pgn(a2, &id), pgn1);
    assert_eq!(pgn(a3, &id), pgn1);
    // Another node's token is refused there as here.
    assert_eq!(move_on(a2, &id, &black, "Ba4").status, 403);
}

#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn a_worker_on_the_bus_plays_the_computer_s_moves() {
    let mut c = Cluster::new("worker");
    let ((_n1, a1), (_n2, a2)) = (c.node(), c.node());
    let worker_log = std::env::temp_dir().join(format!("sakk-worker-{}.log", std::process::id()));
    let Ok(log) = std::fs::File::create(&worker_log) else {
        panic!("worker log")
    };
    let worker = Command::new(env!("CARGO_BIN_EXE_sakk"))
        .args(["worker", "--bus", &c.bus, "--threads", "1"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn();
    let _worker = match worker {
        Ok(c) => Proc(c),
        Err(e) => panic!("cannot start sakk worker: {e}"),
    };
    // Listening on the bus before the first job is asked (else a node,
    // hearing no worker, rightly plays the move itself).
    let ready = eventually(Duration::from_secs(30), || {
        std::fs::read_to_string(&worker_log)
            .unwrap_or_default()
            .contains("worker ready")
            .then_some(())
    });
    assert!(ready.is_some(), "the worker never said it was ready");
    let (cid, human, _) = new_game(
        a1,
        r#"{"opponent": "computer", "color": "white", "level": 1}"#,
    );
    assert!(!human.is_empty());
    assert_eq!(move_on(a2, &cid, &human, "e4").status, 200);
    let replied = eventually(Duration::from_secs(15), || {
        (moves(a1, &cid).split_whitespace().count() == 2).then_some(())
    });
    assert!(replied.is_some(), "the computer did not reply");
    let log_text = std::fs::read_to_string(&worker_log).unwrap_or_default();
    assert!(
        log_text.contains("move found"),
        "the worker played nothing: {log_text}"
    );
    let _ = std::fs::remove_file(&worker_log);
}

#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn a_killed_owner_s_game_goes_on_elsewhere_without_charging_the_outage() {
    let mut c = Cluster::new("killed");
    let ((mut n1, a1), (_n2, a2), (_n3, a3)) = (c.node(), c.node(), c.node());
    let (id, white, _) = game_across(a1, a2, &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    // Node 1, the game's owner (it created it), killed: within 10 s the
    // game goes on through node 2, nothing lost, nothing doubled.
    let before = state(a2, &id).json();
    let white_left = before["wtime"].as_i64().unwrap_or(0);
    let _ = n1.0.kill();
    let _ = n1.0.wait();
    let killed = Instant::now();
    let r = goes_on(
        a2,
        &id,
        &white,
        "Ba4",
        (killed, "SIGKILL"),
        Duration::from_secs(10),
    );
    let after = r.json();
    assert_eq!(after["moves"], "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4");
    let white_after = after["wtime"].as_i64().unwrap_or(0);
    assert!(
        white_after >= white_left,
        "the outage was charged: {white_left} → {white_after}"
    );
    assert_eq!(pgn(a2, &id), pgn(a3, &id));
    assert!(flat(&pgn(a3, &id)).contains("4. Ba4 {"));
}

/// What a game shows between moves — a takeback request and the squares
/// touched under touch-move — is stored with it: the node that takes the
/// game over shows the same.
#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn a_take_over_keeps_a_pending_takeback_and_the_touched_squares() {
    let mut c = Cluster::new("pending");
    let ((mut n1, a1), (_n2, a2)) = (c.node(), c.node());
    let (id, white, black) = new_game(
        a1,
        r#"{"opponent": "friend", "color": "white", "rules": {"touch_move": true}}"#,
    );
    play(a1, &id, &white, &black, "e4 e5");
    // Black asks to take back; White, to move, touches the knight on g1.
    let asked = request(
        a1,
        "POST",
        &format!("/api/games/{id}/takeback/yes"),
        Some(&black),
        None,
    );
    assert_eq!(asked.status, 200, "{}", asked.body);
    let touched = request(
        a1,
        "POST",
        &format!("/api/games/{id}/touch/g1"),
        Some(&white),
        None,
    );
    assert_eq!(touched.status, 200, "{}", touched.body);
    let shown = touched.json();
    assert_eq!(
        (shown["btakeback"].clone(), shown["touched"].clone()),
        (Value::from(true), serde_json::json!(["g1"])),
        "{shown}"
    );
    let _ = n1.0.kill();
    let _ = n1.0.wait();
    // Node 2 takes the game once node 1's lease runs out, and shows it as
    // it was.
    let taken = eventually(Duration::from_secs(15), || {
        let r = state(a2, &id);
        (r.status == 200).then_some(r.json())
    });
    let Some(taken) = taken else {
        panic!("the game was not taken over")
    };
    for field in ["moves", "btakeback", "wtakeback", "touched", "turn"] {
        assert_eq!(taken[field], shown[field], "{field}: {taken}");
    }
    // And touch-move binds there: the touched knight must move.
    let refused = move_on(a2, &id, &white, "d4");
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(move_on(a2, &id, &white, "Nf3").status, 200);
}

#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn after_nats_restarts_the_game_and_its_watchers_go_on() {
    let mut c = Cluster::new("nats");
    let ((_n1, a1), (_n2, a2), (_n3, a3)) = (c.node(), c.node(), c.node());
    let (id, _, black) = game_across(a1, a2, &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    let seen = spectate(a3, &id);
    seen_until(&seen, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4");
    drop(c.nats.take());
    std::thread::sleep(Duration::from_millis(500));
    c.nats = Some(nats(c.bus_port));
    let r = eventually(Duration::from_secs(10), || {
        let r = move_on(a3, &id, &black, "Nf6");
        (r.status == 200).then_some(r)
    });
    assert!(r.is_some(), "the game did not go on after NATS came back");
    seen_until(&seen, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6");
}

/// A node stopped with SIGTERM hands its games over at once: with a lease
/// of 30 s, another node has the game long before the lease could run out.
#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn a_drained_node_hands_its_games_over_before_its_lease_runs_out() {
    let mut c = Cluster::new("drain");
    let database = c.database.clone();
    let (mut n1, a1) = c.node_on(&database, 30);
    let (_n2, a2) = c.node_on(&database, 30);
    let (id, white, _) = game_across(a1, a2, &["e4", "e5"]);
    let _ = Command::new("kill")
        .args(["-TERM", &n1.0.id().to_string()])
        .status();
    let _ = n1.0.wait();
    goes_on(
        a2,
        &id,
        &white,
        "Nf3",
        (Instant::now(), "SIGTERM"),
        Duration::from_secs(15),
    );
}

#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn a_hung_node_s_game_goes_on_elsewhere_once_its_lease_runs_out() {
    let mut c = Cluster::new("hung");
    let ((n1, a1), (_n2, a2)) = (c.node(), c.node());
    // A node that hangs (SIGSTOP: its connections stay open, it answers
    // nothing): a move sent to it through another node is not lost in the
    // wait; once its lease runs out the game goes on elsewhere.
    let (hid, w, b) = new_game(a1, r#"{"opponent": "friend", "color": "white"}"#);
    play(a1, &hid, &w, &b, "c4");
    let _ = Command::new("kill")
        .args(["-STOP", &n1.0.id().to_string()])
        .status();
    goes_on(
        a2,
        &hid,
        &b,
        "e5",
        (Instant::now(), "SIGSTOP"),
        Duration::from_secs(10),
    );
    drop(n1);
}

#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn a_node_cut_from_postgresql_serves_nothing_stale_and_comes_back() {
    let mut c = Cluster::new("cut");
    let (_n1, a1) = c.node();
    // A node cut from PostgreSQL stops committing, says so, and none of its
    // stale state reaches a client; the others take its games.
    let target = c
        .database
        .split_once('@')
        .and_then(|(_, rest)| rest.split_once('/'))
        .map(|(host, _)| host.to_string())
        .unwrap_or_default();
    let relay = Cuttable::to(target.clone());
    let cut_url = c
        .database
        .replacen(&target, &format!("127.0.0.1:{}", relay.port), 1);
    let (_n4, a4) = c.node_on(&cut_url, 2);
    let (gid, w4, b4) = new_game(a4, r#"{"opponent": "friend", "color": "white"}"#);
    play(a4, &gid, &w4, &b4, "d4");
    relay.cut(true);
    let r = move_on(a4, &gid, &b4, "d5");
    assert_eq!(r.status, 503, "{}", r.body);
    // Its lease runs out: it serves nothing, not even what it remembers.
    let stale = eventually(Duration::from_secs(10), || {
        let r = state(a4, &gid);
        (r.status == 503).then_some(r)
    });
    let Some(stale) = stale else {
        panic!("the cut node kept serving the game")
    };
    assert_eq!(stale.json()["error"], "node_unavailable", "{}", stale.body);
    assert_eq!(request(a4, "GET", "/readyz", None, None).status, 503);
    // Another node takes the game and it goes on there.
    let mut last = String::new();
    let r = eventually(Duration::from_secs(10), || {
        let r = move_on(a1, &gid, &b4, "d5");
        last = format!("{} {}", r.status, r.body);
        (r.status == 200).then_some(r)
    });
    assert!(
        r.is_some(),
        "the cut node's game was not taken over; the last answer: {last}"
    );
    // Back on the database, the node joins again and shows the game as it is.
    relay.cut(false);
    let back = eventually(Duration::from_secs(15), || {
        let r = state(a4, &gid);
        (r.status == 200).then_some(r.json())
    });
    let Some(back) = back else {
        panic!("the node did not come back")
    };
    assert_eq!(back["moves"], "d2d4 d7d5");
}

/// With the bus down, a node cannot reach a game another node owns: it
/// says so (503 `bus_unavailable`, with `Retry-After`) instead of waiting
/// for good, and the game's own node still serves it.
#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn with_the_bus_down_another_node_s_game_is_refused_as_bus_unavailable() {
    let mut c = Cluster::new("busdown");
    let ((_n1, a1), (_n2, a2)) = (c.node(), c.node());
    let (id, white, black) = new_game(a1, r#"{"opponent": "friend", "color": "white"}"#);
    play(a1, &id, &white, &black, "e4");
    // Node 2 has forwarded to node 1 once (it knows the owner).
    assert_eq!(state(a2, &id).status, 200);
    drop(c.nats.take());
    let asked = Instant::now();
    let r = state(a2, &id);
    eprintln!(
        "with the bus down: {} {} after {:?}",
        r.status,
        r.body,
        asked.elapsed()
    );
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.json()["error"], "bus_unavailable", "{}", r.body);
    assert_eq!(state(a1, &id).status, 200, "the owner serves its game");
}

/// An owner cut from the bus (its lease still held through the database)
/// cannot be asked: another node answers 503 `owner_unavailable` within a
/// lease and a second, and once the owner is back on the bus the game goes
/// on through that node.
#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn an_owner_cut_from_the_bus_is_unavailable_until_it_is_back() {
    let mut c = Cluster::new("ownercut");
    let relay = Cuttable::to(format!("127.0.0.1:{}", c.bus_port));
    // Node 1 reaches the bus through the relay; node 2 directly.
    let direct = c.bus.clone();
    c.bus = format!("nats://127.0.0.1:{}", relay.port);
    let (_n1, a1) = c.node();
    c.bus = direct;
    let (_n2, a2) = c.node();
    let (id, white, black) = new_game(a1, r#"{"opponent": "friend", "color": "white"}"#);
    play(a1, &id, &white, &black, "e4");
    assert_eq!(state(a2, &id).status, 200);
    relay.cut(true);
    let asked = Instant::now();
    let r = move_on(a2, &id, &black, "e5");
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.json()["error"], "owner_unavailable", "{}", r.body);
    assert!(
        asked.elapsed() < Duration::from_secs(15),
        "{:?}",
        asked.elapsed()
    );
    // The owner still serves its own clients meanwhile.
    assert_eq!(state(a1, &id).status, 200);
    relay.cut(false);
    let r = eventually(Duration::from_secs(15), || {
        let r = move_on(a2, &id, &black, "e5");
        (r.status == 200).then_some(r)
    });
    assert!(
        r.is_some(),
        "the game did not go on once the owner was back on the bus"
    );
}

#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn a_challenge_made_on_one_node_is_accepted_on_another() {
    let mut c = Cluster::new("challenge");
    let ((_n1, a1), (_n2, a2)) = (c.node(), c.node());
    let scopes = ["board:play", "challenge:write", "challenge:read"];
    let anna = common::account_token(a1, "anna", &scopes);
    // Bela's account is made on node 2, and his stream is open there.
    let bela = common::account_token(a2, "bela", &scopes);
    let anna_events = common::stream_lines(a1, "/api/stream/event", &[("authorization", &anna)]);
    let bela_events = common::stream_lines(a2, "/api/stream/event", &[("authorization", &bela)]);
    let json = ("content-type", "application/json");
    let body = r#"{"rated": true, "clock.limit": 300, "clock.increment": 2, "color": "white"}"#;
    let made = common::send(
        a1,
        "POST",
        "/api/challenge/bela",
        &[json, ("authorization", &anna)],
        Some(body),
    );
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.json()["id"].as_str().unwrap_or("").to_string();
    let seen = common::seen_type(&bela_events, "challenge");
    assert_eq!(
        seen["challenge"]["id"],
        id.as_str(),
        "node 2 heard node 1's challenge"
    );
    // Bela's stream is on node 2: node 1 sees him online.
    let online = eventually(Duration::from_secs(10), || {
        let status = common::send(a1, "GET", "/api/users/status?ids=bela", &[], None).json();
        (status[0]["online"] == true).then_some(())
    });
    assert!(online.is_some(), "node 1 sees node 2's player online");
    let accepted = common::send(
        a2,
        "POST",
        &format!("/api/challenge/{id}/accept"),
        &[("authorization", &bela)],
        None,
    );
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let started = common::seen_type(&anna_events, "gameStart");
    let game = started["game"]["gameId"].as_str().unwrap_or("").to_string();
    assert_eq!(
        common::seen_type(&bela_events, "gameStart")["game"]["gameId"],
        game.as_str()
    );
    // A chat line said on node 1 is heard once on each node.
    let stream = |addr, who: &str| {
        let seen = common::stream_lines(
            addr,
            &format!("/api/board/game/stream/{game}"),
            &[("authorization", who)],
        );
        common::seen_type(&seen, "gameFull");
        seen
    };
    let (anna_game, bela_game) = (stream(a1, &anna), stream(a2, &bela));
    let said = common::send(
        a1,
        "POST",
        &format!("/api/board/game/{game}/chat"),
        &[json, ("authorization", &anna)],
        Some(r#"{"room": "player", "text": "Good luck!"}"#),
    );
    assert_eq!(said.status, 200, "{}", said.body);
    assert_eq!(
        common::seen_type(&bela_game, "chatLine")["text"],
        "Good luck!"
    );
    assert_eq!(
        common::seen_type(&anna_game, "chatLine")["username"],
        "anna"
    );
    std::thread::sleep(Duration::from_millis(500));
    for seen in [&anna_game, &bela_game] {
        let lines = seen
            .lock()
            .map(|s| s.iter().filter(|v| v["type"] == "chatLine").count());
        assert_eq!(lines.unwrap_or(0), 1, "heard once");
    }
    // Each plays on their own node; the game is one.
    let play = |addr, who: &str, m: &str| {
        common::send(
            addr,
            "POST",
            &format!("/api/board/game/{game}/move/{m}"),
            &[("authorization", who)],
            None,
        )
    };
    assert_eq!(play(a1, &anna, "e2e4").status, 200);
    assert_eq!(play(a2, &bela, "e7e5").status, 200);
    assert_eq!(play(a1, &anna, "d1h5").status, 200);
    assert_eq!(play(a2, &bela, "b8c6").status, 200);
    assert_eq!(play(a1, &anna, "f1c4").status, 200);
    assert_eq!(play(a2, &bela, "g8f6").status, 200);
    assert_eq!(play(a1, &anna, "h5f7").status, 200);
    let finished = common::seen_type(&bela_events, "gameFinish");
    assert_eq!(finished["game"]["winner"], "white", "{finished}");
    assert_eq!(finished["game"]["status"]["name"], "mate");
    assert_eq!(moves(a2, &game), "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
}

#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn the_lobby_is_one_across_nodes_and_a_seek_is_taken_once() {
    use common::held::{seen_t, Held};
    let mut c = Cluster::new("lobby");
    let ((_n1, a1), (_n2, a2)) = (c.node(), c.node());
    let seeker = common::account_token(a1, "seeker", &["board:play"]);
    let takers: Vec<String> = (0..6)
        .map(|i| common::account_token(a2, &format!("taker{i}"), &["board:play"]))
        .collect();
    // Node 2's lobby hears node 1's seek.
    let watching = common::stream_lines(a2, "/api/lobby/stream", &[]);
    let seek = Held::open(a1, "/api/board/seek", &seeker, "time=3&increment=2");
    assert_eq!(seek.status(), 200);
    let added = seen_t(&watching, "seekAdded");
    let id = added["seek"]["id"].as_str().unwrap_or("").to_string();
    // Twenty accepts at once, half on each node: one game.
    let barrier = Arc::new(std::sync::Barrier::new(20));
    let threads: Vec<_> = (0..20)
        .map(|i| {
            let auth = takers[i % takers.len()].clone();
            let addr = if i % 2 == 0 { a1 } else { a2 };
            let (id, barrier) = (id.clone(), Arc::clone(&barrier));
            std::thread::spawn(move || {
                barrier.wait();
                common::send(
                    addr,
                    "POST",
                    &format!("/api/lobby/seeks/{id}/accept"),
                    &[("authorization", &auth)],
                    None,
                )
                .status
            })
        })
        .collect();
    let statuses: Vec<u16> = threads.into_iter().map(|t| t.join().unwrap_or(0)).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 404),
        "{statuses:?}"
    );
    let game = seek.game();
    assert_eq!(moves(a2, &game), "");
    // Two players waiting in one pool on two nodes are paired once.
    let anna = common::account_token(a1, "anna", &["board:play"]);
    let bela = common::account_token(a2, "bela", &["board:play"]);
    let on1 = Held::open(a1, "/api/lobby/pools/5+0", &anna, "");
    let on2 = Held::open(a2, "/api/lobby/pools/5+0", &bela, "");
    assert_eq!(on1.game(), on2.game());
}

/// Runs `sql` on the cluster's database (a test's hand on the rows that
/// only the nodes write).
fn sql(database: &str, sql: &str) {
    if let Err(e) = common::database::execute(database, sql) {
        panic!("{sql}: {e}");
    }
}

/// A node that exists only on the bus: it takes the calls of its subject
/// (NATS's text protocol, by hand) and answers every one that the game
/// has moved, counting them, until dropped.
struct Ghost {
    calls: Arc<Mutex<u32>>,
    socket: TcpStream,
}

impl Drop for Ghost {
    fn drop(&mut self) {
        // Its thread's blocking read ends with the connection.
        let _ = self.socket.shutdown(std::net::Shutdown::Both);
    }
}

impl Ghost {
    fn on(bus_port: u16, name: &str) -> Ghost {
        let mut socket = match TcpStream::connect(("127.0.0.1", bus_port)) {
            Ok(s) => s,
            Err(e) => panic!("the ghost cannot reach the bus: {e}"),
        };
        let _ = socket.set_read_timeout(Some(Duration::from_secs(10)));
        let subscribe =
            format!("CONNECT {{\"verbose\":false,\"headers\":true}}\r\nSUB sakk.node.{name}.call 1\r\nPING\r\n");
        if let Err(e) = socket.write_all(subscribe.as_bytes()) {
            panic!("the ghost cannot subscribe: {e}");
        }
        let mut reader = match socket.try_clone() {
            Ok(s) => std::io::BufReader::new(s),
            Err(e) => panic!("{e}"),
        };
        // The server's INFO, then the PONG that says the SUB is in place.
        let mut line = String::new();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !line.starts_with("PONG") {
            assert!(
                Instant::now() < deadline,
                "the bus did not answer the ghost"
            );
            line.clear();
            let _ = reader.read_line(&mut line);
        }
        // From now on it waits for calls as long as it lives.
        let _ = socket.set_read_timeout(None);
        let kept = match socket.try_clone() {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        let calls = Arc::new(Mutex::new(0));
        let counted = calls.clone();
        std::thread::spawn(move || {
            let moved = r#"{"reply":"moved"}"#;
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let words: Vec<&str> = line.split_whitespace().collect();
                let answer = match words.first().copied() {
                    Some("PING") => "PONG\r\n".to_string(),
                    // MSG subject sid [reply] bytes; HMSG subject sid [reply] hbytes bytes.
                    Some(kind @ ("MSG" | "HMSG")) => {
                        let total: usize = words.last().and_then(|w| w.parse().ok()).unwrap_or(0);
                        let mut payload = vec![0; total + 2];
                        if reader.read_exact(&mut payload).is_err() {
                            return;
                        }
                        let with_reply = if kind == "MSG" { 5 } else { 6 };
                        if words.len() < with_reply {
                            continue;
                        }
                        if let Ok(mut n) = counted.lock() {
                            *n += 1;
                        }
                        format!("PUB {} {}\r\n{moved}\r\n", words[3], moved.len())
                    }
                    _ => continue,
                };
                if socket.write_all(answer.as_bytes()).is_err() {
                    return;
                }
            }
        });
        Ghost {
            calls,
            socket: kept,
        }
    }

    fn calls(&self) -> u32 {
        self.calls.lock().map_or(0, |n| *n)
    }
}

/// A game whose owner, by the database, keeps answering that the game has
/// moved (a game on the move between nodes; here a ghost on the bus that
/// has the game of a node that went): another node asks again for a lease
/// and a second, then answers 503 `not_owner` with `Retry-After`; once that
/// owner's lease is over, the node takes the game and it goes on.
#[test]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL) and nats-server: scripts/test runs it"]
fn a_game_that_keeps_moving_is_refused_as_not_owner_until_it_settles() {
    let mut c = Cluster::new("moving");
    let ((n1, a1), (_n2, a2)) = (c.node(), c.node());
    let (id, white, black) = new_game(a1, r#"{"opponent": "friend", "color": "white"}"#);
    play(a1, &id, &white, &black, "e4");
    let ghost_name = format!("ghost-{}", std::process::id());
    let ghost = Ghost::on(c.bus_port, &ghost_name);
    sql(
        &c.database,
        &format!(
            "INSERT INTO nodes (name, epoch, expires_at) VALUES ('{ghost_name}', 1, 9000000000000000)"
        ),
    );
    sql(
        &c.database,
        &format!("UPDATE games SET owner = '{ghost_name}', owner_epoch = 1 WHERE id = '{id}'"),
    );
    // The ghost has the game (by the database); its node, which nobody
    // asks any more, goes (it must not serve the game from memory).
    drop(n1);
    let asked = Instant::now();
    let auth = format!("Bearer {black}");
    let r = common::send(
        a2,
        "POST",
        &format!("/api/games/{id}/move/e5"),
        &[("Authorization", auth.as_str())],
        None,
    );
    let took = asked.elapsed();
    eprintln!(
        "a game that keeps moving: {} {} after {took:?}",
        r.status, r.body
    );
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.json()["error"], "not_owner", "{}", r.body);
    assert!(!r.header("retry-after").is_empty(), "no Retry-After");
    // Asked again and again for a lease (2 s) and a second, not for good.
    assert!(
        ghost.calls() >= 3,
        "the owner was asked {} times",
        ghost.calls()
    );
    assert!(took >= Duration::from_secs(3), "{took:?}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    // The ghost's lease runs out: node 2 takes the game, and it goes on.
    drop(ghost);
    sql(
        &c.database,
        &format!("UPDATE nodes SET expires_at = 0 WHERE name = '{ghost_name}'"),
    );
    let r = eventually(Duration::from_secs(15), || {
        let r = move_on(a2, &id, &black, "e5");
        (r.status == 200).then_some(r)
    });
    assert!(r.is_some(), "the game did not go on once it settled");
    assert_eq!(state(a2, &id).json()["moves"], "e2e4 e7e5");
}
