//! `tutorhub_limits_hit_total`: requests a rate limit refused, by limit.

use std::sync::Arc;

use async_trait::async_trait;
use metrics::counter;
use tutorhub_domain::shared::rate_limits::{Limit, RateLimiter, Refused, StoreFailed};

pub const LIMITS_HIT: &str = "tutorhub_limits_hit_total";

/// The scopes the site limits today, at zero from the start so that a rate sees them before
/// their first refusal; a scope added later shows from its first refusal on.
const SCOPES: &[&str] = &[
    "apply",
    "bookings",
    "change-password",
    "check-ip",
    "code-check-ip",
    "lesson-entries",
    "login-phone",
    "login-phone-source",
    "login-source",
    "notice-applicants",
    "notice-bookings",
    "notice-daily",
    "notice-lessons",
    "profile-update",
    "reset-ip",
    "reset-phone",
    "send-code-ip",
    "send-code-phone",
];

/// Every known scope's counter at zero.
pub fn register_limit_counters() {
    for scope in SCOPES {
        counter!(LIMITS_HIT, "limit" => *scope).increment(0);
    }
}

/// A limiter that counts its refusals: hits over a limit, not the store's failures (the
/// adapter logs those; this counter reads as pressure on the limits). The label is the key's
/// scope (`login-phone` of `login-phone:+852…`): the site's own names, never what a stranger
/// sent, which the rest of the key is.
pub struct CountedLimiter {
    inner: Arc<dyn RateLimiter>,
}

impl CountedLimiter {
    pub fn new(inner: Arc<dyn RateLimiter>) -> Self {
        Self { inner }
    }
}

/// The scope of a key, or `other` should one ever not look like one of ours.
fn scope(key: &str) -> &str {
    let scope = key.split(':').next().unwrap_or_default();
    let ours = !scope.is_empty() && scope.len() <= 32 && scope.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
    if ours { scope } else { "other" }
}

#[async_trait]
impl RateLimiter for CountedLimiter {
    async fn hit(&self, key: &str, limit: Limit) -> Result<(), Refused> {
        let result = self.inner.hit(key, limit).await;
        if matches!(result, Err(Refused::Wait(_))) {
            counter!(LIMITS_HIT, "limit" => scope(key).to_string()).increment(1);
        }
        result
    }

    async fn blocked(&self, key: &str, limit: Limit) -> Result<Option<u64>, StoreFailed> {
        self.inner.blocked(key, limit).await
    }

    async fn reset(&self, key: &str) -> Result<(), StoreFailed> {
        self.inner.reset(key).await
    }
}

#[cfg(test)]
mod tests {
    use super::scope;

    #[test]
    fn the_label_is_the_scope_and_never_what_a_stranger_sent() {
        assert_eq!(scope("login-phone:+85291234567"), "login-phone");
        assert_eq!(scope("send-code-ip:1.2.3.4"), "send-code-ip");
        assert_eq!(scope("Robert'); DROP:x"), "other");
        assert_eq!(scope(""), "other");
    }
}
