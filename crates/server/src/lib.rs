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
//! What happens to a running clock while the server is down: it stops. The
//! times left after the last move are stored with it; when the server
//! starts again, the side to move's clock restarts from that stored time,
//! so no player loses time to an outage (they may gain the thinking time
//! they had used before it).

mod analysis;
pub mod api;
pub mod assets;
pub mod error;
pub mod live;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;

use tokio::net::TcpListener;

pub use api::{router, AppState};
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
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: "127.0.0.1".to_string(),
            port: 8080,
            database: None,
            data_dir: PathBuf::from("sakk-data"),
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
    /// Another I/O problem.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Opens the database, resumes unfinished games, binds, prints the URL and
/// serves until SIGTERM or Ctrl-C. `on_ready` gets the bound address.
///
/// # Errors
/// [`ServeError`].
pub async fn serve_with(
    config: Config,
    on_ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let url = match &config.database {
        Some(url) => url.clone(),
        None => {
            std::fs::create_dir_all(&config.data_dir)?;
            format!("sqlite://{}", config.data_dir.join("sakk.db").display())
        }
    };
    let store = Store::open(&url)
        .await
        .map_err(|source| ServeError::Database {
            url: store::redact(&url),
            source,
        })?;
    let addr = format!("{}:{}", config.host, config.port);
    let listener = TcpListener::bind(&addr)
        .await
        .map_err(|source| ServeError::Bind {
            addr: addr.clone(),
            source,
        })?;
    let local = listener.local_addr()?;
    let state = AppState::new(store, format!("http://{local}"));
    match state.resume().await {
        Ok(n) => tracing::info!(games = n, "resumed unfinished games"),
        Err(e) => tracing::error!(error = %e, "could not resume games"),
    }
    on_ready(local);
    axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown_signal())
        .await?;
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
