//! What a tournament's requests and answers carry, typed (and, in test
//! builds, described to the front-end's TypeScript).

use serde::{Deserialize, Serialize};

use sakk_tournament::event::{
    trim_unset, ByeKind, Details, EventError, GameResult, RoundStart, TimeOfDay,
};
use sakk_tournament::Date;

/// The pairing system of a new tournament.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SystemKind {
    /// Swiss, by the FIDE Dutch system.
    Swiss,
    /// Round robin, by the Berger tables.
    RoundRobin,
}

/// The body of `POST /api/tournaments`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// The name.
    pub name: String,
    /// The pairing system.
    pub system: SystemKind,
    /// A Swiss tournament's planned rounds.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub rounds: Option<u16>,
    /// A double round robin.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub double: Option<bool>,
    /// The tie-breaks by FIDE code (`BH-C1`, `SB`, …); FIDE's suggestion for
    /// the system when absent.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub tiebreaks: Option<Vec<String>>,
    /// The time control, PGN style (`5400+30`, `40/7200:1800+30`).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub time_control: Option<String>,
    /// No draw offers before this move.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub no_draw_before: Option<u16>,
    /// Played online: each pairing becomes a game on the server.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub online: Option<bool>,
    /// Chess960: each round begins from one start position drawn for it.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub chess960: Option<bool>,
    /// Rated (online only): a game between two players who are accounts
    /// moves their ratings in the tournament's category.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub rated: Option<bool>,
    /// A tournament begun elsewhere, to be continued here: its TRF (players
    /// by their starting ranks, the rounds played; `XXR` gives the rounds
    /// when `rounds` does not, `012` the name when `name` is empty).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub trf: Option<String>,
    /// Where and when, and who directs (a TRF's own when absent).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub details: Option<DetailsView>,
}

/// The body of `POST /api/tournaments/{id}/join`. The join link's token
/// is `password` (lichess's field for a private tournament's entry code)
/// or else `Authorization: Bearer …`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The name (an account's own when empty).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub name: Option<String>,
    /// The join link's token, when the request's bearer (or cookie) is the
    /// account's.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub password: Option<String>,
    /// Enter as the account the request comes from (its session, or a
    /// personal token with `tournament:write`; the link's token then as
    /// `password`): its games are then the account's.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub account: Option<bool>,
    /// The rating.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub rating: Option<u16>,
    /// The title.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub title: Option<String>,
    /// The federation.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub federation: Option<String>,
    /// The club.
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub club: Option<String>,
}

/// The answer to a join.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Joined {
    /// The new player's entry number.
    pub player: u16,
    /// Their token: their link to the tournament and their seat in each of
    /// their games. Shown once.
    pub token: String,
    /// Their link.
    pub url: String,
    /// The tournament now.
    pub tournament: TournamentView,
}

/// Which player a player's token is (`GET /api/tournaments/{id}/me`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Me {
    /// The entry number.
    pub player: u16,
}

/// A player's link, for the organiser to hand out.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PlayerLink {
    /// The entry number.
    pub player: u16,
    /// The link; none for a player who joined by the join link (theirs
    /// alone).
    pub url: Option<String>,
}

/// The links the organiser hands out (`GET /api/tournaments/{id}/links`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentLinks {
    /// The join link: whoever has it can enter themselves.
    pub join_url: String,
    /// Each player's link.
    pub players: Vec<PlayerLink>,
}

/// The answer to `POST /api/tournaments`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentCreated {
    /// The tournament id.
    pub id: String,
    /// The organiser's token: it alone changes the tournament. Shown once.
    pub organiser_token: String,
    /// The organiser's link (the token in its fragment).
    pub organiser_url: String,
    /// The public page: pairings and standings.
    pub public_url: String,
}

/// A board's result as the API writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum ResultCode {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// A draw.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// White won by forfeit.
    #[serde(rename = "+/-")]
    WhiteWinsByForfeit,
    /// Black won by forfeit.
    #[serde(rename = "-/+")]
    BlackWinsByForfeit,
    /// Neither came.
    #[serde(rename = "-/-")]
    DoubleForfeit,
}

impl From<ResultCode> for GameResult {
    fn from(r: ResultCode) -> GameResult {
        match r {
            ResultCode::WhiteWins => GameResult::WhiteWins,
            ResultCode::Draw => GameResult::Draw,
            ResultCode::BlackWins => GameResult::BlackWins,
            ResultCode::WhiteWinsByForfeit => GameResult::WhiteWinsByForfeit,
            ResultCode::BlackWinsByForfeit => GameResult::BlackWinsByForfeit,
            ResultCode::DoubleForfeit => GameResult::DoubleForfeit,
        }
    }
}

impl From<GameResult> for ResultCode {
    fn from(r: GameResult) -> ResultCode {
        match r {
            GameResult::WhiteWins => ResultCode::WhiteWins,
            GameResult::Draw => ResultCode::Draw,
            GameResult::BlackWins => ResultCode::BlackWins,
            GameResult::WhiteWinsByForfeit => ResultCode::WhiteWinsByForfeit,
            GameResult::BlackWinsByForfeit => ResultCode::BlackWinsByForfeit,
            GameResult::DoubleForfeit => ResultCode::DoubleForfeit,
        }
    }
}

/// Why a player has no board in a round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ByeCode {
    /// The pairing-allocated bye (a point).
    Pairing,
    /// A requested half-point bye.
    Half,
    /// A requested zero-point bye.
    Zero,
    /// A full-point bye given by the organiser.
    Full,
    /// Not playing (withdrawn, not yet entered, a round robin's free round).
    Absent,
}

impl From<ByeKind> for ByeCode {
    fn from(k: ByeKind) -> ByeCode {
        match k {
            ByeKind::Pairing => ByeCode::Pairing,
            ByeKind::Half => ByeCode::Half,
            ByeKind::Zero => ByeCode::Zero,
            ByeKind::Full => ByeCode::Full,
            ByeKind::Absent => ByeCode::Absent,
        }
    }
}

/// Where and when the tournament is played and who directs it: dates as
/// `2026-03-14` (what a date field gives), times of day as `15:00`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(default)]
pub struct DetailsView {
    /// The town or city.
    pub city: String,
    /// The federation's three-letter code (`HUN`).
    pub federation: String,
    /// The first day.
    pub start: Option<String>,
    /// The last day.
    pub end: Option<String>,
    /// The chief arbiter.
    pub chief_arbiter: String,
    /// The deputy chief arbiters.
    pub deputy_arbiters: Vec<String>,
    /// Each round's start, round 1 first (none: not set).
    pub rounds: Vec<Option<RoundStartView>>,
}

/// When a round begins.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RoundStartView {
    /// The day (`2026-03-14`).
    pub date: String,
    /// The time of day (`15:00`), if set.
    #[serde(default)]
    pub time: Option<String>,
}

impl From<&Details> for DetailsView {
    fn from(d: &Details) -> DetailsView {
        DetailsView {
            city: d.city.clone(),
            federation: d.federation.clone(),
            start: d.start.map(|d| d.to_string()),
            end: d.end.map(|d| d.to_string()),
            chief_arbiter: d.chief_arbiter.clone(),
            deputy_arbiters: d.deputy_arbiters.clone(),
            rounds: d
                .rounds
                .iter()
                .map(|r| {
                    r.map(|r| RoundStartView {
                        date: r.date.to_string(),
                        time: r.time.map(|t| t.to_string()),
                    })
                })
                .collect(),
        }
    }
}

impl TryFrom<DetailsView> for Details {
    type Error = EventError;

    /// The details as given, read (blank fields left out, names trimmed);
    /// [`Details::check`] judges them.
    fn try_from(v: DetailsView) -> Result<Details, EventError> {
        let date = |text: Option<String>| -> Result<Option<Date>, EventError> {
            match text.as_deref().map(str::trim) {
                None | Some("") => Ok(None),
                Some(t) => Date::read(t)
                    .filter(|d| d.exists())
                    .map(Some)
                    .ok_or(EventError::DateInvalid),
            }
        };
        let mut rounds = v
            .rounds
            .into_iter()
            .map(|r| {
                let Some(r) = r else { return Ok(None) };
                let Some(date) = date(Some(r.date))? else {
                    return Ok(None);
                };
                let time = match r.time.as_deref().map(str::trim) {
                    None | Some("") => None,
                    Some(t) => Some(TimeOfDay::read(t).ok_or(EventError::TimeInvalid)?),
                };
                Ok(Some(RoundStart { date, time }))
            })
            .collect::<Result<Vec<_>, EventError>>()?;
        trim_unset(&mut rounds);
        Ok(Details {
            city: v.city.trim().to_string(),
            federation: v.federation.trim().to_uppercase(),
            start: date(v.start)?,
            end: date(v.end)?,
            chief_arbiter: v.chief_arbiter.trim().to_string(),
            deputy_arbiters: v
                .deputy_arbiters
                .iter()
                .map(|d| d.trim().to_string())
                .filter(|d| !d.is_empty())
                .collect(),
            rounds,
        })
    }
}

/// An organiser's action (`POST /api/tournaments/{id}/actions`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TournamentAction {
    /// Enter a player.
    AddPlayer {
        /// The name.
        name: String,
        /// The rating.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        rating: Option<u16>,
        /// The title.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        title: Option<String>,
        /// The federation.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        federation: Option<String>,
        /// The club.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        club: Option<String>,
        /// The FIDE id.
        #[serde(default)]
        #[cfg_attr(test, ts(optional))]
        fide_id: Option<u64>,
    },
    /// Withdraw a player from the next round on.
    Withdraw {
        /// The player's entry number.
        player: u16,
    },
    /// Take a withdrawn player back.
    Reinstate {
        /// The player's entry number.
        player: u16,
    },
    /// A bye asked for a round not yet paired.
    RequestBye {
        /// The player's entry number.
        player: u16,
        /// The round.
        round: u16,
        /// Half a point (else none).
        half: bool,
    },
    /// Two players who must not meet (a Swiss), or may again.
    SetForbidden {
        /// One player's entry number.
        a: u16,
        /// The other's.
        b: u16,
        /// Must not meet (else: may).
        forbidden: bool,
    },
    /// Withdraw a requested bye.
    CancelBye {
        /// The player's entry number.
        player: u16,
        /// The round.
        round: u16,
    },
    /// Set where and when the tournament is played and who directs it.
    SetDetails {
        /// The details (all of them: what is left out is cleared).
        details: DetailsView,
    },
    /// Pair the next round.
    PairRound,
    /// Draw a round robin's numbers by lot (before its first round).
    DrawLots,
    /// Take back the last round's pairing (before any result).
    UnpairRound,
    /// Enter, change or clear a result.
    SetResult {
        /// The round, from 1.
        round: u16,
        /// The board, from 1.
        board: u16,
        /// The result, or none to clear it.
        result: Option<ResultCode>,
    },
}

/// A player as shown.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PlayerView {
    /// The entry number (what actions name).
    pub id: u16,
    /// The starting rank.
    pub rank: u16,
    /// The name.
    pub name: String,
    /// The rating.
    pub rating: Option<u16>,
    /// The title.
    pub title: String,
    /// The federation.
    pub federation: String,
    /// The club.
    pub club: String,
    /// The FIDE id.
    pub fide_id: Option<u64>,
    /// The player's account on this server (its id), if the entry is one.
    pub account: Option<String>,
    /// The score (`2.5`).
    pub points: String,
    /// Withdrawn from this round on.
    pub withdrawn: Option<u16>,
    /// Byes asked for rounds not yet paired: `(round, half)`.
    pub byes: Vec<RequestedByeView>,
    /// The performance rating over the games played against rated
    /// opponents.
    pub performance: Option<i32>,
    /// The estimated rating change by the FIDE Rating Regulations (`+12.4`;
    /// K 20, or 10 from 2400, as for an established adult player), for a
    /// rated player.
    pub rating_change: Option<String>,
}

/// A bye asked for.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RequestedByeView {
    /// The round.
    pub round: u16,
    /// Half a point (else none).
    pub half: bool,
}

/// A board as shown.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BoardView {
    /// The board number, from 1.
    pub board: u16,
    /// White's entry number.
    pub white: u16,
    /// Black's entry number.
    pub black: u16,
    /// White's score before the round.
    pub white_points: String,
    /// Black's score before the round.
    pub black_points: String,
    /// The result, once entered.
    pub result: Option<ResultCode>,
    /// The game played online for it.
    pub game: Option<String>,
}

/// A player without a board in a round.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ByeView {
    /// The player's entry number.
    pub player: u16,
    /// Why.
    pub kind: ByeCode,
}

/// A round as shown.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RoundView {
    /// The round number, from 1.
    pub number: u16,
    /// The boards.
    pub boards: Vec<BoardView>,
    /// The byes.
    pub byes: Vec<ByeView>,
    /// In a Chess960 tournament, the round's start position: its number
    /// and FEN, the same on every board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub chess960: Option<Chess960Start>,
}

/// A Chess960 start position, as a round shows it.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Chess960Start {
    /// Its number, 0–959 (Scharnagl's; 518 is the standard array).
    pub number: u16,
    /// Its FEN.
    pub fen: String,
}

/// A line of the standings.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StandingView {
    /// The place (shared when tied on everything).
    pub place: usize,
    /// The player's entry number.
    pub player: u16,
    /// The score.
    pub points: String,
    /// Each tie-break's value as printed, in the tournament's order.
    pub values: Vec<String>,
}

/// One cell of the crosstable: a round of a player.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CrossCell {
    /// The opponent's starting rank.
    pub opponent: Option<u16>,
    /// The player's colour.
    pub color: Option<crate::wire::Side>,
    /// The TRF code of the outcome (`1`, `=`, `0`, `+`, `-`, `U`, `H`, `Z`),
    /// none while the game goes on.
    pub outcome: Option<String>,
}

/// What the organiser does next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum NextStep {
    /// Enter players (fewer than two).
    AddPlayers,
    /// Pair the next round.
    Pair,
    /// Enter the last round's results.
    Results,
    /// Every round played.
    Finished,
}

/// A tournament as everyone sees it (`GET /api/tournaments/{id}`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentView {
    /// The id.
    pub id: String,
    /// Bumped by every change.
    #[cfg_attr(test, ts(type = "number"))]
    pub version: i64,
    /// The name.
    pub name: String,
    /// The pairing system.
    pub system: SystemKind,
    /// A double round robin.
    pub double: bool,
    /// Played online: each board is a game on the server.
    pub online: bool,
    /// Paired by the 2017 text of the Dutch rules (a tournament begun
    /// before February 2026).
    pub rules_2017: bool,
    /// Tie-breaks by the 2024 text of the Tie-Break Regulations (a
    /// tournament begun before March 2026).
    pub tiebreak_rules_2024: bool,
    /// A round robin's numbers were drawn by lot.
    pub lots_drawn: bool,
    /// Pairs of players (entry numbers) who must not meet.
    pub forbidden: Vec<(u16, u16)>,
    /// The planned rounds.
    pub rounds_planned: u16,
    /// The time control, PGN style.
    pub time_control: Option<String>,
    /// The time control as the rules library reads it (its periods), for
    /// the page to say in words.
    pub control: Option<crate::wire::ClockInUse>,
    /// No draw offers before this move.
    pub no_draw_before: Option<u16>,
    /// Chess960: each round begins from one start position drawn for it.
    pub chess960: bool,
    /// Rated: games between accounts move their ratings.
    pub rated: bool,
    /// Where and when, and who directs.
    pub details: DetailsView,
    /// The tie-breaks' FIDE codes, in order.
    pub tiebreaks: Vec<String>,
    /// The players, by starting rank.
    pub players: Vec<PlayerView>,
    /// The rounds paired.
    pub rounds: Vec<RoundView>,
    /// The standings.
    pub standings: Vec<StandingView>,
    /// The crosstable: by starting rank, a cell a round.
    pub crosstable: Vec<Vec<CrossCell>>,
    /// What the organiser does next.
    pub next: NextStep,
}

/// A tournament's game as its page names it: the event, the round and
/// board, and both players as entered.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct GameInTournament {
    /// The tournament's id.
    pub id: String,
    /// The tournament's name.
    pub name: String,
    /// The round, from 1.
    pub round: u16,
    /// The board, from 1.
    pub board: u16,
    /// White as entered.
    pub white: Entered,
    /// Black as entered.
    pub black: Entered,
}

/// A player as the tournament has them.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Entered {
    /// The name.
    pub name: String,
    /// The title, if any (`FM`).
    pub title: String,
    /// The rating, if any.
    pub rating: Option<u16>,
}

/// The line published to a tournament's watchers after each change.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TournamentChanged {
    /// The version now stored.
    #[cfg_attr(test, ts(type = "number"))]
    pub version: i64,
}
