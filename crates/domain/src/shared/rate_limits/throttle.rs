//! The limiter as the use cases call it, with names for its keys, and the error it answers
//! (HTTP 429).
//!
//! **When the limiter's store fails, every limit fails closed.** `hit` and `check` answer
//! `RateLimited` with [`STORE_FAILURE_WAIT_SECONDS`], as if the window were full; `reset` keeps
//! the count. Every limit the site has guards a cost or a secret: SMS and mail (codes, resets,
//! notices), password and code guessing, the phone and e-mail existence checks, members'
//! floods of bookings, applications and lesson entries that text others. The store can fail
//! under the very flood a limit is for (a full connection pool), or alone (its table locked or
//! damaged) while the rest of a request still works; letting requests through then would open
//! an SMS-cost or guessing hole exactly when someone pushes. Refusing costs members a retry
//! during an outage that mostly stops their requests anyway. A limit that guarded only the
//! server's own work, such as a read-only search, could fail open; there is none today.

use std::sync::Arc;

use thiserror::Error;

use super::ports::{Limit, RateLimiter, Refused};

/// The wait told when the store failed: long enough that clients do not hammer a failing
/// store, short enough for a hiccup.
pub const STORE_FAILURE_WAIT_SECONDS: u64 = 60;

/// Too many requests: wait and try again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("rate_limited: retry after {retry_after_seconds} s")]
pub struct RateLimited {
    pub retry_after_seconds: u64,
}

impl RateLimited {
    /// The answer when the store could not count: refused, the failure contract above.
    fn store_failed() -> Self {
        Self { retry_after_seconds: STORE_FAILURE_WAIT_SECONDS }
    }
}

/// The limiter with names for its keys, shared by the use cases.
#[derive(Clone)]
pub struct Throttle {
    limiter: Arc<dyn RateLimiter>,
}

impl Throttle {
    pub fn new(limiter: Arc<dyn RateLimiter>) -> Self {
        Self { limiter }
    }

    /// Counts one request of `scope` by `who`.
    ///
    /// # Errors
    /// `RateLimited` when over `limit`, or when the store failed.
    pub async fn hit(&self, scope: &str, who: &str, limit: Limit) -> Result<(), RateLimited> {
        match self.limiter.hit(&key(scope, who), limit).await {
            Ok(()) => Ok(()),
            Err(Refused::Wait(retry_after_seconds)) => Err(RateLimited { retry_after_seconds }),
            Err(Refused::StoreFailed(_)) => Err(RateLimited::store_failed()),
        }
    }

    /// # Errors
    /// `RateLimited` when `who` is already at `limit` for `scope`, or when the store failed.
    pub async fn check(&self, scope: &str, who: &str, limit: Limit) -> Result<(), RateLimited> {
        match self.limiter.blocked(&key(scope, who), limit).await {
            Ok(None) => Ok(()),
            Ok(Some(retry_after_seconds)) => Err(RateLimited { retry_after_seconds }),
            Err(_) => Err(RateLimited::store_failed()),
        }
    }

    /// Forgets `who`'s count for `scope`. A reset the store fails keeps the count: the key is
    /// refused sooner, never later, and its window ends as usual.
    pub async fn reset(&self, scope: &str, who: &str) {
        let _kept = self.limiter.reset(&key(scope, who)).await;
    }
}

fn key(scope: &str, who: &str) -> String {
    format!("{scope}:{who}")
}

#[cfg(test)]
mod tests {
    use super::super::limits::{LOGIN_ATTEMPTS_PER_PHONE, SEND_CODE_PER_PHONE};
    use super::super::ports::{MockRateLimiter, StoreFailed};
    use super::*;

    /// A limiter whose store fails at every call.
    fn failing() -> Throttle {
        let mut limiter = MockRateLimiter::new();
        limiter.expect_hit().returning(|_, _| Err(Refused::StoreFailed(StoreFailed)));
        limiter.expect_blocked().returning(|_, _| Err(StoreFailed));
        limiter.expect_reset().times(1).returning(|_| Err(StoreFailed));
        Throttle::new(Arc::new(limiter))
    }

    #[tokio::test]
    async fn a_store_that_fails_refuses_every_hit_and_check_with_a_minutes_wait() {
        let throttle = failing();
        let refused = Err(RateLimited { retry_after_seconds: STORE_FAILURE_WAIT_SECONDS });
        assert_eq!(throttle.hit("login-phone", "+85291234567", LOGIN_ATTEMPTS_PER_PHONE).await, refused);
        assert_eq!(throttle.hit("send-code-phone", "+85291234567", SEND_CODE_PER_PHONE).await, refused);
        assert_eq!(throttle.check("send-code-phone", "+85291234567", SEND_CODE_PER_PHONE).await, refused);
        throttle.reset("login-phone-source", "+85291234567@203.0.113.7").await;
    }

    #[tokio::test]
    async fn a_full_window_answers_its_own_wait_under_the_scoped_key() {
        let mut limiter = MockRateLimiter::new();
        limiter.expect_hit().withf(|key, _| key == "reset-phone:+85291234567").returning(|_, _| Err(Refused::Wait(1_200)));
        limiter.expect_blocked().returning(|_, _| Ok(Some(30)));
        let throttle = Throttle::new(Arc::new(limiter));
        assert_eq!(throttle.hit("reset-phone", "+85291234567", SEND_CODE_PER_PHONE).await, Err(RateLimited { retry_after_seconds: 1_200 }));
        assert_eq!(throttle.check("reset-phone", "+85291234567", SEND_CODE_PER_PHONE).await, Err(RateLimited { retry_after_seconds: 30 }));
    }
}
