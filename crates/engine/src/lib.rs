//! # sakk-engine — the sakk chess engine
//!
//! Alpha-beta search with the usual modern refinements (see [`search`]), an
//! efficiently updatable neural network trained here from the engine's own
//! games and built into the binary ([`nnue`], the default evaluation), the
//! tapered hand-made evaluation it was bootstrapped from ([`eval`], kept
//! for comparison), time management for every clock
//! ([`time`]), strength levels for people ([`strength`]) and the UCI
//! protocol ([`uci`]), so that the engine also runs inside other chess
//! programs.
//!
//! ```
//! use std::sync::Arc;
//! use sakk::Position;
//! use sakk_engine::search::{Limits, Searcher, Shared, Task};
//!
//! // Mate in one: Qh5xf7#.
//! let pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
//! let mut searcher = Searcher::new(Arc::new(Shared::new(16)), true);
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let outcome = searcher.think(&pos, &[], Task::with_limits(limits), &mut |_| {});
//! assert_eq!(pos.uci(outcome.best.unwrap()).to_string(), "h5f7");
//! ```

pub mod continuation;
pub mod correction;
pub mod eval;
pub mod nnue;
pub mod opponent;
pub mod params;
pub mod rng;
pub mod search;
pub mod see;
pub mod strength;
pub mod time;
pub mod tournament;
pub mod tt;
pub mod tune;
pub mod uci;
