//! What goes over the wire and into storage, typed: the game's state, its
//! events, the answers of the API and its errors. Nothing here is built
//! from JSON literals or compared as strings; the enums name every value a
//! field may take.

use serde::{Deserialize, Serialize};

pub mod encoded;
pub mod ending;
pub mod lines;
pub mod specs;

pub use encoded::EncodedList;

pub use ending::{FactCode, PgnResult, SquareName, TerminationCode};
pub use specs::{ClockSpec, RulesSpec, Variant};

/// A side of the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<sakk::Color> for Side {
    fn from(c: sakk::Color) -> Side {
        if c.is_white() {
            Side::White
        } else {
            Side::Black
        }
    }
}

impl From<Side> for sakk::Color {
    fn from(s: Side) -> sakk::Color {
        match s {
            Side::White => sakk::Color::White,
            Side::Black => sakk::Color::Black,
        }
    }
}

/// Who plays the other side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// Both sides on one device (one token for both seats).
    #[default]
    Local,
    /// A friend, by a link (a token for each seat).
    Friend,
    /// The computer.
    Computer,
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// No move yet.
    #[default]
    Created,
    /// Moves made, not over.
    Started,
    /// Over.
    Ended,
}

/// A game's status with lichess's names (its Board and Bot API), so that a
/// bot written for lichess reads it unchanged: `created` and `started`
/// while it goes on, then how it ended. Every draw but stalemate is
/// `draw` (the `termination` says which); a flag fall that is a draw (the
/// opponent could not mate) is `outoftime` without a `winner`, as on
/// lichess.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// No move yet.
    Created,
    /// Moves made, not over.
    Started,
    /// Aborted before both sides moved.
    Aborted,
    /// Checkmate.
    Mate,
    /// A side resigned.
    Resign,
    /// Stalemate.
    Stalemate,
    /// A flag fell.
    Outoftime,
    /// Drawn: agreement, repetition, the move rules, dead position.
    Draw,
}

impl GameStatus {
    /// The status of a game that ended by `termination`, or goes on
    /// (`started`: a move has been made).
    pub fn of(termination: Option<sakk::Termination>, started: bool) -> GameStatus {
        use sakk::Termination as T;
        match termination {
            None if started => GameStatus::Started,
            None => GameStatus::Created,
            Some(T::Checkmate) => GameStatus::Mate,
            Some(T::Resignation) => GameStatus::Resign,
            Some(T::Stalemate) => GameStatus::Stalemate,
            Some(T::Timeout) => GameStatus::Outoftime,
            Some(T::Aborted) => GameStatus::Aborted,
            Some(_) => GameStatus::Draw,
        }
    }

    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        !matches!(self, GameStatus::Created | GameStatus::Started)
    }
}

/// How a delay works.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum DelayKind {
    /// The clock waits the delay before it runs (US delay).
    Simple,
    /// The time used, up to the delay, is given back after the move.
    Bronstein,
}

impl From<sakk::DelayKind> for DelayKind {
    fn from(k: sakk::DelayKind) -> DelayKind {
        match k {
            sakk::DelayKind::Simple => DelayKind::Simple,
            sakk::DelayKind::Bronstein => DelayKind::Bronstein,
        }
    }
}

impl From<DelayKind> for sakk::DelayKind {
    fn from(k: DelayKind) -> sakk::DelayKind {
        match k {
            DelayKind::Simple => sakk::DelayKind::Simple,
            DelayKind::Bronstein => sakk::DelayKind::Bronstein,
        }
    }
}

/// One period of a clock in use (milliseconds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClockPeriod {
    /// Moves to make in it; absent for the rest of the game.
    pub moves: Option<u32>,
    /// Time given for it.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub time: i64,
    /// Added after each move (Fischer).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub increment: i64,
    /// Delay per move.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub delay: i64,
    /// How the delay works; absent without a delay.
    pub delay_kind: Option<DelayKind>,
}

/// The clock a game is played with, as it is in use (not as it was asked
/// for): `initial` and `increment` as lichess's `gameFull.clock`, every
/// period, and the PGN `TimeControl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClockInUse {
    /// The starting time, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub initial: i64,
    /// The first period's increment, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub increment: i64,
    /// The first period's delay, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub delay: i64,
    /// How the delay works; absent without a delay.
    pub delay_kind: Option<DelayKind>,
    /// Every period (one for most games; the last repeats when it has a
    /// move count).
    pub periods: Vec<ClockPeriod>,
    /// A sandclock (hourglass): the time one side uses flows to the other.
    pub sandclock: bool,
    /// Correspondence: days a move (then `periods` is empty and `initial`
    /// is the days in milliseconds); absent for a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub days: Option<u32>,
    /// The PGN `TimeControl` tag's value.
    pub pgn: String,
}

/// A side's next time control: the moves it still makes before it and
/// the time it then gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NextControlView {
    /// Moves still to make before it.
    pub moves: u32,
    /// The time it adds, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub adds: i64,
}

impl From<sakk::NextControl> for NextControlView {
    fn from(n: sakk::NextControl) -> NextControlView {
        NextControlView {
            moves: n.moves,
            adds: millis(n.adds),
        }
    }
}

fn millis(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl ClockPeriod {
    /// A period of the rules library's time control.
    pub fn of(s: &sakk::Stage) -> ClockPeriod {
        let delay = millis(s.delay);
        ClockPeriod {
            moves: s.moves,
            time: millis(s.time),
            increment: millis(s.increment),
            delay,
            delay_kind: (delay > 0).then(|| s.delay_kind.into()),
        }
    }
}

impl ClockInUse {
    /// The clock of a time control; `None` when unlimited.
    pub fn of(control: &sakk::TimeControl) -> Option<ClockInUse> {
        let (periods, sandclock) = match control {
            sakk::TimeControl::Unlimited => return None,
            sakk::TimeControl::Correspondence(_) => {
                return Some(ClockInUse {
                    initial: millis(control.per_move().unwrap_or_default()),
                    increment: 0,
                    delay: 0,
                    delay_kind: None,
                    periods: Vec::new(),
                    sandclock: false,
                    days: control.days_per_move(),
                    pgn: control.to_pgn(),
                })
            }
            sakk::TimeControl::Sandclock(t) => (
                vec![ClockPeriod {
                    moves: None,
                    time: millis(*t),
                    increment: 0,
                    delay: 0,
                    delay_kind: None,
                }],
                true,
            ),
            sakk::TimeControl::Stages(stages) => (
                stages.iter().map(ClockPeriod::of).collect::<Vec<_>>(),
                false,
            ),
        };
        let first = periods.first()?.clone();
        Some(ClockInUse {
            initial: first.time,
            increment: first.increment,
            delay: first.delay,
            delay_kind: first.delay_kind,
            periods,
            sandclock,
            days: None,
            pgn: control.to_pgn(),
        })
    }
}

/// The names of an enum's values in storage (the same as on the wire).
macro_rules! stored_names {
    ($t:ty { $($v:ident => $s:literal),* $(,)? }) => {
        impl $t {
            /// The stored and wire name.
            pub fn as_str(self) -> &'static str {
                match self { $(<$t>::$v => $s),* }
            }
            /// The value of a stored name.
            pub fn parse(s: &str) -> Option<$t> {
                match s { $($s => Some(<$t>::$v),)* _ => None }
            }
        }
    };
}
stored_names!(Side { White => "white", Black => "black" });
stored_names!(Opponent { Local => "local", Friend => "friend", Computer => "computer" });
stored_names!(Status { Created => "created", Started => "started", Ended => "ended" });
stored_names!(Variant { Standard => "standard", Chess960 => "chess960" });

/// An opening's code and name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OpeningInfo {
    /// The ECO code.
    pub eco: String,
    /// The name.
    pub name: String,
    /// Its class as the documents define them: `open` (1.e4 e5),
    /// `semi_open` (1.e4, another reply), `closed` (everything else).
    #[cfg_attr(
        feature = "ts",
        ts(type = "\"open\" | \"semi_open\" | \"closed\" | null")
    )]
    pub class: Option<&'static str>,
}

/// What a move did, as the rules library names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MoveMarks {
    /// Codes, most telling first: `checkmate`, `stalemate`,
    /// `double_check`, `discovered_check`, `check`, `royal_fork`,
    /// `family_fork`, `fork`, `double_attack`, `capture`, `en_passant`,
    /// `castling`, `promotion`.
    pub facts: Vec<FactCode>,
    /// The squares of the pieces a forking knight attacks besides the king,
    /// else those of a double attack.
    #[cfg_attr(feature = "ts", ts(type = "Array<SquareName>"))]
    pub forked: Vec<SquareName>,
}

impl MoveMarks {
    /// The marks of what the rules library found a move did.
    pub fn of(facts: sakk::MoveFacts) -> MoveMarks {
        MoveMarks {
            facts: facts.facts().into_iter().map(FactCode::from).collect(),
            forked: facts
                .fork
                .map(|f| f.targets)
                // (a mate is only a mate: no double attack then)
                .or(facts.double_attack.filter(|_| !facts.checkmate))
                .map(|t| t.into_iter().map(SquareName).collect())
                .unwrap_or_default(),
        }
    }
}

/// The phase of the game (the documents' megnyitás, középjáték, végjáték).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The opening.
    Opening,
    /// The middlegame.
    Middlegame,
    /// The endgame.
    Endgame,
}

impl From<sakk::Phase> for Phase {
    fn from(p: sakk::Phase) -> Phase {
        match p {
            sakk::Phase::Opening => Phase::Opening,
            sakk::Phase::Middlegame => Phase::Middlegame,
            sakk::Phase::Endgame => Phase::Endgame,
        }
    }
}

/// A mate with a name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NamedMate {
    /// Fool's mate (bolondmatt).
    FoolsMate,
    /// Scholar's mate (susztermatt).
    ScholarsMate,
    /// Smothered mate (fojtott matt).
    SmotheredMate,
    /// Back-rank mate (alapsori matt).
    BackRankMate,
}

impl From<sakk::NamedMate> for NamedMate {
    fn from(m: sakk::NamedMate) -> NamedMate {
        match m {
            sakk::NamedMate::FoolsMate => NamedMate::FoolsMate,
            sakk::NamedMate::ScholarsMate => NamedMate::ScholarsMate,
            sakk::NamedMate::SmotheredMate => NamedMate::SmotheredMate,
            sakk::NamedMate::BackRankMate => NamedMate::BackRankMate,
        }
    }
}

/// A game's full state, as every client sees it (only ever a committed
/// state). Where lichess's Board API has the concept, the field has its
/// name and units: `moves`, `wtime`, `btime`, `winc`, `binc` (ms),
/// `status`, `winner`, `wdraw`, `bdraw`, `wtakeback`, `btakeback`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameState {
    /// The game id.
    pub id: String,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// The computer's level, 1–8.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub level: Option<i64>,
    /// The human's colour against the computer.
    pub human_color: Option<Side>,
    /// The start position.
    pub initial_fen: String,
    /// The position now.
    pub fen: String,
    /// The side to move.
    pub turn: Side,
    /// The side to move is in check.
    pub check: bool,
    /// The moves in UCI, separated by spaces.
    pub moves: String,
    // (Both lists are held as each item's JSON, encoded once when its move
    // was played: `EncodedList`.)
    /// The moves in SAN.
    #[cfg_attr(feature = "ts", ts(type = "Array<string>"))]
    pub san: EncodedList,
    /// What each move did (one [`MoveMarks`] entry a move).
    #[cfg_attr(feature = "ts", ts(type = "Array<MoveMarks>"))]
    pub marks: EncodedList,
    /// The phase of the game now.
    pub phase: Phase,
    /// White's material minus Black's, by the documents' values (pawn 1,
    /// knight and bishop 3, rook 5, queen 9).
    pub material: i32,
    /// The named mate the game ended with.
    pub named_mate: Option<NamedMate>,
    /// Where the game stands, with lichess's names.
    pub status: GameStatus,
    /// `1-0`, `0-1` or `1/2-1/2`, once over (absent for an aborted game).
    pub result: Option<PgnResult>,
    /// How it ended.
    pub termination: Option<TerminationCode>,
    /// The winner.
    pub winner: Option<Side>,
    /// The side whose resignation or flag ended the game (with `result`,
    /// `termination` and `winner`, all a client needs to say how it ended
    /// in its own words: "White's time ran out, but Black cannot
    /// checkmate: draw").
    pub ended_by: Option<Side>,
    /// White's time left, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub wtime: Option<i64>,
    /// Black's time left, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub btime: Option<i64>,
    /// White's increment now, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub winc: Option<i64>,
    /// Black's increment now, in milliseconds.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub binc: Option<i64>,
    /// White's next time control, when one is ahead (periods such as
    /// 40 moves in 90 minutes, then 30 minutes).
    pub wnext: Option<NextControlView>,
    /// Black's next time control, when one is ahead.
    pub bnext: Option<NextControlView>,
    /// The clock that is running (none once the game is over).
    pub clock_running: Option<Side>,
    /// The clock in use.
    pub clock: Option<ClockInUse>,
    /// White offers a draw.
    pub wdraw: bool,
    /// Black offers a draw.
    pub bdraw: bool,
    /// White asks to take back.
    pub wtakeback: bool,
    /// Black asks to take back.
    pub btakeback: bool,
    /// The draws the side to move may claim now.
    pub claimable: Vec<TerminationCode>,
    /// The game may be aborted now (not both sides have moved).
    pub can_abort: bool,
    /// A takeback may be asked for now (a move to take back, no question
    /// pending).
    pub can_takeback: bool,
    /// The side to move may offer a draw with its next move.
    pub can_offer_draw: bool,
    /// The last move (UCI) was declared with a correct draw claim: it is on
    /// the scoresheet, and the claim was about the position after it.
    pub declared_move: Option<String>,
    /// The incorrect draw claim just made, until the next move.
    pub rejected_claim: Option<RejectedClaim>,
    /// The event rules.
    pub rules: RulesSpec,
    /// Squares touched under touch-move.
    #[cfg_attr(feature = "ts", ts(type = "Array<SquareName>"))]
    pub touched: Vec<SquareName>,
    /// Milliseconds since the Unix epoch.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created_at: i64,
    /// The opening, when known.
    pub opening: Option<OpeningInfo>,
    /// The rematch's game id, once started.
    pub rematch: Option<String>,
    /// The tournament this game is a board of (no rematch then: the
    /// tournament pairs the next game).
    pub tournament: Option<String>,
}

/// A draw claim (threefold repetition, fifty moves) found incorrect. By
/// FIDE 9.5 the game goes on: a declared move stands and has been played,
/// the claim stands as a draw offer, and in a timed game the opponent gets
/// two more minutes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RejectedClaim {
    /// The claimant.
    pub by: Side,
    /// How often the position (after the declared move) had occurred.
    pub repetitions: u32,
    /// Moves by each side without a capture or pawn move.
    pub moves: u32,
    /// The declared move, in UCI, played.
    pub declared: Option<String>,
    /// Milliseconds added to the opponent's clock (0 untimed).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub added_ms: i64,
}

/// What a watcher of a game receives.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type")]
pub enum Event {
    /// The full state: the first message, and after a watcher fell behind
    /// (as lichess's `gameFull`: the id, `initialFen`, `clock`, `state`).
    #[serde(rename = "gameFull")]
    Full {
        /// The game id.
        id: String,
        /// The start position.
        #[serde(rename = "initialFen")]
        initial_fen: String,
        /// The clock in use.
        clock: Option<ClockInUse>,
        /// The state.
        state: GameState,
    },
    /// The state after a committed change, its fields at the top level as
    /// in lichess's `gameState` event.
    #[serde(rename = "gameState")]
    State(GameState),
    /// The state after a committed change, for a watcher that has the
    /// state just before it and asked for deltas (the game's socket with
    /// `?deltas=true`): every field of [`GameState`] at the top level,
    /// except that `san`, `marks` and `moves` hold the moves from the
    /// `from`th on. The watcher keeps the first `from` items of the lists
    /// it has and appends these (a move adds one item to each; a takeback
    /// cuts them short). A line made by [`lines::delta_line`].
    #[serde(rename = "gameDelta")]
    Delta {
        /// How many moves of the lists the watcher has stay as they are.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        from: usize,
        /// The state, its lists from move `from` on.
        #[serde(flatten)]
        state: GameState,
    },
    /// A line of the game's chat (lichess's `chatLine`): not a change of
    /// the game.
    #[serde(rename = "chatLine")]
    Chat(ChatLine),
}

/// A game's chat room: its players', or its spectators' (lichess's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ChatRoom {
    /// The players'.
    Player,
    /// The spectators'.
    Spectator,
}

impl ChatRoom {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            ChatRoom::Player => "player",
            ChatRoom::Spectator => "spectator",
        }
    }

    /// The room of a stored (or asked-for) name.
    pub fn parse(name: &str) -> Option<ChatRoom> {
        [ChatRoom::Player, ChatRoom::Spectator]
            .into_iter()
            .find(|r| r.as_str() == name)
    }
}

/// A line of a game's chat, as lichess's streams carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChatLine {
    /// The room it was said in.
    pub room: ChatRoom,
    /// Who said it (the account's name).
    pub username: String,
    /// What was said.
    pub text: String,
}

/// An error as the API answers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorBody {
    /// A stable code.
    pub error: String,
    /// The words, in the language the request asked for (`?lang=en|hu`,
    /// else `Accept-Language`; English by default).
    pub message: String,
    /// In Hungarian (kept for clients written when `message` was always
    /// English).
    pub message_hu: String,
    /// The parameters of the message, by name (stable, like the code).
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>"))]
    pub params: std::collections::BTreeMap<String, String>,
}

/// A value for each seat (tokens, links).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seats<T> {
    /// White's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub white: Option<T>,
    /// Black's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub black: Option<T>,
}

/// The links of a new game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Links {
    /// Each seat's link (with its token).
    #[serde(flatten)]
    pub seats: Seats<String>,
    /// The link for spectators.
    pub spectator: String,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Created {
    /// The game id.
    pub id: String,
    /// The colour the creator plays: against the computer, and in a game
    /// by link the seat whose link the creator keeps (the other link is for
    /// the friend). Absent in a local game, where one device plays both.
    pub color: Option<Side>,
    /// The seat tokens the creator holds (shown once: only their hashes are
    /// stored).
    pub tokens: Seats<String>,
    /// The links.
    pub urls: Links,
}

/// One game of the list.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Summary {
    /// The game id.
    pub id: String,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// The computer's level.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub level: Option<i64>,
    /// The human's colour against the computer.
    pub human_color: Option<Side>,
    /// Where the game stands, with lichess's names.
    pub status: GameStatus,
    /// The result, once over (`*` for an aborted game).
    pub result: Option<PgnResult>,
    /// How it ended, once over.
    pub termination: Option<TerminationCode>,
    /// The clock in use.
    pub clock: Option<ClockInUse>,
    /// Plies played.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub moves: i64,
    /// Milliseconds since the Unix epoch.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created_at: i64,
    /// Milliseconds since the Unix epoch.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub updated_at: i64,
    /// White's name: the account's, or the tournament's entrant's.
    pub white_name: Option<String>,
    /// Black's name, likewise.
    pub black_name: Option<String>,
    /// White's title: `BOT` for a bot account, the tournament's entry
    /// (`FM`) for an entrant.
    pub white_title: Option<String>,
    /// Black's title, likewise.
    pub black_title: Option<String>,
    /// White's rating as the game began: the account's in the game's
    /// category, or the tournament's entry.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub white_rating: Option<i64>,
    /// Black's rating, likewise.
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub black_rating: Option<i64>,
    /// Whether White's rating was provisional as the game began (`?`).
    pub white_provisional: bool,
    /// Whether Black's rating was provisional as the game began.
    pub black_provisional: bool,
    /// Whether the game counts for the players' ratings.
    pub rated: bool,
    /// The tournament and round, for a tournament's game.
    pub event: Option<SummaryEvent>,
}

/// The tournament round a listed game was played in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SummaryEvent {
    /// The tournament's id.
    pub id: String,
    /// The tournament's name.
    pub name: String,
    /// The round, from 1.
    pub round: u16,
}

/// A page of the games list.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameList {
    /// The games, newest first.
    pub games: Vec<Summary>,
    /// Pass as `?after=` for the next page; absent on the last.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub next: Option<String>,
}

/// The answer to `GET /api/games/{id}/seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatReply {
    /// The colours the token plays.
    pub colors: Vec<Side>,
}

/// The answer to `POST /api/games/{id}/rematch`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RematchReply {
    /// The new game.
    pub id: String,
    /// The caller's colour in it.
    pub color: Side,
    /// The caller's token in it (the same token as in the old game).
    pub token: String,
    /// The caller's link.
    pub url: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_names_round_trip_and_match_the_wire() {
        for s in [Status::Created, Status::Started, Status::Ended] {
            assert_eq!(Status::parse(s.as_str()), Some(s));
            assert_eq!(
                serde_json::to_value(s).ok(),
                Some(serde_json::Value::from(s.as_str()))
            );
        }
        for o in [Opponent::Local, Opponent::Friend, Opponent::Computer] {
            assert_eq!(Opponent::parse(o.as_str()), Some(o));
        }
        assert_eq!(Side::parse("white"), Some(Side::White));
        assert_eq!(Side::parse("White"), None);
    }
}
