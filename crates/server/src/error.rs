//! The API's one error type. Every refusal is JSON
//! `{"error": "<code>", "params": {…}, "message": "<English>", "message_hu":
//! "<Hungarian>"}` with the right status code: the code and its parameters
//! are stable, the words come from the catalogues (`sakk-i18n`). Internal
//! errors are logged, never leaked.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use sakk_i18n::Locale;

/// A message's parameters, by name.
pub type Args = Vec<(&'static str, String)>;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A malformed request (400): its code names the catalogue's
    /// `error-<code>` message.
    #[error("bad request: {code}")]
    BadRequest {
        /// The stable code.
        code: &'static str,
        /// The message's parameters.
        args: Args,
    },
    /// A move or action the rules forbid (400): the rule's code names the
    /// catalogue's `rule-<code>` message.
    #[error("refused by the rules: {code}")]
    Rules {
        /// The rule's code.
        code: &'static str,
        /// The message's parameters.
        args: Args,
    },
    /// No or the wrong seat token (`bad_token`), or not this seat's turn
    /// (`not_your_turn`).
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
    /// Something broke inside; the details go to the log.
    #[error("internal error")]
    Internal(String),
}

impl ApiError {
    /// A bad request without parameters.
    pub fn bad(code: &'static str) -> ApiError {
        ApiError::BadRequest {
            code,
            args: Vec::new(),
        }
    }

    /// A bad request whose message names what was wrong (`detail`).
    pub fn bad_detail(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            args: vec![("detail", detail.into())],
        }
    }
}

impl From<sakk::MoveInputError> for ApiError {
    fn from(e: sakk::MoveInputError) -> ApiError {
        match e {
            sakk::MoveInputError::Refused(sakk::Refusal::GameOver) => ApiError::GameOver,
            e => ApiError::Rules {
                code: e.code(),
                args: e.args(),
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
                args: e.args(),
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
    /// The status, the code, the catalogue's message id and the
    /// parameters: the one place an error becomes what a client reads,
    /// whether it goes out as an HTTP response or a WebSocket message.
    pub fn parts(self) -> (StatusCode, &'static str, String, Args) {
        let plain =
            |status, code: &'static str| (status, code, sakk_i18n::id("error", code), Vec::new());
        match self {
            ApiError::BadRequest { code, args } => (
                StatusCode::BAD_REQUEST,
                code,
                sakk_i18n::id("error", code),
                args,
            ),
            ApiError::Rules { code, args } => (
                StatusCode::BAD_REQUEST,
                code,
                sakk_i18n::id("rule", code),
                args,
            ),
            ApiError::Forbidden(code) => plain(StatusCode::FORBIDDEN, code),
            ApiError::NotFound => plain(StatusCode::NOT_FOUND, "not_found"),
            ApiError::GameOver => plain(StatusCode::CONFLICT, "game_over"),
            ApiError::TooLarge => plain(StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
            ApiError::StorageUnavailable => {
                plain(StatusCode::SERVICE_UNAVAILABLE, "storage_unavailable")
            }
            ApiError::RateLimited { retry_after } => (
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                sakk_i18n::id("error", "rate_limited"),
                vec![("seconds", retry_after.to_string())],
            ),
            ApiError::EngineBusy => plain(StatusCode::SERVICE_UNAVAILABLE, "engine_busy"),
            ApiError::ShuttingDown => plain(StatusCode::SERVICE_UNAVAILABLE, "shutting_down"),
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                plain(StatusCode::INTERNAL_SERVER_ERROR, "internal")
            }
        }
    }

    /// The JSON body of this error, with its words in English and
    /// Hungarian.
    pub fn body(self) -> (StatusCode, crate::wire::ErrorBody) {
        let (status, code, id, args) = self.parts();
        let params: BTreeMap<String, String> = args
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect();
        (
            status,
            crate::wire::ErrorBody {
                error: code.to_string(),
                message: sakk_i18n::tr(Locale::English, &id, &args),
                message_hu: sakk_i18n::tr(Locale::Hungarian, &id, &args),
                params,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every error the server can answer has its words in every catalogue.
    #[test]
    fn every_error_has_its_words() {
        let errors = [
            ApiError::bad("bad_opponent"),
            ApiError::bad("bad_color"),
            ApiError::bad("bad_level"),
            ApiError::bad_detail("bad_fen", "x"),
            ApiError::bad_detail("bad_clock", "x"),
            ApiError::bad_detail("bad_request", "x"),
            ApiError::bad("bad_lang"),
            ApiError::bad("bad_square"),
            ApiError::bad("bad_answer"),
            ApiError::bad("bad_status"),
            ApiError::bad("bad_cursor"),
            ApiError::bad("game_not_over"),
            ApiError::Forbidden("bad_token"),
            ApiError::Forbidden("not_your_turn"),
            ApiError::NotFound,
            ApiError::GameOver,
            ApiError::TooLarge,
            ApiError::StorageUnavailable,
            ApiError::RateLimited { retry_after: 3 },
            ApiError::EngineBusy,
            ApiError::ShuttingDown,
            ApiError::Internal("x".to_string()),
        ];
        for e in errors {
            let (_, _, id, _) = e.parts();
            for locale in Locale::ALL {
                assert!(
                    sakk_i18n::catalogue().has(locale, &id),
                    "{}: {id}",
                    locale.tag()
                );
            }
        }
        let (_, body) = ApiError::RateLimited { retry_after: 7 }.body();
        assert_eq!(body.message, "Too many requests; try again in 7 s.");
        assert_eq!(body.params.get("seconds").map(String::as_str), Some("7"));
    }
}
