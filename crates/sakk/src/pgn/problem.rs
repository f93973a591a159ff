//! What can be wrong in a game of a PGN file, as a stable code with its
//! parameters (for a catalogue's words), and in the library's own English.

use crate::fen::FenError;
use crate::input::MoveInputError;

/// A problem that stops a game of a PGN file from being read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnProblem {
    /// The `Variant` tag names a variant sakk does not play.
    UnsupportedVariant {
        /// The tag's value.
        variant: String,
    },
    /// The `FEN` tag does not read.
    BadFen(FenError),
    /// A move that does not read, or that is not legal where it stands.
    Move {
        /// Where it stands in the game.
        at: MoveAt,
        /// Why not.
        error: MoveInputError,
    },
    /// A piece drop (`N@f3`): crazyhouse's, not standard chess's.
    PieceDrop {
        /// Where it stands in the game.
        at: MoveAt,
    },
    /// A null move (`--`) played by a side in check.
    NullMoveInCheck {
        /// Where it stands in the game.
        at: MoveAt,
    },
    /// A variation with no move before it to replace.
    VariationWithoutMove,
    /// Variations nested deeper than
    /// [`MAX_VARIATION_DEPTH`](super::MAX_VARIATION_DEPTH).
    VariationsTooDeep,
}

/// A move's place in a game: its number, its side, its text, its ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAt {
    /// The move number (`12` for `12. Nf3` and `12... Nf6`).
    pub number: u32,
    /// Black's move.
    pub black: bool,
    /// The move as written.
    pub san: String,
    /// Plies from the game's start, from 1.
    pub ply: usize,
}

impl MoveAt {
    /// `12. Nf3` or `12... Nf6`.
    pub fn label(&self) -> String {
        let dots = if self.black { "..." } else { "." };
        format!("{}{dots} {}", self.number, self.san)
    }
}

impl PgnProblem {
    /// A stable code (`pgn_` and a name), naming a catalogue's message.
    pub const fn code(&self) -> &'static str {
        match self {
            PgnProblem::UnsupportedVariant { .. } => "pgn_unsupported_variant",
            PgnProblem::BadFen(_) => "pgn_bad_fen",
            PgnProblem::Move { .. } => "pgn_bad_move",
            PgnProblem::PieceDrop { .. } => "pgn_piece_drop",
            PgnProblem::NullMoveInCheck { .. } => "pgn_null_move_in_check",
            PgnProblem::VariationWithoutMove => "pgn_variation_without_move",
            PgnProblem::VariationsTooDeep => "pgn_variations_too_deep",
        }
    }

    /// The move, for a problem with one.
    pub fn at(&self) -> Option<&MoveAt> {
        match self {
            PgnProblem::Move { at, .. }
            | PgnProblem::PieceDrop { at }
            | PgnProblem::NullMoveInCheck { at } => Some(at),
            _ => None,
        }
    }

    /// The parameters of its message: `move` (`12... Nf6`) for a move's
    /// problem, `variant` for a variant's, `depth` for the nesting; the
    /// move's own refusal and the FEN's reason are told by their own codes
    /// ([`MoveInputError::code`], [`FenError::code`]).
    pub fn args(&self) -> Vec<(&'static str, String)> {
        let mut args = Vec::new();
        if let Some(at) = self.at() {
            args.push(("move", at.label()));
        }
        match self {
            PgnProblem::UnsupportedVariant { variant } => args.push(("variant", variant.clone())),
            PgnProblem::VariationsTooDeep => {
                args.push(("depth", super::MAX_VARIATION_DEPTH.to_string()));
            }
            _ => {}
        }
        args
    }

    /// The problem in English, as `sakk pgn check` prints it.
    pub fn message_en(&self) -> String {
        match self {
            PgnProblem::UnsupportedVariant { variant } => format!(
                "the variant {variant:?} is not supported: sakk reads standard chess and Chess960"
            ),
            PgnProblem::BadFen(e) => format!("bad FEN tag: {e}"),
            PgnProblem::Move { at, error } => {
                format!(
                    "move {} (ply {}): {}",
                    at.label(),
                    at.ply,
                    error.message_en()
                )
            }
            PgnProblem::PieceDrop { at } => format!(
                "move {} (ply {}): a piece drop (crazyhouse, bughouse) is no move of standard \
                 chess; the game needs a Variant tag sakk does not read",
                at.label(),
                at.ply
            ),
            PgnProblem::NullMoveInCheck { at } => format!(
                "move {}: a null move ({}) while in check cannot be played",
                at.number, at.san
            ),
            PgnProblem::VariationWithoutMove => {
                "a variation with no move before it to replace".to_string()
            }
            PgnProblem::VariationsTooDeep => format!(
                "variations nested deeper than {}",
                super::MAX_VARIATION_DEPTH
            ),
        }
    }
}
