//! A game in play as plain data: the rules ([`sakk::Game`]), the server's
//! clock, the seats, and the state the API shows of them. A command works
//! on a copy of it ([`LiveGame`] is `Clone`), which replaces the original
//! only once it is committed; or, for a move, on the game itself, set back
//! to its [`LiveMark`] when the move is not committed.

use std::fmt::Write as _;
use std::time::Duration;

use sakk::{Clock, Color, Game, GameRules, Move, Outcome, Position, Termination, TimeControl};

mod mark;
pub use mark::LiveMark;

use crate::rows::{GameRow, MoveRow, Pending};
pub use crate::wire::{ClockSpec, RulesSpec};

use crate::wire::{
    ClockInUse, EncodedList, GameState, GameStatus, MoveMarks, OpeningInfo, Opponent, PgnResult,
    Side, SquareName, Status, TerminationCode,
};

/// A game in play.
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// The stored fields (kept in step with the game).
    pub row: GameRow,
    /// The rules and the history.
    pub game: Game,
    /// The clock, if timed.
    pub clock: Option<Clock>,
    /// The time control, if timed.
    pub control: Option<TimeControl>,
    /// The clock in use as the API shows it (made once, from `control`).
    pub clock_in_use: Option<ClockInUse>,
    /// The event rules (read once from the row).
    pub rules: RulesSpec,
    /// How the game ended, if it has (also for endings the rules engine
    /// does not record, after a restart).
    pub outcome: Option<Outcome>,
    /// The side whose resignation or flag ended it.
    pub ended_by: Option<Color>,
    /// Each side's time left after each ply, for PGN `[%clk]`.
    pub clocks: Vec<(Option<i64>, Option<i64>)>,
    /// The side that asked to take back, while the question stands.
    pub takeback_offer: Option<Color>,
    /// The last move is the move a correct draw claim declared.
    pub declared_last: bool,
    /// The incorrect draw claim just made, until the next move (stored
    /// with the game: the state shows it to both players).
    pub rejected_claim: Option<crate::wire::RejectedClaim>,
}

/// Each move with its UCI, SAN and what it did, kept between state
/// messages (a game of n moves would otherwise write n SANs for every
/// message). The SAN and the marks are shared with the state last made
/// (copied only if that state is still held when a move is added).
#[derive(Debug, Default)]
pub struct Notation {
    moves: Vec<Move>,
    /// The moves in UCI, separated by spaces.
    uci: String,
    /// Where each move's UCI begins in `uci`.
    starts: Vec<usize>,
    san: EncodedList,
    marks: EncodedList,
}

impl Notation {
    /// Brings the notation in step with `game`: keeps what still matches
    /// (a takeback cuts it short) and writes the moves made since.
    fn update(&mut self, game: &Game) {
        let same = self
            .moves
            .iter()
            .zip(game.moves())
            .take_while(|(a, b)| a == b)
            .count();
        if same < self.moves.len() {
            self.moves.truncate(same);
            // The space before the first move cut goes with it.
            let cut = self.starts.get(same).map_or(0, |&s| s.saturating_sub(1));
            self.uci.truncate(cut);
            self.starts.truncate(same);
            self.san.truncate(same);
            self.marks.truncate(same);
        }
        if game.moves().len() == same {
            return;
        }
        for (&m, p) in game.moves().iter().zip(game.positions()).skip(same) {
            if !self.uci.is_empty() {
                self.uci.push(' ');
            }
            self.starts.push(self.uci.len());
            // UCI moves are written without the formatting machinery.
            let _ = write!(self.uci, "{}", p.uci(m));
            self.moves.push(m);
            self.san.push(&p.san(m).to_string());
            self.marks.push(&MoveMarks::of(p.move_facts(m)));
        }
    }

    /// The last move in UCI.
    fn last_uci(&self) -> Option<&str> {
        self.starts.last().and_then(|&s| self.uci.get(s..))
    }
}

fn ms(d: Duration) -> i64 {
    d.as_millis().min(i64::MAX as u128) as i64
}

/// The time each side starts with under `control`, in milliseconds.
pub fn initial_ms(control: &TimeControl) -> i64 {
    ms(Clock::new(control.clone()).remaining(Color::White, Duration::ZERO))
}

impl LiveGame {
    /// A game from its stored row and moves. The clock restarts for the side
    /// to move at `now`: time while the server was down is not charged,
    /// except in a correspondence game (days a move), whose side to move
    /// has until the stored deadline (unless it is the computer, which
    /// answers as soon as a server holds the game).
    pub fn restore(row: GameRow, moves: &[MoveRow], now: Duration) -> Result<LiveGame, String> {
        LiveGame::restore_at(row, moves, now, unix_ms())
    }

    /// [`LiveGame::restore`] at `unix_now` (milliseconds since the Unix
    /// epoch), which a correspondence game's deadline is measured from.
    pub fn restore_at(
        row: GameRow,
        moves: &[MoveRow],
        now: Duration,
        unix_now: i64,
    ) -> Result<LiveGame, String> {
        let rules: RulesSpec = serde_json::from_str(&row.rules).unwrap_or_default();
        let start = Position::from_fen_with_mode(&row.start_fen, rules.variant.castling_mode())
            .map_err(|e| e.to_string())?;
        let mut game = Game::from_position(start).with_rules(GameRules {
            touch_move: rules.touch_move,
            no_draw_offer_before: rules.no_draw_offer_before,
        });
        let mut clocks = Vec::new();
        for m in moves {
            let mv = game
                .position()
                .parse_uci(&m.uci)
                .map_err(|e| format!("stored move {}: {e}", m.uci))?;
            let played = if m.offer {
                game.play_offering_draw(mv).map_err(|e| e.to_string())
            } else {
                game.play(mv).map_err(|e| e.to_string())
            };
            if played.is_err() {
                // An offer the rules would refuse today: keep the move.
                game.play(mv).map_err(|e| e.to_string())?;
            }
            clocks.push((m.white_ms, m.black_ms));
        }
        let control = match &row.clock {
            Some(text) => Some(
                serde_json::from_str::<ClockSpec>(text)
                    .map_err(|e| e.to_string())?
                    .time_control()?,
            ),
            None => None,
        };
        let mut live = LiveGame {
            clock: control.clone().map(Clock::new),
            clock_in_use: control.as_ref().and_then(ClockInUse::of),
            control,
            rules,
            game,
            outcome: None,
            ended_by: row.ended_by.map(Color::from),
            clocks,
            takeback_offer: None,
            declared_last: moves.last().is_some_and(|m| m.declared),
            rejected_claim: None,
            row,
        };
        if let Some(termination) = live.row.termination.map(Termination::from) {
            let result = live.row.result.and_then(PgnResult::result);
            live.outcome = Some(Outcome {
                result,
                termination,
            });
        } else {
            live.outcome = live.game.outcome();
        }
        let turn = live.game.turn();
        // The computer answers as soon as a server holds the game: the time
        // with none is not charged to it.
        let charged = live.computer_color() != Some(turn);
        if let Some(c) = live.clock.as_mut() {
            set_moves(c, &live.game);
            if let (Some(w), Some(b)) = (live.row.white_ms, live.row.black_ms) {
                c.set_remaining(Color::White, Duration::from_millis(w.max(0) as u64));
                c.set_remaining(Color::Black, Duration::from_millis(b.max(0) as u64));
            }
            if let (TimeControl::Correspondence(_), Some(deadline), true) =
                (c.control(), live.row.deadline, charged)
            {
                // Days a move run on while no server holds the game.
                let left = u64::try_from(deadline.saturating_sub(unix_now)).unwrap_or(0);
                c.set_remaining(turn, Duration::from_millis(left));
            }
            if live.outcome.is_none() && live.game.moves().len() >= timed_from(c.control()) {
                let _ = c.start(turn, now);
            }
        }
        live.resume_pending();
        Ok(live)
    }

    /// What the game showed between moves when it was stored: the
    /// takeback request, the touched squares (touched again, in order, by
    /// the side to move), the refused claim.
    fn resume_pending(&mut self) {
        let Some(pending) = self.row.pending.clone() else {
            return;
        };
        if self.outcome.is_some() {
            return;
        }
        self.takeback_offer = pending.takeback_offer.map(Color::from);
        let turn = self.game.turn();
        for &SquareName(square) in &pending.touched {
            // A square the rules no longer let be touched (nothing there
            // now) is left out, as it would have been then.
            let _ = self.game.touch(turn, square, false);
        }
        if let Some(claim) = &pending.rejected_claim {
            // The claim stands as a draw offer, unless it was declined
            // (its declared move, if any, carried the offer and has
            // restored it).
            if claim.declared.is_none()
                && self.game.draw_offer().is_none()
                && self.row.draw_offer == Some(claim.by)
            {
                let _ = self.game.restore_draw_offer(Color::from(claim.by));
            }
        }
        self.rejected_claim = pending.rejected_claim;
    }

    /// The squares touched under touch-move, in order.
    fn touched(&self) -> Vec<SquareName> {
        self.game
            .touched()
            .iter()
            .copied()
            .map(SquareName)
            .collect()
    }

    /// What the game shows between moves, as stored.
    fn pending(&self) -> Option<Pending> {
        if self.outcome.is_some() {
            return None;
        }
        Pending {
            takeback_offer: self.takeback_offer.map(Side::from),
            touched: self.touched(),
            rejected_claim: self.rejected_claim.clone(),
        }
        .some()
    }

    /// The colours a seat token plays (both for a local game's one token).
    pub fn seat(&self, token: &str) -> Vec<Color> {
        let mut seats = Vec::new();
        if token.is_empty() {
            return seats;
        }
        // Hashed once, compared with both seats.
        let hashed = crate::seat::hash_token(token);
        if crate::seat::hash_matches(&hashed, &self.row.white_token) {
            seats.push(Color::White);
        }
        if crate::seat::hash_matches(&hashed, &self.row.black_token) {
            seats.push(Color::Black);
        }
        seats
    }

    /// The colours an account plays (a game between accounts names them).
    pub fn account_seat(&self, user: &str) -> Vec<Color> {
        let mut seats = Vec::new();
        if !user.is_empty() && self.row.white_user.as_deref() == Some(user) {
            seats.push(Color::White);
        }
        if !user.is_empty() && self.row.black_user.as_deref() == Some(user) {
            seats.push(Color::Black);
        }
        seats
    }

    /// The colour the computer plays, in a game against it.
    pub fn computer_color(&self) -> Option<Color> {
        match (self.row.opponent, self.row.human_color) {
            (Opponent::Computer, Some(human)) => Some(!Color::from(human)),
            _ => None,
        }
    }

    /// Whether the computer is to move now.
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && self.computer_color() == Some(self.game.turn())
    }

    /// `true` once the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Checks the running clock at `now`; ends the game if a flag fell.
    /// Returns `true` if it did.
    pub fn check_flag(&mut self, now: Duration) -> bool {
        if self.is_over() {
            return false;
        }
        let Some(c) = self.clock.as_mut() else {
            return false;
        };
        match c.check_flag(now) {
            Some(flagged) => {
                let outcome = self.game.flag(flagged).ok();
                self.finish(outcome, Some(flagged));
                true
            }
            None => false,
        }
    }

    /// Plays a move already checked against the rules: charges the clock,
    /// starts it after both sides' first moves, records the times.
    /// Returns the stored move row, or `None` if the mover's flag fell first.
    pub fn apply_move(
        &mut self,
        m: sakk::Move,
        offer: bool,
        now: Duration,
    ) -> Result<Option<MoveRow>, sakk::GameError> {
        if self.check_flag(now) {
            return Ok(None);
        }
        let mover = self.game.turn();
        if offer {
            self.game.play_offering_draw(m)?;
        } else {
            self.game.play(m)?;
        }
        if let Some(c) = self.clock.as_mut() {
            if c.running().is_some() {
                if c.press(now).is_err() {
                    // Flag fell on the press: the move does not count.
                    let _ = self.game.take_back();
                    let outcome = self.game.flag(mover).ok();
                    self.finish(outcome, Some(mover));
                    return Ok(None);
                }
            } else {
                // The first moves are not timed, but they count towards
                // the period.
                c.count_move(mover);
                if self.game.moves().len() >= timed_from(c.control()) {
                    let _ = c.start(self.game.turn(), now);
                }
            }
        }
        self.outcome = self.game.outcome();
        Ok(Some(self.record_last_move(offer, false, now)))
    }

    /// Records the game's last move (just played, or declared by a correct
    /// draw claim): the times after it, the clock stopped if the game is
    /// over, the row in step. Returns the move as stored.
    pub fn record_last_move(&mut self, offer: bool, declared: bool, now: Duration) -> MoveRow {
        let (w, b) = self.times(now);
        self.clocks.push((w, b));
        if let Some(c) = self.clock.as_mut() {
            if self.outcome.is_some() {
                c.stop(now);
            }
        }
        self.declared_last = declared;
        self.rejected_claim = None;
        let ply = self.game.moves().len().saturating_sub(1);
        let uci = match (self.game.moves().last(), self.game.positions().get(ply)) {
            (Some(&m), Some(p)) => p.uci(m).to_string(),
            _ => String::new(),
        };
        self.touch_row(now);
        self.changed();
        MoveRow {
            ply: i64::try_from(ply).unwrap_or(i64::MAX),
            uci,
            offer,
            declared,
            white_ms: w,
            black_ms: b,
        }
    }

    /// Takes back plies until it is `to`'s turn again (one or two plies);
    /// the clock goes back to the times stored with the remaining moves.
    /// Returns the first ply removed.
    pub fn take_back_to(&mut self, to: Color, now: Duration) -> Result<usize, sakk::GameError> {
        let plies = if self.game.turn() == to { 2 } else { 1 };
        if self.game.moves().len() < plies {
            return Err(sakk::GameError::NothingToTakeBack);
        }
        for _ in 0..plies {
            self.game.take_back()?;
            self.clocks.pop();
        }
        self.outcome = None;
        self.ended_by = None;
        self.takeback_offer = None;
        self.declared_last = false;
        self.rejected_claim = None;
        let n = self.game.moves().len();
        if let (Some(c), Some(control)) = (self.clock.as_mut(), self.control.clone()) {
            let mut fresh = Clock::new(control);
            set_moves(&mut fresh, &self.game);
            let (w, b) = self.clocks.last().copied().unwrap_or((None, None));
            if let (Some(w), Some(b)) = (w, b) {
                fresh.set_remaining(Color::White, Duration::from_millis(w.max(0) as u64));
                fresh.set_remaining(Color::Black, Duration::from_millis(b.max(0) as u64));
            }
            if n >= timed_from(fresh.control()) {
                let _ = fresh.start(self.game.turn(), now);
            }
            *c = fresh;
        }
        self.changed();
        self.touch_row(now);
        Ok(n)
    }

    /// Each side's time left at `now`, if timed.
    pub fn times(&self, now: Duration) -> (Option<i64>, Option<i64>) {
        match &self.clock {
            Some(c) => (
                Some(ms(c.remaining(Color::White, now))),
                Some(ms(c.remaining(Color::Black, now))),
            ),
            None => (None, None),
        }
    }

    /// Marks a change in memory, by the one version counter: the stored
    /// row's. A command works on a copy (or, a move, on the game after a
    /// [`LiveGame::mark`]); one whose `row.version` is still the
    /// original's changed nothing (and commits nothing), and one that
    /// changed is committed as the next version however many marks it
    /// made.
    pub fn changed(&mut self) {
        self.row.version += 1;
    }

    /// Ends the game with `outcome` (from the rules engine).
    pub fn finish(&mut self, outcome: Option<Outcome>, by: Option<Color>) {
        self.outcome = outcome.or(self.game.outcome());
        self.ended_by = by;
        self.changed();
    }

    /// Brings the stored row in step with the game.
    pub fn touch_row(&mut self, now: Duration) {
        let (w, b) = self.times(now);
        let pending = self.pending();
        let unix_now = unix_ms();
        let deadline = self
            .clock
            .as_ref()
            .filter(|c| matches!(c.control(), TimeControl::Correspondence(_)))
            .filter(|_| self.outcome.is_none())
            .and_then(|c| {
                let side = c.running()?;
                Some(unix_now.saturating_add(ms(c.remaining(side, now))))
            });
        let row = &mut self.row;
        row.updated_at = unix_now;
        row.deadline = deadline;
        row.white_ms = w;
        row.black_ms = b;
        row.draw_offer = self.game.draw_offer().map(Side::from);
        row.status = if self.outcome.is_some() {
            Status::Ended
        } else if self.game.moves().is_empty() {
            Status::Created
        } else {
            Status::Started
        };
        row.result = self.outcome.as_ref().map(PgnResult::of);
        row.termination = self.outcome.map(|o| o.termination.into());
        row.ended_by = self.ended_by.map(Side::from);
        row.pending = pending;
    }

    /// The state as the API shows it, at `now`.
    pub fn state(&self, notation: &mut Notation, now: Duration) -> GameState {
        let pos = self.game.position();
        notation.update(&self.game);
        let (wtime, btime) = self.times(now);
        let mut claimable: Vec<TerminationCode> = Vec::new();
        if self.outcome.is_none() {
            for c in self.game.claimable() {
                let code = TerminationCode::from(c.termination);
                if !claimable.contains(&code) {
                    claimable.push(code);
                }
            }
        }
        let over = self.is_over();
        let (wdraw, bdraw) = match self.game.draw_offer() {
            Some(c) if !over => (c.is_white(), !c.is_white()),
            _ => (false, false),
        };
        let (wtakeback, btakeback) = match self.takeback_offer {
            Some(c) if !over => (c.is_white(), !c.is_white()),
            _ => (false, false),
        };
        let inc = |c: Color| {
            self.clock
                .as_ref()
                .and_then(|k| k.stage(c))
                .map(|s| ms(s.increment))
        };
        let next = |c: Color| {
            self.clock
                .as_ref()
                .filter(|_| !over)
                .and_then(|k| k.next_control(c))
                .map(crate::wire::NextControlView::from)
        };
        GameState {
            id: self.row.id.clone(),
            opponent: self.row.opponent,
            level: self.row.level,
            human_color: self.row.human_color,
            initial_fen: self.row.start_fen.clone(),
            fen: pos.fen(),
            turn: pos.turn().into(),
            check: pos.is_check(),
            moves: notation.uci.clone(),
            san: notation.san.clone(),
            marks: notation.marks.clone(),
            phase: pos.phase().into(),
            material: pos.material_balance(),
            named_mate: self.game.named_mate().map(crate::wire::NamedMate::from),
            status: GameStatus::of(
                self.outcome.map(|o| o.termination),
                !self.game.moves().is_empty(),
            ),
            result: self
                .outcome
                .filter(|o| o.termination != Termination::Aborted)
                .map(|o| PgnResult::of(&o)),
            termination: self.outcome.map(|o| o.termination.into()),
            winner: self.outcome.and_then(|o| o.winner()).map(Side::from),
            ended_by: self.ended_by.map(Side::from),
            wtime,
            btime,
            winc: inc(Color::White),
            binc: inc(Color::Black),
            wnext: next(Color::White),
            bnext: next(Color::Black),
            clock_running: if over {
                None
            } else {
                self.clock.as_ref().and_then(Clock::running).map(Side::from)
            },
            clock: self.clock_in_use.clone(),
            wdraw,
            bdraw,
            wtakeback,
            btakeback,
            claimable,
            can_abort: !over && self.row.tournament.is_none() && self.game.can_abort(),
            can_takeback: !over && !self.game.moves().is_empty() && self.takeback_offer.is_none(),
            can_offer_draw: !over
                && self.row.opponent != Opponent::Computer
                && self.game.may_offer_draw(),
            declared_move: if self.declared_last {
                notation.last_uci().map(str::to_string)
            } else {
                None
            },
            rejected_claim: self.rejected_claim.clone(),
            rules: self.rules,
            touched: self.touched(),
            created_at: self.row.created_at,
            opening: self.game.opening().map(|o| OpeningInfo {
                eco: o.eco.to_string(),
                name: o.name.to_string(),
                class: self.game.opening_class().map(sakk::OpeningClass::code),
            }),
            rematch: self.row.rematch.clone(),
            tournament: self.row.tournament.clone(),
        }
    }

    /// The game in PGN export format with `[%clk]` comments.
    pub fn pgn(&self) -> String {
        sakk::pgn::write_game(&self.pgn_game(), &sakk::pgn::ExportOptions::default())
    }

    /// The game as PGN data (tags, moves with `[%clk]` comments, result),
    /// for [`LiveGame::pgn`] or a tournament's PGN (which names the players).
    pub fn pgn_game(&self) -> sakk::pgn::PgnGame {
        let clocks: Vec<Duration> = self
            .clocks
            .iter()
            .zip(self.game.positions())
            .filter_map(|((w, b), p)| {
                let t = if p.turn().is_white() { *w } else { *b };
                t.map(|ms| Duration::from_millis(ms.max(0) as u64))
            })
            .collect();
        let with_clocks = clocks.len() == self.game.moves().len() && !clocks.is_empty();
        let mut pgn =
            sakk::pgn::PgnGame::from_game(&self.game, with_clocks.then_some(clocks.as_slice()));
        if self.declared_last {
            if let Some(last) = pgn.moves.last_mut() {
                last.comments
                    .push("the move declared with a correct draw claim".to_string());
            }
        }
        let result = self.outcome.map_or("*", |o| o.pgn_result());
        pgn.result = Some(result.to_string());
        pgn.set_tag("Event", "sakk game");
        pgn.set_tag("Site", &format!("sakk {}", self.row.id));
        // The day the game began.
        pgn.set_tag(
            "Date",
            &sakk::pgn::format_date(self.row.created_at.div_euclid(1000)),
        );
        let (white, black) = match self.row.opponent {
            Opponent::Computer => {
                let engine = format!("sakk level {}", self.row.level.unwrap_or(8));
                if self.row.human_color == Some(Side::Black) {
                    (engine, "Player".to_string())
                } else {
                    ("Player".to_string(), engine)
                }
            }
            _ => ("White".to_string(), "Black".to_string()),
        };
        pgn.set_tag("White", &white);
        pgn.set_tag("Black", &black);
        pgn.set_tag("Result", result);
        if let Some(tc) = &self.control {
            pgn.set_tag("TimeControl", &tc.to_pgn());
            if let Some(delay) = tc.pgn_delay() {
                pgn.set_tag("TimeDelay", &delay);
            }
        }
        if let Some(o) = self.outcome {
            let term = match o.termination {
                Termination::Timeout => "time forfeit",
                Termination::Aborted => "abandoned",
                _ => "normal",
            };
            pgn.set_tag("Termination", term);
        }
        pgn
    }
}

/// Milliseconds since the Unix epoch.
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The number of moves after which the clock starts: the first move of
/// each side is not timed (as online play has it), but a correspondence
/// game's days run from the first move on (the reply has its days).
fn timed_from(control: &TimeControl) -> usize {
    match control {
        TimeControl::Correspondence(_) => 1,
        _ => 2,
    }
}

/// Sets a restored clock's move counters from the game's moves (each
/// side's moves since the start position).
fn set_moves(clock: &mut Clock, game: &Game) {
    let n = u32::try_from(game.moves().len()).unwrap_or(u32::MAX);
    let first = game.start().turn();
    let (by_first, by_second) = (n.div_ceil(2), n / 2);
    clock.set_moves(first, by_first);
    clock.set_moves(!first, by_second);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &mut Game, uci: &str) {
        let Ok(m) = game.position().parse_uci(uci) else {
            panic!("{uci} is not a move here");
        };
        if let Err(e) = game.play(m) {
            panic!("{uci}: {e}");
        }
    }

    #[test]
    fn the_notation_follows_moves_and_takebacks_and_shares_its_lists() {
        let mut game = Game::new();
        let mut notation = Notation::default();
        for uci in ["e2e4", "e7e5", "g1f3"] {
            play(&mut game, uci);
        }
        notation.update(&game);
        assert_eq!(notation.uci, "e2e4 e7e5 g1f3");
        assert_eq!(notation.last_uci(), Some("g1f3"));
        let sans = |l: &EncodedList| l.texts().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(sans(&notation.san), [r#""e4""#, r#""e5""#, r#""Nf3""#]);
        // A state still held keeps its lists as they were.
        let held = notation.san.clone();
        assert!(game.take_back().is_ok());
        play(&mut game, "b1c3");
        notation.update(&game);
        assert_eq!(notation.uci, "e2e4 e7e5 b1c3");
        assert_eq!(sans(&notation.san), [r#""e4""#, r#""e5""#, r#""Nc3""#]);
        assert_eq!(sans(&held), [r#""e4""#, r#""e5""#, r#""Nf3""#]);
        assert_eq!(notation.marks.len(), 3);
        // Back to the start.
        for _ in 0..3 {
            assert!(game.take_back().is_ok());
        }
        notation.update(&game);
        assert_eq!((notation.uci.as_str(), notation.last_uci()), ("", None));
        assert!(notation.san.is_empty() && notation.marks.is_empty());
        play(&mut game, "d2d4");
        notation.update(&game);
        assert_eq!(notation.uci, "d2d4");
        assert_eq!(notation.last_uci(), Some("d2d4"));
    }
}
