//! Accounts over HTTP: sign up, log in and out (a session cookie), the
//! account itself, its password, closing it, its personal API tokens, and
//! lichess's `/api/account`, `/api/user/{name}`, `/api/token/test` and
//! `DELETE /api/token`.
//!
//! Who asks is [`Me`]: a personal token (`Authorization: Bearer sakk_…`)
//! or the session cookie. A change asked with the cookie must come from
//! this site (OWASP's check of the standard headers: `Origin`, else
//! `Sec-Fetch-Site`), as must a login or a sign-up (no login forged from
//! elsewhere); the cookie itself is `SameSite=Lax` and `HttpOnly`, and
//! `Secure` when the server's public URL is https.

use std::collections::BTreeMap;

use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use cookie::{Cookie, SameSite};

use super::{token, BodyOrForm, P};
use crate::accounts::{self, presence, wire, Auth, Scope, SESSION_COOKIE, SESSION_DAYS};
use crate::client::ClientAddr;
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::limits::Kind;
use crate::ops::Caller;
use crate::state::AppState;

/// The account a request comes from; 401 `not_logged_in` without one, 401
/// `bad_api_token` for a token that names none, 403 `cross_site` for a
/// change asked with the cookie from another site.
pub(crate) struct Me(pub Auth);

impl FromRequestParts<AppState> for Me {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Me, ApiError> {
        match authenticate(parts, state).await? {
            Some(auth) => Ok(Me(auth)),
            None => Err(not_logged_in()),
        }
    }
}

/// The account a request comes from, if it names one (a personal token
/// that names none, or a cross-site change with the cookie, is still
/// refused; a seat token names no account).
pub(crate) struct MaybeMe(pub Option<Auth>);

impl FromRequestParts<AppState> for MaybeMe {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<MaybeMe, ApiError> {
        // A seat token presented as a bearer (a game's client) names no
        // account.
        if !link_token(&parts.headers).is_empty() {
            return Ok(MaybeMe(None));
        }
        Ok(MaybeMe(authenticate(parts, state).await?))
    }
}

/// 401 `not_logged_in`: what asks for an account came without one.
pub(crate) fn not_logged_in() -> ApiError {
    refused(StatusCode::UNAUTHORIZED, ErrorCode::NotLoggedIn)
}

/// The request's bearer when it is a link's token (a game's seat, a
/// tournament's join or player link), not a personal API token; else "".
pub(crate) fn link_token(headers: &HeaderMap) -> &str {
    let bearer = token(headers);
    if bearer.starts_with(accounts::TOKEN_PREFIX) {
        ""
    } else {
        bearer
    }
}

fn refused(status: StatusCode, code: ErrorCode) -> ApiError {
    ApiError::Refused {
        status,
        code,
        args: Vec::new(),
    }
}

/// Who acts on a game at sakk's own paths (`/api/games/{id}/…`): the
/// seat token presented; else the account of a personal token (with
/// `board:play` or `bot:play`) or of the browser's session (a change
/// checked to come from this site); else nobody.
pub(crate) struct Player(pub Caller);

impl FromRequestParts<AppState> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Player, ApiError> {
        let seat = link_token(&parts.headers);
        if !seat.is_empty() {
            return Ok(Player(Caller::Token(seat.to_string())));
        }
        match authenticate(parts, state).await? {
            Some(auth) => {
                auth.require_any(&[Scope::BoardPlay, Scope::BotPlay])?;
                Ok(Player(Caller::Account(auth.user().id.clone())))
            }
            None => Ok(Player(Caller::anonymous())),
        }
    }
}

/// The account a request names, if any.
async fn authenticate(parts: &Parts, state: &AppState) -> Result<Option<Auth>, ApiError> {
    let bearer = token(&parts.headers);
    if !bearer.is_empty() {
        return match accounts::token(state.store(), bearer).await? {
            Some(auth) => Ok(Some(auth)),
            None => Err(refused(StatusCode::UNAUTHORIZED, ErrorCode::BadApiToken)),
        };
    }
    let Some(secret) = session_secret(&parts.headers) else {
        return Ok(None);
    };
    let auth = accounts::session(state.store(), &secret, now()).await?;
    if auth.is_some() && !is_safe(&parts.method) {
        same_site(&parts.headers, state.public_url())?;
    }
    Ok(auth)
}

/// Milliseconds since the Unix epoch.
fn now() -> i64 {
    sakk_play::live::unix_ms()
}

/// Methods that change nothing.
fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The session cookie's secret, if the request carries one.
fn session_secret(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == SESSION_COOKIE)
        .map(|c| c.value().to_string())
}

/// `scheme://host[:port]` of a URL.
fn origin_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let end = url[after_scheme..]
        .find('/')
        .map_or(url.len(), |i| after_scheme + i);
    &url[..end]
}

/// Refuses a request that a browser says came from another site: its
/// `Origin` must be the server's public origin or name the host it was
/// sent to; without `Origin`, `Sec-Fetch-Site` must be `same-origin` or
/// `none` (typed by the user). A request with neither header is not a
/// browser's (every browser sends `Origin` with a cross-site POST).
///
/// # Errors
/// 403 `cross_site`.
fn same_site(headers: &HeaderMap, public_url: &str) -> Result<(), ApiError> {
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let ok = match text(header::ORIGIN) {
        Some(origin) => {
            origin.eq_ignore_ascii_case(origin_of(public_url))
                || text(header::HOST).is_some_and(|host| {
                    ["http://", "https://"].iter().any(|scheme| {
                        origin
                            .get(..scheme.len())
                            .is_some_and(|s| s.eq_ignore_ascii_case(scheme))
                            && origin[scheme.len()..].eq_ignore_ascii_case(host)
                    })
                })
        }
        None => headers
            .get("sec-fetch-site")
            .and_then(|v| v.to_str().ok())
            .is_none_or(|site| site == "same-origin" || site == "none"),
    };
    if ok {
        Ok(())
    } else {
        Err(refused(StatusCode::FORBIDDEN, ErrorCode::CrossSite))
    }
}

/// The `Set-Cookie` of a new session (or, with `None`, of its end).
fn session_cookie(secret: Option<&str>, public_url: &str) -> Result<HeaderValue, ApiError> {
    let age = match secret {
        Some(_) => cookie::time::Duration::days(SESSION_DAYS),
        None => cookie::time::Duration::ZERO,
    };
    let c = Cookie::build((SESSION_COOKIE, secret.unwrap_or("").to_string()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(public_url.starts_with("https://"))
        .max_age(age)
        .build();
    HeaderValue::from_str(&c.to_string()).map_err(|e| ApiError::Internal(e.to_string()))
}

/// A new session for `user`: the account as JSON, with `status`, and the
/// session's cookie.
async fn logged_in(
    state: &AppState,
    status: StatusCode,
    user: &crate::store::UserRow,
) -> Result<Response, ApiError> {
    let secret = accounts::start_session(state.store(), &user.id, now()).await?;
    let mut res = (status, Json(accounts::view(user, state.public_url()))).into_response();
    res.headers_mut().insert(
        header::SET_COOKIE,
        session_cookie(Some(&secret), state.public_url())?,
    );
    Ok(res)
}

/// 204, with the session cookie gone.
fn logged_out(public_url: &str) -> Result<Response, ApiError> {
    let mut res = StatusCode::NO_CONTENT.into_response();
    res.headers_mut()
        .insert(header::SET_COOKIE, session_cookie(None, public_url)?);
    Ok(res)
}

/// The session of `auth`, or 403 `session_only` for a token.
fn session_only(auth: &Auth) -> Result<&str, ApiError> {
    match auth {
        Auth::Session { session, .. } => Ok(session),
        Auth::Token { .. } => Err(refused(StatusCode::FORBIDDEN, ErrorCode::SessionOnly)),
    }
}

/// `POST /api/account/signup` `{"username", "password"}` (JSON or a
/// form): a new account, logged in (201, the account, the cookie).
pub(crate) async fn sign_up(
    State(state): State<AppState>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
    headers: HeaderMap,
    BodyOrForm(req): BodyOrForm<wire::Credentials>,
) -> Result<Response, ApiError> {
    same_site(&headers, state.public_url())?;
    state.limits().check(Kind::Signup, addr)?;
    let user = accounts::sign_up(
        state.store(),
        state.cpu(),
        &req.username,
        &req.password,
        now(),
    )
    .await?;
    logged_in(&state, StatusCode::CREATED, &user).await
}

/// `POST /api/account/login` `{"username", "password"}` (JSON or a
/// form): logged in (the account, the cookie). Throttled per address and
/// per account (429 with `Retry-After`).
pub(crate) async fn log_in(
    State(state): State<AppState>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
    headers: HeaderMap,
    BodyOrForm(req): BodyOrForm<wire::Credentials>,
) -> Result<Response, ApiError> {
    same_site(&headers, state.public_url())?;
    state
        .limits()
        .check_login(addr, &accounts::name::id_of(&req.username))?;
    let user = accounts::log_in(state.store(), state.cpu(), &req.username, &req.password).await?;
    logged_in(&state, StatusCode::OK, &user).await
}

/// `POST /api/account/logout`: the session ends and its cookie goes (204,
/// also when there was none).
pub(crate) async fn log_out(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    same_site(&headers, state.public_url())?;
    if let Some(secret) = session_secret(&headers) {
        state
            .store()
            .delete_session(&crate::security::hash_token(&secret))
            .await?;
    }
    logged_out(state.public_url())
}

/// `GET /api/account`: the account the session or token belongs to
/// (lichess's path and shape).
pub(crate) async fn account(
    State(state): State<AppState>,
    Me(auth): Me,
) -> Result<Json<wire::Account>, ApiError> {
    Ok(Json(
        accounts::view_rated(state.store(), auth.user(), state.public_url()).await?,
    ))
}

/// `GET /api/user/{username}`: a player's public account (lichess's path
/// and shape; a closed account shows `disabled`).
pub(crate) async fn user(
    State(state): State<AppState>,
    P(name): P<String>,
) -> Result<Json<wire::Account>, ApiError> {
    let user = state
        .store()
        .user(&accounts::name::id_of(&name))
        .await?
        .ok_or_else(accounts::no_such_user)?;
    Ok(Json(
        accounts::view_rated(state.store(), &user, state.public_url()).await?,
    ))
}

/// `POST /api/account/password` `{"currentPassword", "newPassword"}`: in a
/// browser session only; every other session of the account ends (204).
pub(crate) async fn change_password(
    State(state): State<AppState>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
    Me(auth): Me,
    BodyOrForm(req): BodyOrForm<wire::PasswordChange>,
) -> Result<StatusCode, ApiError> {
    let session = session_only(&auth)?;
    state.limits().check_login(addr, &auth.user().id)?;
    accounts::change_password(
        state.store(),
        state.cpu(),
        auth.user(),
        &req.current_password,
        &req.new_password,
        Some(session),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/account/close` `{"password"}`: in a browser session only;
/// the account is closed (its games stay, its name is kept), its sessions
/// and tokens end (204, the cookie gone).
pub(crate) async fn close(
    State(state): State<AppState>,
    Extension(ClientAddr(addr)): Extension<ClientAddr>,
    Me(auth): Me,
    BodyOrForm(req): BodyOrForm<wire::CloseAccount>,
) -> Result<Response, ApiError> {
    session_only(&auth)?;
    state.limits().check_login(addr, &auth.user().id)?;
    let canceled = accounts::close(
        state.store(),
        state.cpu(),
        &auth.user().id,
        Some(&req.password),
        now(),
    )
    .await?;
    // What the account had going ends in the background: the account is
    // closed already, whether or not this client waits.
    let (closing, user) = (state.clone(), auth.user().id.clone());
    tokio::spawn(async move { crate::closing::closed(&closing, &user, &canceled).await });
    logged_out(state.public_url())
}

/// `GET /api/account/tokens`: the account's personal tokens (never the
/// tokens themselves), in a browser session only.
pub(crate) async fn tokens(
    State(state): State<AppState>,
    Me(auth): Me,
) -> Result<Json<Vec<wire::TokenView>>, ApiError> {
    session_only(&auth)?;
    Ok(Json(
        accounts::tokens(state.store(), &auth.user().id).await?,
    ))
}

/// `POST /api/account/tokens` `{"description", "scopes"}`: a new personal
/// token, shown this once (201), in a browser session only.
pub(crate) async fn create_token(
    State(state): State<AppState>,
    Me(auth): Me,
    BodyOrForm(req): BodyOrForm<wire::NewToken>,
) -> Result<(StatusCode, Json<wire::TokenCreated>), ApiError> {
    session_only(&auth)?;
    let created = accounts::create_token(state.store(), &auth.user().id, &req, now()).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// `DELETE /api/account/tokens/{id}`: one of the account's tokens revoked
/// (204), in a browser session only.
pub(crate) async fn revoke_token(
    State(state): State<AppState>,
    Me(auth): Me,
    P(id): P<String>,
) -> Result<StatusCode, ApiError> {
    session_only(&auth)?;
    accounts::revoke(state.store(), &auth.user().id, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /api/token`: the token the request is made with, revoked
/// (lichess's path; 204).
pub(crate) async fn revoke_this_token(
    State(state): State<AppState>,
    Me(auth): Me,
) -> Result<StatusCode, ApiError> {
    match &auth {
        Auth::Token { user, token, .. } => {
            accounts::revoke(state.store(), &user.id, token).await?;
            Ok(StatusCode::NO_CONTENT)
        }
        Auth::Session { .. } => Err(refused(StatusCode::UNAUTHORIZED, ErrorCode::BadApiToken)),
    }
}

/// `POST /api/bot/account/upgrade`: the account becomes a BOT account
/// (a token with `bot:play`; an account that has played no game), as on
/// lichess: it then plays through the Bot API only.
pub(crate) async fn upgrade_to_bot(
    State(state): State<AppState>,
    Me(auth): Me,
) -> Result<Json<super::challenges::Ok>, ApiError> {
    auth.require(accounts::Scope::BotPlay)?;
    if state.store().make_bot(&auth.user().id).await? {
        tracing::info!(user = %auth.user().id, "account made a bot");
        Ok(super::challenges::ok())
    } else {
        Err(ApiError::bad(ErrorCode::BotUpgradeRefused))
    }
}

/// The query of `/api/users/status`.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct Ids {
    ids: String,
}

/// The most accounts one `/api/users/status` asks about (lichess's).
const MAX_STATUS: usize = 100;

/// `GET /api/users/status?ids=a,b`: whether each account is online (its
/// event stream open, on any node) and playing; unknown names are left
/// out.
pub(crate) async fn statuses(
    State(state): State<AppState>,
    super::Q(q): super::Q<Ids>,
) -> Result<Json<Vec<wire::UserStatus>>, ApiError> {
    let ids: Vec<String> = q
        .ids
        .split(',')
        .map(accounts::name::id_of)
        .filter(|id| !id.is_empty())
        .take(MAX_STATUS)
        .collect();
    let mut out = Vec::new();
    for id in &ids {
        if let Some(u) = state.store().user(id).await? {
            out.push(wire::UserStatus {
                online: presence::is_online(&state, &u.id).await?,
                playing: !state.store().playing(&u.id).await?.is_empty(),
                id: u.id,
                name: u.name,
                title: u.title,
            });
        }
    }
    Ok(Json(out))
}

/// `GET /api/bot/online`: the BOT accounts online (their event stream
/// open), one JSON object a line, as lichess lists them.
pub(crate) async fn bots_online(State(state): State<AppState>) -> Result<Response, ApiError> {
    let mut lines = String::new();
    let online = presence::online(&state).await?;
    for user in state.store().users(&online).await? {
        if user.title.as_deref() == Some("BOT") {
            let shown = accounts::view_rated(state.store(), &user, state.public_url()).await?;
            lines.push_str(
                &serde_json::to_string(&shown).map_err(|e| ApiError::Internal(e.to_string()))?,
            );
            lines.push('\n');
        }
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], lines).into_response())
}

/// The most tokens one `POST /api/token/test` asks about (lichess's).
const MAX_TESTED: usize = 1000;

/// `POST /api/token/test` with tokens, comma-separated, as the body
/// (lichess's path and shape): for each, its owner and scopes, or `null`.
pub(crate) async fn test_tokens(
    State(state): State<AppState>,
    body: String,
) -> Result<Json<BTreeMap<String, Option<wire::TokenInfo>>>, ApiError> {
    let asked: Vec<&str> = body
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    if asked.len() > MAX_TESTED {
        return Err(ApiError::bad_detail(
            ErrorCode::BadRequest,
            format!("at most {MAX_TESTED} tokens at once"),
        ));
    }
    let mut out = BTreeMap::new();
    for t in asked {
        let info = accounts::token(state.store(), t)
            .await?
            .map(|auth| match auth {
                Auth::Token { user, scopes, .. } => wire::TokenInfo {
                    user_id: user.id,
                    scopes: accounts::scope::join(&scopes),
                    expires: None,
                },
                Auth::Session { user, .. } => wire::TokenInfo {
                    user_id: user.id,
                    scopes: String::new(),
                    expires: None,
                },
            });
        out.insert(t.to_string(), info);
    }
    Ok(Json(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            if let Ok(v) = HeaderValue::from_str(v) {
                h.insert(*k, v);
            }
        }
        h
    }

    #[test]
    fn the_cross_site_check() {
        let public = "https://chess.example.org";
        let ok = |pairs: &[(&'static str, &str)]| same_site(&headers(pairs), public).is_ok();
        assert!(ok(&[("origin", "https://chess.example.org")]));
        assert!(ok(&[("origin", "HTTPS://Chess.Example.org")]));
        assert!(ok(&[
            ("origin", "http://127.0.0.1:8080"),
            ("host", "127.0.0.1:8080")
        ]));
        assert!(!ok(&[
            ("origin", "https://evil.example"),
            ("host", "chess.example.org")
        ]));
        assert!(!ok(&[("origin", "null")]));
        assert!(!ok(&[("origin", "https://chess.example.org.evil.example")]));
        assert!(ok(&[("sec-fetch-site", "same-origin")]));
        assert!(ok(&[("sec-fetch-site", "none")]));
        assert!(!ok(&[("sec-fetch-site", "cross-site")]));
        assert!(!ok(&[("sec-fetch-site", "same-site")]));
        assert!(ok(&[]));
        assert_eq!(
            origin_of("https://a.example:8443/x/y"),
            "https://a.example:8443"
        );
        assert_eq!(origin_of("http://a"), "http://a");
    }

    #[test]
    fn the_session_cookie_and_its_attributes() {
        let set = |url| {
            session_cookie(Some("s3cret"), url)
                .map(|v| v.to_str().unwrap_or_default().to_string())
                .unwrap_or_default()
        };
        let plain = set("http://127.0.0.1:8080");
        for part in [
            "sakk_session=s3cret",
            "HttpOnly",
            "SameSite=Lax",
            "Path=/",
            "Max-Age=31536000",
        ] {
            assert!(plain.contains(part), "{plain}");
        }
        assert!(!plain.contains("Secure"), "{plain}");
        assert!(set("https://chess.example.org").contains("Secure"));
        let gone = session_cookie(None, "http://x")
            .map(|v| v.to_str().unwrap_or_default().to_string())
            .unwrap_or_default();
        assert!(gone.contains("Max-Age=0"), "{gone}");
        let h = headers(&[("cookie", "a=b; sakk_session=xyz; c=d")]);
        assert_eq!(session_secret(&h).as_deref(), Some("xyz"));
        assert_eq!(session_secret(&headers(&[("cookie", "a=b")])), None);
    }
}
