//! A tournament as its pages and downloads show it: the view every page
//! draws and the TRF (for Swiss-Manager, Vega, JaVaFo, bbpPairings).

use sakk_tournament::berger::Cycles;
use sakk_tournament::dutch::Edition;
use sakk_tournament::event::{Event, System};
use sakk_tournament::{history, rating, Color};

use super::points;
use super::wire::{
    BoardView, ByeView, CrossCell, NextStep, PlayerView, RequestedByeView, RoundView, StandingView,
    SystemKind, TournamentView,
};
use crate::store::TournamentRow;
use crate::wire::Side;

/// The tournament as its pages show it.
pub fn view(row: &TournamentRow, event: &Event) -> TournamentView {
    let t = event.tournament();
    // The organiser enters no player's age or rated games: each is taken as
    // an established adult player (K 20, or 10 from 2400).
    let ratings = rating::report(&t, |p| {
        rating::KFactor::of(p.rating.unwrap_or(0), 30, false, false)
    });
    // The entries that are accounts (a row that cannot be read shows none).
    let accounts = super::links::Secrets::read(&row.secrets)
        .map(|s| s.accounts)
        .unwrap_or_default();
    let ranking = event.ranking();
    let ranks = event.ranks_of(&ranking);
    let id_of = |rank: u16| ranking.get(usize::from(rank).wrapping_sub(1)).copied();
    let players = ranking
        .iter()
        .filter_map(|&id| {
            let p = event.players.get(usize::from(id))?;
            let rank = ranks.get(usize::from(id)).copied()?;
            let rated = ratings.iter().find(|r| r.rank == rank);
            Some(PlayerView {
                id,
                rank,
                name: p.name.clone(),
                rating: p.rating,
                title: p.title.clone(),
                federation: p.federation.clone(),
                club: p.club.clone(),
                fide_id: p.fide_id,
                account: accounts.get(&id).cloned(),
                points: points(t.score(rank)),
                withdrawn: p.withdrawn,
                byes: p
                    .byes
                    .iter()
                    .map(|b| RequestedByeView {
                        round: b.round,
                        half: b.half,
                    })
                    .collect(),
                performance: rated.and_then(|r| r.performance),
                rating_change: rated.and_then(|r| r.change).map(rating::tenths),
            })
        })
        .collect();
    // Each player's score before round `r` (from 1).
    let before = |id: u16, r: usize| -> String {
        let rank = ranks.get(usize::from(id)).copied().unwrap_or(0);
        points(t.player(rank).map_or(0, |p| history::score_before(p, r)))
    };
    let rounds = event
        .rounds
        .iter()
        .enumerate()
        .map(|(i, round)| RoundView {
            number: u16::try_from(i + 1).unwrap_or(u16::MAX),
            boards: round
                .boards
                .iter()
                .enumerate()
                .map(|(b, board)| BoardView {
                    board: u16::try_from(b + 1).unwrap_or(u16::MAX),
                    white: board.white,
                    black: board.black,
                    white_points: before(board.white, i + 1),
                    black_points: before(board.black, i + 1),
                    result: board.result.map(Into::into),
                    game: board.game.clone(),
                })
                .collect(),
            byes: round
                .byes
                .iter()
                .map(|b| ByeView {
                    player: b.player,
                    kind: b.kind.into(),
                })
                .collect(),
            chess960: round.chess960.and_then(|number| {
                sakk::Position::chess960(number).map(|p| super::wire::Chess960Start {
                    number,
                    fen: p.fen(),
                })
            }),
        })
        .collect();
    let tiebreaks = &event.settings.tiebreaks;
    let standings = event
        .standings_in(&t)
        .into_iter()
        .filter_map(|s| {
            Some(StandingView {
                place: s.place,
                player: id_of(s.rank)?,
                points: points(s.score),
                values: tiebreaks
                    .iter()
                    .zip(&s.values)
                    .map(|(tb, &v)| tb.format(v))
                    .collect(),
            })
        })
        .collect();
    let crosstable = t
        .players
        .iter()
        .map(|p| {
            (0..event.rounds.len())
                .map(|r| {
                    let e = p.rounds.get(r);
                    CrossCell {
                        opponent: e.and_then(|e| e.opponent),
                        color: e.and_then(|e| e.color).map(|c| match c {
                            Color::White => Side::White,
                            Color::Black => Side::Black,
                        }),
                        outcome: e.and_then(|e| e.outcome).map(|o| o.code().to_string()),
                    }
                })
                .collect()
        })
        .collect();
    let next = if event.finished() {
        NextStep::Finished
    } else if event.rounds.last().is_some_and(|r| !r.complete()) {
        NextStep::Results
    } else if event.players.len() < 2 {
        NextStep::AddPlayers
    } else {
        NextStep::Pair
    };
    let (system, double, rules_2017) = match event.settings.system {
        System::Swiss { edition, .. } => (SystemKind::Swiss, false, edition == Edition::Fide2017),
        System::RoundRobin { cycles } => (SystemKind::RoundRobin, cycles == Cycles::Double, false),
    };
    TournamentView {
        id: row.id.clone(),
        version: row.version,
        name: event.settings.name.clone(),
        system,
        double,
        online: event.settings.online,
        rules_2017,
        tiebreak_rules_2024: event.settings.tiebreak_rules
            == sakk_tournament::tiebreak::Rules::Fide2024,
        lots_drawn: event.lots_drawn,
        forbidden: event.forbidden.clone(),
        rounds_planned: event.rounds_planned(),
        time_control: event.settings.time_control.clone(),
        control: event
            .settings
            .time_control
            .as_deref()
            .and_then(|tc| sakk::TimeControl::from_pgn(tc).ok())
            .as_ref()
            .and_then(crate::wire::ClockInUse::of),
        no_draw_before: event.settings.no_draw_before,
        chess960: event.settings.chess960,
        rated: event.settings.rated,
        details: (&event.settings.details).into(),
        tiebreaks: tiebreaks.iter().map(|t| t.code()).collect(),
        players,
        rounds,
        standings,
        crosstable,
        next,
    }
}

/// The tournament as a TRF.
pub fn trf(event: &Event) -> String {
    sakk_tournament::trf::write(&event.tournament())
}
