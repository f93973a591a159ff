//! One module per subcommand.

pub mod accounts;
pub mod engine;
pub mod moves;
pub mod nnue;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod replay;
pub mod serve;
pub mod tournament;
pub mod tune;
pub mod unwinnable;

use crate::Failure;

/// Reads `--fen`: absent or `startpos` is the start position.
pub fn position(fen: Option<&str>) -> Result<sakk::Position, Failure> {
    match fen.map(str::trim) {
        None | Some("startpos") => Ok(sakk::Position::new()),
        Some(text) => sakk::Position::from_fen(text).map_err(|e| Failure::usage(e.to_string())),
    }
}
