//! Rate limits counted in the database, so that every server of a site counts together and a
//! restart forgets nothing (PostgreSQL with several servers; see docs/adr/0057-limiter-windows-and-proxies.md).
//!
//! Windows are counted by the domain's rule (`rate_limits::Window`), as in the in-memory
//! limiter: a row is a key's window, (digest, hits, resets_at). Taking a hit is one
//! `INSERT … ON CONFLICT DO UPDATE … WHERE` statement, the rule written in SQL, so two servers
//! can never both take the last hit of a window; the new window's end and the wait come from
//! `Window`. A row is kept until its window ends, a day for a daily cap: the sweep removes only
//! ended windows.
//!
//! When the database fails, the failure is logged and answered as `StoreFailed`: the port's
//! contract, under which every limit refuses (`rate_limits::throttle`).
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
use tutorhub_domain::shared::rate_limits::window::wait_until;
use tutorhub_domain::shared::rate_limits::{Limit, RateLimiter, Refused, StoreFailed, Window};
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

/// Logs why the table failed and answers the port's `StoreFailed`: the caller decides.
fn store_failed(doing: &'static str, e: &sqlx::Error) -> StoreFailed {
    tracing::warn!(error = %e, doing, "the rate-limit table failed; the limits refuse meanwhile");
    StoreFailed
}

#[async_trait]
impl RateLimiter for SqlRateLimiter {
    async fn hit(&self, key: &str, limit: Limit) -> Result<(), Refused> {
        let (key, now) = (&stored(key), self.now());
        // `Window::hit` in one statement: no row or an ended window ($2 at or past its end)
        // starts the window a first hit starts ($3); a running one with room counts one more;
        // a full one is left alone and no row comes back.
        let taken: Option<i64> = sqlx::query_scalar(
            "INSERT INTO rate_limits (limit_key, hits, resets_at) VALUES ($1, 1, $3) \
             ON CONFLICT (limit_key) DO UPDATE SET \
               hits = CASE WHEN rate_limits.resets_at <= $2 THEN 1 ELSE rate_limits.hits + 1 END, \
               resets_at = CASE WHEN rate_limits.resets_at <= $2 THEN $3 ELSE rate_limits.resets_at END \
             WHERE rate_limits.resets_at <= $2 OR rate_limits.hits < $4 \
             RETURNING hits",
        )
        .bind(key)
        .bind(now)
        .bind(Window::starting(limit, now).ends_at)
        .bind(i64::from(limit.max))
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| store_failed("counting a hit", &e))?;
        if taken.is_some() {
            return Ok(());
        }
        // The window is full: nothing was counted. A row gone since (reset, swept) waits a second.
        let resets_at = self.resets_at(key).await.map_err(|e| store_failed("reading a full window's end", &e))?;
        Err(Refused::Wait(resets_at.map_or(1, |at| wait_until(at, now))))
    }

    async fn blocked(&self, key: &str, limit: Limit) -> Result<Option<u64>, StoreFailed> {
        let (key, now) = (&stored(key), self.now());
        let found: Option<(i64, i64)> = sqlx::query_as("SELECT hits, resets_at FROM rate_limits WHERE limit_key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| store_failed("reading a window", &e))?;
        let window = found.map(|(hits, ends_at)| Window { hits: u32::try_from(hits).unwrap_or(u32::MAX), ends_at });
        Ok(Window::blocked(window, limit, now))
    }

    async fn reset(&self, key: &str) -> Result<(), StoreFailed> {
        sqlx::query("DELETE FROM rate_limits WHERE limit_key = $1")
            .bind(stored(key))
            .execute(&self.pool)
            .await
            .map_err(|e| store_failed("resetting a key", &e))?;
        Ok(())
    }
}
