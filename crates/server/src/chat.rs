//! A game's chat, as lichess has it: two rooms, the players' and the
//! spectators'. A player says a line in the players' room (or the
//! spectators'); an account that does not play the game, in the
//! spectators'. Each line is kept with the game, then heard at once by
//! the watchers of its room on every node (a bus event that is no change
//! of the game): the players hear their room, everyone else the
//! spectators'; lichess's Board and Bot streams carry both.

use std::sync::Arc;

use crate::accounts::{Auth, Scope};
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::games::Published;
use crate::live::unix_ms;
use crate::state::AppState;
use crate::store::UserRow;
use crate::wire::{ChatLine, ChatRoom, Event};

/// A line to say (JSON or lichess's form).
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Say {
    /// The room (none: the speaker's own).
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    pub room: Option<ChatRoom>,
    /// What to say.
    #[serde(default)]
    pub text: String,
}

/// A game's chat as one reader has it: the room they hear, its lines.
#[derive(Clone, Debug, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ChatView {
    /// The room the reader speaks in and hears.
    pub room: ChatRoom,
    /// Its lines, oldest first.
    pub lines: Vec<ChatLine>,
}

/// The longest chat line (lichess's).
pub const MAX_CHAT: usize = 140;

/// The rooms a game's players hear.
pub const PLAYERS_HEAR: &[ChatRoom] = &[ChatRoom::Player];

/// The rooms everyone else hears.
pub const SPECTATORS_HEAR: &[ChatRoom] = &[ChatRoom::Spectator];

/// The account of `auth` as a player may be one: a session, or a token
/// that may play (`board:play`, `bot:play`); else none (a reader).
pub fn player(auth: Option<&Auth>) -> Option<&UserRow> {
    auth.filter(|a| a.require_any(&[Scope::BoardPlay, Scope::BotPlay]).is_ok())
        .map(Auth::user)
}

/// The room `user` (none: someone without an account) speaks in and hears
/// in game `id`: the players', if they play it.
///
/// # Errors
/// 404 when there is no such game; 503 when the database cannot be read.
pub async fn room_of(
    state: &AppState,
    game_id: &str,
    user: Option<&UserRow>,
) -> Result<ChatRoom, ApiError> {
    let row = state
        .store()
        .game_row(game_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let plays = user.is_some_and(|u| {
        row.white_user.as_deref() == Some(u.id.as_str())
            || row.black_user.as_deref() == Some(u.id.as_str())
    });
    Ok(if plays {
        ChatRoom::Player
    } else {
        ChatRoom::Spectator
    })
}

/// `user` says `text` in game `id`, in `room` (none: their own room): kept,
/// then heard.
///
/// # Errors
/// 400 `chat_text` (empty, longer than [`MAX_CHAT`], control characters);
/// 403 `not_your_game` (the players' room, by someone else); 404 when there
/// is no such game; 503 when it cannot be kept.
pub async fn say(
    state: &AppState,
    game_id: &str,
    user: &UserRow,
    room: Option<ChatRoom>,
    text: &str,
) -> Result<ChatLine, ApiError> {
    let own = room_of(state, game_id, Some(user)).await?;
    let room = room.unwrap_or(own);
    if room == ChatRoom::Player && own != ChatRoom::Player {
        return Err(ApiError::Forbidden(ErrorCode::NotYourGame));
    }
    let text = text.trim();
    if !(1..=MAX_CHAT).contains(&text.chars().count()) || text.chars().any(char::is_control) {
        return Err(ApiError::bad(ErrorCode::ChatText));
    }
    let line_id = crate::security::random_string(12)?;
    state
        .store()
        .insert_chat(&line_id, game_id, unix_ms(), &user.id, room.as_str(), text)
        .await?;
    let said = ChatLine {
        room,
        username: user.name.clone(),
        text: text.to_string(),
    };
    // Kept: now heard (a line the bus cannot take now is still kept, and
    // read with the chat).
    if let Ok(line) = serde_json::to_string(&Event::Chat(said.clone())) {
        let event = Published::chat(line, room);
        state.bus().publish(game_id, Arc::new(event)).await;
    }
    Ok(said)
}

/// Game `id`'s chat in `room`, oldest first.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn lines(
    state: &AppState,
    game_id: &str,
    room: ChatRoom,
) -> Result<Vec<ChatLine>, ApiError> {
    Ok(state
        .store()
        .chat(game_id, room.as_str())
        .await?
        .into_iter()
        .map(|(username, text)| ChatLine {
            room,
            username,
            text,
        })
        .collect())
}
