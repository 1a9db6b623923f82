//! Reviews and their reports in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::lessons::model::LessonStatus;
use tutorhub_domain::reviews::model::{NewReview, Reply, Review, ReviewStatus, ReviewText, Stars};
use tutorhub_domain::reviews::ports::{ReviewChange, ReviewRepository};
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::sql::cases::parse_uuid;
use crate::sql::rows::{Conditions, Value, bind_all, corrupt, fetch_page, from_millis, millis, repository_error};

const COLUMNS: &str = "r.number, r.tutor_id, r.author_id, COALESCE(u.name, '') AS author_name, r.stars, r.body, r.reply, \
     r.replied_at, r.status, r.moderation_reason, r.lessons, r.created_at, \
     (SELECT COUNT(*) FROM review_reports p WHERE p.review_number = r.number) AS reports";
const FROM: &str = "reviews r LEFT JOIN users u ON u.id = r.author_id";

pub struct SqlReviewRepository {
    pool: AnyPool,
}

impl SqlReviewRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    async fn one(&self, condition: &str, values: &[Value]) -> Result<Option<Review>, RepositoryError> {
        let sql = format!("SELECT {COLUMNS} FROM {FROM} WHERE {condition}");
        let row = bind_all(&sql, values).fetch_optional(&self.pool).await.map_err(repository_error)?;
        row.map(|row| ReviewRow::from_row(&row).map_err(repository_error)?.into_review()).transpose()
    }

    async fn page(&self, conditions: Conditions, page: PageRequest) -> Result<Page<Review>, RepositoryError> {
        fetch_page(&self.pool, (COLUMNS, FROM, "r.created_at DESC, r.number DESC"), conditions, page, |row| {
            ReviewRow::from_row(row).map_err(repository_error)?.into_review()
        })
        .await
    }
}

#[derive(FromRow)]
struct ReviewRow {
    number: i64,
    tutor_id: String,
    author_id: String,
    author_name: String,
    stars: i64,
    body: String,
    reply: Option<String>,
    replied_at: Option<i64>,
    status: String,
    moderation_reason: Option<String>,
    lessons: i64,
    created_at: i64,
    reports: i64,
}

impl ReviewRow {
    fn into_review(self) -> Result<Review, RepositoryError> {
        let bad = |what: &str| corrupt(format!("review {}: bad {what}", self.number));
        let reply = match (self.reply, self.replied_at) {
            (Some(text), Some(at)) => Some(Reply { text: ReviewText::from_stored(text), at: from_millis(at)? }),
            _ => None,
        };
        Ok(Review {
            number: self.number,
            tutor_id: parse_uuid(&self.tutor_id)?,
            author_id: parse_uuid(&self.author_id)?,
            author_name: self.author_name,
            stars: Stars::parse(self.stars).map_err(|_| bad("stars"))?,
            text: ReviewText::from_stored(self.body),
            reply,
            status: ReviewStatus::parse(&self.status).ok_or_else(|| bad("status"))?,
            reports: u32::try_from(self.reports).map_err(|_| bad("report count"))?,
            moderation_reason: self.moderation_reason,
            lessons: u32::try_from(self.lessons).map_err(|_| bad("lesson count"))?,
            created_at: from_millis(self.created_at)?,
        })
    }
}

#[async_trait]
impl ReviewRepository for SqlReviewRepository {
    async fn confirmed_lessons(&self, author_id: Uuid, tutor_id: Uuid) -> Result<u32, RepositoryError> {
        // Every arrangement of the pair: their matches (by offer) and their bookings. Only a
        // confirmed offer or an accepted booking ever has lessons on its record.
        let count: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM lessons l WHERE l.status = $1 AND l.arrangement_id IN ( \
                 SELECT o.id FROM offers o JOIN cases c ON c.number = o.case_number WHERE o.tutor_id = $2 AND c.owner_id = $3 \
                 UNION SELECT b.id FROM bookings b WHERE b.tutor_id = $2 AND b.user_id = $3)",
        )
        .bind(LessonStatus::Confirmed.key())
        .bind(tutor_id.to_string())
        .bind(author_id.to_string())
        .fetch_one(&self.pool)
        .await
        .map_err(repository_error)?;
        u32::try_from(count).map_err(|_| corrupt(format!("{count} lessons")))
    }

    async fn insert(&self, review: NewReview) -> Result<Review, RepositoryError> {
        let number: i64 = sqlx::query_scalar(
            "INSERT INTO reviews (tutor_id, author_id, stars, body, status, lessons, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING number",
        )
        .bind(review.tutor_id.to_string())
        .bind(review.author_id.to_string())
        .bind(i64::from(review.form.stars.value()))
        .bind(review.form.text.as_str().to_string())
        .bind(ReviewStatus::Visible.key())
        .bind(i64::from(review.lessons))
        .bind(millis(review.created_at))
        .fetch_one(&self.pool)
        .await
        .map_err(repository_error)?;
        self.find(number).await?.ok_or_else(|| corrupt(format!("review {number} vanished after insert")))
    }

    async fn find(&self, number: i64) -> Result<Option<Review>, RepositoryError> {
        self.one("r.number = $1", &[Value::Int(number)]).await
    }

    async fn by_author(&self, author_id: Uuid, tutor_id: Uuid) -> Result<Option<Review>, RepositoryError> {
        self.one("r.author_id = $1 AND r.tutor_id = $2", &[Value::Text(author_id.to_string()), Value::Text(tutor_id.to_string())]).await
    }

    async fn for_tutor(&self, tutor_id: Uuid, status: ReviewStatus, page: PageRequest) -> Result<Page<Review>, RepositoryError> {
        let mut conditions = Conditions::default();
        conditions.push("r.tutor_id", "=", Value::Text(tutor_id.to_string()));
        conditions.push("r.status", "=", Value::Text(status.key().into()));
        self.page(conditions, page).await
    }

    async fn list(&self, status: Option<ReviewStatus>, reported_only: bool, page: PageRequest) -> Result<Page<Review>, RepositoryError> {
        let mut conditions = Conditions::default();
        if let Some(status) = status {
            conditions.push("r.status", "=", Value::Text(status.key().into()));
        }
        if reported_only {
            conditions.push_raw("EXISTS (SELECT 1 FROM review_reports p WHERE p.review_number = r.number)".into());
        }
        self.page(conditions, page).await
    }

    async fn reply(&self, number: i64, tutor_id: Uuid, text: &ReviewText, at: DateTime<Utc>) -> Result<ReviewChange, RepositoryError> {
        let changed = sqlx::query("UPDATE reviews SET reply = $1, replied_at = $2 WHERE number = $3 AND tutor_id = $4 AND reply IS NULL")
            .bind(text.as_str().to_string())
            .bind(millis(at))
            .bind(number)
            .bind(tutor_id.to_string())
            .execute(&self.pool)
            .await
            .map_err(repository_error)?
            .rows_affected();
        self.outcome(changed, number).await
    }

    async fn report(&self, number: i64, reporter_id: Uuid, reason: &str, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let added = sqlx::query(
            "INSERT INTO review_reports (review_number, reporter_id, reason, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (review_number, reporter_id) DO NOTHING",
        )
        .bind(number)
        .bind(reporter_id.to_string())
        .bind(reason.to_string())
        .bind(millis(at))
        .execute(&self.pool)
        .await
        .map_err(repository_error)?
        .rows_affected();
        Ok(added == 1)
    }

    async fn moderate(
        &self,
        number: i64,
        to: ReviewStatus,
        reason: &str,
        by: &str,
        at: DateTime<Utc>,
    ) -> Result<ReviewChange, RepositoryError> {
        let changed = sqlx::query(
            "UPDATE reviews SET status = $1, moderation_reason = $2, moderated_by = $3, moderated_at = $4 \
             WHERE number = $5 AND status <> $1",
        )
        .bind(to.key())
        .bind(reason.to_string())
        .bind(by.to_string())
        .bind(millis(at))
        .bind(number)
        .execute(&self.pool)
        .await
        .map_err(repository_error)?
        .rows_affected();
        self.outcome(changed, number).await
    }
}

impl SqlReviewRepository {
    /// Done when a conditional update changed the row; otherwise whether the review exists.
    async fn outcome(&self, changed: u64, number: i64) -> Result<ReviewChange, RepositoryError> {
        if changed == 1 {
            return Ok(ReviewChange::Done);
        }
        Ok(if self.find(number).await?.is_some() { ReviewChange::Unchanged } else { ReviewChange::NotFound })
    }
}
