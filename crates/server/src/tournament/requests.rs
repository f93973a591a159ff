//! Requests read into the tournament crate's terms: a new tournament's
//! settings, checked, and an organiser's action.

use sakk_tournament::event::{Action, NewPlayer, Settings, System};
use sakk_tournament::{dutch::Edition, tiebreak::TieBreak, Tournament};

use super::wire::{NewTournament, SystemKind, TournamentAction};
use crate::codes::ErrorCode;
use crate::error::ApiError;

/// The settings of a new tournament, checked.
pub fn settings(req: NewTournament, file: Option<&Tournament>) -> Result<Settings, ApiError> {
    let system = match req.system {
        SystemKind::Swiss => {
            if req.double.is_some() {
                return Err(ApiError::bad(ErrorCode::DoubleNotForSwiss));
            }
            System::Swiss {
                rounds: req
                    .rounds
                    .or_else(|| file.and_then(Tournament::rounds_planned))
                    .ok_or_else(|| ApiError::bad(ErrorCode::RoundsMissing))?,
                // A tournament begun elsewhere goes on by the texts in
                // force when it began (its `042` start date).
                edition: file.map_or(Edition::Current, Edition::for_tournament),
            }
        }
        SystemKind::RoundRobin => {
            if req.rounds.is_some() {
                return Err(ApiError::bad(ErrorCode::RoundsNotForRoundRobin));
            }
            System::RoundRobin {
                cycles: if req.double.unwrap_or(false) {
                    sakk_tournament::berger::Cycles::Double
                } else {
                    sakk_tournament::berger::Cycles::Single
                },
            }
        }
    };
    // An imported tournament keeps its file's name unless given another.
    let name = match (req.name.trim().is_empty(), file) {
        (true, Some(t)) => t.name.clone(),
        _ => req.name.clone(),
    };
    let mut s = Settings::new(&name, system);
    if let Some(codes) = req.tiebreaks {
        s.tiebreaks = codes
            .iter()
            .map(|c| c.parse::<TieBreak>())
            .collect::<Result<_, _>>()
            .map_err(|e| ApiError::bad_detail(ErrorCode::BadTiebreak, e.0))?;
    }
    if let Some(tc) = &req.time_control {
        sakk::TimeControl::from_pgn(tc)
            .map_err(|e| ApiError::bad_detail(ErrorCode::BadTimeControl, e.to_string()))?;
    }
    s.time_control = req.time_control;
    s.no_draw_before = req.no_draw_before;
    s.online = req.online.unwrap_or(false);
    s.chess960 = req.chess960.unwrap_or(false);
    s.rated = req.rated.unwrap_or(false);
    if s.rated && !s.online {
        // Over the board the server plays no game to rate.
        return Err(ApiError::bad(ErrorCode::RatedNotOnline));
    }
    if s.rated && s.time_control.is_none() {
        // As a challenge: no rated game without a clock (days a move are
        // one).
        return Err(ApiError::bad(ErrorCode::RatedWithoutClock));
    }
    if let Some(details) = req.details {
        s.details = details.try_into()?;
    }
    if let Some(t) = file {
        s.tiebreak_rules = sakk_tournament::tiebreak::Rules::for_tournament(t);
    }
    s.check()?;
    Ok(s)
}

/// An organiser's action as the tournament crate takes it.
///
/// # Errors
/// Bad details, the random source.
pub fn action(a: TournamentAction) -> Result<Action, ApiError> {
    Ok(match a {
        TournamentAction::AddPlayer {
            name,
            rating,
            title,
            federation,
            club,
            fide_id,
        } => Action::AddPlayer(NewPlayer {
            name,
            rating,
            title: title.unwrap_or_default(),
            federation: federation.unwrap_or_default(),
            club: club.unwrap_or_default(),
            fide_id,
        }),
        TournamentAction::Withdraw { player } => Action::Withdraw { player },
        TournamentAction::Reinstate { player } => Action::Reinstate { player },
        TournamentAction::RequestBye {
            player,
            round,
            half,
        } => Action::RequestBye {
            player,
            round,
            half,
        },
        TournamentAction::CancelBye { player, round } => Action::CancelBye { player, round },
        TournamentAction::SetForbidden { a, b, forbidden } => {
            Action::SetForbidden { a, b, forbidden }
        }
        TournamentAction::SetDetails { details } => {
            Action::SetDetails(Box::new(details.try_into()?))
        }
        TournamentAction::PairRound => Action::PairRound,
        TournamentAction::DrawLots => Action::DrawLots {
            seed: crate::security::random_u64()?,
        },
        TournamentAction::UnpairRound => Action::UnpairRound,
        TournamentAction::SetResult {
            round,
            board,
            result,
        } => Action::SetResult {
            round,
            board,
            result: result.map(Into::into),
        },
    })
}
