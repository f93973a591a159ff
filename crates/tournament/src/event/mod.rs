//! A tournament as an organiser runs it, round after round: the settings,
//! the players as they were entered, each round's boards and byes, and the
//! results. Every change is an [`Action`] that [`Event::apply`] checks and
//! makes, or refuses with an [`EventError`] (a stable code with parameters
//! for the words of a catalogue); nothing is half done.
//!
//! Players are known by their entry number ([`PlayerId`], from 0), which
//! never changes. Their starting ranks (the pairing numbers) come from the
//! ranking order — rating, then title, then name (C.04.2 B.3) — in a Swiss
//! tournament anew before each round, so that a late entry takes its place
//! in the list; in a round robin they are fixed when round 1 is paired.
//! [`Event::tournament`] gives the tournament as the pairing, the
//! tie-breaks and the TRF see it.
//!
//! ```
//! use sakk_tournament::event::{Action, Event, GameResult, NewPlayer, Settings, System};
//!
//! let mut e = Event::new(Settings::new("Club", System::Swiss { rounds: 3, edition: Default::default() }));
//! for (name, rating) in [("Kovács Anna", 1850), ("Nagy Béla", 1720), ("Tóth Ede", 1600)] {
//!     e.apply(Action::AddPlayer(NewPlayer::named(name, Some(rating)))).unwrap();
//! }
//! e.apply(Action::PairRound).unwrap();
//! assert_eq!(e.rounds[0].boards.len(), 1);
//! assert_eq!(e.rounds[0].byes.len(), 1); // three players: one bye
//! e.apply(Action::SetResult { round: 1, board: 1, result: Some(GameResult::Draw) }).unwrap();
//! let standings = e.standings();
//! assert_eq!(standings[0].score, 2); // the bye: a point, in half points
//! ```

use crate::berger::Cycles;

mod details;
mod error;
mod import;
mod pairing;
mod rounds;
mod settings;
#[cfg(test)]
mod tests;

pub use details::{trim_unset, Details, RoundStart, TimeOfDay, MAX_DEPUTIES};
pub use error::EventError;
pub use rounds::{
    Action, Board, Bye, ByeKind, Entrant, GameResult, NewPlayer, RequestedBye, Round,
};
pub use settings::{Settings, System};

/// A player's entry number: the index in [`Event::players`].
pub type PlayerId = u16;

/// The most players one tournament takes.
pub const MAX_PLAYERS: usize = 1000;

/// The most rounds a Swiss tournament may plan.
pub const MAX_ROUNDS: u16 = 30;

/// The longest name (of the tournament or of a player), in characters.
pub const MAX_NAME: usize = 100;

/// Checks a name: not empty, at most [`MAX_NAME`] characters, no control
/// characters (a line break would break the TRF's and the PGN's lines).
fn check_name(name: &str) -> Result<(), EventError> {
    if name.trim().is_empty() {
        return Err(EventError::NameEmpty);
    }
    if name.chars().count() > MAX_NAME {
        return Err(EventError::NameTooLong { max: MAX_NAME });
    }
    if name.chars().any(char::is_control) {
        return Err(EventError::NameInvalid);
    }
    Ok(())
}

/// Round `r + 1`, for the index `r`.
fn round_number(r: usize) -> u16 {
    u16::try_from(r + 1).unwrap_or(u16::MAX)
}

/// The order of FIDE titles in the ranking list (C.04.2 B.3), highest
/// first; anything else after them.
fn title_order(title: &str) -> usize {
    const TITLES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
    TITLES
        .iter()
        .position(|t| t.eq_ignore_ascii_case(title.trim()))
        .unwrap_or(TITLES.len())
}

/// `players` in an order drawn by lot from `seed`: a Fisher–Yates shuffle
/// driven by SplitMix64, each order equally likely (up to the generator).
fn lots(mut players: Vec<PlayerId>, seed: u64) -> Vec<PlayerId> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for i in (1..players.len()).rev() {
        // Below i + 1 without bias: reject the top of the range.
        let n = (i + 1) as u64;
        let limit = u64::MAX - u64::MAX % n;
        let j = loop {
            let x = next();
            if x < limit {
                break (x % n) as usize;
            }
        };
        players.swap(i, j);
    }
    players
}

/// A tournament being run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Event {
    /// The settings.
    pub settings: Settings,
    /// The players, in entry order.
    pub players: Vec<Entrant>,
    /// The rounds paired, round 1 first.
    pub rounds: Vec<Round>,
    /// The starting ranks of a round robin, fixed at its first pairing
    /// (rank 1 first); empty before, and in a Swiss tournament.
    #[cfg_attr(feature = "serde", serde(default))]
    pub order: Vec<PlayerId>,
    /// A round robin's starting ranks were drawn by lot (C.05: the
    /// pairing numbers are drawn), not taken from the ranking list.
    #[cfg_attr(feature = "serde", serde(default))]
    pub lots_drawn: bool,
    /// Pairs of players who must not meet (a Swiss; the lower entry
    /// number first), as the organiser set them: family, the same club.
    #[cfg_attr(feature = "serde", serde(default))]
    pub forbidden: Vec<(PlayerId, PlayerId)>,
}

impl Event {
    /// A tournament without players.
    pub fn new(settings: Settings) -> Event {
        Event {
            settings,
            players: Vec::new(),
            rounds: Vec::new(),
            order: Vec::new(),
            lots_drawn: false,
            forbidden: Vec::new(),
        }
    }

    /// The number of rounds the tournament will have (a round robin's from
    /// its players).
    pub fn rounds_planned(&self) -> u16 {
        match self.settings.system {
            System::Swiss { rounds, .. } => rounds,
            System::RoundRobin { cycles } => {
                let n = u16::try_from(self.players.len()).unwrap_or(u16::MAX);
                let per_cycle = (n + n % 2).saturating_sub(1);
                match cycles {
                    Cycles::Single => per_cycle,
                    Cycles::Double => per_cycle * 2,
                }
            }
        }
    }

    /// Whether every planned round is paired and has all its results.
    pub fn finished(&self) -> bool {
        !self.rounds.is_empty()
            && self.rounds.len() >= usize::from(self.rounds_planned())
            && self.rounds.iter().all(Round::complete)
    }

    /// The players in starting-rank order (rank 1 first).
    pub fn ranking(&self) -> Vec<PlayerId> {
        // The fixed order (a round robin's, an imported tournament's), then
        // anyone entered after it was fixed, by the ranking order.
        let mut ids: Vec<PlayerId> = (0..self.players.len())
            .filter_map(|i| PlayerId::try_from(i).ok())
            .filter(|id| !self.order.contains(id))
            .collect();
        ids.sort_by(|&a, &b| {
            let (p, q) = (&self.players[usize::from(a)], &self.players[usize::from(b)]);
            q.rating
                .unwrap_or(0)
                .cmp(&p.rating.unwrap_or(0))
                .then(title_order(&p.title).cmp(&title_order(&q.title)))
                .then_with(|| p.name.to_lowercase().cmp(&q.name.to_lowercase()))
                .then(a.cmp(&b))
        });
        let mut all = self.order.clone();
        all.extend(ids);
        all
    }

    /// Each player's starting rank, by entry number.
    pub fn ranks(&self) -> Vec<u16> {
        self.ranks_of(&self.ranking())
    }

    /// Each player's starting rank, by entry number, from `ranking` (as
    /// [`Event::ranking`] gives it).
    pub fn ranks_of(&self, ranking: &[PlayerId]) -> Vec<u16> {
        let mut ranks = vec![0; self.players.len()];
        for (i, &id) in ranking.iter().enumerate() {
            if let Some(r) = ranks.get_mut(usize::from(id)) {
                *r = u16::try_from(i + 1).unwrap_or(u16::MAX);
            }
        }
        ranks
    }

    fn player_mut(&mut self, player: PlayerId) -> Result<&mut Entrant, EventError> {
        self.players
            .get_mut(usize::from(player))
            .ok_or(EventError::NoSuchPlayer { player })
    }

    /// The next round to be paired.
    fn next_round(&self) -> u16 {
        u16::try_from(self.rounds.len() + 1).unwrap_or(u16::MAX)
    }

    /// Checks `action` and makes it; on a refusal nothing has changed.
    ///
    /// # Errors
    /// [`EventError`]: why the action was refused.
    pub fn apply(&mut self, action: Action) -> Result<(), EventError> {
        match action {
            Action::AddPlayer(p) => self.add_player(p),
            Action::Withdraw { player } => {
                let next = self.next_round();
                let e = self.player_mut(player)?;
                if e.withdrawn.is_some() {
                    return Err(EventError::AlreadyWithdrawn);
                }
                e.withdrawn = Some(next);
                Ok(())
            }
            Action::Reinstate { player } => {
                let e = self.player_mut(player)?;
                if e.withdrawn.take().is_none() {
                    return Err(EventError::NotWithdrawn);
                }
                Ok(())
            }
            Action::RequestBye {
                player,
                round,
                half,
            } => {
                if !matches!(self.settings.system, System::Swiss { .. }) {
                    return Err(EventError::NotSwiss);
                }
                if round == 0 || round > self.rounds_planned() {
                    return Err(EventError::NoSuchRound { round });
                }
                if usize::from(round) <= self.rounds.len() {
                    return Err(EventError::RoundPaired { round });
                }
                let e = self.player_mut(player)?;
                e.byes.retain(|b| b.round != round);
                e.byes.push(RequestedBye { round, half });
                e.byes.sort_by_key(|b| b.round);
                Ok(())
            }
            Action::SetForbidden { a, b, forbidden } => {
                if !matches!(self.settings.system, System::Swiss { .. }) {
                    return Err(EventError::NotSwiss);
                }
                self.player_mut(a)?;
                self.player_mut(b)?;
                if a == b {
                    return Err(EventError::SamePlayer);
                }
                let pair = (a.min(b), a.max(b));
                self.forbidden.retain(|&p| p != pair);
                if forbidden {
                    self.forbidden.push(pair);
                    self.forbidden.sort_unstable();
                }
                Ok(())
            }
            Action::CancelBye { player, round } => {
                if usize::from(round) <= self.rounds.len() {
                    return Err(EventError::RoundPaired { round });
                }
                let e = self.player_mut(player)?;
                let before = e.byes.len();
                e.byes.retain(|b| b.round != round);
                if e.byes.len() == before {
                    return Err(EventError::NoSuchBye);
                }
                Ok(())
            }
            Action::SetDetails(details) => {
                details.check(self.rounds_planned())?;
                self.settings.details = *details;
                Ok(())
            }
            Action::PairRound => self.pair_round(),
            Action::DrawLots { seed } => {
                if !matches!(self.settings.system, System::RoundRobin { .. }) {
                    return Err(EventError::NotRoundRobin);
                }
                if !self.rounds.is_empty() {
                    return Err(EventError::Started);
                }
                self.order = lots(self.ranking(), seed);
                self.lots_drawn = true;
                Ok(())
            }
            Action::UnpairRound => {
                let Some(last) = self.rounds.last() else {
                    return Err(EventError::NothingToUnpair);
                };
                if last.boards.iter().any(|b| b.result.is_some()) {
                    return Err(EventError::RoundHasResults {
                        round: u16::try_from(self.rounds.len()).unwrap_or(u16::MAX),
                    });
                }
                self.rounds.pop();
                // The ranking list is read again at the next first round,
                // unless the numbers were drawn by lot.
                if self.rounds.is_empty() && !self.lots_drawn {
                    self.order.clear();
                }
                Ok(())
            }
            Action::SetResult {
                round,
                board,
                result,
            } => {
                let last = self.rounds.len();
                let r = usize::from(round)
                    .checked_sub(1)
                    .and_then(|i| self.rounds.get_mut(i))
                    .ok_or(EventError::NoSuchRound { round })?;
                let b = usize::from(board)
                    .checked_sub(1)
                    .and_then(|i| r.boards.get_mut(i))
                    .ok_or(EventError::NoSuchBoard { round, board })?;
                if result.is_none() && usize::from(round) < last && b.result.is_some() {
                    return Err(EventError::LaterRoundPaired { round });
                }
                b.result = result;
                Ok(())
            }
        }
    }

    fn add_player(&mut self, p: NewPlayer) -> Result<(), EventError> {
        check_name(&p.name)?;
        if p.rating.is_some_and(|r| r > 3500) {
            return Err(EventError::RatingOutOfRange);
        }
        if self.players.len() >= MAX_PLAYERS {
            return Err(EventError::TooManyPlayers { max: MAX_PLAYERS });
        }
        match self.settings.system {
            System::RoundRobin { .. } if !self.rounds.is_empty() => {
                return Err(EventError::Started);
            }
            System::Swiss { rounds, .. } if self.rounds.len() >= usize::from(rounds) => {
                return Err(EventError::Finished { rounds });
            }
            _ => {}
        }
        let clip = |s: &str, n: usize| {
            s.trim()
                .chars()
                .filter(|c| !c.is_control())
                .take(n)
                .collect::<String>()
        };
        let joined = self.next_round();
        self.players.push(Entrant {
            name: p.name.trim().to_string(),
            rating: p.rating,
            title: clip(&p.title, 3).to_uppercase(),
            federation: clip(&p.federation, 3).to_uppercase(),
            club: clip(&p.club, MAX_NAME),
            fide_id: p.fide_id,
            joined,
            withdrawn: None,
            byes: Vec::new(),
        });
        Ok(())
    }
}
