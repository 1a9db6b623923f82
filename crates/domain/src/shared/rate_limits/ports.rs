//! The port the limits are counted through, and what it answers when its store fails.

use async_trait::async_trait;
use thiserror::Error;

/// At most `max` events per `window_seconds`, counted as [`super::window`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub window_seconds: u64,
}

impl Limit {
    /// The window's length in milliseconds, the unit the limiters keep times in (clamped far
    /// beyond any real limit, so that a window's end never overflows).
    pub fn window_ms(self) -> i64 {
        i64::try_from(self.window_seconds.saturating_mul(1000)).map_or(i64::MAX / 4, |ms| ms.min(i64::MAX / 4))
    }
}

/// The limiter's store could not count or read: nothing was counted and nothing is known
/// about the key's window. The adapter has logged why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("rate_limit_store_failed")]
pub struct StoreFailed;

/// Why a hit was not counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Refused {
    /// The key's window is full (in memory, also: the table of windows is full): a hit may be
    /// counted again after this many seconds, at least one.
    #[error("rate_limit_full: retry after {0} s")]
    Wait(u64),
    /// The store failed. The caller decides, as [`super::throttle`] does for every limit.
    #[error(transparent)]
    StoreFailed(#[from] StoreFailed),
}

/// Counts events per key in windows (the rule is [`super::window::Window`]), in this process's
/// memory or in a store every server shares.
///
/// **When the store fails** an adapter never decides for the caller: it logs the cause and
/// answers `StoreFailed` (from `hit`, `Refused::StoreFailed`). It neither lets the event
/// through as if counted nor refuses it as if the window were full. What a failure means is
/// the caller's business: `Throttle`, the one caller, refuses (fails closed) on `hit` and
/// `blocked`, and keeps the count on `reset`.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait RateLimiter: Send + Sync {
    /// Counts one event under `key`; `Err(Refused::Wait(seconds))` when that would exceed
    /// `limit` (the refused event is not counted).
    async fn hit(&self, key: &str, limit: Limit) -> Result<(), Refused>;

    /// Whether `key` is at its limit now, without counting: `Some(seconds to wait)`.
    async fn blocked(&self, key: &str, limit: Limit) -> Result<Option<u64>, StoreFailed>;

    /// Forgets `key` (e.g. failed logins after a success).
    async fn reset(&self, key: &str) -> Result<(), StoreFailed>;
}
