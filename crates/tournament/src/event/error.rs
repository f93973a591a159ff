//! Why an organiser's action was refused.

use core::fmt;

use super::PlayerId;
use crate::dutch::PairingError;

/// Why an action was refused. Each has a stable [`code`](EventError::code)
/// and [`args`](EventError::args) for the catalogues' words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventError {
    /// A name is empty.
    NameEmpty,
    /// A name has a control character (a line break, a tab).
    NameInvalid,
    /// A name is longer than [`MAX_NAME`].
    NameTooLong {
        /// The limit.
        max: usize,
    },
    /// A rating beyond 3500.
    RatingOutOfRange,
    /// No rounds planned, or more than [`MAX_ROUNDS`].
    RoundsOutOfRange {
        /// The limit.
        max: u16,
    },
    /// The tournament has [`MAX_PLAYERS`] players already.
    TooManyPlayers {
        /// The limit.
        max: usize,
    },
    /// No player with this entry number.
    NoSuchPlayer {
        /// The entry number asked for.
        player: PlayerId,
    },
    /// No such round.
    NoSuchRound {
        /// The round asked for.
        round: u16,
    },
    /// No such board in the round.
    NoSuchBoard {
        /// The round.
        round: u16,
        /// The board asked for.
        board: u16,
    },
    /// A round robin takes no players once round 1 is paired.
    Started,
    /// Every planned round has been paired.
    Finished {
        /// The planned rounds.
        rounds: u16,
    },
    /// The last round still has boards without a result.
    RoundIncomplete {
        /// The round.
        round: u16,
        /// Its boards without a result.
        missing: usize,
    },
    /// No round to take back.
    NothingToUnpair,
    /// The last round has results: it cannot be taken back.
    RoundHasResults {
        /// The round.
        round: u16,
    },
    /// A result of an earlier round can be changed, not cleared.
    LaterRoundPaired {
        /// The round.
        round: u16,
    },
    /// The round is paired already: a bye is asked for a later one.
    RoundPaired {
        /// The round.
        round: u16,
    },
    /// Byes are asked in a Swiss tournament.
    NotSwiss,
    /// Lots are drawn for a round robin's numbers.
    NotRoundRobin,
    /// A pair of one player.
    SamePlayer,
    /// The player is withdrawn already.
    AlreadyWithdrawn,
    /// The player is not withdrawn.
    NotWithdrawn,
    /// No bye asked for that round.
    NoSuchBye,
    /// A TRF asks a full-point bye for a round not yet paired (`240 F`):
    /// sakk gives a full point without a game in a round it pairs only to
    /// the pairing-allocated bye.
    FullByeRequested {
        /// The round.
        round: u16,
    },
    /// A federation not written as its three capital letters (`HUN`).
    FederationInvalid,
    /// A date not in the calendar (30 February).
    DateInvalid,
    /// A time of day not written as one (`15:00`).
    TimeInvalid,
    /// The last day before the first.
    EndBeforeStart,
    /// More deputy arbiters than kept.
    TooManyDeputies {
        /// The limit.
        max: usize,
    },
    /// A round's date outside 2000–2099 (TRF-16 writes its year in two
    /// digits).
    RoundDateCentury,
    /// More round dates than rounds.
    TooManyRoundDates {
        /// The planned rounds.
        rounds: u16,
    },
    /// The pairing program found no pairing.
    Pairing(PairingError),
}

impl EventError {
    /// The stable code.
    pub fn code(&self) -> &'static str {
        match self {
            EventError::NameEmpty => "name_empty",
            EventError::NameTooLong { .. } => "name_too_long",
            EventError::NameInvalid => "name_invalid",
            EventError::RatingOutOfRange => "rating_out_of_range",
            EventError::RoundsOutOfRange { .. } => "rounds_out_of_range",
            EventError::TooManyPlayers { .. } => "too_many_players",
            EventError::NoSuchPlayer { .. } => "no_such_player",
            EventError::NoSuchRound { .. } => "no_such_round",
            EventError::NoSuchBoard { .. } => "no_such_board",
            EventError::Started => "tournament_started",
            EventError::Finished { .. } => "tournament_finished",
            EventError::RoundIncomplete { .. } => "round_incomplete",
            EventError::NothingToUnpair => "nothing_to_unpair",
            EventError::RoundHasResults { .. } => "round_has_results",
            EventError::LaterRoundPaired { .. } => "later_round_paired",
            EventError::RoundPaired { .. } => "round_paired",
            EventError::NotSwiss => "not_swiss",
            EventError::NotRoundRobin => "not_round_robin",
            EventError::SamePlayer => "same_player",
            EventError::AlreadyWithdrawn => "already_withdrawn",
            EventError::NotWithdrawn => "not_withdrawn",
            EventError::NoSuchBye => "no_such_bye",
            EventError::FullByeRequested { .. } => "full_bye_requested",
            EventError::FederationInvalid => "federation_invalid",
            EventError::DateInvalid => "date_invalid",
            EventError::TimeInvalid => "time_invalid",
            EventError::EndBeforeStart => "end_before_start",
            EventError::TooManyDeputies { .. } => "too_many_deputies",
            EventError::TooManyRoundDates { .. } => "too_many_round_dates",
            EventError::RoundDateCentury => "round_date_century",
            EventError::Pairing(PairingError::NoLegalPairing) => "no_legal_pairing",
            EventError::Pairing(PairingError::TooFewPlayers) => "too_few_players",
            EventError::Pairing(PairingError::TooLarge) => "pairing_too_large",
            EventError::Pairing(PairingError::RoundsUnknown) => "rounds_unknown",
            EventError::Pairing(PairingError::TournamentOver { .. }) => "tournament_finished",
        }
    }

    /// The message's parameters.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        match *self {
            EventError::NameTooLong { max }
            | EventError::TooManyPlayers { max }
            | EventError::TooManyDeputies { max } => {
                vec![("max", max.to_string())]
            }
            EventError::RoundsOutOfRange { max } => vec![("max", max.to_string())],
            EventError::NoSuchPlayer { player } => vec![("player", player.to_string())],
            EventError::NoSuchRound { round }
            | EventError::RoundHasResults { round }
            | EventError::LaterRoundPaired { round }
            | EventError::RoundPaired { round }
            | EventError::FullByeRequested { round } => vec![("round", round.to_string())],
            EventError::NoSuchBoard { round, board } => {
                vec![("round", round.to_string()), ("board", board.to_string())]
            }
            EventError::Finished { rounds }
            | EventError::TooManyRoundDates { rounds }
            | EventError::Pairing(PairingError::TournamentOver { rounds }) => {
                vec![("rounds", rounds.to_string())]
            }
            EventError::RoundIncomplete { round, missing } => {
                vec![
                    ("round", round.to_string()),
                    ("missing", missing.to_string()),
                ]
            }
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::Pairing(e) => write!(f, "{e}"),
            e => {
                f.write_str(e.code())?;
                for (k, v) in e.args() {
                    write!(f, " {k}={v}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for EventError {}
