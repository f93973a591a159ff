//! One pool for all the engine work of the server — the computer's moves
//! and the after-game analyses — sized to the machine, with a bounded
//! queue. A job holds its slot until its work is done, whoever still waits
//! for it; every job can be stopped at once (its game changed or ended, or
//! the server is shutting down).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sakk_engine::search::Shared;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Stops one engine job: its search at once, and what it would do next.
#[derive(Clone)]
pub struct Stop {
    cancelled: Arc<AtomicBool>,
    search: Arc<Shared>,
}

impl Stop {
    /// A stop handle with a search table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Stop {
        Stop {
            cancelled: Arc::new(AtomicBool::new(false)),
            search: Arc::new(Shared::new(hash_mb)),
        }
    }

    /// Stops the job.
    pub fn stop(&self) {
        // The flag first: a job that resets the search's own flag between
        // searches reads this one after the reset.
        self.cancelled.store(true, Ordering::SeqCst);
        self.search.stop.store(true, Ordering::SeqCst);
    }

    /// Whether [`Stop::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }

    /// The search's shared state (its table and its stop flag).
    pub fn search(&self) -> Arc<Shared> {
        Arc::clone(&self.search)
    }

    /// The flag that [`Stop::stop`] sets.
    pub fn flag(&self) -> &AtomicBool {
        &self.cancelled
    }
}

/// The pool.
pub struct EnginePool {
    slots: Arc<Semaphore>,
    size: usize,
    waiting: AtomicUsize,
    max_waiting: usize,
    closed: AtomicBool,
    next_id: AtomicU64,
    running: Arc<std::sync::Mutex<HashMap<u64, Stop>>>,
}

/// Removes a job from the running set when it ends, however it ends.
struct Running {
    id: u64,
    set: Arc<std::sync::Mutex<HashMap<u64, Stop>>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.set
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(&self.id);
    }
}

impl EnginePool {
    /// A pool running `size` jobs at once (at least one), with at most
    /// `max_waiting` more waiting.
    pub fn new(size: usize, max_waiting: usize) -> EnginePool {
        let size = size.max(1);
        EnginePool {
            slots: Arc::new(Semaphore::new(size)),
            size,
            waiting: AtomicUsize::new(0),
            max_waiting,
            closed: AtomicBool::new(false),
            next_id: AtomicU64::new(0),
            running: Arc::new(std::sync::Mutex::new(HashMap::new())),
        }
    }

    /// A pool sized to this machine: one job per core.
    pub fn for_machine() -> EnginePool {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        EnginePool::new(cores, 64)
    }

    /// Runs `job` on a blocking thread when a slot is free. The slot is held
    /// by the job itself, until it returns, even if the caller stops
    /// waiting.
    ///
    /// # Errors
    /// [`ApiError::EngineBusy`] when the queue is full,
    /// [`ApiError::ShuttingDown`] once the pool is closed or the job was
    /// stopped before it started.
    pub async fn run<T: Send + 'static>(
        &self,
        stop: Stop,
        job: impl FnOnce(&Stop) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        if self.closed.load(Ordering::SeqCst) {
            return Err(ApiError::ShuttingDown);
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.max_waiting {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::EngineBusy);
        }
        let permit = Arc::clone(&self.slots).acquire_owned().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let Ok(permit) = permit else {
            return Err(ApiError::ShuttingDown);
        };
        if self.closed.load(Ordering::SeqCst) || stop.is_stopped() {
            return Err(ApiError::ShuttingDown);
        }
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(id, stop.clone());
        let running = Running {
            id,
            set: Arc::clone(&self.running),
        };
        tokio::task::spawn_blocking(move || {
            let _slot = permit;
            let _running = running;
            job(&stop)
        })
        .await
        .map_err(|e| ApiError::Internal(format!("engine job: {e}")))
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .len()
    }

    /// Refuses new jobs, stops the running ones, and waits (at most
    /// `within`) until they have returned. Returns whether they all did.
    pub async fn close(&self, within: Duration) -> bool {
        self.closed.store(true, Ordering::SeqCst);
        for stop in self
            .running
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .values()
        {
            stop.stop();
        }
        let all = u32::try_from(self.size).unwrap_or(u32::MAX);
        let drained = tokio::time::timeout(within, self.slots.acquire_many(all)).await;
        self.slots.close();
        matches!(drained, Ok(Ok(_)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn jobs_hold_their_slot_the_queue_is_bounded_and_close_stops_them() {
        let pool = Arc::new(EnginePool::new(1, 1));
        // A job that runs until it is stopped.
        let spin = |s: &Stop| {
            while !s.is_stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            1
        };
        let first = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.run(Stop::new(1), spin).await })
        };
        while pool.running() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The caller of the first job goes away: the job keeps its slot.
        first.abort();
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(pool.running(), 1);
        // One more may wait; the next is refused.
        let second = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.run(Stop::new(1), |_| 2).await })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(matches!(
            pool.run(Stop::new(1), |_| 3).await,
            Err(ApiError::EngineBusy)
        ));
        // Closing stops the running job, refuses the waiting one and new ones.
        assert!(pool.close(Duration::from_secs(5)).await);
        assert_eq!(pool.running(), 0);
        assert!(matches!(second.await, Ok(Err(ApiError::ShuttingDown))));
        assert!(matches!(
            pool.run(Stop::new(1), |_| 4).await,
            Err(ApiError::ShuttingDown)
        ));
    }
}
