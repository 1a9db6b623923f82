//! Tutors' public profiles: the directory's reads, listing or hiding, and identity changes.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::lessons::model::{LessonConfirmedBy, LessonStatus};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::search::filter::SubjectMatch;
use tutorhub_domain::shared::sort_order::SortOrder;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::{ReviewSummary, TrackRecord, TutorProfile, TutorRef};
use tutorhub_domain::tutors::ports::{IdentityUpdate, TutorProfileRepository};
use tutorhub_domain::tutors::search::TutorFilter;
use uuid::Uuid;

use crate::sql::rows::{Conditions, Value, bind_all, corrupt, fetch_page, from_millis, like_pattern, millis, repository_error};

use super::{PROFILE_COLUMNS, SqlTutorRepository, gender, parse_uuid, place, strings_from_json, subjects_from_json};

#[derive(FromRow)]
pub(crate) struct ProfileRow {
    user_id: String,
    user_number: i64,
    name: String,
    avatar: Option<String>,
    education: String,
    subjects: String,
    grade_level: String,
    available_times: String,
    area: String,
    teaching_mode: String,
    rate_cents: i64,
    bio: String,
    active: i64,
    approved_at: i64,
    teaching_experience: i64,
    exam_results: String,
    course_features: String,
    teaching_modes: String,
    teaching_districts: String,
    gender: Option<String>,
    review_count: i64,
    review_total: i64,
}

impl ProfileRow {
    pub(crate) fn into_profile(self) -> Result<TutorProfile, RepositoryError> {
        let place = place(&self.area)?;
        Ok(TutorProfile {
            user_id: parse_uuid(&self.user_id)?,
            user_number: self.user_number,
            name: self.name,
            avatar: self.avatar,
            education: self.education,
            subjects: subjects_from_json(&self.subjects)?,
            grade_level: self.grade_level,
            available_times: self.available_times,
            place,
            gender: gender(self.gender.as_deref())?,
            teaching_modes: strings_from_json(&self.teaching_modes, &self.teaching_mode)?,
            teaching_districts: strings_from_json(&self.teaching_districts, place.district)?,
            rate: Rate::from_cents(self.rate_cents),
            bio: self.bio,
            active: self.active != 0,
            approved_at: from_millis(self.approved_at)?,
            experience_years: u32::try_from(self.teaching_experience)
                .map_err(|_| corrupt(format!("tutor profile {}: bad teaching_experience", self.user_number)))?,
            exam_results: self.exam_results,
            course_features: self.course_features,
            reviews: ReviewSummary {
                count: u32::try_from(self.review_count)
                    .map_err(|_| corrupt(format!("tutor profile {}: bad review count", self.user_number)))?,
                total: u32::try_from(self.review_total)
                    .map_err(|_| corrupt(format!("tutor profile {}: bad review total", self.user_number)))?,
            },
        })
    }
}

/// The order by rating: `shared::sort_order::rating_score` of the visible reviews, in SQL (integer
/// division on both engines, as the domain's), then the newest approval.
const RATING_ORDER: &str = "(SELECT CASE WHEN COUNT(*) = 0 THEN 0 ELSE (COALESCE(SUM(r.stars), 0) + 12) * 1000 / (COUNT(*) + 3) END \
     FROM reviews r WHERE r.tutor_id = t.user_id AND r.status = 'visible') DESC, t.approved_at DESC, t.user_number DESC";

fn conditions(filter: &TutorFilter) -> Conditions {
    let mut c = Conditions::default();
    c.push("t.active", "=", Value::Int(1));
    if let Some(region) = filter.region {
        c.push("t.region", "=", Value::Text(region.into()));
    }
    if !filter.districts.is_empty() {
        // Where the tutor lives, or any district they travel to.
        let (lives, travels) = (c.list(&filter.districts), c.list(&filter.districts));
        c.push_raw(format!(
            "(t.district IN ({lives}) OR EXISTS (SELECT 1 FROM tutor_districts d WHERE d.user_id = t.user_id AND d.district IN ({travels})))"
        ));
    }
    c.push_in("t.area", &filter.areas);
    if let Some(min) = filter.min_rate {
        c.push("t.rate_cents", ">=", Value::Int(min.cents()));
    }
    if let Some(max) = filter.max_rate {
        c.push("t.rate_cents", "<=", Value::Int(max.cents()));
    }
    for subject in &filter.required_subjects {
        let mut taught = format!("s.name = {}", c.bind(Value::Text(subject.clone())));
        if let Some(level) = filter.level {
            taught += &format!(" AND s.level = {}", c.bind(Value::Text(level.into())));
        }
        c.push_raw(format!("EXISTS (SELECT 1 FROM tutor_subjects s WHERE s.user_id = t.user_id AND {taught})"));
    }
    let mut subject_clauses = Vec::new();
    if let Some(level) = filter.level {
        subject_clauses.push(format!("s.level = {}", c.bind(Value::Text(level.into()))));
    }
    match &filter.subjects {
        None => {}
        Some(SubjectMatch::AnyOf(names)) => subject_clauses.push(format!("s.name IN ({})", c.list(names))),
        Some(SubjectMatch::Containing(text)) => {
            let pattern = c.bind(Value::Text(like_pattern(text)));
            subject_clauses.push(format!("LOWER(s.name) LIKE {pattern} ESCAPE '\\'"));
        }
    }
    if !subject_clauses.is_empty() {
        // Level and subject must hold for the same taught subject ("中學 數學", not "小學 數學" + "中學 英文").
        c.push_raw(format!("EXISTS (SELECT 1 FROM tutor_subjects s WHERE s.user_id = t.user_id AND {})", subject_clauses.join(" AND ")));
    }
    c
}

/// The profiles whose `column` holds one of `keys`, in no particular order.
pub(crate) async fn profiles_by_keys(pool: &AnyPool, column: &str, keys: &[Value]) -> Result<Vec<TutorProfile>, RepositoryError> {
    let mut found = Vec::with_capacity(keys.len());
    // Bounded IN lists: well under every engine's limit on bound parameters.
    for chunk in keys.chunks(500) {
        let placeholders = (1..=chunk.len()).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ");
        let sql = format!("SELECT {PROFILE_COLUMNS} FROM tutor_profiles t WHERE {column} IN ({placeholders})");
        for row in bind_all(&sql, chunk).fetch_all(pool).await.map_err(repository_error)? {
            found.push(ProfileRow::from_row(&row).map_err(repository_error)?.into_profile()?);
        }
    }
    Ok(found)
}

fn user_key(tutor: TutorRef) -> (&'static str, Value) {
    match tutor {
        TutorRef::Number(number) => ("t.user_number", Value::Int(number)),
        TutorRef::Id(id) => ("t.user_id", Value::Text(id.to_string())),
    }
}

#[async_trait]
impl TutorProfileRepository for SqlTutorRepository {
    async fn search_profiles(&self, filter: &TutorFilter, page: PageRequest) -> Result<Page<TutorProfile>, RepositoryError> {
        let order = match filter.sort {
            SortOrder::FeeLowest => "t.rate_cents, t.approved_at DESC, t.user_number DESC",
            SortOrder::FeeHighest => "t.rate_cents DESC, t.approved_at DESC, t.user_number DESC",
            SortOrder::Rating => RATING_ORDER,
            SortOrder::Best | SortOrder::Newest => "t.approved_at DESC, t.user_number DESC",
        };
        let query = (PROFILE_COLUMNS, "tutor_profiles t", order);
        fetch_page(&self.pool, query, conditions(filter), page, |row| ProfileRow::from_row(row).map_err(repository_error)?.into_profile())
            .await
    }

    async fn find_profile(&self, tutor: TutorRef) -> Result<Option<TutorProfile>, RepositoryError> {
        let (column, value) = user_key(tutor);
        let sql = format!("SELECT {PROFILE_COLUMNS} FROM tutor_profiles t WHERE {column} = $1");
        let row = bind_all(&sql, &[value]).fetch_optional(&self.pool).await.map_err(repository_error)?;
        row.map(|row| ProfileRow::from_row(&row).map_err(repository_error)?.into_profile()).transpose()
    }

    async fn track_record(&self, user_id: Uuid) -> Result<TrackRecord, RepositoryError> {
        // Indexed lookups in one round trip: (tutor_id, status) on applications and bookings,
        // users by id, and the lessons of the tutor's arrangements (offers and bookings by tutor).
        let row: (i64, i64, Option<i64>, i64, i64, i64) = sqlx::query_as(
            "WITH mine AS (SELECT id FROM offers WHERE tutor_id = $1 UNION SELECT id FROM bookings WHERE tutor_id = $1), \
                  settled AS (SELECT status, confirmed_by FROM lessons \
                              WHERE arrangement_id IN (SELECT id FROM mine) AND status IN ($2, $3, $4)) \
             SELECT (SELECT COUNT(*) FROM case_applications WHERE tutor_id = $1 AND status = 'selected'), \
                    (SELECT COUNT(*) FROM bookings WHERE tutor_id = $1 AND status = 'accepted'), \
                    (SELECT created_at FROM users WHERE id = $1), \
                    (SELECT COUNT(*) FROM settled WHERE status = $2), \
                    (SELECT COUNT(*) FROM settled), \
                    (SELECT COUNT(*) FROM settled WHERE status = $2 AND confirmed_by IN ($5, $6))",
        )
        .bind(user_id.to_string())
        .bind(LessonStatus::Confirmed.key())
        .bind(LessonStatus::Disputed.key())
        .bind(LessonStatus::NotHeld.key())
        .bind(LessonConfirmedBy::Family.key())
        .bind(LessonConfirmedBy::Timeout.key())
        .fetch_one(&self.pool)
        .await
        .map_err(repository_error)?;
        let count = |n: i64| u64::try_from(n).map_err(|_| corrupt(format!("negative count for tutor {user_id}")));
        Ok(TrackRecord {
            matched_cases: count(row.0)?,
            accepted_bookings: count(row.1)?,
            member_since: from_millis(row.2.ok_or_else(|| corrupt(format!("tutor {user_id} has no account")))?)?,
            lessons_held: count(row.3)?,
            lessons_settled: count(row.4)?,
            lessons_undisputed: count(row.5)?,
        })
    }

    async fn set_profile_active(&self, user_id: Uuid, active: bool, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let flag = i64::from(active);
        let changed = sqlx::query("UPDATE tutor_profiles SET active = $1, updated_at = $2 WHERE user_id = $3")
            .bind(flag)
            .bind(millis(at))
            .bind(user_id.to_string())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        if changed.rows_affected() != 1 {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(false);
        }
        sqlx::query("UPDATE users SET is_tutor_profile_active = $1, updated_at = $2 WHERE id = $3")
            .bind(flag)
            .bind(millis(at))
            .bind(user_id.to_string())
            .execute(&mut *tx)
            .await
            .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }

    async fn update_identity(&self, user_id: Uuid, update: IdentityUpdate, at: DateTime<Utc>) -> Result<(), RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let avatar = update.avatar.unwrap_or_default();
        for table in ["users", "tutor_profiles"] {
            let key = if table == "users" { "id" } else { "user_id" };
            // An empty avatar keeps the current one.
            let sql = format!("UPDATE {table} SET name = $1, avatar = COALESCE(NULLIF($2, ''), avatar), updated_at = $3 WHERE {key} = $4");
            sqlx::query(&sql)
                .bind(update.name.as_str().to_string())
                .bind(avatar.clone())
                .bind(millis(at))
                .bind(user_id.to_string())
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        if let Some(phone) = update.phone {
            // A phone taken by another account fails on the unique index: `Conflict`, and the
            // transaction rolls back as it is dropped.
            sqlx::query("UPDATE users SET phone = $1 WHERE id = $2")
                .bind(phone.as_str().to_string())
                .bind(user_id.to_string())
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(())
    }
}
