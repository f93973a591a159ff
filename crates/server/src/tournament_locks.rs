//! One lock a tournament on each node, and when its online games were last
//! looked at.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

/// A node applies one change of a tournament at a time (others wait their
/// turn instead of computing in vain); the stored version still orders the
/// changes of several nodes.
#[derive(Default)]
pub struct Locks {
    held: Mutex<HashMap<String, Weak<tokio::sync::Mutex<()>>>>,
    looked: Mutex<HashMap<String, Instant>>,
}

impl Locks {
    /// The lock of tournament `id` (the same one while anyone holds it).
    pub fn of(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(lock) = held.get(id).and_then(Weak::upgrade) {
            return lock;
        }
        // Forget the locks nobody holds any more.
        held.retain(|_, l| l.strong_count() > 0);
        let lock = Arc::new(tokio::sync::Mutex::new(()));
        held.insert(id.to_string(), Arc::downgrade(&lock));
        lock
    }

    /// Whether tournament `id`'s games are due to be looked at on a read
    /// (not within the last `every`); if so, notes that they are now.
    pub fn due(&self, id: &str, every: Duration) -> bool {
        let mut looked = self.looked.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        if looked
            .get(id)
            .is_some_and(|&t| now.duration_since(t) < every)
        {
            return false;
        }
        looked.retain(|_, &mut t| now.duration_since(t) < every);
        looked.insert(id.to_string(), now);
        true
    }
}
