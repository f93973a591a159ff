//! The real `sakk serve` binary: killed with SIGKILL and started again, it
//! has every game, at the same position, and clients can reconnect.

#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::io::BufRead;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

use common::{announced, new_game, play, request, stream};

/// `sakk serve` on a free port: SQLite in `dir`, or the database of
/// `SAKK_TEST_DATABASE_URL` (PostgreSQL in CI).
fn start(dir: &std::path::Path) -> (Child, SocketAddr) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sakk"));
    cmd.args(["serve", "--port", "0", "--data-dir"]).arg(dir);
    if let Ok(url) = std::env::var("SAKK_TEST_DATABASE_URL") {
        cmd.args(["--database", &url]);
    }
    let mut child = match cmd.stdout(Stdio::piped()).stderr(Stdio::null()).spawn() {
        Ok(c) => c,
        Err(e) => panic!("cannot start sakk serve: {e}"),
    };
    let addr = announced(&mut child);
    (child, addr)
}

#[test]
fn kill_9_and_restart_loses_nothing() {
    let dir = std::env::temp_dir().join(format!("sakk-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (mut server, addr) = start(&dir);
    let (id, white, black) = new_game(
        addr,
        r#"{"opponent": "friend", "color": "white", "clock": {"limit": 300, "increment": 2}}"#,
    );
    let before = play(addr, &id, &white, &black, "e4 c5 Nf3 d6");
    let _ = server.kill(); // SIGKILL: no shutdown, no flush
    let _ = server.wait();

    let (mut server, addr) = start(&dir);
    let after = request(addr, "GET", &format!("/api/games/{id}"), None, None).json();
    assert_eq!(after["moves"], "e2e4 c7c5 g1f3 d7d6");
    assert_eq!(after["fen"], before["fen"]);
    assert_eq!(after["status"], "started");
    // The clock resumes from the stored times: nothing was charged for the outage.
    let (w, b) = (
        after["wtime"].as_i64().unwrap_or(0),
        after["btime"].as_i64().unwrap_or(0),
    );
    assert!(w <= 302_000 && w > 290_000, "white {w}");
    assert!(b <= 302_000 && b > 290_000, "black {b}");
    // The game goes on with the same seat tokens.
    play(addr, &id, &white, &black, "d4");
    // A reconnecting client gets gameFull first.
    let mut reader = stream(addr, &format!("/api/games/{id}/stream"));
    let mut first = None;
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap_or(0) > 0 {
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(line.trim()) {
            if v.is_object() {
                first = Some(v);
                break;
            }
        }
        line.clear();
    }
    let first = first.unwrap_or_default();
    assert_eq!(first["type"], "gameFull");
    assert_eq!(first["state"]["moves"], "e2e4 c7c5 g1f3 d7d6 d2d4");
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
