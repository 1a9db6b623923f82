//! The same rate-limit behaviour from the limiter of one process's memory (SQLite sites) and
//! from the database's (PostgreSQL sites, several servers), here on both engines.

mod support;

use std::sync::Arc;

use tutorhub_adapters::{Database, InMemoryRateLimiter, SqlRateLimiter};
use tutorhub_domain::shared::rate_limiter::{Limit, RateLimiter};

const LIMIT: Limit = Limit { max: 3, window_seconds: 60 };

async fn allows_max_per_window_then_refuses_with_the_wait(limiter: Arc<dyn RateLimiter>) {
    for _ in 0..LIMIT.max {
        assert_eq!(limiter.blocked("login:a", LIMIT).await, None);
        assert!(limiter.hit("login:a", LIMIT).await.is_ok());
    }
    // About the window's length (a loaded machine may take some seconds to get here).
    let wait = limiter.hit("login:a", LIMIT).await.unwrap_err();
    assert!((45..=60).contains(&wait), "{wait}");
    assert!(limiter.blocked("login:a", LIMIT).await.is_some_and(|w| (45..=60).contains(&w)));
    assert!(limiter.hit("login:b", LIMIT).await.is_ok(), "keys are counted apart");
    limiter.reset("login:a").await;
    assert!(limiter.hit("login:a", LIMIT).await.is_ok(), "a reset key starts again");
}

async fn a_new_window_starts_once_the_old_one_ends(limiter: Arc<dyn RateLimiter>) {
    // Five seconds: the refusal right after the first hit must land inside the window even on
    // a loaded machine.
    let short = Limit { max: 1, window_seconds: 5 };
    assert!(limiter.hit("sms:x", short).await.is_ok());
    assert!(limiter.hit("sms:x", short).await.is_err());
    tokio::time::sleep(std::time::Duration::from_millis(5100)).await;
    assert_eq!(limiter.blocked("sms:x", short).await, None);
    assert!(limiter.hit("sms:x", short).await.is_ok());
}

/// Servers racing for the last hits of a window: exactly `max` win, whatever the interleaving.
async fn concurrent_hits_never_pass_the_limit(limiter: Arc<dyn RateLimiter>) {
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
                super::$story(std::sync::Arc::new(super::InMemoryRateLimiter::default())).await;
            })+
        }
        mod on_sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $story() {
                let db = crate::support::sqlite().await;
                super::$story(super::in_database(&db.database)).await;
            })+
        }
        mod on_postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $story() {
                if let Some(db) = crate::support::postgres().await {
                    super::$story(super::in_database(&db.database)).await;
                }
            })+
        }
    };
}

fn in_database(database: &Database) -> Arc<dyn RateLimiter> {
    Arc::new(SqlRateLimiter::new(database.pool().clone()))
}

stories!(allows_max_per_window_then_refuses_with_the_wait, a_new_window_starts_once_the_old_one_ends, concurrent_hits_never_pass_the_limit);

#[tokio::test]
async fn the_sweep_removes_only_ended_windows() {
    let db = support::sqlite().await;
    let limiter = SqlRateLimiter::new(db.database.pool().clone());
    limiter.hit("ended", Limit { max: 5, window_seconds: 1 }).await.unwrap();
    // Stored as digests: no phone or address in the table.
    let keys: Vec<String> = sqlx::query_scalar("SELECT limit_key FROM rate_limits").fetch_all(db.database.pool()).await.unwrap();
    assert!(keys.iter().all(|k| k.len() == 64 && !k.contains("ended")), "{keys:?}");
    limiter.hit("running", LIMIT).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_eq!(limiter.sweep(chrono::Utc::now()).await.unwrap(), 1);
    for _ in 1..LIMIT.max {
        limiter.hit("running", LIMIT).await.unwrap();
    }
    assert!(limiter.hit("running", LIMIT).await.is_err(), "the running window kept its count");
}
