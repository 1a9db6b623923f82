//! The same rate-limit behaviour from the limiter of one process's memory (SQLite sites) and
//! from the database's (PostgreSQL sites, several servers), here on both engines: the same
//! stories, and the domain's window rule (`rate_limits::Window`) as the model both must match.
//! Then the store-failure contract, on a table that fails.

use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use sqlx::Executor;
use tutorhub_adapters::{Database, InMemoryRateLimiter, SqlRateLimiter};
use tutorhub_domain::shared::clock::{Clock, ManualClock};
use tutorhub_domain::shared::rate_limits::{
    Hit, Limit, RateLimited, RateLimiter, Refused, STORE_FAILURE_WAIT_SECONDS, StoreFailed, Throttle, Window,
};

const LIMIT: Limit = Limit { max: 3, window_seconds: 60 };

/// The limits' clock: a test moves it instead of waiting.
fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::at(Utc.with_ymd_and_hms(2026, 11, 27, 19, 0, 0).unwrap()))
}

async fn allows_max_per_window_then_refuses_with_the_wait(limiter: Arc<dyn RateLimiter>, clock: Arc<ManualClock>) {
    for _ in 0..LIMIT.max {
        assert_eq!(limiter.blocked("login:a", LIMIT).await, Ok(None));
        assert!(limiter.hit("login:a", LIMIT).await.is_ok());
    }
    clock.advance(Duration::seconds(15));
    assert_eq!(limiter.hit("login:a", LIMIT).await, Err(Refused::Wait(45)), "the window began at the first hit");
    assert_eq!(limiter.blocked("login:a", LIMIT).await, Ok(Some(45)));
    assert!(limiter.hit("login:b", LIMIT).await.is_ok(), "keys are counted apart");
    limiter.reset("login:a").await.unwrap();
    assert!(limiter.hit("login:a", LIMIT).await.is_ok(), "a reset key starts again");
}

async fn a_new_window_starts_once_the_old_one_ends(limiter: Arc<dyn RateLimiter>, clock: Arc<ManualClock>) {
    let short = Limit { max: 1, window_seconds: 5 };
    assert!(limiter.hit("sms:x", short).await.is_ok());
    clock.advance(Duration::milliseconds(4_999));
    assert_eq!(limiter.hit("sms:x", short).await, Err(Refused::Wait(1)));
    clock.advance(Duration::milliseconds(1));
    assert_eq!(limiter.blocked("sms:x", short).await, Ok(None));
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
    assert_eq!(limiter.hit("bookings:member", daily).await, Err(Refused::Wait(23 * 3_600 - 60)), "refused after an idle hour");
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

/// The domain's rule as the model: hits, checks and resets on two keys under two limits, at
/// moments that fall before, on and after windows' ends (to the millisecond), each answered as
/// `Window` says. Both limiters must give every answer the model gives.
async fn every_answer_is_the_window_rules(limiter: Arc<dyn RateLimiter>, clock: Arc<ManualClock>) {
    let limits = [Limit { max: 3, window_seconds: 10 }, Limit { max: 1, window_seconds: 4 }];
    let keys = ["check-ip:203.0.113.7", "notice-bookings:a:b"];
    let mut model: [Option<Window>; 2] = [None, None];
    // A small linear congruential generator: the same steps on every run and every limiter.
    let mut seed: u64 = 37;
    let mut next = |below: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % below
    };
    for step in 0..400 {
        let k = usize::try_from(next(2)).unwrap();
        let limit = limits[k];
        let now = clock.now().timestamp_millis();
        // Now and then, land exactly on the key's window's end, or a millisecond before it.
        let advance = match (next(8), model[k]) {
            (0, Some(window)) if window.ends_at > now => window.ends_at - now,
            (1, Some(window)) if window.ends_at > now + 1 => window.ends_at - now - 1,
            _ => i64::try_from(next(2_500)).unwrap(),
        };
        clock.advance(Duration::milliseconds(advance));
        let now = clock.now().timestamp_millis();
        match next(10) {
            0 => {
                limiter.reset(keys[k]).await.unwrap();
                model[k] = None;
            }
            1..=2 => {
                let expected = Window::blocked(model[k], limit, now);
                assert_eq!(limiter.blocked(keys[k], limit).await, Ok(expected), "step {step}: checking {}", keys[k]);
            }
            _ => {
                let expected = match Window::hit(model[k], limit, now) {
                    Hit::Started(window) | Hit::Counted(window) => {
                        model[k] = Some(window);
                        Ok(())
                    }
                    Hit::Refused(wait) => Err(Refused::Wait(wait)),
                };
                assert_eq!(limiter.hit(keys[k], limit).await, expected, "step {step}: hitting {}", keys[k]);
            }
        }
    }
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
    concurrent_hits_never_pass_the_limit,
    every_answer_is_the_window_rules
);

/// The store-failure contract (`rate_limits::ports`): the table fails alone, the rest of the
/// database still works. The limiter answers `StoreFailed`, never a verdict, and the `Throttle`
/// refuses every hit and check (fails closed), with a minute's wait; a reset keeps the count.
async fn a_failing_table_is_reported_and_every_limit_refuses(database: Database) {
    let clock = clock();
    let limiter = in_database(&database, &clock);
    database.pool().execute("DROP TABLE rate_limits").await.unwrap();
    assert_eq!(limiter.hit("login-phone:+85291234567", LIMIT).await, Err(Refused::StoreFailed(StoreFailed)));
    assert_eq!(limiter.blocked("send-code-phone:+85291234567", LIMIT).await, Err(StoreFailed));
    assert_eq!(limiter.reset("login-phone-source:+85291234567@203.0.113.7").await, Err(StoreFailed));
    let throttle = Throttle::new(limiter);
    let refused = Err(RateLimited { retry_after_seconds: STORE_FAILURE_WAIT_SECONDS });
    assert_eq!(throttle.hit("login-phone", "+85291234567", LIMIT).await, refused);
    assert_eq!(throttle.check("send-code-phone", "+85291234567", LIMIT).await, refused);
    throttle.reset("login-phone-source", "+85291234567@203.0.113.7").await;
}

on_both_engines!(a_failing_table_is_reported_and_every_limit_refuses);

#[tokio::test]
async fn the_sweep_removes_only_ended_windows() {
    let (db, clock) = (crate::support::sqlite().await, clock());
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
