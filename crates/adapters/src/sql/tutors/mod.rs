//! Tutor applications and profiles in SQL, for SQLite and PostgreSQL alike.
//!
//! One adapter implements both ports (`applications`, `profiles`) over the same tables:
//! approving an application writes its profile in the same transaction.

mod applications;
mod profiles;

pub(crate) use profiles::{ProfileRow, profiles_by_keys};

use sqlx::AnyPool;
use tutorhub_domain::shared::catalogue;
use tutorhub_domain::shared::storage::RepositoryError;
use tutorhub_domain::tutors::model::{TutorGender, TutorSubject};
use uuid::Uuid;

use crate::sql::rows::corrupt;

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

/// A stored gender key, or None when the tutor did not give one.
fn gender(key: Option<&str>) -> Result<Option<TutorGender>, RepositoryError> {
    key.map(|k| TutorGender::parse(k).ok_or_else(|| corrupt(format!("bad gender {k:?}")))).transpose()
}
