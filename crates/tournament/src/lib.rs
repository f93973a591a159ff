//! Chess tournaments as clubs run them: the players and their starting
//! ranks, the rounds with colours and results ([`Tournament`]), round robin
//! pairings by FIDE's Berger tables ([`berger`]), Swiss pairings by the
//! FIDE Dutch system ([`dutch`], on a weighted [`matching`] of [`wide`]
//! integers), what they read from past rounds ([`history`]: colour
//! preferences, floats), FIDE rating
//! changes and performance ratings ([`rating`]), and FIDE's Tournament
//! Report File ([`trf`]), the format Swiss-Manager, Vega, JaVaFo and
//! bbpPairings exchange. [`event`] runs a tournament round by round, as
//! an organiser does (with the optional `serde` feature, it is stored as
//! JSON).
//!
//! No dependencies: it knows nothing of servers or engines.
//!
//! ```
//! use sakk_tournament::{berger, trf};
//!
//! // Four players, single round robin: three rounds of two games.
//! let rounds = berger::rounds(4, berger::Cycles::Single);
//! assert_eq!(rounds.len(), 3);
//! assert_eq!(rounds[0][0].white, 1);
//! assert_eq!(rounds[0][0].black, Some(4));
//!
//! // A tournament from its TRF, and back.
//! let text = "012 Club championship\n\
//!             001    1      Kovacs,Anna                       1850 HUN      123456 1990.01.01  1.0    1     2 w 1  \n\
//!             001    2      Nagy,Bela                         1720 HUN      234567 1985.05.05  0.0    2     1 b 0  \n";
//! let t = trf::read(text).unwrap();
//! assert_eq!(t.players[0].name, "Kovacs,Anna");
//! assert_eq!(t.score(1), 2);   // in half points
//! assert!(trf::write(&t).contains("Kovacs,Anna"));
//! ```

pub mod berger;
pub mod dutch;
mod encounter;
pub mod event;
pub mod history;
pub mod matching;
mod model;
pub mod rating;
pub mod tiebreak;
pub mod trf;
pub mod wide;

pub use model::{Color, Date, Entry, Outcome, Player, Points, Tournament};
