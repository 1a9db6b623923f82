//! Counting requests per key to refuse floods (SMS pumping, password guessing).

use async_trait::async_trait;

/// At most `max` events per `window_seconds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub window_seconds: u64,
}

#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait RateLimiter: Send + Sync {
    /// Counts one event under `key`; `Err(seconds to wait)` when that would exceed `limit`
    /// (the refused event is not counted).
    async fn hit(&self, key: &str, limit: Limit) -> Result<(), u64>;

    /// Whether `key` is at its limit now, without counting: `Some(seconds to wait)`.
    async fn blocked(&self, key: &str, limit: Limit) -> Option<u64>;

    /// Forgets `key` (e.g. failed logins after a success).
    async fn reset(&self, key: &str);
}
