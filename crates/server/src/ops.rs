//! What a request asks of one game, typed: a change (a [`Command`], which
//! goes through [`crate::command::apply`]) or a reading of the committed
//! state. An [`Op`] is performed where the game lives — on this node, or,
//! in a cluster, on the node that owns the game, to which
//! [`crate::cluster::dispatch`] forwards it over the bus — and its
//! [`Answer`] comes back to the transport that asked. So an op and its
//! answer travel as JSON, and the transports stay thin: they decode a
//! request into an op and encode the answer.

use std::sync::Arc;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use crate::codes::ErrorCode;
use crate::command::{apply, Actor, Command};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::{Event, RematchReply, SeatReply, Side};

/// A client's change, as it travels between nodes (the server's own
/// commands — flag fall, the computer's move — never leave their node).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// [`Command::Move`].
    Move {
        /// The move's text.
        text: String,
        /// Its piece letters' language code (`en`, `hu`, …), if given.
        lang: Option<String>,
        /// With a draw offer.
        offering_draw: bool,
    },
    /// [`Command::AnswerDraw`].
    AnswerDraw {
        /// Accept.
        accept: bool,
    },
    /// [`Command::ClaimDraw`].
    ClaimDraw {
        /// The declared move.
        declared: Option<String>,
        /// Its language code.
        lang: Option<String>,
    },
    /// [`Command::Resign`].
    Resign,
    /// [`Command::Abort`].
    Abort,
    /// [`Command::Takeback`].
    Takeback {
        /// Ask or agree.
        yes: bool,
    },
    /// [`Command::Touch`].
    Touch {
        /// The square's name.
        square: String,
        /// Only adjusting.
        adjust: bool,
    },
}

impl Change {
    /// The change of a client's command; `None` for the server's own.
    pub fn of(command: &Command) -> Option<Change> {
        let lang = |l: &Option<sakk::Lang>| l.map(|l| l.code().to_string());
        Some(match command {
            Command::Move {
                text,
                lang: l,
                offering_draw,
            } => Change::Move {
                text: text.clone(),
                lang: lang(l),
                offering_draw: *offering_draw,
            },
            Command::AnswerDraw { accept } => Change::AnswerDraw { accept: *accept },
            Command::ClaimDraw { declared, lang: l } => Change::ClaimDraw {
                declared: declared.clone(),
                lang: lang(l),
            },
            Command::Resign => Change::Resign,
            Command::Abort => Change::Abort,
            Command::Takeback { yes } => Change::Takeback { yes: *yes },
            Command::Touch { square, adjust } => Change::Touch {
                square: square.to_string(),
                adjust: *adjust,
            },
            Command::Rematch
            | Command::FlagFall
            | Command::ComputerMove { .. }
            | Command::CallOff => return None,
        })
    }

    /// The command again.
    ///
    /// # Errors
    /// `bad_lang` or `bad_square` (from a node that speaks another version).
    pub fn command(self) -> Result<Command, ApiError> {
        let lang = |l: Option<String>| {
            l.map(|c| sakk::Lang::from_code(&c).ok_or_else(|| ApiError::bad(ErrorCode::BadLang)))
                .transpose()
        };
        Ok(match self {
            Change::Move {
                text,
                lang: l,
                offering_draw,
            } => Command::Move {
                text,
                lang: lang(l)?,
                offering_draw,
            },
            Change::AnswerDraw { accept } => Command::AnswerDraw { accept },
            Change::ClaimDraw { declared, lang: l } => Command::ClaimDraw {
                declared,
                lang: lang(l)?,
            },
            Change::Resign => Command::Resign,
            Change::Abort => Command::Abort,
            Change::Takeback { yes } => Command::Takeback { yes },
            Change::Touch { square, adjust } => Command::Touch {
                square: square
                    .parse()
                    .map_err(|_| ApiError::bad(ErrorCode::BadSquare))?,
                adjust,
            },
        })
    }
}

/// What a request asks of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Op {
    /// A change; answers the state after it.
    Change(Change),
    /// A change whose answer is only that it was done (a socket's: its
    /// client sees the state as an event).
    Act(Change),
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
pub async fn perform(state: &AppState, id: &str, token: &str, op: Op) -> Result<Answer, ApiError> {
    match op {
        Op::Change(change) => {
            let shown = apply(state, id, Actor::Client(token), change.command()?).await?;
            json(&shown)
        }
        Op::Act(change) => {
            apply(state, id, Actor::Client(token), change.command()?).await?;
            Ok(Answer::Done)
        }
        Op::Rematch => {
            let old = apply(state, id, Actor::Client(token), Command::Rematch).await?;
            let new_id = old
                .rematch
                .ok_or_else(|| ApiError::Internal("rematch without an id".to_string()))?;
            // The rematch was created with the old game's commit: by its owner.
            let slot = state.slot(&new_id).await?;
            let seats = slot.lock().await.live.seat(token);
            let color = match seats.as_slice() {
                [only] => Side::from(*only),
                _ => Side::White,
            };
            Ok(Answer::Rematch {
                reply: RematchReply {
                    url: format!("{}/game/{new_id}", state.public_url()),
                    id: new_id,
                    color,
                    token: token.to_string(),
                },
            })
        }
        Op::State => {
            let slot = state.slot(id).await?;
            let mut g = slot.lock().await;
            let g = &mut *g;
            json(&g.live.state(&mut g.notation, state.now()))
        }
        Op::Pgn => {
            let slot = state.slot(id).await?;
            let text = slot.lock().await.live.pgn();
            Ok(Answer::Pgn { text })
        }
        Op::Seat => {
            if token.is_empty() {
                return Err(ApiError::Unauthorized);
            }
            let slot = state.slot(id).await?;
            let seats = slot.lock().await.live.seat(token);
            if seats.is_empty() {
                return Err(ApiError::Forbidden(ErrorCode::BadToken));
            }
            Ok(Answer::Seats {
                colors: seats.into_iter().map(Side::from).collect(),
            })
        }
        Op::Full => {
            let slot = state.slot(id).await?;
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
            let slot = state.slot(id).await?;
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
            Command::AnswerDraw { accept: false },
            Command::ClaimDraw {
                declared: Some("Nf3".to_string()),
                lang: Some(sakk::Lang::English),
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
            let Some(change) = Change::of(&c) else {
                panic!("{c:?} does not travel");
            };
            let Ok(text) = serde_json::to_string(&Op::Change(change)) else {
                panic!("{c:?}");
            };
            let back: Result<Op, _> = serde_json::from_str(&text);
            let Ok(Op::Change(change)) = back else {
                panic!("{text}");
            };
            assert_eq!(change.command().ok(), Some(c));
        }
        assert_eq!(Change::of(&Command::FlagFall), None);
        let bad = Change::Touch {
            square: "z9".to_string(),
            adjust: false,
        };
        assert!(bad.command().is_err());
    }
}
