//! # sakk-play — a game of chess in play, as plain data
//!
//! The domain of the sakk server's games, with no I/O: a game in play
//! ([`live::LiveGame`]: the rules, the clock, the seats), the commands
//! people and the server give it ([`command::Command`]) and what each does
//! ([`command::execute`], on a copy, or for a move on the game with a
//! [`live::LiveMark`] to set it back to), the rows a game is stored as
//! ([`rows`]), the wire types every client reads ([`wire`]) and the stable
//! codes of its refusals ([`codes`]). It speaks in codes and arguments,
//! never sentences: the words are the clients' (from `sakk-i18n`'s
//! catalogues). The server (`sakk-server`) adds storage, the bus, the
//! cluster and the transports around it.
//!
//! ```
//! use std::time::Duration;
//! use sakk_play::command::{execute, Actor, Command};
//! use sakk_play::live::{LiveGame, Notation};
//! use sakk_play::rows::GameRow;
//! use sakk_play::seat::hash_token;
//!
//! let row = GameRow {
//!     id: "g1".to_string(),
//!     start_fen: sakk::STARTING_FEN.to_string(),
//!     white_token: hash_token("w"),
//!     black_token: hash_token("b"),
//!     ..GameRow::default()
//! };
//! let mut game = LiveGame::restore(row, &[], Duration::ZERO).unwrap();
//! for (token, text) in [("w", "e4"), ("b", "e5")] {
//!     let mv = Command::Move { text: text.to_string(), lang: None, offering_draw: false };
//!     assert!(execute(&mut game, Actor::Client(token), mv, Duration::ZERO).reply.is_ok());
//! }
//! let state = game.state(&mut Notation::default(), Duration::ZERO);
//! assert_eq!(state.moves, "e2e4 e7e5");
//! assert_eq!(serde_json::to_value(&state).unwrap()["turn"], "white");
//! ```

pub mod codes;
pub mod command;
pub mod live;
pub mod rows;
pub mod seat;
pub mod wire;
