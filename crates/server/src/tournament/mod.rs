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

use sakk_tournament::event::{Action, Event, EventError, NewPlayer};
use sakk_tournament::Points;

use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::games::Published;
use crate::live::unix_ms;
use crate::security::{hash_token, new_token, token_matches};
use crate::state::AppState;
use crate::store::{StoreError, TournamentRow};
use links::Secrets;

mod entrants;
mod links;
mod online;
mod pgn;
mod requests;
mod view;
pub mod wire;

pub use entrants::Started;
pub use pgn::{event_of_game, game_in_tournament, pgn, tag_online_game};
use requests::{action, settings};
pub use view::{trf, view};
use wire::{NewTournament, TournamentAction, TournamentChanged, TournamentCreated};

/// The bus key of a tournament's watchers (apart from the games').
fn feed(id: &str) -> String {
    format!("tournament-{id}")
}

impl From<EventError> for ApiError {
    fn from(e: EventError) -> ApiError {
        ApiError::Tournament {
            code: e.code(),
            args: e.args(),
        }
    }
}

/// Creates a tournament; the organiser's token is in the answer only.
///
/// # Errors
/// Bad settings, or storage unavailable (nothing stored).
pub async fn create(state: &AppState, req: NewTournament) -> Result<TournamentCreated, ApiError> {
    if state.is_shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    // A tournament begun elsewhere: its TRF, read and checked.
    let file = match &req.trf {
        Some(text) => Some(sakk_tournament::trf::read(text).map_err(|e| {
            // The reader's words name the line first: the message says it.
            let words = e.to_string();
            let detail = words.split_once(": ").map_or(words.as_str(), |(_, d)| d);
            ApiError::BadRequest {
                code: ErrorCode::BadTrf,
                args: vec![("line", e.line.to_string()), ("detail", detail.to_string())],
            }
        })?),
        None => None,
    };
    let settings = settings(req, file.as_ref())?;
    let event = match &file {
        Some(t) => Event::from_tournament(t, settings)?,
        None => Event::new(settings),
    };
    if event.settings.online {
        // Its games need a clock the server's games take.
        online::clock(state, &event)?;
    }
    let id = state.new_game_id()?;
    let token = new_token()?;
    let mut secrets = Secrets {
        join: Some(links::join_hash(&token, &id)),
        ..Secrets::default()
    };
    // An imported tournament's players, entered by the organiser: their
    // links.
    for p in 0..event.players.len() {
        let p = u16::try_from(p).unwrap_or(u16::MAX);
        secrets
            .players
            .insert(p, hash_token(&links::player_token(&token, &id, p)));
    }
    let now = unix_ms();
    let row = TournamentRow {
        id: id.clone(),
        created_at: now,
        updated_at: now,
        organiser_token: hash_token(&token),
        version: 0,
        data: serde_json::to_string(&event).map_err(|e| ApiError::Internal(e.to_string()))?,
        secrets: secrets.write()?,
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
        return Err(ApiError::Forbidden(ErrorCode::BadOrganiserToken));
    }
    Ok(())
}

/// How many times a change is computed again when another node's change
/// was committed first.
const RETRIES: usize = 32;

/// Writes the tournament's new state (and the games of a new online round)
/// over the version it was computed on; `Ok(None)` when another change was
/// committed first (compute again), else the row written.
async fn commit(
    state: &AppState,
    row: &TournamentRow,
    event: &Event,
    secrets: &Secrets,
    games: &[crate::store::GameRow],
) -> Result<Option<TournamentRow>, ApiError> {
    let next = TournamentRow {
        updated_at: unix_ms(),
        version: row.version + 1,
        data: serde_json::to_string(event).map_err(|e| ApiError::Internal(e.to_string()))?,
        secrets: secrets.write()?,
        ..row.clone()
    };
    match state.store().commit_tournament(&next, games).await {
        Ok(()) => Ok(Some(next)),
        Err(StoreError::Stale { .. }) => {
            tracing::info!(
                tournament = row.id,
                "changed meanwhile on another node: computed again"
            );
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// Enters the results of ended online games, under the tournament's lock
/// (held by the caller); returns the tournament as it now stands. `first`
/// is the tournament as the caller just loaded it (else it is loaded).
async fn catch_up(
    state: &AppState,
    id: &str,
    mut first: Option<(TournamentRow, Event)>,
) -> Result<(TournamentRow, Event), ApiError> {
    for _ in 0..RETRIES {
        let (row, mut event) = match first.take() {
            Some(loaded) => loaded,
            None => load(state, id).await?,
        };
        if !online::waits_for_games(&event) || !online::enter_results(state, &mut event).await? {
            return Ok((row, event));
        }
        let secrets = Secrets::read(&row.secrets)?;
        if let Some(next) = commit(state, &row, &event, &secrets, &[]).await? {
            publish(state, id, next.version).await;
            return Ok((next, event));
        }
    }
    Err(ApiError::StorageUnavailable)
}

/// Enters the results of the tournament's ended online games (when one of
/// them ends; and on a read, at most every few seconds on each node).
///
/// # Errors
/// `no_such_tournament`, storage unavailable.
pub async fn sync(state: &AppState, id: &str) -> Result<(TournamentRow, Event), ApiError> {
    let lock = state.tournament_locks().of(id);
    let _turn = lock.lock().await;
    catch_up(state, id, None).await
}

/// The tournament to show: as stored, with the results of online games
/// that ended since it was last looked at.
///
/// # Errors
/// `no_such_tournament`, storage unavailable.
pub async fn current(state: &AppState, id: &str) -> Result<(TournamentRow, Event), ApiError> {
    let (row, event) = load(state, id).await?;
    if online::waits_for_games(&event)
        && state
            .tournament_locks()
            .due(id, std::time::Duration::from_secs(5))
    {
        return sync(state, id).await;
    }
    Ok((row, event))
}

/// Applies an organiser's action by the path at the top of this module;
/// returns the committed tournament, and the games of a new online round
/// that accounts play (whose event streams are to hear of them). The
/// organiser enters players by name only: an account enters itself
/// ([`join`]), so that nobody is entered, played or rated as an account
/// without its owner.
///
/// # Errors
/// A refusal (nothing changed), `no_such_tournament`, the token's errors,
/// or `storage_unavailable` (nothing changed).
pub async fn apply(
    state: &AppState,
    id: &str,
    token: &str,
    request: TournamentAction,
) -> Result<(wire::TournamentView, Vec<Started>), ApiError> {
    if state.is_shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    let lock = state.tournament_locks().of(id);
    let _turn = lock.lock().await;
    let mut loaded = Some(load(state, id).await?);
    if let Some((row, _)) = &loaded {
        check_organiser(row, token)?;
    }
    for _ in 0..RETRIES {
        // The games' results first: the action sees the tournament as it is.
        let (row, event) = catch_up(state, id, loaded.take()).await?;
        let mut secrets = Secrets::read(&row.secrets)?;
        let act = action(request.clone())?;
        let adds = matches!(act, Action::AddPlayer(_));
        let pairs = matches!(act, Action::PairRound);
        // An online round taken back: its games, none of them begun.
        let called_off = if matches!(act, Action::UnpairRound) {
            online::last_round_games(&event)
        } else {
            Vec::new()
        };
        if online::any_begun(state, &called_off).await? {
            return Err(ApiError::bad(ErrorCode::RoundGamesBegun));
        }
        // The accounts' ratings for a new online round's games.
        let ratings = if pairs && event.settings.online {
            entrants::ratings(state, &event, &secrets).await?
        } else {
            Default::default()
        };
        // Pairing a large Swiss round takes seconds: on the bounded pool,
        // off the threads that serve every other request. The other
        // actions take microseconds.
        let apply = move || {
            let mut event = event;
            let done = event.apply(act);
            (event, done)
        };
        let (mut event, done) = if pairs {
            state.cpu().run(apply).await?
        } else {
            apply()
        };
        done?;
        if pairs && event.settings.chess960 {
            // One start position for the whole round, drawn now.
            let drawn = crate::security::random_u64()? % u64::from(sakk::CHESS960_POSITIONS);
            if let Some(round) = event.rounds.last_mut() {
                round.chess960 = u16::try_from(drawn).ok();
            }
        }
        if adds {
            let player = u16::try_from(event.players.len().saturating_sub(1)).unwrap_or(u16::MAX);
            secrets
                .players
                .insert(player, hash_token(&links::player_token(token, id, player)));
        }
        let games = if pairs && event.settings.online {
            online::games_for_last_round(state, id, &mut event, &secrets, &ratings)?
        } else {
            Vec::new()
        };
        if let Some(next) = commit(state, &row, &event, &secrets, &games).await? {
            online::call_off(state, id, &called_off).await;
            let shown = view(&next, &event);
            publish(state, id, next.version).await;
            return Ok((shown, entrants::started(&games)));
        }
    }
    Err(ApiError::StorageUnavailable)
}

/// A player joins by the join link: entered as the organiser would enter
/// them, with a token of their own (their link), given once; as
/// `account` when one is given (its name and rating where none is given).
///
/// # Errors
/// `missing_organiser_token`/`bad_join_token`, the entry's refusals,
/// `already_entered`, storage unavailable.
pub async fn join(
    state: &AppState,
    id: &str,
    token: &str,
    player: NewPlayer,
    account: Option<&crate::store::UserRow>,
) -> Result<wire::Joined, ApiError> {
    if state.is_shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    let lock = state.tournament_locks().of(id);
    let _turn = lock.lock().await;
    for _ in 0..RETRIES {
        let (row, mut event) = load(state, id).await?;
        let mut secrets = Secrets::read(&row.secrets)?;
        if token.is_empty() {
            return Err(ApiError::bad(ErrorCode::MissingJoinToken));
        }
        if !secrets
            .join
            .as_deref()
            .is_some_and(|h| token_matches(token, h))
        {
            return Err(ApiError::Forbidden(ErrorCode::BadJoinToken));
        }
        let entry = match account {
            Some(user) => {
                entrants::account_entry(state, &event, &secrets, user, player.clone()).await?
            }
            None => player.clone(),
        };
        event.apply(Action::AddPlayer(entry))?;
        let me = u16::try_from(event.players.len().saturating_sub(1)).unwrap_or(u16::MAX);
        let mine = new_token()?;
        secrets.players.insert(me, hash_token(&mine));
        if let Some(user) = account {
            secrets.accounts.insert(me, user.id.clone());
        }
        if let Some(next) = commit(state, &row, &event, &secrets, &[]).await? {
            let url = format!("{}/tournament/{id}#player={mine}", state.public_url());
            let joined = wire::Joined {
                player: me,
                token: mine,
                url,
                tournament: view(&next, &event),
            };
            publish(state, id, next.version).await;
            return Ok(joined);
        }
    }
    Err(ApiError::StorageUnavailable)
}

/// Which player a player's token is, or else the entry of `account`.
///
/// # Errors
/// `no_such_tournament`, `bad_player_token`, storage unavailable.
pub async fn me(
    state: &AppState,
    id: &str,
    token: &str,
    account: Option<&str>,
) -> Result<wire::Me, ApiError> {
    let (row, _) = load(state, id).await?;
    let secrets = Secrets::read(&row.secrets)?;
    let by_token = (!token.is_empty())
        .then(|| secrets.player_of(token))
        .flatten();
    by_token
        .or_else(|| account.and_then(|user| secrets.player_of_account(user)))
        .map(|player| wire::Me { player })
        .ok_or(ApiError::Forbidden(ErrorCode::BadPlayerToken))
}

/// The links the organiser hands out: the join link and each player's
/// (none for a player who joined: their link is theirs alone).
///
/// # Errors
/// The organiser token's errors, `no_such_tournament`, storage
/// unavailable.
pub async fn links(
    state: &AppState,
    id: &str,
    token: &str,
) -> Result<wire::TournamentLinks, ApiError> {
    let (row, event) = load(state, id).await?;
    check_organiser(&row, token)?;
    let secrets = Secrets::read(&row.secrets)?;
    let base = format!("{}/tournament/{id}", state.public_url());
    let players = (0..event.players.len())
        .filter_map(|p| u16::try_from(p).ok())
        .map(|p| {
            let derived = links::player_token(token, id, p);
            let ours = secrets
                .players
                .get(&p)
                .is_some_and(|h| token_matches(&derived, h));
            wire::PlayerLink {
                player: p,
                url: ours.then(|| format!("{base}#player={derived}")),
            }
        })
        .collect();
    Ok(wire::TournamentLinks {
        join_url: format!("{base}#join={}", links::join_token(token, id)),
        players,
    })
}

/// Tells the tournament's watchers its new version.
async fn publish(state: &AppState, id: &str, version: i64) {
    if let Ok(line) = serde_json::to_string(&TournamentChanged { version }) {
        let published = Arc::new(Published::written(
            line,
            None,
            u64::try_from(version).unwrap_or(0),
            false,
        ));
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
    if !crate::security::is_plain_key(id) {
        return Err(ApiError::NoTournament);
    }
    let (rx, (row, _)) = state.bus().watch_if(&feed(id), load(state, id)).await?;
    Ok((row.version, rx))
}

/// Half points as the standings print them.
fn points(half: u32) -> String {
    Points(half).to_string()
}
