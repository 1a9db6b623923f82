//! Bookings of tutors in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::bookings::model::{Booking, BookingDetails, BookingStatus, BookingTime, LessonPlace};
use tutorhub_domain::bookings::ports::BookingRepository;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::TutorSubject;
use uuid::Uuid;

use crate::sql::cases::parse_uuid;
use crate::sql::rows::{Conditions, Value, bind_all, corrupt, from_millis, millis, repository_error};

const COLUMNS: &str =
    "id, tutor_id, user_id, user_type, booking_time, status, created_at, subject_level, subject_name, lesson_place, message";

pub struct SqlBookingRepository {
    pool: AnyPool,
}

impl SqlBookingRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    async fn list(&self, condition: &str, values: &[Value]) -> Result<Vec<Booking>, RepositoryError> {
        let sql = format!("SELECT {COLUMNS} FROM bookings WHERE {condition}");
        let rows = bind_all(&sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| BookingRow::from_row(row).map_err(repository_error)?.into_booking()).collect()
    }
}

#[derive(FromRow)]
struct BookingRow {
    id: String,
    tutor_id: String,
    user_id: String,
    user_type: String,
    booking_time: String,
    status: String,
    created_at: i64,
    subject_level: Option<String>,
    subject_name: Option<String>,
    lesson_place: Option<String>,
    message: String,
}

impl BookingRow {
    fn into_booking(self) -> Result<Booking, RepositoryError> {
        let bad = |field: &str| corrupt(format!("booking {}: bad {field}", self.id));
        let subject = match (self.subject_level, self.subject_name) {
            (Some(level), Some(name)) => Some(TutorSubject::from_stored(&level, name).ok_or_else(|| bad("subject_level"))?),
            _ => None,
        };
        let place = self.lesson_place.as_deref().map(|key| LessonPlace::parse(key).ok_or_else(|| bad("lesson_place"))).transpose()?;
        Ok(Booking {
            id: parse_uuid(&self.id)?,
            tutor_id: parse_uuid(&self.tutor_id)?,
            user_id: parse_uuid(&self.user_id)?,
            user_type: self.user_type,
            booking_time: BookingTime::from_stored(self.booking_time),
            details: BookingDetails { subject, place, message: self.message },
            status: BookingStatus::parse(&self.status).ok_or_else(|| bad("status"))?,
            created_at: from_millis(self.created_at)?,
        })
    }
}

#[async_trait]
impl BookingRepository for SqlBookingRepository {
    async fn insert(&self, booking: Booking) -> Result<Booking, RepositoryError> {
        let created = millis(booking.created_at);
        sqlx::query(
            "INSERT INTO bookings (id, tutor_id, user_id, user_type, booking_time, status, created_at, updated_at, \
             subject_level, subject_name, lesson_place, message) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11)",
        )
        .bind(booking.id.to_string())
        .bind(booking.tutor_id.to_string())
        .bind(booking.user_id.to_string())
        .bind(booking.user_type.clone())
        .bind(booking.booking_time.as_str().to_string())
        .bind(booking.status.key())
        .bind(created)
        .bind(booking.details.subject.as_ref().map(|s| s.level.to_string()))
        .bind(booking.details.subject.as_ref().map(|s| s.name.clone()))
        .bind(booking.details.place.map(|p| p.key().to_string()))
        .bind(booking.details.message.clone())
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(Booking { created_at: from_millis(created)?, ..booking })
    }

    async fn has_pending(&self, tutor_id: Uuid, user_id: Uuid) -> Result<bool, RepositoryError> {
        // `status = 'pending'` is written out, not bound, so both engines answer from the
        // partial unique index `bookings_one_pending` (migration 0008).
        let found = sqlx::query("SELECT 1 FROM bookings WHERE tutor_id = $1 AND user_id = $2 AND status = 'pending'")
            .bind(tutor_id.to_string())
            .bind(user_id.to_string())
            .fetch_optional(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(found.is_some())
    }

    async fn find(&self, id: Uuid) -> Result<Option<Booking>, RepositoryError> {
        Ok(self.list("id = $1", &[Value::Text(id.to_string())]).await?.pop())
    }

    async fn for_tutor(&self, tutor_id: Uuid, limit: u32) -> Result<Vec<Booking>, RepositoryError> {
        self.list("tutor_id = $1 ORDER BY created_at DESC, id LIMIT $2", &[Value::Text(tutor_id.to_string()), Value::Int(limit.into())])
            .await
    }

    async fn involving(&self, user_id: Uuid, limit: u32) -> Result<Vec<Booking>, RepositoryError> {
        let id = Value::Text(user_id.to_string());
        self.list("(tutor_id = $1 OR user_id = $2) ORDER BY created_at DESC, id LIMIT $3", &[id.clone(), id, Value::Int(limit.into())])
            .await
    }

    async fn transition(&self, id: Uuid, from: Vec<BookingStatus>, to: BookingStatus, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut c = Conditions::default();
        let status = c.bind(Value::Text(to.key().into()));
        let updated = c.bind(Value::Int(millis(at)));
        c.push("id", "=", Value::Text(id.to_string()));
        c.push_in("status", &from.iter().map(|s| s.key().to_string()).collect::<Vec<_>>());
        // An acceptance is remembered: the lesson record hangs on it, also after a cancellation.
        let accepted = if to == BookingStatus::Accepted { format!(", accepted_at = {updated}") } else { String::new() };
        let sql = format!("UPDATE bookings SET status = {status}, updated_at = {updated}{accepted}{}", c.where_sql());
        let result = bind_all(&sql, c.values()).execute(&self.pool).await.map_err(repository_error)?;
        Ok(result.rows_affected() == 1)
    }
}
