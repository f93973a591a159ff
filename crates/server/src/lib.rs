//! # sakk-server — games over HTTP, stored safely
//!
//! An axum server with an embedded SQLite database: games between two
//! people on one device, by a shared link, or against the computer, with
//! the server's own clock. Every move is stored before it is acknowledged.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let config = sakk_server::Config::default();
//! sakk_server::serve(config).await?;
//! # Ok(())
//! # }
//! ```
//!
//! How a change travels — from the request, through the one command path,
//! to the database and then to every watcher — is told in [`command`].
//!
//! Several servers can share the games (PostgreSQL and NATS): see
//! [`cluster`].
//!
//! What happens to a running clock while the server is down: it stops. The
//! times left after the last move are stored with it; when the game is
//! next loaded, the side to move's clock restarts from that stored time,
//! so no player loses time to an outage (they may gain the thinking time
//! they had used before it). A game whose clock runs stays in memory until
//! it ends; other games leave memory when unused and reload on demand.

pub use sakk_play::{codes, live, wire};

pub mod accounts;
pub mod analysis;
pub mod analysis_board;
pub mod assets;
pub mod bus;
pub mod challenges;
pub mod chat;
pub mod client;
pub mod closing;
pub mod cluster;
pub mod command;
pub mod correspondence;
pub mod cpu;
pub mod dispatch;
pub mod engine_pool;
pub mod error;
pub mod events;
pub mod follow;
pub mod games;
pub mod imports;
pub mod inbox;
pub mod limits;
pub mod listen;
pub mod live_eval;
pub mod lobby;
pub mod lobby_feed;
pub mod new_game;
pub mod node;
pub mod ops;
pub mod ratings;
pub mod routes;
pub mod security;
pub mod state;
pub mod store;
pub mod tournament;
pub mod tournament_locks;
pub mod worker;

#[cfg(test)]
mod typescript;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;

pub use limits::Rates;
pub use routes::router;
pub use state::{AppState, Options};
pub use store::Store;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on.
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// `sqlite://FILE` (created if missing) or `postgres://…`; default:
    /// `sakk.db` in `data_dir`.
    pub database: Option<String>,
    /// Where the embedded database lives.
    pub data_dir: PathBuf,
    /// How clients reach the server (the base of the links the API
    /// returns); default: `http://` and the bound address.
    pub public_url: Option<String>,
    /// Requests allowed per client address.
    pub rates: Rates,
    /// The most connections open at once; more are closed at once.
    pub max_connections: usize,
    /// The most streams and sockets one client may have open at once.
    pub max_watchers: usize,
    /// The reverse proxies whose `Forwarded` and `X-Forwarded-For`
    /// headers name the client.
    pub trusted_proxies: client::TrustedProxies,
    /// A request's headers must arrive within this time (a half-sent
    /// request does not hold its connection), and an idle connection is
    /// closed after it.
    pub header_read_timeout: Duration,
    /// The longest the computer thinks on one move.
    pub max_think: Duration,
    /// How long a request's body may take to arrive, whole (a body sent a
    /// byte at a time does not hold its connection).
    pub body_read_timeout: Duration,
    /// The shortest starting time a new game's clock may have (15 s; tests
    /// of flag fall use less).
    pub min_clock: Duration,
    /// `nats://HOST:PORT`: join a cluster on this bus (needs PostgreSQL).
    pub bus: Option<String>,
    /// The node's name in the cluster (default: `node-` and random letters).
    pub node: Option<String>,
    /// How long a node's lease holds without renewal.
    pub lease: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: "127.0.0.1".to_string(),
            port: 8080,
            database: None,
            data_dir: PathBuf::from("sakk-data"),
            public_url: None,
            rates: Rates::default(),
            max_connections: 16_384,
            max_watchers: state::MAX_WATCHERS,
            trusted_proxies: client::TrustedProxies::none(),
            header_read_timeout: Duration::from_secs(30),
            body_read_timeout: Duration::from_secs(30),
            max_think: Duration::from_secs(3),
            min_clock: state::MIN_CLOCK,
            bus: None,
            node: None,
            lease: Duration::from_secs(5),
        }
    }
}

impl Config {
    /// The database's URL: `database`, or `sakk.db` in `data_dir` (the
    /// directory made if missing).
    ///
    /// # Errors
    /// The data directory cannot be made.
    pub fn database_url(&self) -> std::io::Result<String> {
        match &self.database {
            Some(url) => Ok(url.clone()),
            None => {
                std::fs::create_dir_all(&self.data_dir)?;
                Ok(format!(
                    "sqlite://{}",
                    self.data_dir.join("sakk.db").display()
                ))
            }
        }
    }
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened.
    #[error("cannot open the database {url}: {source}")]
    Database {
        /// The database URL.
        url: String,
        /// What went wrong.
        source: sqlx::Error,
    },
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The bus could not be reached.
    #[error("{0}")]
    Bus(#[from] bus::BusError),
    /// A cluster was asked for on SQLite.
    #[error("a cluster (--bus) needs a PostgreSQL database (--database postgres://…)")]
    ClusterNeedsPostgres,
    /// The node's name cannot be used.
    #[error("bad node name {0:?}: letters, digits, '-' and '_', at most 64")]
    BadNodeName(String),
    /// The lease is too short to be renewed in time.
    #[error("the lease must be at least 1 s")]
    LeaseTooShort,
    /// Another I/O problem.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// How long shutdown waits for engine work and open connections.
const SHUTDOWN_WITHIN: Duration = Duration::from_secs(4);

/// Opens the database, binds, prints the URL and serves until SIGTERM or
/// Ctrl-C; then stops the engine, ends the streams and sockets, lets open
/// requests finish, and returns within five seconds. `on_ready` gets the
/// bound address. No game is loaded at start: each is loaded when first
/// asked for.
///
/// # Errors
/// [`ServeError`].
pub async fn serve_with(
    config: Config,
    on_ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    serve_until(config, on_ready, shutdown_signal()).await
}

/// [`serve_with`], shutting down when `stop` completes instead of on a
/// signal.
///
/// # Errors
/// [`ServeError`].
pub async fn serve_until(
    config: Config,
    on_ready: impl FnOnce(SocketAddr),
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), ServeError> {
    let url = config.database_url()?;
    let store = Store::open(&url)
        .await
        .map_err(|source| ServeError::Database {
            url: store::redact(&url),
            source,
        })?;
    let cluster = match &config.bus {
        None => None,
        Some(_) if !store.is_postgres() => return Err(ServeError::ClusterNeedsPostgres),
        Some(_) if config.lease < Duration::from_secs(1) => return Err(ServeError::LeaseTooShort),
        Some(bus_url) => {
            let node = match &config.node {
                Some(n) => n.clone(),
                None => format!(
                    "node-{}",
                    security::random_string(4).map_err(|_| {
                        ServeError::Io(std::io::Error::other(
                            "no random source for the node's name: give --node",
                        ))
                    })?
                ),
            };
            if !node::valid_name(&node) {
                return Err(ServeError::BadNodeName(node));
            }
            let bus = bus::Bus::nats(bus_url, &node).await?;
            Some((
                bus,
                node::Settings {
                    node,
                    lease: config.lease,
                },
            ))
        }
    };
    let addr = format!("{}:{}", config.host, config.port);
    let listener = TcpListener::bind(&addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: addr.clone(),
            source,
        })?;
    let local = listener.local_addr()?;
    let public_url = config
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{local}"));
    let mut options = Options::new(public_url);
    options.rates = config.rates;
    options.max_think = config.max_think;
    options.min_clock = config.min_clock;
    options.body_timeout = config.body_read_timeout;
    options.max_watchers = config.max_watchers;
    options.trusted_proxies = config.trusted_proxies.clone();
    if let Some((bus, settings)) = cluster {
        options.bus = Arc::new(bus);
        options.cluster = Some(settings);
    }
    let state = AppState::with_options(store, options);
    if state.node().is_some() {
        cluster::join(&state)
            .await
            .map_err(|source| ServeError::Database {
                url: store::redact(&url),
                source,
            })?;
        tokio::spawn(cluster::keep_lease(state.clone()));
        tokio::spawn(cluster::adopt(state.clone()));
        tokio::spawn(cluster::serve_calls(state.clone()));
        tokio::spawn(cluster::relay_account_events(state.clone()));
    }
    tokio::spawn(state.clone().housekeeping(Duration::from_secs(30)));
    tokio::spawn(correspondence::watch_deadlines(
        state.clone(),
        Duration::from_secs(30),
    ));
    on_ready(local);
    let app = router(state.clone());
    let timeouts = listen::Timeouts {
        idle: config.header_read_timeout,
    };
    let mut shutdown = state.shutdown_signal();
    let connections = listen::accept(
        listener,
        app,
        config.max_connections,
        timeouts,
        shutdown.clone(),
        stop,
    )
    .await;
    tracing::info!("shutting down");
    state.shut_down(SHUTDOWN_WITHIN).await;
    let _ = shutdown.borrow_and_update();
    // Open requests finish (streams and sockets have ended): wait until
    // every connection is closed, or the time is up.
    let all = u32::try_from(config.max_connections.max(1)).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(Duration::from_secs(1), connections.acquire_many(all)).await;
    // The drain: the other nodes take this node's games at once.
    cluster::leave(&state).await;
    tracing::info!("shut down");
    Ok(())
}

/// [`serve_with`], printing the URL.
///
/// # Errors
/// [`ServeError`].
pub async fn serve(config: Config) -> Result<(), ServeError> {
    serve_with(config, |addr| println!("sakk is running at http://{addr}/")).await
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
