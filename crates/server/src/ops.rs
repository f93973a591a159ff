//! What a request asks of one game, typed: a change (a [`Command`], which
//! goes through [`crate::command::apply`]) or a reading of the committed
//! state. An [`Op`] is performed where the game lives — on this node, or,
//! in a cluster, on the node that owns the game, to which
//! [`crate::dispatch::dispatch`] forwards it over the bus — and its
//! [`Answer`] comes back to the transport that asked. So an op and its
//! answer travel as JSON, and the transports stay thin: they decode a
//! request into an op and encode the answer.

use std::sync::Arc;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use crate::codes::ErrorCode;
use crate::command::{apply, slot, Actor, Command};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::{Event, RematchReply, SeatReply, Side};

/// Who asks: the seat token a client presented (perhaps none), or an
/// account the server has authenticated (its id), which holds the seats
/// a game between accounts gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", content = "value", rename_all = "snake_case")]
pub enum Caller {
    /// A seat token, as presented (empty: none).
    Token(String),
    /// An account's id.
    Account(String),
}

impl Caller {
    /// Someone who presents nothing (a reader, a watcher).
    pub fn anonymous() -> Caller {
        Caller::Token(String::new())
    }

    /// The actor the command path knows.
    pub fn actor(&self) -> Actor<'_> {
        match self {
            Caller::Token(token) => Actor::Client(token),
            Caller::Account(user) => Actor::Account(user),
        }
    }
}

/// What a request asks of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    /// A client's command; answers the state after it.
    Change(Command),
    /// A client's command whose answer is only that it was done (a
    /// socket's: its client sees the state as an event).
    Act(Command),
    /// A rematch (after the end); answers the caller's place in it.
    Rematch,
    /// The state.
    State,
    /// The PGN.
    Pgn,
    /// The colours the caller's token plays.
    Seat,
    /// The full state as a watcher's first event.
    Full,
    /// The engine's analysis of the finished game.
    Analysis,
}

/// An op's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "snake_case")]
pub enum Answer {
    /// Done ([`Op::Act`]).
    Done,
    /// A JSON document (a state, an analysis), as it goes to the client.
    Json {
        /// The document.
        json: String,
    },
    /// The PGN.
    Pgn {
        /// Its text.
        text: String,
    },
    /// The caller's colours.
    Seats {
        /// The colours.
        colors: Vec<Side>,
    },
    /// The caller's place in the rematch.
    Rematch {
        /// The place.
        reply: RematchReply,
    },
    /// The full state as an event line, its version, and whether the game
    /// is over.
    Full {
        /// The `gameFull` line.
        line: String,
        /// The game's version.
        version: u64,
        /// Over: nothing will follow.
        over: bool,
    },
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        let json =
            |text: String| ([(header::CONTENT_TYPE, "application/json")], text).into_response();
        match self {
            Answer::Done => axum::http::StatusCode::NO_CONTENT.into_response(),
            Answer::Json { json: text } => json(text),
            Answer::Pgn { text } => (
                [(
                    header::CONTENT_TYPE,
                    "application/x-chess-pgn; charset=utf-8",
                )],
                text,
            )
                .into_response(),
            Answer::Seats { colors } => axum::Json(SeatReply { colors }).into_response(),
            Answer::Rematch { reply } => axum::Json(reply).into_response(),
            Answer::Full { line, .. } => json(line),
        }
    }
}

/// The colours `caller` plays in `live`.
fn seats_of(live: &crate::live::LiveGame, caller: &Caller) -> Vec<sakk::Color> {
    match caller {
        Caller::Token(token) => live.seat(token),
        Caller::Account(user) => live.account_seat(user),
    }
}

fn json<T: Serialize>(value: &T) -> Result<Answer, ApiError> {
    serde_json::to_string(value)
        .map(|json| Answer::Json { json })
        .map_err(|e| ApiError::Internal(e.to_string()))
}

/// Performs `op` on game `id` here. In a cluster, a game that is another
/// node's answers [`ApiError::NotHere`] (the caller forwards the op).
///
/// # Errors
/// The op's refusals.
pub async fn perform(
    state: &AppState,
    id: &str,
    caller: &Caller,
    op: Op,
) -> Result<Answer, ApiError> {
    match op {
        Op::Change(command) => {
            let shown = apply(state, id, caller.actor(), command).await?;
            Ok(Answer::Json {
                json: shown.into_json()?,
            })
        }
        Op::Act(command) => {
            apply(state, id, caller.actor(), command).await?;
            Ok(Answer::Done)
        }
        Op::Rematch => {
            let rematch = Command::Rematch {
                id: state.new_game_id()?,
            };
            let old = apply(state, id, caller.actor(), rematch).await?;
            let new_id = old
                .state()
                .and_then(|s| s.rematch.clone())
                .ok_or_else(|| ApiError::Internal("rematch without an id".to_string()))?;
            // The rematch was created with the old game's commit: by its owner.
            let slot = slot(state, &new_id).await?;
            let seats = seats_of(&slot.lock().await.live, caller);
            let color = match seats.as_slice() {
                [only] => Side::from(*only),
                _ => Side::White,
            };
            Ok(Answer::Rematch {
                reply: RematchReply {
                    url: format!("{}/game/{new_id}", state.public_url()),
                    id: new_id,
                    color,
                    token: match caller {
                        Caller::Token(token) => token.clone(),
                        Caller::Account(_) => String::new(),
                    },
                },
            })
        }
        Op::State => {
            let slot = slot(state, id).await?;
            let mut g = slot.lock().await;
            let g = &mut *g;
            json(&g.live.state(&mut g.notation, state.now()))
        }
        Op::Pgn => {
            let slot = slot(state, id).await?;
            let text = slot.lock().await.live.pgn();
            Ok(Answer::Pgn { text })
        }
        Op::Seat => {
            if *caller == Caller::anonymous() {
                return Err(ApiError::Unauthorized);
            }
            let slot = slot(state, id).await?;
            let seats = seats_of(&slot.lock().await.live, caller);
            if seats.is_empty() {
                return Err(ApiError::Forbidden(ErrorCode::BadToken));
            }
            Ok(Answer::Seats {
                colors: seats.into_iter().map(Side::from).collect(),
            })
        }
        Op::Full => {
            let slot = slot(state, id).await?;
            let mut g = slot.lock().await;
            let g = &mut *g;
            let event = Event::Full {
                id: id.to_string(),
                initial_fen: g.live.row.start_fen.clone(),
                clock: g.live.clock_in_use.clone(),
                state: g.live.state(&mut g.notation, state.now()),
            };
            let line =
                serde_json::to_string(&event).map_err(|e| ApiError::Internal(e.to_string()))?;
            Ok(Answer::Full {
                line,
                version: u64::try_from(g.live.row.version).unwrap_or(0),
                over: g.live.is_over(),
            })
        }
        Op::Analysis => {
            let slot = slot(state, id).await?;
            let positions = {
                let g = slot.lock().await;
                if !g.live.is_over() {
                    return Err(ApiError::bad(ErrorCode::GameNotOver));
                }
                g.live.game.positions().to_vec()
            };
            let key = format!("{id}:{}", positions.len());
            let workers = state.bus().client().cloned();
            let a = state
                .analyses()
                .get(state.pool(), workers, key, positions)
                .await?;
            json(&Arc::clone(&a))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_client_command_travels_and_comes_back_the_same() {
        let commands = [
            Command::Move {
                text: "Hf3".to_string(),
                lang: Some(sakk::Lang::Hungarian),
                offering_draw: true,
            },
            Command::Move {
                text: "e2e4".to_string(),
                lang: None,
                offering_draw: false,
            },
            Command::Move {
                text: "♘f3".to_string(),
                lang: Some(sakk::Lang::Figurine),
                offering_draw: false,
            },
            Command::AnswerDraw { accept: false },
            Command::AnswerDraw { accept: true },
            Command::ClaimDraw {
                declared: Some("Nf3".to_string()),
                lang: Some(sakk::Lang::English),
            },
            Command::ClaimDraw {
                declared: None,
                lang: None,
            },
            Command::Resign,
            Command::Abort,
            Command::Takeback { yes: true },
            Command::Touch {
                square: sakk::Square::E2,
                adjust: true,
            },
        ];
        for c in commands {
            for op in [Op::Change(c.clone()), Op::Act(c.clone())] {
                let Ok(text) = serde_json::to_string(&op) else {
                    panic!("{c:?} does not travel");
                };
                let back: Result<Op, _> = serde_json::from_str(&text);
                assert_eq!(back.ok(), Some(op), "{text}");
            }
        }
    }

    #[test]
    fn the_server_s_own_commands_never_travel() {
        let own = [
            Command::FlagFall,
            Command::CallOff,
            Command::Rematch {
                id: "abcdefgh".to_string(),
            },
            Command::ComputerMove {
                mv: sakk::Position::new().legal_moves()[0],
                version: 3,
            },
        ];
        let Some(proof) = sakk::Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
            .ok()
            .and_then(|p| p.prove_dead(sakk::Effort::Quick))
        else {
            panic!("king against king is dead");
        };
        let own = own.into_iter().chain([Command::DeadPosition { proof }]);
        for c in own {
            assert!(
                serde_json::to_string(&Op::Change(c.clone())).is_err(),
                "{c:?}"
            );
        }
        for text in [
            r#"{"op":"change","t":"flagfall"}"#,
            r#"{"op":"change","t":"callOff"}"#,
            r#"{"op":"change","t":"calloff"}"#,
            r#"{"op":"change","t":"rematch"}"#,
            r#"{"op":"act","t":"computermove","mv":"e2e4","version":1}"#,
        ] {
            assert!(serde_json::from_str::<Op>(text).is_err(), "{text}");
        }
    }

    #[test]
    fn a_bad_field_is_refused_with_its_reason() {
        for (text, reason) in [
            (
                r#"{"op":"change","t":"move","move":"e4","lang":"xx"}"#,
                "xx",
            ),
            (r#"{"op":"change","t":"draw","answer":"maybe"}"#, "maybe"),
            (r#"{"op":"change","t":"touch","square":"z9"}"#, "z9"),
            (r#"{"op":"change","t":"castle"}"#, "castle"),
        ] {
            match serde_json::from_str::<Op>(text) {
                Ok(op) => panic!("{text} read as {op:?}"),
                Err(e) => assert!(e.to_string().contains(reason), "{text}: {e}"),
            }
        }
    }
}
