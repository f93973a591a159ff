//! Setting a live game back to where it stood: what a command tried in
//! place undoes when its change cannot be kept. A copy of the game for
//! every move copied its whole history; a mark keeps only what a move can
//! change besides adding to it.

use sakk::{Clock, Color, Outcome};

use super::LiveGame;
use crate::rows::GameRow;
use crate::wire::RejectedClaim;

/// Each side's time left after a ply, in milliseconds ([`LiveGame::clocks`]).
type PlyTimes = (Option<i64>, Option<i64>);

/// Where a [`LiveGame`] stood when [`LiveGame::mark`] was called.
#[derive(Debug)]
pub struct LiveMark {
    row: GameRow,
    game: sakk::Mark,
    clock: Option<Clock>,
    outcome: Option<Outcome>,
    ended_by: Option<Color>,
    /// How many plies had their times, and the last one's.
    clocks: (usize, Option<PlyTimes>),
    takeback_offer: Option<Color>,
    declared_last: bool,
    rejected_claim: Option<RejectedClaim>,
}

impl LiveMark {
    /// The stored row as it was when marked.
    pub fn row(&self) -> &GameRow {
        &self.row
    }
}

impl LiveGame {
    /// Marks where the game stands, to set it back there with
    /// [`LiveGame::rewind`] (the last mark only).
    pub fn mark(&mut self) -> LiveMark {
        // Every field named, so that a new one is decided here.
        let LiveGame {
            row,
            game,
            clock,
            // Set when the game is made, never changed by a command.
            control: _,
            clock_in_use: _,
            rules: _,
            outcome,
            ended_by,
            clocks,
            takeback_offer,
            declared_last,
            rejected_claim,
        } = self;
        LiveMark {
            row: row.clone(),
            game: game.mark(),
            clock: clock.clone(),
            outcome: *outcome,
            ended_by: *ended_by,
            clocks: (clocks.len(), clocks.last().copied()),
            takeback_offer: *takeback_offer,
            declared_last: *declared_last,
            rejected_claim: rejected_claim.clone(),
        }
    }

    /// Sets the game back to `mark`: equal to what it was when marked.
    ///
    /// # Errors
    /// The rules' [`sakk::RewindError`] when its history changed below the
    /// mark (a takeback) or another mark was made since; the game is then
    /// left as it is.
    pub fn rewind(&mut self, mark: LiveMark) -> Result<(), sakk::RewindError> {
        self.game.rewind(mark.game)?;
        self.row = mark.row;
        self.clock = mark.clock;
        self.outcome = mark.outcome;
        self.ended_by = mark.ended_by;
        let (plies, last) = mark.clocks;
        self.clocks.truncate(plies);
        if let (Some(slot), Some(was)) = (self.clocks.last_mut(), last) {
            *slot = was;
        }
        self.takeback_offer = mark.takeback_offer;
        self.declared_last = mark.declared_last;
        self.rejected_claim = mark.rejected_claim;
        Ok(())
    }
}
