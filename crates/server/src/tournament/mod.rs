//! Tournaments run on the server. An organiser creates one and gets its
//! organiser token (only its SHA-256 is stored); every change is an action
//! that takes the one path games take too:
//!
//! 1. **check and compute** the tournament's new state (the rules are
//!    `sakk_tournament`'s: [`Event::apply`]) on the stored state;
//! 2. **commit** it over the version it was computed on (one node applies
//!    a tournament's actions one at a time; a change another server made
//!    meanwhile makes this one compute again on the new state; a storage
//!    failure changes nothing and says `storage_unavailable`);
//! 3. **show** the new state to the organiser;
//! 4. **publish** its version to the tournament's watchers (on every node,
//!    through the bus), whose pages then fetch it.

use std::sync::Arc;

use sakk_tournament::event::{Action, Event, EventError, NewPlayer, Settings, System};
use sakk_tournament::{dutch::Edition, tiebreak::TieBreak, Points};

use crate::error::ApiError;
use crate::games::Published;
use crate::live::unix_ms;
use crate::security::{hash_token, new_token, token_matches};
use crate::state::AppState;
use crate::store::{StoreError, TournamentRow};

mod view;
pub mod wire;

pub use view::{pgn, trf, view};
use wire::{NewTournament, SystemKind, TournamentAction, TournamentChanged, TournamentCreated};

/// The bus key of a tournament's watchers (apart from the games').
fn feed(id: &str) -> String {
    format!("tournament-{id}")
}

impl From<EventError> for ApiError {
    fn from(e: EventError) -> ApiError {
        ApiError::BadRequest {
            code: e.code(),
            args: e.args(),
        }
    }
}

/// The settings of a new tournament, checked.
fn settings(req: NewTournament) -> Result<Settings, ApiError> {
    let system = match req.system {
        SystemKind::Swiss => {
            if req.double.is_some() {
                return Err(ApiError::bad("double_not_for_swiss"));
            }
            System::Swiss {
                rounds: req.rounds.ok_or_else(|| ApiError::bad("rounds_missing"))?,
                edition: Edition::Current,
            }
        }
        SystemKind::RoundRobin => {
            if req.rounds.is_some() {
                return Err(ApiError::bad("rounds_not_for_round_robin"));
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
    let mut s = Settings::new(&req.name, system);
    if let Some(codes) = req.tiebreaks {
        s.tiebreaks = codes
            .iter()
            .map(|c| c.parse::<TieBreak>())
            .collect::<Result<_, _>>()
            .map_err(|e| ApiError::bad_detail("bad_tiebreak", e.0))?;
    }
    if let Some(tc) = &req.time_control {
        sakk::TimeControl::from_pgn(tc)
            .map_err(|e| ApiError::bad_detail("bad_time_control", e.to_string()))?;
    }
    s.time_control = req.time_control;
    s.no_draw_before = req.no_draw_before;
    s.check()?;
    Ok(s)
}

/// Creates a tournament; the organiser's token is in the answer only.
///
/// # Errors
/// Bad settings, or storage unavailable (nothing stored).
pub async fn create(state: &AppState, req: NewTournament) -> Result<TournamentCreated, ApiError> {
    if state.is_shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    let event = Event::new(settings(req)?);
    let id = state.new_game_id()?;
    let token = new_token()?;
    let now = unix_ms();
    let row = TournamentRow {
        id: id.clone(),
        created_at: now,
        updated_at: now,
        organiser_token: hash_token(&token),
        version: 0,
        data: serde_json::to_string(&event).map_err(|e| ApiError::Internal(e.to_string()))?,
    };
    state.store().insert_tournament(&row).await?;
    let public_url = format!("{}/tournament/{id}", state.public_url());
    Ok(TournamentCreated {
        organiser_url: format!("{public_url}#token={token}"),
        public_url,
        id,
        organiser_token: token,
    })
}

/// The stored tournament and its row.
///
/// # Errors
/// `no_such_tournament`, or storage unavailable.
pub async fn load(state: &AppState, id: &str) -> Result<(TournamentRow, Event), ApiError> {
    let row = state
        .store()
        .load_tournament(id)
        .await?
        .ok_or(ApiError::NoTournament)?;
    let event = serde_json::from_str(&row.data)
        .map_err(|e| ApiError::Internal(format!("tournament {id}: {e}")))?;
    Ok((row, event))
}

/// Whether `token` is the organiser's.
///
/// # Errors
/// `missing_organiser_token` without one, `bad_organiser_token` for
/// another.
pub fn check_organiser(row: &TournamentRow, token: &str) -> Result<(), ApiError> {
    if token.is_empty() {
        return Err(ApiError::OrganiserUnauthorized);
    }
    if !token_matches(token, &row.organiser_token) {
        return Err(ApiError::Forbidden("bad_organiser_token"));
    }
    Ok(())
}

fn action(a: TournamentAction) -> Action {
    match a {
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
        TournamentAction::PairRound => Action::PairRound,
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
    }
}

/// How many times a change is computed again when another node's change
/// was committed first.
const RETRIES: usize = 32;

/// One lock a tournament: a node applies one action of a tournament at a
/// time (others wait their turn instead of computing in vain); the stored
/// version still orders the actions of several nodes.
#[derive(Default)]
pub struct Locks {
    held: std::sync::Mutex<
        std::collections::HashMap<String, std::sync::Weak<tokio::sync::Mutex<()>>>,
    >,
}

impl Locks {
    /// The lock of tournament `id` (the same one while anyone holds it).
    fn of(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut held = self
            .held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(lock) = held.get(id).and_then(std::sync::Weak::upgrade) {
            return lock;
        }
        // Forget the locks nobody holds any more.
        held.retain(|_, l| l.strong_count() > 0);
        let lock = Arc::new(tokio::sync::Mutex::new(()));
        held.insert(id.to_string(), Arc::downgrade(&lock));
        lock
    }
}

/// Applies an organiser's action by the path at the top of this module;
/// returns the committed tournament.
///
/// # Errors
/// A refusal (nothing changed), `not_found`, the token's errors, or
/// `storage_unavailable` (nothing changed).
pub async fn apply(
    state: &AppState,
    id: &str,
    token: &str,
    request: TournamentAction,
) -> Result<wire::TournamentView, ApiError> {
    if state.is_shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    let lock = state.tournament_locks().of(id);
    let _turn = lock.lock().await;
    for _ in 0..RETRIES {
        let (row, mut event) = load(state, id).await?;
        check_organiser(&row, token)?;
        // Pairing a large Swiss round takes seconds: off the async threads.
        let act = action(request.clone());
        let (event, done) = tokio::task::spawn_blocking(move || {
            let done = event.apply(act);
            (event, done)
        })
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?;
        done?;
        let next = TournamentRow {
            updated_at: unix_ms(),
            version: row.version + 1,
            data: serde_json::to_string(&event).map_err(|e| ApiError::Internal(e.to_string()))?,
            ..row
        };
        match state.store().commit_tournament(&next).await {
            Ok(()) => {
                let shown = view(&next, &event);
                publish(state, id, next.version).await;
                return Ok(shown);
            }
            Err(StoreError::Stale { .. }) => {
                tracing::info!(
                    tournament = id,
                    "changed meanwhile: the action is computed again"
                );
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::StorageUnavailable)
}

/// Tells the tournament's watchers its new version.
async fn publish(state: &AppState, id: &str, version: i64) {
    if let Ok(line) = serde_json::to_string(&TournamentChanged { version }) {
        let published = Arc::new(Published {
            line,
            ended: false,
            version: u64::try_from(version).unwrap_or(0),
            resync: false,
        });
        state.bus().publish(&feed(id), published).await;
    }
}

/// A subscription to the tournament's changes from now on, and the
/// version stored now.
///
/// # Errors
/// `not_found`, storage or bus unavailable.
pub async fn watch(
    state: &AppState,
    id: &str,
) -> Result<
    (
        i64,
        tokio::sync::broadcast::Receiver<Arc<crate::games::Published>>,
    ),
    ApiError,
> {
    let rx = state.bus().watch(&feed(id)).await?;
    let (row, _) = load(state, id).await?;
    Ok((row.version, rx))
}

/// Half points as the standings print them.
fn points(half: u32) -> String {
    Points(half).to_string()
}
