//! The WebSocket: the same events as the stream, and moves and actions
//! from the client.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::{new_game, request, start_server};
use serde_json::Value;

/// A minimal WebSocket client: handshake, masked text frames out, frames in.
struct Ws(TcpStream);

impl Ws {
    fn connect(addr: SocketAddr, path: &str) -> Ws {
        let mut s = TcpStream::connect(addr).unwrap_or_else(|e| panic!("{e}"));
        let _ = s.set_read_timeout(Some(Duration::from_secs(20)));
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        let _ = s.write_all(req.as_bytes());
        // Read the 101 response head, byte by byte up to the blank line.
        let mut head = Vec::new();
        let mut b = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            if s.read_exact(&mut b).is_err() {
                break;
            }
            head.push(b[0]);
        }
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with("HTTP/1.1 101"), "{head}");
        Ws(s)
    }

    fn send(&mut self, text: &str) {
        let payload = text.as_bytes();
        let mask = [0x12u8, 0x34, 0x56, 0x78];
        let mut frame = vec![0x81u8];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
        }
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        let _ = self.0.write_all(&frame);
    }

    fn recv(&mut self) -> Value {
        let mut h = [0u8; 2];
        if self.0.read_exact(&mut h).is_err() {
            return Value::Null;
        }
        let mut len = u64::from(h[1] & 0x7f);
        if len == 126 {
            let mut l = [0u8; 2];
            let _ = self.0.read_exact(&mut l);
            len = u64::from(u16::from_be_bytes(l));
        } else if len == 127 {
            let mut l = [0u8; 8];
            let _ = self.0.read_exact(&mut l);
            len = u64::from_be_bytes(l);
        }
        let mut payload = vec![0u8; len as usize];
        let _ = self.0.read_exact(&mut payload);
        serde_json::from_slice(&payload).unwrap_or(Value::Null)
    }
}

#[test]
fn moves_and_events_over_the_socket() {
    let addr = start_server();
    let (id, white, black) = new_game(addr, r#"{"opponent": "friend", "color": "white"}"#);
    let mut ws = Ws::connect(addr, &format!("/api/games/{id}/socket"));
    let full = ws.recv();
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["state"]["moves"], "");

    ws.send(&format!(
        r#"{{"t": "move", "move": "e4", "token": "{white}"}}"#
    ));
    let state = ws.recv();
    assert_eq!(state["type"], "gameState");
    assert_eq!(state["state"]["moves"], "e2e4");

    // A refusal comes back as an error message and changes nothing.
    ws.send(&format!(
        r#"{{"t": "move", "move": "e5", "token": "{white}"}}"#
    ));
    let err = ws.recv();
    assert_eq!(err["type"], "error");
    assert_eq!(err["error"], "not_your_turn");
    ws.send("not json");
    assert_eq!(ws.recv()["type"], "error");

    // A move over HTTP reaches the socket too.
    let r = request(
        addr,
        "POST",
        &format!("/api/games/{id}/move/e7e5"),
        Some(&black),
        None,
    );
    assert_eq!(r.status, 200);
    assert_eq!(ws.recv()["state"]["moves"], "e2e4 e7e5");

    ws.send(&format!(r#"{{"t": "resign", "token": "{white}"}}"#));
    let end = ws.recv();
    assert_eq!(end["state"]["termination"], "resignation");
    assert_eq!(end["state"]["result"], "0-1");
}
