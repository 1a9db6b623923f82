//! The lesson record in SQL, for SQLite and PostgreSQL alike, and the arrangements it hangs on:
//! a confirmed offer (with its case's owner) or an accepted booking.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::lessons::model::{
    Arrangement, ArrangementKind, ArrangementSide, EndReason, Ending, Lesson, LessonConfirmedBy, LessonStatus, NewLesson,
};
use tutorhub_domain::lessons::ports::LessonRepository;
use tutorhub_domain::matching::model::CaseApplicationStatus;
use tutorhub_domain::matching::offer::OfferStatus;
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::sql::cases::parse_uuid;
use crate::sql::rows::{Value, bind_all, corrupt, from_millis, millis, repository_error};

const COLUMNS: &str =
    "number, arrangement_id, starts_at, minutes, status, recorded_by, recorded_at, reason, confirmed_by, late, resolution";

pub struct SqlLessonRepository {
    pool: AnyPool,
}

impl SqlLessonRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    async fn list(&self, sql: &str, values: &[Value]) -> Result<Vec<Lesson>, RepositoryError> {
        let rows = bind_all(sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| LessonRow::from_row(row).map_err(repository_error)?.into_lesson()).collect()
    }
}

#[derive(FromRow)]
struct LessonRow {
    number: i64,
    arrangement_id: String,
    starts_at: i64,
    minutes: i64,
    status: String,
    recorded_by: String,
    recorded_at: i64,
    reason: Option<String>,
    confirmed_by: Option<String>,
    late: i64,
    resolution: Option<String>,
}

impl LessonRow {
    fn into_lesson(self) -> Result<Lesson, RepositoryError> {
        let bad = |what: &str| corrupt(format!("lesson {}: bad {what}", self.number));
        Ok(Lesson {
            number: self.number,
            arrangement_id: parse_uuid(&self.arrangement_id)?,
            starts_at: from_millis(self.starts_at)?,
            minutes: u32::try_from(self.minutes).map_err(|_| bad("minutes"))?,
            status: LessonStatus::parse(&self.status).ok_or_else(|| bad("status"))?,
            recorded_by: ArrangementSide::parse(&self.recorded_by).ok_or_else(|| bad("side"))?,
            recorded_at: from_millis(self.recorded_at)?,
            confirmed_by: self
                .confirmed_by
                .as_deref()
                .map(|c| LessonConfirmedBy::parse(c).ok_or_else(|| bad("confirmation")))
                .transpose()?,
            reason: self.reason,
            late: self.late != 0,
            resolution: self.resolution,
        })
    }
}

#[derive(FromRow)]
struct ArrangementRow {
    case_number: Option<i64>,
    tutor_id: String,
    family_id: Option<String>,
    fee_cents: Option<i64>,
    since: Option<i64>,
}

#[derive(FromRow)]
struct EndingRow {
    ended_by: String,
    reason: String,
    note: Option<String>,
    ended_at: i64,
    reopened_at: Option<i64>,
}

impl EndingRow {
    fn into_ending(self) -> Result<Ending, RepositoryError> {
        Ok(Ending {
            by: ArrangementSide::parse(&self.ended_by).ok_or_else(|| corrupt("an ending: bad side"))?,
            reason: EndReason::parse(&self.reason).ok_or_else(|| corrupt("an ending: bad reason"))?,
            note: self.note,
            at: from_millis(self.ended_at)?,
            reopened_at: self.reopened_at.map(from_millis).transpose()?,
        })
    }
}

#[async_trait]
impl LessonRepository for SqlLessonRepository {
    async fn arrangement(&self, id: Uuid) -> Result<Option<Arrangement>, RepositoryError> {
        let matched: Option<ArrangementRow> = sqlx::query_as(
            "SELECT o.case_number AS case_number, o.tutor_id AS tutor_id, c.owner_id AS family_id, o.fee_cents AS fee_cents, \
             o.decided_at AS since FROM offers o JOIN cases c ON c.number = o.case_number WHERE o.id = $1 AND o.status = $2",
        )
        .bind(id.to_string())
        .bind(OfferStatus::Confirmed.key())
        .fetch_optional(&self.pool)
        .await
        .map_err(repository_error)?;
        let (kind, row) = match matched {
            Some(row) => (ArrangementKind::Match, row),
            None => {
                let booked: Option<ArrangementRow> = sqlx::query_as(
                    "SELECT NULL AS case_number, tutor_id, user_id AS family_id, NULL AS fee_cents, accepted_at AS since \
                     FROM bookings WHERE id = $1 AND accepted_at IS NOT NULL",
                )
                .bind(id.to_string())
                .fetch_optional(&self.pool)
                .await
                .map_err(repository_error)?;
                match booked {
                    Some(row) => (ArrangementKind::Booking, row),
                    None => return Ok(None),
                }
            }
        };
        // A case posted before accounts existed has no owner: nobody's arrangement.
        let (Some(family), Some(since)) = (row.family_id, row.since) else { return Ok(None) };
        let ended: Option<EndingRow> =
            sqlx::query_as("SELECT ended_by, reason, note, ended_at, reopened_at FROM arrangement_endings WHERE arrangement_id = $1")
                .bind(id.to_string())
                .fetch_optional(&self.pool)
                .await
                .map_err(repository_error)?;
        Ok(Some(Arrangement {
            id,
            kind,
            case_number: row.case_number,
            tutor_id: parse_uuid(&row.tutor_id)?,
            family_id: parse_uuid(&family)?,
            fee: row.fee_cents.map(Rate::from_cents),
            since: from_millis(since)?,
            ended: ended.map(EndingRow::into_ending).transpose()?,
        }))
    }

    async fn insert(&self, lesson: NewLesson) -> Result<Option<Lesson>, RepositoryError> {
        // Conditional on the arrangement not being ended, in the same statement: a recording
        // racing an ending either lands before it or not at all.
        let sql = "INSERT INTO lessons (arrangement_id, starts_at, minutes, status, recorded_by, recorded_at, reason, late) \
                   SELECT $1, $2, $3, $4, $5, $6, $7, $8 \
                   WHERE NOT EXISTS (SELECT 1 FROM arrangement_endings WHERE arrangement_id = $1) RETURNING number";
        let number: Option<i64> = sqlx::query_scalar(sql)
            .bind(lesson.arrangement_id.to_string())
            .bind(millis(lesson.starts_at))
            .bind(i64::from(lesson.minutes))
            .bind(lesson.status.key())
            .bind(lesson.recorded_by.key())
            .bind(millis(lesson.recorded_at))
            .bind(lesson.reason.clone())
            .bind(i64::from(lesson.late))
            .fetch_optional(&self.pool)
            .await
            .map_err(repository_error)?;
        let Some(number) = number else { return Ok(None) };
        self.find(number).await?.ok_or_else(|| corrupt(format!("lesson {number} vanished after its insert"))).map(Some)
    }

    async fn find(&self, number: i64) -> Result<Option<Lesson>, RepositoryError> {
        Ok(self.list(&format!("SELECT {COLUMNS} FROM lessons WHERE number = $1"), &[Value::Int(number)]).await?.pop())
    }

    async fn for_arrangement(&self, arrangement: Uuid) -> Result<Vec<Lesson>, RepositoryError> {
        let sql = format!("SELECT {COLUMNS} FROM lessons WHERE arrangement_id = $1 ORDER BY starts_at DESC");
        self.list(&sql, &[Value::Text(arrangement.to_string())]).await
    }

    async fn answer(
        &self,
        number: i64,
        to: LessonStatus,
        reason: Option<String>,
        recorded_after: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        let confirmed_by = (to == LessonStatus::Confirmed).then_some(LessonConfirmedBy::Family.key());
        let moved = sqlx::query(
            "UPDATE lessons SET status = $1, reason = $2, confirmed_by = $3 WHERE number = $4 AND status = $5 AND recorded_at > $6",
        )
        .bind(to.key())
        .bind(reason)
        .bind(confirmed_by)
        .bind(number)
        .bind(LessonStatus::Recorded.key())
        .bind(millis(recorded_after))
        .execute(&self.pool)
        .await
        .map_err(repository_error)?
        .rows_affected();
        Ok(moved == 1)
    }

    async fn confirm_unanswered(&self, recorded_before: DateTime<Utc>) -> Result<Vec<Lesson>, RepositoryError> {
        let sql = format!("UPDATE lessons SET status = $1, confirmed_by = $2 WHERE status = $3 AND recorded_at <= $4 RETURNING {COLUMNS}");
        let values = [
            Value::Text(LessonStatus::Confirmed.key().into()),
            Value::Text(LessonConfirmedBy::Timeout.key().into()),
            Value::Text(LessonStatus::Recorded.key().into()),
            Value::Int(millis(recorded_before)),
        ];
        self.list(&sql, &values).await
    }

    async fn disputed(&self, limit: u32) -> Result<Vec<Lesson>, RepositoryError> {
        let sql = format!("SELECT {COLUMNS} FROM lessons WHERE status = $1 ORDER BY recorded_at, number LIMIT $2");
        self.list(&sql, &[Value::Text(LessonStatus::Disputed.key().into()), Value::Int(limit.into())]).await
    }

    async fn resolve(&self, number: i64, held: bool, reason: &str) -> Result<bool, RepositoryError> {
        let (to, by) =
            if held { (LessonStatus::Confirmed, Some(LessonConfirmedBy::BackOffice.key())) } else { (LessonStatus::NotHeld, None) };
        let moved = sqlx::query("UPDATE lessons SET status = $1, confirmed_by = $2, resolution = $3 WHERE number = $4 AND status = $5")
            .bind(to.key())
            .bind(by)
            .bind(reason.to_string())
            .bind(number)
            .bind(LessonStatus::Disputed.key())
            .execute(&self.pool)
            .await
            .map_err(repository_error)?
            .rows_affected();
        Ok(moved == 1)
    }

    async fn end(&self, id: Uuid, ending: &Ending) -> Result<bool, RepositoryError> {
        let ended = sqlx::query(
            "INSERT INTO arrangement_endings (arrangement_id, ended_by, reason, note, ended_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (arrangement_id) DO NOTHING",
        )
        .bind(id.to_string())
        .bind(ending.by.key())
        .bind(ending.reason.key())
        .bind(ending.note.clone())
        .bind(millis(ending.at))
        .execute(&self.pool)
        .await
        .map_err(repository_error)?
        .rows_affected();
        Ok(ended == 1)
    }

    async fn reopen_case(&self, id: Uuid, case_number: i64, tutor: Uuid, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let at = millis(at);
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        // The ending row first (a write, not a read: SQLite takes its write lock at once), then
        // the case row, then its applications.
        let marked = sqlx::query("UPDATE arrangement_endings SET reopened_at = $1 WHERE arrangement_id = $2 AND reopened_at IS NULL")
            .bind(at)
            .bind(id.to_string())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?
            .rows_affected();
        let reopened = marked == 1
            && sqlx::query("UPDATE cases SET status = $1, updated_at = $2 WHERE number = $3 AND status = $4")
                .bind(CaseStatus::Approved.key())
                .bind(at)
                .bind(case_number)
                .bind(CaseStatus::Matched.key())
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?
                .rows_affected()
                == 1;
        if !reopened {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(false);
        }
        // The other applicants are applicants again; the ended tutor steps out.
        let sql = "UPDATE case_applications SET status = $1, updated_at = $2 WHERE case_number = $3 AND status = $4";
        sqlx::query(sql)
            .bind(CaseApplicationStatus::Applied.key())
            .bind(at)
            .bind(case_number)
            .bind(CaseApplicationStatus::Declined.key())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        sqlx::query(&format!("{sql} AND tutor_id = $5"))
            .bind(CaseApplicationStatus::Ended.key())
            .bind(at)
            .bind(case_number)
            .bind(CaseApplicationStatus::Selected.key())
            .bind(tutor.to_string())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }
}
