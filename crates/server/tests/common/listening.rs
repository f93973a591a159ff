//! A real server on a free port (`serve_until`), for the tests whose
//! subject is the network itself: connections, timeouts, shutdown.

#![allow(dead_code)]

use std::time::Duration;

use sakk_server::Rates;

use super::oneshot::database;

/// A real server on a free port, stopped when the sender is used or
/// dropped; the join handle says when `serve_until` returned.
pub async fn listening(
    config: sakk_server::Config,
) -> (
    std::net::SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<(), sakk_server::ServeError>>,
) {
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let server = tokio::spawn(sakk_server::serve_until(
        config,
        move |addr| {
            let _ = ready_tx.send(addr);
        },
        async move {
            let _ = stop_rx.await;
        },
    ));
    match tokio::time::timeout(Duration::from_secs(20), ready_rx).await {
        Ok(Ok(addr)) => (addr, stop_tx, server),
        _ => panic!("server did not start"),
    }
}

/// A server's configuration for these tests: any port, a fresh database,
/// no rate limits, this header (and idle) timeout.
pub fn config(header_read_timeout: Duration) -> sakk_server::Config {
    sakk_server::Config {
        port: 0,
        database: Some(database()),
        rates: Rates::unlimited(),
        header_read_timeout,
        max_think: Duration::from_secs(30),
        ..sakk_server::Config::default()
    }
}

/// Creates a game with `body` over a plain TCP connection (HTTP/1.1, the
/// connection closed after the answer); returns its id.
pub async fn create_game(addr: std::net::SocketAddr, body: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut c = match tokio::net::TcpStream::connect(addr).await {
        Ok(c) => c,
        Err(e) => panic!("connect: {e}"),
    };
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = c.write_all(request.as_bytes()).await;
    let mut answer = String::new();
    let _ = c.read_to_string(&mut answer).await;
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    let id = answer
        .split("\"id\":\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or_default()
        .to_string();
    assert!(!id.is_empty(), "{answer}");
    id
}
