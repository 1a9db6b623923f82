//! Applications to cases in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{Any, AnyPool, FromRow, Transaction};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::matching::model::{AvailableTimes, CaseApplication, CaseApplicationStatus};
use tutorhub_domain::matching::offer::{Offer, OfferStatus};
use tutorhub_domain::matching::ports::{ApplicationRepository, ApplyOutcome, ConfirmOutcome, OfferOutcome};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};
use uuid::Uuid;

use crate::sql::cases::parse_uuid;
use crate::sql::rows::{Value, bind_all, corrupt, from_millis, millis, repository_error};

const COLUMNS: &str = "id, case_number, tutor_id, available_times, status, created_at";
const OFFER_COLUMNS: &str =
    "id, case_number, application_id, tutor_id, fee_cents, status, created_at, expires_at, decided_at, first_lesson_at";

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

    async fn list_offers(&self, condition: &str, values: &[Value]) -> Result<Vec<Offer>, RepositoryError> {
        let sql = format!("SELECT {OFFER_COLUMNS} FROM offers WHERE {condition}");
        let rows = bind_all(&sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| OfferRow::from_row(row).map_err(repository_error)?.into_offer()).collect()
    }
}

#[derive(FromRow)]
struct OfferRow {
    id: String,
    case_number: i64,
    application_id: String,
    tutor_id: String,
    fee_cents: i64,
    status: String,
    created_at: i64,
    expires_at: i64,
    decided_at: Option<i64>,
    first_lesson_at: Option<i64>,
}

impl OfferRow {
    fn into_offer(self) -> Result<Offer, RepositoryError> {
        Ok(Offer {
            id: parse_uuid(&self.id)?,
            case_number: self.case_number,
            application_id: parse_uuid(&self.application_id)?,
            tutor_id: parse_uuid(&self.tutor_id)?,
            fee: Rate::from_cents(self.fee_cents),
            status: OfferStatus::parse(&self.status).ok_or_else(|| corrupt(format!("offer {}: bad status", self.id)))?,
            created_at: from_millis(self.created_at)?,
            expires_at: from_millis(self.expires_at)?,
            decided_at: self.decided_at.map(from_millis).transpose()?,
            first_lesson_at: self.first_lesson_at.map(from_millis).transpose()?,
        })
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

/// Moves one application of the case from `from` to `to`; false when it is not in `from`.
async fn move_application(
    tx: &mut Transaction<'_, Any>,
    case_number: i64,
    application_id: &str,
    from: CaseApplicationStatus,
    to: CaseApplicationStatus,
    at: i64,
) -> Result<bool, RepositoryError> {
    let moved = sqlx::query("UPDATE case_applications SET status = $1, updated_at = $2 WHERE id = $3 AND case_number = $4 AND status = $5")
        .bind(to.key())
        .bind(at)
        .bind(application_id.to_string())
        .bind(case_number)
        .bind(from.key())
        .execute(&mut **tx)
        .await
        .map_err(repository_error)?
        .rows_affected();
    Ok(moved == 1)
}

/// Moves the case from `from` to `to`; false when it is not in `from`. Applying, offering and
/// withdrawing take the case row first; answering an offer takes the offer row, then the case
/// row; reopening an ended match (`sql::lessons`) its ending row, then the case row: no
/// transaction takes them the other way round, so none deadlocks.
async fn move_case(
    tx: &mut Transaction<'_, Any>,
    case_number: i64,
    from: CaseStatus,
    to: CaseStatus,
    at: i64,
) -> Result<bool, RepositoryError> {
    let moved = sqlx::query("UPDATE cases SET status = $1, updated_at = $2 WHERE number = $3 AND status = $4")
        .bind(to.key())
        .bind(at)
        .bind(case_number)
        .bind(from.key())
        .execute(&mut **tx)
        .await
        .map_err(repository_error)?
        .rows_affected();
    Ok(moved == 1)
}

/// Moves an open offer to `to` (with the first lesson's time on a confirmation), when it is
/// open and, for a confirmation, before its deadline. Answers its case and application.
///
/// The offer row is written first, not read: a read-then-write transaction on SQLite cannot
/// take the write lock once another writer went ahead, and on PostgreSQL the row lock makes a
/// confirmation, a decline and lapse jobs on several servers take turns (the losers find it
/// no longer open). The case row comes next in each.
async fn close_offer(
    tx: &mut Transaction<'_, Any>,
    id: Uuid,
    to: OfferStatus,
    first_lesson_at: Option<i64>,
    at: i64,
) -> Result<Option<(i64, String)>, RepositoryError> {
    let deadline = if to == OfferStatus::Confirmed { " AND expires_at > $2" } else { "" };
    let sql = format!(
        "UPDATE offers SET status = $1, decided_at = $2, first_lesson_at = $3 WHERE id = $4 AND status = $5{deadline} \
         RETURNING case_number, application_id"
    );
    sqlx::query_as(&sql)
        .bind(to.key())
        .bind(at)
        .bind(first_lesson_at)
        .bind(id.to_string())
        .bind(OfferStatus::Open.key())
        .fetch_optional(&mut **tx)
        .await
        .map_err(repository_error)
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

    async fn offer(&self, offer: &Offer) -> Result<OfferOutcome, RepositoryError> {
        let at = millis(offer.created_at);
        let application_id = offer.application_id.to_string();
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // Conditional on `approved`: of two racing offers only one sees it.
        if !move_case(&mut tx, offer.case_number, CaseStatus::Approved, CaseStatus::Offered, at).await? {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(OfferOutcome::CaseNotOpen);
        }
        let (from, to) = (CaseApplicationStatus::Applied, CaseApplicationStatus::Offered);
        if !move_application(&mut tx, offer.case_number, &application_id, from, to, at).await? {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(OfferOutcome::ApplicationNotOpen);
        }
        let sql = format!("INSERT INTO offers ({OFFER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, NULL)");
        sqlx::query(&sql)
            .bind(offer.id.to_string())
            .bind(offer.case_number)
            .bind(application_id)
            .bind(offer.tutor_id.to_string())
            .bind(offer.fee.cents())
            .bind(offer.status.key())
            .bind(at)
            .bind(millis(offer.expires_at))
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(OfferOutcome::Offered)
    }

    async fn offers(&self, applications: &[Uuid]) -> Result<Vec<Offer>, RepositoryError> {
        if applications.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders: Vec<String> = (1..=applications.len()).map(|n| format!("${n}")).collect();
        let values: Vec<Value> = applications.iter().map(|id| Value::Text(id.to_string())).collect();
        let condition = format!("application_id IN ({}) ORDER BY created_at, id", placeholders.join(", "));
        // Oldest first, so the latest of each application is the one kept.
        let mut latest = std::collections::HashMap::new();
        for offer in self.list_offers(&condition, &values).await? {
            latest.insert(offer.application_id, offer);
        }
        Ok(latest.into_values().collect())
    }

    async fn confirm(&self, offer_id: Uuid, first_lesson_at: DateTime<Utc>, at: DateTime<Utc>) -> Result<ConfirmOutcome, RepositoryError> {
        let at = millis(at);
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let closed = close_offer(&mut tx, offer_id, OfferStatus::Confirmed, Some(millis(first_lesson_at)), at).await?;
        let Some((case_number, application_id)) = closed else {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(ConfirmOutcome::NotOpen);
        };
        let to = OfferStatus::Confirmed.application_status().ok_or_else(|| corrupt("a confirmed offer selects"))?;
        let from = CaseApplicationStatus::Offered;
        let matched = move_case(&mut tx, case_number, CaseStatus::Offered, CaseStatus::Matched, at).await?
            && move_application(&mut tx, case_number, &application_id, from, to, at).await?;
        if !matched {
            tx.rollback().await.map_err(repository_error)?;
            return Err(corrupt(format!("offer {offer_id}: its case or application was not waiting for it")));
        }
        sqlx::query("UPDATE case_applications SET status = $1, updated_at = $2 WHERE case_number = $3 AND status = $4")
            .bind(CaseApplicationStatus::Declined.key())
            .bind(at)
            .bind(case_number)
            .bind(CaseApplicationStatus::Applied.key())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        // The service fee the tutor was shown is the one billed: the lessons a week stay with it.
        sqlx::query("UPDATE offers SET lessons_per_week = (SELECT sessions_per_week FROM cases WHERE number = $1) WHERE id = $2")
            .bind(case_number)
            .bind(offer_id.to_string())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(ConfirmOutcome::Confirmed)
    }

    async fn end_offer(&self, offer_id: Uuid, to: OfferStatus, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let application_to = match (to, to.application_status()) {
            (OfferStatus::Declined | OfferStatus::Lapsed, Some(status)) => status,
            _ => return Err(corrupt(format!("an offer is not ended as {to}"))),
        };
        let at = millis(at);
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let Some((case_number, application_id)) = close_offer(&mut tx, offer_id, to, None, at).await? else {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(false);
        };
        let reopened = move_case(&mut tx, case_number, CaseStatus::Offered, CaseStatus::Approved, at).await?
            && move_application(&mut tx, case_number, &application_id, CaseApplicationStatus::Offered, application_to, at).await?;
        if !reopened {
            tx.rollback().await.map_err(repository_error)?;
            return Err(corrupt(format!("offer {offer_id}: its case or application was not waiting for it")));
        }
        // The tutor stays among the applicants, marked, and keeps counting: the owner's list
        // and the case's count agree.
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }

    async fn due_offers(&self, now: DateTime<Utc>, limit: u32) -> Result<Vec<Offer>, RepositoryError> {
        let values = [Value::Text(OfferStatus::Open.key().into()), Value::Int(millis(now)), Value::Int(limit.into())];
        self.list_offers("status = $1 AND expires_at <= $2 ORDER BY expires_at, id LIMIT $3", &values).await
    }

    async fn claim_reminders(&self, from: DateTime<Utc>, to: DateTime<Utc>, at: DateTime<Utc>) -> Result<Vec<Offer>, RepositoryError> {
        // One conditional update: of several servers asking at once, each offer goes to one.
        let sql = format!(
            "UPDATE offers SET reminded_at = $1 WHERE status = $2 AND reminded_at IS NULL \
             AND first_lesson_at >= $3 AND first_lesson_at < $4 \
             AND NOT EXISTS (SELECT 1 FROM arrangement_endings e WHERE e.arrangement_id = offers.id) RETURNING {OFFER_COLUMNS}"
        );
        let values =
            [Value::Int(millis(at)), Value::Text(OfferStatus::Confirmed.key().into()), Value::Int(millis(from)), Value::Int(millis(to))];
        let rows = bind_all(&sql, &values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| OfferRow::from_row(row).map_err(repository_error)?.into_offer()).collect()
    }

    async fn withdraw(&self, case_number: i64, application_id: Uuid, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let at = millis(at);
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // The case row first, as in `apply` and `offer`: the same lock order everywhere (no
        // deadlock), and a racing selection has either committed before the conditional
        // update below reads the application, or waits until this transaction is done.
        let counted = sqlx::query("UPDATE cases SET applicant_count = applicant_count - 1 WHERE number = $1 AND applicant_count > 0")
            .bind(case_number)
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        let (from, to) = (CaseApplicationStatus::Applied, CaseApplicationStatus::Withdrawn);
        if counted == 0 || !move_application(&mut tx, case_number, &application_id.to_string(), from, to, at).await? {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(false);
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }
}
