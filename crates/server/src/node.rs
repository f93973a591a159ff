//! This node of a cluster: its name, the lease it holds (and until when it
//! surely holds), and where the games it forwarded were last owned. No I/O:
//! [`crate::cluster`] renews the lease and moves the games.

use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::store::Fence;

/// How a node takes part in a cluster.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The node's name (letters, digits, `-`, `_`), unique in the cluster.
    pub node: String,
    /// How long a lease holds without renewal: a killed node's games move
    /// after it.
    pub lease: Duration,
}

/// Whether `name` can name a node (it is part of NATS subjects).
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// This node: its name and the lease it holds.
pub struct Node {
    settings: Settings,
    /// The fence of the lease, and until when (by this node's clock,
    /// counted from before the renewal was sent) it surely holds.
    held: Mutex<Option<(Fence, Instant)>>,
    /// The owners of games last forwarded: a hint that saves asking the
    /// database (an owner that no longer has the game says so, and the hint
    /// goes).
    owners: Mutex<std::collections::HashMap<String, String>>,
}

/// The most owner hints kept (then they are all dropped).
const MAX_HINTS: usize = 100_000;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Node {
    /// A node that holds no lease yet.
    pub fn new(settings: Settings) -> Node {
        Node {
            settings,
            held: Mutex::new(None),
            owners: Mutex::new(std::collections::HashMap::new()),
        }
    }

    /// The owner game `id` had when last asked.
    pub fn owner_hint(&self, id: &str) -> Option<String> {
        lock(&self.owners).get(id).cloned()
    }

    pub(crate) fn remember_owner(&self, id: &str, owner: &str) {
        let mut owners = lock(&self.owners);
        if owners.len() >= MAX_HINTS {
            owners.clear();
        }
        owners.insert(id.to_string(), owner.to_string());
    }

    pub(crate) fn forget_owner(&self, id: &str) {
        lock(&self.owners).remove(id);
    }

    /// The node's name.
    pub fn name(&self) -> &str {
        &self.settings.node
    }

    /// The lease's length.
    pub fn lease(&self) -> Duration {
        self.settings.lease
    }

    /// The fence while the lease surely holds.
    pub fn fence(&self) -> Option<Fence> {
        lock(&self.held)
            .as_ref()
            .filter(|(_, until)| Instant::now() < *until)
            .map(|(f, _)| f.clone())
    }

    /// Whether the lease surely holds.
    pub fn holds(&self) -> bool {
        self.fence().is_some()
    }

    pub(crate) fn hold(&self, fence: Fence, until: Instant) {
        *lock(&self.held) = Some((fence, until));
    }

    pub(crate) fn current(&self) -> Option<Fence> {
        lock(&self.held).as_ref().map(|(f, _)| f.clone())
    }

    pub(crate) fn lapse(&self) {
        *lock(&self.held) = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_names_fit_in_a_subject() {
        assert!(valid_name("node-1_a"));
        assert!(!valid_name(""));
        assert!(!valid_name("a.b"));
        assert!(!valid_name("a b"));
        assert!(!valid_name("*"));
        assert!(!valid_name(&"x".repeat(65)));
    }

    #[test]
    fn owner_hints_are_kept_and_dropped() {
        let node = Node::new(Settings {
            node: "n".to_string(),
            lease: Duration::from_secs(1),
        });
        node.remember_owner("g", "m");
        assert_eq!(node.owner_hint("g").as_deref(), Some("m"));
        node.forget_owner("g");
        assert_eq!(node.owner_hint("g"), None);
    }

    #[test]
    fn a_lease_holds_until_its_time() {
        let node = Node::new(Settings {
            node: "n".to_string(),
            lease: Duration::from_secs(1),
        });
        assert!(!node.holds());
        let fence = Fence {
            node: "n".to_string(),
            epoch: 3,
        };
        node.hold(fence.clone(), Instant::now() + Duration::from_secs(60));
        assert_eq!(node.fence(), Some(fence.clone()));
        node.hold(fence.clone(), Instant::now());
        assert_eq!(node.fence(), None);
        assert_eq!(node.current(), Some(fence));
        node.lapse();
        assert_eq!(node.current(), None);
    }
}
