//! Setting a game back to where it stood: a cheaper undo than a copy for
//! changes that only add plies (a move, a flag, a claim). A server tries a
//! change in place and, when the change cannot be kept (storage refused
//! it), sets the game back; copying the whole history for each move cost
//! more than the move itself.

use core::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use super::Game;
use crate::outcome::Outcome;
use crate::touch::Touches;
use crate::types::Color;

/// Where a game stood when [`Game::mark`] was called: enough to set it
/// back with [`Game::rewind`] after plies were added, its end recorded, an
/// offer made or squares touched.
///
/// ```
/// use sakk::{Game, Lang};
///
/// let mut game = Game::new();
/// for san in ["e4", "e5"] {
///     let m = game.position().parse_san(san, Lang::English).unwrap();
///     game.play(m).unwrap();
/// }
/// let mark = game.mark();
/// let m = game.position().parse_san("Nf3", Lang::English).unwrap();
/// game.play_offering_draw(m).unwrap();
/// assert!(game.rewind(mark).is_ok());
/// assert_eq!(game.moves().len(), 2);
/// assert_eq!(game.draw_offer(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Mark {
    plies: usize,
    /// Whether the last move came with an offer (a later offer may mark it).
    last_offer: Option<bool>,
    outcome: Option<Outcome>,
    ended_by: Option<Color>,
    dead_from: Option<usize>,
    draw_offer: Option<Color>,
    touches: Touches,
    /// Which mark this is (numbered across all games).
    number: u64,
}

/// Why a game cannot be set back to a [`Mark`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RewindError {
    /// A ply the mark kept was taken back since.
    TakenBack,
    /// The mark is not the game's last, or another game's (a copy made
    /// after the mark shares it).
    NotTheLastMark,
}

impl fmt::Display for RewindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RewindError::TakenBack => "a ply the mark kept was taken back since",
            RewindError::NotTheLastMark => "the mark is not the game's last",
        })
    }
}

impl std::error::Error for RewindError {}

/// The next mark's number (1 on: a game never marked has 0).
static NEXT_MARK: AtomicU64 = AtomicU64::new(1);

impl Game {
    /// Marks where the game stands, to set it back there with
    /// [`Game::rewind`]. A new mark replaces the last: only the last can
    /// be rewound to.
    pub fn mark(&mut self) -> Mark {
        // Numbered across all games, so that a mark is its own game's (or
        // a copy's made after it, which has the same history).
        self.marks = NEXT_MARK.fetch_add(1, Ordering::Relaxed);
        self.floor = self.moves.len();
        Mark {
            plies: self.moves.len(),
            last_offer: self.offers.last().copied(),
            outcome: self.outcome,
            ended_by: self.ended_by,
            dead_from: self.dead_from,
            draw_offer: self.draw_offer,
            touches: self.touches.clone(),
            number: self.marks,
        }
    }

    /// Sets the game back to `mark`: the plies added since dropped, its
    /// end, offers and touched squares as they were. The game is then
    /// equal to what it was when marked.
    ///
    /// # Errors
    /// [`RewindError::TakenBack`] when a ply the mark kept was taken back
    /// since (its history is not what it was), [`RewindError::NotTheLastMark`]
    /// when another mark was made since, or the mark is another game's
    /// (or a copy's made before the mark); the game is left as it is.
    pub fn rewind(&mut self, mark: Mark) -> Result<(), RewindError> {
        if mark.number != self.marks {
            return Err(RewindError::NotTheLastMark);
        }
        if self.floor < mark.plies {
            return Err(RewindError::TakenBack);
        }
        self.positions.truncate(mark.plies + 1);
        self.keys.truncate(mark.plies + 1);
        self.moves.truncate(mark.plies);
        self.offers.truncate(mark.plies);
        if let (Some(last), Some(was)) = (self.offers.last_mut(), mark.last_offer) {
            *last = was;
        }
        self.outcome = mark.outcome;
        self.ended_by = mark.ended_by;
        self.dead_from = mark.dead_from;
        self.draw_offer = mark.draw_offer;
        self.touches = mark.touches;
        self.floor = mark.plies;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameRules, Lang, Position, Square};

    fn play(game: &mut Game, san: &str) {
        match game.position().parse_san(san, Lang::English) {
            Ok(m) => assert!(game.play(m).is_ok(), "{san}"),
            Err(e) => panic!("{san}: {e}"),
        }
    }

    /// Everything a game shows, to compare two games field by field.
    fn seen(game: &Game) -> String {
        format!(
            "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            game.positions(),
            game.moves(),
            (0..game.moves().len())
                .map(|i| game.offered_draw_with(i))
                .collect::<Vec<_>>(),
            game.outcome(),
            game.ended_by(),
            game.draw_offer(),
            game.touched(),
            game.claimable()
        )
    }

    #[test]
    fn a_mate_and_an_offer_are_set_back() {
        let mut game = Game::new();
        for san in ["f3", "e5"] {
            play(&mut game, san);
        }
        let before = seen(&game);
        let mark = game.mark();
        match game.position().parse_san("g4", Lang::English) {
            Ok(m) => assert!(game.play_offering_draw(m).is_ok()),
            Err(e) => panic!("g4: {e}"),
        }
        play(&mut game, "Qh4");
        assert!(game.is_over());
        assert_eq!(game.rewind(mark), Ok(()));
        assert_eq!(seen(&game), before);
        assert!(!game.is_over());
    }

    #[test]
    fn an_offer_made_after_the_last_move_is_set_back() {
        let mut game = Game::new();
        for san in ["e4", "e5", "Nf3"] {
            play(&mut game, san);
        }
        let before = seen(&game);
        let mark = game.mark();
        assert!(game.offer_draw_with_last_move(Color::White).is_ok());
        assert_ne!(seen(&game), before);
        assert_eq!(game.rewind(mark), Ok(()));
        assert_eq!(seen(&game), before);
    }

    #[test]
    fn a_move_taken_back_below_the_mark_refuses_the_rewind() {
        let mut game = Game::new();
        for san in ["e4", "e5"] {
            play(&mut game, san);
        }
        let mark = game.mark();
        assert!(game.take_back().is_ok());
        play(&mut game, "c5");
        let after = seen(&game);
        assert_eq!(game.rewind(mark), Err(RewindError::TakenBack));
        assert_eq!(seen(&game), after, "a refused rewind changes nothing");
    }

    #[test]
    fn a_ply_added_and_taken_back_again_is_within_the_mark() {
        let rules = GameRules {
            touch_move: true,
            ..GameRules::default()
        };
        let mut game = Game::new().with_rules(rules);
        play(&mut game, "d4");
        assert!(game.touch(Color::Black, Square::D7, false).is_ok());
        let before = seen(&game);
        let mark = game.mark();
        play(&mut game, "d5");
        assert!(game.take_back().is_ok());
        assert_eq!(game.rewind(mark), Ok(()));
        assert_eq!(seen(&game), before);
    }

    #[test]
    fn only_the_last_mark_can_be_rewound_to() {
        let mut game = Game::from_position(Position::new());
        let first = game.mark();
        play(&mut game, "e4");
        let second = game.mark();
        assert_eq!(game.rewind(first), Err(RewindError::NotTheLastMark));
        play(&mut game, "e5");
        assert_eq!(game.rewind(second), Ok(()));
        assert_eq!(game.moves().len(), 1);
    }
}
