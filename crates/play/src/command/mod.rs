//! What a command does to a game, decided on a copy of it: the checks
//! (whose seat, whose turn, the rules) and the change, with what the commit
//! must write. No I/O: the server's command path (`sakk-server`'s
//! `command::apply`) commits the copy, makes it visible and publishes it.
//!
//! ```
//! use std::time::Duration;
//! use sakk_play::command::{execute, Actor, Command};
//! use sakk_play::live::LiveGame;
//! use sakk_play::rows::{Change, GameRow};
//! use sakk_play::seat::hash_token;
//!
//! let row = GameRow {
//!     id: "g1".to_string(),
//!     start_fen: sakk::STARTING_FEN.to_string(),
//!     white_token: hash_token("secret"),
//!     black_token: hash_token("secret"),
//!     ..GameRow::default()
//! };
//! let mut game = LiveGame::restore(row, &[], Duration::ZERO).unwrap();
//! let e4 = Command::Move { text: "e4".to_string(), lang: None, offering_draw: false };
//! let effect = execute(&mut game, Actor::Client("secret"), e4, Duration::ZERO);
//! assert!(effect.reply.is_ok());
//! assert!(matches!(effect.change, Change::Move(ref m) if m.uci == "e2e4"));
//! // Not Black's seat, and not White's turn: refused, nothing changed.
//! let e5 = Command::Move { text: "e5".to_string(), lang: None, offering_draw: false };
//! let refused = execute(&mut game, Actor::Client("wrong"), e5, Duration::ZERO);
//! assert!(refused.reply.is_err());
//! ```

use std::time::Duration;

use sakk::{Color, Lang, Move, Square};
use serde::{Deserialize, Serialize};

use crate::codes::ErrorCode;
use crate::live::{initial_ms, unix_ms, LiveGame};
use crate::rows::{Change, GameRow, MoveRow};
use crate::wire::{Opponent, RejectedClaim, Side, Status};

mod fields;

/// Why a command is refused: the game's own reasons, each with the stable
/// code the API answers.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The game is over.
    #[error("the game is already over")]
    GameOver,
    /// No seat token.
    #[error("a seat token is needed")]
    Unauthorized,
    /// The wrong seat token (`bad_token`), or not its turn
    /// (`not_your_turn`).
    #[error("{}", .0.as_str())]
    Forbidden(ErrorCode),
    /// A request the game cannot take (`game_not_over`, …).
    #[error("{}", .0.as_str())]
    Bad(ErrorCode),
    /// The rules refuse it.
    #[error("{0}")]
    Rules(sakk::GameError),
    /// The move's text is unreadable, ambiguous or refused by the rules.
    #[error("{0}")]
    Input(sakk::MoveInputError),
}

impl From<sakk::GameError> for Refusal {
    fn from(e: sakk::GameError) -> Refusal {
        Refusal::Rules(e)
    }
}

impl From<sakk::MoveInputError> for Refusal {
    fn from(e: sakk::MoveInputError) -> Refusal {
        Refusal::Input(e)
    }
}

/// A change someone asks for: the one vocabulary of every transport. A
/// client's command travels as JSON tagged by `t` (a socket's message, an
/// op forwarded to the node that owns the game); the server's own commands
/// (flag fall, the computer's move, a tournament's call-off, a rematch,
/// which a client asks for as its own op) never travel, and JSON cannot
/// name them.
///
/// ```
/// use sakk_play::command::Command;
/// let c: Command = serde_json::from_str(r#"{"t":"move","move":"Hf3","lang":"hu"}"#).unwrap();
/// assert_eq!(c, Command::Move { text: "Hf3".into(), lang: Some(sakk::Lang::Hungarian), offering_draw: false });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Command {
    /// Play a move (SAN in `lang`'s letters, or UCI), maybe offering a draw.
    Move {
        /// The move's text.
        #[serde(rename = "move")]
        text: String,
        /// The piece letters of the text (every language, ambiguity
        /// refused, when `None`).
        #[serde(
            default,
            with = "fields::lang_code",
            skip_serializing_if = "Option::is_none"
        )]
        lang: Option<Lang>,
        /// Offer a draw with it.
        #[serde(rename = "offeringDraw", default)]
        offering_draw: bool,
    },
    /// Accept or decline the opponent's draw offer.
    #[serde(rename = "draw")]
    AnswerDraw {
        /// Accept (`yes`, `accept`) or decline (`no`, `decline`).
        #[serde(rename = "answer", with = "fields::answer")]
        accept: bool,
    },
    /// Offer a draw, or accept the opponent's (lichess's `draw/yes`): an
    /// offer goes with the move the player has just made; on the player's
    /// own turn it claims the threefold repetition or fifty-move draw that
    /// stands (else it is refused).
    #[serde(rename = "offer_draw")]
    OfferDraw,
    /// Claim a draw (threefold, fifty moves), maybe by declaring a move.
    #[serde(rename = "claim")]
    ClaimDraw {
        /// The declared move's text.
        #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
        declared: Option<String>,
        /// Its piece letters (as for a move).
        #[serde(
            default,
            with = "fields::lang_code",
            skip_serializing_if = "Option::is_none"
        )]
        lang: Option<Lang>,
    },
    /// Resign.
    Resign,
    /// Abort before the game has really begun.
    Abort,
    /// The tournament took back the pairing this game was made for: the
    /// game is called off (aborted) if it has not really begun. The
    /// server's own command.
    #[serde(skip)]
    CallOff,
    /// Ask to take back (or agree), or decline the opponent's request.
    Takeback {
        /// Ask or agree (`yes`), decline (`no`).
        #[serde(rename = "answer", with = "fields::answer")]
        yes: bool,
    },
    /// Touch a piece under touch-move.
    Touch {
        /// The square.
        #[serde(with = "fields::square_name")]
        square: Square,
        /// Only adjusting it ("j'adoube").
        #[serde(default)]
        adjust: bool,
    },
    /// Start a rematch (after the end) as game `id`, or find the one
    /// started.
    #[serde(skip)]
    Rematch {
        /// The new game's id (unused when the rematch exists already).
        id: String,
    },
    /// The flag timer: end the game if the running clock's flag fell.
    #[serde(skip)]
    FlagFall,
    /// A position of the game proved dead off the request path (FIDE
    /// 5.2.2): the game ends as a draw if the position is still one of its
    /// own (see [`sakk::Game::end_in_dead_position`]).
    #[serde(skip)]
    DeadPosition {
        /// The proof.
        proof: sakk::DeadProof,
    },
    /// The computer's move, found on the state of `version`.
    #[serde(skip)]
    ComputerMove {
        /// The move.
        mv: Move,
        /// The stored version of the state it was found on.
        version: i64,
    },
}

/// Reads a piece-letter language code (`en`, `hu`, `de`, `fr`, `fig`):
/// `bad_lang` for any other.
///
/// # Errors
/// `bad_lang`.
pub fn parse_lang(code: Option<&str>) -> Result<Option<Lang>, Refusal> {
    code.map(|c| Lang::from_code(c).ok_or(Refusal::Bad(ErrorCode::BadLang)))
        .transpose()
}

/// Reads an answer: `yes`/`accept` or `no`/`decline`.
#[must_use]
pub fn parse_answer(answer: &str) -> Option<bool> {
    match answer {
        "yes" | "accept" => Some(true),
        "no" | "decline" => Some(false),
        _ => None,
    }
}

/// Who gives a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor<'a> {
    /// A client, with the seat token it presented (may be empty).
    Client(&'a str),
    /// A client the server knows as this account (its id): it holds the
    /// seats the game gives the account.
    Account(&'a str),
    /// The server itself (timers, the computer).
    Server,
}

/// What a command did besides changing the game.
#[derive(Debug)]
pub struct Effect {
    /// What the commit writes with the new row.
    pub change: Change,
    /// Games created with it (a rematch).
    pub inserts: Vec<GameRow>,
    /// The answer: `Err` for a refusal (which may still have changed the
    /// game: a flag that fell first, a wrong claim's declared move).
    pub reply: Result<(), Refusal>,
}

impl Effect {
    fn state() -> Effect {
        Effect {
            change: Change::State,
            inserts: Vec::new(),
            reply: Ok(()),
        }
    }

    fn moved(row: MoveRow) -> Effect {
        Effect {
            change: Change::Move(row),
            inserts: Vec::new(),
            reply: Ok(()),
        }
    }

    fn refused(e: Refusal) -> Effect {
        Effect {
            change: Change::State,
            inserts: Vec::new(),
            reply: Err(e),
        }
    }
}

/// The colours the actor's seat token (or account) holds (both for a
/// local game's one token); `bad_token` when it holds none, or the actor
/// is the server.
fn seats(g: &LiveGame, actor: Actor<'_>) -> Result<Vec<Color>, Refusal> {
    let seats = match actor {
        Actor::Client("") => return Err(Refusal::Unauthorized),
        Actor::Client(token) => g.seat(token),
        Actor::Account(user) => g.account_seat(user),
        Actor::Server => Vec::new(),
    };
    if seats.is_empty() {
        return Err(Refusal::Forbidden(ErrorCode::BadToken));
    }
    Ok(seats)
}

/// The seat that acts: the side to move if the token holds it, else (when
/// `needs_turn` is false) the token's one seat.
fn acting_color(g: &LiveGame, actor: Actor<'_>, needs_turn: bool) -> Result<Color, Refusal> {
    let seats = seats(g, actor)?;
    let Some(&first) = seats.first() else {
        return Err(Refusal::Forbidden(ErrorCode::BadToken));
    };
    let turn = g.game.turn();
    if seats.contains(&turn) {
        return Ok(turn);
    }
    if needs_turn {
        return Err(Refusal::Forbidden(ErrorCode::NotYourTurn));
    }
    Ok(first)
}

/// Checks and computes one command on `g` (a copy of the game). Every
/// change marks `g` changed ([`LiveGame::changed`]); a command that marks
/// nothing changed nothing.
pub fn execute(g: &mut LiveGame, actor: Actor<'_>, command: Command, now: Duration) -> Effect {
    // A flag that has fallen ends the game before anything else counts;
    // but not before a proved dead position, which arose before the flag
    // fell (a move after the fall is refused) and so ended the game first
    // (FIDE 5.2.2).
    if !matches!(
        command,
        Command::Rematch { .. } | Command::DeadPosition { .. }
    ) && g.check_flag(now)
    {
        return Effect::refused(Refusal::GameOver);
    }
    let result = match command {
        Command::Move {
            text,
            lang,
            offering_draw,
        } => play(g, actor, &text, lang, offering_draw, now),
        Command::AnswerDraw { accept } => answer_draw(g, actor, accept, now),
        Command::OfferDraw => offer_draw(g, actor, now),
        Command::ClaimDraw { declared, lang } => {
            claim_draw(g, actor, declared.as_deref(), lang, now)
        }
        Command::Resign => over_guard(g).and_then(|()| {
            let color = acting_color(g, actor, false)?;
            let o = g.game.resign(color)?;
            g.finish(Some(o), Some(color));
            stop_clock(g, now);
            Ok(Effect::state())
        }),
        Command::Abort => over_guard(g).and_then(|()| {
            acting_color(g, actor, false)?;
            // A tournament's pairing stands: its game is played, resigned
            // or forfeited, not aborted (the organiser can take the round
            // back, which calls its games off).
            if g.row.tournament.is_some() {
                return Err(Refusal::Bad(ErrorCode::TournamentNoAbort));
            }
            let o = g.game.abort()?;
            g.finish(Some(o), None);
            stop_clock(g, now);
            Ok(Effect::state())
        }),
        Command::CallOff => over_guard(g).and_then(|()| {
            if !matches!(actor, Actor::Server) {
                return Err(Refusal::Forbidden(ErrorCode::BadToken));
            }
            let o = g.game.abort()?;
            g.finish(Some(o), None);
            stop_clock(g, now);
            Ok(Effect::state())
        }),
        Command::Takeback { yes } => takeback(g, actor, yes, now),
        Command::Touch { square, adjust } => over_guard(g).and_then(|()| {
            let color = acting_color(g, actor, true)?;
            g.game.touch(color, square, adjust)?;
            g.changed();
            Ok(Effect::state())
        }),
        Command::Rematch { id } => rematch(g, actor, id),
        Command::FlagFall => Ok(Effect::state()),
        Command::DeadPosition { proof } => {
            if actor == Actor::Server && !g.is_over() {
                if let Some(o) = g.game.end_in_dead_position(&proof) {
                    g.finish(Some(o), None);
                    stop_clock(g, now);
                }
            }
            Ok(Effect::state())
        }
        Command::ComputerMove { mv, version } => {
            if actor != Actor::Server || version != g.row.version || !g.computer_to_move() {
                Ok(Effect::state())
            } else {
                match g.apply_move(mv, false, now) {
                    Ok(Some(row)) => Ok(Effect::moved(row)),
                    Ok(None) => Ok(Effect::state()),
                    Err(e) => Err(e.into()),
                }
            }
        }
    };
    result.unwrap_or_else(Effect::refused)
}

fn over_guard(g: &LiveGame) -> Result<(), Refusal> {
    if g.is_over() {
        Err(Refusal::GameOver)
    } else {
        Ok(())
    }
}

/// Stops the clock once the game is over.
fn stop_clock(g: &mut LiveGame, now: Duration) {
    if g.outcome.is_none() {
        g.outcome = g.game.outcome();
    }
    if g.outcome.is_some() {
        if let Some(c) = g.clock.as_mut() {
            c.stop(now);
        }
    }
}

fn play(
    g: &mut LiveGame,
    actor: Actor<'_>,
    text: &str,
    lang: Option<Lang>,
    offering_draw: bool,
    now: Duration,
) -> Result<Effect, Refusal> {
    over_guard(g)?;
    acting_color(g, actor, true)?;
    let m = g.game.position().read_move_in(text, lang)?;
    match g.apply_move(m, offering_draw, now)? {
        Some(row) => Ok(Effect::moved(row)),
        // The mover's flag fell first: the game ended on time.
        None => Ok(Effect::refused(Refusal::GameOver)),
    }
}

fn answer_draw(
    g: &mut LiveGame,
    actor: Actor<'_>,
    accept: bool,
    now: Duration,
) -> Result<Effect, Refusal> {
    over_guard(g)?;
    let seats = seats(g, actor)?;
    // The answer comes from the side the offer was made to; the side that
    // made it has no offer to answer.
    let to = g
        .game
        .draw_offer()
        .map(|c| !c)
        .ok_or(sakk::GameError::NoDrawOffer)?;
    if !seats.contains(&to) {
        return Err(sakk::GameError::NoDrawOffer.into());
    }
    if accept {
        let o = g.game.accept_draw(to)?;
        g.finish(Some(o), None);
    } else {
        g.game.decline_draw(to)?;
        g.changed();
    }
    stop_clock(g, now);
    Ok(Effect::state())
}

/// Accepts the opponent's standing offer, or offers a draw with the
/// actor's move just made (an offer of its own standing stays); on the
/// actor's own turn, claims the draw that stands (threefold repetition,
/// fifty moves), as lichess's "yes" to a draw does.
fn offer_draw(g: &mut LiveGame, actor: Actor<'_>, now: Duration) -> Result<Effect, Refusal> {
    over_guard(g)?;
    let seats = seats(g, actor)?;
    if let Some(by) = g.game.draw_offer() {
        if seats.contains(&!by) {
            return answer_draw(g, actor, true, now);
        }
        return Ok(Effect::state());
    }
    let mover = !g.game.turn();
    if !seats.contains(&mover) {
        if g.game.claimable().iter().any(|c| c.declared.is_none()) {
            return claim_draw(g, actor, None, None, now);
        }
        return Err(sakk::GameError::DrawOfferWithMove.into());
    }
    g.game.offer_draw_with_last_move(mover)?;
    g.changed();
    let ply = i64::try_from(g.game.moves().len()).unwrap_or(i64::MAX) - 1;
    Ok(Effect {
        change: Change::Offer { ply },
        inserts: Vec::new(),
        reply: Ok(()),
    })
}

fn claim_draw(
    g: &mut LiveGame,
    actor: Actor<'_>,
    declared: Option<&str>,
    lang: Option<Lang>,
    now: Duration,
) -> Result<Effect, Refusal> {
    over_guard(g)?;
    acting_color(g, actor, true)?;
    let declared = match declared {
        Some(text) => Some(g.game.position().read_move_in(text, lang)?),
        None => None,
    };
    let claimant = g.game.turn();
    let declared_uci = declared.map(|m| g.game.position().uci(m).to_string());
    let mut trial = g.game.clone();
    match trial.claim_draw(declared) {
        Ok(o) => {
            let written = trial.moves().len() > g.game.moves().len();
            g.game = trial;
            g.finish(Some(o), None);
            stop_clock(g, now);
            if written {
                // The declared move, on the scoresheet (FIDE 9.2.1.1).
                return Ok(Effect::moved(g.record_last_move(false, true, now)));
            }
            Ok(Effect::state())
        }
        Err(sakk::GameError::ClaimRefused(r)) => {
            // FIDE 9.5: a declared move stands and is played; the claim
            // stands as a draw offer; the opponent gets two more minutes.
            let row = match (r.move_played, declared) {
                (true, Some(m)) => match g.apply_move(m, true, now) {
                    Ok(row) => row,
                    Err(_) => g.apply_move(m, false, now)?,
                },
                _ => {
                    g.game = trial;
                    g.changed();
                    None
                }
            };
            if g.is_over() {
                // The clock ran out before the move.
                return Ok(row.map_or_else(Effect::state, Effect::moved));
            }
            let added = match g.clock.as_mut() {
                Some(c) => {
                    c.add_time(!claimant, sakk::INCORRECT_CLAIM_TIME);
                    sakk::INCORRECT_CLAIM_TIME
                }
                None => Duration::ZERO,
            };
            g.touch_row(now);
            g.rejected_claim = Some(RejectedClaim {
                by: claimant.into(),
                repetitions: r.repetitions,
                moves: r.halfmoves / 2,
                declared: declared_uci,
                added_ms: i64::try_from(added.as_millis()).unwrap_or(i64::MAX),
            });
            Ok(row.map_or_else(Effect::state, Effect::moved))
        }
        Err(e) => Err(e.into()),
    }
}

fn takeback(
    g: &mut LiveGame,
    actor: Actor<'_>,
    yes: bool,
    now: Duration,
) -> Result<Effect, Refusal> {
    over_guard(g)?;
    let seats = seats(g, actor)?;
    let Some(&first) = seats.first() else {
        return Err(Refusal::Forbidden(ErrorCode::BadToken));
    };
    let me = if seats.len() == 2 {
        !g.game.turn()
    } else {
        first
    };
    let at_once = seats.len() == 2 || g.row.opponent == Opponent::Computer;
    let back_to = match (yes, g.takeback_offer) {
        // Asking (or, in a local or computer game, doing at once).
        (true, None) if at_once => Some(me),
        (true, None) => {
            g.takeback_offer = Some(me);
            g.changed();
            None
        }
        // The opponent agrees.
        (true, Some(asker)) if asker != me => Some(asker),
        // Asked already: the question stands.
        (true, Some(_)) => None,
        // The opponent declines, or the asker withdraws.
        (false, Some(_)) => {
            g.takeback_offer = None;
            g.changed();
            None
        }
        // As for a draw: nothing to answer is refused.
        (false, None) => return Err(Refusal::Bad(ErrorCode::NoTakebackRequest)),
    };
    match back_to {
        Some(to) => {
            let from = g.take_back_to(to, now)?;
            Ok(Effect {
                change: Change::TakeBack {
                    from_ply: i64::try_from(from).unwrap_or(i64::MAX),
                },
                inserts: Vec::new(),
                reply: Ok(()),
            })
        }
        None => Ok(Effect::state()),
    }
}

/// A rematch: the same settings with colours swapped; each player keeps
/// their seat token (only its hash is stored, so the server could not hand
/// out a new one to the second player).
fn rematch(g: &mut LiveGame, actor: Actor<'_>, new_id: String) -> Result<Effect, Refusal> {
    if !g.is_over() {
        return Err(Refusal::Bad(ErrorCode::GameNotOver));
    }
    seats(g, actor)?;
    if g.row.tournament.is_some() {
        return Err(Refusal::Bad(ErrorCode::TournamentGame));
    }
    if g.row.rematch.is_some() {
        return Ok(Effect::state());
    }
    let old = &g.row;
    let initial = g.control.as_ref().map(initial_ms);
    let now = unix_ms();
    let row = GameRow {
        id: new_id.clone(),
        created_at: now,
        updated_at: now,
        opponent: old.opponent,
        white_token: old.black_token.clone(),
        black_token: old.white_token.clone(),
        white_user: old.black_user.clone(),
        black_user: old.white_user.clone(),
        rated: old.rated,
        // Ratings move with the game before: the rematch's are read anew
        // when it is made between accounts (none are carried over).
        white_rating: None,
        black_rating: None,
        white_provisional: false,
        black_provisional: false,
        human_color: old.human_color.map(|h| match h {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }),
        level: old.level,
        start_fen: old.start_fen.clone(),
        clock: old.clock.clone(),
        rules: old.rules.clone(),
        status: Status::Created,
        white_ms: initial,
        black_ms: initial,
        ..GameRow::default()
    };
    g.row.rematch = Some(new_id);
    g.changed();
    Ok(Effect {
        change: Change::State,
        inserts: vec![row],
        reply: Ok(()),
    })
}
