//! Rate limits counted in the database, so that every server of a site counts together and a
//! restart forgets nothing (PostgreSQL with several servers; see docs/decisions.md).
//!
//! Each key has one window: from its first hit, at most `max` hits until `resets_at`; the hit
//! after that starts a new window. Taking a hit is one `INSERT … ON CONFLICT DO UPDATE … WHERE`
//! statement, so two servers can never both take the last hit of a window. The in-memory
//! limiter keeps the same windows. (A fixed window allows a burst of up to twice `max` across a
//! window's end, which these limits, meant against floods, tolerate.) A row is kept until its
//! window ends, a day for a daily cap: the sweep removes only ended windows.
//!
//! Keys name phones and addresses (`login-phone:…`); the table keeps only their SHA-256, so a
//! backup shows no phone number at a glance. (A digest of an 8-digit number can be found by
//! trying them all: the rows of phones and addresses last an hour at most, and the sweep removes
//! them.)

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use sqlx::AnyPool;
use tutorhub_domain::shared::clock::Clock;
use tutorhub_domain::shared::rate_limiter::{Limit, RateLimiter};
use tutorhub_domain::shared::storage::RepositoryError;

use crate::sql::rows::repository_error;

pub struct SqlRateLimiter {
    pool: AnyPool,
    clock: Arc<dyn Clock>,
}

impl SqlRateLimiter {
    /// Windows timed by `clock` (every server's clock should agree: windows are stored as times).
    pub fn new(pool: AnyPool, clock: Arc<dyn Clock>) -> Self {
        Self { pool, clock }
    }

    fn now(&self) -> i64 {
        self.clock.now().timestamp_millis()
    }

    /// When the window of the key stored as `key` ends, if it has one.
    async fn resets_at(&self, key: &str) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query_scalar("SELECT resets_at FROM rate_limits WHERE limit_key = $1").bind(key).fetch_optional(&self.pool).await
    }

    /// Removes the windows that have ended (the rate-limit-sweep job): what it removes counts
    /// for nothing any more. Answers how many it removed.
    ///
    /// # Errors
    /// The database fails.
    pub async fn sweep(&self, now: DateTime<Utc>) -> Result<u64, RepositoryError> {
        let done = sqlx::query("DELETE FROM rate_limits WHERE resets_at <= $1")
            .bind(now.timestamp_millis())
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(done.rows_affected())
    }
}

/// How a key is stored: its SHA-256, in hex.
fn stored(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

/// Whole seconds until `resets_at`, at least one.
fn wait_until(resets_at: i64, now: i64) -> u64 {
    u64::try_from((resets_at - now + 999) / 1000).unwrap_or(0).max(1)
}

fn window_ms(limit: Limit) -> i64 {
    i64::try_from(limit.window_seconds.saturating_mul(1000)).unwrap_or(i64::MAX / 2)
}

/// A database that cannot be reached must not lock everyone out, nor let a flood through
/// unnoticed: the event is allowed and the failure logged, as a limiter of one process's
/// memory would have allowed it after a restart.
fn allowed_despite(e: &sqlx::Error) {
    tracing::warn!(error = %e, "the rate limit could not be counted in the database; the request is let through");
}

#[async_trait]
impl RateLimiter for SqlRateLimiter {
    async fn hit(&self, key: &str, limit: Limit) -> Result<(), u64> {
        let (key, now) = (&stored(key), self.now());
        let taken: Result<Option<i64>, sqlx::Error> = sqlx::query_scalar(
            "INSERT INTO rate_limits (limit_key, hits, resets_at) VALUES ($1, 1, $2 + $3) \
             ON CONFLICT (limit_key) DO UPDATE SET \
               hits = CASE WHEN rate_limits.resets_at <= $2 THEN 1 ELSE rate_limits.hits + 1 END, \
               resets_at = CASE WHEN rate_limits.resets_at <= $2 THEN $2 + $3 ELSE rate_limits.resets_at END \
             WHERE rate_limits.resets_at <= $2 OR rate_limits.hits < $4 \
             RETURNING hits",
        )
        .bind(key)
        .bind(now)
        .bind(window_ms(limit))
        .bind(i64::from(limit.max))
        .fetch_optional(&self.pool)
        .await;
        match taken {
            Ok(Some(_)) => Ok(()),
            // The window is full: nothing was counted.
            Ok(None) => match self.resets_at(key).await {
                Ok(resets_at) => Err(resets_at.map_or(1, |at| wait_until(at, now))),
                Err(e) => {
                    allowed_despite(&e);
                    Ok(())
                }
            },
            Err(e) => {
                allowed_despite(&e);
                Ok(())
            }
        }
    }

    async fn blocked(&self, key: &str, limit: Limit) -> Option<u64> {
        let (key, now) = (&stored(key), self.now());
        let found: Result<Option<(i64, i64)>, sqlx::Error> =
            sqlx::query_as("SELECT hits, resets_at FROM rate_limits WHERE limit_key = $1").bind(key).fetch_optional(&self.pool).await;
        match found {
            Ok(Some((hits, resets_at))) if resets_at > now && hits >= i64::from(limit.max) => Some(wait_until(resets_at, now)),
            Ok(_) => None,
            Err(e) => {
                allowed_despite(&e);
                None
            }
        }
    }

    async fn reset(&self, key: &str) {
        if let Err(e) = sqlx::query("DELETE FROM rate_limits WHERE limit_key = $1").bind(stored(key)).execute(&self.pool).await {
            tracing::warn!(error = %e, "a rate limit could not be reset in the database");
        }
    }
}
