//! Rate limits counted in this process's memory.
//!
//! Fine for one `tutorhub serve`; several instances behind a load balancer each count on
//! their own, so the effective limit multiplies by the number of instances (docs/decisions.md).

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use tokio::sync::Mutex;
use tutorhub_domain::shared::rate_limiter::{Limit, RateLimiter};

/// A sliding log of event times per key.
#[derive(Default)]
pub struct InMemoryRateLimiter {
    events: Mutex<HashMap<String, VecDeque<Instant>>>,
}

/// Keys are dropped once idle for this long, so memory stays bounded by recent traffic.
const SWEEP_AT: usize = 10_000;

fn prune(log: &mut VecDeque<Instant>, window: Duration, now: Instant) {
    while log.front().is_some_and(|t| now.duration_since(*t) >= window) {
        log.pop_front();
    }
}

fn wait(log: &VecDeque<Instant>, window: Duration, now: Instant) -> u64 {
    log.front().map_or(1, |oldest| (window.saturating_sub(now.duration_since(*oldest))).as_secs().max(1))
}

#[async_trait]
impl RateLimiter for InMemoryRateLimiter {
    async fn hit(&self, key: &str, limit: Limit) -> Result<(), u64> {
        let now = Instant::now();
        let window = Duration::from_secs(limit.window_seconds);
        let mut events = self.events.lock().await;
        if events.len() >= SWEEP_AT {
            events.retain(|_, log| log.back().is_some_and(|t| now.duration_since(*t) < Duration::from_secs(3600)));
        }
        let log = events.entry(key.to_string()).or_default();
        prune(log, window, now);
        if log.len() >= limit.max as usize {
            return Err(wait(log, window, now));
        }
        log.push_back(now);
        Ok(())
    }

    async fn blocked(&self, key: &str, limit: Limit) -> Option<u64> {
        let now = Instant::now();
        let window = Duration::from_secs(limit.window_seconds);
        let mut events = self.events.lock().await;
        let log = events.get_mut(key)?;
        prune(log, window, now);
        (log.len() >= limit.max as usize).then(|| wait(log, window, now))
    }

    async fn reset(&self, key: &str) {
        self.events.lock().await.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn allows_max_events_per_window_then_refuses_with_a_wait() {
        let limiter = InMemoryRateLimiter::default();
        let limit = Limit { max: 2, window_seconds: 60 };
        assert!(limiter.hit("a", limit).await.is_ok());
        assert!(limiter.blocked("a", limit).await.is_none());
        assert!(limiter.hit("a", limit).await.is_ok());
        let wait = limiter.hit("a", limit).await.unwrap_err();
        assert!((59..=60).contains(&wait), "{wait}");
        assert!(limiter.blocked("a", limit).await.is_some());
        assert!(limiter.hit("b", limit).await.is_ok(), "keys are counted apart");
        limiter.reset("a").await;
        assert!(limiter.hit("a", limit).await.is_ok());
    }
}
