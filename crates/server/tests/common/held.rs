//! A request held open (lichess's `POST /api/board/seek`, a wait in a
//! pool) on a connection of its own, read as it comes, and closed at will.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A request held open (a seek, a wait in a pool) on its own connection:
/// the JSON objects its body carries, as they come.
pub struct Held {
    socket: TcpStream,
    status: Arc<Mutex<Option<u16>>>,
    objects: Arc<Mutex<Vec<Value>>>,
}

impl Held {
    pub fn open(addr: SocketAddr, path: &str, auth: &str, body: &str) -> Held {
        let mut socket = match TcpStream::connect(addr) {
            Ok(s) => s,
            Err(e) => panic!("connect: {e}"),
        };
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: {auth}\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        if let Err(e) = socket.write_all(request.as_bytes()) {
            panic!("send: {e}");
        }
        let status = Arc::new(Mutex::new(None));
        let objects = Arc::new(Mutex::new(Vec::new()));
        let reader = match socket.try_clone() {
            Ok(r) => r,
            Err(e) => panic!("clone: {e}"),
        };
        let (s, o) = (Arc::clone(&status), Arc::clone(&objects));
        std::thread::spawn(move || {
            let mut reader = BufReader::new(reader);
            let mut line = String::new();
            while reader.read_line(&mut line).unwrap_or(0) > 0 {
                let text = line.trim();
                if let Some(code) = text.strip_prefix("HTTP/1.1 ") {
                    let code = code.split(' ').next().and_then(|c| c.parse().ok());
                    if let Ok(mut s) = s.lock() {
                        *s = code;
                    }
                }
                // Chunk sizes are numbers; the lines that matter, objects.
                if let Ok(v @ Value::Object(_)) = serde_json::from_str::<Value>(text) {
                    if let Ok(mut o) = o.lock() {
                        o.push(v);
                    }
                }
                line.clear();
            }
        });
        Held {
            socket,
            status,
            objects,
        }
    }

    pub fn status(&self) -> u16 {
        wait_for("a status", || *self.status.lock().ok()?)
    }

    /// The game this hold ended with.
    pub fn game(&self) -> String {
        wait_for("the game's line", || {
            self.objects
                .lock()
                .ok()?
                .iter()
                .find_map(|v| v["gameId"].as_str().map(str::to_string))
        })
    }

    pub fn leave(self) {
        let _ = self.socket.shutdown(std::net::Shutdown::Both);
    }
}

/// Waits up to 15 s for `f` to give something.
pub fn wait_for<T>(what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(Instant::now() < deadline, "no {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The first line of a lobby stream with `"t": kind` (waits up to 15 s).
pub fn seen_t(seen: &Arc<Mutex<Vec<Value>>>, kind: &str) -> Value {
    wait_for(kind, || {
        seen.lock().ok()?.iter().find(|v| v["t"] == kind).cloned()
    })
}
