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
    /// Whether White's rating was provisional (shown with `?`) as the game
    /// began.
    pub white_provisional: bool,
    /// Whether Black's rating was provisional as the game began.
    pub black_provisional: bool,
    /// When the side to move loses on time, milliseconds since the Unix
    /// epoch: kept for correspondence games (days a move), whose time runs
    /// on while no server holds them.
    pub deadline: Option<i64>,
}

impl GameRow {
    /// Whether this row differs from `before` only in what a move's own
    /// row keeps as well — the time of the change, both clocks, the
    /// version and the commit id — so that storing the move stores the
    /// whole change (the game's row is then not rewritten; read back, it
    /// takes those fields from its last move).
    pub fn moved_only_from(&self, before: &GameRow) -> bool {
        // Every field named, so that a new one is decided here.
        let GameRow {
            id,
            created_at,
            updated_at: _,
            opponent,
            white_token,
            black_token,
            human_color,
            level,
            start_fen,
            clock,
            rules,
            status,
            result,
            termination,
            ended_by,
            white_ms: _,
            black_ms: _,
            draw_offer,
            rematch,
            tournament,
            version: _,
            pending,
            commit_id: _,
            white_user,
            black_user,
            rated,
            white_rating,
            black_rating,
            white_provisional,
            black_provisional,
            deadline,
        } = self;
        *id == before.id
            && *created_at == before.created_at
            && *opponent == before.opponent
            && *white_token == before.white_token
            && *black_token == before.black_token
            && *human_color == before.human_color
            && *level == before.level
            && *start_fen == before.start_fen
            && *clock == before.clock
            && *rules == before.rules
            && *status == before.status
            && *result == before.result
            && *termination == before.termination
            && *ended_by == before.ended_by
            && *draw_offer == before.draw_offer
            && *rematch == before.rematch
            && *tournament == before.tournament
            && *pending == before.pending
            && *white_user == before.white_user
            && *black_user == before.black_user
            && *rated == before.rated
            && *white_rating == before.white_rating
            && *black_rating == before.black_rating
            && *white_provisional == before.white_provisional
            && *black_provisional == before.black_provisional
            && *deadline == before.deadline
    }

    /// This row as read back when its game's last move was stored after
    /// it: the move's time, clocks, version and commit id in place of the
    /// row's (see [`GameRow::moved_only_from`]), when the move's version is
    /// the newer.
    pub fn with_last_move(mut self, last: Option<&LastMove>) -> GameRow {
        if let Some(m) = last.filter(|m| m.version > self.version) {
            self.version = m.version;
            self.commit_id = m.commit_id;
            self.updated_at = m.at;
            self.white_ms = m.white_ms;
            self.black_ms = m.black_ms;
        }
        self
    }

    /// The game's variant, kept with its rules (standard when they do not
    /// say).
    pub fn variant(&self) -> crate::wire::Variant {
        serde_json::from_str::<crate::wire::RulesSpec>(&self.rules)
            .map(|r| r.variant)
            .unwrap_or_default()
    }
}

/// What a game's last stored move keeps of the game's row: the fields a
/// move changes ([`GameRow::moved_only_from`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// The version of the commit that stored it.
    pub version: i64,
    /// That commit's id.
    pub commit_id: i64,
    /// When it was stored, milliseconds since the Unix epoch.
    pub at: i64,
    /// White's time left after it.
    pub white_ms: Option<i64>,
    /// Black's time left after it.
    pub black_ms: Option<i64>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_changes_only_the_clocks_is_stored_alone() {
        let before = GameRow {
            id: "g".to_string(),
            status: Status::Started,
            white_ms: Some(60_000),
            black_ms: Some(60_000),
            version: 4,
            commit_id: 11,
            updated_at: 1_000,
            ..GameRow::default()
        };
        let mut after = before.clone();
        after.white_ms = Some(58_000);
        after.version = 5;
        after.commit_id = 12;
        after.updated_at = 3_000;
        assert!(after.moved_only_from(&before));
        // Anything else changed: the row is written.
        let mut ended = after.clone();
        ended.status = Status::Ended;
        assert!(!ended.moved_only_from(&before));
        let mut offered = after.clone();
        offered.draw_offer = Some(Side::White);
        assert!(!offered.moved_only_from(&before));
        let mut due = after.clone();
        due.deadline = Some(9_000);
        assert!(!due.moved_only_from(&before));
        // Read back: the move's fields when it is the newer.
        let last = LastMove {
            version: 5,
            commit_id: 12,
            at: 3_000,
            white_ms: Some(58_000),
            black_ms: Some(60_000),
        };
        assert_eq!(before.clone().with_last_move(Some(&last)), after);
        assert_eq!(ended.clone().with_last_move(Some(&last)), ended);
        assert_eq!(before.clone().with_last_move(None), before);
    }
}
