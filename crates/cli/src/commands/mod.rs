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

/// Where a command starts: `--fen`, `--chess960`.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct Start {
    /// The position (FEN, or `startpos`); the start position if absent.
    /// Castling rights written as the rooks' files (Shredder-FEN, `HAha`),
    /// or as `KQkq` with a castling king off the e-file, are read as
    /// Chess960.
    #[arg(long)]
    pub fen: Option<String>,
    /// Chess960: alone, reads --fen as Chess960 (castling written
    /// king-takes-rook, as where the king and rooks start as in standard
    /// chess); `--chess960=N` starts from Chess960 position N instead
    /// (0 to 959, Scharnagl's numbering; 518 is the standard array).
    #[arg(long, num_args = 0..=1, require_equals = true,
          value_parser = clap::value_parser!(u16).range(0..i64::from(sakk::CHESS960_POSITIONS)))]
    pub chess960: Option<Option<u16>>,
}

impl Start {
    /// The position: `--fen` (absent or `startpos`: the start position),
    /// read as [`sakk::Position::from_any_fen`] reads it, or as Chess960
    /// with `--chess960`; or Chess960 position N.
    pub fn position(&self) -> Result<sakk::Position, Failure> {
        let fen = self.fen.as_deref().map(str::trim);
        match (fen, self.chess960) {
            (Some(_), Some(Some(_))) => Err(Failure::usage(
                "give either --fen or --chess960=N (a Chess960 start position), not both",
            )),
            (_, Some(Some(n))) => sakk::Position::chess960(n)
                .ok_or_else(|| Failure::usage(format!("no Chess960 position {n}: 0 to 959"))),
            (None | Some("startpos"), Some(None)) => {
                sakk::Position::chess960(sakk::STANDARD_CHESS960_NUMBER)
                    .ok_or_else(|| Failure::other("no Chess960 standard array"))
            }
            (None | Some("startpos"), None) => Ok(sakk::Position::new()),
            (Some(text), Some(None)) => {
                sakk::Position::from_fen_with_mode(text, sakk::CastlingMode::Chess960)
                    .map_err(|e| Failure::usage(e.to_string()))
            }
            (Some(text), None) => {
                sakk::Position::from_any_fen(text).map_err(|e| Failure::usage(e.to_string()))
            }
        }
    }
}
