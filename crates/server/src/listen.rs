//! The listener: accepts connections up to a cap and serves each with
//! HTTP/1.1 or HTTP/2 (hyper, the version read from the first bytes), and
//! closes every connection that holds a place without using it:
//!
//! - a connection with no request in flight is closed once it has been idle
//!   for the header timeout — whether it never sent a byte, sent only part
//!   of a request line (`P`…), only HTTP/2's preface, or finished its last
//!   request that long ago (an open stream or socket is a request in flight,
//!   and is never cut by this);
//! - an HTTP/1 request's headers must arrive within the header timeout
//!   (hyper's own timer, which also stops a header sent a byte at a time);
//! - a request's body must arrive whole within the body timeout, however
//!   slowly it trickles in (408 `request_timeout`, see
//!   [`crate::routes`]).

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;
use tower::Service;

/// How long a connection may hold its place without using it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// A connection with no request in flight is closed after this long
    /// idle; an HTTP/1 request's headers must arrive within it.
    pub idle: Duration,
}

/// What a connection is doing: its requests in flight (a request is in
/// flight until its response's body has been sent or dropped), and since
/// when it has had none.
struct Activity {
    in_flight: AtomicUsize,
    idle_since: Mutex<Instant>,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            in_flight: AtomicUsize::new(0),
            idle_since: Mutex::new(Instant::now()),
        }
    }

    fn begin(self: &Arc<Self>) -> InFlight {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(Arc::clone(self))
    }

    /// When the connection is to be closed if nothing starts meanwhile
    /// (`None` while a request is in flight).
    fn deadline(&self, idle: Duration) -> Option<Instant> {
        if self.in_flight.load(Ordering::SeqCst) > 0 {
            return None;
        }
        let since = *self
            .idle_since
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        Some(since + idle)
    }
}

/// One request in flight; the connection is idle again when the last one
/// is dropped.
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        *self
            .0
            .idle_since
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Instant::now();
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A response's body that keeps its request in flight until it is done.
struct Tracked {
    body: axum::body::Body,
    _in_flight: InFlight,
}

impl http_body::Body for Tracked {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// Accepts connections on `listener` until `stop` completes, serving each
/// with `app`; at most `max_connections` HTTP connections are open at once
/// (more are closed at once; a connection upgraded to a WebSocket leaves
/// the HTTP server, and sockets are capped per client instead:
/// [`crate::client::Watchers`]). When `shutdown` turns true, each connection finishes what it
/// is doing and closes. Returns the semaphore of the connections' places,
/// so that the caller can wait for the open ones to close.
pub async fn accept(
    listener: TcpListener,
    app: Router,
    max_connections: usize,
    timeouts: Timeouts,
    shutdown: watch::Receiver<bool>,
    stop: impl std::future::Future<Output = ()>,
) -> Arc<Semaphore> {
    let places = Arc::new(Semaphore::new(max_connections.max(1)));
    tokio::pin!(stop);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of file descriptors and the like: wait, go on.
                    tracing::warn!(error = %e, "accept");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let Ok(place) = Arc::clone(&places).try_acquire_owned() else {
            // Over the cap: closed at once.
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(serve_connection(
            stream,
            remote,
            app.clone(),
            timeouts,
            shutdown.clone(),
            place,
        ));
    }
    places
}

/// Serves one connection until it closes, is idle too long, or the server
/// shuts down.
async fn serve_connection(
    stream: TcpStream,
    remote: SocketAddr,
    app: Router,
    timeouts: Timeouts,
    mut shutdown: watch::Receiver<bool>,
    _place: OwnedSemaphorePermit,
) {
    let activity = Arc::new(Activity::new());
    let seen = Arc::clone(&activity);
    let service =
        hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(ConnectInfo(remote));
            let in_flight = seen.begin();
            let mut app = app.clone();
            async move {
                let res = app.call(req).await?;
                Ok::<_, std::convert::Infallible>(res.map(|body| Tracked {
                    body,
                    _in_flight: in_flight,
                }))
            }
        });
    let mut builder = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.idle);
    builder.http2().timer(TokioTimer::new());
    let conn = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
    tokio::pin!(conn);
    loop {
        let deadline = activity.deadline(timeouts.idle);
        // While a request is in flight, look again a timeout later.
        let wake = deadline.unwrap_or_else(|| Instant::now() + timeouts.idle);
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = shutdown.changed() => break,
            () = tokio::time::sleep_until(wake) => {
                if activity.deadline(timeouts.idle).is_some_and(|d| d <= Instant::now()) {
                    break;
                }
            }
        }
    }
    // Idle too long, or shutting down: what is in flight finishes, then
    // the connection closes. (A request that began as the idle time ran
    // out is in flight, and finishes too; an idle connection that does not
    // close by itself is dropped after a second.)
    conn.as_mut().graceful_shutdown();
    if *shutdown.borrow() {
        let _ = conn.await;
        return;
    }
    loop {
        match tokio::time::timeout(Duration::from_secs(1), conn.as_mut()).await {
            Err(_) if activity.in_flight.load(Ordering::SeqCst) > 0 => continue,
            _ => return,
        }
    }
}
