//! Pairing a round (Swiss by the Dutch system, round robin by the Berger
//! tables) and the tournament as the pairing, the tie-breaks and the TRF
//! see it.

use super::{
    round_number, Board, Bye, ByeKind, Entrant, Event, EventError, GameResult, PlayerId, Round,
    System,
};
use crate::berger::{self, Cycles};
use crate::dutch::{self, Edition, PairingError};
use crate::tiebreak::{self, Standing};
use crate::{Color, Entry, Outcome, Player, Tournament};

impl Event {
    pub(super) fn pair_round(&mut self) -> Result<(), EventError> {
        let planned = self.rounds_planned();
        if self.rounds.len() >= usize::from(planned) && !self.rounds.is_empty() {
            return Err(EventError::Finished { rounds: planned });
        }
        if let Some(last) = self.rounds.last() {
            let missing = last.boards.iter().filter(|b| b.result.is_none()).count();
            if missing > 0 {
                return Err(EventError::RoundIncomplete {
                    round: u16::try_from(self.rounds.len()).unwrap_or(u16::MAX),
                    missing,
                });
            }
        }
        let round = self.next_round();
        let pairing = match self.settings.system {
            System::Swiss { edition, .. } => self.pair_swiss(round, edition)?,
            System::RoundRobin { cycles } => self.pair_round_robin(round, cycles)?,
        };
        self.rounds.push(pairing);
        Ok(())
    }

    /// Why a player is not to be paired in `round`, if so.
    fn unavailable(&self, p: &Entrant, round: u16) -> Option<ByeKind> {
        if round < p.joined || p.withdrawn.is_some_and(|w| round >= w) {
            return Some(ByeKind::Absent);
        }
        p.byes.iter().find(|b| b.round == round).map(|b| {
            if b.half {
                ByeKind::Half
            } else {
                ByeKind::Zero
            }
        })
    }

    fn pair_swiss(&self, round: u16, edition: Edition) -> Result<Round, EventError> {
        let ranking = self.ranking();
        let mut t = self.tournament();
        let mut byes = Vec::new();
        for (i, &id) in ranking.iter().enumerate() {
            let p = &self.players[usize::from(id)];
            if let Some(kind) = self.unavailable(p, round) {
                byes.push(Bye { player: id, kind });
                if let Some(tp) = t.players.get_mut(i) {
                    tp.rounds.resize(usize::from(round) - 1, Entry::EMPTY);
                    tp.rounds.push(Entry {
                        opponent: None,
                        color: None,
                        outcome: Some(kind.outcome()),
                    });
                }
            }
        }
        let pairs = dutch::pair_by(&t, edition).map_err(EventError::Pairing)?;
        let by_rank = |rank: u16| ranking.get(usize::from(rank).wrapping_sub(1)).copied();
        let mut out = Round {
            boards: Vec::new(),
            byes: Vec::new(),
            chess960: None,
        };
        for pair in pairs {
            match (by_rank(pair.white), pair.black.and_then(by_rank)) {
                (Some(white), Some(black)) => out.boards.push(Board {
                    white,
                    black,
                    result: None,
                    game: None,
                }),
                (Some(player), None) => out.byes.push(Bye {
                    player,
                    kind: ByeKind::Pairing,
                }),
                _ => {}
            }
        }
        out.byes.extend(byes);
        Ok(out)
    }

    fn pair_round_robin(&mut self, round: u16, cycles: Cycles) -> Result<Round, EventError> {
        if self.players.len() < 2 {
            return Err(EventError::Pairing(PairingError::TooFewPlayers));
        }
        // The starting ranks: the ranking list, or the numbers drawn by
        // lot with anyone entered after the draw next.
        if self.order.len() != self.players.len() {
            self.order = self.ranking();
        }
        let n = u16::try_from(self.order.len()).unwrap_or(u16::MAX);
        let table = berger::rounds(n, cycles);
        let Some(boards) = table.get(usize::from(round) - 1) else {
            return Err(EventError::Finished {
                rounds: self.rounds_planned(),
            });
        };
        let id = |rank: u16| self.order.get(usize::from(rank).wrapping_sub(1)).copied();
        let mut out = Round::default();
        let mut free = Vec::new();
        for b in boards {
            match (id(b.white), b.black.and_then(id)) {
                (Some(white), Some(black)) => {
                    // A withdrawn player's games are lost by forfeit.
                    let gone = |p: PlayerId| {
                        self.players[usize::from(p)]
                            .withdrawn
                            .is_some_and(|w| round >= w)
                    };
                    let result = match (gone(white), gone(black)) {
                        (true, true) => Some(GameResult::DoubleForfeit),
                        (true, false) => Some(GameResult::BlackWinsByForfeit),
                        (false, true) => Some(GameResult::WhiteWinsByForfeit),
                        (false, false) => None,
                    };
                    out.boards.push(Board {
                        white,
                        black,
                        result,
                        game: None,
                    });
                }
                (Some(player), None) => free.push(Bye {
                    player,
                    kind: ByeKind::Absent,
                }),
                _ => {}
            }
        }
        out.byes = free;
        Ok(out)
    }

    /// The tournament as the pairing, the tie-breaks and the TRF see it:
    /// players by starting rank, every round paired so far (a game without
    /// its result as not yet played), the planned rounds in `XXR`.
    pub fn tournament(&self) -> Tournament {
        let ranking = self.ranking();
        let ranks = self.ranks_of(&ranking);
        let rank_of = |id: PlayerId| ranks.get(usize::from(id)).copied();
        let mut players: Vec<Player> = ranking
            .iter()
            .enumerate()
            .map(|(i, &id)| {
                let e = &self.players[usize::from(id)];
                Player {
                    rank: u16::try_from(i + 1).unwrap_or(u16::MAX),
                    title: e.title.clone(),
                    name: e.name.clone(),
                    rating: e.rating,
                    federation: e.federation.clone(),
                    fide_id: e.fide_id,
                    rounds: Vec::with_capacity(self.rounds.len()),
                    ..Player::default()
                }
            })
            .collect();
        for (r, round) in self.rounds.iter().enumerate() {
            let mut entries = vec![None; self.players.len()];
            for b in &round.boards {
                let (w, bl) = match b.result.map(GameResult::outcomes) {
                    Some((w, bl)) => (Some(w), Some(bl)),
                    None => (None, None),
                };
                if let (Some(wr), Some(br)) = (rank_of(b.white), rank_of(b.black)) {
                    if b.result.is_some() {
                        entries[usize::from(b.white)] = Some(Entry {
                            opponent: Some(br),
                            color: Some(Color::White),
                            outcome: w,
                        });
                        entries[usize::from(b.black)] = Some(Entry {
                            opponent: Some(wr),
                            color: Some(Color::Black),
                            outcome: bl,
                        });
                    }
                }
            }
            for bye in &round.byes {
                if let Some(slot) = entries.get_mut(usize::from(bye.player)) {
                    *slot = Some(Entry {
                        opponent: None,
                        color: None,
                        outcome: Some(bye.kind.outcome()),
                    });
                }
            }
            for (i, &id) in ranking.iter().enumerate() {
                let not_yet = self.players[usize::from(id)].joined > round_number(r);
                let entry = match entries.get(usize::from(id)) {
                    Some(Some(e)) => Some(*e),
                    _ if not_yet => Some(Entry {
                        opponent: None,
                        color: None,
                        outcome: Some(Outcome::ZeroBye),
                    }),
                    _ => None,
                };
                if let Some(e) = entry {
                    if let Some(p) = players.get_mut(i) {
                        p.rounds.resize(r, Entry::EMPTY);
                        p.rounds.push(e);
                    }
                }
            }
        }
        // The planned rounds, as the pairing programs (`XXR`) and TRF-2026
        // (`142`) write them.
        let rounds = self.rounds_planned().to_string();
        // The tournament's own lines in TRF-16's order: the details (022
        // … 112), the players and the rated ones, the type, the time
        // control and the round dates.
        let mut header = self.settings.details.header_lines();
        let dates = header.iter().position(|(code, _)| code == "132");
        let round_dates = dates.map(|i| header.remove(i));
        let rated = self.players.iter().filter(|p| p.rating.is_some()).count();
        header.push(("062".to_string(), self.players.len().to_string()));
        header.push(("072".to_string(), rated.to_string()));
        header.push((
            "092".to_string(),
            self.settings.system.trf_type().to_string(),
        ));
        if let Some(tc) = &self.settings.time_control {
            header.push(("122".to_string(), tc.clone()));
        }
        header.extend(round_dates);
        header.push(("XXR".to_string(), rounds.clone()));
        header.push(("142".to_string(), rounds));
        // Pairs that must not meet, by starting rank (`XXP`, as the
        // pairing programs read them).
        for &(a, b) in &self.forbidden {
            if let (Some(ra), Some(rb)) = (rank_of(a), rank_of(b)) {
                header.push(("XXP".to_string(), format!("{} {}", ra.min(rb), ra.max(rb))));
            }
        }
        // Who will not be paired in the next round: withdrawn, or a zero-
        // or half-point bye asked for. `XXZ` (not to be paired), as the
        // pairing programs read it, and TRF-2026's byes of the round (`240
        // Z`, `240 H`).
        let next = round_number(self.rounds.len());
        if usize::from(next) <= usize::from(self.rounds_planned()) {
            let away = |kinds: &[ByeKind]| -> Vec<usize> {
                ranking
                    .iter()
                    .enumerate()
                    .filter(|&(_, &id)| {
                        let p = &self.players[usize::from(id)];
                        p.joined <= next
                            && self
                                .unavailable(p, next)
                                .is_some_and(|k| kinds.contains(&k))
                    })
                    .map(|(i, _)| i + 1)
                    .collect()
            };
            let absent = away(&[ByeKind::Absent, ByeKind::Zero]);
            let half = away(&[ByeKind::Half]);
            if !absent.is_empty() {
                let ranks: Vec<String> = absent.iter().map(ToString::to_string).collect();
                header.push(("XXZ".to_string(), ranks.join(" ")));
            }
            for (kind, ranks) in [('Z', absent), ('H', half)] {
                if !ranks.is_empty() {
                    let ranks: String = ranks.iter().map(|r| format!(" {r:>4}")).collect();
                    header.push(("240".to_string(), format!("{kind} {next:>3}{ranks}")));
                }
            }
        }
        Tournament {
            name: self.settings.name.clone(),
            header,
            players,
        }
    }

    /// The standings with the tournament's tie-breaks (starting ranks as in
    /// [`Event::ranking`]).
    pub fn standings(&self) -> Vec<Standing> {
        self.standings_in(&self.tournament())
    }

    /// [`Event::standings`] of `t`, the tournament as [`Event::tournament`]
    /// gave it (for a caller that has it already).
    pub fn standings_in(&self, t: &Tournament) -> Vec<Standing> {
        let round_robin = matches!(self.settings.system, super::System::RoundRobin { .. });
        tiebreak::standings_by(
            t,
            &self.settings.tiebreaks,
            round_robin,
            self.settings.tiebreak_rules,
        )
    }
}
