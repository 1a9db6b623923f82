//! The same rate-limit behaviour from the limiter of one process's memory (SQLite sites) and
//! from the database's (PostgreSQL sites, several servers), here on both engines.

mod support;

use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use tutorhub_adapters::{Database, InMemoryRateLimiter, SqlRateLimiter};
use tutorhub_domain::shared::clock::{Clock, ManualClock};
use tutorhub_domain::shared::rate_limiter::{Limit, RateLimiter};

const LIMIT: Limit = Limit { max: 3, window_seconds: 60 };

/// The limits' clock: a test moves it instead of waiting.
fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::at(Utc.with_ymd_and_hms(2026, 11, 27, 19, 0, 0).unwrap()))
}

async fn allows_max_per_window_then_refuses_with_the_wait(limiter: Arc<dyn RateLimiter>, clock: Arc<ManualClock>) {
    for _ in 0..LIMIT.max {
        assert_eq!(limiter.blocked("login:a", LIMIT).await, None);
        assert!(limiter.hit("login:a", LIMIT).await.is_ok());
    }
    clock.advance(Duration::seconds(15));
    assert_eq!(limiter.hit("login:a", LIMIT).await, Err(45), "the window began at the first hit");
    assert_eq!(limiter.blocked("login:a", LIMIT).await, Some(45));
    assert!(limiter.hit("login:b", LIMIT).await.is_ok(), "keys are counted apart");
    limiter.reset("login:a").await;
    assert!(limiter.hit("login:a", LIMIT).await.is_ok(), "a reset key starts again");
}

async fn a_new_window_starts_once_the_old_one_ends(limiter: Arc<dyn RateLimiter>, clock: Arc<ManualClock>) {
    let short = Limit { max: 1, window_seconds: 5 };
    assert!(limiter.hit("sms:x", short).await.is_ok());
    clock.advance(Duration::milliseconds(4_999));
    assert_eq!(limiter.hit("sms:x", short).await, Err(1));
    clock.advance(Duration::milliseconds(1));
    assert_eq!(limiter.blocked("sms:x", short).await, None);
    assert!(limiter.hit("sms:x", short).await.is_ok());
}

/// A daily cap holds for its whole day: an idle hour (and the hourly windows of others ending
/// meanwhile) does not open it; the day's end does.
async fn a_daily_cap_still_refuses_after_an_idle_hour(limiter: Arc<dyn RateLimiter>, clock: Arc<ManualClock>) {
    let daily = Limit { max: 20, window_seconds: 86_400 };
    let hourly = Limit { max: 3, window_seconds: 3_600 };
    for _ in 0..daily.max {
        limiter.hit("bookings:member", daily).await.unwrap();
    }
    limiter.hit("reset-phone:+85261234567", hourly).await.unwrap();
    clock.advance(Duration::minutes(61));
    for n in 0..50 {
        limiter.hit(&format!("reset-phone:+8526{n:07}"), hourly).await.unwrap();
    }
    assert_eq!(limiter.hit("bookings:member", daily).await, Err(23 * 3_600 - 60), "refused after an idle hour");
    assert!(limiter.hit("reset-phone:+85261234567", hourly).await.is_ok(), "an hourly window did end");
    clock.advance(Duration::hours(24) - Duration::minutes(61));
    assert!(limiter.hit("bookings:member", daily).await.is_ok(), "a new window once the day is over");
}

/// Servers racing for the last hits of a window: exactly `max` win, whatever the interleaving.
async fn concurrent_hits_never_pass_the_limit(limiter: Arc<dyn RateLimiter>, _clock: Arc<ManualClock>) {
    let limit = Limit { max: 10, window_seconds: 60 };
    let hits: Vec<_> = (0..40)
        .map(|_| {
            let limiter = limiter.clone();
            tokio::spawn(async move { limiter.hit("race", limit).await.is_ok() })
        })
        .collect();
    let mut allowed = 0;
    for hit in hits {
        allowed += usize::from(hit.await.unwrap());
    }
    assert_eq!(allowed, 10);
}

macro_rules! stories {
    ($($story:ident),+) => {
        mod in_memory {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $story() {
                let clock = super::clock();
                super::$story(std::sync::Arc::new(super::InMemoryRateLimiter::new(clock.clone(), 1_000)), clock).await;
            })+
        }
        mod on_sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $story() {
                let (db, clock) = (crate::support::sqlite().await, super::clock());
                super::$story(super::in_database(&db.database, &clock), clock).await;
            })+
        }
        mod on_postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $story() {
                if let Some(db) = crate::support::postgres().await {
                    let clock = super::clock();
                    super::$story(super::in_database(&db.database, &clock), clock).await;
                }
            })+
        }
    };
}

fn in_database(database: &Database, clock: &Arc<ManualClock>) -> Arc<dyn RateLimiter> {
    Arc::new(SqlRateLimiter::new(database.pool().clone(), clock.clone()))
}

stories!(
    allows_max_per_window_then_refuses_with_the_wait,
    a_new_window_starts_once_the_old_one_ends,
    a_daily_cap_still_refuses_after_an_idle_hour,
    concurrent_hits_never_pass_the_limit
);

#[tokio::test]
async fn the_sweep_removes_only_ended_windows() {
    let (db, clock) = (support::sqlite().await, clock());
    let limiter = SqlRateLimiter::new(db.database.pool().clone(), clock.clone());
    limiter.hit("ended", Limit { max: 5, window_seconds: 1 }).await.unwrap();
    // Stored as digests: no phone or address in the table.
    let keys: Vec<String> = sqlx::query_scalar("SELECT limit_key FROM rate_limits").fetch_all(db.database.pool()).await.unwrap();
    assert!(keys.iter().all(|k| k.len() == 64 && !k.contains("ended")), "{keys:?}");
    limiter.hit("running", LIMIT).await.unwrap();
    clock.advance(Duration::seconds(1));
    assert_eq!(limiter.sweep(clock.now()).await.unwrap(), 1);
    for _ in 1..LIMIT.max {
        limiter.hit("running", LIMIT).await.unwrap();
    }
    assert!(limiter.hit("running", LIMIT).await.is_err(), "the running window kept its count");
}
