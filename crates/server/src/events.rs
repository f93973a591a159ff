//! What the command path tells the services above it without knowing them:
//! a game that ended (its result then goes into its tournament; a game
//! between accounts is rated). The command path sends; one follower,
//! started with the app ([`crate::routes::router`] starts
//! [`crate::follow::games`]), receives. An event that finds the queue full is dropped with a warning:
//! that costs only time, since a tournament also enters the results of its
//! ended games on its next read.

use std::sync::{Mutex, PoisonError};

use tokio::sync::mpsc;

/// The most events waiting for the follower.
const WAITING: usize = 4096;

/// Something that happened to a game, once committed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happened {
    /// A game ended.
    GameEnded {
        /// The game.
        game: String,
        /// The tournament it belongs to, if any.
        tournament: Option<String>,
        /// A game an account plays (against another, or the computer).
        accounts: bool,
    },
}

/// The queue of events, and its receiving end until the follower takes it.
pub struct Events {
    sender: mpsc::Sender<Happened>,
    receiver: Mutex<Option<mpsc::Receiver<Happened>>>,
}

impl Default for Events {
    fn default() -> Events {
        let (sender, receiver) = mpsc::channel(WAITING);
        Events {
            sender,
            receiver: Mutex::new(Some(receiver)),
        }
    }
}

impl Events {
    /// Sends an event (never waits: a full queue drops it).
    pub fn send(&self, happened: Happened) {
        match self.sender.try_send(happened) {
            Ok(()) | Err(mpsc::error::TrySendError::Closed(_)) => {}
            Err(mpsc::error::TrySendError::Full(h)) => {
                tracing::warn!(event = ?h, "the event queue is full: an event is dropped");
            }
        }
    }

    /// The receiving end: the first caller gets it, later ones `None`.
    pub fn take_receiver(&self) -> Option<mpsc::Receiver<Happened>> {
        self.receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_follower_takes_the_events_once() {
        let events = Events::default();
        let ended = Happened::GameEnded {
            game: "g".to_string(),
            tournament: Some("t".to_string()),
            accounts: false,
        };
        events.send(ended.clone());
        let Some(mut receiver) = events.take_receiver() else {
            panic!("the first taker gets the receiver");
        };
        assert!(events.take_receiver().is_none());
        assert_eq!(receiver.recv().await, Some(ended));
    }

    #[tokio::test]
    async fn a_full_queue_drops_the_event_without_waiting() {
        let events = Events::default();
        for i in 0..WAITING + 10 {
            events.send(Happened::GameEnded {
                game: i.to_string(),
                tournament: None,
                accounts: false,
            });
        }
        let Some(mut receiver) = events.take_receiver() else {
            panic!("the first taker gets the receiver");
        };
        let mut got = 0;
        while receiver.try_recv().is_ok() {
            got += 1;
        }
        assert_eq!(got, WAITING);
    }
}
