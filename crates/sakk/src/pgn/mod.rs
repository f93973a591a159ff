//! PGN: a streaming reader (one game in memory at a time, whatever the file
//! size) that hands each game to a [`Visitor`], a visitor that builds and
//! validates games ([`GameBuilder`]), and a writer for the export format.
//!
//! ```
//! use sakk::pgn::{read_games, write_game, ExportOptions};
//!
//! let text = "[Event \"Casual\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n\
//!             1. f3 e5 2. g4 {[%clk 0:00:58]} Qh4# 0-1\n";
//! let games: Vec<_> = read_games(text.as_bytes()).collect();
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.moves.len(), 4);
//! assert_eq!(game.moves[2].clock, Some(core::time::Duration::from_secs(58)));
//! let out = write_game(game, &ExportOptions::default());
//! assert!(out.starts_with("[Event \"Casual\"]\n[Site \"?\"]"));
//! assert!(out.contains("2. g4 { [%clk 0:00:58] } 2... Qh4# 0-1"));
//! ```

mod builder;
mod check;
mod problem;
mod reader;
mod scan;
mod writer;

pub use builder::{Eval, GameBuilder, PgnGame, PgnMove, Variation, MAX_VARIATION_DEPTH};
pub use check::{check_games, CheckedGame, Checker, ResultTag, ResultToken};
pub use problem::{MoveAt, PgnProblem};
pub use reader::{read_games, read_games_with_variations, PgnError, Reader, Skip, Visitor};
pub use writer::{civil_date, format_clock, format_date, write_game, ExportOptions};
