//! Watching a game: the NDJSON stream and the WebSocket. Both begin with
//! the full committed state and then relay each committed change; both end
//! with the game's last event, or when the server shuts down. The socket
//! also takes the player's commands, decoded into the same
//! [`Command`]s as the HTTP actions.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use futures_util::StreamExt;
use serde::Deserialize;
use tokio::sync::broadcast;

use super::accounts::MaybeMe;
use super::{P, Q};
use crate::client::ClientAddr;
use crate::codes::ErrorCode;
use crate::command::{parse_answer, Command};
use crate::dispatch::dispatch;
use crate::error::ApiError;
use crate::games::Published;
use crate::limits::Kind;
use crate::ops::{Answer, Caller, Op};
use crate::state::AppState;
use crate::wire::ChatRoom;

/// What a watcher has: the last version it sent.
pub(crate) struct Seen(u64);

impl Seen {
    /// Whether `p` is a change newer than what the watcher has (a resync
    /// marker is not).
    pub(crate) fn lacks(&self, p: &Published) -> bool {
        !p.resync && p.version > self.0
    }

    /// The line to send of `p`, if it is newer than what the watcher has
    /// (a resync marker is not): its `gameDelta` line when the watcher
    /// takes deltas and has the version just before, else its full line.
    pub(crate) fn pick<'p>(&mut self, p: &'p Published, deltas: bool) -> Option<&'p str> {
        if !self.lacks(p) {
            return None;
        }
        let line = match &p.delta {
            Some(delta) if deltas && p.version == self.0 + 1 => delta.as_str(),
            _ => p.text(),
        };
        self.0 = p.version;
        Some(line).filter(|l| !l.is_empty())
    }
}

/// A subscription to game `id`'s events, and then the full state as an
/// event line (wherever the game is): an event that follows the state is
/// in the subscription, one already in the state is skipped by version.
pub(crate) async fn full(
    state: &AppState,
    id: &str,
) -> Result<(String, broadcast::Receiver<Arc<Published>>, bool, Seen), ApiError> {
    let full = async {
        match dispatch(state, id, &Caller::anonymous(), Op::Full).await? {
            Answer::Full {
                line,
                version,
                over,
            } => Ok((line, version, over)),
            _ => Err(ApiError::Internal("not a full state".to_string())),
        }
    };
    let (rx, (line, version, over)) = state.bus().watch_if(id, full).await?;
    Ok((line, rx, over, Seen(version)))
}

/// `GET /api/games/{id}/stream`: one JSON object a line (`gameFull`, then
/// `gameState` after each change), an empty line every 5 s to keep the
/// connection open.
pub(crate) async fn stream(
    State(state): State<AppState>,
    P(id): P<String>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
) -> Result<Response, ApiError> {
    let place = state
        .watchers()
        .open(addr)
        .ok_or(ApiError::TooManyWatchers)?;
    let first = full(&state, &id).await?;
    // Anyone may watch: the spectators' chat only.
    let lines = relay(state, id, place, first, &[ChatRoom::Spectator], |line| {
        Some(line.to_string())
    });
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], lines).into_response())
}

/// What a watcher holds while its stream is open (its place among its
/// client's streams).
pub(crate) type Place = crate::client::Watching;

/// A game's stream as a body of lines: the full state, then each committed
/// change newer than what was sent, and the chat lines of the `rooms` the
/// reader hears, each line as `map` writes it (`None`: not sent); the full
/// state again after falling behind or a lost bus; an empty line every
/// 5 s; until the game ends or the server shuts down.
pub(crate) fn relay(
    state: AppState,
    id: String,
    place: Place,
    (first, mut rx, over, mut seen): (String, broadcast::Receiver<Arc<Published>>, bool, Seen),
    rooms: &'static [ChatRoom],
    map: impl Fn(&str) -> Option<String> + Send + 'static,
) -> Body {
    let first = map(&first).unwrap_or_default();
    let mut shutdown = state.shutdown_signal();
    async_stream_lines(first, over, move |tx| async move {
        let _place = place;
        let mut keepalive = tokio::time::interval(Duration::from_secs(5));
        keepalive.tick().await;
        loop {
            let line = tokio::select! {
                event = rx.recv() => match event {
                    Ok(p) if p.room.is_some() => {
                        let heard = p.room.is_some_and(|r| rooms.contains(&r));
                        let Some(line) = map(p.text()).filter(|_| heard) else { continue };
                        if tx.send(format!("{line}\n")).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    Ok(p) if seen.lacks(&p) => {
                        let Some(line) = seen.pick(&p, false).and_then(&map) else { continue };
                        if tx.send(format!("{line}\n")).await.is_err() || p.ended {
                            return;
                        }
                        continue;
                    }
                    Ok(p) if !p.resync => continue,
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                        let Ok((line, fresh, over, now_seen)) = full(&state, &id).await else {
                            return;
                        };
                        (rx, seen) = (fresh, now_seen);
                        let Some(line) = map(&line) else { return };
                        if tx.send(format!("{line}\n")).await.is_err() || over {
                            return;
                        }
                        continue;
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                _ = keepalive.tick() => "\n".to_string(),
                _ = shutdown.changed() => return,
            };
            if tx.send(line).await.is_err() {
                return;
            }
        }
    })
}

/// A body of lines: `first`, then (unless `over`) what `produce` sends.
pub(crate) fn async_stream_lines<F, Fut>(first: String, over: bool, produce: F) -> Body
where
    F: FnOnce(tokio::sync::mpsc::Sender<String>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (tx, rx) = tokio::sync::mpsc::channel::<String>(16);
    if !over {
        tokio::spawn(produce(tx));
    }
    let head = futures_util::stream::once(async move { format!("{first}\n") });
    let rest = tokio_stream::wrappers::ReceiverStream::new(rx);
    Body::from_stream(head.chain(rest).map(Ok::<_, std::convert::Infallible>))
}

/// A message from a WebSocket client: a [`Command`] (tagged `t`) with the
/// seat token that gives it.
#[derive(Debug, Deserialize)]
struct SocketMessage {
    #[serde(default)]
    token: String,
    #[serde(flatten)]
    command: Command,
}

/// Decodes a client message into the command and its token. A message
/// refused for a field that has a code of its own over HTTP gets that code
/// here too (`bad_lang`, `bad_answer`, `bad_square`); any other,
/// `bad_request` with the parser's words.
fn decode(text: &str) -> Result<(String, Command), ApiError> {
    match serde_json::from_str::<SocketMessage>(text) {
        Ok(msg) => Ok((msg.token, msg.command)),
        Err(e) => Err(field_refusal(text)
            .unwrap_or_else(|| ApiError::bad_detail(ErrorCode::BadRequest, e.to_string()))),
    }
}

/// The refusal of a message whose piece-letter language, answer or square
/// cannot be read (looked at only once the message was refused).
fn field_refusal(text: &str) -> Option<ApiError> {
    let message: serde_json::Value = serde_json::from_str(text).ok()?;
    let field = |name: &str| message.get(name).and_then(serde_json::Value::as_str);
    let code = if field("lang").is_some_and(|l| sakk::Lang::from_code(l).is_none()) {
        ErrorCode::BadLang
    } else if field("answer").is_some_and(|a| parse_answer(a).is_none()) {
        ErrorCode::BadAnswer
    } else if field("square").is_some_and(|s| s.parse::<sakk::Square>().is_err()) {
        ErrorCode::BadSquare
    } else {
        return None;
    };
    Some(ApiError::bad(code))
}

/// An error as a socket message: the API's error body with `"type": "error"`,
/// its `message` in `locale`.
fn error_message(e: ApiError, locale: sakk_i18n::Locale) -> String {
    #[derive(serde::Serialize)]
    struct Tagged {
        #[serde(rename = "type")]
        kind: &'static str,
        #[serde(flatten)]
        body: crate::wire::ErrorBody,
    }
    let (_, body) = e.body_in(locale);
    serde_json::to_string(&Tagged {
        kind: "error",
        body,
    })
    .unwrap_or_default()
}

/// The query of `/api/games/{id}/socket` (beside `lang`).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SocketQuery {
    /// The watcher takes each change as a `gameDelta` (the moves it lacks)
    /// after the first full state, rather than the full state each time.
    #[serde(default)]
    deltas: bool,
}

/// `GET /api/games/{id}/socket[?deltas=true]`: the game over a WebSocket.
// One extractor an argument, as axum's handlers take them.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn socket(
    State(state): State<AppState>,
    P(id): P<String>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
    RawQuery(query): RawQuery,
    Q(SocketQuery { deltas }): Q<SocketQuery>,
    headers: axum::http::HeaderMap,
    MaybeMe(auth): MaybeMe,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    // The words of the socket's error messages: `?lang=` or the upgrade
    // request's `Accept-Language`.
    let locale = super::locale::request_locale(query.as_deref(), &headers);
    let ws = ws.map_err(|_| ApiError::UpgradeRequired)?;
    let place = state
        .watchers()
        .open(addr)
        .ok_or(ApiError::TooManyWatchers)?;
    let watched = full(&state, &id).await?;
    // The chat room the socket's account hears (a player's, or the
    // spectators').
    let rooms = match crate::chat::player(auth.as_ref()) {
        Some(user) => match crate::chat::room_of(&state, &id, Some(user)).await? {
            ChatRoom::Player => crate::chat::PLAYERS_HEAR,
            ChatRoom::Spectator => crate::chat::SPECTATORS_HEAR,
        },
        None => crate::chat::SPECTATORS_HEAR,
    };
    // Small buffers: a socket carries short JSON messages (the defaults,
    // 128 KiB each way, cost more memory than the game itself). A client's
    // message larger than 64 KiB is refused.
    let ws = ws
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024);
    Ok(ws.on_upgrade(move |socket| async move {
        let _place = place;
        let reader = Reader {
            rooms,
            addr,
            locale,
            deltas,
        };
        serve_socket(state, id, watched, reader, socket).await;
    }))
}

/// What a watcher starts with: the full state's line, the subscription,
/// whether the game is over, the version it has.
type Watched = (String, broadcast::Receiver<Arc<Published>>, bool, Seen);

/// Who reads a socket: the chat rooms it hears, its address (for the
/// actions' rate limit), the language of its errors, and whether it takes
/// deltas.
struct Reader {
    rooms: &'static [ChatRoom],
    addr: std::net::IpAddr,
    locale: sakk_i18n::Locale,
    deltas: bool,
}

async fn serve_socket(
    state: AppState,
    id: String,
    watched: Watched,
    reader: Reader,
    mut socket: WebSocket,
) {
    let Reader {
        rooms,
        addr,
        locale,
        deltas,
    } = reader;
    let (first, mut rx, _, mut seen) = watched;
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    let mut shutdown = state.shutdown_signal();
    // A quiet socket is pinged; a client silent too long (no message, no
    // pong) is closed when that time is up, not at the next ping.
    let (ping_every, silent_for) = state.socket_timing();
    let mut ping = tokio::time::interval(ping_every);
    ping.tick().await;
    let mut heard = tokio::time::Instant::now();
    // One timer for the socket's life: a message only notes when it was
    // heard, and the timer, when it fires early, is set again from there
    // (a timer made afresh for each message cost the timer wheel's lock
    // twice a message).
    let silence = tokio::time::sleep_until(heard + silent_for);
    tokio::pin!(silence);
    loop {
        tokio::select! {
            () = &mut silence => {
                if heard + silent_for > tokio::time::Instant::now() {
                    silence.as_mut().reset(heard + silent_for);
                    continue;
                }
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
            event = rx.recv() => {
                let line = match event {
                    Ok(p) if p.room.is_some() => match p.room {
                        Some(room) if rooms.contains(&room) => p.text().to_string(),
                        _ => continue,
                    },
                    Ok(p) if seen.lacks(&p) => match seen.pick(&p, deltas) {
                        Some(line) => line.to_string(),
                        None => continue,
                    },
                    Ok(p) if !p.resync => continue,
                    Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {
                        // Fell behind, or the bus lost events: the full
                        // state again.
                        let Ok((line, fresh, _, now_seen)) = full(&state, &id).await else {
                            return;
                        };
                        (rx, seen) = (fresh, now_seen);
                        line
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                if socket.send(Message::Text(line.into())).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                match incoming {
                    Some(Ok(Message::Text(text))) => {
                        let result = match state.limits().check(Kind::Action, addr) {
                            Ok(()) => match decode(text.as_str()) {
                                Ok((token, command)) => dispatch(&state, &id, &Caller::Token(token), Op::Act(command))
                                    .await
                                    .map(|_| ()),
                                Err(e) => Err(e),
                            },
                            Err(e) => Err(e),
                        };
                        if let Err(e) = result {
                            if socket.send(Message::Text(error_message(e, locale).into())).await.is_err() {
                                return;
                            }
                        }
                    }
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => {}
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                    return;
                }
            }
            _ = shutdown.changed() => {
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
        }
    }
}
