//! A command's change of a game, tried before it is committed: on a copy
//! of the game, or — for a move, the commonest change, whose copy of the
//! whole history cost more than the move itself (BENCHMARKS.md, "Server
//! load") — on the game itself, with a mark to set it back to. Dropped
//! before it is kept (the commit failed, or the caller went away while the
//! commit was under way), the trial leaves the game as it was: readers,
//! who take the game's lock, never see a change that is not committed.

use std::sync::Arc;

use crate::games::{Games, Inner, Slot};
use crate::live::{LiveGame, LiveMark};
use crate::store::GameRow;

/// The row before of a trial that is over (never asked for).
static NO_ROW: std::sync::LazyLock<GameRow> = std::sync::LazyLock::new(GameRow::default);

/// A change under trial of the game `g` (whose lock the caller holds), of
/// `slot` among `games`.
pub(super) struct Trial<'g> {
    g: &'g mut Inner,
    how: How,
    /// Where the game is kept, to drop it should it not be set back.
    home: (&'g Games, &'g Arc<Slot>),
}

/// Where the change is tried. (One a command, on the stack: boxing its
/// large variants would cost an allocation a move.)
#[allow(clippy::large_enum_variant)]
enum How {
    /// On this copy, which becomes the game when kept.
    Copy(LiveGame),
    /// On the game, set back to this mark unless kept.
    InPlace(LiveMark),
    /// Kept, or set back: nothing left to do.
    Done,
}

impl<'g> Trial<'g> {
    /// A trial of a change of `g`: in place when `in_place` (a move), else
    /// on a copy.
    pub(super) fn new(
        g: &'g mut Inner,
        in_place: bool,
        home: (&'g Games, &'g Arc<Slot>),
    ) -> Trial<'g> {
        let how = if in_place {
            How::InPlace(g.live.mark())
        } else {
            How::Copy(g.live.clone())
        };
        Trial { g, how, home }
    }

    /// The game the change is made to, and the game's stored row as it was
    /// before.
    pub(super) fn parts(&mut self) -> (&mut LiveGame, &GameRow) {
        match &mut self.how {
            How::Copy(next) => (next, &self.g.live.row),
            How::InPlace(mark) => (&mut self.g.live, mark.row()),
            // Not reached: keeping or setting back consumes the trial.
            How::Done => (&mut self.g.live, &NO_ROW),
        }
    }

    /// How many moves the game before and the game changed have in
    /// common from the start (`plies`: the moves it had before).
    pub(super) fn kept(&self, plies: usize) -> usize {
        match &self.how {
            How::Copy(next) => {
                crate::wire::lines::moves_kept(self.g.live.game.moves(), next.game.moves())
            }
            // A move only adds to the history (or adds and takes back its
            // own ply, when the flag fell on the press).
            How::InPlace(_) | How::Done => plies.min(self.g.live.game.moves().len()),
        }
    }

    /// Keeps the change (it was committed): the changed game is the game.
    pub(super) fn keep(mut self) {
        if let How::Copy(next) = std::mem::replace(&mut self.how, How::Done) {
            self.g.live = next;
        }
    }

    /// Sets the game back to its mark, if the change was made in place.
    fn set_back(&mut self) {
        if let How::InPlace(mark) = std::mem::replace(&mut self.how, How::Done) {
            if let Err(e) = self.g.live.rewind(mark) {
                // Not for a move (tested: it adds to the history only), but
                // should it happen, the game is dropped from memory and
                // taken anew from storage.
                tracing::error!(game = %self.g.live.row.id, error = %e, "a move tried in place could not be set back");
                self.g.evicted = true;
                let (games, slot) = self.home;
                games.forget_slot_now(slot);
            }
        }
    }
}

impl Drop for Trial<'_> {
    /// Not kept: the game is as it was.
    fn drop(&mut self) {
        self.set_back();
    }
}
