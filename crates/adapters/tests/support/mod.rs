//! Fresh databases for the contract suites: a temporary SQLite file, or a new database
//! in the PostgreSQL cluster named by `TUTORHUB_TEST_POSTGRES_URL` (started by
//! `scripts/with-postgres.sh`). Without that variable the PostgreSQL half is skipped, unless
//! `TUTORHUB_REQUIRE_POSTGRES=1` (as in `make test`) turns the skip into a failure.
#![allow(dead_code)]

use sqlx::Executor;
use tutorhub_adapters::Database;

pub struct TestDatabase {
    pub database: Database,
    _dir: Option<tempfile::TempDir>,
}

pub async fn sqlite() -> TestDatabase {
    let dir = tempfile::tempdir().unwrap();
    let database = Database::open(&Database::sqlite_url(dir.path())).await.unwrap();
    TestDatabase { database, _dir: Some(dir) }
}

pub async fn postgres() -> Option<TestDatabase> {
    let Ok(server) = std::env::var("TUTORHUB_TEST_POSTGRES_URL") else {
        assert!(
            std::env::var("TUTORHUB_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "TUTORHUB_REQUIRE_POSTGRES=1 but TUTORHUB_TEST_POSTGRES_URL is not set"
        );
        eprintln!("skipping the PostgreSQL half: TUTORHUB_TEST_POSTGRES_URL is not set");
        return None;
    };
    let name = format!("t_{}", uuid::Uuid::new_v4().simple());
    let admin = Database::connect(&server).await.unwrap();
    admin.pool().execute(format!("CREATE DATABASE {name}").as_str()).await.unwrap();
    admin.close().await;
    let (base, _) = server.rsplit_once('/').unwrap();
    let database = Database::open(&format!("{base}/{name}")).await.unwrap();
    Some(TestDatabase { database, _dir: None })
}

/// Runs each named `async fn(Database)` as two tests, `sqlite::name` and `postgres::name`.
#[macro_export]
macro_rules! on_both_engines {
    ($($story:ident),+ $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $story() {
                let db = $crate::support::sqlite().await;
                super::$story(db.database.clone()).await;
            })+
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $story() {
                if let Some(db) = $crate::support::postgres().await {
                    super::$story(db.database.clone()).await;
                }
            })+
        }
    };
}
