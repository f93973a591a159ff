//! What the organiser sets when creating a tournament.

use super::{check_name, Details, EventError, MAX_ROUNDS};
use crate::berger::Cycles;
use crate::dutch::Edition;
use crate::tiebreak::TieBreak;

/// The pairing system.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum System {
    /// Swiss, by the FIDE Dutch system.
    Swiss {
        /// The planned rounds.
        rounds: u16,
        /// The text of the rules.
        #[cfg_attr(feature = "serde", serde(default))]
        edition: Edition,
    },
    /// Round robin, by the Berger tables.
    RoundRobin {
        /// Single or double.
        cycles: Cycles,
    },
}

impl System {
    /// The type of tournament as a TRF's `092` line says it.
    pub fn trf_type(self) -> &'static str {
        match self {
            System::Swiss { .. } => "Individual: Swiss-System (FIDE Dutch)",
            System::RoundRobin { cycles } => match cycles {
                Cycles::Single => "Individual: Round-Robin",
                Cycles::Double => "Individual: Double Round-Robin",
            },
        }
    }
}

/// What the organiser sets when creating the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settings {
    /// The name.
    pub name: String,
    /// The pairing system.
    pub system: System,
    /// The tie-breaks, in order (FIDE codes when stored).
    #[cfg_attr(feature = "serde", serde(with = "codes"))]
    pub tiebreaks: Vec<TieBreak>,
    /// The time control, PGN style (`5400+30`), as the organiser gave it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub time_control: Option<String>,
    /// No draw offers before this move (FIDE's competition rule), if set.
    #[cfg_attr(feature = "serde", serde(default))]
    pub no_draw_before: Option<u16>,
    /// The text of the Tie-Break Regulations (the one in force unless
    /// stored otherwise).
    #[cfg_attr(feature = "serde", serde(default))]
    pub tiebreak_rules: crate::tiebreak::Rules,
    /// Played online: each board of a round is a game on the server, whose
    /// result comes into the tournament by itself ([`Board::game`]).
    ///
    /// [`Board::game`]: super::Board::game
    #[cfg_attr(feature = "serde", serde(default))]
    pub online: bool,
    /// Where and when, and who directs.
    #[cfg_attr(feature = "serde", serde(default))]
    pub details: Details,
    /// Chess960: each round's games begin from one start position drawn
    /// for the round, the same on every board ([`Round::chess960`]).
    ///
    /// [`Round::chess960`]: super::Round::chess960
    #[cfg_attr(feature = "serde", serde(default))]
    pub chess960: bool,
    /// Rated: a game between two players who are accounts on the server
    /// moves their ratings there (the pairing never reads it).
    #[cfg_attr(feature = "serde", serde(default))]
    pub rated: bool,
}

impl Settings {
    /// A tournament by `name` in `system`, with the tie-breaks FIDE's
    /// regulations suggest for it (Swiss: BH-C1, BH, SB, DE, WIN; round
    /// robin: DE, SB, WIN).
    pub fn new(name: &str, system: System) -> Settings {
        let tiebreaks = match system {
            System::Swiss { .. } => TieBreak::SWISS.to_vec(),
            System::RoundRobin { .. } => vec![
                TieBreak::DirectEncounter,
                TieBreak::SonnebornBerger,
                TieBreak::Wins,
            ],
        };
        Settings {
            name: name.to_string(),
            system,
            tiebreaks,
            time_control: None,
            no_draw_before: None,
            tiebreak_rules: crate::tiebreak::Rules::default(),
            online: false,
            details: Details::default(),
            chess960: false,
            rated: false,
        }
    }

    /// Checks what the organiser set.
    ///
    /// # Errors
    /// An empty or too long name, no rounds or too many, details that do
    /// not check ([`Details::check`]).
    pub fn check(&self) -> Result<(), EventError> {
        check_name(&self.name)?;
        let rounds = match self.system {
            System::Swiss { rounds, .. } => {
                if rounds == 0 || rounds > MAX_ROUNDS {
                    return Err(EventError::RoundsOutOfRange { max: MAX_ROUNDS });
                }
                rounds
            }
            // As many as the players make.
            System::RoundRobin { .. } => MAX_ROUNDS,
        };
        self.details.check(rounds)
    }
}

#[cfg(feature = "serde")]
mod codes {
    //! Tie-breaks stored by their FIDE codes.
    use crate::tiebreak::TieBreak;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[TieBreak], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(v.iter().map(|t| t.code()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<TieBreak>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|c| c.parse().map_err(serde::de::Error::custom))
            .collect()
    }
}
