//! Accounts as stored: the users, their browser sessions and their
//! personal API tokens (secrets only as hashes; see the migration
//! `0008_accounts.sql`). The rules for names, passwords and scopes are the
//! accounts service's (`crate::accounts`); this module reads and writes
//! rows.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{Store, StoreError};

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRow {
    /// The name in lower case (the key).
    pub id: String,
    /// The name as its owner wrote it.
    pub name: String,
    /// The password's Argon2id hash (PHC string); empty once closed.
    pub password: String,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When the account was closed.
    pub closed_at: Option<i64>,
    /// `BOT` for a bot account.
    pub title: Option<String>,
}

/// A personal API token as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRow {
    /// The token's SHA-256 (lowercase hex): also how its owner names it.
    pub id: String,
    /// Its owner.
    pub user_id: String,
    /// What its owner wrote to recognise it.
    pub description: String,
    /// Its scopes, comma-separated.
    pub scopes: String,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// An account from its row.
pub(super) fn user_of(r: &AnyRow) -> Result<UserRow, sqlx::Error> {
    Ok(UserRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        password: r.try_get("password")?,
        created_at: r.try_get("created_at")?,
        closed_at: r.try_get("closed_at")?,
        title: r.try_get("title")?,
    })
}

fn token(r: &AnyRow) -> Result<TokenRow, sqlx::Error> {
    Ok(TokenRow {
        id: r.try_get("id")?,
        user_id: r.try_get("user_id")?,
        description: r.try_get("description")?,
        scopes: r.try_get("scopes")?,
        created_at: r.try_get("created_at")?,
    })
}

/// Whether a database error is a unique key's violation (the name is taken).
pub(super) fn is_unique_violation(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(d) => {
            d.is_unique_violation()
                // sqlx's Any driver may not pass the kind on: SQLite's
                // extended code 2067 / 1555, PostgreSQL's 23505.
                || matches!(d.code().as_deref(), Some("2067" | "1555" | "23505"))
        }
        _ => false,
    }
}

impl Store {
    /// Stores a new account. `Ok(false)`: the name is taken (in any case).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was stored.
    pub async fn insert_user(&self, row: &UserRow) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done = sqlx::query(
            "INSERT INTO users (id, name, password, created_at, closed_at, title) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&row.id)
        .bind(&row.name)
        .bind(&row.password)
        .bind(row.created_at)
        .bind(row.closed_at)
        .bind(&row.title)
        .execute(&self.pool)
        .await;
        match done {
            Ok(_) => Ok(true),
            Err(e) if is_unique_violation(&e) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// An account by its id (the name in lower case).
    ///
    /// # Errors
    /// A database error.
    pub async fn user(&self, id: &str) -> Result<Option<UserRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .as_ref()
            .map(user_of)
            .transpose()
    }

    /// Accounts by their ids (those that exist, in no order).
    ///
    /// # Errors
    /// A database error.
    pub async fn users(&self, ids: &[String]) -> Result<Vec<UserRow>, sqlx::Error> {
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(u) = self.user(id).await? {
                out.push(u);
            }
        }
        Ok(out)
    }

    /// Sets an open account's password hash. `Ok(false)`: no such open
    /// account.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn set_password(&self, id: &str, hash: &str) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done =
            sqlx::query("UPDATE users SET password = $1 WHERE id = $2 AND closed_at IS NULL")
                .bind(hash)
                .bind(id)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Makes an open account a BOT account, if it has played no game (as
    /// lichess asks). `Ok(false)`: it is closed, a bot already, or has
    /// games.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn make_bot(&self, id: &str) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done = sqlx::query(
            "UPDATE users SET title = 'BOT' WHERE id = $1 AND closed_at IS NULL \
             AND title IS NULL AND NOT EXISTS \
             (SELECT 1 FROM games WHERE white_user = $1 OR black_user = $1)",
        )
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Closes an account: its password, sessions and tokens go, its open
    /// challenges (made and received) are canceled (answered, to be told),
    /// its row and name stay (so its games keep their player, and the name
    /// is not taken again). `Ok(None)`: no such open account.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn close_user(
        &self,
        id: &str,
        at: i64,
    ) -> Result<Option<Vec<super::ChallengeRow>>, StoreError> {
        self.injected_failure()?;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE users SET password = '', closed_at = $1 WHERE id = $2 AND closed_at IS NULL",
        )
        .bind(at)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        for sql in [
            "DELETE FROM sessions WHERE user_id = $1",
            "DELETE FROM api_tokens WHERE user_id = $1",
        ] {
            sqlx::query(sql).bind(id).execute(&mut *tx).await?;
        }
        let canceled = sqlx::query(
            "UPDATE challenges SET status = 'canceled' \
             WHERE (challenger = $1 OR dest_user = $1) AND status = 'created' RETURNING *",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(super::challenges::challenge)
        .collect::<Result<Vec<_>, _>>()?;
        tx.commit().await?;
        Ok(Some(canceled))
    }

    /// Stores a browser session (by its secret's hash).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was stored.
    pub async fn insert_session(
        &self,
        hash: &str,
        user_id: &str,
        at: i64,
    ) -> Result<(), StoreError> {
        self.injected_failure()?;
        sqlx::query("INSERT INTO sessions (id, user_id, created_at) VALUES ($1, $2, $3)")
            .bind(hash)
            .bind(user_id)
            .bind(at)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The account a session (by its secret's hash) belongs to, if the
    /// session began after `since` and the account is open, with the
    /// session's start.
    ///
    /// # Errors
    /// A database error.
    pub async fn session_user(
        &self,
        hash: &str,
        since: i64,
    ) -> Result<Option<UserRow>, sqlx::Error> {
        sqlx::query(
            "SELECT users.* FROM sessions JOIN users ON users.id = sessions.user_id \
             WHERE sessions.id = $1 AND sessions.created_at > $2 AND users.closed_at IS NULL",
        )
        .bind(hash)
        .bind(since)
        .fetch_optional(&self.pool)
        .await?
        .as_ref()
        .map(user_of)
        .transpose()
    }

    /// Ends a session.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn delete_session(&self, hash: &str) -> Result<(), StoreError> {
        self.injected_failure()?;
        sqlx::query("DELETE FROM sessions WHERE id = $1")
            .bind(hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Ends every session of an account but `keep` (a password changed
    /// ends the sessions of everyone who knew the old one).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn delete_other_sessions(&self, user_id: &str, keep: &str) -> Result<(), StoreError> {
        self.injected_failure()?;
        sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
            .bind(user_id)
            .bind(keep)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores a personal API token (by its hash).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was stored.
    pub async fn insert_token(&self, row: &TokenRow) -> Result<(), StoreError> {
        self.injected_failure()?;
        sqlx::query(
            "INSERT INTO api_tokens (id, user_id, description, scopes, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&row.id)
        .bind(&row.user_id)
        .bind(&row.description)
        .bind(&row.scopes)
        .bind(row.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A token (by its hash) with its owner, if the owner's account is
    /// open.
    ///
    /// # Errors
    /// A database error.
    pub async fn token_user(&self, hash: &str) -> Result<Option<(TokenRow, UserRow)>, sqlx::Error> {
        let Some(t) = sqlx::query("SELECT * FROM api_tokens WHERE id = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let t = token(&t)?;
        Ok(self
            .user(&t.user_id)
            .await?
            .filter(|u| u.closed_at.is_none())
            .map(|u| (t, u)))
    }

    /// An account's tokens, newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn tokens_of(&self, user_id: &str) -> Result<Vec<TokenRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM api_tokens WHERE user_id = $1 ORDER BY created_at DESC, id")
            .bind(user_id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(token)
            .collect()
    }

    /// Revokes one of an account's tokens. `Ok(false)`: it has no such
    /// token.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn delete_token(&self, user_id: &str, id: &str) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done = sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
