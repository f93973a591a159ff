//! Each account's own event stream (lichess's `/api/stream/event`): the
//! challenges made to and by it, their ends, and the starts and finishes
//! of its games, as NDJSON lines, to every stream the account has open on
//! this server. An account with no stream open gets nothing (what it
//! missed, it reads again when it connects: the open challenges and the
//! games in play).
//!
//! On one server; in a cluster, an event reaches the streams on the node
//! that made it (the lobby's next slice carries them over NATS).

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
}

impl Inbox {
    /// A new subscription to an account's events.
    pub fn subscribe(&self, user: &str) -> broadcast::Receiver<Arc<str>> {
        let mut streams = self.streams.lock().unwrap_or_else(PoisonError::into_inner);
        streams
            .entry(user.to_string())
            .or_insert_with(|| broadcast::channel(CAPACITY).0)
            .subscribe()
    }

    /// Sends one event line to every open stream of the account.
    pub fn send(&self, user: &str, line: &str) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn each_account_gets_its_own_events() {
        let inbox = Inbox::default();
        let mut anna = inbox.subscribe("anna");
        let mut anna_too = inbox.subscribe("anna");
        let mut bela = inbox.subscribe("bela");
        inbox.send("anna", "{\"type\":\"challenge\"}");
        inbox.send("nobody", "lost");
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
        inbox.send("anna", "to no one");
        inbox.forget_closed();
        assert_eq!(inbox.streams.lock().map(|s| s.len()).unwrap_or(0), 1);
    }
}
