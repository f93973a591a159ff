//! `sakk serve` (and `sakk` alone): the server.

use crate::Failure;

fn log_to_stderr() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// Runs a worker for a cluster's computer moves until the process is
/// stopped (SIGTERM or Ctrl-C).
pub fn worker(bus: &str, threads: Option<usize>, name: &str) -> Result<(), Failure> {
    log_to_stderr();
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Failure::other(e.to_string()))?;
    let result = runtime.block_on(async {
        tokio::select! {
            r = sakk_server::worker::run(bus, name, threads) => r.map_err(|e| Failure::other(e.to_string())),
            _ = tokio::signal::ctrl_c() => Ok(()),
            () = terminated() => Ok(()),
        }
    });
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    result
}

/// Waits for SIGTERM (forever where there is none).
async fn terminated() {
    #[cfg(unix)]
    if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        s.recv().await;
        return;
    }
    std::future::pending::<()>().await;
}

/// Runs the server until SIGTERM or Ctrl-C, logging to stderr.
pub fn run(config: sakk_server::Config) -> Result<(), Failure> {
    log_to_stderr();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Failure::other(e.to_string()))?;
    let result = runtime
        .block_on(sakk_server::serve(config))
        .map_err(|e| Failure::other(e.to_string()));
    // The server has stopped its engine work; never wait on a blocking
    // thread beyond this.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    result
}
