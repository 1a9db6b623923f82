//! The job ledger in SQL, for SQLite and PostgreSQL alike: a lease is taken by one
//! conditional UPDATE, which the database applies to the row atomically, so of servers asking
//! at once exactly one changes it (on PostgreSQL the others wait for its row lock, then see the
//! lease taken and change nothing).

use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::jobs::model::{Job, JobRun, JobState, Lease, Outcome};
use tutorhub_domain::jobs::ports::JobLedger;
use tutorhub_domain::shared::storage::RepositoryError;

use crate::sql::rows::{from_millis, millis, repository_error};

/// What a run says about itself is kept to this many characters.
const DETAIL_CHARS: usize = 500;

pub struct SqlJobLedger {
    pool: AnyPool,
}

impl SqlJobLedger {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }

    async fn take_lease(&self, job: Job, every: Duration, lease: Duration, owner: &str, now: i64) -> Result<bool, RepositoryError> {
        let every = duration_ms(every);
        let taken = sqlx::query(
            "UPDATE jobs SET lease_owner = $2, leased_until = $3 + $5, last_started_at = $3, runs = runs + 1, every_ms = $4 \
             WHERE name = $1 AND (leased_until IS NULL OR leased_until <= $3 OR lease_owner = $2) \
               AND (last_started_at IS NULL OR last_started_at + $4 <= $3)",
        )
        .bind(job.key())
        .bind(owner)
        .bind(now)
        .bind(every)
        .bind(duration_ms(lease))
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(taken.rows_affected() == 1)
    }
}

fn duration_ms(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX / 4)
}

#[async_trait]
impl JobLedger for SqlJobLedger {
    async fn register(&self, job: Job, every: Duration) -> Result<(), RepositoryError> {
        sqlx::query("INSERT INTO jobs (name, every_ms, runs) VALUES ($1, $2, 0) ON CONFLICT (name) DO NOTHING")
            .bind(job.key())
            .bind(duration_ms(every))
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(())
    }

    async fn claim(
        &self,
        job: Job,
        every: Duration,
        lease: Duration,
        owner: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Lease>, RepositoryError> {
        let taken = self.take_lease(job, every, lease, owner, millis(now)).await?;
        Ok(taken.then(|| Lease { job, owner: owner.to_string(), started_at: now }))
    }

    async fn finish(&self, lease: &Lease, outcome: &Outcome, now: DateTime<Utc>) -> Result<(), RepositoryError> {
        let detail: String = outcome.detail().chars().take(DETAIL_CHARS).collect();
        let started = millis(lease.started_at);
        sqlx::query(
            "UPDATE jobs SET lease_owner = NULL, leased_until = NULL, last_finished_at = $4, last_outcome = $5, last_detail = $6 \
             WHERE name = $1 AND lease_owner = $2 AND last_started_at = $3",
        )
        .bind(lease.job.key())
        .bind(&lease.owner)
        .bind(started)
        .bind(millis(now))
        .bind(outcome.key())
        .bind(&detail)
        .execute(&self.pool)
        .await
        .map_err(repository_error)?;
        sqlx::query("INSERT INTO job_runs (job, owner, started_at, finished_at, outcome, detail) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(lease.job.key())
            .bind(&lease.owner)
            .bind(started)
            .bind(millis(now))
            .bind(outcome.key())
            .bind(&detail)
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(())
    }

    async fn list(&self) -> Result<Vec<JobState>, RepositoryError> {
        let rows: Vec<StateRow> = sqlx::query_as(
            "SELECT name, every_ms, lease_owner, leased_until, last_started_at, last_finished_at, last_outcome, last_detail, runs \
             FROM jobs ORDER BY name",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(repository_error)?;
        let now = millis(Utc::now());
        rows.into_iter().map(|row| row.into_state(now)).collect()
    }

    async fn runs(&self, job: Option<Job>, limit: u32) -> Result<Vec<JobRun>, RepositoryError> {
        const OF_ONE: &str = "SELECT job, owner, started_at, finished_at, outcome, detail FROM job_runs \
                              WHERE job = $1 ORDER BY started_at DESC, id DESC LIMIT $2";
        const OF_ALL: &str =
            "SELECT job, owner, started_at, finished_at, outcome, detail FROM job_runs ORDER BY started_at DESC, id DESC LIMIT $1";
        let query = match job {
            Some(job) => sqlx::query_as(OF_ONE).bind(job.key()),
            None => sqlx::query_as(OF_ALL),
        };
        let rows: Vec<RunRow> = query.bind(i64::from(limit)).fetch_all(&self.pool).await.map_err(repository_error)?;
        rows.into_iter().map(RunRow::into_run).collect()
    }

    async fn forget_runs(&self, before: DateTime<Utc>) -> Result<u64, RepositoryError> {
        let done = sqlx::query("DELETE FROM job_runs WHERE started_at < $1")
            .bind(millis(before))
            .execute(&self.pool)
            .await
            .map_err(repository_error)?;
        Ok(done.rows_affected())
    }
}

#[derive(FromRow)]
struct StateRow {
    name: String,
    every_ms: i64,
    lease_owner: Option<String>,
    leased_until: Option<i64>,
    last_started_at: Option<i64>,
    last_finished_at: Option<i64>,
    last_outcome: Option<String>,
    last_detail: Option<String>,
    runs: i64,
}

impl StateRow {
    fn into_state(self, now: i64) -> Result<JobState, RepositoryError> {
        Ok(JobState {
            name: self.name,
            every_seconds: u64::try_from(self.every_ms / 1000).unwrap_or(0),
            running_on: self.lease_owner.filter(|_| self.leased_until.is_some_and(|until| until > now)),
            last_started_at: self.last_started_at.map(from_millis).transpose()?,
            last_finished_at: self.last_finished_at.map(from_millis).transpose()?,
            last_outcome: self.last_outcome.map(|outcome| (outcome, self.last_detail.unwrap_or_default())),
            runs: u64::try_from(self.runs).unwrap_or(0),
        })
    }
}

#[derive(FromRow)]
struct RunRow {
    job: String,
    owner: String,
    started_at: i64,
    finished_at: i64,
    outcome: String,
    detail: String,
}

impl RunRow {
    fn into_run(self) -> Result<JobRun, RepositoryError> {
        Ok(JobRun {
            job: self.job,
            owner: self.owner,
            started_at: from_millis(self.started_at)?,
            finished_at: from_millis(self.finished_at)?,
            outcome: self.outcome,
            detail: self.detail,
        })
    }
}
