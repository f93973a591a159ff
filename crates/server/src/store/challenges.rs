//! Challenges as stored (the migration `0010_challenges.sql`): one row
//! each, whose status moves once from `created` to its end — the move
//! made by a conditional UPDATE, so that of two accepts racing (on one
//! node or two) exactly one wins.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{Store, StoreError};
use crate::wire::Variant;

/// Which of an account's games to list (lichess's `/api/games/user`
/// filters that the database answers; none set: all).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GamesFilter {
    /// Against this account only (its id).
    pub vs: Option<String>,
    /// Played with this colour only.
    pub color: Option<crate::wire::Side>,
    /// Rated (or casual) only.
    pub rated: Option<bool>,
    /// Begun at or after (milliseconds since the Unix epoch).
    pub since: Option<i64>,
    /// Begun at or before.
    pub until: Option<i64>,
    /// Ended (or still in play) only.
    pub finished: Option<bool>,
    /// After this game in the list's order (its creation time and id):
    /// where the last page ended.
    pub before: Option<(i64, String)>,
}

/// The time a challenge asks for (stored as `clock_limit` and
/// `clock_increment`, or `days`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// A clock.
    Clock {
        /// Initial time, seconds.
        limit: i64,
        /// Increment, seconds.
        increment: i64,
    },
    /// Days a move (correspondence).
    Days(i64),
}

impl Control {
    /// The control in a row's columns: days, else a clock when a limit is
    /// stored (an increment alone is none).
    pub(super) fn read(r: &AnyRow) -> Result<Option<Control>, sqlx::Error> {
        let days: Option<i64> = r.try_get("days")?;
        let limit: Option<i64> = r.try_get("clock_limit")?;
        let increment: Option<i64> = r.try_get("clock_increment")?;
        Ok(match (days, limit) {
            (Some(days), _) => Some(Control::Days(days)),
            (None, Some(limit)) => Some(Control::Clock {
                limit,
                increment: increment.unwrap_or(0),
            }),
            (None, None) => None,
        })
    }

    /// The columns `clock_limit`, `clock_increment` and `days` of `control`.
    pub(super) fn columns(control: Option<Control>) -> (Option<i64>, Option<i64>, Option<i64>) {
        match control {
            Some(Control::Clock { limit, increment }) => (Some(limit), Some(increment), None),
            Some(Control::Days(days)) => (None, None, Some(days)),
            None => (None, None, None),
        }
    }
}

/// A challenge's variant as stored (`variant`: NULL for standard).
pub(super) fn variant_column(r: &AnyRow) -> Result<Variant, sqlx::Error> {
    let stored: Option<String> = r.try_get("variant")?;
    Ok(stored
        .as_deref()
        .and_then(Variant::parse)
        .unwrap_or_default())
}

/// The `variant` column of `variant` (NULL for standard).
pub(super) fn variant_value(variant: Variant) -> Option<&'static str> {
    (!variant.is_standard()).then(|| variant.as_str())
}

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id.
    pub id: String,
    /// The challenger's account id.
    pub challenger: String,
    /// The challenged account's id.
    pub dest_user: String,
    /// Rated, or casual.
    pub rated: bool,
    /// The clock or days a move (none: no clock).
    pub control: Option<Control>,
    /// The colour the challenger asked for: `white`, `black`, `random`.
    pub color: String,
    /// The challenger's colour, drawn when it was made: `white`, `black`.
    pub final_color: String,
    /// The start position (none: the usual one).
    pub initial_fen: Option<String>,
    /// Standard chess or Chess960 (its start position is `initial_fen`).
    pub variant: Variant,
    /// `created`, `accepted`, `declined`, `canceled`, `expired`.
    pub status: String,
    /// lichess's key of the reason it was declined.
    pub decline_reason: Option<String>,
    /// The game, once accepted.
    pub game_id: Option<String>,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When it lapses if no one answers it.
    pub expires_at: i64,
}

pub(super) fn challenge(r: &AnyRow) -> Result<ChallengeRow, sqlx::Error> {
    Ok(ChallengeRow {
        id: r.try_get("id")?,
        challenger: r.try_get("challenger")?,
        dest_user: r.try_get("dest_user")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        control: Control::read(r)?,
        color: r.try_get("color")?,
        final_color: r.try_get("final_color")?,
        initial_fen: r.try_get("initial_fen")?,
        variant: variant_column(r)?,
        status: r.try_get("status")?,
        decline_reason: r.try_get("decline_reason")?,
        game_id: r.try_get("game_id")?,
        created_at: r.try_get("created_at")?,
        expires_at: r.try_get("expires_at")?,
    })
}

impl Store {
    /// Stores a new challenge.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was stored.
    pub async fn insert_challenge(&self, c: &ChallengeRow) -> Result<(), StoreError> {
        self.injected_failure()?;
        let (limit, increment, days) = Control::columns(c.control);
        sqlx::query(
            "INSERT INTO challenges (id, challenger, dest_user, rated, clock_limit, clock_increment, \
             color, final_color, initial_fen, status, decline_reason, game_id, created_at, expires_at, \
             days, variant) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
        )
        .bind(&c.id)
        .bind(&c.challenger)
        .bind(&c.dest_user)
        .bind(i64::from(c.rated))
        .bind(limit)
        .bind(increment)
        .bind(&c.color)
        .bind(&c.final_color)
        .bind(&c.initial_fen)
        .bind(&c.status)
        .bind(&c.decline_reason)
        .bind(&c.game_id)
        .bind(c.created_at)
        .bind(c.expires_at)
        .bind(days)
        .bind(variant_value(c.variant))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A challenge.
    ///
    /// # Errors
    /// A database error.
    pub async fn challenge(&self, id: &str) -> Result<Option<ChallengeRow>, sqlx::Error> {
        sqlx::query("SELECT * FROM challenges WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .as_ref()
            .map(challenge)
            .transpose()
    }

    /// The open challenges to and from an account that have not lapsed at
    /// `now`, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn open_challenges(
        &self,
        user: &str,
        now: i64,
    ) -> Result<Vec<ChallengeRow>, sqlx::Error> {
        sqlx::query(
            "SELECT * FROM challenges WHERE (dest_user = $1 OR challenger = $1) \
             AND status = 'created' AND expires_at > $2 ORDER BY created_at, id",
        )
        .bind(user)
        .bind(now)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(challenge)
        .collect()
    }

    /// Ends an open challenge: `status` (with the reason and the game),
    /// only if it is still `created`. `Ok(false)`: it was not (answered
    /// already, by this request's twin or anyone).
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was changed.
    pub async fn end_challenge(
        &self,
        id: &str,
        status: &str,
        decline_reason: Option<&str>,
        game_id: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.injected_failure()?;
        let done = sqlx::query(
            "UPDATE challenges SET status = $1, decline_reason = $2, game_id = $3 \
             WHERE id = $4 AND status = 'created'",
        )
        .bind(status)
        .bind(decline_reason)
        .bind(game_id)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Names the game an accepted challenge made.
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn set_challenge_game(&self, id: &str, game_id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET game_id = $1 WHERE id = $2")
            .bind(game_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Puts an accepted challenge back to `created` (its game could not
    /// be made).
    ///
    /// # Errors
    /// [`StoreError`].
    pub async fn reopen_challenge(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE challenges SET status = 'created', game_id = NULL \
             WHERE id = $1 AND status = 'accepted'",
        )
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Keeps a chat line of a game.
    ///
    /// # Errors
    /// [`StoreError`]; then nothing was stored.
    pub async fn insert_chat(
        &self,
        id: &str,
        game_id: &str,
        at: i64,
        user_id: &str,
        room: &str,
        text: &str,
    ) -> Result<(), StoreError> {
        self.injected_failure()?;
        sqlx::query(
            "INSERT INTO chat (id, game_id, at, user_id, room, text) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(game_id)
        .bind(at)
        .bind(user_id)
        .bind(room)
        .bind(text)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A game's chat in one room, oldest first: (the writer's name, the
    /// text).
    ///
    /// # Errors
    /// A database error.
    pub async fn chat(
        &self,
        game_id: &str,
        room: &str,
    ) -> Result<Vec<(String, String)>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT users.name AS name, chat.text AS text FROM chat \
             JOIN users ON users.id = chat.user_id \
             WHERE chat.game_id = $1 AND chat.room = $2 ORDER BY chat.at, chat.id",
        )
        .bind(game_id)
        .bind(room)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("name")?, r.try_get("text")?)))
            .collect()
    }

    /// An account's games, newest first, at most `limit`, those that
    /// `filter` keeps.
    ///
    /// # Errors
    /// A database error.
    pub async fn games_of(
        &self,
        user: &str,
        filter: &GamesFilter,
        limit: i64,
    ) -> Result<Vec<super::GameRow>, sqlx::Error> {
        // Built from constants: nothing from input.
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {} FROM {} WHERE (g.white_user = $1 OR g.black_user = $1) \
             AND ($2 IS NULL OR (g.white_user = $1 AND g.black_user = $2) \
                  OR (g.black_user = $1 AND g.white_user = $2)) \
             AND ($3 IS NULL OR ($3 = 'white' AND g.white_user = $1) \
                  OR ($3 = 'black' AND g.black_user = $1)) \
             AND ($4 IS NULL OR g.rated = $4) \
             AND ($5 IS NULL OR g.created_at >= $5) \
             AND ($6 IS NULL OR g.created_at <= $6) \
             AND ($7 IS NULL OR ($7 = 1 AND g.status = 'ended') OR ($7 = 0 AND g.status <> 'ended')) \
             AND ($9 IS NULL OR g.created_at < $9 OR (g.created_at = $9 AND g.id < $10)) \
             ORDER BY g.created_at DESC, g.id DESC LIMIT $8",
            super::GAME_COLUMNS,
            super::GAMES
        )))
        .bind(user)
        .bind(filter.vs.as_deref())
        .bind(filter.color.map(|c| match c {
            crate::wire::Side::White => "white",
            crate::wire::Side::Black => "black",
        }))
        .bind(filter.rated.map(i64::from))
        .bind(filter.since)
        .bind(filter.until)
        .bind(filter.finished.map(i64::from))
        .bind(limit)
        .bind(filter.before.as_ref().map(|b| b.0))
        .bind(filter.before.as_ref().map(|b| b.1.as_str()))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Store::row).collect()
    }

    /// The games of an account not ended yet (ids), oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn playing(&self, user: &str) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE (white_user = $1 OR black_user = $1) \
             AND status <> 'ended' ORDER BY created_at, id",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }
}
