//! `sakk serve` (and `sakk` alone): the server.

use crate::Failure;

/// Runs the server until SIGTERM or Ctrl-C, logging to stderr.
pub fn run(config: sakk_server::Config) -> Result<(), Failure> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Failure::other(e.to_string()))?;
    let result = runtime
        .block_on(sakk_server::serve(config))
        .map_err(|e| Failure::other(e.to_string()));
    // The server has stopped its engine work; never wait on a blocking
    // thread beyond this.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    result
}
