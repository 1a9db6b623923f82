//! Tutor applications and profiles in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::lessons::model::{LessonConfirmedBy, LessonStatus};
use tutorhub_domain::shared::catalogue;
use tutorhub_domain::shared::identity::{DisplayName, Phone};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::sort_order::SortOrder;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::{
    ApplicationDetails, NewTutorApplication, ReviewSummary, TrackRecord, TutorApplication, TutorApplicationStatus, TutorGender,
    TutorProfile, TutorRef, TutorSubject,
};
use tutorhub_domain::tutors::ports::{IdentityUpdate, TutorRepository};
use tutorhub_domain::tutors::search::{TutorFilter, TutorSubjectMatch};
use uuid::Uuid;

use crate::sql::rows::{Conditions, Value, bind_all, corrupt, fetch_page, from_millis, like_pattern, millis, repository_error};

const APPLICATION_COLUMNS: &str = "a.number, a.id, a.user_id, a.name, a.contact_number, a.education, a.age, \
     a.teaching_experience, a.subjects, a.exam_results, a.course_features, a.teaching_area, a.teaching_schedule, \
     a.teaching_mode, a.required_fee_cents, a.bio, a.avatar, a.status, a.rejection_reason, a.reviewer, \
     a.submitted_at, a.reviewed_at, a.teaching_modes, a.teaching_districts, a.gender";

pub(crate) const PROFILE_COLUMNS: &str = "t.user_id, t.user_number, t.name, t.avatar, t.education, t.subjects, t.grade_level, \
     t.available_times, t.area, t.teaching_mode, t.rate_cents, t.bio, t.active, t.approved_at, t.teaching_experience, \
     t.exam_results, t.course_features, t.teaching_modes, t.teaching_districts, t.gender, \
     (SELECT COUNT(*) FROM reviews r WHERE r.tutor_id = t.user_id AND r.status = 'visible') AS review_count, \
     (SELECT COALESCE(SUM(r.stars), 0) FROM reviews r WHERE r.tutor_id = t.user_id AND r.status = 'visible') AS review_total";

pub struct SqlTutorRepository {
    pool: AnyPool,
}

impl SqlTutorRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    async fn applications_where(&self, condition: &str, values: &[Value], tail: &str) -> Result<Vec<TutorApplication>, RepositoryError> {
        let sql = format!("SELECT {APPLICATION_COLUMNS} FROM tutor_applications a{condition}{tail}");
        let rows = bind_all(&sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| ApplicationRow::from_row(row).map_err(repository_error)?.into_application()).collect()
    }
}

/// Subjects are stored as `[["secondary","數學"], …]`: the level key and the name, as given.
fn subjects_json(subjects: &[TutorSubject]) -> Result<String, RepositoryError> {
    let pairs: Vec<[&str; 2]> = subjects.iter().map(|s| [s.level, s.name.as_str()]).collect();
    serde_json::to_string(&pairs).map_err(|e| corrupt(e.to_string()))
}

fn subjects_from_json(text: &str) -> Result<Vec<TutorSubject>, RepositoryError> {
    let pairs: Vec<(String, String)> = serde_json::from_str(text).map_err(|_| corrupt(format!("bad subjects {text:?}")))?;
    pairs
        .into_iter()
        .map(|(level, name)| TutorSubject::from_stored(&level, name).ok_or_else(|| corrupt(format!("bad level {level:?}"))))
        .collect()
}

fn strings_json(items: &[&str]) -> Result<String, RepositoryError> {
    serde_json::to_string(items).map_err(|e| corrupt(e.to_string()))
}

/// A JSON array of strings; rows from before migration 0010 hold `[]` and get `fallback`.
fn strings_from_json(text: &str, fallback: &str) -> Result<Vec<String>, RepositoryError> {
    let items: Vec<String> = serde_json::from_str(text).map_err(|_| corrupt(format!("bad list {text:?}")))?;
    Ok(if items.is_empty() { vec![fallback.to_string()] } else { items })
}

fn parse_uuid(text: &str) -> Result<Uuid, RepositoryError> {
    Uuid::parse_str(text).map_err(|_| corrupt(format!("bad uuid {text:?}")))
}

fn place(area: &str) -> Result<catalogue::Place, RepositoryError> {
    catalogue::place(area).ok_or_else(|| corrupt(format!("bad area {area:?}")))
}

#[derive(FromRow)]
struct ApplicationRow {
    number: i64,
    id: String,
    user_id: String,
    name: String,
    contact_number: String,
    education: String,
    age: i64,
    teaching_experience: i64,
    subjects: String,
    exam_results: String,
    course_features: String,
    teaching_area: String,
    teaching_schedule: String,
    teaching_mode: String,
    required_fee_cents: i64,
    bio: String,
    avatar: String,
    status: String,
    rejection_reason: Option<String>,
    reviewer: Option<String>,
    submitted_at: i64,
    reviewed_at: Option<i64>,
    teaching_modes: String,
    teaching_districts: String,
    gender: Option<String>,
}

/// A stored gender key, or None when the tutor did not give one.
fn gender(key: Option<&str>) -> Result<Option<TutorGender>, RepositoryError> {
    key.map(|k| TutorGender::parse(k).ok_or_else(|| corrupt(format!("bad gender {k:?}")))).transpose()
}

impl ApplicationRow {
    fn into_application(self) -> Result<TutorApplication, RepositoryError> {
        let bad = |field: &str| corrupt(format!("tutor application {}: bad {field}", self.number));
        let place = place(&self.teaching_area)?;
        let teaching_modes = strings_from_json(&self.teaching_modes, &self.teaching_mode)?
            .iter()
            .map(|key| catalogue::TEACHING_MODES.iter().find(|m| m.key == *key).ok_or_else(|| bad("teaching_modes")))
            .collect::<Result<_, _>>()?;
        let teaching_districts = strings_from_json(&self.teaching_districts, place.district)?
            .iter()
            .map(|name| catalogue::district(name).map(|(_, d)| d.name).ok_or_else(|| bad("teaching_districts")))
            .collect::<Result<_, _>>()?;
        let details = ApplicationDetails {
            name: DisplayName::from_stored(self.name),
            contact_number: Phone::from_stored(self.contact_number),
            education: self.education,
            age: u32::try_from(self.age).map_err(|_| bad("age"))?,
            teaching_experience: u32::try_from(self.teaching_experience).map_err(|_| bad("teaching_experience"))?,
            subjects: subjects_from_json(&self.subjects)?,
            exam_results: self.exam_results,
            course_features: self.course_features,
            place,
            teaching_schedule: self.teaching_schedule,
            gender: gender(self.gender.as_deref())?,
            teaching_modes,
            teaching_districts,
            required_fee: Rate::from_cents(self.required_fee_cents),
            bio: self.bio,
        };
        Ok(TutorApplication {
            number: self.number,
            id: parse_uuid(&self.id)?,
            user_id: parse_uuid(&self.user_id)?,
            details,
            avatar: self.avatar,
            status: TutorApplicationStatus::parse(&self.status).ok_or_else(|| bad("status"))?,
            rejection_reason: self.rejection_reason,
            reviewer: self.reviewer,
            submitted_at: from_millis(self.submitted_at)?,
            reviewed_at: self.reviewed_at.map(from_millis).transpose()?,
        })
    }
}

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
        Some(TutorSubjectMatch::AnyOf(names)) => subject_clauses.push(format!("s.name IN ({})", c.list(names))),
        Some(TutorSubjectMatch::Containing(text)) => {
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
impl TutorRepository for SqlTutorRepository {
    async fn insert_application(&self, new: NewTutorApplication) -> Result<TutorApplication, RepositoryError> {
        let d = &new.details;
        let values = [
            Value::Text(new.id.to_string()),
            Value::Text(new.user_id.to_string()),
            Value::Text(d.name.as_str().into()),
            Value::Text(d.contact_number.as_str().into()),
            Value::Text(d.education.clone()),
            Value::Int(d.age.into()),
            Value::Int(d.teaching_experience.into()),
            Value::Text(subjects_json(&d.subjects)?),
            Value::Text(d.exam_results.clone()),
            Value::Text(d.course_features.clone()),
            Value::Text(d.place.area.into()),
            Value::Text(d.teaching_schedule.clone()),
            Value::Text(d.teaching_mode().into()),
            Value::Int(d.required_fee.cents()),
            Value::Text(d.bio.clone()),
            Value::Text(new.avatar.clone()),
            Value::Text(TutorApplicationStatus::Pending.key().into()),
            Value::Int(millis(new.submitted_at)),
            Value::Text(strings_json(&d.teaching_modes.iter().map(|m| m.key).collect::<Vec<_>>())?),
            Value::Text(strings_json(&d.teaching_districts)?),
            Value::Text(d.gender.map_or("", TutorGender::key).into()),
        ];
        let sql = "INSERT INTO tutor_applications (id, user_id, name, contact_number, education, age, teaching_experience, \
                   subjects, exam_results, course_features, teaching_area, teaching_schedule, teaching_mode, \
                   required_fee_cents, bio, avatar, status, submitted_at, teaching_modes, teaching_districts, gender) \
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, NULLIF($21, '')) \
                   RETURNING number";
        let row = bind_all(sql, &values).fetch_one(&self.pool).await.map_err(repository_error)?;
        let number: i64 = sqlx::Row::try_get(&row, 0).map_err(repository_error)?;
        self.find_application(number).await?.ok_or_else(|| corrupt("inserted application vanished"))
    }

    async fn find_application(&self, number: i64) -> Result<Option<TutorApplication>, RepositoryError> {
        Ok(self.applications_where(" WHERE a.number = $1", &[Value::Int(number)], "").await?.into_iter().next())
    }

    async fn latest_application(&self, user_id: Uuid) -> Result<Option<TutorApplication>, RepositoryError> {
        let found = self
            .applications_where(" WHERE a.user_id = $1", &[Value::Text(user_id.to_string())], " ORDER BY a.number DESC LIMIT 1")
            .await?;
        Ok(found.into_iter().next())
    }

    async fn list_applications(&self, status: Option<TutorApplicationStatus>) -> Result<Vec<TutorApplication>, RepositoryError> {
        match status {
            Some(status) => {
                self.applications_where(" WHERE a.status = $1", &[Value::Text(status.key().into())], " ORDER BY a.number").await
            }
            None => self.applications_where("", &[], " ORDER BY a.number").await,
        }
    }

    async fn approve_application(
        &self,
        number: i64,
        reviewer: &str,
        at: DateTime<Utc>,
        profile: &TutorProfile,
    ) -> Result<bool, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let now = millis(at);
        let decided = sqlx::query(
            "UPDATE tutor_applications SET status = 'approved', reviewer = $1, reviewed_at = $2 \
             WHERE number = $3 AND status = 'pending'",
        )
        .bind(reviewer.to_string())
        .bind(now)
        .bind(number)
        .execute(&mut *tx)
        .await
        .map_err(repository_error)?;
        if decided.rows_affected() != 1 {
            tx.rollback().await.map_err(repository_error)?;
            return Ok(false);
        }
        let user_id = profile.user_id.to_string();
        let values = [
            Value::Text(user_id.clone()),
            Value::Int(profile.user_number),
            Value::Text(profile.name.clone()),
            Value::Text(profile.avatar.clone().unwrap_or_default()),
            Value::Text(profile.education.clone()),
            Value::Text(subjects_json(&profile.subjects)?),
            Value::Text(profile.grade_level.clone()),
            Value::Text(profile.available_times.clone()),
            Value::Text(profile.place.area.into()),
            Value::Text(profile.place.district.into()),
            Value::Text(profile.place.region.into()),
            Value::Text(profile.teaching_mode().into()),
            Value::Int(profile.rate.cents()),
            Value::Text(profile.bio.clone()),
            Value::Int(i64::from(profile.active)),
            Value::Int(millis(profile.approved_at)),
            Value::Int(now),
            Value::Int(i64::from(profile.experience_years)),
            Value::Text(profile.exam_results.clone()),
            Value::Text(profile.course_features.clone()),
            Value::Text(strings_json(&profile.teaching_modes.iter().map(String::as_str).collect::<Vec<_>>())?),
            Value::Text(strings_json(&profile.teaching_districts.iter().map(String::as_str).collect::<Vec<_>>())?),
            Value::Text(profile.gender.map_or("", TutorGender::key).into()),
        ];
        // A tutor approved again (after being hidden and re-applying) keeps one profile, renewed.
        let upsert = "INSERT INTO tutor_profiles (user_id, user_number, name, avatar, education, subjects, grade_level, \
                      available_times, area, district, region, teaching_mode, rate_cents, bio, active, approved_at, updated_at, \
                      teaching_experience, exam_results, course_features, teaching_modes, teaching_districts, gender) \
                      VALUES ($1, $2, $3, NULLIF($4, ''), $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
                      $21, $22, NULLIF($23, '')) \
                      ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, avatar = excluded.avatar, \
                      education = excluded.education, subjects = excluded.subjects, grade_level = excluded.grade_level, \
                      available_times = excluded.available_times, area = excluded.area, district = excluded.district, \
                      region = excluded.region, teaching_mode = excluded.teaching_mode, rate_cents = excluded.rate_cents, \
                      bio = excluded.bio, active = excluded.active, approved_at = excluded.approved_at, \
                      updated_at = excluded.updated_at, teaching_experience = excluded.teaching_experience, \
                      exam_results = excluded.exam_results, course_features = excluded.course_features, \
                      teaching_modes = excluded.teaching_modes, teaching_districts = excluded.teaching_districts, \
                      gender = excluded.gender";
        bind_all(upsert, &values).execute(&mut *tx).await.map_err(repository_error)?;
        for table in ["tutor_subjects", "tutor_districts"] {
            sqlx::query(&format!("DELETE FROM {table} WHERE user_id = $1"))
                .bind(user_id.clone())
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        for district in &profile.teaching_districts {
            sqlx::query("INSERT INTO tutor_districts (user_id, district) VALUES ($1, $2)")
                .bind(user_id.clone())
                .bind(district.clone())
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        for subject in &profile.subjects {
            sqlx::query("INSERT INTO tutor_subjects (user_id, level, name) VALUES ($1, $2, $3)")
                .bind(user_id.clone())
                .bind(subject.level.to_string())
                .bind(subject.name.clone())
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
        }
        sqlx::query(
            "UPDATE users SET role = CASE WHEN role = 'admin' THEN role ELSE 'tutor' END, is_tutor = 1, \
             is_tutor_profile_active = $1, avatar = COALESCE(NULLIF($2, ''), avatar), updated_at = $3 WHERE id = $4",
        )
        .bind(i64::from(profile.active))
        .bind(profile.avatar.clone().unwrap_or_default())
        .bind(now)
        .bind(user_id)
        .execute(&mut *tx)
        .await
        .map_err(repository_error)?;
        tx.commit().await.map_err(repository_error)?;
        Ok(true)
    }

    async fn reject_application(&self, number: i64, reviewer: &str, reason: &str, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        let done = sqlx::query(
            "UPDATE tutor_applications SET status = 'rejected', rejection_reason = $1, reviewer = $2, reviewed_at = $3 \
             WHERE number = $4 AND status = 'pending'",
        )
        .bind(reason.to_string())
        .bind(reviewer.to_string())
        .bind(millis(at))
        .bind(number)
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(done.rows_affected() == 1)
    }

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
