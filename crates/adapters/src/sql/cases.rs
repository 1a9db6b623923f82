//! Cases in SQL, for SQLite and PostgreSQL alike.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::cases::fees::{FeeSample, Quartiles, rank};
use tutorhub_domain::cases::model::{Case, CaseDetails, CaseStatus, NewCase, PostType, PreferredGender};
use tutorhub_domain::cases::ports::CaseRepository;
use tutorhub_domain::cases::search::{CaseFilter, SubjectMatch};
use tutorhub_domain::matching::model::CaseApplicationStatus;
use tutorhub_domain::shared::catalogue;
use tutorhub_domain::shared::money::Rate;
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::sort_order::SortOrder;
use tutorhub_domain::shared::storage::RepositoryError;
use uuid::Uuid;

use crate::cache::coalesced_read::CoalescedRead;
use crate::sql::rows::{Conditions, Value, bind_all, corrupt, fetch_page, from_millis, like_pattern, millis, repository_error};

pub(crate) const COLUMNS: &str = "c.number, c.id, c.owner_id, c.post_type, c.title, c.level, c.grade, c.subjects, \
     c.area, c.rate_cents, c.session_minutes, c.sessions_per_week, c.description, \
     c.preferred_gender, c.start_date, c.status, c.applicant_count, c.created_at, c.updated_at";

pub struct SqlCaseRepository {
    pool: AnyPool,
    /// Every board request asks for the version: concurrent asks share one query.
    board_version: CoalescedRead<i64>,
}

impl SqlCaseRepository {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool, board_version: CoalescedRead::default() }
    }
}

/// A `cases` row (columns [`COLUMNS`], table alias `c`).
#[derive(FromRow)]
pub(crate) struct CaseRow {
    number: i64,
    id: String,
    owner_id: Option<String>,
    post_type: String,
    title: String,
    level: String,
    grade: String,
    subjects: String,
    area: String,
    rate_cents: i64,
    session_minutes: i64,
    sessions_per_week: i64,
    description: String,
    preferred_gender: String,
    start_date: String,
    status: String,
    applicant_count: i64,
    created_at: i64,
    updated_at: i64,
}

impl CaseRow {
    pub(crate) fn into_case(self) -> Result<Case, RepositoryError> {
        let bad = |field: &str, value: &str| corrupt(format!("case {}: bad {field} {value:?}", self.number));
        let details = CaseDetails {
            post_type: PostType::parse(&self.post_type).ok_or_else(|| bad("post_type", &self.post_type))?,
            title: self.title.clone(),
            level: catalogue::level(&self.level).ok_or_else(|| bad("level", &self.level))?,
            grade: self.grade.clone(),
            subjects: serde_json::from_str(&self.subjects).map_err(|_| bad("subjects", &self.subjects))?,
            place: catalogue::place(&self.area).ok_or_else(|| bad("area", &self.area))?,
            rate: Rate::from_cents(self.rate_cents),
            session_minutes: u32::try_from(self.session_minutes).map_err(|_| bad("session_minutes", ""))?,
            sessions_per_week: u32::try_from(self.sessions_per_week).map_err(|_| bad("sessions_per_week", ""))?,
            description: self.description.clone(),
            preferred_gender: PreferredGender::parse(&self.preferred_gender)
                .ok_or_else(|| bad("preferred_gender", &self.preferred_gender))?,
            start_date: NaiveDate::parse_from_str(&self.start_date, "%Y-%m-%d").map_err(|_| bad("start_date", &self.start_date))?,
        };
        Ok(Case {
            id: parse_uuid(&self.id)?,
            number: self.number,
            owner_id: self.owner_id.as_deref().map(parse_uuid).transpose()?,
            status: CaseStatus::parse(&self.status).ok_or_else(|| bad("status", &self.status))?,
            applicant_count: u32::try_from(self.applicant_count).map_err(|_| bad("applicant_count", ""))?,
            created_at: from_millis(self.created_at)?,
            updated_at: from_millis(self.updated_at)?,
            details,
        })
    }
}

pub(crate) fn parse_uuid(text: &str) -> Result<Uuid, RepositoryError> {
    Uuid::parse_str(text).map_err(|_| corrupt(format!("bad uuid {text:?}")))
}

fn conditions(filter: &CaseFilter) -> Conditions {
    let mut c = Conditions::default();
    if let Some(status) = filter.own.status {
        c.push("c.status", "=", Value::Text(status.key().into()));
    }
    if let Some(owner) = filter.own.owner_id {
        c.push("c.owner_id", "=", Value::Text(owner.to_string()));
    }
    if let Some(post_type) = filter.own.post_type {
        c.push("c.post_type", "=", Value::Text(post_type.key().into()));
    }
    if let Some(level) = filter.level {
        c.push("c.level", "=", Value::Text(level.into()));
    }
    c.push_in("c.grade", &filter.own.grades);
    if let Some(region) = filter.region {
        c.push("c.region", "=", Value::Text(region.into()));
    }
    c.push_in("c.district", &filter.districts);
    c.push_in("c.area", &filter.areas);
    if let Some(min) = filter.min_rate {
        c.push("c.rate_cents", ">=", Value::Int(min.cents()));
    }
    if let Some(max) = filter.max_rate {
        c.push("c.rate_cents", "<=", Value::Int(max.cents()));
    }
    for subject in &filter.required_subjects {
        let subject = c.bind(Value::Text(subject.clone()));
        c.push_raw(format!("EXISTS (SELECT 1 FROM case_subjects s WHERE s.case_number = c.number AND s.subject = {subject})"));
    }
    match &filter.subjects {
        None => {}
        Some(SubjectMatch::AnyOf(subjects)) => {
            let list = c.list(subjects);
            c.push_raw(format!("EXISTS (SELECT 1 FROM case_subjects s WHERE s.case_number = c.number AND s.subject IN ({list}))"));
        }
        Some(SubjectMatch::Containing(text)) => {
            let pattern = c.bind(Value::Text(like_pattern(text)));
            c.push_raw(format!(
                "EXISTS (SELECT 1 FROM case_subjects s WHERE s.case_number = c.number \
                 AND LOWER(s.subject) LIKE {pattern} ESCAPE '\\')"
            ));
        }
    }
    c
}

/// A case's fee per hour in cents, rounded as `fees::per_hour` rounds it.
const HOURLY_CENTS: &str = "(c.rate_cents * 60 + c.session_minutes / 2) / c.session_minutes";

/// The cases a fee is compared with: what parents posted and moderation let through.
fn fee_conditions(sample: &FeeSample) -> Conditions {
    let mut c = Conditions::default();
    let moderated = [CaseStatus::Approved, CaseStatus::Offered, CaseStatus::Matched, CaseStatus::Closed].map(|s| s.key().to_string());
    c.push_in("c.status", &moderated);
    c.push("c.post_type", "=", Value::Text(PostType::StudentSeekingTutor.key().into()));
    c.push("c.level", "=", Value::Text(sample.level.into()));
    if let Some(grade) = &sample.grade {
        c.push("c.grade", "=", Value::Text(grade.clone()));
    }
    if let Some(region) = sample.region {
        c.push("c.region", "=", Value::Text(region.into()));
    }
    if let Some(subject) = &sample.subject {
        let subject = c.bind(Value::Text(subject.clone()));
        c.push_raw(format!("EXISTS (SELECT 1 FROM case_subjects s WHERE s.case_number = c.number AND s.subject = {subject})"));
    }
    c
}

async fn insert_subjects(tx: &mut sqlx::Transaction<'_, sqlx::Any>, number: i64, subjects: &[String]) -> Result<(), RepositoryError> {
    for subject in subjects {
        sqlx::query("INSERT INTO case_subjects (subject, case_number) VALUES ($1, $2)")
            .bind(subject.clone())
            .bind(number)
            .execute(&mut **tx)
            .await
            .map_err(repository_error)?;
    }
    Ok(())
}

#[async_trait]
impl CaseRepository for SqlCaseRepository {
    async fn insert(&self, cases: Vec<NewCase>) -> Result<Vec<Case>, RepositoryError> {
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let mut stored = Vec::with_capacity(cases.len());
        for new in cases {
            let d = &new.details;
            let subjects = serde_json::to_string(&d.subjects).map_err(|e| corrupt(e.to_string()))?;
            let created = millis(new.created_at);
            let values = [
                Value::Text(new.id.to_string()),
                new.owner_id.map_or(Value::Text(String::new()), |id| Value::Text(id.to_string())),
                Value::Text(d.post_type.key().into()),
                Value::Text(d.title.clone()),
                Value::Text(d.level.key.into()),
                Value::Text(d.grade.clone()),
                Value::Text(subjects),
                Value::Text(d.place.area.into()),
                Value::Text(d.place.district.into()),
                Value::Text(d.place.region.into()),
                Value::Int(d.rate.cents()),
                Value::Int(d.session_minutes.into()),
                Value::Int(d.sessions_per_week.into()),
                Value::Text(d.description.clone()),
                Value::Text(d.preferred_gender.key().into()),
                Value::Text(d.start_date.format("%Y-%m-%d").to_string()),
                Value::Text(new.status.key().into()),
                Value::Int(created),
            ];
            let number: i64 = {
                let sql = "INSERT INTO cases (id, owner_id, post_type, title, level, grade, subjects, area, district, \
                           region, rate_cents, session_minutes, sessions_per_week, description, preferred_gender, \
                           start_date, status, created_at, updated_at, approved_at) \
                           VALUES ($1, NULLIF($2, ''), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18, \
                           CASE WHEN $17 = 'approved' THEN $18 END) \
                           RETURNING number";
                let row = bind_all(sql, &values).fetch_one(&mut *tx).await.map_err(repository_error)?;
                sqlx::Row::try_get(&row, 0).map_err(repository_error)?
            };
            insert_subjects(&mut tx, number, &d.subjects).await?;
            stored.push(Case {
                id: new.id,
                number,
                owner_id: new.owner_id,
                details: new.details,
                status: new.status,
                applicant_count: 0,
                created_at: from_millis(created)?,
                updated_at: from_millis(created)?,
            });
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(stored)
    }

    async fn search(&self, filter: &CaseFilter, page: PageRequest) -> Result<Page<Case>, RepositoryError> {
        let order = match filter.sort {
            SortOrder::FeeLowest => "c.rate_cents, c.created_at DESC, c.number DESC",
            SortOrder::FeeHighest => "c.rate_cents DESC, c.created_at DESC, c.number DESC",
            SortOrder::Best | SortOrder::Newest | SortOrder::Rating => "c.created_at DESC, c.number DESC",
        };
        let query = (COLUMNS, "cases c", order);
        fetch_page(&self.pool, query, conditions(filter), page, |row| CaseRow::from_row(row).map_err(repository_error)?.into_case()).await
    }

    async fn find_by_number(&self, number: i64) -> Result<Option<Case>, RepositoryError> {
        let sql = format!("SELECT {COLUMNS} FROM cases c WHERE c.number = $1");
        let row = sqlx::query(&sql).bind(number).fetch_optional(&self.pool).await.map_err(repository_error)?;
        row.map(|row| CaseRow::from_row(&row).map_err(repository_error)?.into_case()).transpose()
    }

    async fn matched_tutor(&self, number: i64) -> Result<Option<Uuid>, RepositoryError> {
        let tutor: Option<String> = sqlx::query_scalar("SELECT tutor_id FROM case_applications WHERE case_number = $1 AND status = $2")
            .bind(number)
            .bind(CaseApplicationStatus::Selected.key())
            .fetch_optional(&self.pool)
            .await
            .map_err(repository_error)?;
        tutor.as_deref().map(parse_uuid).transpose()
    }

    async fn find_by_numbers(&self, numbers: &[i64]) -> Result<Vec<Case>, RepositoryError> {
        let mut found = Vec::with_capacity(numbers.len());
        // Bounded IN lists: well under every engine's limit on bound parameters.
        for chunk in numbers.chunks(500) {
            let placeholders = (1..=chunk.len()).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ");
            let sql = format!("SELECT {COLUMNS} FROM cases c WHERE c.number IN ({placeholders})");
            let mut query = sqlx::query(&sql);
            for number in chunk {
                query = query.bind(*number);
            }
            for row in query.fetch_all(&self.pool).await.map_err(repository_error)? {
                found.push(CaseRow::from_row(&row).map_err(repository_error)?.into_case()?);
            }
        }
        Ok(found)
    }

    async fn hourly_fee_quartiles(&self, sample: &FeeSample) -> Result<Option<Quartiles>, RepositoryError> {
        // One statement, so the count and the ranks come from one snapshot (a case leaving the
        // sample between two reads could otherwise leave a rank without its row). The ranks are
        // `fees::rank` plus one (ROW_NUMBER counts from 1): ceil(n * pct / 100).
        let c = fee_conditions(sample);
        let sql = format!(
            "SELECT r, hourly, n FROM (SELECT {HOURLY_CENTS} AS hourly, ROW_NUMBER() OVER (ORDER BY {HOURLY_CENTS}) AS r, \
             COUNT(*) OVER () AS n FROM cases c{}) ranked \
             WHERE r IN ((n * 25 + 99) / 100, (n * 50 + 99) / 100, (n * 75 + 99) / 100)",
            c.where_sql()
        );
        let rows = bind_all(&sql, c.values()).fetch_all(&self.pool).await.map_err(repository_error)?;
        let ranked: Vec<(i64, i64, i64)> = rows
            .iter()
            .map(|row| Ok((sqlx::Row::try_get(row, 0)?, sqlx::Row::try_get(row, 1)?, sqlx::Row::try_get(row, 2)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(repository_error)?;
        let Some(&(_, _, n)) = ranked.first() else { return Ok(None) };
        let count = u64::try_from(n).map_err(|_| corrupt("negative count"))?;
        let at = |pct: u64| {
            let wanted = i64::try_from(rank(count, pct) + 1).unwrap_or(i64::MAX);
            ranked.iter().find(|(r, _, _)| *r == wanted).map(|(_, hourly, _)| Rate::from_cents(*hourly)).ok_or_else(|| corrupt("fee rank"))
        };
        Ok(Some(Quartiles { count, lower: at(25)?, median: at(50)?, upper: at(75)? }))
    }

    async fn board_version(&self) -> Result<i64, RepositoryError> {
        self.board_version
            .get(|| async {
                sqlx::query_scalar("SELECT version FROM board_version WHERE id = 1").fetch_one(&self.pool).await.map_err(repository_error)
            })
            .await
    }

    async fn update_details(
        &self,
        number: i64,
        details: CaseDetails,
        from: CaseStatus,
        to: CaseStatus,
        at: DateTime<Utc>,
    ) -> Result<bool, RepositoryError> {
        let d = &details;
        let subjects = serde_json::to_string(&d.subjects).map_err(|e| corrupt(e.to_string()))?;
        let values = [
            Value::Text(d.post_type.key().into()),
            Value::Text(d.title.clone()),
            Value::Text(d.level.key.into()),
            Value::Text(d.grade.clone()),
            Value::Text(subjects),
            Value::Text(d.place.area.into()),
            Value::Text(d.place.district.into()),
            Value::Text(d.place.region.into()),
            Value::Int(d.rate.cents()),
            Value::Int(d.session_minutes.into()),
            Value::Int(d.sessions_per_week.into()),
            Value::Text(d.description.clone()),
            Value::Text(d.preferred_gender.key().into()),
            Value::Text(d.start_date.format("%Y-%m-%d").to_string()),
            Value::Text(to.key().into()),
            Value::Int(millis(at)),
            Value::Int(number),
            Value::Text(from.key().into()),
        ];
        let sql = "UPDATE cases SET post_type = $1, title = $2, level = $3, grade = $4, subjects = $5, area = $6, \
                   district = $7, region = $8, rate_cents = $9, session_minutes = $10, sessions_per_week = $11, \
                   description = $12, preferred_gender = $13, start_date = $14, status = $15, updated_at = $16, \
                   approved_at = CASE WHEN $15 = 'approved' AND approved_at IS NULL THEN $16 ELSE approved_at END \
                   WHERE number = $17 AND status = $18";
        let mut tx = self.pool.begin().await.map_err(repository_error)?;
        let changed = bind_all(sql, &values).execute(&mut *tx).await.map_err(repository_error)?.rows_affected() == 1;
        if changed {
            sqlx::query("DELETE FROM case_subjects WHERE case_number = $1")
                .bind(number)
                .execute(&mut *tx)
                .await
                .map_err(repository_error)?;
            insert_subjects(&mut tx, number, &d.subjects).await?;
        }
        tx.commit().await.map_err(repository_error)?;
        Ok(changed)
    }

    async fn transition(&self, number: i64, from: CaseStatus, to: CaseStatus, at: DateTime<Utc>) -> Result<bool, RepositoryError> {
        // The first approval's time stays: a case back on the board after a lapsed offer keeps it.
        let result = sqlx::query(
            "UPDATE cases SET status = $1, updated_at = $2, \
             approved_at = CASE WHEN $1 = 'approved' AND approved_at IS NULL THEN $2 ELSE approved_at END \
             WHERE number = $3 AND status = $4",
        )
        .bind(to.key())
        .bind(millis(at))
        .bind(number)
        .bind(from.key())
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(result.rows_affected() == 1)
    }
}
