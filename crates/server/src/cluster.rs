//! Several servers sharing the games: the nodes of a cluster on one
//! PostgreSQL database and one NATS bus.
//!
//! - **A lease per node.** Each node joins with a new epoch and renews its
//!   lease in the database ([`keep_lease`]); a node whose lease runs out
//!   (cut from the database, paused, killed) holds nothing: it drops its
//!   games from memory, serves none of them, and joins again when it can.
//! - **An owner per game.** A node takes a game that is free or whose owner
//!   lapsed ([`crate::store::Claim`]) and only then loads it; its commits
//!   are fenced by its name and epoch, so a node that lost its lease never
//!   commits. The games of a lapsed node are taken over by the others within
//!   a fraction of the lease ([`adopt`]), restored from the database, and
//!   carry on: the clock restarts from the times stored with the last move,
//!   so the time while no node owned the game is not charged.
//! - **Any node takes any request.** [`crate::dispatch`] performs an [`Op`] where
//!   the game is: here, or forwarded to its owner (NATS request/reply on
//!   `sakk.node.<name>.call`, answered by [`serve_calls`]). Watchers follow
//!   a game on any node through the bus ([`crate::bus`]).
//! - **Drain.** On SIGTERM a node ends its lease at once ([`leave`]): the
//!   others take its games without waiting for the lease to run out.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::ops::{perform, Answer, Caller, Op};
use crate::state::AppState;
use crate::wire::ErrorBody;

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Joins the cluster: a new epoch and a lease. The store's commits carry
/// the new fence from now on.
///
/// # Errors
/// A database error.
pub async fn join(state: &AppState) -> Result<(), sqlx::Error> {
    let Some(node) = state.node() else {
        return Ok(());
    };
    let started = Instant::now();
    let fence = state
        .store()
        .join(node.name(), millis(node.lease()))
        .await?;
    tracing::info!(
        node = node.name(),
        epoch = fence.epoch,
        "joined the cluster"
    );
    state.store().set_fence(Some(fence.clone()));
    node.hold(fence, started + node.lease());
    Ok(())
}

/// Renews the lease every quarter of its length until shutdown; when it
/// lapses, drops every game from memory and joins again as soon as the
/// database answers.
pub async fn keep_lease(state: AppState) {
    let Some(node) = state.node().cloned() else {
        return;
    };
    let lease = node.lease();
    let mut shutdown = state.shutdown_signal();
    loop {
        tokio::select! {
            () = tokio::time::sleep(lease / 4) => {}
            _ = shutdown.changed() => return,
        }
        let Some(fence) = node.current() else {
            if let Err(e) = join(&state).await {
                tracing::warn!(error = %e, "cannot join the cluster; trying again");
            }
            continue;
        };
        let started = Instant::now();
        let renewed =
            tokio::time::timeout(lease / 2, state.store().renew(&fence, millis(lease))).await;
        match renewed {
            Ok(Ok(true)) => node.hold(fence, started + lease),
            Ok(Ok(false)) => {
                tracing::warn!(node = node.name(), "the lease ran out; dropping every game");
                node.lapse();
                state.games().clear().await;
            }
            Ok(Err(_)) | Err(_) if !node.holds() => {
                tracing::warn!(
                    node = node.name(),
                    "the database does not answer and the lease ran out; dropping every game"
                );
                node.lapse();
                state.games().clear().await;
            }
            Ok(Err(e)) => tracing::warn!(error = %e, "the lease was not renewed; trying again"),
            Err(_) => tracing::warn!("the lease was not renewed in time; trying again"),
        }
    }
}

/// Takes over, every quarter of the lease, the unfinished games of nodes
/// whose lease ran out, and starts their clocks' timers and the computer's
/// moves.
pub async fn adopt(state: AppState) {
    let Some(node) = state.node().cloned() else {
        return;
    };
    let every = (node.lease() / 4).max(Duration::from_millis(100));
    let mut shutdown = state.shutdown_signal();
    loop {
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            _ = shutdown.changed() => return,
        }
        let Some(fence) = node.fence() else {
            continue;
        };
        let lapsed = match state.store().lapsed_nodes().await {
            Ok(l) => l,
            Err(e) => {
                tracing::debug!(error = %e, "cannot list lapsed nodes");
                continue;
            }
        };
        for from in lapsed.iter().filter(|f| **f != fence) {
            match state.store().adopt(from, &fence, 64).await {
                Ok(ids) => {
                    if !ids.is_empty() {
                        tracing::info!(from = from.node, games = ids.len(), "took over games");
                    }
                    for id in ids {
                        if let Err(e) = crate::command::slot(&state, &id).await {
                            tracing::warn!(game = id, error = %e, "cannot load an adopted game");
                        }
                    }
                }
                Err(e) => tracing::debug!(error = %e, "cannot adopt"),
            }
        }
    }
}

/// Ends this node's lease now (the drain on shutdown): the other nodes take
/// its games at once.
pub async fn leave(state: &AppState) {
    let Some(node) = state.node() else {
        return;
    };
    if let Some(fence) = node.current() {
        node.lapse();
        match state.store().leave(&fence).await {
            Ok(()) => tracing::info!(node = node.name(), "left the cluster"),
            Err(e) => tracing::warn!(error = %e, "cannot end the lease; it runs out by itself"),
        }
    }
}

/// Relays the accounts' events that other nodes publish to this node's
/// event streams, until shutdown.
pub async fn relay_account_events(state: AppState) {
    let Some(client) = state.bus().client().cloned() else {
        return;
    };
    crate::inbox::relay(state.inbox(), client, state.shutdown_signal()).await;
}

/// An op forwarded to a game's owner.
#[derive(Debug, Serialize, Deserialize)]
struct Call {
    id: String,
    caller: Caller,
    op: Op,
}

/// The owner's reply.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub(crate) enum Reply {
    /// Done, with the answer.
    Done {
        /// The answer.
        answer: Answer,
    },
    /// Refused, with the error as the client is to read it.
    Refused {
        /// The HTTP status.
        status: u16,
        /// The error.
        body: ErrorBody,
    },
    /// The game is not the node's (any more): ask again where it is.
    Moved,
}

/// The subject a node answers calls on.
fn call_subject(node: &str) -> String {
    format!("sakk.node.{node}.call")
}

/// Answers the ops other nodes forward to this one, until shutdown.
pub async fn serve_calls(state: AppState) {
    let (Some(node), Some(client)) = (state.node().cloned(), state.bus().client().cloned()) else {
        return;
    };
    let mut calls = match client.subscribe(call_subject(node.name())).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "cannot take calls");
            return;
        }
    };
    let mut shutdown = state.shutdown_signal();
    loop {
        let msg = tokio::select! {
            msg = calls.next() => match msg {
                Some(m) => m,
                None => return,
            },
            _ = shutdown.changed() => return,
        };
        let Some(reply_to) = msg.reply.clone() else {
            continue;
        };
        let (state, client) = (state.clone(), client.clone());
        tokio::spawn(async move {
            let reply = match serde_json::from_slice::<Call>(&msg.payload) {
                Ok(call) => match perform(&state, &call.id, &call.caller, call.op).await {
                    Ok(answer) => Reply::Done { answer },
                    Err(ApiError::NotHere { .. }) => Reply::Moved,
                    Err(e) => {
                        let (status, body) = e.body();
                        Reply::Refused {
                            status: status.as_u16(),
                            body,
                        }
                    }
                },
                Err(e) => {
                    let (status, body) =
                        ApiError::bad_detail(ErrorCode::BadRequest, e.to_string()).body();
                    Reply::Refused {
                        status: status.as_u16(),
                        body,
                    }
                }
            };
            if let Ok(bytes) = serde_json::to_vec(&reply) {
                if let Err(e) = client.publish(reply_to, bytes.into()).await {
                    tracing::warn!(error = %e, "a call's reply was not sent");
                }
            }
        });
    }
}

/// Forwards `op` to `owner`.
pub(crate) async fn forward(
    state: &AppState,
    owner: &str,
    id: &str,
    caller: &Caller,
    op: &Op,
) -> Result<Reply, ApiError> {
    let Some(client) = state.bus().client() else {
        return Err(ApiError::Internal(
            "a game owned elsewhere without a bus".to_string(),
        ));
    };
    let call = Call {
        id: id.to_string(),
        caller: caller.clone(),
        op: op.clone(),
    };
    // With the bus down (NATS stopped, or this node cut from it), no owner
    // can be asked: said at once (the client retries), not after waiting
    // out the request's time as if the owner had died.
    if client.connection_state() != async_nats::connection::State::Connected {
        return Err(ApiError::BusUnavailable);
    }
    let payload = serde_json::to_vec(&call).map_err(|e| ApiError::Internal(e.to_string()))?;
    // An analysis runs the engine over the whole game.
    let wait = if *op == Op::Analysis {
        Duration::from_secs(120)
    } else {
        Duration::from_secs(10)
    };
    let request = async_nats::Request::new()
        .payload(payload.into())
        .timeout(Some(wait));
    // An owner that died just now may still hold its subscription on the
    // bus, and one that hangs holds it for good: then no answer comes and
    // no "no responders" either. Its lease says it is gone.
    let answer = tokio::select! {
        answer = client.send_request(call_subject(owner), request) => answer,
        () = lapse_of(state, owner) => return Err(ApiError::OwnerUnavailable),
    };
    match answer {
        Ok(msg) => {
            serde_json::from_slice(&msg.payload).map_err(|e| ApiError::Internal(e.to_string()))
        }
        Err(e) => match e.kind() {
            async_nats::client::RequestErrorKind::NoResponders
            | async_nats::client::RequestErrorKind::TimedOut => Err(ApiError::OwnerUnavailable),
            async_nats::client::RequestErrorKind::Other => Err(ApiError::BusUnavailable),
        },
    }
}

/// Returns once `owner`'s lease has run out, looked at every quarter of
/// this node's lease; never while it holds or while the database cannot
/// say.
async fn lapse_of(state: &AppState, owner: &str) {
    let every = state
        .node()
        .map_or(Duration::from_secs(1), |n| n.lease() / 4)
        .max(Duration::from_millis(100));
    loop {
        tokio::time::sleep(every).await;
        if let Ok(false) = state.store().holds_lease(owner).await {
            return;
        }
    }
}
