//! People: accounts with a name and a password, their sessions in
//! browsers (a cookie), and their personal API tokens with lichess's
//! scopes. Playing by link needs none of it.
//!
//! Secrets never stay in clear: a password is kept as its Argon2id hash
//! ([`password`]), a session's cookie and a token as their SHA-256. A
//! session is a random secret in an `HttpOnly`, `SameSite=Lax` cookie;
//! a personal token is `sakk_` and 40 random characters, shown once.
//! The HTTP side (cookies, the cross-site check, throttles) is in
//! `routes/accounts.rs`; the command line's `sakk user` and `sakk token`
//! call the same functions here on the server's database.

pub mod name;
pub mod password;
pub mod presence;
pub mod scope;
pub mod wire;

use crate::codes::ErrorCode;
use crate::cpu::CpuPool;
use crate::error::ApiError;
use crate::security::{hash_token, random_string};
use crate::store::{Store, TokenRow, UserRow};

pub use name::Username;
pub use scope::Scope;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "sakk_session";

/// How long a session lasts, in days (then its owner logs in again).
pub const SESSION_DAYS: i64 = 365;

/// The first characters of every personal token (a seat token never has
/// `_`, so the two never mix).
pub const TOKEN_PREFIX: &str = "sakk_";

/// The longest description of a token.
pub const MAX_DESCRIPTION: usize = 100;

/// Who a request comes from, when it names an account.
#[derive(Clone, Debug)]
pub enum Auth {
    /// A browser's session: everything its owner may do.
    Session {
        /// The account.
        user: UserRow,
        /// The session's hash.
        session: String,
    },
    /// A personal API token: what its scopes allow.
    Token {
        /// The account.
        user: UserRow,
        /// The token's scopes.
        scopes: Vec<Scope>,
        /// The token's hash.
        token: String,
    },
}

impl Auth {
    /// The account.
    pub fn user(&self) -> &UserRow {
        match self {
            Auth::Session { user, .. } | Auth::Token { user, .. } => user,
        }
    }

    /// Refuses what none of the token's scopes allows (a session may do
    /// everything).
    ///
    /// # Errors
    /// 403 `missing_scope`, naming the first.
    pub fn require_any(&self, scopes: &[Scope]) -> Result<(), ApiError> {
        match scopes.iter().find(|s| self.require(**s).is_ok()) {
            Some(_) => Ok(()),
            None => self.require(scopes.first().copied().unwrap_or(Scope::BoardPlay)),
        }
    }

    /// Refuses what the token's scopes do not allow (a session may do
    /// everything).
    ///
    /// # Errors
    /// 403 `missing_scope`, naming the scope.
    pub fn require(&self, scope: Scope) -> Result<(), ApiError> {
        match self {
            Auth::Session { .. } => Ok(()),
            Auth::Token { scopes, .. } if scopes.contains(&scope) => Ok(()),
            Auth::Token { .. } => Err(ApiError::Refused {
                status: axum::http::StatusCode::FORBIDDEN,
                code: ErrorCode::MissingScope,
                args: vec![("scope", scope.as_str().to_string())],
            }),
        }
    }
}

pub use crate::ratings::RATINGS;

/// An account as the API shows it (without its ratings: [`view_rated`]).
pub fn view(user: &UserRow, public_url: &str) -> wire::Account {
    wire::Account {
        id: user.id.clone(),
        username: user.name.clone(),
        created_at: user.created_at,
        title: user.title.clone(),
        disabled: user.closed_at.is_some(),
        url: format!("{}/@/{}", public_url.trim_end_matches('/'), user.name),
        perfs: std::collections::BTreeMap::new(),
        count: None,
    }
}

/// An account as the API shows it, with its rating in every category
/// (the starting one where it has played no rated game), as lichess shows
/// `perfs`.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn view_rated(
    store: &Store,
    user: &UserRow,
    public_url: &str,
) -> Result<wire::Account, ApiError> {
    let mut shown = view(user, public_url);
    let stored = store.perfs(&user.id).await?;
    let now = crate::live::unix_ms();
    for speed in sakk_rating::Speed::ALL {
        let perf = stored
            .iter()
            .find(|(s, _)| *s == speed)
            .map_or_else(|| RATINGS.new_perf(), |(_, p)| *p);
        let live = RATINGS.live(&perf, now);
        shown.perfs.insert(
            speed.key().to_string(),
            wire::PerfView {
                games: perf.games,
                rating: perf.int_rating(),
                rd: sakk_rating::int_rating(live.deviation.round()),
                prov: RATINGS.provisional(live),
            },
        );
    }
    let c = store.game_counts(&user.id).await?;
    shown.count = Some(wire::Count {
        all: c.all,
        rated: c.rated,
        win: c.win,
        loss: c.loss,
        draw: c.draw,
        playing: c.playing,
    });
    Ok(shown)
}

/// Makes an account (the password hashed on `cpu`).
///
/// # Errors
/// 400 for a name or password against the rules, 409 `username_taken`,
/// 503 when the database or the CPU pool cannot take it.
pub async fn sign_up(
    store: &Store,
    cpu: &CpuPool,
    name: &str,
    password: &str,
    now: i64,
) -> Result<UserRow, ApiError> {
    let name = Username::parse(name).map_err(ApiError::bad)?;
    password::check(password).map_err(ApiError::bad)?;
    if store.user(&name.id()).await?.is_some() {
        return Err(taken());
    }
    let secret = password.to_string();
    let hash = cpu.run(move || password::hash(&secret)).await??;
    let row = UserRow {
        id: name.id(),
        name: name.as_str().to_string(),
        password: hash,
        created_at: now,
        closed_at: None,
        title: None,
    };
    if store.insert_user(&row).await? {
        tracing::info!(user = %row.id, "account made");
        Ok(row)
    } else {
        Err(taken())
    }
}

fn taken() -> ApiError {
    ApiError::Refused {
        status: axum::http::StatusCode::CONFLICT,
        code: ErrorCode::UsernameTaken,
        args: Vec::new(),
    }
}

fn bad_credentials() -> ApiError {
    ApiError::Refused {
        status: axum::http::StatusCode::UNAUTHORIZED,
        code: ErrorCode::BadCredentials,
        args: Vec::new(),
    }
}

/// The open account of that name (any case) if `password` is its
/// password. A closed account, an unknown name and a wrong password are
/// refused alike, in about the same time.
///
/// # Errors
/// 401 `bad_credentials`; 503 when the database or the CPU pool cannot
/// take it.
pub async fn log_in(
    store: &Store,
    cpu: &CpuPool,
    name: &str,
    password: &str,
) -> Result<UserRow, ApiError> {
    if password.chars().count() > password::MAX_LEN {
        return Err(bad_credentials());
    }
    let user = store
        .user(&name::id_of(name))
        .await?
        .filter(|u| u.closed_at.is_none());
    let stored = user.as_ref().map(|u| u.password.clone());
    let secret = password.to_string();
    let ok = cpu
        .run(move || password::verify(&secret, stored.as_deref()))
        .await?;
    match user {
        Some(user) if ok => Ok(user),
        _ => Err(bad_credentials()),
    }
}

/// Starts a session for an account: the cookie's secret (its hash is
/// stored).
///
/// # Errors
/// 503 when the database cannot take it.
pub async fn start_session(store: &Store, user_id: &str, now: i64) -> Result<String, ApiError> {
    let secret = random_string(32)?;
    store
        .insert_session(&hash_token(&secret), user_id, now)
        .await?;
    Ok(secret)
}

/// The session a cookie's secret names, if it is current and its account
/// open.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn session(store: &Store, secret: &str, now: i64) -> Result<Option<Auth>, ApiError> {
    if secret.is_empty() || secret.len() > 64 {
        return Ok(None);
    }
    let hash = hash_token(secret);
    let since = now.saturating_sub(SESSION_DAYS * 86_400_000);
    Ok(store
        .session_user(&hash, since)
        .await?
        .map(|user| Auth::Session {
            user,
            session: hash,
        }))
}

/// The account and scopes a personal token names, if its account is open.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn token(store: &Store, token: &str) -> Result<Option<Auth>, ApiError> {
    if !token.starts_with(TOKEN_PREFIX) || token.len() > 128 {
        return Ok(None);
    }
    let hash = hash_token(token);
    Ok(store.token_user(&hash).await?.map(|(t, user)| Auth::Token {
        user,
        scopes: scope::split(&t.scopes),
        token: hash,
    }))
}

/// Changes an account's password, given the current one; every other
/// session of the account ends (`keep`: the hash of the session that asked,
/// if any).
///
/// # Errors
/// 401 `bad_credentials` for a wrong current password, 400 for a new one
/// against the rules, 503 when the database or the CPU pool cannot take it.
pub async fn change_password(
    store: &Store,
    cpu: &CpuPool,
    user: &UserRow,
    current: &str,
    new: &str,
    keep: Option<&str>,
) -> Result<(), ApiError> {
    password::check(new).map_err(ApiError::bad)?;
    log_in(store, cpu, &user.id, current).await?;
    let secret = new.to_string();
    let hash = cpu.run(move || password::hash(&secret)).await??;
    if !store.set_password(&user.id, &hash).await? {
        return Err(bad_credentials());
    }
    store
        .delete_other_sessions(&user.id, keep.unwrap_or(""))
        .await?;
    tracing::info!(user = %user.id, "password changed");
    Ok(())
}

/// Closes an account (given its password, when `password` is some: the
/// command line closes without). Answers the challenges it canceled (for
/// their other players to be told).
///
/// # Errors
/// 401 `bad_credentials` for a wrong password, 404 `no_such_user` for an
/// account that is not open; 503 when the database cannot take it.
pub async fn close(
    store: &Store,
    cpu: &CpuPool,
    id: &str,
    password: Option<&str>,
    now: i64,
) -> Result<Vec<crate::store::ChallengeRow>, ApiError> {
    if let Some(password) = password {
        log_in(store, cpu, id, password).await?;
    }
    let canceled = store
        .close_user(&name::id_of(id), now)
        .await?
        .ok_or_else(no_such_user)?;
    tracing::info!(user = %name::id_of(id), "account closed");
    Ok(canceled)
}

/// The open account of a name (in any case).
///
/// # Errors
/// 404 `no_such_user` (none, or closed); 503 when the database cannot be
/// read.
pub async fn open_account(store: &Store, name: &str) -> Result<UserRow, ApiError> {
    store
        .user(&name::id_of(name))
        .await?
        .filter(|u| u.closed_at.is_none())
        .ok_or_else(no_such_user)
}

/// 404 `no_such_user`.
pub fn no_such_user() -> ApiError {
    ApiError::Refused {
        status: axum::http::StatusCode::NOT_FOUND,
        code: ErrorCode::NoSuchUser,
        args: Vec::new(),
    }
}

/// Makes a personal API token for an account.
///
/// # Errors
/// 400 `token_description` for an empty or long description, 400
/// `bad_scope` for none; 503 when the database cannot take it.
pub async fn create_token(
    store: &Store,
    user_id: &str,
    request: &wire::NewToken,
    now: i64,
) -> Result<wire::TokenCreated, ApiError> {
    let description = request.description.trim();
    let length = description.chars().count();
    if !(1..=MAX_DESCRIPTION).contains(&length) || description.chars().any(char::is_control) {
        return Err(ApiError::bad(ErrorCode::TokenDescription));
    }
    if request.scopes.is_empty() {
        return Err(ApiError::bad(ErrorCode::BadScope));
    }
    let token = format!("{TOKEN_PREFIX}{}", random_string(40)?);
    let row = TokenRow {
        id: hash_token(&token),
        user_id: user_id.to_string(),
        description: description.to_string(),
        scopes: scope::join(&request.scopes),
        created_at: now,
    };
    store.insert_token(&row).await?;
    tracing::info!(user = %user_id, "token made");
    Ok(wire::TokenCreated {
        token,
        view: token_view(&row),
    })
}

/// A token as its owner's list shows it.
pub fn token_view(row: &TokenRow) -> wire::TokenView {
    wire::TokenView {
        id: row.id.clone(),
        description: row.description.clone(),
        scopes: scope::split(&row.scopes),
        created_at: row.created_at,
    }
}

/// An account's tokens, newest first.
///
/// # Errors
/// 503 when the database cannot be read.
pub async fn tokens(store: &Store, user_id: &str) -> Result<Vec<wire::TokenView>, ApiError> {
    Ok(store
        .tokens_of(user_id)
        .await?
        .iter()
        .map(token_view)
        .collect())
}

/// Revokes one of an account's tokens.
///
/// # Errors
/// 404 `no_such_token`; 503 when the database cannot take it.
pub async fn revoke(store: &Store, user_id: &str, id: &str) -> Result<(), ApiError> {
    if store.delete_token(user_id, id).await? {
        tracing::info!(user = %user_id, "token revoked");
        Ok(())
    } else {
        Err(ApiError::Refused {
            status: axum::http::StatusCode::NOT_FOUND,
            code: ErrorCode::NoSuchToken,
            args: Vec::new(),
        })
    }
}
