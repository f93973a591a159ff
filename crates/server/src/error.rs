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

use crate::codes::ErrorCode;

/// A message's parameters, by name.
pub type Args = Vec<(&'static str, String)>;

/// Why a request failed.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A malformed request (400): its code names the catalogue's
    /// `error-<code>` message.
    #[error("bad request: {}", code.as_str())]
    BadRequest {
        /// The stable code.
        code: ErrorCode,
        /// The message's parameters.
        args: Args,
    },
    /// An action a tournament refuses (400): the tournament's own code
    /// (`sakk-tournament`) names the catalogue's `error-<code>` message.
    #[error("refused by the tournament: {code}")]
    Tournament {
        /// The tournament's code.
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
    /// A position the FEN reader refuses (400 `bad_fen`): the reason's code
    /// names the catalogue's `fen-<reason>` message.
    #[error("bad FEN: {0}")]
    Fen(sakk::FenError),
    /// A game of a PGN text that does not read (400 `bad_pgn`): which
    /// game, which line, and the problem's own words (`pgn-<code>`).
    #[error("bad PGN: {0}")]
    Pgn(sakk::pgn::PgnError),
    /// A refusal with its own status: an account's (a name taken, 409; a
    /// wrong password, 401; a token's missing scope, 403; no such user,
    /// 404). Its code names the catalogue's `error-<code>` message.
    #[error("refused ({status}): {}", code.as_str())]
    Refused {
        /// The HTTP status.
        status: StatusCode,
        /// The stable code.
        code: ErrorCode,
        /// The message's parameters.
        args: Args,
    },
    /// No seat token where one is needed (401, with `WWW-Authenticate`).
    #[error("a seat token is needed")]
    Unauthorized,
    /// The wrong seat token (`bad_token`), or not this seat's turn
    /// (`not_your_turn`).
    #[error("{}", .0.as_str())]
    Forbidden(ErrorCode),
    /// No such game.
    #[error("no such game")]
    NotFound,
    /// No such tournament.
    #[error("no such tournament")]
    NoTournament,
    /// No organiser's token where one is needed (401, with
    /// `WWW-Authenticate`).
    #[error("the organiser's token is needed")]
    OrganiserUnauthorized,
    /// No such address in the API (404 `no_route`).
    #[error("no such address: {0}")]
    NoRoute(String),
    /// The address exists, the method does not (405).
    #[error("method {0} not allowed")]
    MethodNotAllowed(String),
    /// The address is longer than the server reads (414).
    #[error("the address is too long")]
    UriTooLong {
        /// The longest address read, in bytes.
        max: usize,
    },
    /// A WebSocket address asked without the upgrade (426).
    #[error("a WebSocket upgrade is needed")]
    UpgradeRequired,
    /// The request's body did not arrive within the body timeout (408).
    #[error("the request's body came too slowly")]
    RequestTimeout,
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
    /// The client has as many streams and sockets open as it may (429).
    #[error("too many streams and sockets open")]
    TooManyWatchers,
    /// More CPU-heavy requests (pairings, rules trials) wait than the
    /// server takes (503).
    #[error("the server is busy")]
    ServerBusy,
    /// The engine has more work waiting than it takes (503).
    #[error("the engine is busy")]
    EngineBusy,
    /// The server is shutting down (503).
    #[error("the server is shutting down")]
    ShuttingDown,
    /// In a cluster: the game is another node's (the request is forwarded
    /// there; a client sees 503 `not_owner` only if it moved while asked).
    #[error("game owned by node {owner}")]
    NotHere {
        /// The owner.
        owner: String,
    },
    /// In a cluster: NATS cannot be reached (503).
    #[error("the bus is unavailable")]
    BusUnavailable,
    /// In a cluster: this node's lease has run out (it cannot reach the
    /// database), so it serves no game (503).
    #[error("this node holds no lease")]
    NodeUnavailable,
    /// In a cluster: the game's owner does not answer (503); another node
    /// takes the game once the owner's lease runs out.
    #[error("the game's node does not answer")]
    OwnerUnavailable,
    /// An error another node answered, passed on as it came.
    #[error("{}", body.error)]
    Relayed {
        /// Its HTTP status.
        status: StatusCode,
        /// Its body.
        body: crate::wire::ErrorBody,
    },
    /// Something broke inside; the details go to the log.
    #[error("internal error")]
    Internal(String),
}

impl ApiError {
    /// A bad request without parameters.
    pub fn bad(code: ErrorCode) -> ApiError {
        ApiError::BadRequest {
            code,
            args: Vec::new(),
        }
    }

    /// A bad request whose English message names what was wrong (`detail`,
    /// from a parser that speaks English only; the other catalogues say it
    /// in their own words, without it).
    pub fn bad_detail(code: ErrorCode, detail: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            args: vec![("detail", detail.into())],
        }
    }

    /// A request field that does not apply to a game against `opponent`.
    pub fn bad_field(
        code: ErrorCode,
        field: &'static str,
        opponent: crate::wire::Opponent,
    ) -> ApiError {
        ApiError::BadRequest {
            code,
            args: vec![
                ("field", field.to_string()),
                ("opponent", opponent.as_str().to_string()),
            ],
        }
    }
}

impl From<sakk::FenError> for ApiError {
    fn from(e: sakk::FenError) -> ApiError {
        ApiError::Fen(e)
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

impl From<sakk_play::command::Refusal> for ApiError {
    fn from(r: sakk_play::command::Refusal) -> ApiError {
        use sakk_play::command::Refusal;
        match r {
            Refusal::GameOver => ApiError::GameOver,
            Refusal::Unauthorized => ApiError::Unauthorized,
            Refusal::Forbidden(code) => ApiError::Forbidden(code),
            Refusal::Bad(code) => ApiError::bad(code),
            Refusal::Rules(e) => e.into(),
            Refusal::Input(e) => e.into(),
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
                code.as_str(),
                sakk_i18n::id("error", code.as_str()),
                args,
            ),
            ApiError::Tournament { code, args } => (
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
            ApiError::Pgn(e) => {
                let mut args = vec![
                    ("game", e.game.to_string()),
                    ("line", e.line.to_string()),
                    ("problem", e.problem.code().to_string()),
                    ("why", sakk_i18n::pgn_problem(Locale::English, &e.problem)),
                ];
                args.extend(e.problem.args());
                (
                    StatusCode::BAD_REQUEST,
                    "bad_pgn",
                    "error-bad-pgn".to_string(),
                    args,
                )
            }
            ApiError::Fen(e) => {
                let mut args = vec![("reason", e.code().to_string())];
                args.extend(e.args());
                (
                    StatusCode::BAD_REQUEST,
                    "bad_fen",
                    sakk_i18n::id("fen", e.code()),
                    args,
                )
            }
            ApiError::Refused { status, code, args } => (
                status,
                code.as_str(),
                sakk_i18n::id("error", code.as_str()),
                args,
            ),
            ApiError::Unauthorized => plain(StatusCode::UNAUTHORIZED, "missing_token"),
            ApiError::Forbidden(code) => plain(StatusCode::FORBIDDEN, code.as_str()),
            ApiError::NotFound => plain(StatusCode::NOT_FOUND, "not_found"),
            ApiError::NoTournament => plain(StatusCode::NOT_FOUND, "no_such_tournament"),
            ApiError::OrganiserUnauthorized => {
                plain(StatusCode::UNAUTHORIZED, "missing_organiser_token")
            }
            ApiError::NoRoute(path) => (
                StatusCode::NOT_FOUND,
                "no_route",
                sakk_i18n::id("error", "no_route"),
                vec![("path", path)],
            ),
            ApiError::MethodNotAllowed(method) => (
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                sakk_i18n::id("error", "method_not_allowed"),
                vec![("method", method)],
            ),
            ApiError::UriTooLong { max } => (
                StatusCode::URI_TOO_LONG,
                "uri_too_long",
                sakk_i18n::id("error", "uri_too_long"),
                vec![("max", max.to_string())],
            ),
            ApiError::UpgradeRequired => plain(StatusCode::UPGRADE_REQUIRED, "websocket_upgrade"),
            ApiError::RequestTimeout => plain(StatusCode::REQUEST_TIMEOUT, "request_timeout"),
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
            ApiError::TooManyWatchers => plain(StatusCode::TOO_MANY_REQUESTS, "too_many_watchers"),
            ApiError::ServerBusy => plain(StatusCode::SERVICE_UNAVAILABLE, "server_busy"),
            ApiError::EngineBusy => plain(StatusCode::SERVICE_UNAVAILABLE, "engine_busy"),
            ApiError::ShuttingDown => plain(StatusCode::SERVICE_UNAVAILABLE, "shutting_down"),
            ApiError::NotHere { .. } => plain(StatusCode::SERVICE_UNAVAILABLE, "not_owner"),
            ApiError::BusUnavailable => plain(StatusCode::SERVICE_UNAVAILABLE, "bus_unavailable"),
            ApiError::NodeUnavailable => plain(StatusCode::SERVICE_UNAVAILABLE, "node_unavailable"),
            ApiError::OwnerUnavailable => {
                plain(StatusCode::SERVICE_UNAVAILABLE, "owner_unavailable")
            }
            // Its words were written by the node that answered it: `body`
            // passes them on (this arm only names its status).
            ApiError::Relayed { status, .. } => plain(status, "internal"),
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                plain(StatusCode::INTERNAL_SERVER_ERROR, "internal")
            }
        }
    }

    /// The JSON body of this error, with its `message` in English (and
    /// `message_hu` in Hungarian).
    pub fn body(self) -> (StatusCode, crate::wire::ErrorBody) {
        self.body_in(Locale::English)
    }

    /// The JSON body of this error, with its `message` in `locale`.
    pub fn body_in(self, locale: Locale) -> (StatusCode, crate::wire::ErrorBody) {
        let (status, words) = self.words();
        (status, words.body_in(locale))
    }

    /// The status and the words of this error.
    fn words(self) -> (StatusCode, ErrorWords) {
        if let ApiError::Relayed { status, body } = self {
            return (
                status,
                ErrorWords {
                    id: None,
                    args: Vec::new(),
                    body,
                    pgn: None,
                },
            );
        }
        let pgn = match &self {
            ApiError::Pgn(e) => Some(e.clone()),
            _ => None,
        };
        let (status, code, id, args) = self.parts();
        let params: BTreeMap<String, String> = args
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect();
        let body = crate::wire::ErrorBody {
            error: code.to_string(),
            message: sakk_i18n::tr(Locale::English, &id, &args),
            message_hu: match &pgn {
                Some(e) => sakk_i18n::pgn_error(Locale::Hungarian, e),
                None => sakk_i18n::tr(Locale::Hungarian, &id, &args),
            },
            params,
        };
        (
            status,
            ErrorWords {
                id: Some(id),
                args,
                body,
                pgn,
            },
        )
    }
}

/// An error answer's words, kept with its response (as an extension) so
/// that the transport can give its `message` in the language the client
/// asked for (the router's `localize` layer).
#[derive(Clone, Debug)]
pub struct ErrorWords {
    /// The catalogue's message id (none for an answer relayed from another
    /// node, which brings its words with it).
    id: Option<String>,
    /// The message's parameters.
    args: Args,
    /// The body with its message in English.
    body: crate::wire::ErrorBody,
    /// A PGN error, whose words nest the problem's own (said in the
    /// language asked for, not in English).
    pgn: Option<sakk::pgn::PgnError>,
}

impl ErrorWords {
    /// The body with its `message` in `locale`.
    pub fn body_in(&self, locale: Locale) -> crate::wire::ErrorBody {
        let mut body = self.body.clone();
        body.message = match (&self.id, locale) {
            (_, Locale::English) => body.message,
            (_, locale) if self.pgn.is_some() => self
                .pgn
                .as_ref()
                .map(|e| sakk_i18n::pgn_error(locale, e))
                .unwrap_or_default(),
            (Some(id), locale) => sakk_i18n::tr(locale, id, &self.args),
            (None, Locale::Hungarian) => body.message_hu.clone(),
        };
        body
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry = match &self {
            ApiError::RateLimited { retry_after } => Some(*retry_after),
            ApiError::StorageUnavailable
            | ApiError::EngineBusy
            | ApiError::ServerBusy
            | ApiError::ShuttingDown
            | ApiError::NotHere { .. }
            | ApiError::BusUnavailable
            | ApiError::NodeUnavailable
            | ApiError::OwnerUnavailable => Some(1),
            ApiError::Relayed { status, .. } if *status == StatusCode::SERVICE_UNAVAILABLE => {
                Some(1)
            }
            _ => None,
        };
        let unauthorized = matches!(
            self,
            ApiError::Unauthorized | ApiError::OrganiserUnauthorized
        ) || matches!(&self, ApiError::Refused { status, .. } if *status == StatusCode::UNAUTHORIZED);
        let upgrade = matches!(self, ApiError::UpgradeRequired);
        // The rest of a body that came too slowly is not read: the
        // connection ends with the answer.
        let close = matches!(self, ApiError::RequestTimeout);
        let (status, words) = self.words();
        let mut res = (status, Json(words.body_in(Locale::English))).into_response();
        res.extensions_mut().insert(words);
        let h = res.headers_mut();
        if let Some(secs) = retry {
            h.insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        if unauthorized {
            h.insert(
                axum::http::header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Bearer"),
            );
        }
        if close {
            h.insert(
                axum::http::header::CONNECTION,
                axum::http::HeaderValue::from_static("close"),
            );
        }
        if upgrade {
            h.insert(
                axum::http::header::UPGRADE,
                axum::http::HeaderValue::from_static("websocket"),
            );
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
            ApiError::bad(ErrorCode::BadOpponent),
            ApiError::bad(ErrorCode::BadColor),
            ApiError::bad(ErrorCode::BadLevel),
            ApiError::bad_detail(ErrorCode::BadRequest, "x"),
            ApiError::bad_detail(ErrorCode::BadQuery, "x"),
            ApiError::bad(ErrorCode::BadPath),
            ApiError::bad(ErrorCode::BadLimit),
            ApiError::bad(ErrorCode::NoTakebackRequest),
            ApiError::bad_field(
                ErrorCode::FieldNotForOpponent,
                "level",
                crate::wire::Opponent::Friend,
            ),
            ApiError::BadRequest {
                code: ErrorCode::PositionOver,
                args: vec![("termination", "stalemate".to_string())],
            },
            ApiError::bad(ErrorCode::ClockPresetWithFields),
            ApiError::bad_detail(ErrorCode::ClockUnknownPreset, "x"),
            ApiError::bad(ErrorCode::ClockControlWithFields),
            ApiError::bad_detail(ErrorCode::ClockBadControl, "x"),
            ApiError::bad(ErrorCode::ClockTooShort),
            ApiError::bad(ErrorCode::ClockOutOfRange),
            ApiError::bad(ErrorCode::ClockDelayKindMissing),
            ApiError::bad(ErrorCode::ClockDelayKindWithoutDelay),
            ApiError::Fen(sakk::FenError::InvalidTurn),
            ApiError::Unauthorized,
            ApiError::NoRoute("/x".to_string()),
            ApiError::MethodNotAllowed("PUT".to_string()),
            ApiError::UriTooLong { max: 8192 },
            ApiError::UpgradeRequired,
            ApiError::bad(ErrorCode::BadLang),
            ApiError::bad(ErrorCode::BadSquare),
            ApiError::bad(ErrorCode::BadAnswer),
            ApiError::bad(ErrorCode::BadStatus),
            ApiError::bad(ErrorCode::BadCursor),
            ApiError::bad(ErrorCode::GameNotOver),
            ApiError::bad(ErrorCode::TournamentGame),
            ApiError::bad(ErrorCode::TournamentNoAbort),
            ApiError::bad(ErrorCode::RoundGamesBegun),
            ApiError::Forbidden(ErrorCode::BadToken),
            ApiError::Forbidden(ErrorCode::NotYourTurn),
            ApiError::NotFound,
            ApiError::GameOver,
            ApiError::RequestTimeout,
            ApiError::TooLarge,
            ApiError::StorageUnavailable,
            ApiError::RateLimited { retry_after: 3 },
            ApiError::EngineBusy,
            ApiError::ServerBusy,
            ApiError::TooManyWatchers,
            ApiError::ShuttingDown,
            ApiError::NotHere {
                owner: "n".to_string(),
            },
            ApiError::BusUnavailable,
            ApiError::NodeUnavailable,
            ApiError::OwnerUnavailable,
            ApiError::Internal("x".to_string()),
            ApiError::NoTournament,
            ApiError::OrganiserUnauthorized,
            ApiError::Forbidden(ErrorCode::BadOrganiserToken),
            ApiError::bad(ErrorCode::MissingJoinToken),
            ApiError::Forbidden(ErrorCode::BadJoinToken),
            ApiError::Forbidden(ErrorCode::BadPlayerToken),
            ApiError::bad(ErrorCode::DoubleNotForSwiss),
            ApiError::bad(ErrorCode::RoundsMissing),
            ApiError::bad(ErrorCode::RoundsNotForRoundRobin),
            ApiError::bad_detail(ErrorCode::BadTiebreak, "x"),
            ApiError::bad_detail(ErrorCode::BadTimeControl, "x"),
            ApiError::BadRequest {
                code: ErrorCode::BadTrf,
                args: vec![("line", "3".to_string()), ("detail", "x".to_string())],
            },
        ];
        use sakk_tournament::dutch::PairingError;
        use sakk_tournament::event::EventError;
        let refusals = [
            EventError::NameEmpty,
            EventError::NameInvalid,
            EventError::NameTooLong { max: 100 },
            EventError::RatingOutOfRange,
            EventError::RoundsOutOfRange { max: 30 },
            EventError::TooManyPlayers { max: 1000 },
            EventError::NoSuchPlayer { player: 3 },
            EventError::NoSuchRound { round: 3 },
            EventError::NoSuchBoard { round: 3, board: 2 },
            EventError::Started,
            EventError::Finished { rounds: 5 },
            EventError::RoundIncomplete {
                round: 2,
                missing: 1,
            },
            EventError::NothingToUnpair,
            EventError::RoundHasResults { round: 2 },
            EventError::LaterRoundPaired { round: 2 },
            EventError::RoundPaired { round: 2 },
            EventError::NotSwiss,
            EventError::NotRoundRobin,
            EventError::SamePlayer,
            EventError::AlreadyWithdrawn,
            EventError::NotWithdrawn,
            EventError::NoSuchBye,
            EventError::FullByeRequested { round: 4 },
            EventError::Pairing(PairingError::NoLegalPairing),
            EventError::Pairing(PairingError::TooFewPlayers),
            EventError::Pairing(PairingError::TooLarge),
            EventError::Pairing(PairingError::RoundsUnknown),
            EventError::Pairing(PairingError::TournamentOver { rounds: 5 }),
        ];
        let errors = errors
            .into_iter()
            .map(|e| (e, false))
            .chain(refusals.into_iter().map(|e| (ApiError::from(e), true)));
        for (e, tournament) in errors {
            let (_, _, id, args) = e.parts();
            for locale in Locale::ALL {
                assert!(
                    sakk_i18n::catalogue().has(locale, &id),
                    "{}: {id}",
                    locale.tag()
                );
                // A tournament's refusals give every parameter their words name.
                if tournament {
                    let text = sakk_i18n::tr(locale, &id, &args);
                    assert!(!text.contains('{'), "{}: {id}: {text}", locale.tag());
                }
            }
        }
        let (_, body) = ApiError::RateLimited { retry_after: 7 }.body();
        assert_eq!(body.message, "Too many requests; try again in 7 s.");
        assert_eq!(body.params.get("seconds").map(String::as_str), Some("7"));
    }
}
