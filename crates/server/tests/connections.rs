//! Connections that hold a place without using it are closed within the
//! documented times (the header timeout for a connection with no request
//! in flight, the body timeout for a request's body), whatever they send:
//! nothing, part of a request line, HTTP/2's preface, or a body a byte at a
//! time; and a connection busy with a stream is never cut by them.

use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[path = "common/listening.rs"]
mod listening;
#[path = "common/oneshot.rs"]
mod oneshot;
use listening::{config, create_game, listening};

/// The header (and idle) timeout of these tests.
const IDLE: Duration = Duration::from_secs(2);

async fn connect(addr: std::net::SocketAddr) -> TcpStream {
    match TcpStream::connect(addr).await {
        Ok(c) => c,
        Err(e) => panic!("connect: {e}"),
    }
}

/// Reads until the server closes the connection (or `within` passes):
/// what was read, and how long after `since` the connection ended (`None`
/// if it was still open).
async fn until_closed(
    conn: &mut TcpStream,
    since: Instant,
    within: Duration,
) -> (Vec<u8>, Option<Duration>) {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let ended = tokio::time::timeout(within, async {
        loop {
            match conn.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    (got, ended.ok().map(|()| since.elapsed()))
}

/// A connection that sends `first` and then nothing is closed once idle
/// for the timeout: not before, and well within a generous bound after.
async fn closed_after_idle(first: &[u8]) {
    let (addr, _stop, _server) = listening(config(IDLE)).await;
    let mut conn = connect(addr).await;
    let opened = Instant::now();
    if !first.is_empty() {
        let _ = conn.write_all(first).await;
    }
    let (_, ended) = until_closed(&mut conn, opened, Duration::from_secs(20)).await;
    let Some(after) = ended else {
        panic!("the connection that sent {first:?} is still open after 20 s")
    };
    assert!(after >= IDLE - Duration::from_millis(200), "{after:?}");
    // A new connection is served as before.
    let mut ok = connect(addr).await;
    let _ = ok
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await;
    let mut answer = String::new();
    let _ = ok.read_to_string(&mut answer).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_connection_is_closed() {
    closed_after_idle(b"").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_one_letter_is_closed() {
    // `P` could begin HTTP/2's preface: the server cannot yet tell which
    // protocol it speaks.
    closed_after_idle(b"P").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_only_the_http2_preface_is_closed() {
    closed_after_idle(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_half_sent_header_is_closed() {
    closed_after_idle(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_keep_alive_connection_is_closed_after_its_last_answer() {
    let (addr, _stop, _server) = listening(config(IDLE)).await;
    let mut conn = connect(addr).await;
    let _ = conn
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let sent = Instant::now();
    let (got, ended) = until_closed(&mut conn, sent, Duration::from_secs(20)).await;
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let Some(after) = ended else {
        panic!("the idle connection is still open after 20 s")
    };
    assert!(after >= IDLE - Duration::from_millis(200), "{after:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_sent_a_byte_at_a_time_is_refused_within_the_body_timeout() {
    let mut c = config(Duration::from_secs(30));
    c.body_read_timeout = IDLE;
    let (addr, _stop, _server) = listening(c).await;
    let mut conn = connect(addr).await;
    let body = br#"{"opponent": "friend", "color": "white"}"#;
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let _ = conn.write_all(head.as_bytes()).await;
    let sent = Instant::now();
    // A byte every 300 ms: each arrives well within any per-read timeout,
    // the whole would take 12 s.
    let (mut reader, mut writer) = conn.into_split();
    let trickle = tokio::spawn(async move {
        for b in body {
            if writer.write_all(&[*b]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    });
    let mut got = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(20), reader.read_to_end(&mut got)).await;
    trickle.abort();
    assert!(read.is_ok(), "the connection is still open after 20 s");
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("\"error\":\"request_timeout\""), "{text}");
    let after = sent.elapsed();
    assert!(after >= IDLE - Duration::from_millis(200), "{after:?}");
    assert!(after < Duration::from_secs(10), "{after:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_arrives_in_time_is_served() {
    let mut c = config(Duration::from_secs(30));
    c.body_read_timeout = IDLE;
    let (addr, _stop, _server) = listening(c).await;
    let mut conn = connect(addr).await;
    let body = r#"{"opponent": "friend", "color": "white"}"#;
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = conn.write_all(head.as_bytes()).await;
    let (a, b) = body.split_at(10);
    let _ = conn.write_all(a.as_bytes()).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let _ = conn.write_all(b.as_bytes()).await;
    let mut answer = String::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), conn.read_to_string(&mut answer)).await;
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_with_a_stream_open_is_not_cut_as_idle() {
    let (addr, _stop, _server) = listening(config(IDLE)).await;
    let id = create_game(addr, r#"{"opponent": "friend", "color": "white"}"#).await;
    let mut watcher = connect(addr).await;
    let _ = watcher
        .write_all(format!("GET /api/games/{id}/stream HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await;
    let opened = Instant::now();
    // Three idle timeouts, with the stream's keep-alive lines (every 5 s)
    // and nothing from the client: still open.
    let (got, ended) = until_closed(&mut watcher, opened, 3 * IDLE + Duration::from_secs(1)).await;
    assert_eq!(ended, None, "the stream was cut after {ended:?}");
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("gameFull"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_are_closed_at_once_and_served_again_below_it() {
    let mut c = config(Duration::from_secs(30));
    c.max_connections = 2;
    let (addr, _stop, _server) = listening(c).await;
    let first = connect(addr).await;
    let second = connect(addr).await;
    // Give the server the time to take both.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut third = connect(addr).await;
    let opened = Instant::now();
    let _ = third
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let (got, ended) = until_closed(&mut third, opened, Duration::from_secs(10)).await;
    assert!(got.is_empty(), "{}", String::from_utf8_lossy(&got));
    assert!(ended.is_some(), "the third connection is still open");
    // One place freed: a connection is served again.
    drop(first);
    let mut again = None;
    for _ in 0..100 {
        let mut conn = connect(addr).await;
        let _ = conn
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await;
        let (got, _) = until_closed(&mut conn, Instant::now(), Duration::from_secs(10)).await;
        if !got.is_empty() {
            again = Some(String::from_utf8_lossy(&got).into_owned());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let Some(answer) = again else {
        panic!("no connection was served after one closed")
    };
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    drop(second);
}
