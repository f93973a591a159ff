//! The HTTP API, in the style of lichess's Board API: the router, and the
//! layers every request passes (security headers, rate limits, body size).
//! Each feature's handlers live in a module of their own; they decode a
//! request into a [`Command`](crate::command::Command) and encode what it
//! did, nothing more.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::Router;

use crate::client::ClientAddr;
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::limits::Kind;
use crate::state::AppState;

mod accounts;
mod actions;
mod analysis;
pub mod analysis_board;
mod board;
mod challenges;
mod export;
mod games;
mod imports;
mod lobby;
mod people;
#[cfg(test)]
pub(crate) use games::NewGameRequest;
pub mod answers;
pub mod locale;
mod manifest;
pub mod rules;
mod tournaments;
mod watch;

/// The longest address the server reads (longer ones: 414).
pub const MAX_URI: usize = 8 * 1024;

/// The seat token of a request (`Authorization: Bearer …`, the scheme's
/// name in any case as RFC 7235 says), or empty.
fn token(headers: &HeaderMap) -> &str {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            let (scheme, rest) = v.trim_start().split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then_some(rest)
        })
        .map_or("", str::trim)
}

/// The query string, read into `T`; a bad one is refused as `bad_query`
/// in the API's error shape (axum's own answer is plain text).
pub(crate) struct Q<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Q<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(t)| Q(t))
            .map_err(|e| ApiError::bad_detail(ErrorCode::BadQuery, e.body_text()))
    }
}

/// The path's parameters, read into `T`; a bad one (not UTF-8, …) is
/// refused as `bad_path` in the API's error shape.
pub(crate) struct P<T>(pub T);

impl<T: serde::de::DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for P<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(t)| P(t))
            .map_err(|_| ApiError::bad(ErrorCode::BadPath))
    }
}

/// A JSON body, read into `T`; a malformed one is refused as
/// `bad_request` (naming what was wrong), an oversized one as 413, in the
/// API's error shape.
pub(crate) struct Body<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        axum::Json::<T>::from_request(req, state)
            .await
            .map(|axum::Json(t)| Body(t))
            .map_err(|e| body_refused(e.status(), &e, e.body_text()))
    }
}

/// How a body that cannot be read is refused: 413 when too large, 408
/// when too slow, else 400 `bad_request` naming what was wrong.
fn body_refused(
    status: axum::http::StatusCode,
    e: &(dyn std::error::Error + 'static),
    text: String,
) -> ApiError {
    if status == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge
    } else if timed_out(e) {
        ApiError::RequestTimeout
    } else {
        ApiError::bad_detail(ErrorCode::BadRequest, text)
    }
}

/// A body as JSON, or as a form (`application/x-www-form-urlencoded`, as
/// lichess's API and HTML forms send it), read into `T`; an empty body
/// reads as `{}` (lichess's actions take their fields as optional).
/// Refused as [`Body`] refuses.
pub(crate) struct BodyOrForm<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequest<S>
    for BodyOrForm<T>
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let form = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| {
                t.trim_start()
                    .to_ascii_lowercase()
                    .starts_with("application/x-www-form-urlencoded")
            });
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|e| body_refused(e.status(), &e, e.body_text()))?;
        let read = if form {
            serde_urlencoded::from_bytes(&bytes).map_err(|e| e.to_string())
        } else if bytes.iter().all(u8::is_ascii_whitespace) {
            serde_json::from_slice(b"{}").map_err(|e| e.to_string())
        } else {
            serde_json::from_slice(&bytes).map_err(|e| e.to_string())
        };
        read.map(BodyOrForm)
            .map_err(|e| ApiError::bad_detail(ErrorCode::BadRequest, e))
    }
}

/// The client's address, as [`client_address`] found it (unspecified
/// when the server was not told the peer).
fn client(req: &Request) -> IpAddr {
    req.extensions()
        .get::<ClientAddr>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0)
}

/// Finds who the request comes from — the peer, or the client a trusted
/// proxy names ([`crate::client`]) — for every layer and handler after it.
async fn client_address(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    let addr = state.trusted_proxies().client(peer, req.headers());
    req.extensions_mut().insert(ClientAddr(addr));
    next.run(req).await
}

/// Counts a request against its kind's rate limit: the layer of each
/// limited route ([`limited`]).
async fn rate_limit(
    State((state, kind)): State<(AppState, Kind)>,
    req: Request,
    next: Next,
) -> Response {
    if let Err(e) = state.limits().check(kind, client(&req)) {
        return e.into_response();
    }
    next.run(req).await
}

/// `method_router` with its requests counted against `kind`'s limit.
fn limited(
    state: &AppState,
    kind: Kind,
    method_router: MethodRouter<AppState>,
) -> MethodRouter<AppState> {
    method_router.layer(middleware::from_fn_with_state(
        (state.clone(), kind),
        rate_limit,
    ))
}

/// The most a new tournament's body may hold (its TRF); every other body
/// is held to 16 KiB.
const TOURNAMENT_BODY: usize = 1 << 20;

/// A request's body must arrive whole within the body timeout, however
/// slowly it comes (a body sent a byte a second does not hold its
/// connection): the body fails when the time is up, and the handler
/// reading it answers 408 `request_timeout`. Nothing is buffered here: each
/// route reads its body within its own size limit.
async fn body_deadline(State(state): State<AppState>, req: Request, next: Next) -> Response {
    use http_body::Body as _;
    if req.body().is_end_stream() {
        return next.run(req).await;
    }
    let until = tokio::time::Instant::now() + state.body_timeout();
    next.run(req.map(|body| axum::body::Body::new(Deadline::new(body, until))))
        .await
}

/// Why a request's body failed: its time was up.
#[derive(Debug, thiserror::Error)]
#[error("the request's body did not arrive in time")]
pub struct BodyTimedOut;

/// Whether `e`, or an error it came from, is [`BodyTimedOut`].
pub(crate) fn timed_out(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(e);
    while let Some(e) = next {
        if e.is::<BodyTimedOut>() {
            return true;
        }
        next = e.source();
    }
    false
}

/// A request body that fails with [`BodyTimedOut`] once its time is up.
struct Deadline {
    body: axum::body::Body,
    until: std::pin::Pin<Box<tokio::time::Sleep>>,
}

impl Deadline {
    fn new(body: axum::body::Body, until: tokio::time::Instant) -> Deadline {
        Deadline {
            body,
            until: Box::pin(tokio::time::sleep_until(until)),
        }
    }
}

impl http_body::Body for Deadline {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        use std::future::Future as _;
        if self.until.as_mut().poll(cx).is_ready() {
            return std::task::Poll::Ready(Some(Err(axum::Error::new(BodyTimedOut))));
        }
        std::pin::Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// Adds the security headers to every response.
async fn security_headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    for (name, value) in crate::security::headers() {
        h.insert(name, value);
    }
    res
}

/// Refuses an address longer than [`MAX_URI`] before anything reads it.
async fn uri_length(req: Request, next: Next) -> Response {
    if req.uri().to_string().len() > MAX_URI {
        return ApiError::UriTooLong { max: MAX_URI }.into_response();
    }
    next.run(req).await
}

/// An address the API does not have.
async fn no_route(uri: Uri) -> ApiError {
    let mut path = uri.path().to_string();
    path.truncate(200);
    ApiError::NoRoute(path)
}

/// A method the address does not take (axum adds the `Allow` header).
async fn method_not_allowed(method: Method) -> ApiError {
    ApiError::MethodNotAllowed(method.to_string())
}

/// The router of the whole API and the front-end. Each limited route names
/// its kind of limit ([`Kind`]): new games, analyses, game actions. The
/// services that follow the games' events start with the first router made
/// over `state` (needs a Tokio runtime).
pub fn router(state: AppState) -> Router {
    use axum::routing::delete;
    use Kind::{Action, Analysis, NewGame};
    crate::follow::games(&state);
    crate::lobby::start(&state);
    let s = &state;
    Router::new()
        .route("/", get(crate::assets::app))
        .route("/game/{id}", get(crate::assets::app))
        .route("/clock", get(crate::assets::app))
        .route("/history", get(crate::assets::app))
        .route("/learn", get(crate::assets::app))
        .route("/tournaments", get(crate::assets::app))
        .route("/tournament/{id}", get(crate::assets::app))
        .route("/assets/{file}", get(crate::assets::asset))
        .route("/sw.js", get(crate::assets::service_worker))
        .route("/manifest.webmanifest", get(manifest::manifest))
        .route("/@/{name}", get(crate::assets::app))
        .route("/challenge/{id}", get(crate::assets::app))
        .route("/analysis", get(crate::assets::app))
        .route("/analysis/{*fen}", get(crate::assets::app))
        .route("/editor", get(crate::assets::app))
        .route("/editor/{*fen}", get(crate::assets::app))
        .route("/account", get(crate::assets::app))
        .route("/healthz", get(games::healthz))
        .route("/api/account", get(accounts::account))
        .route("/api/account/signup", post(accounts::sign_up))
        .route("/api/account/login", post(accounts::log_in))
        .route("/api/account/logout", post(accounts::log_out))
        .route("/api/account/password", post(accounts::change_password))
        .route("/api/account/close", post(accounts::close))
        .route(
            "/api/account/tokens",
            get(accounts::tokens).post(accounts::create_token),
        )
        .route("/api/account/tokens/{id}", delete(accounts::revoke_token))
        .route("/api/token", delete(accounts::revoke_this_token))
        // Up to a thousand tokens looked up a request: counted as logins.
        .route(
            "/api/token/test",
            limited(s, Kind::Login, post(accounts::test_tokens)),
        )
        .route("/api/user/{name}", get(accounts::user))
        .route(
            "/api/user/{name}/rating-history",
            get(people::rating_history),
        )
        .route("/api/games/{id}/players", get(people::game_players))
        .route(
            "/api/games/{id}/chat",
            get(people::chat).merge(limited(s, Action, post(people::say))),
        )
        .route("/api/stream/event", get(challenges::stream))
        .route("/api/account/playing", get(challenges::playing))
        .route("/api/bot/account/upgrade", post(accounts::upgrade_to_bot))
        .route("/api/bot/online", get(accounts::bots_online))
        .route("/api/users/status", get(accounts::statuses))
        .route("/api/player/autocomplete", get(people::autocomplete))
        .route("/players", get(crate::assets::app))
        .route("/api/challenge", get(challenges::list))
        .route(
            "/api/challenge/ai",
            limited(s, NewGame, post(challenges::ai)),
        )
        .route(
            "/api/challenge/open",
            limited(s, NewGame, post(challenges::open)),
        )
        .route("/api/challenge/{id}/show", get(challenges::show))
        .route(
            "/api/challenge/{username}",
            limited(s, NewGame, post(challenges::create)),
        )
        .route("/api/challenge/{id}/accept", post(challenges::accept))
        .route("/api/challenge/{id}/decline", post(challenges::decline))
        .route("/api/challenge/{id}/cancel", post(challenges::cancel))
        .route("/api/board/seek", limited(s, NewGame, post(lobby::seek)))
        .route("/api/lobby", get(lobby::show))
        .route("/api/lobby/stream", get(lobby::stream))
        .route(
            "/api/lobby/seeks/{id}/accept",
            limited(s, Action, post(lobby::accept)),
        )
        .route(
            "/api/lobby/pools/{id}",
            limited(s, NewGame, post(lobby::join_pool)),
        )
        .route("/api/{api}/game/stream/{id}", get(board::stream))
        .route(
            "/api/{api}/game/{id}/move/{mv}",
            limited(s, Action, post(board::play_move)),
        )
        .route(
            "/api/{api}/game/{id}/draw/{answer}",
            limited(s, Action, post(board::draw)),
        )
        .route(
            "/api/{api}/game/{id}/takeback/{answer}",
            limited(s, Action, post(board::takeback)),
        )
        .route(
            "/api/{api}/game/{id}/resign",
            limited(s, Action, post(board::resign)),
        )
        .route(
            "/api/{api}/game/{id}/abort",
            limited(s, Action, post(board::abort)),
        )
        .route(
            "/api/{api}/game/{id}/chat",
            get(board::chat).merge(limited(s, Action, post(board::post_chat))),
        )
        .route("/game/export/{id}", get(export::game))
        .route("/api/games/user/{username}", get(export::user_games))
        .route("/readyz", get(games::readyz))
        .route(
            "/api/rules/try",
            limited(s, Action, post(rules::try_action)),
        )
        .route("/api/rules/time-control", get(rules::time_control))
        // The analysis board: its moves and its PGN read by the rules,
        // its positions evaluated live.
        .route(
            "/api/analysis/moves",
            limited(
                s,
                Action,
                post(analysis_board::moves).layer(axum::extract::DefaultBodyLimit::max(
                    crate::analysis_board::ANALYSIS_BODY,
                )),
            ),
        )
        .route(
            "/api/analysis/pgn",
            limited(
                s,
                Action,
                post(analysis_board::pgn).layer(axum::extract::DefaultBodyLimit::max(
                    crate::analysis_board::ANALYSIS_BODY,
                )),
            ),
        )
        .route(
            "/api/import",
            limited(
                s,
                NewGame,
                post(imports::create).layer(axum::extract::DefaultBodyLimit::max(
                    crate::imports::IMPORT_BODY,
                )),
            ),
        )
        .route("/api/import/{id}", limited(s, Action, get(imports::show)))
        .route("/import", get(crate::assets::app))
        .route(
            "/api/analysis/eval",
            limited(s, Action, get(analysis_board::eval)),
        )
        .route("/api/rules/lessons/answers", get(answers::lessons))
        .route(
            "/api/games",
            get(games::list).merge(limited(s, NewGame, post(games::create))),
        )
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/pgn", get(games::pgn))
        .route("/api/games/{id}/seat", get(games::seat))
        .route(
            "/api/games/{id}/rematch",
            limited(s, NewGame, post(games::rematch)),
        )
        .route("/api/games/{id}/stream", get(watch::stream))
        .route("/api/games/{id}/socket", get(watch::socket))
        .route(
            "/api/games/{id}/analysis",
            limited(s, Analysis, get(analysis::analysis)),
        )
        .route(
            "/api/games/{id}/move/{mv}",
            limited(s, Action, post(actions::play_move)),
        )
        .route(
            "/api/games/{id}/draw/{answer}",
            limited(s, Action, post(actions::draw)),
        )
        .route(
            "/api/games/{id}/claim-draw",
            limited(s, Action, post(actions::claim)),
        )
        .route(
            "/api/games/{id}/resign",
            limited(s, Action, post(actions::resign)),
        )
        .route(
            "/api/games/{id}/abort",
            limited(s, Action, post(actions::abort)),
        )
        .route(
            "/api/games/{id}/takeback/{answer}",
            limited(s, Action, post(actions::takeback)),
        )
        .route(
            "/api/games/{id}/touch/{square}",
            limited(s, Action, post(actions::touch)),
        )
        // A tournament's TRF comes in its creation: up to 1 MiB there.
        .route(
            "/api/tournaments",
            limited(
                s,
                NewGame,
                post(tournaments::create)
                    .layer(axum::extract::DefaultBodyLimit::max(TOURNAMENT_BODY)),
            ),
        )
        .route("/api/tournaments/{id}", get(tournaments::show))
        .route(
            "/api/tournaments/{id}/actions",
            limited(s, Action, post(tournaments::act)),
        )
        .route(
            "/api/tournaments/{id}/join",
            limited(s, Action, post(tournaments::join)),
        )
        .route("/api/tournaments/{id}/me", get(tournaments::me))
        .route("/api/tournaments/{id}/links", get(tournaments::links))
        .route("/api/tournaments/{id}/trf", get(tournaments::trf))
        .route("/api/tournaments/{id}/pgn", get(tournaments::pgn))
        .route("/api/tournaments/{id}/stream", get(tournaments::stream))
        .fallback(no_route)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(state.clone(), body_deadline))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            client_address,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(16 * 1024))
        .layer(middleware::from_fn(uri_length))
        .layer(middleware::from_fn(security_headers))
        .layer(middleware::from_fn(locale::localize))
        .with_state(state)
}
