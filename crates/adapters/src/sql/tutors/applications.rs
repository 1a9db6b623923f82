//! Applications to become a tutor, and the back office's decisions on them.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::FromRow;
use tutorhub_domain::shared::catalogue;
use tutorhub_domain::shared::identity::{DisplayName, Phone};
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::{
    ApplicationDetails, NewTutorApplication, TutorApplication, TutorApplicationStatus, TutorGender, TutorProfile,
};
use tutorhub_domain::tutors::ports::TutorApplicationRepository;
use uuid::Uuid;

use crate::sql::rows::{Value, bind_all, corrupt, from_millis, millis, repository_error};

use super::{
    APPLICATION_COLUMNS, SqlTutorRepository, gender, parse_uuid, place, strings_from_json, strings_json, subjects_from_json, subjects_json,
};

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

impl SqlTutorRepository {
    async fn applications_where(&self, condition: &str, values: &[Value], tail: &str) -> Result<Vec<TutorApplication>, RepositoryError> {
        let sql = format!("SELECT {APPLICATION_COLUMNS} FROM tutor_applications a{condition}{tail}");
        let rows = bind_all(&sql, values).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.iter().map(|row| ApplicationRow::from_row(row).map_err(repository_error)?.into_application()).collect()
    }
}

#[async_trait]
impl TutorApplicationRepository for SqlTutorRepository {
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
}
