//! Each account's own event stream (lichess's `/api/stream/event`): the
//! challenges made to and by it, their ends, and the starts and finishes
//! of its games, as NDJSON lines, to every stream the account has open on
//! this server. An account with no stream open gets nothing (what it
//! missed, it reads again when it connects: the open challenges and the
//! games in play).
//!
//! In a cluster the node that makes an event also publishes it on NATS
//! (`sakk.user.<id>`), and every node relays what it hears to its own
//! streams of that account ([`relay`]): an account's stream hears its
//! events whichever node they happen on.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::broadcast;

/// Events a slow stream may fall behind by (then it is closed, and its
/// client connects again and reads what stands).
const CAPACITY: usize = 64;

/// The streams, by account id.
#[derive(Default)]
pub struct Inbox {
    streams: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
    /// The cluster's bus: events are also published there.
    nats: Option<async_nats::Client>,
}

/// The subject of an account's events on NATS (an account id has only
/// letters, digits, `_` and `-`: nothing NATS reads as a wildcard).
fn subject(user: &str) -> String {
    format!("sakk.user.{user}")
}

/// Every account's events (what [`relay`] subscribes to).
const ALL: &str = "sakk.user.*";

impl Inbox {
    /// An inbox; in a cluster, with the bus its events are published on.
    pub fn new(nats: Option<async_nats::Client>) -> Inbox {
        Inbox {
            streams: Mutex::new(HashMap::new()),
            nats,
        }
    }

    /// A new subscription to an account's events.
    pub fn subscribe(&self, user: &str) -> broadcast::Receiver<Arc<str>> {
        let mut streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        streams
            .entry(user.to_string())
            .or_insert_with(|| broadcast::channel(CAPACITY).0)
            .subscribe()
    }

    /// Sends one event line to every open stream of the account, here
    /// and (in a cluster) on the other nodes.
    pub async fn send(&self, user: &str, line: &str) {
        self.deliver(user, line);
        if let Some(nats) = &self.nats {
            let payload = line.as_bytes().to_vec();
            if let Err(e) = nats.publish(subject(user), payload.into()).await {
                tracing::warn!(%user, error = %e, "an account's event was not published");
            }
        }
    }

    /// Sends one event line to the account's streams on this node.
    fn deliver(&self, user: &str, line: &str) {
        let mut streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(tx) = streams.get(user) {
            if tx.send(Arc::from(line)).is_err() {
                // No stream open any more.
                streams.remove(user);
            }
        }
    }

    /// Whether the account has a stream open on this server (lichess's
    /// "online").
    pub fn is_online(&self, user: &str) -> bool {
        let streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        streams.get(user).is_some_and(|tx| tx.receiver_count() > 0)
    }

    /// The accounts with a stream open, in no order.
    pub fn online(&self) -> Vec<String> {
        let streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        streams
            .iter()
            .filter(|(_, tx)| tx.receiver_count() > 0)
            .map(|(user, _)| user.clone())
            .collect()
    }

    /// Forgets the accounts with no stream open.
    pub fn forget_closed(&self) {
        let mut streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        streams.retain(|_, tx| tx.receiver_count() > 0);
    }
}

/// Relays the events the other nodes publish to this node's streams,
/// until shutdown (a cluster node runs it once).
pub async fn relay(
    inbox: &Inbox,
    nats: async_nats::Client,
    shutdown: tokio::sync::watch::Receiver<bool>,
) {
    crate::bus::hear(
        &nats,
        ALL,
        "the accounts' events of other nodes",
        shutdown,
        |subject, line| {
            if let Some(user) = subject.strip_prefix("sakk.user.") {
                inbox.deliver(user, line);
            }
        },
    )
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn each_account_gets_its_own_events() {
        let inbox = Inbox::default();
        let mut anna = inbox.subscribe("anna");
        let mut anna_too = inbox.subscribe("anna");
        let mut bela = inbox.subscribe("bela");
        inbox.send("anna", "{\"type\":\"challenge\"}").await;
        inbox.send("nobody", "lost").await;
        assert_eq!(
            anna.recv().await.ok().as_deref(),
            Some("{\"type\":\"challenge\"}")
        );
        assert_eq!(
            anna_too.recv().await.ok().as_deref(),
            Some("{\"type\":\"challenge\"}")
        );
        assert!(bela.try_recv().is_err());
        drop((anna, anna_too));
        inbox.send("anna", "to no one").await;
        inbox.forget_closed();
        assert_eq!(inbox.streams.lock().map(|s| s.len()).unwrap_or(0), 1);
    }
}
