//! A game: a start position and its moves, with everything that ends a game
//! by the rules — checkmate, stalemate, dead positions, fivefold repetition,
//! the 75-move rule — and what the players do: offer, accept and decline
//! draws, claim draws, resign, abort, run out of time, take back, and
//! (optionally) obey touch-move.

use core::fmt;

use crate::explain::Refusal;
use crate::moves::Move;
use crate::outcome::{GameResult, Outcome, Termination};
use crate::position::Position;
use crate::touch::Touches;
use crate::types::{Color, Square};
use crate::unwinnable::{DeadProof, Effort, Mateability};

mod mark;
pub use mark::{Mark, RewindError};

/// Optional rules of an event.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameRules {
    /// Touch-move (pièce touchée): a touched piece must be moved or captured.
    pub touch_move: bool,
    /// No draw offer before this move number (the seed's event rule uses 30);
    /// 0 or 1 means offers are allowed from the start.
    pub no_draw_offer_before: u32,
}

/// The positions the search after a flag fall or a resignation may expand
/// when the quick one is undecided (see [`Game::flag`]).
const FLAG_SEARCH: usize = 40_000;

/// The reversible plies a position's third occurrence needs behind it: a
/// position recurs (the same side to move, nothing captured, no pawn
/// moved) four plies later at the earliest.
const REPETITION_PLIES: u32 = 8;

/// Why an action on a game (other than a move) is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameError {
    /// The move is refused, for this reason.
    Move(Refusal),
    /// The game is over.
    GameOver,
    /// It is not this side's turn.
    NotYourTurn,
    /// A draw can be agreed only after both players have made a move (5.2.3).
    DrawOfferTooEarly,
    /// This event allows no draw offer before the given move number.
    DrawOfferBeforeMove(u32),
    /// There is no draw offer from the opponent to answer.
    NoDrawOffer,
    /// A draw is offered with one's own move: there is no move of one's
    /// own, just made, to offer it with (it is one's turn).
    DrawOfferWithMove,
    /// A draw claim that the rules do not support (nothing changed, unless a
    /// declared move was played: see [`Game::claim_draw`]).
    ClaimRefused(ClaimRefusal),
    /// Both players have moved: the game can no longer be aborted.
    AbortTooLate,
    /// There is no move to take back, or the game ended in a way that a
    /// takeback cannot undo.
    NothingToTakeBack,
    /// Touch-move is not a rule of this game.
    TouchMoveOff,
}

/// Why a draw claim is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClaimRefusal {
    /// How often the position (after the declared move, if any) has occurred.
    pub repetitions: u32,
    /// Plies without capture or pawn move (after the declared move, if any).
    pub halfmoves: u32,
    /// Whether a declared move was played because the claim failed (9.5).
    pub move_played: bool,
}

impl GameError {
    /// A stable, machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            GameError::Move(r) => r.code(),
            GameError::GameOver => "game_over",
            GameError::NotYourTurn => "not_your_turn",
            GameError::DrawOfferTooEarly => "draw_offer_too_early",
            GameError::DrawOfferBeforeMove(_) => "draw_offer_before_move",
            GameError::NoDrawOffer => "no_draw_offer",
            GameError::DrawOfferWithMove => "draw_offer_with_move",
            GameError::ClaimRefused(_) => "claim_refused",
            GameError::AbortTooLate => "abort_too_late",
            GameError::NothingToTakeBack => "nothing_to_take_back",
            GameError::TouchMoveOff => "touch_move_off",
        }
    }

    /// The parameters of the explanation, by name, for a message catalogue
    /// (see [`Refusal::args`]): `move` for an event's first draw-offer move;
    /// `repetitions`, `moves` and `played` (`yes`/`no`) for a refused claim.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            GameError::Move(r) => r.args(),
            GameError::DrawOfferBeforeMove(n) => vec![("move", n.to_string())],
            GameError::ClaimRefused(c) => vec![
                ("repetitions", c.repetitions.to_string()),
                ("moves", (c.halfmoves / 2).to_string()),
                (
                    "played",
                    if c.move_played { "yes" } else { "no" }.to_string(),
                ),
            ],
            _ => Vec::new(),
        }
    }

    /// The explanation in English (the library's own words; user
    /// interfaces take theirs from a catalogue by [`GameError::code`] and
    /// [`GameError::args`]).
    pub fn message_en(&self) -> String {
        match self {
            GameError::Move(r) => r.message_en(),
            GameError::GameOver => "The game is already over.".to_string(),
            GameError::NotYourTurn => "It is not your turn.".to_string(),
            GameError::DrawOfferTooEarly => {
                "A draw can be agreed only after both players have made a move.".to_string()
            }
            GameError::DrawOfferBeforeMove(n) => {
                format!("The rules of this event allow no draw offer before move {n}.")
            }
            GameError::NoDrawOffer => "There is no draw offer to answer.".to_string(),
            GameError::DrawOfferWithMove => {
                "A draw is offered together with one's own move: offer it with your next move."
                    .to_string()
            }
            GameError::ClaimRefused(c) => format!(
                "The claim is not correct: the position has occurred {} (three are needed) \
                 and {} made without a capture or pawn move (fifty are needed).{} The claim \
                 stands as a draw offer.",
                match c.repetitions {
                    1 => "once".to_string(),
                    n => format!("{n} times"),
                },
                match c.halfmoves / 2 {
                    1 => "1 move has been".to_string(),
                    n => format!("{n} moves have been"),
                },
                if c.move_played {
                    " The declared move stands and has been played."
                } else {
                    ""
                }
            ),
            GameError::AbortTooLate => {
                "Both players have moved: the game can no longer be aborted.".to_string()
            }
            GameError::NothingToTakeBack => "There is no move to take back.".to_string(),
            GameError::TouchMoveOff => "Touch-move is not a rule of this game.".to_string(),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message_en())
    }
}

impl std::error::Error for GameError {}

impl From<Refusal> for GameError {
    fn from(r: Refusal) -> GameError {
        match r {
            Refusal::GameOver => GameError::GameOver,
            r => GameError::Move(r),
        }
    }
}

/// A draw the side to move may claim.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    /// [`Termination::ThreefoldRepetition`] or [`Termination::FiftyMoves`].
    pub termination: Termination,
    /// The move to declare, when the claim rests on a move not yet played.
    pub declared: Option<Move>,
}

/// A game of chess.
///
/// ```
/// use sakk::{Game, Lang, Termination, GameResult};
///
/// let mut game = Game::new();
/// for san in ["f3", "e5", "g4", "Qh4"] {
///     let m = game.position().parse_san(san, Lang::English).unwrap();
///     game.play(m).unwrap();
/// }
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome.termination, Termination::Checkmate);
/// assert_eq!(outcome.result, Some(GameResult::BlackWins));
/// ```
#[derive(Debug)]
pub struct Game {
    rules: GameRules,
    /// `positions[i]` is the position after `i` plies; `positions[0]` the start.
    positions: Vec<Position>,
    /// Repetition keys of `positions`, index for index.
    keys: Vec<u64>,
    moves: Vec<Move>,
    /// Whether the move at the same index came with a draw offer.
    offers: Vec<bool>,
    outcome: Option<Outcome>,
    /// The side whose action (resigning) or flag ended the game.
    ended_by: Option<Color>,
    /// The ply of the position a proof made off the game showed dead
    /// ([`Game::end_in_dead_position`]), when that ended it.
    dead_from: Option<usize>,
    draw_offer: Option<Color>,
    touches: Touches,
    /// The fewest plies the game has had since its last [`Game::mark`]:
    /// a mark can be rewound to only while nothing below it was taken back.
    floor: usize,
    /// The number of its last mark (0: none): only that one can be rewound
    /// to.
    marks: u64,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// A copy of a game has room for one more ply: a game is copied to try a
/// move on the copy (a server checks each change so), and a history cloned
/// to its length would be copied once more by that move's push.
impl Clone for Game {
    fn clone(&self) -> Game {
        fn with_room<T: Clone>(v: &[T]) -> Vec<T> {
            let mut copy = Vec::with_capacity(v.len() + 1);
            copy.extend_from_slice(v);
            copy
        }
        Game {
            rules: self.rules,
            positions: with_room(&self.positions),
            keys: with_room(&self.keys),
            moves: with_room(&self.moves),
            offers: with_room(&self.offers),
            outcome: self.outcome,
            ended_by: self.ended_by,
            dead_from: self.dead_from,
            draw_offer: self.draw_offer,
            touches: self.touches.clone(),
            floor: self.floor,
            marks: self.marks,
        }
    }
}

impl Game {
    /// A game from the standard start position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from any position. A position that is already over (mate,
    /// stalemate, dead) starts the game ended.
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            rules: GameRules::default(),
            keys: vec![start.repetition_key()],
            positions: vec![start],
            moves: Vec::new(),
            offers: Vec::new(),
            outcome: None,
            ended_by: None,
            dead_from: None,
            draw_offer: None,
            touches: Touches::default(),
            floor: 0,
            marks: 0,
        };
        game.outcome = game.automatic_outcome();
        game
    }

    /// The same game under other event rules.
    pub fn with_rules(mut self, rules: GameRules) -> Game {
        self.rules = rules;
        self
    }

    /// The event rules.
    pub fn rules(&self) -> GameRules {
        self.rules
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.positions[self.positions.len() - 1]
    }

    /// Every position, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Whether the move at `index` was made with a draw offer.
    pub fn offered_draw_with(&self, index: usize) -> bool {
        self.offers.get(index).copied().unwrap_or(false)
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// `true` once the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The side whose resignation or flag fall ended the game, if that is how.
    pub fn ended_by(&self) -> Option<Color> {
        self.ended_by
    }

    /// The side whose draw offer stands, if any.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Sets again the draw offer of an incorrect claim (FIDE 9.5: the claim
    /// stands as an offer, until the claimant moves) in a game rebuilt from
    /// its moves, which carry every other offer.
    ///
    /// # Errors
    /// [`GameError::GameOver`] when the game is over;
    /// [`GameError::NotYourTurn`] when `by` is not to move (a claimant's
    /// offer goes with its next move).
    pub fn restore_draw_offer(&mut self, by: Color) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if by != self.turn() {
            return Err(GameError::NotYourTurn);
        }
        self.draw_offer = Some(by);
        Ok(())
    }

    /// How many moves `color` has made in this game.
    pub fn moves_by(&self, color: Color) -> usize {
        let first_is_ours = self.start().turn() == color;
        let n = self.moves.len();
        if first_is_ours {
            n.div_ceil(2)
        } else {
            n / 2
        }
    }

    /// Plays a legal move; any standing draw offer of the opponent lapses.
    ///
    /// # Errors
    /// The [`Refusal`] that forbids the move (also touch-move obligations and
    /// [`Refusal::GameOver`]); nothing changes.
    pub fn play(&mut self, m: Move) -> Result<(), Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let m = self
            .position()
            .explain_move(m)
            .map_err(|r| self.refine(r))?;
        if self.rules.touch_move {
            self.touches.check(self.position(), m)?;
        }
        self.push(m, false);
        Ok(())
    }

    /// Plays the move from `from` to `to` (castling as the king's move or
    /// king-takes-rook), with a promotion piece if needed.
    ///
    /// # Errors
    /// The [`Refusal`] that forbids the move; nothing changes.
    pub fn play_squares(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<crate::Role>,
    ) -> Result<Move, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let m = self
            .position()
            .explain(from, to, promotion)
            .map_err(|r| self.refine(r))?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays a move and offers a draw with it (the seed: an offer is made
    /// only together with one's own move).
    ///
    /// # Errors
    /// [`GameError::DrawOfferTooEarly`] if the opponent has not moved yet
    /// after this move, [`GameError::DrawOfferBeforeMove`] under the event
    /// rule, or the move's refusal. Nothing changes on error.
    pub fn play_offering_draw(&mut self, m: Move) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let mover = self.turn();
        self.draw_offer_allowed()?;
        self.play(m)?;
        if let Some(last) = self.offers.last_mut() {
            *last = true;
        }
        if !self.is_over() {
            self.draw_offer = Some(mover);
        }
        Ok(())
    }

    /// Offers a draw with the move `color` has just made, before the
    /// opponent replies (the seed: an offer goes together with one's own
    /// move; a client online may send it a moment after the move — FIDE
    /// 9.1.2.1 asks for it after the move and before the clock is pressed,
    /// which on a server is one action). The move is marked as made with
    /// an offer, as [`Game::play_offering_draw`] marks it. An offer of
    /// `color` already standing stays.
    ///
    /// # Errors
    /// [`GameError::DrawOfferWithMove`] when it is `color`'s turn or
    /// `color` has not moved; [`GameError::DrawOfferTooEarly`] and
    /// [`GameError::DrawOfferBeforeMove`] as for an offer made with the
    /// move. Nothing changes on error.
    pub fn offer_draw_with_last_move(&mut self, color: Color) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.turn() == color || self.moves_by(color) == 0 {
            return Err(GameError::DrawOfferWithMove);
        }
        if self.draw_offer == Some(color) {
            return Ok(());
        }
        if self.moves_by(!color) == 0 {
            return Err(GameError::DrawOfferTooEarly);
        }
        // The event's rule, as it stood when the move was made.
        let before = self.rules.no_draw_offer_before;
        let made_at = self
            .positions()
            .iter()
            .rev()
            .nth(1)
            .map(Position::fullmoves);
        if before > 1 && made_at.is_some_and(|n| n < before) {
            return Err(GameError::DrawOfferBeforeMove(before));
        }
        if let Some(last) = self.offers.last_mut() {
            *last = true;
        }
        self.draw_offer = Some(color);
        Ok(())
    }

    /// Accepts the opponent's standing draw offer.
    ///
    /// # Errors
    /// [`GameError::NoDrawOffer`] without an offer from the opponent.
    pub fn accept_draw(&mut self, color: Color) -> Result<Outcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.draw_offer != Some(!color) {
            return Err(GameError::NoDrawOffer);
        }
        Ok(self.finish(Outcome::draw(Termination::Agreement), None))
    }

    /// Declines the opponent's standing draw offer.
    ///
    /// # Errors
    /// [`GameError::NoDrawOffer`] without an offer from the opponent.
    pub fn decline_draw(&mut self, color: Color) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if self.draw_offer != Some(!color) {
            return Err(GameError::NoDrawOffer);
        }
        self.draw_offer = None;
        Ok(())
    }

    /// How often the current position has occurred in this game, itself
    /// included.
    pub fn repetitions(&self) -> u32 {
        self.count_repetitions(self.position(), self.keys[self.keys.len() - 1])
    }

    fn count_repetitions(&self, pos: &Position, key: u64) -> u32 {
        // Only positions since the last capture or pawn move can repeat.
        let window = (pos.halfmoves() as usize + 1).min(self.positions.len());
        let first = self.positions.len() - window;
        let mut count = 0;
        for i in first..self.positions.len() {
            if self.keys[i] == key && self.positions[i].is_repetition_of(pos) {
                count += 1;
            }
        }
        count
    }

    /// The draws the side to move may claim now: threefold repetition and
    /// the fifty-move rule, in the position or by declaring a move that
    /// completes them (FIDE 9.2.1, 9.3.1).
    pub fn claimable(&self) -> Vec<Claim> {
        let mut claims = Vec::new();
        if self.is_over() {
            return claims;
        }
        let pos = self.position();
        let mut threefold = self.repetitions() >= 3;
        let mut fifty = pos.halfmoves() >= 100;
        if threefold {
            claims.push(Claim {
                termination: Termination::ThreefoldRepetition,
                declared: None,
            });
        }
        if fifty {
            claims.push(Claim {
                termination: Termination::FiftyMoves,
                declared: None,
            });
        }
        // A declared move completes neither unless the clock allows it: a
        // position recurs at the earliest four plies later, so its third
        // time needs eight reversible plies behind it.
        if (threefold || pos.halfmoves() + 1 < REPETITION_PLIES)
            && (fifty || pos.halfmoves() + 1 < 100)
        {
            return claims;
        }
        for &m in pos.legal_moves().iter() {
            if threefold && fifty {
                break;
            }
            let after = pos.after_unchecked(m);
            if !threefold && self.repetitions_after(&after) >= 3 {
                threefold = true;
                claims.push(Claim {
                    termination: Termination::ThreefoldRepetition,
                    declared: Some(m),
                });
            }
            if !fifty && after.halfmoves() >= 100 {
                fifty = true;
                claims.push(Claim {
                    termination: Termination::FiftyMoves,
                    declared: Some(m),
                });
            }
        }
        claims
    }

    /// The repetition key of each position of [`Game::positions`], index
    /// for index.
    pub(crate) fn repetition_keys(&self) -> &[u64] {
        &self.keys
    }

    fn repetitions_after(&self, after: &Position) -> u32 {
        let key = after.repetition_key();
        if after.halfmoves() == 0 {
            return 1;
        }
        1 + self.count_repetitions(after, key)
    }

    /// Claims a draw for the side to move, in the current position or by
    /// declaring the move `declared`. A claim also counts as a draw offer.
    ///
    /// A correct claim with a declared move ends the game with the move
    /// written on the scoresheet (FIDE 9.2.1.1, 9.3.1): it is the last move
    /// of the history, and the position the claim is about is the one after
    /// it. Should that move itself end the game (checkmate, stalemate, the
    /// fifth repetition), that ending stands.
    ///
    /// # Errors
    /// [`GameError::ClaimRefused`] if neither threefold repetition nor the
    /// fifty-move rule applies. With a declared move the move stands and is
    /// played (FIDE 9.5.1) and the claim remains as a draw offer; without
    /// one, only the offer remains.
    pub fn claim_draw(&mut self, declared: Option<Move>) -> Result<Outcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let claimant = self.turn();
        let (repetitions, halfmoves) = match declared {
            None => (self.repetitions(), self.position().halfmoves()),
            Some(m) => {
                let m = self
                    .position()
                    .explain_move(m)
                    .map_err(|r| self.refine(r))?;
                let after = self.position().after_unchecked(m);
                (self.repetitions_after(&after), after.halfmoves())
            }
        };
        let claimed = if repetitions >= 3 {
            Some(Termination::ThreefoldRepetition)
        } else if halfmoves >= 100 {
            Some(Termination::FiftyMoves)
        } else {
            None
        };
        if let Some(termination) = claimed {
            if let Some(m) = declared {
                self.play(m)?;
                if let Some(ended) = self.outcome() {
                    return Ok(ended);
                }
            }
            return Ok(self.finish(Outcome::draw(termination), None));
        }
        let mut move_played = false;
        if let Some(m) = declared {
            self.play(m)?;
            move_played = true;
        }
        if !self.is_over() {
            self.draw_offer = Some(claimant);
        }
        Err(GameError::ClaimRefused(ClaimRefusal {
            repetitions,
            halfmoves,
            move_played,
        }))
    }

    /// `color` resigns. The opponent wins — unless the opponent could not
    /// checkmate by any series of legal moves, then it is a draw (FIDE 2023).
    ///
    /// # Errors
    /// [`GameError::GameOver`] if the game has ended.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let result = if self.could_still_mate(!color) {
            GameResult::wins(!color)
        } else {
            GameResult::Draw
        };
        Ok(self.finish(Outcome::new(result, Termination::Resignation), Some(color)))
    }

    /// `color`'s flag has fallen: a loss — or a draw if the opponent could
    /// not checkmate by any series of legal moves (FIDE 6.9), as far as a
    /// search of milliseconds shows (a dead position only the full proof
    /// shows is ended by [`Game::prove_dead`] after the move that made it).
    ///
    /// # Errors
    /// [`GameError::GameOver`] if the game has ended.
    pub fn flag(&mut self, color: Color) -> Result<Outcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let result = if self.could_still_mate(!color) {
            GameResult::wins(!color)
        } else {
            GameResult::Draw
        };
        Ok(self.finish(Outcome::new(result, Termination::Timeout), Some(color)))
    }

    /// Whether `winner` could still checkmate, for a flag fall or a
    /// resignation: the material and the quick search
    /// ([`Position::could_still_mate`]), then, where that search is
    /// undecided and the position [`Position::may_be_dead`], a longer one
    /// (forty thousand positions) — so that a flag falling in a dead
    /// position the quick proofs miss is a draw, at a cost of milliseconds
    /// (a server decides a flag while it holds the game; the full proof of
    /// a dead position runs off it, after the move).
    fn could_still_mate(&self, winner: Color) -> bool {
        let pos = self.position();
        if !pos.can_checkmate(winner) {
            return false;
        }
        match pos.mateability(winner, Effort::Quick) {
            Mateability::CanMate => true,
            Mateability::CannotMate => false,
            Mateability::Undecided => {
                !(pos.may_be_dead()
                    && pos.mateability_within(winner, FLAG_SEARCH) == Mateability::CannotMate)
            }
        }
    }

    /// Whether the position is one that only the full proof can show dead
    /// and that is worth it: the game not over, the last move a capture or
    /// a pawn move (the moves that change what can ever happen; a dead
    /// position that a castling or a loss of castling rights brings about
    /// is missed, as the rules allow) or the game's first (its start, set
    /// up from any position, was not proved), and
    /// [`Position::may_be_dead`]. Cheap: what a server asks after a
    /// committed change before it hands the position to
    /// [`Position::is_dead`] off the request path.
    pub fn wants_dead_proof(&self) -> bool {
        !self.is_over()
            && (self.position().halfmoves() == 0 || self.moves.len() == 1)
            && !self.moves.is_empty()
            && self.position().may_be_dead()
    }

    /// The full proof, in line: when [`Game::wants_dead_proof`] and the
    /// position [`Position::prove_dead`] with `effort`, the game ends as a
    /// draw by dead position (FIDE 5.2.2) at this ply, and the outcome is
    /// returned. It can take seconds; `sakk replay` and `sakk play` call it
    /// after each move.
    pub fn prove_dead(&mut self, effort: Effort) -> Option<Outcome> {
        if !self.wants_dead_proof() {
            return None;
        }
        let proof = self.position().prove_dead(effort)?;
        self.end_in_dead_position(&proof)
    }

    /// Ends the game as a draw by dead position (FIDE 5.2.2) on a proof
    /// made off the game (a server proves a position on another thread
    /// while the game goes on), and returns the outcome. Every position
    /// that follows a dead one is dead too, so the game ends where it
    /// stands, with any moves played since the proof began kept. `None`,
    /// and nothing changes, when the game is over or the proved position is
    /// not one of its positions (a takeback undid it).
    pub fn end_in_dead_position(&mut self, proof: &DeadProof) -> Option<Outcome> {
        if self.is_over() {
            return None;
        }
        let ply = self.positions.iter().position(|p| proof.is_of(p))?;
        self.dead_from = Some(ply);
        Some(self.finish(Outcome::draw(Termination::DeadPosition), None))
    }

    /// Whether the game may still be called off: it is not over and not
    /// both sides have moved.
    pub fn can_abort(&self) -> bool {
        !self.is_over() && (self.moves_by(Color::White) == 0 || self.moves_by(Color::Black) == 0)
    }

    /// Whether the side to move may offer a draw with its next move (not
    /// before the opponent has moved, nor before the event rule's move).
    pub fn may_offer_draw(&self) -> bool {
        !self.is_over() && self.draw_offer_allowed().is_ok()
    }

    fn draw_offer_allowed(&self) -> Result<(), GameError> {
        let before = self.rules.no_draw_offer_before;
        if before > 1 && self.position().fullmoves() < before {
            return Err(GameError::DrawOfferBeforeMove(before));
        }
        if self.moves_by(!self.turn()) == 0 {
            return Err(GameError::DrawOfferTooEarly);
        }
        Ok(())
    }

    /// Calls the game off before both sides have moved; it has no result.
    ///
    /// # Errors
    /// [`GameError::AbortTooLate`] once both sides have moved.
    pub fn abort(&mut self) -> Result<Outcome, GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if !self.can_abort() {
            return Err(GameError::AbortTooLate);
        }
        let outcome = Outcome {
            result: None,
            termination: Termination::Aborted,
        };
        Ok(self.finish(outcome, None))
    }

    /// Takes back the last move. A game that ended by that move (mate,
    /// stalemate, a dead position, fivefold, 75 moves) is open again; one
    /// that ended otherwise stays over (a position proved dead off the
    /// game before the last move among them).
    ///
    /// # Errors
    /// [`GameError::NothingToTakeBack`].
    pub fn take_back(&mut self) -> Result<Move, GameError> {
        let automatic = self.outcome.is_none_or(|o| {
            !matches!(
                o.termination,
                Termination::Resignation
                    | Termination::Timeout
                    | Termination::Agreement
                    | Termination::Aborted
                    | Termination::ThreefoldRepetition
                    | Termination::FiftyMoves
            )
        });
        // A dead position proved off the game ended it where it arose,
        // which may lie before the last move.
        let by_last_move = self
            .dead_from
            .is_none_or(|ply| ply + 1 == self.positions.len());
        if !automatic || !by_last_move {
            return Err(GameError::NothingToTakeBack);
        }
        let m = self.moves.pop().ok_or(GameError::NothingToTakeBack)?;
        self.positions.pop();
        self.keys.pop();
        self.offers.pop();
        self.floor = self.floor.min(self.moves.len());
        self.outcome = None;
        self.ended_by = None;
        self.dead_from = None;
        self.draw_offer = None;
        self.touches = Touches::default();
        Ok(m)
    }

    /// Touch-move: the side to move touches the piece on `square` (with
    /// `adjusting` when "j'adoube" was said first, which binds nothing).
    ///
    /// # Errors
    /// [`GameError::TouchMoveOff`] when the rule is not in force,
    /// [`GameError::NotYourTurn`], [`GameError::GameOver`].
    pub fn touch(
        &mut self,
        color: Color,
        square: Square,
        adjusting: bool,
    ) -> Result<(), GameError> {
        if !self.rules.touch_move {
            return Err(GameError::TouchMoveOff);
        }
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        if color != self.turn() {
            return Err(GameError::NotYourTurn);
        }
        if !adjusting {
            let pos = self.positions[self.positions.len() - 1];
            self.touches.touch(&pos, square);
        }
        Ok(())
    }

    /// The moves touch-move still allows, or `None` when it binds nothing.
    pub fn touch_obligation(&self) -> Option<(Vec<Move>, Refusal)> {
        if !self.rules.touch_move {
            return None;
        }
        self.touches.obligation(self.position())
    }

    /// The squares touched so far this turn (own and enemy pieces, in order).
    pub fn touched(&self) -> &[Square] {
        self.touches.squares()
    }

    fn push(&mut self, m: Move, offer: bool) {
        let next = self.position().after_unchecked(m);
        self.keys.push(next.repetition_key());
        self.positions.push(next);
        self.moves.push(m);
        self.offers.push(offer);
        self.draw_offer = None;
        self.touches = Touches::default();
        self.outcome = self.automatic_outcome();
    }

    /// The endings that happen by themselves, in order of precedence:
    /// checkmate first, so that a mate on the 75th move stands.
    fn automatic_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if !pos.has_legal_moves() {
            return Some(if pos.is_check() {
                Outcome::new(GameResult::wins(!pos.turn()), Termination::Checkmate)
            } else {
                Outcome::draw(Termination::Stalemate)
            });
        }
        if pos.has_insufficient_material() {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        if pos.is_blocked_dead() || pos.is_locked_and_dead() {
            return Some(Outcome::draw(Termination::DeadPosition));
        }
        if self.repetitions() >= 5 {
            return Some(Outcome::draw(Termination::FivefoldRepetition));
        }
        if pos.halfmoves() >= 150 {
            return Some(Outcome::draw(Termination::SeventyFiveMoves));
        }
        None
    }

    fn finish(&mut self, outcome: Outcome, by: Option<Color>) -> Outcome {
        self.outcome = Some(outcome);
        self.ended_by = by;
        self.draw_offer = None;
        outcome
    }

    /// Turns a position-level castling refusal into the precise one, using
    /// the history: whether the king or that rook has moved.
    fn refine(&self, refusal: Refusal) -> Refusal {
        if !matches!(
            refusal,
            Refusal::CastlingKingMoved | Refusal::CastlingRookMoved
        ) {
            return refusal;
        }
        let us = self.turn();
        let start = self.start();
        let home = start.king(us);
        let king_moved = self
            .moves
            .iter()
            .zip(&self.positions)
            .any(|(m, p)| p.turn() == us && m.from() == home)
            || self.position().king(us) != home
            || (start.castling_rooks() & crate::Bitboard::from_rank(us.back_rank())).is_empty();
        if king_moved {
            Refusal::CastlingKingMoved
        } else {
            Refusal::CastlingRookMoved
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Role;
    use crate::Lang;

    fn play_all(game: &mut Game, sans: &str) {
        for san in sans.split_whitespace() {
            let m = match game.position().parse_san(san, Lang::English) {
                Ok(m) => m,
                Err(e) => panic!("{san}: {e} in {}", game.position().fen()),
            };
            if let Err(e) = game.play(m) {
                panic!("{san}: {e}");
            }
        }
    }

    #[test]
    fn a_copy_is_the_same_game_with_room_for_one_more_ply() {
        let mut game = Game::new();
        play_all(&mut game, "e4 e5 Nf3 Nc6 Bb5");
        assert!(game.offer_draw_with_last_move(Color::White).is_ok());
        let copy = game.clone();
        assert_eq!(copy.positions, game.positions);
        assert_eq!(copy.keys, game.keys);
        assert_eq!(copy.moves, game.moves);
        assert_eq!(copy.offers, game.offers);
        assert_eq!(copy.draw_offer(), game.draw_offer());
        assert_eq!(copy.outcome(), game.outcome());
        for (len, room) in [
            (copy.positions.len(), copy.positions.capacity()),
            (copy.keys.len(), copy.keys.capacity()),
            (copy.moves.len(), copy.moves.capacity()),
            (copy.offers.len(), copy.offers.capacity()),
        ] {
            assert!(room > len, "{len} items, room for {room}");
        }
        // The copy plays on alone.
        let mut copy = copy;
        play_all(&mut copy, "a6");
        assert_eq!(copy.moves().len(), game.moves().len() + 1);
    }

    #[test]
    fn an_incorrect_claims_offer_is_restored_only_for_the_side_to_move() {
        let mut game = Game::new();
        play_all(&mut game, "e4 e5");
        assert!(matches!(
            game.claim_draw(None),
            Err(GameError::ClaimRefused(_))
        ));
        assert_eq!(game.draw_offer(), Some(Color::White));
        // Rebuilt from its moves, the game has lost the offer; it is set again.
        let mut rebuilt = Game::new();
        play_all(&mut rebuilt, "e4 e5");
        assert_eq!(rebuilt.draw_offer(), None);
        assert_eq!(
            rebuilt.restore_draw_offer(Color::Black),
            Err(GameError::NotYourTurn)
        );
        assert_eq!(rebuilt.restore_draw_offer(Color::White), Ok(()));
        assert_eq!(rebuilt.draw_offer(), game.draw_offer());
    }

    #[test]
    fn threefold_and_fivefold() {
        let mut game = Game::new();
        play_all(&mut game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        // Black declares Ng8, which would repeat the start position a third time.
        let claims = game.claimable();
        assert_eq!(claims.len(), 1);
        assert_eq!(claims[0].termination, Termination::ThreefoldRepetition);
        assert!(claims[0].declared.is_some());
        play_all(&mut game, "Ng8");
        assert_eq!(game.repetitions(), 3);
        assert!(game.claimable().iter().any(|c| c.declared.is_none()));
        play_all(&mut game, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(game.repetitions(), 4);
        assert!(!game.is_over());
        play_all(&mut game, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(
            game.outcome(),
            Some(Outcome::draw(Termination::FivefoldRepetition))
        );
    }

    /// The draws a declared move completes, found by playing each legal
    /// move: the oracle for [`Game::claimable`].
    fn claims_by_playing(game: &Game) -> Vec<(Termination, bool)> {
        let mut out = Vec::new();
        let pos = game.position();
        for (termination, now) in [
            (Termination::ThreefoldRepetition, game.repetitions() >= 3),
            (Termination::FiftyMoves, pos.halfmoves() >= 100),
        ] {
            if now {
                out.push((termination, false));
                continue;
            }
            let by_move = pos.legal_moves().iter().any(|&m| {
                let mut after = game.clone();
                after.play(m).is_ok()
                    && match termination {
                        Termination::ThreefoldRepetition => after.repetitions() >= 3,
                        _ => after.position().halfmoves() >= 100,
                    }
            });
            if by_move {
                out.push((termination, true));
            }
        }
        out
    }

    #[test]
    fn claims_agree_with_playing_each_move() {
        // Games that shuffle their pieces (a capture or a pawn move one
        // time in ten, a piece moved back half the time), so that
        // repetitions and long reversible stretches come often; every
        // position's claims checked against the oracle, which must have
        // found claims by a declared move (hundreds; a bound one ply off
        // fails here).
        let mut rng = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut declared = 0;
        for _ in 0..60 {
            let mut game = Game::new();
            for _ in 0..160 {
                if game.is_over() {
                    break;
                }
                let mut found: Vec<(Termination, bool)> = game
                    .claimable()
                    .iter()
                    .map(|c| (c.termination, c.declared.is_some()))
                    .collect();
                found.sort_by_key(|(t, _)| *t as u8);
                let mut expected = claims_by_playing(&game);
                expected.sort_by_key(|(t, _)| *t as u8);
                assert_eq!(found, expected, "{}", game.position().fen());
                declared += found.iter().filter(|(_, by_move)| *by_move).count();
                let pos = *game.position();
                let moves = pos.legal_moves();
                let quiet: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        !pos.is_capture(m) && pos.board().role_at(m.from()) != Some(Role::Pawn)
                    })
                    .collect();
                // Half the time the side takes back its last move when it
                // can (a knight out and home again), so that positions
                // recur.
                let moved = game.moves().len();
                let back = moved
                    .checked_sub(2)
                    .and_then(|i| game.moves().get(i))
                    .and_then(|last| {
                        quiet
                            .iter()
                            .copied()
                            .find(|m| m.from() == last.to() && m.to() == last.from())
                    });
                let pool: &[Move] = if quiet.is_empty() || next() % 10 == 0 {
                    &moves
                } else {
                    &quiet
                };
                let m = match back {
                    Some(m) if next() % 2 == 0 => m,
                    _ => pool[(next() % pool.len() as u64) as usize],
                };
                assert!(game.play(m).is_ok());
            }
        }
        assert!(declared > 0, "no claim by a declared move came up");
    }

    #[test]
    fn offers_and_agreement() {
        let mut game = Game::new();
        let e4 = game
            .position()
            .parse_san("e4", Lang::English)
            .unwrap_or(Move::from_u16(0));
        assert_eq!(
            game.play_offering_draw(e4),
            Err(GameError::DrawOfferTooEarly)
        );
        play_all(&mut game, "e4");
        let e5 = game
            .position()
            .parse_san("e5", Lang::English)
            .unwrap_or(Move::from_u16(0));
        assert_eq!(game.play_offering_draw(e5), Ok(()));
        assert_eq!(game.draw_offer(), Some(Color::Black));
        assert_eq!(game.accept_draw(Color::Black), Err(GameError::NoDrawOffer));
        // Answered by a move: the offer lapses.
        play_all(&mut game, "Nf3");
        assert_eq!(game.draw_offer(), None);
        let nc6 = game
            .position()
            .parse_san("Nc6", Lang::English)
            .unwrap_or(Move::from_u16(0));
        assert_eq!(game.play_offering_draw(nc6), Ok(()));
        assert_eq!(
            game.accept_draw(Color::White),
            Ok(Outcome::draw(Termination::Agreement))
        );
    }

    #[test]
    fn an_offer_just_after_ones_own_move_goes_with_it() {
        let mut game = Game::new();
        play_all(&mut game, "e4");
        // Black has not moved: too early for White; Black has no move to
        // offer with.
        assert_eq!(
            game.offer_draw_with_last_move(Color::White),
            Err(GameError::DrawOfferTooEarly)
        );
        assert_eq!(
            game.offer_draw_with_last_move(Color::Black),
            Err(GameError::DrawOfferWithMove)
        );
        play_all(&mut game, "e5");
        assert_eq!(game.offer_draw_with_last_move(Color::Black), Ok(()));
        assert_eq!(game.draw_offer(), Some(Color::Black));
        assert!(game.offered_draw_with(1), "marked on Black's move");
        assert!(!game.offered_draw_with(0));
        // Again: it stands, nothing changes.
        assert_eq!(game.offer_draw_with_last_move(Color::Black), Ok(()));
        // White, to move, has no move of its own just made.
        assert_eq!(
            game.offer_draw_with_last_move(Color::White),
            Err(GameError::DrawOfferWithMove)
        );
        assert_eq!(
            game.accept_draw(Color::White),
            Ok(Outcome::draw(Termination::Agreement))
        );
        // The event's rule counts the move the offer goes with.
        let mut ruled = Game::new().with_rules(GameRules {
            no_draw_offer_before: 3,
            ..GameRules::default()
        });
        play_all(&mut ruled, "e4 e5 Nf3 Nc6");
        assert_eq!(
            ruled.offer_draw_with_last_move(Color::Black),
            Err(GameError::DrawOfferBeforeMove(3))
        );
        play_all(&mut ruled, "Bb5");
        assert_eq!(ruled.offer_draw_with_last_move(Color::White), Ok(()));
    }

    #[test]
    fn what_the_player_may_do_follows_the_rules() {
        let mut g = Game::new();
        assert!(g.can_abort());
        assert!(!g.may_offer_draw());
        let e4 = g.position().parse_uci("e2e4").ok();
        assert!(e4.is_some_and(|m| g.play(m).is_ok()));
        // Black has not moved: still abortable; Black may offer (White moved).
        assert!(g.can_abort());
        assert!(g.may_offer_draw());
        let e5 = g.position().parse_uci("e7e5").ok();
        assert!(e5.is_some_and(|m| g.play(m).is_ok()));
        assert!(!g.can_abort());
        assert!(g.may_offer_draw());
        assert!(g.resign(Color::White).is_ok());
        assert!(!g.can_abort());
        assert!(!g.may_offer_draw());
    }

    #[test]
    fn event_rule_no_offer_before_move_30() {
        let mut game = Game::new().with_rules(GameRules {
            no_draw_offer_before: 30,
            ..GameRules::default()
        });
        play_all(&mut game, "e4");
        let e5 = game
            .position()
            .parse_san("e5", Lang::English)
            .unwrap_or(Move::from_u16(0));
        assert_eq!(
            game.play_offering_draw(e5),
            Err(GameError::DrawOfferBeforeMove(30))
        );
        assert_eq!(game.moves().len(), 1, "nothing changed");
    }

    #[test]
    fn abort_resign_flag() {
        let mut game = Game::new();
        play_all(&mut game, "e4");
        assert_eq!(game.abort().map(|o| o.result), Ok(None));
        let mut game = Game::new();
        play_all(&mut game, "e4 e5");
        assert_eq!(game.abort(), Err(GameError::AbortTooLate));
        assert_eq!(
            game.resign(Color::White),
            Ok(Outcome::new(
                GameResult::BlackWins,
                Termination::Resignation
            ))
        );
        assert_eq!(game.play(Move::from_u16(0)), Err(Refusal::GameOver));
    }

    #[test]
    fn castling_refusals_use_the_history() {
        let mut game = Game::new();
        play_all(&mut game, "e4 e5 Nf3 Nc6 Bc4 Bc5 Rg1 Nf6 Rh1 d6");
        let refusal = game.play_squares(Square::E1, Square::G1, None);
        assert_eq!(refusal, Err(Refusal::CastlingRookMoved));
        let mut game = Game::new();
        play_all(&mut game, "e4 e5 Nf3 Nc6 Bc4 Bc5 Ke2 Nf6 Ke1 d6");
        let refusal = game.play_squares(Square::E1, Square::G1, None);
        assert_eq!(refusal, Err(Refusal::CastlingKingMoved));
    }
}
