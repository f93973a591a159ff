//! A bounded pool for the requests that can take much CPU — pairing a
//! round, a rules trial's dead-position search — so that however many of
//! them arrive, they take at most so many cores (one less than the
//! machine has, at least one) and the rest of the server goes on: a few
//! may wait, more are refused with 503 `server_busy` and `Retry-After`.
//! (The engine has a pool of its own: [`crate::engine_pool`].)

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The cores this machine offers the process (at least one): what the
/// engine pool and this pool are sized by.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// One caller counted as waiting, until dropped.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The pool.
pub struct CpuPool {
    slots: Arc<Semaphore>,
    size: usize,
    waiting: AtomicUsize,
    max_waiting: usize,
}

impl CpuPool {
    /// `size` jobs at once (at least one), `max_waiting` more waiting.
    pub fn new(size: usize, max_waiting: usize) -> CpuPool {
        CpuPool {
            slots: Arc::new(Semaphore::new(size.max(1))),
            size: size.max(1),
            waiting: AtomicUsize::new(0),
            max_waiting,
        }
    }

    /// One job less than the machine has cores (at least one), and as
    /// many waiting as four times that.
    pub fn for_machine() -> CpuPool {
        let size = cores().saturating_sub(1).max(1);
        CpuPool::new(size, 4 * size)
    }

    /// Runs `job` on a blocking thread when a slot is free; the slot is
    /// held until the job returns, even if the caller stops waiting.
    ///
    /// # Errors
    /// [`ApiError::ServerBusy`] when the queue is full; `internal` if the
    /// job panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let slot = match Arc::clone(&self.slots).try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                // Counted while waiting, however the wait ends (a caller
                // that goes away gives its place back too).
                let waiting = Waiting(&self.waiting);
                if waiting.0.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
                    return Err(ApiError::ServerBusy);
                }
                let slot = Arc::clone(&self.slots).acquire_owned().await;
                drop(waiting);
                slot.map_err(|_| ApiError::ShuttingDown)?
            }
        };
        tokio::task::spawn_blocking(move || {
            let _slot = slot;
            job()
        })
        .await
        .map_err(|e| ApiError::Internal(format!("CPU job: {e}")))
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.size.saturating_sub(self.slots.available_permits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn jobs_run_one_at_a_time_and_a_full_queue_is_refused() {
        let pool = Arc::new(CpuPool::new(1, 1));
        let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
        let (started_tx, mut started) = tokio::sync::mpsc::unbounded_channel();
        let first = {
            let (pool, started_tx) = (Arc::clone(&pool), started_tx.clone());
            tokio::spawn(async move {
                pool.run(move || {
                    let _ = started_tx.send(1);
                    let _ = release_rx.recv_timeout(Duration::from_secs(30));
                    1
                })
                .await
            })
        };
        assert_eq!(started.recv().await, Some(1));
        assert_eq!(pool.running(), 1);
        let second = {
            let (pool, started_tx) = (Arc::clone(&pool), started_tx.clone());
            tokio::spawn(async move {
                pool.run(move || {
                    let _ = started_tx.send(2);
                    2
                })
                .await
            })
        };
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while pool.waiting.load(Ordering::SeqCst) == 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the second never waits"
            );
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert!(matches!(pool.run(|| 3).await, Err(ApiError::ServerBusy)));
        // A waiter that goes away gives its place back.
        second.abort();
        let _ = second.await;
        assert_eq!(pool.waiting.load(Ordering::SeqCst), 0);
        let second = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move {
                pool.run(move || {
                    let _ = started_tx.send(2);
                    2
                })
                .await
            })
        };
        while pool.waiting.load(Ordering::SeqCst) == 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the second never waits again"
            );
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let _ = release_tx.send(());
        assert!(matches!(first.await, Ok(Ok(1))));
        assert!(matches!(second.await, Ok(Ok(2))));
        assert_eq!(started.recv().await, Some(2));
        assert_eq!(pool.running(), 0);
    }
}
