//! The bus: how a committed change reaches every watcher of its game, on
//! this node and on the others. Within one process it is a table of
//! broadcast channels ([`Bus::local`]); in a cluster it is NATS
//! ([`Bus::nats`]): the game's owner publishes each committed event on the
//! subject `sakk.game.<id>`, and every node with a watcher of that game
//! holds one subscription to it and relays what arrives to its own
//! watchers. The same connection carries the calls forwarded to a game's
//! owner and the engine jobs for `sakk worker` (see [`crate::cluster`] and
//! [`crate::worker`]).
//!
//! NATS keeps the order of one publisher's messages on a subject; a
//! watcher also skips any event not newer than the state it already has
//! (events carry the game's version), and after the connection to NATS was
//! lost and found again every watcher is told to fetch the full state
//! (`resync`), since events published meanwhile are gone.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::broadcast;
use tokio::task::AbortHandle;

use crate::error::ApiError;
use crate::games::Published;

/// Events a slow watcher may fall behind by before it gets the full state
/// again.
const FEED_CAPACITY: usize = 16;

/// Why the bus could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum BusError {
    /// The NATS server refused or could not be reached.
    #[error("cannot connect to NATS at {url}: {source}")]
    Connect {
        /// The address.
        url: String,
        /// What went wrong.
        source: async_nats::ConnectError,
    },
}

/// A game's watchers on this node.
struct Feed {
    tx: broadcast::Sender<Arc<Published>>,
    /// The task relaying the game's subject from NATS.
    relay: Option<AbortHandle>,
}

impl Drop for Feed {
    fn drop(&mut self) {
        if let Some(r) = self.relay.take() {
            r.abort();
        }
    }
}

/// Headers of an event on NATS.
const VERSION: &str = "Sakk-Version";
const ENDED: &str = "Sakk-Ended";
/// The header of a chat line: its room.
const ROOM: &str = "Sakk-Chat-Room";
/// The header of an event that carries its `gameDelta` line after its full
/// one: the byte where the delta begins.
const DELTA_AT: &str = "Sakk-Delta-At";

/// The bus of this node.
pub struct Bus {
    nats: Option<async_nats::Client>,
    feeds: Arc<Mutex<HashMap<String, Feed>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Hears every message on `subject` (a NATS subject, wildcards allowed)
/// until shutdown or the subscription ends, and gives each to `each`
/// (its subject and its text; a message that is not UTF-8 is skipped).
/// `what` names what is heard, for the log when it cannot be.
pub async fn hear(
    nats: &async_nats::Client,
    subject: &'static str,
    what: &str,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
    mut each: impl FnMut(&str, &str),
) {
    let mut messages = match nats.subscribe(subject).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "{what} cannot be heard");
            return;
        }
    };
    loop {
        let message = tokio::select! {
            m = messages.next() => match m {
                Some(m) => m,
                None => return,
            },
            _ = shutdown.changed() => return,
        };
        if let Ok(text) = std::str::from_utf8(&message.payload) {
            each(message.subject.as_str(), text);
        }
    }
}

/// The subject of a game's events.
pub fn game_subject(id: &str) -> String {
    format!("sakk.game.{id}")
}

impl Bus {
    /// The bus of a single server: watchers in this process only.
    pub fn local() -> Bus {
        Bus {
            nats: None,
            feeds: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// Connects to the NATS server at `url` as `name`; reconnects by itself
    /// whenever the connection drops (and then tells every watcher to fetch
    /// the full state).
    ///
    /// # Errors
    /// [`BusError::Connect`].
    pub async fn nats(url: &str, name: &str) -> Result<Bus, BusError> {
        let feeds: Arc<Mutex<HashMap<String, Feed>>> = Arc::new(Mutex::new(HashMap::new()));
        let on_event = Arc::clone(&feeds);
        let client = async_nats::ConnectOptions::new()
            .name(name)
            // This node's own events reach its watchers directly.
            .no_echo()
            .connection_timeout(Duration::from_secs(3))
            .max_reconnects(None)
            .reconnect_delay_callback(|attempt| {
                Duration::from_millis(100 * u64::try_from(attempt.min(10)).unwrap_or(10))
            })
            .event_callback(move |event| {
                let feeds = Arc::clone(&on_event);
                async move {
                    match event {
                        async_nats::Event::Connected => {
                            tracing::info!("NATS connected");
                            resync(&feeds);
                        }
                        async_nats::Event::Disconnected => tracing::warn!("NATS disconnected"),
                        other => tracing::debug!(event = %other, "NATS"),
                    }
                }
            })
            .connect(url)
            .await
            .map_err(|source| BusError::Connect {
                url: url.to_string(),
                source,
            })?;
        Ok(Bus {
            nats: Some(client),
            feeds,
        })
    }

    /// The NATS connection, in a cluster.
    pub fn client(&self) -> Option<&async_nats::Client> {
        self.nats.as_ref()
    }

    /// Whether the bus can carry messages now (always, within one process).
    pub fn is_up(&self) -> bool {
        self.nats
            .as_ref()
            .is_none_or(|c| c.connection_state() == async_nats::connection::State::Connected)
    }

    /// Announces a committed event of game `id` (or a chat line): to this
    /// node's watchers at once, and on NATS to the other nodes'. An event NATS cannot take now
    /// is dropped (the other nodes' watchers fetch the full state when the
    /// connection is back).
    pub async fn publish(&self, id: &str, event: Arc<Published>) {
        // Heard here at once; NATS echoes nothing back to this node, so a
        // chat line (which has no version to tell twice from once) is heard
        // once here too.
        if let Some(feed) = lock(&self.feeds).get(id) {
            let _ = feed.tx.send(Arc::clone(&event));
        }
        if let Some(client) = &self.nats {
            let (headers, payload) = to_nats(&event);
            if let Err(e) = client
                .publish_with_headers(game_subject(id), headers, payload.into())
                .await
            {
                tracing::warn!(game = id, error = %e, "event not published on NATS");
            }
        }
    }

    /// A subscription to game `id`'s events from now on. In a cluster the
    /// node's subscription to the game's subject is in place (the NATS
    /// server has it) when this returns.
    ///
    /// # Errors
    /// `bus_unavailable` when NATS cannot be reached.
    pub async fn watch(&self, id: &str) -> Result<broadcast::Receiver<Arc<Published>>, ApiError> {
        if let Some(feed) = lock(&self.feeds).get(id) {
            if feed.relay.is_some() || self.nats.is_none() {
                return Ok(feed.tx.subscribe());
            }
        }
        let tx = broadcast::channel(FEED_CAPACITY).0;
        let rx = tx.subscribe();
        let relay = match &self.nats {
            None => None,
            Some(client) => {
                let mut sub = client
                    .subscribe(game_subject(id))
                    .await
                    .map_err(|_| ApiError::BusUnavailable)?;
                client.flush().await.map_err(|_| ApiError::BusUnavailable)?;
                let tx2 = tx.clone();
                let task = tokio::spawn(async move {
                    while let Some(msg) = sub.next().await {
                        let event = from_nats(msg.headers.as_ref(), &msg.payload);
                        let _ = tx2.send(Arc::new(event));
                    }
                });
                Some(task.abort_handle())
            }
        };
        let mut feeds = lock(&self.feeds);
        if let Some(feed) = feeds.get(id) {
            if feed.relay.is_some() || self.nats.is_none() {
                // Another watcher set the feed up meanwhile: ours goes.
                if let Some(r) = relay {
                    r.abort();
                }
                return Ok(feed.tx.subscribe());
            }
        }
        feeds.insert(id.to_string(), Feed { tx, relay });
        Ok(rx)
    }

    /// A subscription to `key`'s events from now on, kept only if `exists`
    /// (run once the subscription is in place, so that nothing committed
    /// after it is missed) says the game or tournament is there: otherwise
    /// the feed goes at once (asking for unknown ids leaves nothing
    /// behind). A key that is not a plain name (letters, digits, `-`, `_`;
    /// no NATS wildcard or separator) is `not_found` before anything is
    /// subscribed.
    ///
    /// # Errors
    /// `not_found`, `bus_unavailable`, or what `exists` answers.
    pub async fn watch_if<T>(
        &self,
        key: &str,
        exists: impl std::future::Future<Output = Result<T, ApiError>>,
    ) -> Result<(broadcast::Receiver<Arc<Published>>, T), ApiError> {
        if !crate::security::is_plain_key(key) {
            return Err(ApiError::NotFound);
        }
        let rx = self.watch(key).await?;
        match exists.await {
            Ok(t) => Ok((rx, t)),
            Err(e) => {
                drop(rx);
                self.release(key);
                Err(e)
            }
        }
    }

    /// Drops `key`'s feed (and its NATS subscription) if nobody watches it.
    fn release(&self, key: &str) {
        let mut feeds = lock(&self.feeds);
        if feeds.get(key).is_some_and(|f| f.tx.receiver_count() == 0) {
            feeds.remove(key);
        }
    }

    /// The feeds on this node (each game or tournament watched here).
    pub fn feeds(&self) -> usize {
        lock(&self.feeds).len()
    }

    /// How many watchers game `id` has on this node.
    pub fn watchers(&self, id: &str) -> usize {
        lock(&self.feeds)
            .get(id)
            .map_or(0, |f| f.tx.receiver_count())
    }

    /// Drops the feeds nobody watches any more (and their NATS
    /// subscriptions).
    pub fn sweep(&self) {
        lock(&self.feeds).retain(|_, f| f.tx.receiver_count() > 0);
    }
}

/// An event as NATS carries it: its version, end, chat room and where its
/// delta begins in headers; its full line, then its delta line, as the
/// payload.
fn to_nats(event: &Published) -> (async_nats::HeaderMap, Vec<u8>) {
    let mut headers = async_nats::HeaderMap::new();
    headers.insert(VERSION, event.version.to_string().as_str());
    if event.ended {
        headers.insert(ENDED, "1");
    }
    if let Some(room) = event.room {
        headers.insert(ROOM, room.as_str());
    }
    let mut payload = event.text().as_bytes().to_vec();
    if let Some(delta) = &event.delta {
        headers.insert(DELTA_AT, payload.len().to_string().as_str());
        payload.extend_from_slice(delta.as_bytes());
    }
    (headers, payload)
}

/// An event heard on NATS ([`to_nats`] undone).
fn from_nats(headers: Option<&async_nats::HeaderMap>, payload: &[u8]) -> Published {
    let header = |name: &str| {
        headers
            .and_then(|h| h.get(name))
            .map(|v| v.as_str().to_string())
    };
    let version = header(VERSION).and_then(|v| v.parse().ok()).unwrap_or(0);
    let ended = header(ENDED).is_some();
    let room = header(ROOM).and_then(|r| crate::wire::ChatRoom::parse(&r));
    let mut line = String::from_utf8_lossy(payload).into_owned();
    let delta = match header(DELTA_AT).and_then(|at| at.parse::<usize>().ok()) {
        Some(at) if line.is_char_boundary(at) => Some(line.split_off(at)),
        _ => None,
    };
    match room {
        Some(room) => Published::chat(line, room),
        None => Published::written(line, delta, version, ended),
    }
}

/// Tells every watcher to fetch the full state.
fn resync(feeds: &Mutex<HashMap<String, Feed>>) {
    for feed in lock(feeds).values() {
        let _ = feed.tx.send(Arc::new(Published::resync()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(version: u64) -> Arc<Published> {
        Arc::new(Published::written(
            format!("{{\"v\":{version}}}"),
            None,
            version,
            false,
        ))
    }

    /// Across NATS an event keeps its full line, its delta, its version,
    /// its end and its room.
    #[test]
    fn an_event_crosses_nats_whole() {
        let events = [
            Published::written(
                r#"{"type":"gameState","ü":1}"#.into(),
                Some(r#"{"type":"gameDelta","from":3}"#.into()),
                7,
                true,
            ),
            Published::written(r#"{"v":2}"#.into(), None, 2, false),
            Published::chat(
                r#"{"type":"chatLine"}"#.into(),
                crate::wire::ChatRoom::Spectator,
            ),
        ];
        for sent in events {
            let (headers, payload) = to_nats(&sent);
            let heard = from_nats(Some(&headers), &payload);
            assert_eq!(
                (
                    heard.text(),
                    &heard.delta,
                    heard.version,
                    heard.ended,
                    heard.room
                ),
                (
                    sent.text(),
                    &sent.delta,
                    sent.version,
                    sent.ended,
                    sent.room
                )
            );
        }
        // Without headers: a line of version 0.
        let bare = from_nats(None, b"{}");
        assert_eq!(
            (bare.text(), bare.delta.is_none(), bare.version),
            ("{}", true, 0)
        );
    }

    #[tokio::test]
    async fn a_local_bus_reaches_the_watchers_of_the_game_only() {
        let bus = Bus::local();
        let Ok(mut a) = bus.watch("a").await else {
            panic!("watch")
        };
        let Ok(mut a2) = bus.watch("a").await else {
            panic!("watch")
        };
        let Ok(mut b) = bus.watch("b").await else {
            panic!("watch")
        };
        assert_eq!(bus.watchers("a"), 2);
        bus.publish("a", event(1)).await;
        bus.publish("c", event(9)).await;
        assert_eq!(a.try_recv().map(|p| p.version).ok(), Some(1));
        assert_eq!(a2.try_recv().map(|p| p.version).ok(), Some(1));
        assert!(b.try_recv().is_err());
        drop((a, a2));
        bus.sweep();
        assert_eq!(bus.watchers("a"), 0);
        assert_eq!(bus.watchers("b"), 1);
        assert!(bus.is_up());
    }
}
