//! A game as it is stored: its row, its moves, what it shows between
//! moves, and what one commit writes. The server's storage writes and
//! reads these; nothing here knows SQL.

use serde::{Deserialize, Serialize};

use crate::wire::{Opponent, PgnResult, RejectedClaim, Side, SquareName, Status, TerminationCode};

/// What a commit writes besides the game's new row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A new game: its row is inserted (version 0).
    Insert,
    /// Only the game's state (an offer, an ending, a flag fall, a touch).
    State,
    /// A move, with the state after it.
    Move(MoveRow),
    /// A draw offered with the move at this ply, just made: the move is
    /// marked as made with an offer.
    Offer {
        /// The move's ply.
        ply: i64,
    },
    /// A takeback: the moves from this ply on are removed.
    TakeBack {
        /// The first ply removed.
        from_ply: i64,
    },
}

/// A game as stored.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRow {
    /// The game id.
    pub id: String,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// Last change, milliseconds since the Unix epoch.
    pub updated_at: i64,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// The SHA-256 of White's seat token (hex).
    pub white_token: String,
    /// The SHA-256 of Black's seat token (hex).
    pub black_token: String,
    /// The human's colour against the computer.
    pub human_color: Option<Side>,
    /// The computer's level, 1–8.
    pub level: Option<i64>,
    /// The start position.
    pub start_fen: String,
    /// The clock settings as JSON, if timed.
    pub clock: Option<String>,
    /// The event rules as JSON.
    pub rules: String,
    /// Where the game stands.
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted).
    pub result: Option<PgnResult>,
    /// How the game ended.
    pub termination: Option<TerminationCode>,
    /// The side whose resignation or flag ended the game.
    pub ended_by: Option<Side>,
    /// White's time left after the last move.
    pub white_ms: Option<i64>,
    /// Black's time left after the last move.
    pub black_ms: Option<i64>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// The id of this game's rematch, once one was started.
    pub rematch: Option<String>,
    /// The tournament this game is a board of (its result goes there).
    pub tournament: Option<String>,
    /// Bumped by every commit; a commit of version `v` replaces `v - 1`.
    pub version: i64,
    /// What the game shows between moves (none: nothing).
    pub pending: Option<Pending>,
    /// The random number of the commit that wrote this row.
    pub commit_id: i64,
    /// The account playing White, in a game between accounts (its id).
    pub white_user: Option<String>,
    /// The account playing Black.
    pub black_user: Option<String>,
    /// Whether the game counts for the players' ratings.
    pub rated: bool,
    /// White's rating in the game's category as the game began (a game
    /// between accounts).
    pub white_rating: Option<i64>,
    /// Black's rating as the game began.
    pub black_rating: Option<i64>,
    /// When the side to move loses on time, milliseconds since the Unix
    /// epoch: kept for correspondence games (days a move), whose time runs
    /// on while no server holds them.
    pub deadline: Option<i64>,
}

impl GameRow {
    /// The game's variant, kept with its rules (standard when they do not
    /// say).
    pub fn variant(&self) -> crate::wire::Variant {
        serde_json::from_str::<crate::wire::RulesSpec>(&self.rules)
            .map(|r| r.variant)
            .unwrap_or_default()
    }
}

/// What a game shows between moves — a takeback request standing, the
/// squares touched under touch-move, an incorrect draw claim just refused
/// — stored with it, so that a restart or a take-over shows the same
/// (column `pending`, JSON).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The side that asked to take back, while the question stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback_offer: Option<Side>,
    /// The squares touched by the side to move, in order (`e2`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub touched: Vec<SquareName>,
    /// The incorrect draw claim just made, until the next move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejected_claim: Option<RejectedClaim>,
}

impl Pending {
    /// `None` when there is nothing to keep.
    pub fn some(self) -> Option<Pending> {
        (self != Pending::default()).then_some(self)
    }
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// From 0.
    pub ply: i64,
    /// The move in UCI.
    pub uci: String,
    /// Made with a draw offer.
    pub offer: bool,
    /// The move a correct draw claim declared (written on the scoresheet;
    /// the game ended with it). Stored with `offer` in one integer column
    /// (bit 0: offer, bit 1: declared).
    pub declared: bool,
    /// White's time left after it.
    pub white_ms: Option<i64>,
    /// Black's time left after it.
    pub black_ms: Option<i64>,
}
