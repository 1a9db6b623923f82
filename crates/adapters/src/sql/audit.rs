//! The back office's audit trail in SQL, for SQLite and PostgreSQL alike. Only INSERT and
//! SELECT: this module never updates or deletes a row, and the migration's triggers refuse
//! anyone who tries.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::{AnyPool, FromRow};
use tutorhub_domain::audit::model::{AuditEntry, Decision, NewAuditEntry};
use tutorhub_domain::audit::ports::AuditTrail;
use tutorhub_domain::shared::storage::RepositoryError;

use crate::sql::rows::{corrupt, from_millis, millis, repository_error};

const COLUMNS: &str = "number, at, actor, decision, subject, reason, details";

pub struct SqlAuditTrail {
    pool: AnyPool,
}

impl SqlAuditTrail {
    pub fn new(pool: AnyPool) -> Self {
        Self { pool }
    }
}

#[async_trait]
impl AuditTrail for SqlAuditTrail {
    async fn append(&self, entry: &NewAuditEntry, at: DateTime<Utc>) -> Result<AuditEntry, RepositoryError> {
        let number: i64 = sqlx::query_scalar(
            "INSERT INTO audit_trail (at, actor, decision, subject, reason, details) VALUES ($1, $2, $3, $4, $5, $6) RETURNING number",
        )
        .bind(millis(at))
        .bind(entry.actor.clone())
        .bind(entry.decision.key())
        .bind(entry.subject.clone())
        .bind(entry.reason.clone())
        .bind(entry.details.clone())
        .fetch_one(&self.pool)
        .await
        .map_err(repository_error)?;
        Ok(AuditEntry {
            number,
            // As stored: to the millisecond, so the entry answered equals the one read back.
            at: from_millis(millis(at))?,
            actor: entry.actor.clone(),
            decision: entry.decision,
            subject: entry.subject.clone(),
            reason: entry.reason.clone(),
            details: entry.details.clone(),
        })
    }

    async fn list(&self, since: Option<DateTime<Utc>>, limit: u32) -> Result<Vec<AuditEntry>, RepositoryError> {
        // Newest first by number, the order appended in: servers' clocks may disagree by a
        // little, the numbering never does.
        let rows: Vec<EntryRow> = match since {
            Some(since) => {
                let sql = format!("SELECT {COLUMNS} FROM audit_trail WHERE at >= $1 ORDER BY number DESC LIMIT $2");
                sqlx::query_as::<_, EntryRow>(&sql).bind(millis(since)).bind(i64::from(limit)).fetch_all(&self.pool).await
            }
            None => {
                let sql = format!("SELECT {COLUMNS} FROM audit_trail ORDER BY number DESC LIMIT $1");
                sqlx::query_as::<_, EntryRow>(&sql).bind(i64::from(limit)).fetch_all(&self.pool).await
            }
        }
        .map_err(repository_error)?;
        rows.into_iter().map(EntryRow::into_entry).collect()
    }
}

#[derive(FromRow)]
struct EntryRow {
    number: i64,
    at: i64,
    actor: String,
    decision: String,
    subject: String,
    reason: Option<String>,
    details: String,
}

impl EntryRow {
    fn into_entry(self) -> Result<AuditEntry, RepositoryError> {
        Ok(AuditEntry {
            number: self.number,
            at: from_millis(self.at)?,
            actor: self.actor,
            decision: Decision::parse(&self.decision).ok_or_else(|| corrupt(format!("unknown audit decision {:?}", self.decision)))?,
            subject: self.subject,
            reason: self.reason,
            details: self.details,
        })
    }
}
