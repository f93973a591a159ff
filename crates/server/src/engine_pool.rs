//! One pool for all the engine work of the server — the computer's moves
//! and the after-game analyses — sized to the machine, with bounded
//! queues: the computer's moves go first, and are never refused for an
//! analysis's sake. A job holds its slot until its work is done, whoever still waits
//! for it; every job can be stopped at once (its game changed or ended, or
//! the server is shutting down).

use std::collections::HashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, Weak};
use std::time::Duration;

use sakk_engine::search::Shared;
use tokio::sync::oneshot;

use crate::error::ApiError;

/// Stops one engine job: its search at once, and what it would do next.
/// Its search table is made when the job first asks for it, so that a job
/// waiting in the queue holds no table.
#[derive(Clone)]
pub struct Stop {
    cancelled: Arc<AtomicBool>,
    search: Arc<OnceLock<Arc<Shared>>>,
    hash_mb: usize,
}

/// A stop handle that does not keep its job's table alive: it stops the
/// job while the job lives.
#[derive(Clone)]
pub struct WeakStop {
    cancelled: Weak<AtomicBool>,
    search: Weak<OnceLock<Arc<Shared>>>,
}

impl WeakStop {
    /// Stops the job, if it still lives.
    pub fn stop(&self) {
        if let Some(cancelled) = self.cancelled.upgrade() {
            cancelled.store(true, Ordering::SeqCst);
        }
        if let Some(search) = self.search.upgrade().as_deref().and_then(OnceLock::get) {
            search.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Whether the job still lives and has not been stopped.
    pub fn is_live(&self) -> bool {
        self.cancelled
            .upgrade()
            .is_some_and(|c| !c.load(Ordering::SeqCst))
    }
}

impl Stop {
    /// A stop handle with a search table of `hash_mb` MiB (made when first
    /// asked for).
    pub fn new(hash_mb: usize) -> Stop {
        Stop {
            cancelled: Arc::new(AtomicBool::new(false)),
            search: Arc::new(OnceLock::new()),
            hash_mb,
        }
    }

    /// Stops the job.
    pub fn stop(&self) {
        // The flag first: a job that resets the search's own flag between
        // searches reads this one after the reset; a table made after this
        // sees it (in `search`).
        self.cancelled.store(true, Ordering::SeqCst);
        if let Some(search) = self.search.get() {
            search.stop.store(true, Ordering::SeqCst);
        }
    }

    /// Whether [`Stop::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }

    /// The search's shared state (its table and its stop flag), made now if
    /// it was not yet.
    pub fn search(&self) -> Arc<Shared> {
        let search = self
            .search
            .get_or_init(|| Arc::new(Shared::new(self.hash_mb)));
        // A stop that came before the table was made.
        if self.is_stopped() {
            search.stop.store(true, Ordering::SeqCst);
        }
        Arc::clone(search)
    }

    /// A handle that stops this job without keeping it alive.
    pub fn downgrade(&self) -> WeakStop {
        WeakStop {
            cancelled: Arc::downgrade(&self.cancelled),
            search: Arc::downgrade(&self.search),
        }
    }

    /// The flag that [`Stop::stop`] sets.
    pub fn flag(&self) -> &AtomicBool {
        &self.cancelled
    }
}

/// Which work a job is: the computer's moves go before analyses (a player
/// waits at the board for one, a reader of the other can wait).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// A computer's move.
    Play,
    /// An after-game analysis.
    Analysis,
    /// A live evaluation on the analysis board: it waits behind the
    /// analyses, and gives its slot up (stopped, with what it found so
    /// far) to a computer's move that would otherwise wait.
    Live,
}

/// Live evaluations that may wait for each slot.
const LIVE_QUEUE_FACTOR: usize = 4;

/// How often a job waiting for a slot looks whether it was stopped (then
/// it gives up its place).
const STOPPED_WAITER_POLL: Duration = Duration::from_millis(100);

/// Computer moves that may wait for each analysis that may: a refused
/// move is tried again, so this only bounds the memory of a flood.
const PLAY_QUEUE_FACTOR: usize = 16;

/// The pool.
pub struct EnginePool {
    queue: Arc<std::sync::Mutex<Queue>>,
    /// Told when a slot is given back with nobody waiting for it.
    freed: Arc<tokio::sync::Notify>,
    size: usize,
    max_waiting: usize,
    next_id: AtomicU64,
    running: Arc<std::sync::Mutex<HashMap<u64, (Stop, Priority)>>>,
}

/// The slots and who waits for them, by priority (first come, first
/// served within each).
struct Queue {
    free: usize,
    closed: bool,
    play: VecDeque<oneshot::Sender<Slot>>,
    analysis: VecDeque<oneshot::Sender<Slot>>,
    live: VecDeque<oneshot::Sender<Slot>>,
}

/// The right to run one job. Dropped, it goes to the first waiter of the
/// highest priority, or back to the free slots.
struct Slot {
    queue: Arc<std::sync::Mutex<Queue>>,
    freed: Arc<tokio::sync::Notify>,
    /// A slot that a waiter could no longer take goes back by the hand
    /// that offered it, not by its own drop.
    armed: bool,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let mut q = lock(&self.queue);
        while !q.closed {
            let Some(waiter) = q
                .play
                .pop_front()
                .or_else(|| q.analysis.pop_front())
                .or_else(|| q.live.pop_front())
            else {
                break;
            };
            let slot = Slot {
                queue: Arc::clone(&self.queue),
                freed: Arc::clone(&self.freed),
                armed: true,
            };
            match waiter.send(slot) {
                Ok(()) => return,
                // That waiter went away: the next one.
                Err(mut slot) => slot.armed = false,
            }
        }
        q.free += 1;
        drop(q);
        self.freed.notify_waiters();
    }
}

fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Removes a job from the running set when it ends, however it ends.
struct Running {
    id: u64,
    set: Arc<std::sync::Mutex<HashMap<u64, (Stop, Priority)>>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        lock(&self.set).remove(&self.id);
    }
}

impl EnginePool {
    /// A pool running `size` jobs at once (at least one), with at most
    /// `max_waiting` analyses waiting (and sixteen times as many of the
    /// computer's moves).
    pub fn new(size: usize, max_waiting: usize) -> EnginePool {
        let size = size.max(1);
        EnginePool {
            queue: Arc::new(std::sync::Mutex::new(Queue {
                free: size,
                closed: false,
                play: VecDeque::new(),
                analysis: VecDeque::new(),
                live: VecDeque::new(),
            })),
            freed: Arc::new(tokio::sync::Notify::new()),
            size,
            max_waiting,
            next_id: AtomicU64::new(0),
            running: Arc::new(std::sync::Mutex::new(HashMap::new())),
        }
    }

    /// A slot now, or a place in the queue of `priority`.
    fn take(&self, priority: Priority) -> Result<Result<Slot, oneshot::Receiver<Slot>>, ApiError> {
        let mut q = lock(&self.queue);
        if q.closed {
            return Err(ApiError::ShuttingDown);
        }
        if q.free > 0 {
            q.free -= 1;
            return Ok(Ok(Slot {
                queue: Arc::clone(&self.queue),
                freed: Arc::clone(&self.freed),
                armed: true,
            }));
        }
        if priority == Priority::Play {
            self.yield_a_live_slot();
        }
        let (waiting, cap) = match priority {
            Priority::Play => (&mut q.play, self.max_waiting * PLAY_QUEUE_FACTOR),
            Priority::Analysis => (&mut q.analysis, self.max_waiting),
            // A few: each is one client's view of a position, soon stale.
            Priority::Live => (&mut q.live, self.size * LIVE_QUEUE_FACTOR),
        };
        // Those who stopped waiting hold no place.
        waiting.retain(|w| !w.is_closed());
        if waiting.len() >= cap {
            return Err(ApiError::EngineBusy);
        }
        let (tx, rx) = oneshot::channel();
        waiting.push_back(tx);
        Ok(Err(rx))
    }

    /// Stops one running live evaluation not stopped yet, if any: its slot
    /// goes to the first computer's move waiting when it returns.
    fn yield_a_live_slot(&self) {
        let running = lock(&self.running);
        if let Some((stop, _)) = running
            .values()
            .find(|(stop, p)| *p == Priority::Live && !stop.is_stopped())
        {
            stop.stop();
        }
    }

    /// Runs `job` on a blocking thread when a slot is free (the computer's
    /// moves before analyses). The slot is held by the job itself, until
    /// it returns, even if the caller stops waiting.
    ///
    /// # Errors
    /// [`ApiError::EngineBusy`] when the queue of `priority` is full,
    /// [`ApiError::ShuttingDown`] once the pool is closed or the job was
    /// stopped before it started.
    pub async fn run<T: Send + 'static>(
        &self,
        priority: Priority,
        stop: Stop,
        job: impl FnOnce(&Stop) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let slot = match self.take(priority)? {
            Ok(slot) => slot,
            Err(mut waiting) => loop {
                // A job stopped while it waits gives its place up (its
                // receiver dropped, the queue skips it).
                match tokio::time::timeout(STOPPED_WAITER_POLL, &mut waiting).await {
                    Ok(slot) => break slot.map_err(|_| ApiError::ShuttingDown)?,
                    Err(_) if stop.is_stopped() => return Err(ApiError::ShuttingDown),
                    Err(_) => {}
                }
            },
        };
        if lock(&self.queue).closed || stop.is_stopped() {
            return Err(ApiError::ShuttingDown);
        }
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        lock(&self.running).insert(id, (stop.clone(), priority));
        let running = Running {
            id,
            set: Arc::clone(&self.running),
        };
        tokio::task::spawn_blocking(move || {
            let _slot = slot;
            let _running = running;
            job(&stop)
        })
        .await
        .map_err(|e| ApiError::Internal(format!("engine job: {e}")))
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        lock(&self.running).len()
    }

    /// Jobs waiting for a slot now: (the computer's moves, the analyses and
    /// live evaluations).
    pub fn waiting(&self) -> (usize, usize) {
        let q = lock(&self.queue);
        let count =
            |w: &VecDeque<oneshot::Sender<Slot>>| w.iter().filter(|w| !w.is_closed()).count();
        (count(&q.play), count(&q.analysis) + count(&q.live))
    }

    /// Refuses new jobs and the waiting ones, stops the running ones, and
    /// waits (at most `within`) until they have returned. Returns whether
    /// they all did.
    pub async fn close(&self, within: Duration) -> bool {
        {
            let mut q = lock(&self.queue);
            q.closed = true;
            q.play.clear();
            q.analysis.clear();
            q.live.clear();
        }
        for (stop, _) in lock(&self.running).values() {
            stop.stop();
        }
        let drained = async {
            loop {
                let freed = self.freed.notified();
                if lock(&self.queue).free == self.size {
                    return;
                }
                freed.await;
            }
        };
        tokio::time::timeout(within, drained).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Waits (at most 10 s) until `cond` holds.
    async fn until(what: &str, cond: impl Fn() -> bool) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !cond() {
            assert!(tokio::time::Instant::now() < deadline, "never: {what}");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    /// A job that runs until it is stopped, then answers `n`.
    fn spin(n: u32) -> impl FnOnce(&Stop) -> u32 + Send + 'static {
        move |s: &Stop| {
            while !s.is_stopped() {
                std::thread::sleep(Duration::from_millis(1));
            }
            n
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn jobs_hold_their_slot_the_queue_is_bounded_and_close_stops_them() {
        let pool = Arc::new(EnginePool::new(1, 1));
        let first = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.run(Priority::Analysis, Stop::new(1), spin(1)).await })
        };
        until("the first job runs", || pool.running() == 1).await;
        // The caller of the first job goes away: the job keeps its slot.
        first.abort();
        let _ = first.await;
        assert_eq!(pool.running(), 1);
        // One more analysis may wait; the next is refused.
        let second = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.run(Priority::Analysis, Stop::new(1), |_| 2).await })
        };
        until("the second waits", || pool.waiting() == (0, 1)).await;
        assert!(matches!(
            pool.run(Priority::Analysis, Stop::new(1), |_| 3).await,
            Err(ApiError::EngineBusy)
        ));
        // Closing stops the running job, refuses the waiting one and new ones.
        assert!(pool.close(Duration::from_secs(5)).await);
        assert_eq!(pool.running(), 0);
        assert!(matches!(second.await, Ok(Err(ApiError::ShuttingDown))));
        assert!(matches!(
            pool.run(Priority::Play, Stop::new(1), |_| 4).await,
            Err(ApiError::ShuttingDown)
        ));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_stopped_while_it_waits_gives_its_place_up_and_holds_no_table() {
        let pool = Arc::new(EnginePool::new(1, 1));
        let hold = Stop::new(1);
        let busy = {
            let (pool, hold) = (Arc::clone(&pool), hold.clone());
            tokio::spawn(async move { pool.run(Priority::Analysis, hold, spin(0)).await })
        };
        until("the slot is taken", || pool.running() == 1).await;
        let waiter = Stop::new(64);
        let weak = waiter.downgrade();
        let queued = {
            let (pool, waiter) = (Arc::clone(&pool), waiter.clone());
            tokio::spawn(async move { pool.run(Priority::Live, waiter, |_| 1).await })
        };
        until("the live evaluation waits", || pool.waiting() == (0, 1)).await;
        // No table while it waits.
        assert!(waiter.search.get().is_none());
        assert!(weak.is_live());
        weak.stop();
        assert!(matches!(queued.await, Ok(Err(ApiError::ShuttingDown))));
        assert_eq!(pool.waiting(), (0, 0));
        drop(waiter);
        assert!(!weak.is_live());
        // A stop before the table is made stops the search made after.
        let early = Stop::new(1);
        early.stop();
        assert!(early.search().stop.load(Ordering::SeqCst));
        hold.stop();
        assert!(matches!(busy.await, Ok(Ok(0))));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_live_evaluation_gives_its_slot_to_a_computers_move() {
        let pool = Arc::new(EnginePool::new(1, 1));
        let live_stop = Stop::new(1);
        let live = {
            let (pool, stop) = (Arc::clone(&pool), live_stop.clone());
            tokio::spawn(async move { pool.run(Priority::Live, stop, spin(7)).await })
        };
        until("the live evaluation runs", || pool.running() == 1).await;
        // An analysis waits behind it, and does not stop it.
        let analysis = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.run(Priority::Analysis, Stop::new(1), |_| 8).await })
        };
        until("the analysis waits", || pool.waiting() == (0, 1)).await;
        assert!(!live_stop.is_stopped());
        // A computer's move stops it and goes first.
        assert!(matches!(
            pool.run(Priority::Play, Stop::new(1), |_| 9).await,
            Ok(9)
        ));
        assert!(live_stop.is_stopped());
        assert!(matches!(live.await, Ok(Ok(7))));
        assert!(matches!(analysis.await, Ok(Ok(8))));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_computers_moves_go_before_analyses_and_are_not_refused_for_them() {
        let pool = Arc::new(EnginePool::new(1, 1));
        let hold = Stop::new(1);
        let busy = {
            let (pool, hold) = (Arc::clone(&pool), hold.clone());
            tokio::spawn(async move { pool.run(Priority::Analysis, hold, spin(0)).await })
        };
        until("the slot is taken", || pool.running() == 1).await;
        // The analyses' queue is full…
        let (order_tx, mut order) = tokio::sync::mpsc::unbounded_channel();
        let analysis = {
            let (pool, tx) = (Arc::clone(&pool), order_tx.clone());
            tokio::spawn(async move {
                pool.run(Priority::Analysis, Stop::new(1), move |_| {
                    let _ = tx.send("analysis");
                })
                .await
            })
        };
        until("the analysis waits", || pool.waiting() == (0, 1)).await;
        assert!(matches!(
            pool.run(Priority::Analysis, Stop::new(1), |_| ()).await,
            Err(ApiError::EngineBusy)
        ));
        // …and a computer's move still gets a place, ahead of it.
        let play = {
            let (pool, tx) = (Arc::clone(&pool), order_tx);
            tokio::spawn(async move {
                pool.run(Priority::Play, Stop::new(1), move |_| {
                    let _ = tx.send("move");
                })
                .await
            })
        };
        until("the move waits", || pool.waiting() == (1, 1)).await;
        hold.stop();
        assert!(matches!(busy.await, Ok(Ok(0))));
        assert!(matches!(play.await, Ok(Ok(()))));
        assert!(matches!(analysis.await, Ok(Ok(()))));
        assert_eq!(order.recv().await, Some("move"));
        assert_eq!(order.recv().await, Some("analysis"));
        // Every slot is free again.
        assert!(pool.close(Duration::from_secs(5)).await);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_waiter_that_goes_away_gives_its_place_to_the_next() {
        let pool = Arc::new(EnginePool::new(1, 4));
        let hold = Stop::new(1);
        let busy = {
            let (pool, hold) = (Arc::clone(&pool), hold.clone());
            tokio::spawn(async move { pool.run(Priority::Play, hold, spin(0)).await })
        };
        until("the slot is taken", || pool.running() == 1).await;
        let gone = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.run(Priority::Play, Stop::new(1), |_| 1).await })
        };
        until("a move waits", || pool.waiting() == (1, 0)).await;
        gone.abort();
        let _ = gone.await;
        let next = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move { pool.run(Priority::Analysis, Stop::new(1), |_| 2).await })
        };
        until("the analysis waits", || pool.waiting() == (0, 1)).await;
        hold.stop();
        assert!(matches!(busy.await, Ok(Ok(0))));
        assert!(matches!(next.await, Ok(Ok(2))));
        assert!(pool.close(Duration::from_secs(5)).await);
    }
}
