//! Rate limits counted in this process's memory (SQLite sites, which one server serves).
//!
//! Windows are counted by the domain's rule (`rate_limits::Window`), as in the database's
//! limiter (`sql::rate_limits`): from a key's first hit, at most `max` hits until its window
//! ends. A key is kept until its own window ends, a day for a daily cap, and forgotten then,
//! however idle it was: a clean-up that forgets keys earlier opens their limits early. This
//! store cannot fail (memory), so it never answers `StoreFailed`.
//!
//! A flood of new keys must not slow every limit. A hit costs the same with ten keys or a
//! million: the key's window is found by hash, and the windows of one length end in the order
//! they began, so a queue per length holds their ends in order and each hit forgets the few
//! that ended at its front. Keys are kept as a 64-bit digest (randomly seeded), so a key costs
//! the same memory whatever it names; two keys sharing a digest would only count together,
//! which refuses sooner, never later.
//!
//! There are at most `max_keys` windows. Each costs a 24-byte map entry (in a map at least
//! 7/16 full: under 60 bytes) and a 16-byte queue entry (stale ones included at most twice
//! over, in queues shrunk once under a quarter full: under 128 bytes), so under 190 bytes at
//! worst and about 45 as a rule. When the table is full
//! and no window has ended, a hit on a new key is refused until one ends: a full table never
//! opens a limit, it refuses newcomers for at most the shortest window still running (the
//! windows strangers can start, per address and per phone, last an hour at most; the daily
//! ones are members').
//!
//! Several instances each count on their own: a site with several servers runs on PostgreSQL,
//! whose limiter counts in the shared table (docs/adr/0057-limiter-windows-and-proxies.md).

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use async_trait::async_trait;
use tutorhub_domain::shared::clock::{Clock, SystemClock};
use tutorhub_domain::shared::rate_limits::window::wait_until;
use tutorhub_domain::shared::rate_limits::{Hit, Limit, RateLimiter, Refused, StoreFailed, Window};

/// Windows kept at most by default: under 57 MB at worst, about twice the keys of the flood
/// `make soak` sends (150,000 phones' resets from 7,500 addresses).
pub const DEFAULT_MAX_KEYS: usize = 300_000;

// The bound above counts a 24-byte map entry: a key's digest and the domain's `Window`.
const _: () = assert!(std::mem::size_of::<(u64, Window)>() == 24, "a kept window grew: recount DEFAULT_MAX_KEYS's memory");

/// Shards, each behind its own lock, so that hits on different keys rarely wait for each other.
const SHARDS: usize = 16;

/// Ended windows a hit forgets at most before it is counted, so that a hit arriving when many
/// windows end together does not pay for them all (the next hits take the rest).
const FORGOTTEN_PER_HIT: usize = 64;

/// A full table is logged at most this often per shard (milliseconds): every refused newcomer
/// would otherwise write a line.
const FULL_WARNING_EVERY_MS: i64 = 60_000;

pub struct InMemoryRateLimiter {
    clock: Arc<dyn Clock>,
    digests: RandomState,
    shards: Vec<Mutex<Shard>>,
}

impl Default for InMemoryRateLimiter {
    fn default() -> Self {
        Self::new(Arc::new(SystemClock), DEFAULT_MAX_KEYS)
    }
}

impl InMemoryRateLimiter {
    /// At most `max_keys` windows (shared evenly by the shards), timed by `clock`.
    pub fn new(clock: Arc<dyn Clock>, max_keys: usize) -> Self {
        let per_shard = max_keys.div_ceil(SHARDS).max(1);
        Self { clock, digests: RandomState::new(), shards: (0..SHARDS).map(|_| Mutex::new(Shard::new(per_shard))).collect() }
    }

    /// The windows kept now, ended ones not yet forgotten included.
    pub fn keys(&self) -> usize {
        self.shards.iter().map(|shard| lock(shard).windows.len()).sum()
    }

    fn shard(&self, key: &str) -> (MutexGuard<'_, Shard>, u64) {
        let digest = self.digests.hash_one(key);
        // The top bits pick the shard; the map inside hashes the whole digest again.
        (lock(&self.shards[(digest >> 60) as usize % SHARDS]), digest)
    }

    fn now(&self) -> i64 {
        self.clock.now().timestamp_millis()
    }
}

fn lock(shard: &Mutex<Shard>) -> MutexGuard<'_, Shard> {
    shard.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The ends of the windows of one length, in the order the windows began (so, ended first at
/// the front). An entry whose key has since started another window, or was reset, is stale
/// and simply dropped when it reaches the front.
struct Ends {
    window_ms: i64,
    queue: VecDeque<(i64, u64)>,
}

struct Shard {
    max_keys: usize,
    windows: HashMap<u64, Window>,
    ends: Vec<Ends>,
    /// Queue entries over every length, stale ones included.
    queued: usize,
    /// When the table was last logged as full (milliseconds).
    warned_full_at: Option<i64>,
}

impl Shard {
    fn new(max_keys: usize) -> Self {
        Self { max_keys, windows: HashMap::new(), ends: Vec::new(), queued: 0, warned_full_at: None }
    }

    /// Counts a hit on `digest` at `now`; `Err(seconds to wait)` when it is over `limit`, or
    /// when it is a new key and the table is full.
    fn hit(&mut self, digest: u64, limit: Limit, now: i64) -> Result<(), u64> {
        self.forget_ended(now, FORGOTTEN_PER_HIT);
        let current = self.windows.get(&digest).copied();
        match Window::hit(current, limit, now) {
            Hit::Refused(wait) => Err(wait),
            Hit::Counted(window) => {
                self.windows.insert(digest, window);
                Ok(())
            }
            Hit::Started(window) => {
                // A key whose window ended, not yet forgotten, has its room already.
                if current.is_none() {
                    if self.windows.len() >= self.max_keys {
                        self.forget_ended(now, usize::MAX);
                    }
                    if self.windows.len() >= self.max_keys {
                        return Err(self.full(now));
                    }
                }
                self.windows.insert(digest, window);
                self.queue_end(digest, window.ends_at, limit.window_ms());
                Ok(())
            }
        }
    }

    fn blocked(&self, digest: u64, limit: Limit, now: i64) -> Option<u64> {
        Window::blocked(self.windows.get(&digest).copied(), limit, now)
    }

    fn queue_end(&mut self, digest: u64, ends_at: i64, window_ms: i64) {
        let index = match self.ends.iter().position(|e| e.window_ms == window_ms) {
            Some(index) => index,
            None => {
                self.ends.push(Ends { window_ms, queue: VecDeque::new() });
                self.ends.len() - 1
            }
        };
        self.ends[index].queue.push_back((ends_at, digest));
        self.queued += 1;
        // Resets and restarted windows leave stale entries behind; past twice the keys they
        // are dropped in one pass, so the queues stay within a bound too (amortised, each
        // entry is dropped once).
        if self.queued > 2 * self.max_keys.max(self.windows.len()) {
            self.drop_stale();
        }
    }

    /// Forgets up to `at_most` windows that ended by `now`, dropping stale entries on the way.
    fn forget_ended(&mut self, now: i64, at_most: usize) {
        let mut forgotten = 0;
        for ends in &mut self.ends {
            while forgotten < at_most {
                let Some(&(ends_at, digest)) = ends.queue.front() else { break };
                if ends_at > now {
                    break;
                }
                ends.queue.pop_front();
                self.queued -= 1;
                forgotten += 1;
                if self.windows.get(&digest).is_some_and(|w| w.ends_at == ends_at) {
                    self.windows.remove(&digest);
                }
            }
            shrink(&mut ends.queue);
        }
    }

    /// Keeps one entry per running window: drops the stale ones, and the twin a key reset and
    /// hit again within a millisecond leaves (the same end twice).
    fn drop_stale(&mut self) {
        let windows = &self.windows;
        let mut seen = HashSet::new();
        for ends in &mut self.ends {
            ends.queue.retain(|(ends_at, digest)| windows.get(digest).is_some_and(|w| w.ends_at == *ends_at) && seen.insert(*digest));
            shrink(&mut ends.queue);
        }
        self.queued = self.ends.iter().map(|e| e.queue.len()).sum();
    }

    /// The wait for a newcomer at a full table: until the first running window ends.
    fn full(&mut self, now: i64) -> u64 {
        if self.warned_full_at.is_none_or(|at| now - at >= FULL_WARNING_EVERY_MS) {
            self.warned_full_at = Some(now);
            tracing::warn!(keys = self.windows.len(), "the rate-limit table is full: a new key is refused until a window ends");
        }
        let first_end = self.ends.iter().filter_map(|e| e.queue.front().map(|(ends_at, _)| *ends_at)).min();
        first_end.map_or(1, |at| wait_until(at, now))
    }
}

/// Gives back a queue's room once it is under a quarter used, so that a flood of one window
/// length does not hold its peak for good.
fn shrink(queue: &mut VecDeque<(i64, u64)>) {
    if queue.capacity() > 1_024 && queue.len() < queue.capacity() / 4 {
        queue.shrink_to(queue.len() * 2);
    }
}

#[async_trait]
impl RateLimiter for InMemoryRateLimiter {
    async fn hit(&self, key: &str, limit: Limit) -> Result<(), Refused> {
        let now = self.now();
        let (mut shard, digest) = self.shard(key);
        shard.hit(digest, limit, now).map_err(Refused::Wait)
    }

    async fn blocked(&self, key: &str, limit: Limit) -> Result<Option<u64>, StoreFailed> {
        let now = self.now();
        let (shard, digest) = self.shard(key);
        Ok(shard.blocked(digest, limit, now))
    }

    async fn reset(&self, key: &str) -> Result<(), StoreFailed> {
        let (mut shard, digest) = self.shard(key);
        shard.windows.remove(&digest);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, TimeZone, Utc};
    use tutorhub_domain::shared::clock::ManualClock;

    use super::*;

    const DAILY: Limit = Limit { max: 20, window_seconds: 86_400 };
    const HOURLY: Limit = Limit { max: 3, window_seconds: 3_600 };

    fn clock() -> Arc<ManualClock> {
        Arc::new(ManualClock::at(Utc.with_ymd_and_hms(2026, 11, 27, 20, 0, 0).unwrap()))
    }

    #[tokio::test]
    async fn allows_max_events_per_window_then_refuses_with_a_wait() {
        let clock = clock();
        let limiter = InMemoryRateLimiter::new(clock.clone(), 100);
        let limit = Limit { max: 2, window_seconds: 60 };
        assert!(limiter.hit("a", limit).await.is_ok());
        assert_eq!(limiter.blocked("a", limit).await, Ok(None));
        clock.advance(Duration::seconds(10));
        assert!(limiter.hit("a", limit).await.is_ok());
        assert_eq!(limiter.hit("a", limit).await, Err(Refused::Wait(50)), "the window began at the first hit");
        assert_eq!(limiter.blocked("a", limit).await, Ok(Some(50)));
        assert!(limiter.hit("b", limit).await.is_ok(), "keys are counted apart");
        limiter.reset("a").await.unwrap();
        assert!(limiter.hit("a", limit).await.is_ok());
    }

    /// The defect this limiter replaced: a clean-up dropped every key idle for an hour, so a
    /// daily cap opened again after 61 quiet minutes and a flood of new keys.
    #[tokio::test]
    async fn a_daily_window_is_kept_across_an_idle_hour_and_a_flood_and_ends_after_a_day() {
        let clock = clock();
        let limiter = InMemoryRateLimiter::new(clock.clone(), 1_000_000);
        for _ in 0..DAILY.max {
            limiter.hit("bookings:member", DAILY).await.unwrap();
        }
        clock.advance(Duration::minutes(61));
        for n in 0..20_000 {
            limiter.hit(&format!("reset-phone:{n}"), HOURLY).await.unwrap();
        }
        assert!(limiter.hit("bookings:member", DAILY).await.is_err(), "still refused after an idle hour and a flood");
        clock.advance(Duration::hours(24) - Duration::minutes(61) - Duration::seconds(1));
        assert_eq!(limiter.hit("bookings:member", DAILY).await, Err(Refused::Wait(1)), "refused up to the window's end");
        clock.advance(Duration::seconds(1));
        assert!(limiter.hit("bookings:member", DAILY).await.is_ok(), "a new window once the day is over");
    }

    #[tokio::test]
    async fn ended_windows_are_forgotten_as_hits_go_on() {
        let clock = clock();
        let limiter = InMemoryRateLimiter::new(clock.clone(), 1_000_000);
        for n in 0..1_000 {
            limiter.hit(&format!("check-ip:{n}"), HOURLY).await.unwrap();
        }
        limiter.hit("bookings:member", DAILY).await.unwrap();
        assert_eq!(limiter.keys(), 1_001);
        clock.advance(Duration::hours(1));
        for n in 0..1_000 {
            limiter.hit(&format!("send-code-ip:{n}"), HOURLY).await.unwrap();
        }
        assert_eq!(limiter.keys(), 1_001, "the ended hourly windows were forgotten by later hits, the daily one kept");
        assert_eq!(limiter.blocked("bookings:member", Limit { max: 1, window_seconds: 86_400 }).await, Ok(Some(23 * 3_600)));
    }

    #[tokio::test]
    async fn a_full_table_refuses_newcomers_until_a_window_ends_and_never_opens_a_limit() {
        let clock = clock();
        // One key per shard at most: 16 in all.
        let limiter = InMemoryRateLimiter::new(clock.clone(), SHARDS);
        let mut kept = Vec::new();
        let mut refused = None;
        for n in 0..1_000 {
            let key = format!("send-code-ip:{n}");
            match limiter.hit(&key, HOURLY).await {
                Ok(()) => kept.push(key),
                Err(wait) => {
                    refused = Some((key, wait));
                    break;
                }
            }
        }
        let (newcomer, wait) = refused.expect("the table fills up");
        assert_eq!(wait, Refused::Wait(3_600), "the wait is until the first window ends");
        assert!(kept.len() <= SHARDS && limiter.keys() <= SHARDS);
        for key in &kept {
            for _ in 1..HOURLY.max {
                limiter.hit(key, HOURLY).await.unwrap();
            }
            assert!(limiter.hit(key, HOURLY).await.is_err(), "every kept key still has its limit");
        }
        clock.advance(Duration::hours(1));
        assert!(limiter.hit(&newcomer, HOURLY).await.is_ok(), "room once the windows ended");
    }

    /// Resets leave stale entries, and a reset and a hit within one millisecond leave the same
    /// end twice: the shard still queues at most twice its keys.
    #[tokio::test]
    async fn resets_and_restarted_windows_leave_the_queues_bounded() {
        let clock = clock();
        let limiter = InMemoryRateLimiter::new(clock.clone(), SHARDS * 10);
        for round in 0..10_000 {
            limiter.hit("login:a", HOURLY).await.unwrap();
            limiter.reset("login:a").await.unwrap();
            if round % 100 == 0 {
                clock.advance(Duration::seconds(1));
            }
        }
        for shard in &limiter.shards {
            let shard = lock(shard);
            assert!(shard.queued <= 2 * 10 + 1, "{} entries queued for {} keys", shard.queued, shard.windows.len());
        }
    }
}
