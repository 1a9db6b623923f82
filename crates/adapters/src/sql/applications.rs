//! Applications to cases in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{Any, AnyPool, FromRow, Transaction};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome, SelectOutcome};
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use uuid::Uuid;

use crate::sql::cases::parse_uuid;
use crate::sql::rows::{Value, bind_all, corrupt, from_millis, millis, repository_error};

const COLUMNS: &str = "id, case_number, tutor_id, available_times, status, created_at";

pub struct SqlApplicationRepository {
    pool: AnyPool,
}

impl SqlApplicationRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    async fn list(&self, condition: &str, values: &[Value]) -> Result<Vec<CaseApplication>, RepositoryError> {
        let sql = format!("SELECT {COLUMNS} FROM case_applications WHERE {condition}");
        let rows = bind_all(&sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| ApplicationRow::from_row(row).map_err(repository_error)?.into_application()).collect()
    }
}

#[derive(FromRow)]
struct ApplicationRow {
    id: String,
    case_number: i64,
    tutor_id: String,
    available_times: String,
    status: String,
    created_at: i64,
}

impl ApplicationRow {
    fn into_application(self) -> Result<CaseApplication, RepositoryError> {
        Ok(CaseApplication {
            id: parse_uuid(&self.id)?,
            case_number: self.case_number,
            tutor_id: parse_uuid(&self.tutor_id)?,
            available_times: AvailableTimes::from_stored(self.available_times),
            status: CaseApplicationStatus::parse(&self.status).ok_or_else(|| corrupt(format!("application {}: bad status", self.id)))?,
            created_at: from_millis(self.created_at)?,
        })
    }
}

/// Moves one open (`applied`) application of the case to `to`; false when it is not open.
async fn decide_open(
    tx: &mut Transaction<'_, Any>,
    case_number: i64,
    application_id: Uuid,
    to: CaseApplicationStatus,
    at: i64,
) -> Result<bool, RepositoryError> {
    let moved = sqlx::query("UPDATE case_applications SET status = $1, updated_at = $2 WHERE id = $3 AND case_number = $4 AND status = $5")
        .bind(to.key())
        .bind(at)
        .bind(application_id.to_string())
        .bind(case_number)
        .bind(CaseApplicationStatus::Applied.key())
        .execute(&mut **tx)
        .await
        .map_err(repository_error)?
        .rows_affected();
    Ok(moved == 1)
}

#[async_trait]
impl ApplicationRepository for SqlApplicationRepository {
    async fn apply(&self, application: CaseApplication, cap: u32) -> Result<ApplyOutcome, RepositoryError> {
        let created = millis(application.created_at);
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // The count goes up first: the row lock (PostgreSQL) or the write lock (SQLite) makes
        // concurrent applications to one case take turns, and each re-checks the cap.
        let counted = sqlx::query(
            "UPDATE cases SET applicant_count = applicant_count + 1 \
             WHERE number = $1 AND status = $2 AND applicant_count < $3",
        )
        .bind(application.case_number)
        .bind(CaseStatus::Approved.key())
        .bind(i64::from(cap))
        .execute(&mut *tx)
        .await
        .map_err(repository_error)?
        .rows_affected();
        if counted == 0 {
            tx.rollback().await.map_err(repository_error)?;
            let status: Option<String> = sqlx::query_scalar("SELECT status FROM cases WHERE number = $1")
                .bind(application.case_number)
                .fetch_optional(&self.pool)
                .await
                .map_err(repository_error)?;
            return Ok(if status.as_deref() == Some(CaseStatus::Approved.key()) { ApplyOutcome::Full } else { ApplyOutcome::NotOpen });
        }
        // A withdrawn application of this tutor reopens in place (the unique index keeps one
        // row per tutor and case); any other existing row makes the upsert a no-op: a conflict.
        let stored: Option<String> = sqlx::query_scalar(
            "INSERT INTO case_applications (id, case_number, tutor_id, available_times, status, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $6) \
             ON CONFLICT (case_number, tutor_id) DO UPDATE SET available_times = excluded.available_times, \
             status = excluded.status, created_at = excluded.created_at, updated_at = excluded.updated_at \
             WHERE case_applications.status = $7 \
             RETURNING id",
        )
        .bind(application.id.to_string())
        .bind(application.case_number)
        .bind(application.tutor_id.to_string())
        .bind(application.available_times.as_str().to_string())
        .bind(application.status.key())
        .bind(created)
        .bind(CaseApplicationStatus::Withdrawn.key())
        .fetch_optional(&mut *tx)
        .await
        .map_err(repository_error)?;
        let Some(id) = stored else {
            tx.rollback().await.map_err(repository_error)?;
            return Err(RepositoryError::Conflict(Constraint::ApplicationPerTutorAndCase));
        };
        tx.commit().await.map_err(repository_error)?;
        Ok(ApplyOutcome::Applied(CaseApplication { id: parse_uuid(&id)?, created_at: from_millis(created)?, ..application }))
    }

    async fn find(&self, id: Uuid) -> Result<Option<CaseApplication>, RepositoryError> {
        Ok(self.list("id = $1", &[Value::Text(id.to_string())]).await?.pop())
    }

    async fn for_tutor(&self, tutor_id: Uuid, limit: u32) -> Result<Vec<CaseApplication>, RepositoryError> {
        self.list("tutor_id = $1 ORDER BY created_at DESC, id LIMIT $2", &[Value::Text(tutor_id.to_string()), Value::Int(limit.into())])
            .await
    }

    async fn for_case(&self, case_number: i64) -> Result<Vec<CaseApplication>, RepositoryError> {
        self.list("case_number = $1 ORDER BY created_at, id", &[Value::Int(case_number)]).await
    }

    async fn select(&self, case_number: i64, application_id: Uuid, at: DateTime<Utc>) -> Result<SelectOutcome, RepositoryError> {
        let at = millis(at);
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // Conditional on `approved`: of two racing selections only one sees it.
        let matched = sqlx::query("UPDATE cases SET status = $1, updated_at = $2 WHERE number = $3 AND status = $4")
            .bind(CaseStatus::Matched.key())
            .bind(at)
            .bind(case_number)
            .bind(CaseStatus::Approved.key())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        if matched == 0 {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(SelectOutcome::CaseNotOpen);
        }
        if !decide_open(&mut tx, case_number, application_id, CaseApplicationStatus::Selected, at).await? {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(SelectOutcome::ApplicationNotOpen);
        }
        let declined: Vec<String> = sqlx::query_scalar(
            "UPDATE case_applications SET status = $1, updated_at = $2 WHERE case_number = $3 AND status = $4 RETURNING tutor_id",
        )
        .bind(CaseApplicationStatus::Declined.key())
        .bind(at)
        .bind(case_number)
        .bind(CaseApplicationStatus::Applied.key())
        .fetch_all(&mut *tx)
        .await
        .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        let declined_tutors = declined.iter().map(|id| parse_uuid(id)).collect::<Result<_, _>>()?;
        Ok(SelectOutcome::Selected { declined_tutors })
    }

    async fn withdraw(&self, case_number: i64, application_id: Uuid, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let at = millis(at);
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // The case row first, as in `apply` and `select`: the same lock order everywhere (no
        // deadlock), and a racing selection has either committed before the conditional
        // update below reads the application, or waits until this transaction is done.
        let counted = sqlx::query("UPDATE cases SET applicant_count = applicant_count - 1 WHERE number = $1 AND applicant_count > 0")
            .bind(case_number)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        if counted == 0 || !decide_open(&mut tx, case_number, application_id, CaseApplicationStatus::Withdrawn, at).await? {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(false);
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }
}
