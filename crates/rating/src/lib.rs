//! Players' ratings on a chess server: Glicko-2 as Mark Glickman describes
//! it ([`glicko`]), and the categories and settings a server rates games
//! by ([`perf`]: lichess's speed categories, its Glicko-2 settings and
//! bounds).
//!
//! No dependencies: it knows nothing of servers or storage (with the
//! optional `serde` feature, its types are stored and sent as JSON).
//!
//! ```
//! use sakk_rating::{Score, Settings, Speed};
//!
//! let lichess = Settings::LICHESS;
//! let (anna, bela) = (lichess.new_perf(), lichess.new_perf());
//! // Anna, White, wins their first game, a 3+2 blitz.
//! assert_eq!(Speed::of_clock(180, 2), Speed::Blitz);
//! let (anna, bela) = lichess.rate_game(&anna, &bela, Score::Win, 0).unwrap();
//! assert_eq!((anna.int_rating(), bela.int_rating()), (1741, 1258));
//! assert!(lichess.provisional(anna.glicko)); // RD 396: shown as 1741?
//! ```

pub mod glicko;
pub mod perf;

pub use glicko::{Glicko, GlickoError, Score};
pub use perf::{int_rating, Perf, Settings, Speed};
