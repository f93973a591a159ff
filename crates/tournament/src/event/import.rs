//! A tournament begun elsewhere (Swiss-Manager, Vega, JaVaFo's or
//! bbpPairings' files) continued here: its TRF read into an [`Event`],
//! starting ranks as the file gives them.

use super::{
    Board, Bye, ByeKind, Entrant, Event, EventError, GameResult, PlayerId, Round, Settings,
};
use crate::{Color, Entry, Outcome, Tournament};

/// A title as the TRF writes it (`g`, `m`, `wg`, …, or `GM` as is) in the
/// usual form.
fn title(trf: &str) -> String {
    let t = trf.trim();
    let full = match t {
        "g" => "GM",
        "m" => "IM",
        "f" => "FM",
        "c" => "CM",
        "wg" => "WGM",
        "wm" => "WIM",
        "wf" => "WFM",
        "wc" => "WCM",
        other => other,
    };
    full.to_uppercase()
}

/// A board's result from White's and Black's outcomes.
fn result(white: Option<Outcome>, black: Option<Outcome>) -> Option<GameResult> {
    use Outcome::{Draw, ForfeitLoss, ForfeitWin, Loss, UnratedDraw, UnratedLoss, UnratedWin, Win};
    Some(match (white?, black?) {
        (Win | UnratedWin, _) => GameResult::WhiteWins,
        (Draw | UnratedDraw, _) => GameResult::Draw,
        (Loss | UnratedLoss, _) => GameResult::BlackWins,
        (ForfeitWin, _) => GameResult::WhiteWinsByForfeit,
        (ForfeitLoss, ForfeitWin) => GameResult::BlackWinsByForfeit,
        (ForfeitLoss, _) => GameResult::DoubleForfeit,
        _ => return None,
    })
}

impl Event {
    /// The tournament of a TRF (already read and checked), to be continued
    /// with `settings`: its players in starting-rank order (the file's
    /// ranks are kept), its rounds with boards, byes and results. Unrated
    /// games (`W`, `D`, `L`) come in as rated results; a player with
    /// nothing recorded for the last round as withdrawn; `XXZ` players with
    /// a zero-point bye for the next round, and TRF-2026's `240` byes for it
    /// (`H` half a point, `Z` none). The place, dates and arbiters (`022` …
    /// `132`) come from the file unless `settings` has its own.
    ///
    /// # Errors
    /// [`EventError::TooManyPlayers`], a name the tournament refuses, or
    /// [`EventError::FullByeRequested`] for a `240 F` of the next round.
    pub fn from_tournament(t: &Tournament, mut settings: Settings) -> Result<Event, EventError> {
        settings.check()?;
        // The file's place, dates and arbiters, unless the organiser gave
        // their own: each part that checks (a wrong line loses itself).
        if settings.details == super::Details::default() {
            let rounds = match settings.system {
                super::System::Swiss { rounds, .. } => rounds,
                super::System::RoundRobin { .. } => super::MAX_ROUNDS,
            };
            settings.details = super::Details::from_header(&t.header).keep_valid(rounds);
        }
        if t.players.len() > super::MAX_PLAYERS {
            return Err(EventError::TooManyPlayers {
                max: super::MAX_PLAYERS,
            });
        }
        let mut players: Vec<&crate::Player> = t.players.iter().collect();
        players.sort_by_key(|p| p.rank);
        let id_of = |rank: u16| -> Option<PlayerId> {
            players
                .iter()
                .position(|p| p.rank == rank)
                .and_then(|i| PlayerId::try_from(i).ok())
        };
        let mut event = Event::new(settings);
        for p in &players {
            super::check_name(&p.name)?;
            event.players.push(Entrant {
                name: p.name.clone(),
                rating: p.rating,
                title: title(&p.title),
                federation: p.federation.clone(),
                club: String::new(),
                fide_id: p.fide_id,
                joined: 1,
                withdrawn: None,
                byes: Vec::new(),
            });
        }
        event.order = (0..players.len())
            .filter_map(|i| PlayerId::try_from(i).ok())
            .collect();
        for r in 0..t.rounds_recorded() {
            let mut round = Round::default();
            for (i, p) in players.iter().enumerate() {
                let Ok(me) = PlayerId::try_from(i) else {
                    continue;
                };
                let e = p.rounds.get(r).copied().unwrap_or(Entry::EMPTY);
                match e.opponent.and_then(id_of) {
                    Some(other) => {
                        // Each board once: from White's line (or, without
                        // colours, from the higher-ranked player's).
                        let white = match e.color {
                            Some(Color::White) => true,
                            Some(Color::Black) => false,
                            None => me < other,
                        };
                        if !white {
                            continue;
                        }
                        let theirs = players
                            .get(usize::from(other))
                            .and_then(|q| q.rounds.get(r))
                            .and_then(|e| e.outcome);
                        round.boards.push(Board {
                            white: me,
                            black: other,
                            result: result(e.outcome, theirs),
                            game: None,
                        });
                    }
                    None => {
                        let kind = match e.outcome {
                            Some(Outcome::PairingBye) => ByeKind::Pairing,
                            Some(Outcome::HalfBye) => ByeKind::Half,
                            Some(Outcome::FullBye) => ByeKind::Full,
                            Some(Outcome::ZeroBye) => ByeKind::Zero,
                            _ => ByeKind::Absent,
                        };
                        round.byes.push(Bye { player: me, kind });
                    }
                }
            }
            event.rounds.push(round);
        }
        let next = super::round_number(event.rounds.len());
        for (i, p) in players.iter().enumerate() {
            let Some(entrant) = event.players.get_mut(i) else {
                continue;
            };
            // Nothing recorded for the last round: gone (withdrawn), until
            // the organiser takes them back.
            if next > 1
                && p.rounds
                    .get(usize::from(next) - 2)
                    .is_none_or(|e| *e == Entry::EMPTY)
            {
                entrant.withdrawn = Some(next);
            }
        }
        // Absent from the next round (`XXZ`): a zero-point bye for it; the
        // byes TRF-2026 lists for it (`240`), as they say.
        for byes in crate::dutch::round_byes(t, next) {
            if byes.kind == 'F' {
                return Err(EventError::FullByeRequested { round: next });
            }
            for rank in byes.ranks {
                if let Some(entrant) =
                    id_of(rank).and_then(|id| event.players.get_mut(usize::from(id)))
                {
                    if !entrant.byes.iter().any(|b| b.round == next) {
                        entrant.byes.push(super::RequestedBye {
                            round: next,
                            half: byes.kind == 'H',
                        });
                    }
                }
            }
        }
        // Pairs that must not meet: `XXP`, and TRF-2026's `260` for the
        // rounds still to come.
        for (a, b) in crate::dutch::forbidden_pairs(t, |rounds| *rounds.end() >= next) {
            if let (Some(a), Some(b)) = (id_of(a), id_of(b)) {
                let pair = (a.min(b), a.max(b));
                if a != b && !event.forbidden.contains(&pair) {
                    event.forbidden.push(pair);
                }
            }
        }
        event.forbidden.sort_unstable();
        Ok(event)
    }
}
