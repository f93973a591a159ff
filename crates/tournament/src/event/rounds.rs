//! The players, the rounds with their boards and byes, the results, and
//! the organiser's actions.

use super::PlayerId;
use crate::Outcome;

/// A player as entered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Entrant {
    /// The name as written (`Kovács Anna`, `Kovacs, Anna`).
    pub name: String,
    /// The rating.
    pub rating: Option<u16>,
    /// The title (`GM`, `IM`, `FM`, `WGM`, …), or empty.
    pub title: String,
    /// The federation (`HUN`), or empty.
    pub federation: String,
    /// The club, or empty.
    pub club: String,
    /// The FIDE id.
    pub fide_id: Option<u64>,
    /// The first round the player could be paired in (1, or later for a
    /// late entry: earlier rounds count as absent, zero points).
    pub joined: u16,
    /// The first round the player is not paired in any more, once
    /// withdrawn.
    pub withdrawn: Option<u16>,
    /// Byes asked for rounds not yet paired.
    pub byes: Vec<RequestedBye>,
}

/// A bye a player asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RequestedBye {
    /// The round.
    pub round: u16,
    /// Half a point (else none).
    pub half: bool,
}

/// A new player, as the organiser enters them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewPlayer {
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
}

impl NewPlayer {
    /// A player known by name (and rating) only.
    pub fn named(name: &str, rating: Option<u16>) -> NewPlayer {
        NewPlayer {
            name: name.to_string(),
            rating,
            ..NewPlayer::default()
        }
    }
}

/// The result of a board, White's first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// `1-0`.
    #[cfg_attr(feature = "serde", serde(rename = "1-0"))]
    WhiteWins,
    /// `½-½`.
    #[cfg_attr(feature = "serde", serde(rename = "1/2-1/2"))]
    Draw,
    /// `0-1`.
    #[cfg_attr(feature = "serde", serde(rename = "0-1"))]
    BlackWins,
    /// `+/-`: Black did not come.
    #[cfg_attr(feature = "serde", serde(rename = "+/-"))]
    WhiteWinsByForfeit,
    /// `-/+`: White did not come.
    #[cfg_attr(feature = "serde", serde(rename = "-/+"))]
    BlackWinsByForfeit,
    /// `-/-`: neither came.
    #[cfg_attr(feature = "serde", serde(rename = "-/-"))]
    DoubleForfeit,
}

impl GameResult {
    /// Every result.
    pub const ALL: [GameResult; 6] = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
        GameResult::WhiteWinsByForfeit,
        GameResult::BlackWinsByForfeit,
        GameResult::DoubleForfeit,
    ];

    /// How it is written on a pairing sheet (`1-0`, `½-½`, `+/-`).
    pub const fn text(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "½-½",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteWinsByForfeit => "+/-",
            GameResult::BlackWinsByForfeit => "-/+",
            GameResult::DoubleForfeit => "-/-",
        }
    }

    /// The PGN result (`1/2-1/2`; a forfeit as the side it scores, `*`
    /// for a double forfeit, which has no winner).
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins | GameResult::WhiteWinsByForfeit => "1-0",
            GameResult::Draw => "1/2-1/2",
            GameResult::BlackWins | GameResult::BlackWinsByForfeit => "0-1",
            GameResult::DoubleForfeit => "*",
        }
    }

    /// Whether the game was played over the board.
    pub const fn played(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins
        )
    }

    /// White's and Black's outcomes.
    pub const fn outcomes(self) -> (Outcome, Outcome) {
        match self {
            GameResult::WhiteWins => (Outcome::Win, Outcome::Loss),
            GameResult::Draw => (Outcome::Draw, Outcome::Draw),
            GameResult::BlackWins => (Outcome::Loss, Outcome::Win),
            GameResult::WhiteWinsByForfeit => (Outcome::ForfeitWin, Outcome::ForfeitLoss),
            GameResult::BlackWinsByForfeit => (Outcome::ForfeitLoss, Outcome::ForfeitWin),
            GameResult::DoubleForfeit => (Outcome::ForfeitLoss, Outcome::ForfeitLoss),
        }
    }
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Board {
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// The result, once known.
    pub result: Option<GameResult>,
    /// The game played for it online (its id on the server), if any.
    #[cfg_attr(feature = "serde", serde(default))]
    pub game: Option<String>,
}

/// Why a player has no board in a round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum ByeKind {
    /// The pairing-allocated bye: a point.
    Pairing,
    /// A requested half-point bye.
    Half,
    /// A requested zero-point bye.
    Zero,
    /// A full-point bye (not the pairing's: given by the organiser; read
    /// from a TRF's `F`).
    Full,
    /// Not playing: withdrawn, not yet entered, or the free round of an odd
    /// round robin. No points.
    Absent,
}

impl ByeKind {
    /// The outcome it records.
    pub const fn outcome(self) -> Outcome {
        match self {
            ByeKind::Pairing => Outcome::PairingBye,
            ByeKind::Half => Outcome::HalfBye,
            ByeKind::Full => Outcome::FullBye,
            ByeKind::Zero | ByeKind::Absent => Outcome::ZeroBye,
        }
    }
}

/// A player without a board in a round.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bye {
    /// The player.
    pub player: PlayerId,
    /// Why.
    pub kind: ByeKind,
}

/// A round: its boards in the published order, then the byes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Round {
    /// The boards, board 1 first.
    pub boards: Vec<Board>,
    /// Who has no board, and why.
    pub byes: Vec<Bye>,
    /// In a Chess960 tournament, the number (0–959, Scharnagl's) of the
    /// start position every board of the round begins from, drawn when
    /// the round was paired.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub chess960: Option<u16>,
}

impl Round {
    /// Whether every board has its result.
    pub fn complete(&self) -> bool {
        self.boards.iter().all(|b| b.result.is_some())
    }
}

/// A change the organiser makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Enter a player (in a round robin, only before round 1 is paired).
    AddPlayer(NewPlayer),
    /// Withdraw a player from the next round to be paired on.
    Withdraw {
        /// The player.
        player: PlayerId,
    },
    /// Take a withdrawn player back from the next round to be paired on.
    Reinstate {
        /// The player.
        player: PlayerId,
    },
    /// Draw the starting ranks (the Berger numbers) of a round robin by
    /// lot, before its first round; `seed` drives the draw (the server
    /// gives a random one), so a draw can be repeated exactly. Players
    /// entered later take the next numbers.
    DrawLots {
        /// The draw's seed.
        seed: u64,
    },
    /// A bye the player asks for, for a round not yet paired (Swiss).
    RequestBye {
        /// The player.
        player: PlayerId,
        /// The round.
        round: u16,
        /// Half a point (else none).
        half: bool,
    },
    /// Two players who must not meet (`forbidden`), or may again (a
    /// Swiss: the pairing keeps them apart, as FIDE's rules keep apart
    /// players who met).
    SetForbidden {
        /// One player.
        a: PlayerId,
        /// The other.
        b: PlayerId,
        /// Must not meet (else: may).
        forbidden: bool,
    },
    /// Withdraw a requested bye.
    CancelBye {
        /// The player.
        player: PlayerId,
        /// The round.
        round: u16,
    },
    /// Set where and when the tournament is played and who directs it.
    SetDetails(Box<super::Details>),
    /// Pair the next round (the previous one must have all its results).
    PairRound,
    /// Take back the last round's pairing, before any of its results.
    UnpairRound,
    /// Enter, change or clear a board's result.
    SetResult {
        /// The round, from 1.
        round: u16,
        /// The board, from 1.
        board: u16,
        /// The result; `None` clears it (only in the last round).
        result: Option<GameResult>,
    },
}
