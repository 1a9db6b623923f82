//! Fresh databases for the contract suites: a temporary SQLite file, or a new database
//! in the PostgreSQL cluster named by `TUTORHUB_TEST_POSTGRES_URL` (started by
//! `scripts/with-postgres.sh`). Without that variable the PostgreSQL half is skipped, unless
//! `TUTORHUB_REQUIRE_POSTGRES=1` (as in `make test`) turns the skip into a failure.
#![allow(dead_code)]

pub mod tutors;

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

/// Stores one secondary-maths case in `status` (owner unknown) through the repository and
/// returns its number: for suites that need a case to hang applications on.
pub async fn stored_case(db: &Database, status: tutorhub_domain::cases::model::CaseStatus) -> i64 {
    stored_case_of(db, status, uuid::Uuid::new_v4()).await
}

/// [`stored_case`], owned by `owner`.
pub async fn stored_case_of(db: &Database, status: tutorhub_domain::cases::model::CaseStatus, owner: uuid::Uuid) -> i64 {
    insert_case(db, case_form("中三數學", "測試"), status, owner).await.number
}

/// A secondary-maths case at 藍田 for HK$300 a 90-minute lesson, with its own title and description.
pub fn case_form(title: &str, description: &str) -> tutorhub_domain::cases::model::CaseForm {
    tutorhub_domain::cases::model::CaseForm {
        post_type: "student-seeking-tutor".into(),
        post_title: title.into(),
        level: "secondary".into(),
        grade: "中三".into(),
        subjects: vec!["數學".into()],
        location: "藍田".into(),
        rate: Some(300.0),
        session_length: Some(90),
        sessions_per_week: Some(1),
        description: description.into(),
        preferred_gender: "no limit".into(),
        start_date: "2026-12-01".into(),
    }
}

/// Stores the case of `form` in `status`, owned by `owner`, and returns it as stored.
pub async fn insert_case(
    db: &Database,
    form: tutorhub_domain::cases::model::CaseForm,
    status: tutorhub_domain::cases::model::CaseStatus,
    owner: uuid::Uuid,
) -> tutorhub_domain::cases::model::Case {
    use tutorhub_domain::cases::model::{CaseDetails, NewCase};
    use tutorhub_domain::cases::ports::CaseRepository;
    let case = NewCase {
        id: uuid::Uuid::new_v4(),
        owner_id: Some(owner),
        details: CaseDetails::parse(&form).unwrap(),
        status,
        created_at: chrono::Utc::now(),
    };
    tutorhub_adapters::SqlCaseRepository::new(db.pool().clone()).insert(vec![case]).await.unwrap().remove(0)
}
