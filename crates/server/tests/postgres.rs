//! What a PostgreSQL database can do to a server, and how it comes
//! through (run with `--ignored` and `SAKK_TEST_DATABASE_URL`, as
//! `scripts/test` does): a writer that stops in the middle of a write holds
//! one game's rows for seconds, not the server for ever; a commit whose
//! answer is lost is found stored, and the game goes on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use sqlx::Connection;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use sakk_server::{AppState, Options, Rates, Store};

#[path = "common/oneshot.rs"]
mod oneshot;
use oneshot::{call, create, moves};

/// A PostgreSQL database of the test's own, on the server of
/// `SAKK_TEST_DATABASE_URL`; these tests fail (never pass silently)
/// without it.
fn postgres_url() -> String {
    match std::env::var("SAKK_TEST_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => oneshot::database(),
        _ => panic!("these tests need PostgreSQL: set SAKK_TEST_DATABASE_URL=postgres://…"),
    }
}

async fn server(url: &str) -> AppState {
    let store = match Store::open(url).await {
        Ok(s) => s,
        Err(e) => panic!("cannot open {url}: {e}"),
    };
    let mut o = Options::new("https://chess.example.org".to_string());
    o.rates = Rates::unlimited();
    AppState::with_options(store, o)
}

/// A move, which must be answered within 20 s (a request that hangs fails
/// the test instead of hanging it): status and error code.
async fn play(state: &AppState, id: &str, token: &str, mv: &str) -> (StatusCode, String) {
    let path = format!("/api/games/{id}/move/{mv}");
    match tokio::time::timeout(
        Duration::from_secs(20),
        call(state, "POST", &path, Some(token), None),
    )
    .await
    {
        Ok((status, _, v)) => (status, v["error"].as_str().unwrap_or_default().to_string()),
        Err(_) => panic!("the move {mv} of game {id} hung for 20 s"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL); scripts/test runs it"]
async fn a_writer_stopped_inside_a_write_holds_one_game_for_seconds_not_the_server() {
    let url = postgres_url();
    let state = server(&url).await;
    let body = r#"{"opponent": "friend", "color": "white"}"#;
    let (a, a_white, _) = create(&state, body).await;
    let (b, b_white, _) = create(&state, body).await;
    // Another node, stopped in the middle of a write to game A: its session
    // (set up as every server's is) holds A's row in an open transaction.
    let mut paused = match sqlx::PgConnection::connect(&url).await {
        Ok(c) => c,
        Err(e) => panic!("connect: {e}"),
    };
    for set in sakk_server::store::postgres_session() {
        if let Err(e) = sqlx::query(sqlx::AssertSqlSafe(set.clone()))
            .execute(&mut paused)
            .await
        {
            panic!("{set}: {e}");
        }
    }
    let Ok(mut tx) = paused.begin().await else {
        panic!("begin")
    };
    let locked = sqlx::query("UPDATE games SET updated_at = updated_at WHERE id = $1")
        .bind(&a)
        .execute(&mut *tx)
        .await;
    assert!(locked.is_ok(), "{locked:?}");
    let stopped = Instant::now();
    // A move on game A waits for the lock a bounded time, then is refused
    // as storage unavailable (nothing changed).
    let asked = Instant::now();
    assert_eq!(
        play(&state, &a, &a_white, "e2e4").await,
        (
            StatusCode::SERVICE_UNAVAILABLE,
            "storage_unavailable".to_string()
        )
    );
    assert!(
        asked.elapsed() < Duration::from_secs(10),
        "{:?}",
        asked.elapsed()
    );
    // Meanwhile game B, and the server's readiness, are as ever.
    assert_eq!(play(&state, &b, &b_white, "e2e4").await.0, StatusCode::OK);
    let (ready, _, _) = call(&state, "GET", "/readyz", None, None).await;
    assert_eq!(ready, StatusCode::OK);
    // The stopped writer's session is ended by PostgreSQL once it has sat
    // in its transaction too long: its locks go, and game A goes on.
    let deadline =
        stopped + sakk_server::store::IDLE_IN_TRANSACTION_TIMEOUT + Duration::from_secs(20);
    loop {
        let (status, code) = play(&state, &a, &a_white, "e2e4").await;
        if status == StatusCode::OK {
            break;
        }
        assert_eq!(code, "storage_unavailable");
        assert!(Instant::now() < deadline, "game A is still locked");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert!(
        stopped.elapsed()
            >= sakk_server::store::IDLE_IN_TRANSACTION_TIMEOUT - Duration::from_secs(1),
        "{:?}",
        stopped.elapsed()
    );
    // The stopped writer finds its session gone: its write never happened.
    assert!(tx.commit().await.is_err());
}

/// A TCP relay to PostgreSQL that, once armed, lets the next `COMMIT`
/// through and then cuts the connection before its answer reaches the
/// server: the database has stored the transaction, the server does not
/// know it.
struct Relay {
    port: u16,
    armed: Arc<AtomicBool>,
    cuts: Arc<std::sync::atomic::AtomicUsize>,
}

impl Relay {
    async fn start(to: String) -> Relay {
        let Ok(listener) = TcpListener::bind("127.0.0.1:0").await else {
            panic!("relay: bind")
        };
        let port = listener.local_addr().map_or(0, |a| a.port());
        let armed = Arc::new(AtomicBool::new(false));
        let cuts = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (armed2, cuts2) = (Arc::clone(&armed), Arc::clone(&cuts));
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(&to).await else {
                    continue;
                };
                tokio::spawn(relay(
                    client,
                    server,
                    Arc::clone(&armed2),
                    Arc::clone(&cuts2),
                ));
            }
        });
        Relay { port, armed, cuts }
    }
}

/// Relays one connection; see [`Relay`].
async fn relay(
    client: TcpStream,
    server: TcpStream,
    armed: Arc<AtomicBool>,
    cuts: Arc<std::sync::atomic::AtomicUsize>,
) {
    let (mut from_client, mut to_client) = client.into_split();
    let (mut from_server, mut to_server) = server.into_split();
    let cut = Arc::new(AtomicBool::new(false));
    let cut2 = Arc::clone(&cut);
    // Server to client: everything, until a cut COMMIT's answer arrives.
    let down = tokio::spawn(async move {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match from_server.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            if cut2.load(Ordering::SeqCst) {
                // The database has answered the COMMIT: it is stored. The
                // server never hears it.
                return;
            }
            if to_client.write_all(&buf[..n]).await.is_err() {
                return;
            }
        }
    });
    // Client to server: the messages read whole, to find a COMMIT. The
    // first messages (SSL request, start-up) have no type byte.
    let mut typed = false;
    loop {
        let was_typed = typed;
        let mut head = [0u8; 5];
        let header = if was_typed {
            &mut head[..]
        } else {
            &mut head[1..]
        };
        if from_client.read_exact(header).await.is_err() {
            break;
        }
        let len = u32::from_be_bytes([head[1], head[2], head[3], head[4]]);
        let Some(rest) = usize::try_from(len).ok().and_then(|l| l.checked_sub(4)) else {
            break;
        };
        let mut body = vec![0u8; rest];
        if from_client.read_exact(&mut body).await.is_err() {
            break;
        }
        if !was_typed {
            // The start-up message (protocol 3.0) is the last without a
            // type byte (an SSL request would come before it; the URL
            // says sslmode=disable).
            typed = body.get(..4) == Some(&[0, 3, 0, 0][..]);
        }
        let is_commit = was_typed
            && head[0] == b'Q'
            && String::from_utf8_lossy(&body)
                .trim_end_matches('\0')
                .trim()
                .eq_ignore_ascii_case("COMMIT");
        if is_commit && armed.swap(false, Ordering::SeqCst) {
            cut.store(true, Ordering::SeqCst);
            cuts.fetch_add(1, Ordering::SeqCst);
        }
        let head = if was_typed { &head[..] } else { &head[1..] };
        if to_server
            .write_all(&[head, &body[..]].concat())
            .await
            .is_err()
        {
            break;
        }
    }
    let _ = down.await;
}

/// A relay to the database of `url`, and the URL through it (the same
/// database, another port, no TLS so that the relay can read it).
async fn relayed(url: &str) -> (Relay, String) {
    let (before_host, after) = match url.split_once('@') {
        Some(parts) => parts,
        None => panic!("no host in {url}"),
    };
    let (host_port, path) = after.split_once('/').unwrap_or((after, ""));
    let relay = Relay::start(host_port.to_string()).await;
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    let through = format!(
        "{before_host}@127.0.0.1:{}/{path}?sslmode=disable",
        relay.port
    );
    (relay, through)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL); scripts/test runs it"]
async fn a_takeback_whose_answer_is_lost_is_made_once() {
    let url = postgres_url();
    let (relay, through) = relayed(&url).await;
    let state = server(&through).await;
    let (id, token, _) = create(&state, r#"{"opponent": "local"}"#).await;
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        assert_eq!(play(&state, &id, &token, mv).await.0, StatusCode::OK);
    }
    // A takeback in a local game is made at once; its COMMIT's answer is
    // lost. Retried alone by the writer, the commit finds its row ahead:
    // it must be recognised as its own, not made again on the reloaded
    // game.
    relay.armed.store(true, Ordering::SeqCst);
    let path = format!("/api/games/{id}/takeback/yes");
    let (status, _, v) = call(&state, "POST", &path, Some(&token), None).await;
    assert_eq!(relay.cuts.load(Ordering::SeqCst), 1, "no COMMIT was cut");
    let fresh = server(&url).await;
    let (_, _, stored) = call(&fresh, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(stored["moves"], "e2e4 e7e5 g1f3", "{stored}");
    if status == StatusCode::OK {
        assert_eq!(v["moves"], "e2e4 e7e5 g1f3", "{v}");
    }
    let (_, _, shown) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(shown["moves"], "e2e4 e7e5 g1f3", "{shown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (SAKK_TEST_DATABASE_URL); scripts/test runs it"]
async fn a_commit_whose_answer_is_lost_is_found_stored_and_the_game_goes_on() {
    let url = postgres_url();
    let (relay, through) = relayed(&url).await;
    let state = server(&through).await;
    let (id, white, black) = create(&state, r#"{"opponent": "friend", "color": "white"}"#).await;
    assert_eq!(play(&state, &id, &white, "e2e4").await.0, StatusCode::OK);
    // Black's move is stored, but its COMMIT's answer is lost.
    relay.armed.store(true, Ordering::SeqCst);
    let (status, code) = play(&state, &id, &black, "e7e5").await;
    assert_eq!(relay.cuts.load(Ordering::SeqCst), 1, "no COMMIT was cut");
    // The server asks the database and finds it stored: the move stands
    // (and the answer says so), or — if it could not tell — the game was
    // reloaded and shows the stored move.
    if status != StatusCode::OK {
        assert_eq!(code, "storage_unavailable");
    }
    let (_, _, shown) = call(&state, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(shown["moves"], "e2e4 e7e5", "{shown}");
    // The game goes on: the next moves are committed as ever.
    assert_eq!(
        play(&state, &id, &white, "g1f3").await,
        (StatusCode::OK, String::new())
    );
    assert_eq!(
        play(&state, &id, &black, "b8c6").await,
        (StatusCode::OK, String::new())
    );
    // And a fresh server reads the same from the database.
    let fresh = server(&url).await;
    let (_, _, stored) = call(&fresh, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(moves(&stored), 4, "{stored}");
}
