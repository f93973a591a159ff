//! The API's one error type: every refusal is JSON
//! `{"error": "<code>", "message": "<English>", "message_hu": "<Hungarian>"}`
//! with the right status code; internal errors are logged, never leaked.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A malformed request: bad JSON, bad parameter, bad move text.
    #[error("{message}")]
    BadRequest {
        /// Machine-readable code.
        code: &'static str,
        /// English explanation.
        message: String,
        /// Hungarian explanation.
        message_hu: String,
    },
    /// A move or action the rules forbid (400, with the rule).
    #[error("{message}")]
    Rules {
        /// The rule's code.
        code: &'static str,
        /// English explanation.
        message: String,
        /// Hungarian explanation.
        message_hu: String,
    },
    /// No or the wrong seat token, or not this seat's turn.
    #[error("{0}")]
    Forbidden(&'static str),
    /// No such game.
    #[error("no such game")]
    NotFound,
    /// The game is over.
    #[error("the game is already over")]
    GameOver,
    /// The body is too large.
    #[error("the request body is too large")]
    TooLarge,
    /// The change could not be stored; nothing was changed and the game
    /// goes on when storage is back (503).
    #[error("storage is unavailable")]
    StorageUnavailable,
    /// Too many requests of this kind from this address (429).
    #[error("too many requests; retry in {retry_after} s")]
    RateLimited {
        /// Seconds until a retry may succeed.
        retry_after: u64,
    },
    /// The engine has more work waiting than it takes (503).
    #[error("the engine is busy")]
    EngineBusy,
    /// The server is shutting down (503).
    #[error("the server is shutting down")]
    ShuttingDown,
    /// Something broke inside (storage); the details go to the log.
    #[error("internal error")]
    Internal(String),
}

impl ApiError {
    /// A bad request with messages in both languages.
    pub fn bad(code: &'static str, en: impl Into<String>, hu: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            message: en.into(),
            message_hu: hu.into(),
        }
    }
}

impl From<sakk::MoveInputError> for ApiError {
    fn from(e: sakk::MoveInputError) -> ApiError {
        match e {
            sakk::MoveInputError::Refused(sakk::Refusal::GameOver) => ApiError::GameOver,
            e => ApiError::Rules {
                code: e.code(),
                message: e.message_en(),
                message_hu: e.message_hu(),
            },
        }
    }
}

impl From<sakk::GameError> for ApiError {
    fn from(e: sakk::GameError) -> ApiError {
        match e {
            sakk::GameError::GameOver | sakk::GameError::Move(sakk::Refusal::GameOver) => {
                ApiError::GameOver
            }
            e => ApiError::Rules {
                code: e.code(),
                message: e.message_en(),
                message_hu: e.message_hu(),
            },
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> ApiError {
        tracing::warn!(error = %e, "storage");
        ApiError::StorageUnavailable
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> ApiError {
        tracing::warn!(error = %e, "storage");
        ApiError::StorageUnavailable
    }
}

impl ApiError {
    /// The status, the code and the messages (English, Hungarian) of this
    /// error: the one place an error becomes what a client reads, whether
    /// it goes out as an HTTP response or a WebSocket message.
    pub fn parts(self) -> (StatusCode, &'static str, String, String) {
        match self {
            ApiError::BadRequest { code, message, message_hu } => (StatusCode::BAD_REQUEST, code, message, message_hu),
            ApiError::Rules { code, message, message_hu } => (StatusCode::BAD_REQUEST, code, message, message_hu),
            ApiError::Forbidden(code) => (
                StatusCode::FORBIDDEN,
                code,
                match code {
                    "not_your_turn" => "It is not your turn.".to_string(),
                    _ => "This needs the seat token of a player of this game (Authorization: Bearer …).".to_string(),
                },
                match code {
                    "not_your_turn" => "Nem te következel.".to_string(),
                    _ => "Ehhez a játszma egyik játékosának kulcsa kell (Authorization: Bearer …).".to_string(),
                },
            ),
            ApiError::NotFound => (
                StatusCode::NOT_FOUND,
                "not_found",
                "There is no such game.".to_string(),
                "Nincs ilyen játszma.".to_string(),
            ),
            ApiError::GameOver => (
                StatusCode::CONFLICT,
                "game_over",
                "The game is already over.".to_string(),
                "A játszma már véget ért.".to_string(),
            ),
            ApiError::TooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                "The request body is too large.".to_string(),
                "A kérés törzse túl nagy.".to_string(),
            ),
            ApiError::StorageUnavailable => (
                StatusCode::SERVICE_UNAVAILABLE,
                "storage_unavailable",
                "The change could not be stored, so nothing was changed. Try again in a moment.".to_string(),
                "A változást nem sikerült menteni, ezért semmi sem változott. Próbáld újra egy kicsit később.".to_string(),
            ),
            ApiError::RateLimited { retry_after } => (
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("Too many requests; try again in {retry_after} s."),
                format!("Túl sok kérés; próbáld újra {retry_after} másodperc múlva."),
            ),
            ApiError::EngineBusy => (
                StatusCode::SERVICE_UNAVAILABLE,
                "engine_busy",
                "The engine is busy; try again in a moment.".to_string(),
                "A gép most foglalt; próbáld újra egy kicsit később.".to_string(),
            ),
            ApiError::ShuttingDown => (
                StatusCode::SERVICE_UNAVAILABLE,
                "shutting_down",
                "The server is restarting; try again in a moment.".to_string(),
                "A szerver újraindul; próbáld újra egy kicsit később.".to_string(),
            ),
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "Something went wrong on the server; nothing was changed.".to_string(),
                    "Hiba történt a szerveren; semmi sem változott.".to_string(),
                )
            }
        }
    }

    /// The JSON body of this error: `{"error", "message", "message_hu"}`.
    pub fn body(self) -> (StatusCode, crate::wire::ErrorBody) {
        let (status, code, message, message_hu) = self.parts();
        (
            status,
            crate::wire::ErrorBody {
                error: code.to_string(),
                message,
                message_hu,
            },
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry = match &self {
            ApiError::RateLimited { retry_after } => Some(*retry_after),
            ApiError::StorageUnavailable | ApiError::EngineBusy | ApiError::ShuttingDown => Some(1),
            _ => None,
        };
        let (status, body) = self.body();
        let mut res = (status, Json(body)).into_response();
        if let Some(secs) = retry {
            res.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        res
    }
}
