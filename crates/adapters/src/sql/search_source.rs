//! What the search index reads from the database: everything public in key order when it is
//! built, and the cases and tutors the change feed names.

use async_trait::async_trait;
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::cases::model::Case;
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::search::ports::SearchSource;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::TutorProfile;
use uuid::Uuid;

use crate::sql::cases::{COLUMNS, CaseRow, SqlCaseRepository};
use crate::sql::rows::{Value, repository_error};
use crate::sql::tutors::{PROFILE_COLUMNS, ProfileRow, profiles_by_keys};

pub struct SqlSearchSource {
    pool: AnyPool,
    cases: SqlCaseRepository,
}

impl SqlSearchSource {
    pub fn new(pool: AnyPool) -> Self {
        Self { cases: SqlCaseRepository::new(pool.clone()), pool }
    }
}

#[async_trait]
impl SearchSource for SqlSearchSource {
    async fn cases_after(&self, after: i64, limit: u32) -> Result<Vec<Case>, RepositoryError> {
        // Keyset paging on the primary key alone: with a status condition too, the engine
        // picks the status index and sorts every approved case for each batch.
        let sql = format!("SELECT {COLUMNS} FROM cases c WHERE c.number > $1 ORDER BY c.number LIMIT $2");
        let rows = sqlx::query(&sql).bind(after).bind(i64::from(limit)).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| CaseRow::from_row(row).map_err(repository_error)?.into_case()).collect()
    }

    async fn tutors_after(&self, after: i64, limit: u32) -> Result<Vec<TutorProfile>, RepositoryError> {
        // On the unique user number alone, for the same reason as the cases.
        let sql = format!("SELECT {PROFILE_COLUMNS} FROM tutor_profiles t WHERE t.user_number > $1 ORDER BY t.user_number LIMIT $2");
        let rows = sqlx::query(&sql).bind(after).bind(i64::from(limit)).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| ProfileRow::from_row(row).map_err(repository_error)?.into_profile()).collect()
    }

    async fn cases(&self, numbers: &[i64]) -> Result<Vec<Case>, RepositoryError> {
        self.cases.find_by_numbers(numbers).await
    }

    async fn tutors(&self, ids: &[Uuid]) -> Result<Vec<TutorProfile>, RepositoryError> {
        let keys: Vec<Value> = ids.iter().map(|id| Value::Text(id.to_string())).collect();
        profiles_by_keys(&self.pool, "t.user_id", &keys).await
    }

    async fn tutors_numbered(&self, numbers: &[i64]) -> Result<Vec<TutorProfile>, RepositoryError> {
        let keys: Vec<Value> = numbers.iter().map(|n| Value::Int(*n)).collect();
        profiles_by_keys(&self.pool, "t.user_number", &keys).await
    }
}
